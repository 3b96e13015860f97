"""The dashboard as a JupyterHub service (``/services/uno/``), behind the hub's sign-in.

:mod:`.service` is the process the hub starts: it checks each browser's hub OAuth cookie
and passes requests on to a Voilà server on this machine's loopback, adding the signed-in
user as a signed identity (:mod:`.identity`) that the page kernel checks (:mod:`.page`).
A learner's seat belongs to their hub user (:mod:`.book`); teachers are hub admins or
members of a group. :mod:`.config` writes the hub's configuration for it.
"""

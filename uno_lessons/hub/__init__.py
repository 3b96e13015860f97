"""The dashboard as a JupyterHub service (``/services/uno/``), behind the hub's sign-in.

:mod:`.service` is the process the hub starts: it checks each browser's hub OAuth cookie
and passes requests on to a private Voilà server, adding the signed-in user as a signed,
good-once identity (:mod:`uno_lessons.voila.identity`) that the page kernel checks
(:mod:`uno_lessons.dashboard.hub_page`). A learner's seat belongs to their hub user
(:mod:`uno_lessons.dashboard.seat_book`); teachers are hub admins or members of a group.
:mod:`.config` writes the hub's configuration for it.
"""

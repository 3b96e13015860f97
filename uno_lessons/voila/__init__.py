"""Serving the pages with Voilà: the page template and front end, the template's words, and the
kernel fork server.

A Voilà server imports this package early: ``voila.json`` names its kernel provisioner
(``forkserver``) and its template filter (``words``). In a process that renders pages with
nbconvert, importing it makes every later page's templates come from one compiled copy
(``jinja_cache``) instead of being compiled again for each page. A kernel imports no nbconvert,
so nothing changes there.
"""

import sys

if "nbconvert.exporters.templateexporter" in sys.modules:  # a server that renders pages
    from .jinja_cache import install

    install()

"""Serving the pages with Voilà: the page template and front end, and the kernel fork server."""

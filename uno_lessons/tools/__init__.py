"""The maintainers' tools: not needed to teach, play or serve, so not imported at run time.

- :mod:`uno_lessons.tools.exercises` builds ``exercises/`` from ``solutions/`` (nbgrader's
  one-source convention) and checks they are in sync;
- :mod:`uno_lessons.tools.translate` keeps the gettext catalogs, the translated notebooks
  and the glossary (``python -m uno_lessons.tools.translate --help``).
"""

"""The maintainers' tools: not needed to teach, play or serve, so not imported at run time.

- :mod:`uno_lessons.tools.exercises` builds ``exercises/`` from ``solutions/`` (nbgrader's
  one-source convention) and checks they are in sync;
- :mod:`uno_lessons.tools.translate` keeps the gettext catalogs, the translated notebooks
  and the glossary (``python -m uno_lessons.tools.translate --help``);
- :mod:`uno_lessons.tools.compile_engine` compiles the engine's game with mypyc, from its own
  source, where a C compiler is (``uno_lessons.engine.compiled`` runs the build while it is
  current).
"""

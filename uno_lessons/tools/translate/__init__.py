"""Translation tooling: the package's message catalogs, their checks, the glossaries, and the
notebooks built in each language from the English ones.

Usage (from the repository root)::

    python -m uno_lessons.tools.translate catalogs          # extract + update + compile the catalogs
    python -m uno_lessons.tools.translate check             # every catalog complete, safe, compiled
    python -m uno_lessons.tools.translate extract           # update the notebooks' own catalogs
    python -m uno_lessons.tools.translate notebooks         # build notebooks/<lang>/, solutions/<lang>/, exercises/<lang>/
    python -m uno_lessons.tools.translate notebooks --check # exit 1 if stale or a cell is untranslated
    python -m uno_lessons.tools.translate glossary          # the glossary tables (Markdown, for the README)
    python -m uno_lessons.tools.translate init xx           # start a new language
"""

"""The command line of ``python -m uno_lessons.tools.translate`` (see the package docstring)."""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

from ...i18n import LANGUAGES, LOCALE_DIR
from . import catalogs, glossary, notebooks, quality

SEEDS_VAR = "UNO_LESSONS_SEEDS"


def repo_root() -> Path:
    """The repository: the working directory if it has babel.cfg, else the package's parent."""
    here = Path.cwd()
    if (here / "babel.cfg").exists():
        return here
    return Path(__file__).resolve().parents[3]


#: The box texts the glossaries quote, in the repository (see its README.md).
BOX_TEXTS = Path("docs") / "rules" / "box-texts"


def seeds_dir(root: Path) -> Path | None:
    """The box texts: $UNO_LESSONS_SEEDS if set, else the repository's ``docs/rules/box-texts``
    (None where neither is, e.g. an installed wheel without the repository)."""
    if os.environ.get(SEEDS_VAR):
        return Path(os.environ[SEEDS_VAR])
    folder = root / BOX_TEXTS
    return folder if folder.is_dir() else None


def _langs(args: argparse.Namespace) -> list[str]:
    langs = args.lang or catalogs.targets()
    unknown = [lang for lang in langs if lang not in catalogs.targets()]
    if unknown:
        raise SystemExit(f"error: no catalog language {unknown}; add it to LANGUAGES in uno_lessons/i18n.py "
                         "and run `init` first")
    return langs


def cmd_catalogs(args: argparse.Namespace) -> int:
    root = repo_root()
    result = catalogs.run(root, langs=_langs(args))
    for path in result.written:
        print(f"wrote {notebooks._rel(path)}")
    template = catalogs.load_po(catalogs.TEMPLATE)
    print(f"{result.messages} messages in {notebooks._rel(catalogs.TEMPLATE)}")
    for lang in _langs(args):
        print("  " + str(quality.check_language(lang, template, use_msgfmt=False)).split(";")[0])
    return 0


def skipped_fstrings(root: Path) -> list[str]:
    """A problem for each ``_()`` given an f-string in the package (``fstrings.untranslatable``):
    words Babel cannot extract, so no catalog can translate them."""
    from babel.messages.extract import DEFAULT_KEYWORDS

    from .fstrings import untranslatable

    found = []
    for path in sorted((root / "uno_lessons").rglob("*.py")):
        for line in untranslatable(path.read_text(encoding="utf-8"), DEFAULT_KEYWORDS):
            found.append(f"{path.relative_to(root).as_posix()}:{line}: an f-string inside _() cannot be "
                         "translated: write the message with named placeholders, _(\"{name} plays\", name=name)")
    return found


def notebook_catalogs(root: Path, lang: str) -> list[Path]:
    """The catalogs of the lessons and solutions in ``lang`` (``notebooks/locale/<lang>/*.po``, …)."""
    return [po for src in notebooks.sources(root) for po in sorted((src.folder / "locale" / lang).glob("*.po"))]


def run_checks(root: Path, langs: list[str], use_msgfmt: bool = True) -> tuple[list[str], list[str]]:
    """Every check of the catalogs and glossaries: (report lines, problems). The notebooks'
    catalogs are checked for the words the glossaries avoid, and by GNU ``msgfmt -c``."""
    lines, problems = [], []
    template = catalogs.extract(root)
    count = sum(1 for m in template if m.id)
    lines.append(f"{count} messages in the sources")
    on_disk = catalogs.load_po(catalogs.TEMPLATE) if catalogs.TEMPLATE.exists() else None
    if on_disk is None or {catalogs.key(m) for m in on_disk if m.id} != {catalogs.key(m) for m in template if m.id}:
        problems.append(f"{catalogs.TEMPLATE.name} is out of date with the sources: run `catalogs`")
    problems.extend(skipped_fstrings(root))
    seeds = seeds_dir(root)
    msgfmt = shutil.which("msgfmt") if use_msgfmt else None  # none: the package check says so
    for lang in langs:
        stats = quality.check_language(lang, template, use_msgfmt=use_msgfmt)
        lines.append(str(stats))
        problems.extend(str(p) for p in stats.problems)
        gloss = glossary.load(lang)
        package = catalogs.load_po(catalogs.po_path(lang), lang)
        problems.extend(glossary.inconsistencies(package, gloss))
        problems.extend(glossary.second_words(package, gloss))
        for po in notebook_catalogs(root, lang):
            problems.extend(f"{notebooks._rel(po)}: {p}" for p in glossary.second_words(catalogs.load_po(po, lang), gloss))
            refusal = quality.msgfmt_refusal(po, msgfmt) if msgfmt else None
            if refusal is not None:
                problems.append(f"{notebooks._rel(po)}: {refusal}")
        if seeds is not None:
            problems.extend(glossary.seed_problems(gloss, seeds))
    if seeds is None:
        lines.append(f"glossary quotes not checked against the seeds: no {BOX_TEXTS.as_posix()} found "
                     f"(set {SEEDS_VAR})")
    return lines, problems


def cmd_check(args: argparse.Namespace) -> int:
    lines, problems = run_checks(repo_root(), _langs(args), use_msgfmt=not args.without_msgfmt)
    print("\n".join(lines))
    if args.without_msgfmt:
        print("msgfmt -c was not run (--without-msgfmt)")
    if problems:
        print(f"{len(problems)} problems:", file=sys.stderr)
        for p in problems:
            print(f"  {p}", file=sys.stderr)
        return 1
    print("Every catalog is complete, placeholder-safe, compiled and follows its glossary.")
    return 0


def cmd_extract(args: argparse.Namespace) -> int:
    root = repo_root()
    written = notebooks.extract(root, [Path(p) for p in args.notebooks] or None, _langs(args))
    for path in written:
        print(f"wrote {notebooks._rel(path)}")
    print(f"{len(written)} notebook catalogs written.")
    return 0


def _print_report(report: notebooks.Report) -> None:
    for lang, paths in report.built.items():
        print(f"{lang}: {len(paths)} notebooks built, "
              f"{sum(len(report.untranslated.get(p, [])) for p in paths)} cells untranslated")
    for path, cells in report.untranslated.items():
        print(f"  {notebooks._rel(path)}: {len(cells)} cells left in English: {', '.join(cells)}")
    waiting: dict[tuple[str, ...], list[str]] = {}
    for lang, paths in report.not_started.items():
        if paths:
            waiting.setdefault(tuple(notebooks._rel(p) for p in paths), []).append(lang)
    for names, langs in waiting.items():
        print(f"not started in {', '.join(langs)} (no catalog yet, {len(names)} notebooks): {', '.join(names)}")


def cmd_notebooks(args: argparse.Namespace) -> int:
    root = repo_root()
    langs = _langs(args)
    if args.check:
        report = notebooks.check(root, langs)
        _print_report(report)
        for item in report.stale:
            print(f"stale: {item}", file=sys.stderr)
        if not report.ok:
            print(f"{len(report.stale)} stale, {report.untranslated_cells} untranslated cells "
                  "(the target is zero)", file=sys.stderr)
            return 1
        print("Every translated notebook is up to date and fully translated.")
        return 0
    report = notebooks.build(root, langs)
    for path in report.written:
        print(f"{'removed' if not path.exists() else 'wrote'} {notebooks._rel(path)}")
    _print_report(report)
    return 0


def cmd_glossary(args: argparse.Namespace) -> int:
    print(glossary.markdown(_langs(args)), end="")
    return 0


def init_language(root: Path, lang: str, locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """Start a new language (already in LANGUAGES): its catalog, with every message empty,
    its compiled catalog, and a glossary with every term to fill. Returns the files written."""
    if lang not in LANGUAGES:
        raise ValueError(f"first add {lang!r} to LANGUAGES in uno_lessons/i18n.py (its name in its own language)")
    written = catalogs.run(root, locale_dir, langs=[lang]).written
    path = glossary.path(lang, locale_dir)
    if not path.exists():
        body = [f"# Glossary for {LANGUAGES[lang]}: see ../nl/glossary.toml for the fields.",
                f'language = "{lang}"', "", "[seeds]", ""]
        for term in glossary.english_terms():
            body += [f"[terms.{term['key']}]  # {term['en']}", 'word = ""', 'why = ""', ""]
        path.write_text("\n".join(body), encoding="utf-8")
        written.append(path)
    return written


def cmd_init(args: argparse.Namespace) -> int:
    try:
        written = init_language(repo_root(), args.language)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for p in written:
        print(f"wrote {notebooks._rel(p)}")
    print(f"Now translate {notebooks._rel(catalogs.po_path(args.language))}, fill "
          f"{notebooks._rel(glossary.path(args.language))}, then run `catalogs` and `check`.")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run one subcommand; the exit code is 0 when all is well."""
    parser = argparse.ArgumentParser(prog="python -m uno_lessons.tools.translate",
                                     description="Message catalogs, glossaries and translated notebooks.")
    parser.add_argument("--lang", action="append", help="only this language (repeatable)")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("catalogs", help="extract the template, update and compile every catalog")
    c = sub.add_parser("check", help="every catalog complete, placeholder-safe, compiled, glossary-true")
    c.add_argument("--without-msgfmt", action="store_true", help="skip GNU gettext's msgfmt -c")
    e = sub.add_parser("extract", help="create or update the notebooks' catalogs")
    e.add_argument("notebooks", nargs="*", help="English notebooks to start (default: those with catalogs)")
    n = sub.add_parser("notebooks", help="build notebooks/xx/, solutions/xx/ and exercises/xx/")
    n.add_argument("--check", action="store_true", help="write nothing; exit 1 if stale or untranslated")
    sub.add_parser("glossary", help="print the glossary tables (Markdown)")
    i = sub.add_parser("init", help="start the catalog and glossary of a new language")
    i.add_argument("language")
    args = parser.parse_args(argv)
    commands = {"catalogs": cmd_catalogs, "check": cmd_check, "extract": cmd_extract,
                "notebooks": cmd_notebooks, "glossary": cmd_glossary, "init": cmd_init}
    return commands[args.command](args)


__all__ = ["main", "run_checks", "repo_root", "seeds_dir", "init_language"]

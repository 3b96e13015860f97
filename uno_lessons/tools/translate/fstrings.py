"""Babel's Python extractor, plus the messages marked inside f-strings.

Before Python 3.12 the tokenizer hands Babel a whole f-string as one string token, so a
message marked inside one (``f"<h2>{escape(_('What happened'))}</h2>"``) was never extracted
and stayed English in every language. This extractor also reads the f-strings' expressions
from the syntax tree; from 3.12 on Babel sees them itself and nothing is added. ``babel.cfg``
names it, so ``pybabel extract -F babel.cfg`` and ``translate catalogs`` agree.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator, Mapping
from typing import IO, Any

from babel.messages.extract import extract_python

#: Python versions whose tokenizer shows Babel what is inside an f-string.
SEES_FSTRINGS = sys.version_info >= (3, 12)


def marked_in_fstrings(source: str, keywords) -> Iterator[tuple[int, str, Any, list[str]]]:
    """``(line, function, messages, comments)`` of every marking call inside an f-string:
    the string arguments in order, ``None`` for any other argument (as Babel gives them)."""
    seen: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.JoinedStr):
            continue
        for call in ast.walk(node):
            if (not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name)
                    or call.func.id not in keywords or id(call) in seen):
                continue
            seen.add(id(call))
            args = tuple(a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                         for a in call.args)
            if args and args[0] is not None:
                yield call.lineno, call.func.id, args[0] if len(args) == 1 else args, []


def untranslatable(source: str, keywords) -> Iterator[int]:
    """The line of every marking call given an f-string with substitutions (``_(f"{name}
    plays")``): Babel skips such a call with a warning, so its words stay English in every
    language. ``translate check`` reports each one as a problem, so CI fails on it."""
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in keywords
                and any(isinstance(arg, ast.JoinedStr)
                        and any(isinstance(part, ast.FormattedValue) for part in arg.values)
                        for arg in node.args)):
            yield node.lineno


def extract(fileobj: IO[bytes], keywords, comment_tags,
            options: Mapping[str, Any]) -> Iterator[tuple[Any, ...]]:
    """Babel's ``extract_python``, with the messages inside f-strings added in line order."""
    encoding = options.get("encoding", "utf-8")
    # (line, function, messages, comments), as extract_python yields them and Babel's extract
    # reads them back (its type hints name another order); the encoding is its one option.
    found: list[tuple[Any, ...]] = list(extract_python(fileobj, keywords, comment_tags,
                                                       {"encoding": encoding}))
    if not SEES_FSTRINGS:
        fileobj.seek(0)
        source = fileobj.read().decode(encoding)
        found += marked_in_fstrings(source, keywords)
        found.sort(key=lambda message: message[0] or 0)  # stable; Babel gives a skipped f-string no line
    return iter(found)

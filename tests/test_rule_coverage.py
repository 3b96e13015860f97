"""Every rule id of RULES.md is in the rulebook and named by at least one test."""

import re
from pathlib import Path

from uno_lessons.engine.rulebook import RULES, cite, rule

ROOT = Path(__file__).resolve().parents[1]
RULES_MD = ROOT.parent / "shared" / "RULES.md"


def ids_in_rules_md(text: str) -> set[str]:
    """Section ids like (E-SETUP) with their numbered items, plus ids written out."""
    found = set(re.findall(r"\b[EC]-[A-Z0-9]+-\d+\b", text))
    section = None
    for line in text.splitlines():
        header = re.match(r"^## .*\(([EC]-[A-Z0-9]+)\)", line)
        if header:
            section = header.group(1)
            found.add(section)
            continue
        if line.startswith("## "):
            section = None
        item = re.match(r"^(\d+)\. ", line)
        if section and item:
            found.add(f"{section}-{item.group(1)}")
    # A section with numbered items is covered by its items; E-DECK has none.
    return {i for i in found if re.search(r"-\d+$", i) or not any(j.startswith(i + "-") for j in found)}


def test_rulebook_matches_rules_md():
    assert RULES_MD.exists(), f"the spec is expected beside the repo at {RULES_MD}"
    assert ids_in_rules_md(RULES_MD.read_text(encoding="utf-8")) == set(RULES)


def test_every_rule_id_is_named_by_a_test():
    me = Path(__file__).name
    texts = " ".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("test_*.py") if p.name != me)
    missing = [rule_id for rule_id in RULES if not re.search(re.escape(rule_id) + r"(?![-\d])", texts)]
    assert missing == []


def test_cite_marks_official_rules():
    assert "official" in str(rule("E-UNO-3"))
    assert cite("E-MATCH-2").startswith("E-MATCH-2: Wild cards match")

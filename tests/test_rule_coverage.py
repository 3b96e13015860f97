"""Every rule id of docs/rules.md is in the rulebook and named by at least one test; the
document's table of sources, its readings and its house rules agree with the package."""

import dataclasses
import re
from pathlib import Path

from uno_lessons import Rules
from uno_lessons.engine.rulebook import HOUSE_RULES, RULES, cite, rule

ROOT = Path(__file__).resolve().parents[1]
RULES_MD = ROOT / "docs" / "rules.md"


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
    assert RULES_MD.exists(), f"the spec is expected in the repo at {RULES_MD}"
    assert ids_in_rules_md(RULES_MD.read_text(encoding="utf-8")) == set(RULES)


def test_every_rule_id_is_named_by_a_test():
    me = Path(__file__).name
    texts = " ".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("test_*.py") if p.name != me)
    missing = [rule_id for rule_id in RULES if not re.search(re.escape(rule_id) + r"(?![-\d])", texts)]
    assert missing == []


def test_cite_marks_official_rules():
    assert "official" in str(rule("E-UNO-3"))
    assert cite("E-MATCH-2").startswith("E-MATCH-2: Wild cards match")


def section(text: str, title: str, level: str = "##") -> str:
    """The body of the Markdown section ``title`` (up to the next heading of its level or above)."""
    start = text.index(f"\n{level} {title}\n") + len(f"\n{level} {title}\n")
    stop = re.search(rf"^#{{1,{len(level)}}} ", text[start:], re.M)
    return text[start:start + stop.start()] if stop else text[start:]


def test_the_rules_document_marks_each_rules_source_as_the_rulebook_does():
    """Box text or official fill-in, rule by rule: the table in docs/rules.md is the rulebook's."""
    words = {"box text": "box", "**official** fill-in": "official",
             "box text, completed by an **official** fill-in": "mixed"}
    table = section(RULES_MD.read_text(encoding="utf-8"), "Box text or official fill-in")
    rows = re.findall(r"^\| ([EC]-[A-Z0-9-]+) \| (.+?) \|$", table, re.M)
    assert [rule_id for rule_id, _ in rows] == list(RULES)
    assert {rule_id: words[source] for rule_id, source in rows} == {r.id: r.source for r in RULES.values()}


def bullets(text: str) -> list[str]:
    """A Markdown list's items, each on one line with its spaces squashed."""
    return [" ".join(item.split()) for item in re.split(r"^- ", text.strip(), flags=re.M) if item.strip()]


def test_the_engine_pages_rule_readings_are_the_rules_documents():
    page = section((ROOT / "docs" / "engine.md").read_text(encoding="utf-8"),
                   "Rule readings where docs/rules.md leaves room", "##")
    ours = section(RULES_MD.read_text(encoding="utf-8"), "Readings")
    on_page = bullets(page[page.index("\n- "):])
    assert len(on_page) >= 10 and on_page == bullets(ours[ours.index("\n- "):])
    assert "docs/rules.md" in page


def test_the_house_rules_section_names_every_number_switch_with_its_value():
    house = section(RULES_MD.read_text(encoding="utf-8"), "House rules")
    numbers = [f.name for f in dataclasses.fields(Rules) if f.type in (int, "int")]
    assert "innocent_challenge_draw" in numbers
    for name in numbers:
        row = next(line for line in house.splitlines() if f"`{name}`" in line and line.startswith("|"))
        names = re.findall(r"`(\w+)`", row.split("|")[1])
        values = [int(v) for v in row.split("|")[2].split(",")]
        assert values[names.index(name)] == getattr(Rules.encanto(), name) == getattr(Rules.classic(), name)
    other = [f.name for f in dataclasses.fields(Rules) if f.name not in numbers and f.name != "name"]
    assert all(f"`{name}`" in house for name in other)


def test_the_house_rule_ids_are_the_rulebooks_and_each_is_named_by_a_test_and_the_engine():
    """H-STACK, H-JUMP, H-SEVEN-ZERO, H-DRAW-UNTIL, H-FORCE: docs/rules.md's house rules with
    ids are the rulebook's HOUSE_RULES, each is a switch off in both presets, and each id is
    cited by a test and by the engine's code."""
    text = RULES_MD.read_text(encoding="utf-8")
    house = section(text, "House rules")
    assert set(re.findall(r"\(\b(H-[A-Z-]+[A-Z])\)", house)) == set(HOUSE_RULES)
    assert not set(HOUSE_RULES) & set(RULES)
    me = Path(__file__).name
    tests = " ".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("test_*.py") if p.name != me)
    code = " ".join(p.read_text(encoding="utf-8") for p in (ROOT / "uno_lessons" / "engine").glob("*.py")
                    if p.name != "rulebook.py")
    for rule_id in HOUSE_RULES:
        assert re.search(re.escape(rule_id) + r"(?![-\w])", tests), rule_id
        assert re.search(re.escape(rule_id) + r"(?![-\w])", code), rule_id
        assert HOUSE_RULES[rule_id].source == "house" and "house rule" in str(rule(rule_id))
    for switch in ("stacking", "jump_in", "seven_zero", "draw_until_playable", "force_play"):
        assert getattr(Rules.encanto(), switch) is False and getattr(Rules.classic(), switch) is False
        assert f"`{switch}`" in house

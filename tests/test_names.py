"""Seat names in each language's own script and form: Serbian games get Cyrillic names, a
translation declines a name by a case spec ([acc]{target}), a name the table does not hold is
left as typed, English is unchanged, the catalog checks read the case specs, and no Serbian
catalog entry keeps a built-in name in Latin script."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import uno_lessons
from uno_lessons import Game, i18n
from uno_lessons.engine import events as ev
from uno_lessons.engine.events import EVERYONE
from uno_lessons.tools.translate import catalogs, quality

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def english_after_each_test():
    yield
    uno_lessons.set_language("en")


def test_a_serbian_game_has_cyrillic_names_and_keeps_them_in_english():
    with i18n.use_language("sr"):
        assert ev.default_names(4) == ["Ана", "Бен", "Каро", "Дев"]
        game = Game.new(3, seed=7)
    assert game.names == ["Ана", "Бен", "Каро"]  # the names are the game's data from then on
    assert ev.default_names(4) == ["Ana", "Ben", "Caro", "Dev"]
    with i18n.use_language("nl"):
        assert ev.default_names(10) == list(ev.DEFAULT_NAMES)  # nl and ms keep the Latin names
    with i18n.use_language("sr"):
        assert ev.default_names(11)[10] == i18n._("Seat {seat}", seat=10) != "Seat 10"


def test_a_seeded_serbian_game_deals_as_the_english_one():
    english = Game.new(4, seed=11)
    with i18n.use_language("sr"):
        serbian = Game.new(4, seed=11)
    assert [h for h in serbian.hands] == [h for h in english.hands]
    assert serbian.current_player == english.current_player and len(serbian.events) == len(english.events)


def test_every_name_has_seven_cyrillic_forms():
    local, forms = i18n._names("sr")
    assert list(local) == list(ev.DEFAULT_NAMES)
    for name, by_case in forms.items():
        assert tuple(by_case) == i18n.CASES
        assert all(re.fullmatch(r"[\u0400-\u04FF]+", f) for f in by_case.values()), (name, by_case)
    assert [forms["Ана"][c] for c in i18n.CASES] == ["Ана", "Ане", "Ани", "Ану", "Аном", "Ани", "Ано"]
    assert [forms["Бен"][c] for c in i18n.CASES] == ["Бен", "Бена", "Бену", "Бена", "Беном", "Бену", "Бене"]


def _caught(lang: str) -> str:
    with i18n.use_language(lang):
        game = Game.from_position(["G5 R2", "B1 B2 B3", "Y1 Y2 Y3", "R7 R8 R9"], ["G3"],
                                  "R1 Y4 B5 G6 R3 Y5 B6 G7", current=0)
        game.play("G5")  # Ana has one card left and says nothing
        assert game.catch(2, 0)  # Caro calls her out
        return "\n".join(game.narrate(EVERYONE, last=4))


def test_the_catch_is_told_with_the_name_declined_in_serbian():
    assert "Каро хвата Ану" in _caught("sr"), _caught("sr")
    assert "Caro catches Ana not saying UNO." in _caught("en")  # English unchanged


def test_a_case_spec_declines_a_table_name_and_leaves_a_typed_one_as_it_is():
    with i18n.use_language("sr"):
        assert i18n.fill("{caller} прозива [acc]{target}.", caller="Каро", target="Ана") == "Каро прозива Ану."
        assert i18n.fill("после {name:gen}", name="Бен") == "после Бена"
        assert i18n.fill("{caller} прозива [acc]{target}.", caller="Каро", target="Мирјана") == "Каро прозива Мирјана."
        assert i18n.fill("{a:ins} {n:.1f}", a="Ана", n=2.25) == "Аном 2.2"  # other specs as before
        with pytest.raises(ValueError, match="is not a case"):
            i18n.fill("[akk]{target}", target="Ана")
    assert i18n.fill("[acc]{target} {n:d}", target="Ана", n=3) == "Ана 3"  # no table in English


def test_the_catalog_check_accepts_a_case_spec_and_refuses_an_unknown_one():
    class Entry:
        id, context, fuzzy = "{caller} calls out {target}.", None, False

        def __init__(self, string: str) -> None:
            self.string = string

    assert quality.message_problems("sr", Entry("{caller} прозива [acc]{target}.")) == []
    found = quality.message_problems("sr", Entry("{caller} прозива [akk]{target}."))
    assert len(found) == 1 and "unknown case" in found[0] and "is not a case" in found[0], found
    assert quality.placeholders("{caller} прозива [acc]{target}.") == {"caller", "target"}


def test_msgfmt_checks_a_case_mark_as_written(tmp_path):
    po = tmp_path / "x.po"
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  '#, python-brace-format\nmsgid "{caller} calls out {target}."\n'
                  'msgstr "{caller} прозива [acc]{target}."\n', encoding="utf-8")
    code, text, counts = quality.run_msgfmt(po)
    assert code == 0 and counts == (1, 0, 0), text
    po.write_text(po.read_text(encoding="utf-8").replace("[acc]{target}", "[acc]{target"), encoding="utf-8")
    code, text, _counts = quality.run_msgfmt(po)
    assert code != 0 and str(po) in text, text  # a broken brace still fails, named by its own path


LATIN_NAME = re.compile(r"\b(?:" + "|".join(ev.DEFAULT_NAMES) + r")\b")


def _serbian_catalogs() -> list[Path]:
    return [catalogs.po_path("sr"), *sorted((ROOT / "notebooks" / "locale" / "sr").glob("*.po")),
            *sorted((ROOT / "solutions" / "locale" / "sr").glob("*.po"))]


def test_no_serbian_catalog_entry_keeps_a_built_in_name_in_latin():
    left = []
    for path in _serbian_catalogs():
        for message in catalogs.load_po(path, "sr"):
            if not message.id:
                continue
            for text in catalogs.strings(message.string):
                # Code in backticks (`names=["Ana"]`) is code, not text.
                if LATIN_NAME.search(re.sub(r"`[^`]*`", " ", text)):
                    left.append(f"{path.name}: {text[:70]!r}")
    assert left == [], f"{len(left)} Serbian entries with a Latin name: {left[:10]}"

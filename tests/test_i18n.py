"""Translations: choosing a language, card names and plurals, catalogs that are complete,
placeholder-safe, compiled and true to the glossaries taken from the box texts, and every
sentence and IllegalMove reason of 2,000 random games translated in each language."""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import uno_lessons
from uno_lessons import Card, Color, Game, IllegalMove, Move, Rank, Rules, i18n
from uno_lessons.engine import events as ev
from uno_lessons.engine.cards import ALL_CARDS
from uno_lessons.engine.events import EVERYONE
from uno_lessons.engine.moves import KINDS
from uno_lessons.engine.rulebook import cite
from uno_lessons.engine.rules import HOUSE_SWITCHES
from uno_lessons.tools.translate import catalogs, glossary, quality
from uno_lessons.tools.translate.cli import init_language, run_checks, seeds_dir

ROOT = Path(__file__).resolve().parents[1]
LANGS = catalogs.targets()
C = Card.parse


def python(code: str, env: dict[str, str] | None = None, path: Path | None = None) -> str:
    """Run ``code`` in a fresh interpreter (a new process reads the environment afresh)."""
    full = {k: v for k, v in os.environ.items() if k != i18n.ENV_VAR}
    full.update(env or {})
    if path is not None:
        full["PYTHONPATH"] = str(path)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=full,
                         cwd=path or ROOT)
    assert run.returncode == 0, run.stderr
    return run.stdout


@pytest.fixture(autouse=True)
def english_after_each_test():
    yield
    uno_lessons.set_language("en")


# ------------------------------------------------------------------ choosing a language
def test_english_is_the_default_and_set_language_switches_every_message():
    assert uno_lessons.get_language() == "en"
    assert C("G3").name == "green 3" and str(ev.Kept(0)) == "Ana keeps the drawn card."
    assert uno_lessons.set_language("nl") == "nl"
    assert C("G3").name == "groene 3" and str(ev.Kept(0)) == "Ana houdt de getrokken kaart."
    uno_lessons.set_language("sr")
    assert C("G3").name == "зелена 3" and C("W+4").name == "Дивља извуци четири"
    uno_lessons.set_language("ms")
    assert C("G3").name == "hijau 3" and C("BS").name == "Langkau biru"
    assert uno_lessons.set_language("en") == "en" and C("G3").name == "green 3"


def test_language_codes_are_read_loosely_and_an_unknown_one_changes_nothing():
    assert [i18n.normalize(x) for x in ("nl_NL", "sr-Cyrl", "MS", " en ", None, "")] == \
        ["nl", "sr", "ms", "en", "en", "en"]
    uno_lessons.set_language("sr")
    with pytest.raises(ValueError, match=r"no translation for 'fr'.*nl \(Nederlands\)"):
        uno_lessons.set_language("fr")
    assert uno_lessons.get_language() == "sr"


def test_use_language_is_for_one_block_and_restores_even_after_an_error():
    uno_lessons.set_language("nl")
    with pytest.raises(IllegalMove, match="Дивља"), uno_lessons.use_language("sr"):
        Game.from_position([["W", "G1"], ["R1"]], ["G3"]).play("W")
    assert uno_lessons.get_language() == "nl"
    with uno_lessons.use_language("ms") as lang:
        assert lang == "ms" and Color.GREEN.display_name == "hijau"
    assert Color.GREEN.display_name == "groen"


def test_the_environment_variable_sets_the_language_of_a_whole_server():
    out = python("import uno_lessons as u; print(u.get_language(), u.Card.parse('G3').name)",
                 {i18n.ENV_VAR: "sr"})
    assert out.split("\n")[0] == "sr зелена 3"
    # A bad setting must not stop the package from importing: English, as without one.
    out = python("import uno_lessons as u; print(u.get_language(), u.Card.parse('G3').name)",
                 {i18n.ENV_VAR: "xx"})
    assert out.strip() == "en green 3"


def test_the_engine_works_with_no_catalog_at_all(tmp_path):
    """Without the locale folder (a stripped install), every language falls back to English."""
    shutil.copytree(ROOT / "uno_lessons", tmp_path / "uno_lessons",
                    ignore=shutil.ignore_patterns("locale", "__pycache__"))
    out = python("import uno_lessons as u\n"
                 "from uno_lessons.engine.bots import play_game\n"
                 "u.set_language('nl')\n"
                 "g = play_game(3, seed=5)\n"
                 "print(u.get_language(), g.narrate(\"everyone\")[-1])\n"
                 "print(u.Card.parse('G3').name)", path=tmp_path)
    lang, last = out.split("\n")[0].split(" ", 1)
    assert lang == "nl" and re.search(r" wins the hand, scoring \d+ points?\.$", last)
    assert out.split("\n")[1] == "green 3"


def test_identifiers_stay_english_in_every_language():
    """Color.label (CSS classes, code), Rank.label, card codes and Move notation never change."""
    english = ([c.label for c in Color], [r.label for r in Rank], [c.code for c in ALL_CARDS],
               [str(m) for m in Game.from_position([["W", "G2"], ["B1"]], ["G3"]).legal_moves()])
    for lang in LANGS:
        with uno_lessons.use_language(lang):
            assert ([c.label for c in Color], [r.label for r in Rank], [c.code for c in ALL_CARDS],
                    [str(m) for m in Game.from_position([["W", "G2"], ["B1"]], ["G3"]).legal_moves()]) == english
            assert Color.GREEN.display_name != "green" and Rank.SKIP.display_name != "Skip"


def test_move_describe_is_str_in_english_and_translated_elsewhere():
    game = Game.from_position([["WDT", "W+4", "G2", "Y5"], ["B1"], ["R1"]], ["G3"])
    moves = game.legal_moves() + [Move("draw", color=Color.RED), Move("keep"), Move("accept")]
    assert [m.describe() for m in moves] == [str(m) for m in moves]
    with uno_lessons.use_language("nl"):
        text = {str(m): m.describe() for m in moves}
    assert text["play WDT choosing blue silencing seat 2"] == "speel WDT, kies blauw en geef plaats 2 een praatverbod"
    assert text["play W+4 choosing red (bluff)"] == "speel W+4 en kies rood (bluf)"
    assert text["choose red and draw"] == "kies rood en trek"


# ------------------------------------------------------------------ card names and plurals
@pytest.mark.parametrize("lang", LANGS)
def test_card_names_use_the_glossary_words(lang):
    """Every card's name says the glossary's colour and rank words (Dutch "groene 3",
    Serbian "зелена 3", Malay "hijau 3"), and the colour words the cards print."""
    words = glossary.load(lang)
    rank_key = {Rank.SKIP: "skip", Rank.REVERSE: "reverse", Rank.DRAW_TWO: "draw_two", Rank.WILD: "wild",
                Rank.WILD_DRAW_FOUR: "wild_draw_four", Rank.WILD_DONT_TALK: "wild_dont_talk"}
    with uno_lessons.use_language(lang):
        for card in ALL_CARDS:
            name = card.name.lower()
            if card.color is not None:
                assert any(f in name for f in words[card.color.label].forms), (card, name)
                assert words[card.color.label].word.lower() == card.color.display_name.lower()
            if card.is_number:
                assert card.rank.value in name
            else:
                assert words[rank_key[card.rank]].word.lower() in name, (card, name)
    assert len({card.name for card in ALL_CARDS}) == len(ALL_CARDS)


def drew(n: int) -> str:
    return ev.Drew(0, tuple(ALL_CARDS[:n]), n, "draw").describe(None, viewer=1)


def test_serbian_has_three_plural_forms():
    """1 and 21 take the first form, 2-4 (and 22) the second, 5-20 and 25 the third."""
    with uno_lessons.use_language("sr"):
        assert [drew(n) for n in (1, 2, 5, 11, 21, 22, 25)] == [
            "Ана извлачи 1 карту.", "Ана извлачи 2 карте.", "Ана извлачи 5 карата.", "Ана извлачи 11 карата.",
            "Ана извлачи 21 карту.", "Ана извлачи 22 карте.", "Ана извлачи 25 карата."]
        assert [ev.Won(1, n).describe(None, EVERYONE).split("осваја ")[1] for n in (1, 2, 5, 21)] == \
            ["1 поен.", "2 поена.", "5 поена.", "21 поен."]
        assert [ev.Reshuffled(n).describe(None, EVERYONE).split(": ")[1].split(" из ")[0] for n in (1, 2, 5, 21)] == \
            ["1 карта", "2 карте", "5 карата", "21 карта"]
        assert ev.Dealt(0, 4, 7).describe(None, EVERYONE).startswith("Ана меша карте и дели по 7 карата сваком од 4 играча")


def test_dutch_and_malay_plurals():
    with uno_lessons.use_language("nl"):
        assert [drew(n) for n in (1, 2, 21)] == ["Ana trekt 1 kaart.", "Ana trekt 2 kaarten.", "Ana trekt 21 kaarten."]
    with uno_lessons.use_language("ms"):
        assert [drew(n) for n in (1, 2, 21)] == ["Ana mencabut 1 kad.", "Ana mencabut 2 kad.", "Ana mencabut 21 kad."]
    assert [drew(n) for n in (1, 2)] == ["Ana draws 1 card.", "Ana draws 2 cards."]
    assert ev.Won(0, 1).describe(None, EVERYONE) == "Ana wins the hand, scoring 1 point."


def test_rules_score_tables_and_errors_speak_the_language():
    with uno_lessons.use_language("ms"):
        assert cite("E-UNO-3").startswith("E-UNO-3: Menangkap pemain") and "peraturan rasmi" in cite("E-UNO-3")
        with pytest.raises(ValueError, match="bukan kod kad"):
            Card.parse("G10")
        with pytest.raises(ValueError, match="UNO dimainkan oleh 2 hingga 10 pemain; di sini ada 11"):
            Game.new(11)
    with uno_lessons.use_language("sr"):
        from uno_lessons.engine.bots import play_match

        head = play_match(2, seed=1).table_text().split("\n")[0]
    assert head.split() == ["рука", "победник", "поени", "Ана", "Бен"]  # a Serbian match: Serbian names


# ------------------------------------------------------------------ catalogs
def test_every_catalog_is_complete_placeholder_safe_compiled_and_true_to_its_glossary():
    """No untranslated or fuzzy entry, the same {placeholders}, Babel's checks, CLDR plural
    forms, the .mo as the .po says, msgfmt -c --statistics clean, glossary words used,
    glossary quotes found in the seeds."""
    assert shutil.which("msgfmt"), "GNU gettext's msgfmt is needed (apt-get install gettext)"
    assert seeds_dir(ROOT) is not None, "the box texts are expected in docs/rules/box-texts"
    lines, problems = run_checks(ROOT, LANGS)
    assert problems == []
    count = int(lines[0].split()[0])
    assert count >= 200
    for lang, line in zip(LANGS, lines[1:]):
        assert line.startswith(f"{lang}: {count}/{count} translated, 0 fuzzy, 0 untranslated")
        assert line.endswith(f"msgfmt: {count} translated messages.")


def test_the_check_command_passes_and_the_catalogs_build_writes_nothing_more(tmp_path):
    run = subprocess.run([sys.executable, "-m", "uno_lessons.tools.translate", "check"], capture_output=True,
                         text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert "Every catalog is complete" in run.stdout
    copy = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, copy)
    assert catalogs.run(ROOT, copy).written == [], "the committed catalogs are what `catalogs` makes"


def broken_copy(tmp_path: Path, lang: str, change) -> list[str]:
    """Copy the catalogs, apply ``change`` to one message of ``lang``'s .po, check that copy."""
    copy = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, copy)
    path = catalogs.po_path(lang, copy)
    cat = catalogs.load_po(path, lang)
    change(cat)
    path.write_text(catalogs.catalog_text(cat), encoding="utf-8")
    stats = quality.check_language(lang, catalogs.load_po(catalogs.TEMPLATE), copy)
    return [p.what for p in stats.problems]


def test_the_checks_catch_a_missing_a_fuzzy_and_an_unsafe_translation(tmp_path):
    def untranslate(cat):
        cat["{name} talks."].string = ""

    def fuzz(cat):
        cat["{name} talks."].flags.add("fuzzy")

    def rename(cat):
        cat["{name} talks."].string = "{naam} praat."

    def brace(cat):
        cat["{name} talks."].string = "{name praat."

    def plural(cat):
        msg = cat["{name} wins the hand, scoring {n} point."]
        msg.string = (msg.string[0], "{name} wint.")

    found = {name: broken_copy(tmp_path / name, "nl", f) for name, f in
             [("untranslated", untranslate), ("fuzzy", fuzz), ("rename", rename), ("brace", brace),
              ("plural", plural)]}
    assert any(p.startswith("untranslated: '{name} talks.'") for p in found["untranslated"])
    assert any(p.startswith("fuzzy: '{name} talks.'") for p in found["fuzzy"])
    assert any("placeholders differ: missing ['name'], unknown ['naam']" in p for p in found["rename"])
    assert any(p.startswith("broken braces in the translation") for p in found["brace"])
    assert any("placeholders differ (plural form 1): missing ['n']" in p for p in found["plural"])
    # The .mo no longer matches the edited .po in each case but the fuzzy one (fuzzy is not compiled).
    assert all(any("does not match" in p for p in v) for k, v in found.items() if k != "fuzzy")
    code, text, counts = quality.run_msgfmt(catalogs.po_path("nl", tmp_path / "fuzzy" / "locale"))
    assert code == 0 and counts is not None and counts[1] == 1, text


def test_the_wheel_ships_the_compiled_catalogs(tmp_path):
    """A plain `pip install` of the wheel (hatchling) has the .mo files and speaks Serbian."""
    build = subprocess.run([sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(tmp_path / "dist")],
                           capture_output=True, text=True, cwd=ROOT)
    assert build.returncode == 0, build.stderr
    wheel = next((tmp_path / "dist").glob("*.whl"))
    pip = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
                          "--target", str(tmp_path / "site"), str(wheel)], capture_output=True, text=True)
    assert pip.returncode == 0, pip.stderr
    for lang in LANGS:
        assert (tmp_path / "site" / "uno_lessons" / "locale" / lang / "LC_MESSAGES" / "uno_lessons.mo").exists()
    out = python("import uno_lessons as u; u.set_language('sr'); print(u.__file__); print(u.Card.parse('BR').name)",
                 path=tmp_path / "site")
    assert out.split("\n")[0].startswith(str(tmp_path / "site")) and out.split("\n")[1] == "плава Преокрени"


# ------------------------------------------------------------------ glossaries
def test_the_box_texts_are_in_the_repository_and_the_variable_overrides_them(tmp_path, monkeypatch):
    """The glossaries' box texts are docs/rules/box-texts (nothing outside the repository);
    every file a glossary names is there, and every box text there is named by a glossary."""
    monkeypatch.delenv("UNO_LESSONS_SEEDS", raising=False)
    box_texts = ROOT / "docs" / "rules" / "box-texts"
    assert seeds_dir(ROOT) == box_texts
    named = {info["file"] for lang in LANGS for info in glossary.load(lang).seeds.values()}
    assert named == {p.name for p in box_texts.glob("*.txt")}
    assert seeds_dir(tmp_path) is None, "a folder without box texts has none (and nothing above it counts)"
    monkeypatch.setenv("UNO_LESSONS_SEEDS", str(tmp_path))
    assert seeds_dir(ROOT) == tmp_path


@pytest.mark.parametrize("lang", LANGS)
def test_glossary_words_come_from_the_seeds_or_say_why_not(lang):
    seeds = seeds_dir(ROOT)
    assert seeds is not None
    words = glossary.load(lang)
    assert glossary.seed_problems(words, seeds) == []
    assert {e.key for e in words.entries} == {e.key for e in glossary.load("nl").entries}
    assert sum(1 for e in words.entries if e.seed and not e.why) >= 25, "most words are the box's own"


def test_the_glossary_check_catches_a_word_the_glossary_does_not_use():
    cat = catalogs.load_po(catalogs.po_path("nl"), "nl")
    assert glossary.inconsistencies(cat, glossary.load("nl")) == []
    cat["There is no card left to draw."].string = "Er is geen kaart meer om te pakken."
    cat[("{name} draws {n} card{cards}.")].string = ("{name} pakt {n} kaart{cards}.", "{name} pakt {n} kaarten{cards}.")
    found = glossary.inconsistencies(cat, glossary.load("nl"))
    assert len(found) == 3 and all("does not say 'trekken'" in p for p in found)


@pytest.mark.parametrize(("lang", "msgid", "bad", "avoided", "word"), [
    ("nl", "Say UNO!", "Roep UNO!", "roep", "UNO zeggen"),
    ("nl", "The deck has only {n} × {card}.", "Het spel heeft maar {n} × {card}.", "spel", "kaartspel"),
    ("nl", "One bot move", "Eén stap van een bot", "stap", "zet"),
    ("ms", "Deal the next hand when ready.", "Edarkan tangan seterusnya apabila sudah sedia.", "tangan", "pusingan"),
    ("ms", "play {card} (bluff)", "main {card} (tipu)", "tipu", "tipuan"),
    ("ms", "{seconds} s before each bot move", "{seconds} s sebelum setiap langkah bot", "langkah", "gerakan"),
    ("ms", "{bots} bots for {seats} seats", "{bots} bot untuk {seats} tempat duduk", "tempat duduk", "tempat"),
    ("ms", "The deck has only {n} × {card}.", "Pek hanya mempunyai {n} × {card}.", "pek", "dek"),
    ("sr", "{dealer} is the dealer and shuffles all {size} cards (Encanto deck).",
     "{dealer} је делилац и меша свих {size} карата (Encanto шпил).", "encanto", "УНО: Енканто"),
])
def test_the_glossary_check_catches_a_second_word_for_a_term(lang, msgid, bad, avoided, word):
    """The committed catalog uses one word per concept; the same message with the word the
    glossary avoids fails, with a sentence naming the message, the word and the glossary's word."""
    cat = catalogs.load_po(catalogs.po_path(lang), lang)
    words = glossary.load(lang)
    assert glossary.second_words(cat, words) == []
    fixed = cat[msgid].string
    cat[msgid].string = bad
    found = glossary.second_words(cat, words)
    assert found == [f"[{lang}] {msgid!r} says {glossary.terms_in(msgid, words)[0].en!r}, but {bad!r} says "
                     f"{avoided!r}, a second word for it: the glossary's word is {word!r}"] or (
        len(found) == 1 and repr(msgid) in found[0] and repr(avoided) in found[0] and repr(word) in found[0]), found
    cat[msgid].string = fixed
    assert glossary.second_words(cat, words) == []


def test_an_avoided_word_is_a_whole_word_and_may_be_the_word_of_another_term():
    """nl "spel" (avoided for the deck) is not "speler", nor "spel" where the message also says
    the game; a rule id such as E-UNO-1 is not the Latin UNO a Serbian text avoids."""
    nl, sr = glossary.load("nl"), glossary.load("sr")
    cat = catalogs.Catalog(locale="nl")
    cat.add("The deck has {n} cards for each player.", "Het kaartspel heeft {n} kaarten voor elke speler.")
    cat.add("The deck of this game", "Het kaartspel van dit spel")
    assert glossary.second_words(cat, nl) == []
    srcat = catalogs.Catalog(locale="sr")
    srcat.add("E-UNO-1: with one card left, say UNO.", "E-UNO-1: кад ти остане једна карта, реци УНО.")
    assert glossary.second_words(srcat, sr) == []
    srcat.add("UNO!", "UNO!")
    assert [p for p in glossary.second_words(srcat, sr) if "'uno'" in p]


def test_an_avoided_phrase_split_by_a_line_break_is_still_found():
    """A lesson cell wraps its lines: ms "tempat duduk" (avoided for a seat) split over two
    lines is still the avoided phrase; "tempat" alone, the glossary's word, is not."""
    ms = glossary.load("ms")
    cat = catalogs.Catalog(locale="ms")
    cat.add("Each seat gets a bot.", "Setiap tempat\nduduk mendapat satu bot.")
    found = glossary.second_words(cat, ms)
    assert len(found) == 1 and "'tempat\\nduduk'" in found[0] and "'tempat'" in found[0], found
    cat = catalogs.Catalog(locale="ms")
    cat.add("Each seat gets a bot.", "Setiap tempat\nmendapat satu bot.")
    assert glossary.second_words(cat, ms) == []


def test_the_check_reads_the_notebooks_catalogs_for_second_words(tmp_path):
    """run_checks also reads notebooks/locale/<lang>/*.po for the words the glossary avoids."""
    from uno_lessons.tools.translate.cli import notebook_catalogs
    names = {p.relative_to(ROOT).as_posix() for p in notebook_catalogs(ROOT, "nl")}
    assert "notebooks/locale/nl/05_uno_and_dont_talk.po" in names and "solutions/locale/nl/01_setup.po" in names
    po = catalogs.load_po(ROOT / "notebooks/locale/nl/05_uno_and_dont_talk.po", "nl")
    assert glossary.second_words(po, glossary.load("nl")) == []


def test_terms_inside_longer_terms_code_and_other_meanings_are_not_counted():
    words = glossary.load("nl")

    def keys(text):
        return sorted(e.key for e in glossary.terms_in(text, words))

    assert keys("The first card is a Draw Two: {name} draws two cards.") == ["card", "draw", "draw_two"]
    assert keys("{cards} played counter-clockwise") == ["counter_clockwise"]
    assert keys("compare card.rank; mind 'challenge' and `draw`") == []
    assert keys("A Wild Don't Talk does not skip anyone.") == ["wild_dont_talk"], "the card Skip, not the verb"
    assert keys("All cases pass. Keep the cards in the order of the hand.") == ["card", "hand"]
    assert keys("so they pass; keep it") == ["keep", "pass"]


def test_the_translators_page_shows_the_glossary_tables():
    page = (ROOT / "docs" / "translators.md").read_text(encoding="utf-8")
    assert glossary.markdown() in page, "refresh with: python -m uno_lessons.tools.translate glossary"


def test_messages_marked_inside_f_strings_are_extracted():
    """Babel's own extractor misses a ``_()`` inside an f-string before Python 3.12; the
    project's (babel.cfg) reads them too, in line order, as Babel gives any other message."""
    import io

    from babel.messages.extract import DEFAULT_KEYWORDS

    from uno_lessons.tools.translate import fstrings

    src = ("title = f\"<h2>{escape(_('What happened'))}</h2>\"\n"
           "count = f\"<b>{ngettext('{n} card', '{n} cards', n, n=n)}</b>\"\n"
           "plain = _(\"Turn\")\n"
           "broken = _(f\"{name} plays\")\n")
    found = list(fstrings.extract(io.BytesIO(src.encode()), DEFAULT_KEYWORDS, [], {}))
    assert [(line, func, messages) for line, func, messages, _c in found if messages] == [
        (1, "_", "What happened"), (2, "ngettext", ("{n} card", "{n} cards", None)), (3, "_", "Turn")]
    assert list(fstrings.untranslatable(src, DEFAULT_KEYWORDS)) == [4]
    from uno_lessons.tools.translate.catalogs import extract, key

    assert {(None, "What happened"), (None, "Draw pile"), (None, "Scores, hand by hand")} <= {
        key(m) for m in extract(ROOT) if m.id}


def test_translate_check_fails_on_an_f_string_babel_skips(tmp_path):
    """``translate check`` (and so CI) reports a ``_(f"…")`` in the package, with its place;
    the package itself has none."""
    from uno_lessons.tools.translate.cli import skipped_fstrings

    assert skipped_fstrings(ROOT) == []
    (tmp_path / "uno_lessons").mkdir()
    (tmp_path / "uno_lessons" / "m.py").write_text("x = 1\nprint(_(f'{x} plays'), _('fine'))\n")
    assert [p.split(": ")[0] for p in skipped_fstrings(tmp_path)] == ["uno_lessons/m.py:2"]


# ------------------------------------------------------------------ 2,000 random games
NAMES = ev.DEFAULT_NAMES
# Code in a message (not words): card codes, the move kinds, an API name, a repr, rule ids.
CODE = re.compile(r"\b(?:[RYGB](?:\d|S|R|\+2)|W\+4|WDT|W)(?![\w+])|game\.legal_moves\(\)|'junk'|\bfly\b|"
                  r"\bH-(?:STACK|JUMP|SEVEN-ZERO|DRAW-UNTIL|FORCE)\b|"  # the house rules' ids
                  + "|".join(NAMES) + "|" + ", ".join(KINDS).replace("(", r"\("))
# English words that no Dutch or Malay sentence of ours contains: finding one means a fallback.
ENGLISH = set("""the a and or plays draws drew card cards chooses choose turn player players pile wins says
challenges shows matched legal left only which there cannot must colour does match matches silencing
skipped reverse skip two four talk talks seat seats drawn keep keeps catches calls nothing penalty until
someone again empty shuffled accept accepts challenge first""".split())
#: English texts a language may legitimately leave as they are (none so far).
IDENTICAL: dict[str, set[str]] = {lang: set() for lang in LANGS}


MAX_STEPS, PROBE_RATE = 250, 0.15


def untranslated_words(lang: str, text: str) -> list[str]:
    """Traces of English (or of a template) left in a translated text."""
    bare = CODE.sub(" ", text)
    if "{" in text or "}" in text:
        return [text]
    if lang == "sr":
        return re.findall(r"[A-Za-z]+", bare)
    return [w for w in re.findall(r"[a-z]+", bare.lower()) if w in ENGLISH]


def illegal_probes(game: Game, rnd: random.Random) -> list:
    """Actions that must raise IllegalMove now (a random choice of the kinds there are)."""
    seat, n = game.current_player, game.players
    hand = game.hands[seat]
    held = {c.code for c in hand}
    absent = [c for c in ALL_CARDS if c.code not in held]
    out = [lambda: game.apply("junk"), lambda: game.apply(Move("fly")), lambda: game.catch(seat, seat),
           lambda: game.say_uno(n + 3), lambda: game.talk(-1), lambda: game.catch(0, n)]
    if game.is_over:
        other = (seat + 1) % n
        return out + [lambda: game.play(hand[0] if hand else "G1"), lambda: game.say_uno(seat),
                      lambda: game.catch(seat, other), lambda: game.catch(other, seat), lambda: game.talk(seat)]
    card = rnd.choice(absent)
    out.append(lambda: game.play(card, "R" if card.is_wild else None, (seat + 1) % n if card.code == "WDT" else None))
    if game.phase == "turn":
        stuck = [c for c in hand if not game.can_play(c)]
        if stuck:
            out.append(lambda: game.play(rnd.choice(stuck)))
        wild = [c for c in hand if c.is_wild]
        if wild:
            out.append(lambda: game.play(wild[0]))
            if wild[0].code == "WDT":
                out += [lambda: game.apply(Move("play", wild[0], Color.RED)),
                        lambda: game.apply(Move("play", wild[0], Color.RED, seat)),
                        lambda: game.apply(Move("play", wild[0], Color.RED, n + 2))]
        plain = [c for c in hand if not c.is_wild and game.can_play(c)]
        if plain:
            c = plain[0]
            out += [lambda: game.apply(Move("play", c, Color.BLUE if c.color is not Color.BLUE else Color.RED)),
                    lambda: game.apply(Move("play", c, None, (seat + 1) % n)),
                    lambda: game.play(c, "B" if c.color is not Color.BLUE else "R")]
        if game.current_color is not None and Move("draw") in game.legal_moves():
            out.append(lambda: game.apply(Move("draw", color=Color.GREEN)))
        if game.current_color is None:
            out.append(game.draw)
    if game.phase != "drawn":
        out.append(game.keep)
    else:
        out.append(game.draw)
        others = [c for c in hand if c != game.drawn]
        if others:
            c = rnd.choice(others)
            out.append(lambda: game.play(c, "B" if c.is_wild else None, (seat + 1) % n if c.code == "WDT" else None))
    if game.phase != "challenge":
        out += [game.accept, game.challenge]
    else:
        out += [game.draw, game.pass_turn]
    if Move("pass") not in game.legal_moves():
        out.append(game.pass_turn)
    return out


HOUSE = Rules.encanto().replace(stacking=True, jump_in=True, seven_zero=True, draw_until_playable=True,
                                 force_play=True)


def house_probes(game: Game, rnd: random.Random) -> list:
    """Under every house rule (H-JUMP, H-FORCE, H-STACK, H-SEVEN-ZERO), actions that must
    raise IllegalMove now (illegal_probes' plain-rule probes may be legal there)."""
    seat, top = game.current_player, game.top_card
    out = [lambda: game.jump_in(seat, top), lambda: game.jump_in(game.players + 1, top)]
    if game.is_over:
        return out
    other = (seat + 1) % game.players
    wrong = [c for c in game.hands[other] if c != top]
    if wrong:
        out.append(lambda: game.jump_in(other, rnd.choice(wrong)))
    if game.phase == "drawn":
        out.append(game.keep if Move("keep") not in game.legal_moves() else game.draw)
    if game.stack:
        out.append(game.draw)
    sevens = [c for c in game.hands[seat] if c.rank is Rank.SEVEN and game.can_play(c)]
    if sevens and game.phase == "turn" and not game.stack:
        out += [lambda: game.play(sevens[0]), lambda: game.play(sevens[0], target=seat)]
    return out


def house_scenes() -> list[Game]:
    """Games whose logs hold the house rules' events (H-STACK, H-JUMP, H-SEVEN-ZERO,
    H-DRAW-UNTIL), whatever the random games met."""
    game = Game.from_position(["R0 R7 G1 R+2", "B1 R+2", "R7 B2 Y+2", "G5 G6"], "R3", "B3 B4 B5 B6 B7 B8 B9",
                              rules=HOUSE)
    game.play("R7", target=3)
    game.jump_in(2, "R7", target=1)
    game.play("R0")
    game.play("R+2")
    until = Game.from_position(["G1 G2", "B5"], "R3", "B1 B2", rules=HOUSE)
    until.draw()
    stack = Game.from_position(["R+2 G1", "B+2 G3", "Y4 Y5"], "R3", "G4", rules=HOUSE)
    stack.play("R+2")
    stack.play("B+2")
    stack.accept()
    return [game, until, stack]


def reasons_in_every_language(action) -> dict[str, str]:
    """The IllegalMove message of ``action`` in English and each language."""
    out = {}
    for lang in ["en", *LANGS]:
        with uno_lessons.use_language(lang):
            with pytest.raises(IllegalMove) as info:
                action()
        out[lang] = str(info.value)
    return out


def survey(games: int, seed: int = 2026) -> tuple[list[str], set[str], set[str], int]:
    """Play ``games`` seeded random games; compare every event sentence and every probe's
    IllegalMove reason in English and each language. Returns (problems, the English reasons
    met with numbers and codes blanked, the event kinds met, how many different English
    texts were compared with a translation)."""
    rnd = random.Random(seed)
    problems: list[str] = []
    english_reasons: set[str] = set()
    kinds_seen: set[str] = set()
    checked = 0
    seen: set[tuple[str, str]] = set()  # (English, translation) pairs already judged
    english_seen: set[str] = set()

    def compare(texts: dict[str, str]) -> None:
        nonlocal checked
        for lang in LANGS:
            if (texts["en"], texts[lang]) in seen:
                continue
            checked += 1
            seen.add((texts["en"], texts[lang]))
            left = untranslated_words(lang, texts[lang])
            if left or (texts[lang] == texts["en"] and texts["en"] not in IDENTICAL[lang]):
                problems.append(f"[{lang}] {texts['en']!r} -> {texts[lang]!r} ({left})")

    scenes = house_scenes()
    for number in range(games + len(scenes)):
        rules = Rules.encanto() if number % 2 else Rules.classic()
        if number % 5 == 4:  # every fifth game with every house rule on, its preset kept
            rules = rules.replace(**{switch: True for switch in HOUSE_SWITCHES})
        if number >= games:
            game = scenes[number - games]
        else:
            game = Game.new(rnd.randint(2, 10), rules=rules, seed=number)
        probes = house_probes if game.rules.house else illegal_probes
        for _step in range(MAX_STEPS):
            if rnd.random() < PROBE_RATE:
                probe = rnd.choice(probes(game, rnd))
                texts = reasons_in_every_language(probe)
                english_reasons.add(re.sub(r"\d+", "N", CODE.sub("X", texts["en"])))
                compare(texts)
            if game.is_over:
                break
            who = rnd.randrange(game.players)
            action = rnd.random()
            if action < 0.05:
                game.say_uno(who)
            elif action < 0.08 and game.uno_window is not None and game.uno_window != who:
                game.catch(who, game.uno_window)
            elif action < 0.09:
                game.talk(who)
            jumps = game.jump_ins()
            if jumps and rnd.random() < 0.5:  # H-JUMP
                jumper, move = rnd.choice(jumps)
                game.jump_in(jumper, move.card, move.target)
                continue
            game.apply(rnd.choice(game.legal_moves()))
        # Only a draw reads differently for another seat (the cards stay hidden).
        views = [(e, v) for e in game.events
                 for v in ((EVERYONE, (e.seat + 1) % game.players) if isinstance(e, ev.Drew) else (EVERYONE,))]
        kinds_seen.update(e.kind for e in game.events)
        english = [e.describe(game.names, v) for e, v in views]
        # The same English sentence comes from the same event fields: translate each once.
        new = {text: view for text, view in zip(english, views) if text not in english_seen}
        english_seen.update(new)
        said = {"en": list(new)}
        for lang in LANGS:
            with uno_lessons.use_language(lang):
                said[lang] = [e.describe(game.names, v) for e, v in new.values()]
        for k in range(len(new)):
            compare({lang: said[lang][k] for lang in said})
    return problems, english_reasons, kinds_seen, checked


def test_every_sentence_and_reason_of_2000_random_games_is_translated():
    """E-SETUP..E-SCORE, both rule sets, 2-10 players: every event sentence (as a teacher and
    as another seat reads it) and every IllegalMove reason met in 2,000 seeded games of random
    legal moves, random UNO calls, catches and talk, plus illegal probes, reads differently in
    each language and carries no English word or unfilled template."""
    problems, english_reasons, kinds_seen, checked = survey(2000)
    assert problems[:20] == [], f"{len(problems)} untranslated texts"
    assert kinds_seen == set(ev.EVENT_TYPES), f"event kinds never met: {set(ev.EVENT_TYPES) - kinds_seen}"
    assert len(english_reasons) >= 35, sorted(english_reasons)
    assert checked > 100_000


def test_init_starts_a_fifth_language_that_check_reports_as_untranslated(tmp_path, monkeypatch):
    """The translators' page's steps for a new language: its catalog (with CLDR's plural forms for it),
    a glossary to fill, and a check that names what is left to do."""
    monkeypatch.setitem(i18n.LANGUAGES, "de", "Deutsch")
    copy = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, copy)
    written = init_language(ROOT, "de", copy)
    assert catalogs.po_path("de", copy) in written and glossary.path("de", copy) in written
    cat = catalogs.load_po(catalogs.po_path("de", copy), "de")
    assert cat.num_plurals == 2 and len([m for m in cat if m.id]) == len([m for m in catalogs.load_po(catalogs.TEMPLATE) if m.id])
    stats = quality.check_language("de", catalogs.load_po(catalogs.TEMPLATE), copy, use_msgfmt=False)
    assert stats.translated == 0 and stats.untranslated == stats.total > 200
    skeleton = glossary.path("de", copy).read_text(encoding="utf-8")
    assert all(f"[terms.{t['key']}]" in skeleton for t in glossary.english_terms())
    with pytest.raises(ValueError, match="first add 'xx' to LANGUAGES"):
        init_language(ROOT, "xx", copy)


def test_a_rule_set_is_named_in_the_readers_language_never_by_its_identifier():
    """Sentences name a rule set by ``rule_set_name`` (issue 26): the Serbian summary of a
    simulation says Енканто, not the identifier "encanto"; house rules are named too."""
    from uno_lessons import Game, Rules, use_language
    from uno_lessons.engine.rules import rule_set_name
    from uno_lessons.simulation.games import house_rules, simulate_games

    stacked = house_rules(Rules.classic(), ["stacking"])
    assert stacked.name == "classic + stacking"
    assert rule_set_name(stacked.name) == stacked.display_name == "classic + stacking"
    assert Rules.encanto().display_name == "Encanto"
    with use_language("sr"):
        summary = repr(simulate_games(3, 4, seed=1))
        assert "Енканто" in summary and "encanto" not in summary.lower(), summary
        assert not re.search("[A-Za-z]", stacked.display_name), stacked.display_name
    with use_language("nl"):
        assert Rules.classic().display_name == "klassiek"
    with use_language("sr"), pytest.raises(ValueError) as refused:
        Game.from_position([["WDT"], ["R1"]], discard=["G3"], rules=Rules.classic())
    assert "класична" in str(refused.value) and "classic" not in str(refused.value), refused.value
    assert rule_set_name("my rules") == "my rules"  # a learner's own name is said as it is


@pytest.mark.parametrize("lang", ["nl", "sr", "ms"])
def test_no_glossary_word_mixes_two_scripts(lang):
    """A word with one Latin letter among Cyrillic ones ("вичe*" had a Latin e) matches nothing,
    so the check it feeds could never fail: every word, form and avoided word is in one script."""
    mixed = []
    for entry in glossary.load(lang).entries:
        for word in (entry.word, *entry.forms, *entry.avoid):
            latin, cyrillic = re.search("[A-Za-z]", word), re.search("[\u0400-\u04ff]", word)
            if latin and cyrillic:
                mixed.append((entry.key, word))
    assert mixed == []


def test_the_score_tables_hand_is_a_round_by_its_context():
    """The score table's "hand" column (msgctxt "score table") is a round of play: Malay says
    pusingan there and tangan for the cards held, and the check holds each to its own word."""
    ms = glossary.load("ms")
    cat = catalogs.Catalog(locale="ms")
    cat.add("hand", "pusingan", context="score table")
    cat.add("Your hand: {n} cards", "Tangan anda: {n} kad")
    assert [p for p in glossary.inconsistencies(cat, ms) if "tangan" in p or "pusingan" in p] == []
    wrong = catalogs.Catalog(locale="ms")
    wrong.add("hand", "tangan", context="score table")
    wrong.add("Your hand: {n} cards", "Pusingan anda: {n} kad")
    found = glossary.inconsistencies(wrong, ms)
    assert any("'tangan' does not say 'pusingan'" in p for p in found), found
    assert any("'Pusingan anda: {n} kad' does not say 'tangan'" in p for p in found), found


def test_gnu_msgfmt_checks_the_real_serbian_catalog_and_refuses_a_case_inside_the_braces(tmp_path):
    """The case mark stands outside the braces ([acc]{player}) so msgfmt -c, as translators'
    tools run it, passes the real catalog; the old in-brace form ({player:acc}) it rejects, and
    so does `check`, which runs msgfmt on the catalog as it is (no copy with the cases taken out)."""
    real = catalogs.po_path("sr")
    code, text, _counts = quality.run_msgfmt(real)
    assert code == 0 and "[acc]{" in real.read_text(encoding="utf-8"), text
    copy = tmp_path / "uno_lessons.po"
    old_style = re.sub(r"\[(acc|gen|dat|ins|loc|voc)\]\{(\w+)\}", r"{\2:\1}", real.read_text(encoding="utf-8"))
    assert old_style != real.read_text(encoding="utf-8")
    copy.write_text(old_style, encoding="utf-8")
    code, text, _counts = quality.run_msgfmt(copy)
    assert code != 0 and ("python-brace-format" in text or "brace format" in text), text

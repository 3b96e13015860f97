"""uno_lessons.render: pure HTML/SVG for cards, hands, table, seats and log."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from uno_lessons import Card, Color, Game
from uno_lessons.engine.cards import ALL_CARDS
from uno_lessons.engine.events import EVERYONE
from uno_lessons.lessons._common import LESSON_CSS
from uno_lessons.render import (
    COLORS_HEX,
    INK,
    STYLE,
    TEXT_ON,
    back_svg,
    card_html,
    card_state_words,
    card_svg,
    card_words,
    color_swatch_html,
    contrast_ratio,
    css_code,
    fit_font_size,
    hand_html,
    log_html,
    seats_html,
    table_html,
    text_width,
)
from uno_lessons.widgets.views import _MESSAGE_STYLES

SVG = "{http://www.w3.org/2000/svg}"


def parse_svg(text: str) -> ET.Element:
    root = ET.fromstring(text)  # raises on malformed XML
    assert root.tag == SVG + "svg"
    return root


def svg_texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(SVG + "text")]


def game4(**kw) -> Game:
    return Game.from_position(["R7 G3", "G5 G6 Y1", "Y2 Y3", "B0 B1 B2 B4"], "R3 G3", "B5 B6 B7",
                              names=["Ana", "Ben", "Caro", "Dev"], **kw)


@pytest.mark.parametrize("card", ALL_CARDS, ids=[c.code for c in ALL_CARDS])
def test_every_card_renders_valid_svg_with_label_and_colour_word(card):
    root = parse_svg(card_svg(card))
    assert root.get("role") == "img"
    assert root.get("aria-label") == card.name
    assert root.find(SVG + "title").text == card.name
    texts = svg_texts(root)
    word = card.color.name if card.color is not None else "WILD"
    assert word in texts, "the colour is also written in words"
    if card.color is not None:
        assert COLORS_HEX[card.color] in card_svg(card)
    if card.rank.is_number:
        assert card.rank.value in texts


def test_card_size_and_aspect():
    root = parse_svg(card_svg("G3", width=100))
    assert (root.get("width"), root.get("height")) == ("100", "150")


def test_distinct_cards_draw_distinct_pictures():
    pictures = {card_svg(c) for c in ALL_CARDS}
    assert len(pictures) == len(ALL_CARDS)


def test_yellow_cards_use_dark_text():
    assert "#1d1d1d" in card_svg("Y5")


def test_face_down_back_has_no_identity():
    back = back_svg()
    root = parse_svg(back)
    assert root.get("aria-label") == "face-down card"
    for card in ALL_CARDS:
        assert card.name not in back
    assert card_svg("G3", face_down=True) == back
    html = card_html("G3", face_down=True, style=False)
    assert "G3" not in html and "green" not in html.lower()


def test_chosen_colour_on_wild_is_drawn_and_named():
    svg = card_svg("W+4", chosen_color=Color.BLUE)
    root = parse_svg(svg)
    assert root.get("aria-label") == "Wild Draw Four, blue chosen"
    assert "BLUE" in svg_texts(root)
    assert COLORS_HEX[Color.BLUE] in svg
    # a chosen colour never applies to a coloured card
    assert card_svg("G3", chosen_color="red") == card_svg("G3")


def test_selected_and_dimmed_flags():
    assert "uno-selected" in card_svg("G3", selected=True)
    assert "opacity" in card_svg("G3", dimmed=True)
    assert "uno-selected" not in card_svg("G3")


def test_card_html_wraps_with_title():
    html = card_html(Card.parse("W+4"))
    assert 'title="Wild Draw Four"' in html
    assert "uno-card-Wp4" in html
    assert html.count("<style>") == 1
    assert "<style>" not in card_html("G3", style=False)


def test_repr_html_uses_the_renderer():
    assert 'aria-label="green 3"' in Card.parse("G3")._repr_html_()
    assert "uno-table" in game4()._repr_html_()


def test_css_code():
    assert [css_code(c) for c in ("W+4", "R+2", "WDT", "G3")] == ["Wp4", "Rp2", "WDT", "G3"]
    assert css_code(Card.parse("B+2")) == "Bp2"


def test_hand_html_marks_codes_highlight_and_dim():
    html = hand_html(["G3", "W+4", "YS"], highlight={1}, dim={2})
    assert html.count('class="uno-card-svg') == 3
    assert ">W+4<" in html and ">G3<" in html
    assert html.count("uno-selected") == 1 and html.count("uno-dimmed") == 1
    assert ">G3<" not in hand_html(["G3"], show_codes=False)
    hidden = hand_html(["G3", "W+4"], face_down=True)
    assert "G3" not in hidden and "Wild" not in hidden
    assert hidden.count('aria-label="face-down card"') == 2
    assert "no cards" in hand_html([])


def test_table_shows_colour_in_force_pile_count_direction_and_turn():
    game = game4()
    html = table_html(game)
    assert "GREEN" in html and "Colour in force" in html
    assert "3 cards" in html  # draw pile
    assert "2 cards in the discard pile" in html
    assert "clockwise" in html and "counter-clockwise" not in html
    assert "Ana" in html  # seat 0 to play
    assert 'aria-label="face-down card"' in html
    assert game.current_player == 0
    game.play("G3")
    html2 = table_html(game)
    assert "Ben" in html2 and "3 cards in the discard pile" in html2


def test_table_wild_on_top_names_chosen_colour_and_direction_words():
    game = Game.from_position(["R7", "G5"], "R3 W", "B5", color="blue", direction=-1)
    html = table_html(game)
    assert "BLUE" in html and "counter-clockwise" in html
    assert "Wild, blue chosen" in html
    game2 = Game.from_position(["R7", "G5"], "R3", "", current=0)
    assert "empty" in table_html(game2)


def test_table_phases_and_winner():
    game = Game.from_position(["W+4 R1", "G5 G6"], "R3", "B5 B6 B7 B8 B9 Y1 Y2", names=["Ana", "Ben"])
    game.play("W+4", "green")
    assert "accept the Wild Draw Four" in table_html(game)
    game = Game.from_position(["R1", "G5 G6"], "R3", "B5", names=["Ana", "Ben"])
    game.play("R1")
    html = table_html(game)
    assert "Winner" in html and "Ana" in html


def test_seats_mark_current_silenced_winner_skipped_and_direction():
    game = game4()
    game.silenced = 2
    html = seats_html(game, viewer=1, highlight_skipped=3)
    seats = re.findall(r'<div class="(uno-seat[^"]*)" data-seat="(\d)"', html)
    classes = {int(s): c for c, s in seats}
    assert len(classes) == 4
    assert "uno-seat-current" in classes[0]
    assert "uno-seat-silenced" in classes[2] and "silenced" in html
    assert "uno-seat-skipped" in classes[3]
    assert "uno-seat-viewer" in classes[1] and 'title="seat 1: Ben (you)"' in html and "uno-b-you" in html
    assert "4 cards" in html and "2 cards" in html and "3 cards" in html
    assert "clockwise" in html
    game.direction = -1
    assert "counter-clockwise" in seats_html(game)
    won = Game.from_position(["R1", "G5 G6"], "R3", "B5", names=["Ana", "Ben"])
    won.play("R1")
    assert "uno-seat-winner" in seats_html(won) and "winner" in seats_html(won)


def test_seats_uno_window_badge():
    game = Game.from_position(["R1 R2", "G5 G6 G7"], "R3", "B5", names=["Ana", "Ben"])
    game.play("R1")
    assert game.uno_window == 0
    assert "no UNO said" in seats_html(game)


@pytest.mark.parametrize("players", [2, 3, 6, 10])
def test_seats_fit_for_every_table_size(players):
    game = Game.new(players, seed=1)
    html = seats_html(game, width=460)
    boxes = re.findall(r'data-seat="\d+"[^>]*style="left:(-?[\d.]+)px;top:(-?[\d.]+)px;width:([\d.]+)px', html)
    lefts = [float(x) for x, _, _ in boxes]
    tops = [float(y) for _, y, _ in boxes]
    rights = [float(x) + float(w) for x, _, w in boxes]
    assert len(lefts) == players
    assert min(lefts) >= 0 and max(rights) <= 460
    assert min(tops) >= 0


def test_names_are_escaped_everywhere():
    evil = '<script>alert("x")</script>'
    game = Game.from_position(["R7", "G5"], "R3", "B5", names=[evil, "Ben & Co"])
    game.silenced = 0
    for html in (table_html(game), seats_html(game, viewer=0)):
        assert "<script>" not in html
        assert "&lt;script&gt;" in html
    assert "Ben &amp; Co" in seats_html(game)
    log = log_html([evil, "a < b"])
    assert "<script>" not in log and "a &lt; b" in log


def test_log_newest_last_and_limited():
    lines = [f"line {i}" for i in range(1, 21)]
    html = log_html(lines, last=5)
    assert "line 15" not in html and "line 16" in html and "line 20" in html
    assert html.index("line 16") < html.index("line 20")
    assert html.count('class="uno-log-line uno-log-new"') == 1
    assert re.search(r'uno-log-new"><span class="uno-log-n">20\.</span>line 20', html)
    assert "Nothing has happened yet" in log_html([])
    game = game4()
    game.play("G3")
    assert "green 3" in log_html(game.narrate(EVERYONE)) or "G3" in log_html(game.narrate(EVERYONE))


def test_color_swatch():
    html = color_swatch_html(Color.YELLOW)
    assert COLORS_HEX[Color.YELLOW] in html and "YELLOW" in html
    assert "none yet" in color_swatch_html(None)
    assert "RED" in color_swatch_html("R")


def test_render_does_not_import_ipywidgets():
    import ast
    from pathlib import Path

    import uno_lessons.render as render

    for path in Path(render.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        imported |= {(n.module or "").split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert "ipywidgets" not in imported, path.name


@pytest.mark.parametrize("players", range(2, 11))
@pytest.mark.parametrize("width", [360, 460, 600])
def test_seat_boxes_do_not_overlap(players, width):
    html = seats_html(Game.new(players, seed=2), width=width)
    boxes = [tuple(map(float, b)) for b in re.findall(
        r'data-seat="\d+"[^>]*style="left:(-?[\d.]+)px;top:(-?[\d.]+)px;width:([\d.]+)px;min-height:([\d.]+)px', html)]
    assert len(boxes) == players
    for i, (x1, y1, w1, h1) in enumerate(boxes):
        for x2, y2, w2, h2 in boxes[i + 1:]:
            apart = x1 + w1 <= x2 or x2 + w2 <= x1 or y1 + h1 <= y2 or y2 + h2 <= y1
            assert apart, (players, width, (x1, y1), (x2, y2))


# --------------------------------------------------------------------------- accessibility


def test_contrast_ratio_matches_wcag_reference_values():
    assert contrast_ratio("#000", "#fff") == pytest.approx(21)
    assert contrast_ratio("#fff", "#fff") == pytest.approx(1)
    assert contrast_ratio("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)  # the known AA grey
    assert contrast_ratio("#379711", "#ffffff") == pytest.approx(3.75, abs=0.01)  # why green has dark text


@pytest.mark.parametrize("color", list(Color), ids=lambda c: c.label)
def test_text_on_every_card_colour_meets_aa(color):
    assert contrast_ratio(COLORS_HEX[color], TEXT_ON[color]) >= 4.5


def test_every_badge_and_button_colour_in_the_css_meets_aa_with_white_text():
    pairs = re.findall(r"\.(uno-b-[a-z]+)\{\{?background:(#[0-9a-f]{3,6})", STYLE)
    pairs += re.findall(r"\.(uno-btn-[a-z]+)\{background:(#[0-9a-f]{3,6});color:#fff", LESSON_CSS)
    assert len(pairs) >= 10
    for name, bg in pairs:
        assert contrast_ratio(bg, "#ffffff") >= 4.5, f"{name}: white on {bg}"


def test_small_grey_text_and_messages_meet_aa():
    for rule in ("uno-log-n", "uno-log-empty"):
        color = re.search(rf"\.{rule}\{{[^}}]*color:(#[0-9a-f]{{6}})", STYLE).group(1)
        assert contrast_ratio(color, "#fbfbf8") >= 4.5, rule
    for kind, (_icon, fg, bg) in _MESSAGE_STYLES.items():
        assert contrast_ratio(fg, bg) >= 4.5 and contrast_ratio(INK, bg) >= 4.5, kind


def test_colour_word_is_dark_on_a_white_pill_and_faded_cards_keep_their_contrast():
    svg = card_svg("G3", dimmed=True)
    root = parse_svg(svg)
    word = next(t for t in root.iter(SVG + "text") if t.get("class") == "uno-color-word")
    pill = list(root)[list(root).index(word) - 1]
    assert (pill.get("fill"), word.get("fill")) == ("#fff", INK)
    assert contrast_ratio(pill.get("fill"), word.get("fill")) >= 4.5
    assert "opacity" not in root.get("style") and "grayscale" in root.get("style")
    assert root.find(f".//{SVG}g[@class='uno-stripes']") is not None, "not playable: a pattern, not only grey"


def test_chosen_colour_badge_meets_aa_on_its_colour():
    root = parse_svg(card_svg("W", chosen_color="G"))
    word = next(t for t in root.iter(SVG + "text") if t.get("class") == "uno-chosen-word")
    pill = list(root)[list(root).index(word) - 1]
    assert word.text == "GREEN" and contrast_ratio(pill.get("fill"), word.get("fill")) >= 4.5
    assert root.get("aria-label") == "Wild, green chosen"


def test_decorative_card_is_hidden_from_screen_readers():
    root = parse_svg(card_svg("B4", decorative=True))
    assert root.get("aria-hidden") == "true" and root.get("role") is None and root.find(SVG + "title") is None
    assert parse_svg(back_svg(decorative=True)).get("aria-hidden") == "true"
    assert parse_svg(card_svg("B4", label="blue 4, gold frame")).get("aria-label") == "blue 4, gold frame"


def test_cards_in_words():
    assert [card_words(c) for c in ("G0", "BS", "YR", "R+2", "W", "W+4", "WDT")] == [
        "green 0", "blue Skip", "yellow Reverse", "red Draw Two", "Wild", "Wild Draw Four", "Wild Don't Talk"]
    assert card_state_words("G0", playable=True) == "green 0, playable"
    assert card_state_words("B4", playable=False) == "blue 4, cannot be played now"
    assert card_state_words("W", chosen=Color.RED) == "Wild, red chosen"
    assert card_state_words("W", face_down=True) == "face-down card"


def test_text_width_measures_each_glyph_and_fit_shrinks_only_what_does_not_fit():
    assert text_width("", 10) == 0
    assert text_width("WW", 10) > text_width("II", 10) * 2  # wide and narrow letters differ
    assert text_width("ÉÉ", 10) == text_width("EE", 10)  # accents measured as their letter
    assert text_width("жута", 10) == text_width("ЖУТА", 10)  # lower case as capitals
    assert text_width("漢字", 10) == 20  # full-width script: one em each
    assert fit_font_size("RED", 51, 9.5, letter_spacing=0.6) == 9.5
    for word in ("KUNING", "ЦРВЕНА", "DONKERGROENACHTIG", "漢字漢字漢字漢字"):
        size = fit_font_size(word, 51, 9.5)
        assert size <= 9.5 and text_width(word, size) <= 51 + 1e-9


def test_hand_is_a_list_of_list_items_with_notes_in_words():
    html = hand_html(["G3", "R7"], dim=[1], notes={1: "cannot be played now"}, label="Ana's hand")
    assert 'role="list" aria-label="Ana&#x27;s hand"' in html
    assert html.count('role="listitem"') == 2
    assert 'aria-label="red 7, cannot be played now"' in html
    assert 'class="uno-code" aria-hidden="true"' in html
    assert 'role="list"' not in hand_html([]), "an empty hand is no list without items"


def test_log_is_a_named_focusable_region_not_a_replaced_live_region():
    html = log_html(["a", "b"])
    assert 'role="region" aria-label="Game log" tabindex="0"' in html and "aria-live" not in html


def test_seats_reflow_to_a_row_when_the_page_is_narrower_than_the_oval():
    html = seats_html(game4(), width=460)
    assert '<div class="uno-seats-wrap uno-seats-w460" style="width:460px;max-width:100%">' in html
    assert "@container (max-width:459.5px)" in html and ".uno-seats-w460 .uno-seat{position:static" in html
    assert 'aria-label="silenced"' not in seats_html(game4(), width=460)  # the badge says it in words


def test_colour_swatch_beside_its_name_is_decoration():
    assert 'aria-hidden="true"' in color_swatch_html("G") and "GREEN" in color_swatch_html("G")
    assert 'role="img" aria-label="green"' in color_swatch_html("G", label=False)

"""uno_lessons.widgets: the base ipywidgets views, driven without a browser."""

from __future__ import annotations

import ipywidgets as widgets
import pytest
import traitlets

from uno_lessons import Card, Color, Game, parse_cards
from uno_lessons.render import COLORS_HEX, TEXT_ON, contrast_ratio
from uno_lessons.widgets import (
    ColorPicker,
    HandView,
    LogView,
    MessageView,
    SeatsView,
    TableDisplay,
    ToggleChoice,
)
from uno_lessons.widgets.page import PageBridge


def classes(w) -> list[str]:
    return list(w._dom_classes)


def test_hand_view_buttons_are_named_as_people_say_cards():
    hand = HandView(parse_cards("G3 W+4 R+2 WDT"), name="Ana's hand")
    assert [b.description for b in hand.buttons] == ["green 3", "Wild Draw Four", "red Draw Two",
                                                     "Wild Don't Talk"]
    assert [it["caption"] for it in hand.items] == ["G3", "W+4", "R+2", "WDT"]
    assert all("uno-card-btn" in b.classes for b in hand.buttons)
    assert "uno-card-Wp4" in hand.buttons[1].classes and "uno-card-Rp2" in hand.buttons[2].classes
    assert hand.label == "Ana's hand, 4 cards"
    # The picture inside a named button is decoration: hidden from screen readers, no second name.
    svg = hand.items[0]["svg"]
    assert 'aria-hidden="true"' in svg and "aria-label" not in svg and "<title>" not in svg
    assert isinstance(hand, widgets.DOMWidget)


def test_hand_view_selectable_cards_are_toggles_with_aria_pressed_and_a_check_badge():
    got = []
    hand = HandView(["G3", "YS", "W"], on_click=lambda i, c: got.append((i, c)))
    assert [b.pressed for b in hand.buttons] == [False, False, False]
    hand.buttons[1].click()
    assert got == [(1, Card.parse("YS"))]
    assert hand.selected == {1} and hand.buttons[1].pressed is True
    assert "uno-selected" in hand.items[1]["svg"] and "uno-check" in hand.items[1]["svg"]
    hand.buttons[2].click()
    hand.buttons[1].click()
    assert hand.selected == {2}
    assert [i for i, _ in got] == [1, 2, 1]
    assert "uno-selected" not in hand.items[1]["svg"] and "uno-check" not in hand.items[1]["svg"]


def test_hand_view_not_selectable_still_calls_back_and_is_no_toggle():
    got = []
    hand = HandView(["G3"], selectable=False)
    hand.on_click(lambda i, c: got.append(c.code))
    hand.buttons[0].click()
    assert got == ["G3"] and hand.selected == set()
    assert hand.buttons[0].pressed is None  # no aria-pressed on a button that only acts


def test_hand_view_playable_cards_are_said_and_others_marked_unavailable():
    hand = HandView(["G0", "B4", "W"], selectable=False)
    assert [b.description for b in hand.buttons] == ["green 0", "blue 4", "Wild"]
    hand.set_playable([0, 2])
    assert [b.description for b in hand.buttons] == ["green 0, playable", "blue 4, cannot be played now",
                                                     "Wild, playable"]
    assert [b.disabled for b in hand.buttons] == [False, True, False]
    # Not by colour or fading alone: greyed and striped, and the button says it.
    assert "uno-stripes" in hand.items[1]["svg"] and "opacity:.42" not in hand.items[1]["svg"]
    assert "uno-illegal" in hand.buttons[1].classes
    got = []
    hand.on_click(lambda i, c: got.append(c.code))
    hand.buttons[1].click()
    assert got == ["B4"], "a card that cannot be played still answers a click (with the reason)"
    hand.set_playable(None)
    assert [b.description for b in hand.buttons] == ["green 0", "blue 4", "Wild"]


def test_hand_view_toggles_stay_operable_when_judged():
    hand = HandView(["G0", "B4"], selectable=True)
    hand.set_playable([0])
    assert hand.buttons[1].description == "blue 4, cannot be played now"
    assert not hand.buttons[1].disabled, "a toggle must stay operable"
    hand.buttons[1].click()
    assert hand.selected == {1}


def test_hand_view_click_message_from_the_page_is_checked_against_the_card():
    got = []
    hand = HandView(["G3", "YS"], selectable=False, on_click=lambda i, c: got.append(c.code))
    hand._on_message(hand, {"cmd": "click", "index": 1, "code": "YS"}, None)
    hand._on_message(hand, {"cmd": "click", "index": 1, "code": "G3"}, None)  # a stale click
    hand._on_message(hand, {"cmd": "click", "index": 7, "code": "YS"}, None)
    assert got == ["YS"]


def test_hand_view_set_cards_rerenders_and_clears_marks():
    hand = HandView(["G3", "YS"])
    hand.buttons[0].click()
    hand.cards = ["B7", "B8", "W+4"]
    assert [c.code for c in hand.cards] == ["B7", "B8", "W+4"]
    assert hand.selected == set() and hand.playable is None
    assert len(hand.buttons) == 3 and len(hand.items) == 3
    hand.set_marks(dim={0})
    assert "uno-dimmed" in hand.items[0]["svg"] and hand.buttons[0].description == "blue 7, cannot be played now"
    hand.cards = []
    assert hand.buttons == [] and hand.label == "0 cards" and hand.empty_text == "(no cards)"


def test_hand_view_focus_selector_names_one_card_of_this_view():
    a, b = HandView(["G3"]), HandView(["G3"])
    assert a.focus_selector(0) != b.focus_selector(0)
    assert a.focus_selector(0).endswith('.uno-card-btn[data-index="0"]')
    cls = a.focus_selector(0).split()[0].lstrip(".")
    assert cls in a._dom_classes


def test_hand_view_face_down_hides_cards():
    hand = HandView(["G3", "W+4"], face_down=True)
    assert all(b.disabled for b in hand.buttons)
    assert [b.description for b in hand.buttons] == ["face-down card 1", "face-down card 2"]
    assert all("G3" not in it["svg"] and "green" not in it["svg"] and it["caption"] == "" for it in hand.items)
    got = []
    hand.on_click(lambda i, c: got.append(c))
    hand.buttons[0].click()
    assert got == []


def test_toggle_choice_exposes_the_pressed_option():
    t = ToggleChoice([("4 players", 4), ("2 players", 2)], value=2, description="Players")
    assert t.labels == ["4 players", "2 players"] and t.index == 1 and t.value == 2
    seen = []
    t.observe(lambda c: seen.append(c["new"]), names="value")
    t.index = 0  # what a click in the page sends
    assert t.value == 4 and seen == [4]
    t.value = 2
    assert t.index == 1
    with pytest.raises(traitlets.TraitError, match="not one of the options"):
        t.value = 3
    assert t.value == 2 and t.index == 1
    # The module it sends (the front end's minified build) names its group and says which is pressed.
    assert '"aria-pressed"' in t._esm and '"role","group"' in t._esm
    with pytest.raises(ValueError):
        ToggleChoice([])


def test_color_picker_calls_back_with_color():
    got = []
    picker = ColorPicker(on_pick=got.append)
    assert [b.description for b in picker.children] == ["Red", "Yellow", "Green", "Blue"]
    assert "uno-color-green" in classes(picker.buttons[Color.GREEN])
    picker.buttons[Color.GREEN].click()
    picker.buttons[Color.RED].click()
    assert got == [Color.GREEN, Color.RED]
    picker.set_disabled(True)
    assert all(b.disabled for b in picker.children)


@pytest.mark.parametrize("color", list(Color), ids=lambda c: c.label)
def test_color_picker_text_meets_aa_contrast(color):
    btn = ColorPicker().buttons[color]
    assert btn.style.button_color == COLORS_HEX[color] and btn.style.text_color == TEXT_ON[color]
    assert contrast_ratio(btn.style.button_color, btn.style.text_color) >= 4.5


def test_table_display_updates_after_a_move():
    game = Game.from_position(["R7 G3", "G5 Y1"], "R3 G9", "B5 B6", names=["Ana", "Ben"])
    view = TableDisplay(game)
    assert "GREEN" in view.value and "Ana" in view.value
    game.play("G3")
    before = view.value
    view.update(game)
    assert view.value != before
    assert "green 3" in view.value and "3 cards in the discard pile" in view.value


def test_seats_view_keeps_options():
    game = Game.from_position(["R7 G3", "G5 Y1", "B1"], "R3", "B5 B6", names=["Ana", "Ben", "Caro"])
    view = SeatsView(game, viewer=1)
    assert 'title="seat 1: Ben (you)"' in view.value
    view.update(game, highlight_skipped=2)
    assert "skipped" in view.value and "uno-b-you" in view.value


def test_log_view_keeps_last_lines():
    log = LogView(max_lines=3)
    assert "Nothing has happened yet" in log.value
    log.update([f"event {i}" for i in range(10)])
    assert "event 6" not in log.value and "event 9" in log.value
    # A scrolling region a keyboard can reach, named, and not a live region redrawn every time.
    assert 'tabindex="0"' in log.value and 'aria-label="Game log"' in log.value
    assert "aria-live" not in log.value and 'role="log"' not in log.value


@pytest.mark.parametrize("kind", ["ok", "error", "info"])
def test_message_view_shows_and_announces_once_through_the_persistent_region(kind):
    page = PageBridge()
    msg = MessageView(page=page)
    getattr(msg, kind)("a <b> & c")
    assert f"uno-msg-{kind}" in msg.value and "a &lt;b&gt; &amp; c" in msg.value
    # The box is no live region of its own (a replaced region is rarely announced) ...
    assert "role=" not in msg.value and "aria-live" not in msg.value
    # ... the page's one persistent region says it: assertively only for an error.
    assert page.last("announce") == {"cmd": "announce", "text": "a <b> & c", "assertive": kind == "error"}
    assert msg.kind == kind
    msg.clear()
    assert msg.value == "" and msg.kind is None


def test_message_view_can_be_silent_or_polite_for_one_message():
    page = PageBridge()
    msg = MessageView(page=page)
    msg.show("info", "3 cards marked", announce=False)
    assert page.last("announce") is None
    msg.show("error", "2 of 7 right", assertive=False)
    assert page.last("announce")["assertive"] is False
    quiet = MessageView()  # no page: only shown, its owner announces
    quiet.error("not said")
    assert page.last("announce")["text"] == "2 of 7 right" and quiet.text == "not said"


def test_hand_view_text_form_says_it_must_be_run():
    assert repr(HandView(["G3", "W"], name="Your hand")) == \
        "Your hand, 2 cards (run this cell to use these card buttons): G3 W"

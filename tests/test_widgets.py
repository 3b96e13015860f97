"""uno_lessons.widgets: the base ipywidgets views, driven without a browser."""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from uno_lessons import Card, Color, Game, parse_cards
from uno_lessons.widgets import ColorPicker, HandView, LogView, MessageView, SeatsView, TableView


def classes(w) -> list[str]:
    return list(w._dom_classes)


def test_hand_view_buttons_have_codes_and_classes():
    hand = HandView(parse_cards("G3 W+4 R+2 WDT"))
    assert [b.description for b in hand.buttons] == ["G3", "W+4", "R+2", "WDT"]
    assert all("uno-card-btn" in classes(b) for b in hand.buttons)
    assert "uno-card-Wp4" in classes(hand.buttons[1])
    assert "uno-card-Rp2" in classes(hand.buttons[2])
    assert 'aria-label="green 3"' in hand._pictures[0].value
    assert isinstance(hand, widgets.Box)


def test_hand_view_click_calls_back_and_toggles_selection():
    got = []
    hand = HandView(["G3", "YS", "W"], on_click=lambda i, c: got.append((i, c)))
    hand.buttons[1].click()
    assert got == [(1, Card.parse("YS"))]
    assert hand.selected == {1}
    assert hand.buttons[1].button_style == "warning"
    assert "uno-selected" in hand._pictures[1].value
    hand.buttons[2].click()
    hand.buttons[1].click()
    assert hand.selected == {2}
    assert [i for i, _ in got] == [1, 2, 1]
    assert "uno-selected" not in hand._pictures[1].value


def test_hand_view_not_selectable_still_calls_back():
    got = []
    hand = HandView(["G3"], selectable=False)
    hand.on_click(lambda i, c: got.append(c.code))
    hand.buttons[0].click()
    assert got == ["G3"] and hand.selected == set()


def test_hand_view_set_cards_rerenders_and_clears_selection():
    hand = HandView(["G3", "YS"])
    hand.buttons[0].click()
    hand.cards = ["B7", "B8", "W+4"]
    assert [c.code for c in hand.cards] == ["B7", "B8", "W+4"]
    assert hand.selected == set()
    assert len(hand.buttons) == 3 and len(hand.children) == 3
    hand.set_marks(dim={0})
    assert "uno-dimmed" in hand._pictures[0].value
    hand.cards = []
    assert hand.buttons == []


def test_hand_view_face_down_hides_cards():
    hand = HandView(["G3", "W+4"], face_down=True)
    assert all(b.disabled for b in hand.buttons)
    assert all("G3" not in b.description for b in hand.buttons)
    assert all("face-down card" in p.value and "green" not in p.value for p in hand._pictures)


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


def test_table_view_updates_after_a_move():
    game = Game.from_position(["R7 G3", "G5 Y1"], "R3 G9", "B5 B6", names=["Ana", "Ben"])
    view = TableView(game)
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


@pytest.mark.parametrize("kind", ["ok", "error", "info"])
def test_message_view(kind):
    msg = MessageView()
    getattr(msg, kind)("a <b> & c")
    assert f"uno-msg-{kind}" in msg.value and "a &lt;b&gt; &amp; c" in msg.value
    assert msg.kind == kind
    msg.clear()
    assert msg.value == "" and msg.kind is None

"""The live-game dashboard driven from Python: clicks are ``button.click()``, no browser.

No asyncio loop runs here, so bots never move by themselves: ``step()`` / ``run_bots()``
move them, exactly what the timer does in Voilà.
"""

from __future__ import annotations

import re

import ipywidgets as widgets
import pytest

from uno_lessons import Game
from uno_lessons.dashboard import SERIES, LiveGame, dashboard_page, hand_size_chart_svg
from uno_lessons.dashboard.app import PLAY_AREA
from uno_lessons.dashboard.hand import HandPanel
from uno_lessons.dashboard.style import CARD_H, CARD_W, aria_rules
from uno_lessons.engine.cards import Card
from uno_lessons.engine.events import EVERYONE
from uno_lessons.engine.moves import Move
from uno_lessons.table import open_store
from uno_lessons.widgets.page import PageBridge


def codes(live: LiveGame) -> list[str]:
    return [c.code for c in live.parts.hand.cards[:len(live.parts.hand.box.children)]]


def button_for(live: LiveGame, code: str):
    return live.parts.hand.box.children[codes(live).index(code)]


def play_human_turn(live: LiveGame) -> None:
    """Make one move for the human to move, by clicking only: a glowing card (with a colour
    and a target when asked), else Draw / Keep / Accept / Pass."""
    g = live.table.state.game
    if not live.parts.actions.uno.disabled:
        live.parts.actions.uno.click()
    if g.phase == "challenge":
        live.parts.actions.accept.click()
        return
    legal = [b for b in live.parts.hand.box.children if "uno-legal" in b._dom_classes]
    if legal:
        legal[0].click()
        if live.parts.picker.widget.layout.display != "none":
            live.parts.picker.colors.buttons[next(iter(live.parts.picker.colors.buttons))].click()
            if live.parts.picker.targets.children:
                live.parts.picker.targets.children[0].click()
        return
    for b in (live.parts.actions.keep, live.parts.actions.draw, live.parts.actions.pass_):
        if not b.disabled:
            b.click()
            return
    raise AssertionError(f"no move offered to the human: {g!r}")


def test_builds_with_a_human_at_seat_zero():
    live = LiveGame(players=4, seed=1)
    g = live.table.state.game
    assert live.seat_kinds == ["human", "sensible", "sensible", "sensible"]
    assert codes(live) == [c.code for c in g.hands[0]]
    for b, card in zip(live.parts.hand.box.children, live.parts.hand.cards):
        assert "uno-card-btn" in b._dom_classes
        assert f"uno-card-{card.code.replace('+', 'p')}" in b._dom_classes
        assert b.description == card.name  # named as a person says it (not my turn: no state)
    assert repr(live.widget) == "<UNO live table: run this cell to show it>"
    assert g.top_card.name in live.parts.picture.value


def test_a_new_card_button_is_born_with_its_state_and_shares_one_layout_and_style(monkeypatch):
    # Every page builds a hand: its buttons share one Layout and one ButtonStyle, and the card
    # faces' <style> widgets one of each too, so a page creates and draws fewer models; a new
    # slot's button carries its name and classes in its opening message, with no update after.
    hand = HandPanel(on_card=lambda i: None)
    cards = [Card.parse(c) for c in ("R7", "Y9", "G1")]
    hand.show_buttons("Ana", cards[:2], playable={"R7"}, my_turn=True, pending=None, explain_illegal=True)
    updated: list[widgets.Widget] = []
    send_state = widgets.Widget.send_state

    def spy(widget, key=None):
        updated.append(widget)
        return send_state(widget, key)

    monkeypatch.setattr(widgets.Widget, "send_state", spy)
    hand.show_buttons("Ana", cards, playable={"R7"}, my_turn=True, pending=None, explain_illegal=True)
    buttons = list(hand.box.children)
    new = buttons[2]
    assert new.description == new.tooltip == "green 1, cannot be played now"
    assert new._dom_classes == ("uno-card-btn", "uno-card-G1", "uno-slot-2", "uno-illegal")
    assert not any(w in buttons for w in updated)  # the two old buttons had nothing to change
    assert updated  # the heading did change ("3 cards"): the spy sees updates
    assert len({id(b.layout) for b in buttons}) == 1 and len({id(b.style) for b in buttons}) == 1
    assert (new.layout.width, new.layout.height) == (f"{CARD_W}px", f"{CARD_H}px")
    faces = hand.css_box.children
    assert len(faces) == 3 and len({id(f.layout) for f in faces}) == 1 and len({id(f.style) for f in faces}) == 1


def test_a_drawn_card_gets_a_button_that_plays_it():
    game = Game.from_position(["R7 Y9", "B1 B2", "Y1 Y2"], "G5", "G1 R1", current=0)
    live = LiveGame(players=3, seed=0)
    live.show_position(game)
    live.parts.actions.draw.click()
    assert len(live.parts.hand.box.children) == 3
    button_for(live, "G1").click()
    assert live.table.state.game.top_card.code == "G1" and len(live.table.state.game.hands[0]) == 2


def test_human_plays_a_matching_card_by_clicking():
    live = LiveGame(players=3, seed=2)
    live.run_bots()
    g = live.table.state.game
    assert g.current_player == 0 and "data-human-turn='1'" in live.parts.status.value
    legal = {m.card.code for m in g.legal_moves() if m.kind == "play" and not m.card.is_wild}
    if not legal:
        pytest.skip("seed 2 gives no coloured play at the first turn")
    code = next(c for c in codes(live) if c in legal)
    before = len(g.hands[0])
    button_for(live, code).click()
    assert g.top_card == Card.parse(code)
    assert len(g.hands[0]) == before - 1
    assert Card.parse(code).name in live.parts.picture.value
    assert g.current_player != 0 or g.top_card.rank.value in ("S", "R", "+2")


def test_only_legal_moves_are_offered():
    game = Game.from_position(["G3 R7 W", "B1 B2", "Y1 Y2"], "G5", "R1 R2 R3", current=0)
    live = LiveGame(players=3, seed=0)
    live.show_position(game)
    marks = {code: b._dom_classes for code, b in zip(codes(live), live.parts.hand.box.children)}
    names = {code: b.description for code, b in zip(codes(live), live.parts.hand.box.children)}
    assert names["G3"] == "green 3, playable" and names["R7"] == "red 7, cannot be played now"
    assert "uno-legal" in marks["G3"] and "uno-legal" in marks["W"]
    assert "uno-illegal" in marks["R7"]
    assert not live.parts.actions.draw.disabled
    assert live.parts.actions.keep.disabled and live.parts.actions.challenge.disabled and live.parts.actions.accept.disabled
    assert live.parts.actions.uno.disabled  # three cards: saying UNO would not count


def test_illegal_click_shows_the_engine_reason_and_changes_nothing():
    game = Game.from_position(["G3 R7 W", "B1 B2", "Y1 Y2"], "G5", "R1 R2 R3", current=0)
    live = LiveGame(players=3, seed=0)
    live.show_position(game)
    game = live.table.state.game
    before = game.to_json()
    table, hand = live.parts.picture.value, codes(live)
    button_for(live, "R7").click()
    assert live.parts.message.kind == "error"
    assert live.parts.message.text == game.explain("R7")
    assert "does not match" in live.parts.message.text
    assert game.to_json() == before
    assert live.parts.picture.value == table and codes(live) == hand


def test_wild_asks_for_a_colour_then_plays():
    game = Game.from_position(["G3 R7 W", "B1 B2", "Y1 Y2"], "G5", "R1 R2 R3", current=0)
    live = LiveGame(players=3, seed=0)
    live.show_position(game)
    game = live.table.state.game
    button_for(live, "W").click()
    assert live.parts.picker.widget.layout.display != "none"
    assert game.top_card.code == "G5"  # nothing played yet
    live.parts.picker.colors.buttons[next(c for c in live.parts.picker.colors.buttons if c.label == "blue")].click()
    assert game.top_card.code == "W" and game.current_color.label == "blue"
    assert live.parts.picker.widget.layout.display == "none"
    assert "BLUE" in live.parts.picture.value


def test_wild_dont_talk_asks_for_colour_and_target():
    game = Game.from_position(["G3 WDT R7", "B1 B2", "Y1 Y2"], "G5", "R1 R2 R3", current=0)
    live = LiveGame(players=3, seed=0)
    live.show_position(game)
    game = live.table.state.game
    button_for(live, "WDT").click()
    live.parts.picker.colors.buttons[next(iter(live.parts.picker.colors.buttons))].click()
    assert game.top_card.code == "G5"
    targets = {b.description: b for b in live.parts.picker.targets.children}
    assert set(targets) == {"Ben", "Caro"}
    targets["Caro"].click()
    assert game.top_card.code == "WDT" and game.silenced == 2
    assert "silenced" in live.parts.seats.value


def test_draw_and_keep():
    game = Game.from_position(["R7 Y9", "B1 B2", "Y1 Y2"], "G5", "G1 R1", current=0)
    live = LiveGame(players=3, seed=0)
    live.show_position(game)
    game = live.table.state.game
    assert all("uno-illegal" in b._dom_classes for b in live.parts.hand.box.children)
    live.parts.actions.draw.click()
    assert game.phase == "drawn" and game.drawn.code == "G1"
    assert not live.parts.actions.keep.disabled and live.parts.actions.draw.disabled
    # Only the drawn card glows; another card gives the engine's reason.
    assert "uno-legal" in button_for(live, "G1")._dom_classes
    button_for(live, "R7").click()
    assert live.parts.message.kind == "error" and "only the drawn card" in live.parts.message.text
    live.parts.actions.keep.click()
    assert game.current_player == 1 and len(game.hands[0]) == 3


def test_say_uno_and_catch():
    game = Game.from_position(["G3 G4", "G1 B2", "Y1 Y2"], "G5", "R1 R2 R3 R4 R5", current=0)
    live = LiveGame(players=3, seed=0, seats=["human", "human", "sensible"])
    live.show_position(game)
    game = live.table.state.game
    assert not live.parts.actions.uno.disabled  # two cards on one's own turn: UNO counts
    live.parts.actions.uno.click()
    assert 0 in game.uno_said
    button_for(live, "G3").click()
    assert len(game.hands[0]) == 1 and game.uno_window is None
    # Ben (seat 1) plays to one card and forgets UNO: the other learner can catch him.
    game2 = Game.from_position(["G3 G4 R9", "G1 B2", "Y1 Y2"], "G5", "R1 R2 R3 R4 R5", current=1)
    live.show_position(game2)
    live.table.apply(Move("play", Card.parse("G1")), seat=1)  # Ben's own click, without UNO
    live.parts.bar.seat.value = 0  # the screen shows Ana again; a bot is to move
    game2 = live.table.state.game
    assert game2.uno_window == 1 and live.acting_seat == 0
    assert live.parts.actions.catch_target.value == 1 and not live.parts.actions.catch.disabled
    live.parts.actions.catch.click()
    assert len(game2.hands[1]) == 3 and live.parts.message.kind == "ok"


def test_challenge_and_accept_offered_for_a_wild_draw_four():
    game = Game.from_position(["G3 G4 R9", "W+4 B2", "Y1 Y2"], "G5", "R1 R2 R3 R4 R5 R6 R7 R8 B3",
                              current=1, direction=-1)
    live = LiveGame(players=3, seed=0, seats=["human", "human", "sensible"])
    live.show_position(game)
    live.table.apply(Move("play", Card.parse("W+4"), Card.parse("R1").color), seat=1)  # on seat 0
    game = live.table.state.game
    assert game.phase == "challenge" and game.current_player == 0
    assert not live.parts.actions.challenge.disabled and not live.parts.actions.accept.disabled
    assert live.parts.actions.draw.disabled
    live.parts.actions.accept.click()
    assert len(game.hands[0]) == 7 and game.current_player == 2


def test_a_full_hand_by_clicking_against_bots_is_scored():
    live = LiveGame(players=3, seed=5, seats=["human", "sensible", "random"])
    for _ in range(600):
        live.run_bots()
        if live.table.state.game.winner is not None:
            break
        play_human_turn(live)
    g = live.table.state.game
    assert g.winner is not None
    assert len(live.table.state.match.results) == 1
    assert live.table.state.match.totals[g.winner] == g.points
    assert f"★ {g.points}<span" in live.parts.scores.value and "won the hand" in live.parts.scores.value
    assert not live.parts.bar.next_hand.disabled
    assert f"data-winner='{g.winner}'" in live.parts.status.value
    assert len(live.table.state.history) > 3 and "polyline" in live.parts.chart.value
    live.parts.bar.next_hand.click()
    assert live.table.state.game.winner is None and len(live.table.state.match.results) == 1


def test_player_view_hides_and_teacher_view_shows_other_hands():
    live = LiveGame(players=4, seed=3)
    assert "uno-miniback" in live.parts.others.value
    assert "uno-svg-" not in live.parts.others.value  # no face of another hand leaks
    live.parts.bar.view.value = "teacher"
    assert "uno-svg-" in live.parts.others.value and "uno-miniback" not in live.parts.others.value
    for s in (1, 2, 3):
        for card in live.table.state.game.hands[s]:
            assert f"uno-svg-{card.code.replace('+', 'p')}" in live.parts.others.value


def test_player_view_log_hides_drawn_cards_of_others():
    live = LiveGame(players=3, seed=4, seats=["human", "sensible", "sensible"])
    live.run_bots()
    g = live.table.state.game
    assert live.parts.log.lines == g.narrate(viewer=0)
    live.parts.bar.view.value = "teacher"
    assert live.parts.log.lines == g.narrate(EVERYONE)


def test_bots_only_game_runs_to_the_end_by_steps_and_new_game_settings():
    live = LiveGame(players=4, seed=1)
    live.parts.bar.settings_toggle.value = True
    assert live.parts.setup.widget.layout.display != "none"
    live.parts.setup.players.value = 5
    assert [d.layout.display for d in live.parts.setup.seat_inputs[:6]] == [None] * 5 + ["none"]
    for s in range(5):
        live.parts.setup.seat_inputs[s].value = "random" if s % 2 else "sensible"
    live.parts.setup.rules.value = "classic"
    live.parts.setup.seed.value = 11
    live.parts.setup.start.click()
    g = live.table.state.game
    assert g.players == 5 and g.rules.name == "classic" and live.humans == []
    assert live.parts.actions.widget.layout.display == "none"  # nobody human: no action buttons
    assert live.parts.hand.picture.layout.display != "none"
    for _ in range(3000):
        if not live.step():
            break
    assert g.winner is not None
    assert live.parts.bar.step.disabled and not live.parts.bar.next_hand.disabled


def test_same_seed_same_game():
    a, b = LiveGame(players=4, seed=9), LiveGame(players=4, seed=9)
    a.run_bots()
    b.run_bots()
    assert a.table.state.game.to_json() == b.table.state.game.to_json()


def test_step_when_a_human_is_to_move_does_nothing():
    game = Game.from_position(["G3 R7 W", "B1 B2", "Y1 Y2"], "G5", "R1 R2 R3", current=0)
    live = LiveGame(players=3, seed=0)
    live.show_position(game)
    game = live.table.state.game
    before = game.to_json()
    live.parts.bar.step.click()
    assert game.to_json() == before and live.parts.message.kind == "info"


def test_clicking_a_card_out_of_turn_is_refused():
    live = LiveGame(players=3, seed=1)
    g = live.table.state.game
    assert g.current_player != 0
    # Out of turn the cards are aria-disabled (class uno-waiting), not disabled: they keep
    # keyboard focus and a click says why not.
    for b in live.parts.hand.box.children:
        assert "uno-waiting" in b._dom_classes and not b.disabled
    live.click_card(0)
    assert live.parts.message.kind == "error" and "turn" in live.parts.message.text


def test_chart_svg_is_well_formed_for_ten_players():
    names = [f"P{i}" for i in range(10)]
    svg = hand_size_chart_svg([tuple([7] * 10), tuple([6] + [7] * 9), tuple([6, 8] + [7] * 8)], names)
    assert svg.count("<polyline") == 10 and svg.endswith("</svg>")
    assert len(re.findall(r"<text", svg)) >= 10


def test_bad_arguments():
    with pytest.raises(ValueError):
        LiveGame(players=11)
    with pytest.raises(ValueError):
        LiveGame(players=3, seats=["human", "alien", "random"])
    with pytest.raises(ValueError):
        LiveGame(players=3, rules="poker")


def test_the_form_checks_a_config_as_the_table_does_in_the_table_words():
    """One list of seat kinds, player counts from the rule sets, and the table's checks with
    its (translated) sentences: the form refuses what ``TableConfig.make`` refuses, as it does."""
    import uno_lessons.dashboard as dashboard
    from uno_lessons import Rules
    from uno_lessons.dashboard import game_config, setup_form
    from uno_lessons.i18n import use_language
    from uno_lessons.table import SeatKind, TableConfig, TableError
    from uno_lessons.table import config as table_config

    # One definition: the table's SeatKind, offered by the form seat by seat, stored as its strings.
    assert not hasattr(dashboard, "SEAT_KINDS") and not hasattr(setup_form, "SEAT_KINDS")
    assert [k.value for k in SeatKind] == ["human", "random", "sensible", "learned", "coach"]
    assert SeatKind.known("sensible") and not SeatKind.known("alien") and not SeatKind.known(["human"])
    live = LiveGame(players=3, seed=1)
    live.parts.bar.settings_toggle.value = True
    assert [v for _label, v in live.parts.setup.seat_inputs[0].options] == list(SeatKind)
    assert (setup_form.MIN_PLAYERS, setup_form.MAX_PLAYERS) == (2, 10)
    for rules in (Rules.encanto(), Rules.classic()):
        assert (rules.min_players, rules.max_players) == (2, 10)
    good = {"players": 3, "rules": "encanto", "seed": 1, "seats": ["human", "sensible", "random"]}
    game_config.first_config(**good)
    for lang in ("en", "nl"):
        with use_language(lang):
            for change in ({"players": 11}, {"players": 1}, {"seats": ["human", "alien", "random"]},
                           {"seats": ["human"]}, {"rules": "poker"}):
                cfg = {**good, **change}
                with pytest.raises(TableError) as form_error:
                    game_config.first_config(**cfg)
                with pytest.raises(TableError) as table_error:
                    TableConfig.make(cfg["players"], cfg["seats"], rules=cfg["rules"], seed=cfg["seed"])
                assert str(form_error.value) == str(table_error.value), (lang, change)
    with use_language("nl"), pytest.raises(TableError, match="speel je met 2 tot en met 10 spelers; deze tafel heeft er 11"):
        LiveGame(players=11)
    # The counts are the rules' own: a rule set seating three or four refuses five.
    with pytest.raises(TableError, match="3 to 4 players; this table has 5"):
        table_config.check_players(5, Rules.classic().replace(min_players=3, max_players=4))


def test_classic_first_wild_draw_asks_for_the_colour():
    # Seed 11 turns a Wild first (C-SETUP-4): the first player (seat 1) names the colour.
    live = LiveGame(players=3, rules="classic", seed=11, seats=["sensible", "human", "sensible"])
    g = live.table.state.game
    assert g.top_card.code == "W" and g.current_color is None and g.current_player == 1
    live.parts.actions.draw.click()
    assert live.parts.picker.widget.layout.display != "none" and len(g.hands[1]) == 7
    red = next(c for c in live.parts.picker.colors.buttons if c.label == "red")
    live.parts.picker.colors.buttons[red].click()
    assert g.current_color is red and len(g.hands[1]) == 8


def test_bots_move_by_themselves_only_once_a_front_end_shows_the_table():
    import asyncio

    async def scenario():
        live = LiveGame(players=3, seed=2, seats=["sensible", "random", "sensible"], speed="turbo")
        start = len(live.table.state.game.events)
        await asyncio.sleep(0.4)
        assert len(live.table.state.game.events) == start  # nobody is watching yet
        live.frontend.seen.value = 1  # what the front end's link sends when it renders the widgets
        assert live.frontend.shown
        for _ in range(200):
            await asyncio.sleep(0.05)
            if len(live.table.state.game.events) > start + 3:
                break
        assert len(live.table.state.game.events) > start + 3
        live.parts.bar.auto.value = False  # stops the timer
        n = len(live.table.state.game.events)
        await asyncio.sleep(0.3)
        assert len(live.table.state.game.events) == n

    asyncio.run(scenario())


def test_pass_is_offered_only_when_nothing_can_be_played_or_drawn():
    game = Game.from_position(["R7 Y9", "B1 B2", "Y1 Y2"], "G5", "", current=0)
    live = LiveGame(players=3, seed=0)
    live.show_position(game)
    game = live.table.state.game
    assert live.parts.actions.draw.disabled and not live.parts.actions.pass_.disabled
    assert live.parts.actions.pass_.layout.display is None
    live.parts.actions.pass_.click()
    assert game.current_player == 1 and live.parts.actions.pass_.layout.display == "none"


# ---------------------------------------------------------------------------- accessibility
# What the page bridge is told to do in the browser (focus moves, announcements), from now on.
def record_bridge(live: LiveGame):
    live.bridge.sent.clear()
    return live.bridge.sent


def focus_moves(sent) -> list[tuple[str, str | None]]:
    return [(m["selector"], m["only_from"]) for m in sent if m["cmd"] == "focus"]


def announced(sent, assertive: bool = False) -> list[str]:
    return [m["text"] for m in sent if m["cmd"] == "announce" and m["assertive"] == assertive]


def contrast(a: str, b: str) -> float:
    """The WCAG 2 contrast ratio of two #rrggbb colours."""
    def lum(h: str) -> float:
        c = [int(h[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        c = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_cards_are_named_with_their_state_and_out_of_turn_ones_are_aria_disabled():
    game = Game.from_position(["G3 R7 W", "B1 B2", "Y1 Y2"], "G5", "R1 R2 R3", current=0)
    live = LiveGame(players=3, seed=0)
    live.show_position(game)
    names = [b.description for b in live.parts.hand.box.children]
    assert names == ["green 3, playable", "red 7, cannot be played now", "Wild, playable"]
    button_for(live, "W").click()  # a wild waits for its colour
    assert button_for(live, "W").description == "Wild, waiting for its colour"
    assert "uno-pending" in button_for(live, "W")._dom_classes
    live.parts.picker.cancel.click()
    button_for(live, "G3").click()  # now the bots are to move: every card waits
    for b in live.parts.hand.box.children:
        assert "uno-waiting" in b._dom_classes and not b.disabled
        assert "playable" not in b.description


def test_focus_goes_to_the_colours_then_the_targets_then_back_to_the_hand():
    game = Game.from_position(["G3 WDT R7", "B1 B2", "Y1 Y2"], "G5", "R1 R2 R3", current=0)
    live = LiveGame(players=3, seed=0)
    live.show_position(game)
    sent = record_bridge(live)
    button_for(live, "WDT").click()
    assert focus_moves(sent)[-1] == (".uno-dash .uno-picker .uno-color-btn", None)
    assert announced(sent)[-1] == "Choose the colour for your Wild Don't Talk."
    live.parts.picker.colors.buttons[next(iter(live.parts.picker.colors.buttons))].click()
    assert focus_moves(sent)[-1] == (".uno-dash .uno-picker .uno-target-btn", None)
    live.parts.picker.targets.children[0].click()
    # The picker closed and the bots are to move: focus back on the hand (its first card).
    assert focus_moves(sent)[-1] == (".uno-dash .uno-hand-btns .uno-slot-0", None)


def test_when_the_turn_comes_round_focus_goes_to_the_first_playable_card():
    game = Game.from_position(["R7 G3 G4", "G1 B2 B8", "G2 Y1 Y8"], "G5", "R1 R2 R3", current=0)
    live = LiveGame(players=3, seed=0)
    live.show_position(game)
    sent = record_bridge(live)
    button_for(live, "G3").click()
    # Own move: focus moves only if it was lost (the played card's button went away).
    assert focus_moves(sent)[-1] == (".uno-dash .uno-hand-btns .uno-slot-0", "")
    live.run_bots()
    assert live.table.state.game.current_player == 0
    playable = next(i for i, c in enumerate(live.parts.hand.cards) if c.code == "G4")
    assert (f".uno-dash .uno-hand-btns .uno-slot-{playable}", PLAY_AREA) in focus_moves(sent)


def test_with_no_card_to_play_focus_goes_to_the_move_on_offer():
    game = Game.from_position(["R7 Y9", "B1 B2", "Y1 Y2"], "G5", "G1 R1", current=0)
    live = LiveGame(players=3, seed=0)
    sent = record_bridge(live)
    live.show_position(game)
    assert focus_moves(sent)[-1][0] == ".uno-dash .uno-act-draw"
    live.parts.actions.draw.click()  # G1 can be played: it takes focus (Draw is off now)
    assert focus_moves(sent)[-1] == (live.parts.hand.slot_selector(codes(live).index("G1")), "")


def test_a_teacher_page_keeps_focus_on_its_panel_and_then_on_next_hand():
    store = open_store("memory://")
    start = Game.from_position(["G3", "B1 B2"], "G5", "R1 R2", current=0, names=["Ana", "Ben"])
    code, key = store.create(["Ana", "Ben"], ["human", "human"], seed=1, start=start.to_json())
    live = dashboard_page(f"table={code}&teacher={key}", store=store).game
    sent = record_bridge(live)
    live.refresh()
    assert focus_moves(sent)[-1] == (".uno-dash .uno-teacher-panel a", "")
    store.join(code, seat=0).apply(Move("play", Card.parse("G3")))  # Ana goes out
    live.table.sync()
    assert focus_moves(sent)[-1] == (".uno-dash .uno-next-hand", "")


def test_what_happened_and_whose_turn_are_announced_once_errors_assertively():
    game = Game.from_position(["G3 G4 R9", "G1 B2", "Y1 Y2"], "G5", "R1 R2 R3 R4 R5", current=0)
    live = LiveGame(players=3, seed=0)
    live.show_position(game)
    sent = record_bridge(live)
    button_for(live, "G3").click()
    assert announced(sent)[-1] == "Ana plays green 3 (G3). Ben (sensible bot) is to move."
    live.run_bots()
    assert announced(sent)[-1].endswith("Ana, it is your turn.")
    button_for(live, "R9").click()
    assert announced(sent, assertive=True) == [live.parts.message.text] and "does not match" in live.parts.message.text
    count = len(announced(sent))
    live.parts.actions.uno.click()  # two cards, Ana's turn: said once (the table's news), not twice
    assert len(announced(sent)) == count + 1
    # The message line is shown, never a live region of its own (the bridge speaks).
    assert "role=" not in live.parts.message.value and "aria-live" not in live.parts.message.value


def test_page_title_and_heading_say_what_the_page_is():
    live = LiveGame(players=3, seed=0)
    assert live.bridge.title == "UNO live table"
    assert "<h1 class='uno-dash-title'>UNO live table</h1>" == live.parts.bar.title.value
    store = open_store("memory://")
    code, key = store.create(["Ana", "Ben"], ["human", "human"], seed=1)
    teacher = dashboard_page(f"table={code}&teacher={key}", store=store).game
    assert teacher.bridge.title == f"UNO class table {code}: teacher"
    assert f"UNO class table {code}: teacher" in teacher.parts.bar.title.value
    join = dashboard_page(f"table={code}", store=store)
    bridge = next(c for c in join.children if isinstance(c, PageBridge))
    assert bridge.title == f"UNO class table {code}: choose a seat"
    form = next(c for c in join.children if "uno-join" in c._dom_classes)
    assert form.children[1].value == 0  # a seat is chosen, never an empty list box
    assert ".uno-dash .uno-hand-btns" in bridge.aria


def test_aria_rules_stay_on_the_dashboard_and_name_every_toggle_group():
    rules = aria_rules()
    for selector in rules:
        for part in selector.split(","):
            assert part.strip().startswith(".uno-dash "), selector
    assert rules[".uno-dash .uno-view-toggle"] == {"aria-label": "What this page shows"}
    pressed = rules[".uno-dash .widget-toggle-buttons .widget-toggle-button.mod-active"]
    assert pressed == {"aria-pressed": "true"}
    live = LiveGame(players=3, seed=0)
    assert live.bridge.aria == rules
    # Every id an aria-labelledby points to is written by some panel.
    html = " ".join(w.value for w in (live.parts.hand.label, live.parts.log_title, live.parts.scores, live.parts.others, live.parts.picker.label)
                    if hasattr(w, "value"))
    for target in ("uno-your-hand", "uno-log-title", "uno-scores-title", "uno-others-title"):
        assert f"id='{target}'" in html, target


def test_chart_lines_have_markers_names_and_a_text_alternative():
    names = ["Ana", "Ben", "Caro", "Dev", "Eli", "Fay"]
    history = [tuple([7] * 6), (6, 7, 7, 7, 7, 7), (6, 6, 9, 7, 7, 7)]
    svg = hand_size_chart_svg(history, names)
    assert 'aria-label="Cards in each hand over 2 moves. Ana: 7 at the deal, 6 now. Ben: 7 at the deal, 6 now.' in svg
    assert "<title>Cards in each hand" in svg
    for name in names:  # its name at the line's end and in the legend
        assert svg.count(f">{name}</text>") == 2, name
    assert svg.count("<circle") >= 3 * 2 + 1 and "<rect x=" in svg and "<polygon" in svg
    assert 'fill="#fff" stroke=' in svg  # seat 5: a hollow marker, told apart from seat 0
    for color in SERIES:
        assert contrast(color, "#ffffff") >= 4.5, color
    long = hand_size_chart_svg(history[:1], ["Maximiliano Fernández", "Ben"])
    assert ">Maximiliano Fernández</text>" in long  # the legend never cuts a name


def test_scores_show_whole_names_and_the_leader_in_words():
    live = LiveGame(players=3, seed=5, seats=["human", "sensible", "random"])
    live.show_position(Game.from_position(["G3", "B1 B2", "Y1 Y2"], "G5", "R1 R2", current=0,
                                          names=["Maximiliano", "Ben", "Caro"]))
    button_for(live, "G3").click()
    html = live.parts.scores.value
    assert "<th scope='col'>Maximiliano</th>" in html
    assert "▲" in html and "leads" in html and "★" in html and "won the hand" in html
    assert "class='uno-scores-box'" in html


def test_a_language_chosen_on_the_page_stays_in_its_address_for_a_reload():
    """Issue 26: the address bar keeps ?lang=, the other parameters as they were."""
    from uno_lessons.i18n import use_language

    with use_language("en"):
        live = LiveGame(players=4, seed=1)
        live.bridge.query = "table=ABCD&token=t0k"
        sent = record_bridge(live)
        live.parts.bar.language.value = "nl"
        urls = [m for m in sent if m.get("cmd") == "url"]
        assert urls and urls[-1]["query"] == "table=ABCD&token=t0k&lang=nl"
        assert live.bridge.query == "table=ABCD&token=t0k&lang=nl"
        live.parts.bar.language.value = "sr"
        assert live.bridge.query == "table=ABCD&token=t0k&lang=sr"
        live.parts.bar.language.value = "en"
        assert live.bridge.query.endswith("lang=en")

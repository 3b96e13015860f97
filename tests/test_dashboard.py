"""The live-game dashboard driven from Python: clicks are ``button.click()``, no browser.

No asyncio loop runs here, so bots never move by themselves: ``step()`` / ``run_bots()``
move them, exactly what the timer does in Voilà.
"""

from __future__ import annotations

import re

import pytest

from uno_lessons import Game
from uno_lessons.dashboard import LiveGame, hand_size_chart_svg
from uno_lessons.engine.cards import Card
from uno_lessons.engine.moves import Move


def codes(live: LiveGame) -> list[str]:
    return [c.code for c in live.hand.cards[:len(live.hand.box.children)]]


def button_for(live: LiveGame, code: str):
    return live.hand.box.children[codes(live).index(code)]


def play_human_turn(live: LiveGame) -> None:
    """Make one move for the human to move, by clicking only: a glowing card (with a colour
    and a target when asked), else Draw / Keep / Accept / Pass."""
    g = live.game
    if not live.actions.uno.disabled:
        live.actions.uno.click()
    if g.phase == "challenge":
        live.actions.accept.click()
        return
    legal = [b for b in live.hand.box.children if "uno-legal" in b._dom_classes]
    if legal:
        legal[0].click()
        if live.picker.widget.layout.display != "none":
            live.picker.colors.buttons[next(iter(live.picker.colors.buttons))].click()
            if live.picker.targets.children:
                live.picker.targets.children[0].click()
        return
    for b in (live.actions.keep, live.actions.draw, live.actions.pass_):
        if not b.disabled:
            b.click()
            return
    raise AssertionError(f"no move offered to the human: {g!r}")


def test_builds_with_a_human_at_seat_zero():
    live = LiveGame(players=4, seed=1)
    g = live.game
    assert live.seat_kinds == ["human", "sensible", "sensible", "sensible"]
    assert codes(live) == [c.code for c in g.hands[0]]
    for b, card in zip(live.hand.box.children, live.hand.cards):
        assert "uno-card-btn" in b._dom_classes
        assert f"uno-card-{card.code.replace('+', 'p')}" in b._dom_classes
        assert b.description == card.name  # named as a person says it (not my turn: no state)
    assert repr(live.widget) == "<UNO live table: run this cell to show it>"
    assert g.top_card.name in live.picture.value


def test_human_plays_a_matching_card_by_clicking():
    live = LiveGame(players=3, seed=2)
    live.run_bots()
    g = live.game
    assert g.current_player == 0 and "data-human-turn='1'" in live.status.value
    legal = {m.card.code for m in g.legal_moves() if m.kind == "play" and not m.card.is_wild}
    if not legal:
        pytest.skip("seed 2 gives no coloured play at the first turn")
    code = next(c for c in codes(live) if c in legal)
    before = len(g.hands[0])
    button_for(live, code).click()
    assert g.top_card == Card.parse(code)
    assert len(g.hands[0]) == before - 1
    assert Card.parse(code).name in live.picture.value
    assert g.current_player != 0 or g.top_card.rank.value in ("S", "R", "+2")


def test_only_legal_moves_are_offered():
    game = Game.from_position(["G3 R7 W", "B1 B2", "Y1 Y2"], "G5", "R1 R2 R3", current=0)
    live = LiveGame(players=3, seed=0)
    live.show_position(game)
    marks = {code: b._dom_classes for code, b in zip(codes(live), live.hand.box.children)}
    names = {code: b.description for code, b in zip(codes(live), live.hand.box.children)}
    assert names["G3"] == "green 3, playable" and names["R7"] == "red 7, cannot be played now"
    assert "uno-legal" in marks["G3"] and "uno-legal" in marks["W"]
    assert "uno-illegal" in marks["R7"]
    assert not live.actions.draw.disabled
    assert live.actions.keep.disabled and live.actions.challenge.disabled and live.actions.accept.disabled
    assert live.actions.uno.disabled  # three cards: saying UNO would not count


def test_illegal_click_shows_the_engine_reason_and_changes_nothing():
    game = Game.from_position(["G3 R7 W", "B1 B2", "Y1 Y2"], "G5", "R1 R2 R3", current=0)
    live = LiveGame(players=3, seed=0)
    live.show_position(game)
    game = live.game
    before = game.to_json()
    table, hand = live.picture.value, codes(live)
    button_for(live, "R7").click()
    assert live.message.kind == "error"
    assert live.message.text == game.explain("R7")
    assert "does not match" in live.message.text
    assert game.to_json() == before
    assert live.picture.value == table and codes(live) == hand


def test_wild_asks_for_a_colour_then_plays():
    game = Game.from_position(["G3 R7 W", "B1 B2", "Y1 Y2"], "G5", "R1 R2 R3", current=0)
    live = LiveGame(players=3, seed=0)
    live.show_position(game)
    game = live.game
    button_for(live, "W").click()
    assert live.picker.widget.layout.display != "none"
    assert game.top_card.code == "G5"  # nothing played yet
    live.picker.colors.buttons[next(c for c in live.picker.colors.buttons if c.label == "blue")].click()
    assert game.top_card.code == "W" and game.current_color.label == "blue"
    assert live.picker.widget.layout.display == "none"
    assert "BLUE" in live.picture.value


def test_wild_dont_talk_asks_for_colour_and_target():
    game = Game.from_position(["G3 WDT R7", "B1 B2", "Y1 Y2"], "G5", "R1 R2 R3", current=0)
    live = LiveGame(players=3, seed=0)
    live.show_position(game)
    game = live.game
    button_for(live, "WDT").click()
    live.picker.colors.buttons[next(iter(live.picker.colors.buttons))].click()
    assert game.top_card.code == "G5"
    targets = {b.description: b for b in live.picker.targets.children}
    assert set(targets) == {"Ben", "Caro"}
    targets["Caro"].click()
    assert game.top_card.code == "WDT" and game.silenced == 2
    assert "silenced" in live.seats.value


def test_draw_and_keep():
    game = Game.from_position(["R7 Y9", "B1 B2", "Y1 Y2"], "G5", "G1 R1", current=0)
    live = LiveGame(players=3, seed=0)
    live.show_position(game)
    game = live.game
    assert all("uno-illegal" in b._dom_classes for b in live.hand.box.children)
    live.actions.draw.click()
    assert game.phase == "drawn" and game.drawn.code == "G1"
    assert not live.actions.keep.disabled and live.actions.draw.disabled
    # Only the drawn card glows; another card gives the engine's reason.
    assert "uno-legal" in button_for(live, "G1")._dom_classes
    button_for(live, "R7").click()
    assert live.message.kind == "error" and "only the drawn card" in live.message.text
    live.actions.keep.click()
    assert game.current_player == 1 and len(game.hands[0]) == 3


def test_say_uno_and_catch():
    game = Game.from_position(["G3 G4", "G1 B2", "Y1 Y2"], "G5", "R1 R2 R3 R4 R5", current=0)
    live = LiveGame(players=3, seed=0, seats=["human", "human", "sensible"])
    live.show_position(game)
    game = live.game
    assert not live.actions.uno.disabled  # two cards on one's own turn: UNO counts
    live.actions.uno.click()
    assert 0 in game.uno_said
    button_for(live, "G3").click()
    assert len(game.hands[0]) == 1 and game.uno_window is None
    # Ben (seat 1) plays to one card and forgets UNO: the other learner can catch him.
    game2 = Game.from_position(["G3 G4 R9", "G1 B2", "Y1 Y2"], "G5", "R1 R2 R3 R4 R5", current=1)
    live.show_position(game2)
    live.table.apply(Move("play", Card.parse("G1")), seat=1)  # Ben's own click, without UNO
    live.bar.seat.value = 0  # the screen shows Ana again; a bot is to move
    game2 = live.game
    assert game2.uno_window == 1 and live.acting_seat == 0
    assert live.actions.catch_target.value == 1 and not live.actions.catch.disabled
    live.actions.catch.click()
    assert len(game2.hands[1]) == 3 and live.message.kind == "ok"


def test_challenge_and_accept_offered_for_a_wild_draw_four():
    game = Game.from_position(["G3 G4 R9", "W+4 B2", "Y1 Y2"], "G5", "R1 R2 R3 R4 R5 R6 R7 R8 B3",
                              current=1, direction=-1)
    live = LiveGame(players=3, seed=0, seats=["human", "human", "sensible"])
    live.show_position(game)
    live.table.apply(Move("play", Card.parse("W+4"), Card.parse("R1").color), seat=1)  # on seat 0
    game = live.game
    assert game.phase == "challenge" and game.current_player == 0
    assert not live.actions.challenge.disabled and not live.actions.accept.disabled
    assert live.actions.draw.disabled
    live.actions.accept.click()
    assert len(game.hands[0]) == 7 and game.current_player == 2


def test_a_full_hand_by_clicking_against_bots_is_scored():
    live = LiveGame(players=3, seed=5, seats=["human", "sensible", "random"])
    for _ in range(600):
        live.run_bots()
        if live.game.winner is not None:
            break
        play_human_turn(live)
    g = live.game
    assert g.winner is not None
    assert len(live.match.results) == 1
    assert live.match.totals[g.winner] == g.points
    assert f"★ {g.points}<span" in live.scores.value and "won the hand" in live.scores.value
    assert not live.bar.next_hand.disabled
    assert f"data-winner='{g.winner}'" in live.status.value
    assert len(live.table.state.history) > 3 and "polyline" in live.chart.value
    live.bar.next_hand.click()
    assert live.game.winner is None and len(live.match.results) == 1


def test_player_view_hides_and_teacher_view_shows_other_hands():
    live = LiveGame(players=4, seed=3)
    assert "uno-miniback" in live.others.value
    assert "uno-svg-" not in live.others.value  # no face of another hand leaks
    live.bar.view.value = "teacher"
    assert "uno-svg-" in live.others.value and "uno-miniback" not in live.others.value
    for s in (1, 2, 3):
        for card in live.game.hands[s]:
            assert f"uno-svg-{card.code.replace('+', 'p')}" in live.others.value


def test_player_view_log_hides_drawn_cards_of_others():
    live = LiveGame(players=3, seed=4, seats=["human", "sensible", "sensible"])
    live.run_bots()
    g = live.game
    assert live.log.lines == g.narrate(viewer=0)
    live.bar.view.value = "teacher"
    assert live.log.lines == g.narrate()


def test_bots_only_game_runs_to_the_end_by_steps_and_new_game_settings():
    live = LiveGame(players=4, seed=1)
    live.bar.settings_toggle.value = True
    assert live.setup.widget.layout.display != "none"
    live.setup.players.value = 5
    assert [d.layout.display for d in live.setup.seat_inputs[:6]] == [None] * 5 + ["none"]
    for s in range(5):
        live.setup.seat_inputs[s].value = "random" if s % 2 else "sensible"
    live.setup.rules.value = "classic"
    live.setup.seed.value = 11
    live.setup.start.click()
    g = live.game
    assert g.players == 5 and g.rules.name == "classic" and live.humans == []
    assert live.actions.widget.layout.display == "none"  # nobody human: no action buttons
    assert live.hand.picture.layout.display != "none"
    for _ in range(3000):
        if not live.step():
            break
    assert g.winner is not None
    assert live.bar.step.disabled and not live.bar.next_hand.disabled


def test_same_seed_same_game():
    a, b = LiveGame(players=4, seed=9), LiveGame(players=4, seed=9)
    a.run_bots()
    b.run_bots()
    assert a.game.to_json() == b.game.to_json()


def test_step_when_a_human_is_to_move_does_nothing():
    game = Game.from_position(["G3 R7 W", "B1 B2", "Y1 Y2"], "G5", "R1 R2 R3", current=0)
    live = LiveGame(players=3, seed=0)
    live.show_position(game)
    game = live.game
    before = game.to_json()
    live.bar.step.click()
    assert game.to_json() == before and live.message.kind == "info"


def test_clicking_a_card_out_of_turn_is_refused():
    live = LiveGame(players=3, seed=1)
    g = live.game
    assert g.current_player != 0
    for b in live.hand.box.children:
        assert b.disabled
    live.click_card(0)
    assert live.message.kind == "error" and "turn" in live.message.text


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


def test_classic_first_wild_draw_asks_for_the_colour():
    # Seed 11 turns a Wild first (C-SETUP-4): the first player (seat 1) names the colour.
    live = LiveGame(players=3, rules="classic", seed=11, seats=["sensible", "human", "sensible"])
    g = live.game
    assert g.top_card.code == "W" and g.current_color is None and g.current_player == 1
    live.actions.draw.click()
    assert live.picker.widget.layout.display != "none" and len(g.hands[1]) == 7
    red = next(c for c in live.picker.colors.buttons if c.label == "red")
    live.picker.colors.buttons[red].click()
    assert g.current_color is red and len(g.hands[1]) == 8


def test_bots_move_by_themselves_only_once_a_front_end_shows_the_table():
    import asyncio

    async def scenario():
        live = LiveGame(players=3, seed=2, seats=["sensible", "random", "sensible"], speed="turbo")
        start = len(live.game.events)
        await asyncio.sleep(0.4)
        assert len(live.game.events) == start  # nobody is watching yet
        live._seen.value = 1  # what the front end's link sends when it renders the widgets
        assert live.frontend_seen
        for _ in range(200):
            await asyncio.sleep(0.05)
            if len(live.game.events) > start + 3:
                break
        assert len(live.game.events) > start + 3
        live.bar.auto.value = False  # stops the timer
        n = len(live.game.events)
        await asyncio.sleep(0.3)
        assert len(live.game.events) == n

    asyncio.run(scenario())


def test_pass_is_offered_only_when_nothing_can_be_played_or_drawn():
    game = Game.from_position(["R7 Y9", "B1 B2", "Y1 Y2"], "G5", "", current=0)
    live = LiveGame(players=3, seed=0)
    live.show_position(game)
    game = live.game
    assert live.actions.draw.disabled and not live.actions.pass_.disabled
    assert live.actions.pass_.layout.display is None
    live.actions.pass_.click()
    assert game.current_player == 1 and live.actions.pass_.layout.display == "none"

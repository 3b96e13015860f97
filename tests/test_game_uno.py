"""Saying UNO and catching (E-UNO-1..5), the Wild Don't Talk (E-WDT-1..5)."""

import pytest
from positions import BOTH, PILE, pos  # noqa: F401

from uno_lessons import Card, Color, Game, IllegalMove, Rules
from uno_lessons.engine import events as ev
from uno_lessons.engine.events import EVERYONE


# ---------------------------------------------------------------- E-UNO
@BOTH
def test_e_uno_1_say_uno_before_playing_the_second_to_last_card(rules):
    """E-UNO-1: with two cards, on your turn, saying UNO then playing one protects you."""
    game = pos(["G2 B5", "B1 B2 B3", "Y9 Y8"], ["G7"], rules=rules)
    assert game.say_uno(0) is True
    game.play("G2")
    assert game.uno_window is None
    assert game.catch(1, 0) is False
    assert len(game.hands[0]) == 1
    assert game.narrate(EVERYONE)[-1] == "Ben calls out Ana, but there is nothing to catch: no penalty."


@BOTH
def test_e_uno_1_say_uno_with_one_card_left(rules):
    """E-UNO-1: saying UNO right after the play (one card left) also counts."""
    game = pos(["G2 B5", "B1 B2 B3", "Y9 Y8"], ["G7"], rules=rules)
    game.play("G2")
    assert game.uno_window == 0
    assert game.say_uno(0) is True
    assert game.uno_window is None
    assert game.catch(2, 0) is False
    assert game.narrate(EVERYONE)[-2] == 'Ana says "UNO!"'


@BOTH
def test_e_uno_2_caught_not_saying_uno_draws_two(rules):
    """E-UNO-2: caught before the next player's turn begins: the player draws two cards."""
    game = pos(["G2 B5", "B1 B2 B3", "Y9 Y8"], ["G7"], rules=rules)
    game.play("G2")
    assert game.catch(1, 0) is True
    assert game.hands[0] == [Card.parse(c) for c in ("B5", "R1", "R2")]
    assert game.uno_window is None
    assert game.catch(2, 0) is False  # only once
    assert game.current_player == 1  # catching is not a move
    texts = game.narrate(EVERYONE)
    assert "Ben catches Ana not saying UNO." in texts
    assert "Ana draws 2 cards (R1 R2) for not saying UNO." in texts


@BOTH
def test_e_uno_2_too_late_after_next_player_moves(rules):
    """E-UNO-2: once the next player has begun their turn, the catch has no effect."""
    game = pos(["G2 B5", "B1 B2 B3", "Y9 Y8"], ["G7"], rules=rules)
    game.play("G2")
    game.draw()  # Ben's first move
    assert game.uno_window is None
    assert game.catch(2, 0) is False
    assert len(game.hands[0]) == 1


@BOTH
def test_e_uno_3_calling_out_a_player_with_more_cards_has_no_effect(rules):
    """E-UNO-3: calling out a player who has more than one card has no effect on them."""
    game = pos(["G2 B5 B6", "B1 B2 B3", "Y9 Y8"], ["G7"], rules=rules)
    game.play("G2")
    assert game.catch(1, 0) is False
    assert [len(h) for h in game.hands] == [2, 3, 2]
    assert isinstance(game.events[-1], ev.CaughtOut) and not game.events[-1].penalized


def test_e_uno_3_nobody_calls_out_themselves_and_seats_are_checked():
    """E-UNO-3: calling out yourself or a seat that does not exist is refused, state unchanged."""
    game = pos(["G2 B5", "B1 B2 B3", "Y9 Y8"], ["G7"])
    game.play("G2")
    before = game.to_json()
    with pytest.raises(IllegalMove, match="cannot call out themselves"):
        game.catch(0, 0)
    with pytest.raises(IllegalMove, match="There is no seat 5"):
        game.catch(1, 5)
    with pytest.raises(IllegalMove, match="There is no seat -1"):
        game.say_uno(-1)
    assert game.to_json() == before


@BOTH
def test_e_uno_4_any_other_player_may_catch(rules):
    """E-UNO-4: not only the next player: any other player may call the catch."""
    game = pos(["B1 B2 B3", "G2 B5", "Y9 Y8", "Y7 Y6"], ["G7"], current=1, rules=rules)
    game.play("G2")
    assert game.uno_window == 1
    assert game.catch(3, 1) is True
    assert len(game.hands[1]) == 3


@BOTH
def test_e_uno_4_window_opens_after_skip_and_draw_two(rules):
    """E-UNO-4: the window opens with the play that leaves one card, whatever the card."""
    game = pos(["G+2 B5", "B1 B2 B3", "Y9 Y8"], ["G7"], rules=rules)
    game.play("G+2")
    assert game.uno_window == 0 and game.current_player == 2
    assert game.catch(2, 0) is True


def test_e_uno_4_window_after_wild_draw_four_closes_with_the_answer():
    """E-UNO-4: after a Wild Draw Four the answering player's accept is their first move."""
    game = pos(["W+4 B5", "B1 B2 B3", "Y9 Y8"], ["G7"])
    game.play("W+4", "Y")
    assert game.uno_window == 0
    game.accept()
    assert game.catch(1, 0) is False


@BOTH
def test_e_uno_5_saying_uno_at_the_wrong_moment_counts_for_nothing(rules):
    """E-UNO-5: with three cards, or with two cards when it is not your turn, UNO counts for nothing."""
    game = pos(["G2 B5 B6", "G1 B2", "Y9 Y8"], ["G7"], rules=rules)
    assert game.say_uno(0) is False
    assert game.say_uno(1) is False  # two cards, but not Ben's turn
    assert game.uno_said == set()
    assert 'but it counts for nothing now' in game.narrate(EVERYONE)[-1]
    game.play("G2")
    game.play("G1")  # Ben's turn now: two cards, no UNO said
    assert game.uno_window == 1
    assert game.catch(0, 1) is True


def test_e_uno_5_uno_said_before_drawing_does_not_carry_over():
    """E-UNO-5: UNO said with two cards counts only just before playing one; after drawing instead,
    it no longer counts."""
    game = pos(["G2 B5", "B1 B2 B3", "Y9 Y8"], ["G7"], ["R1", "R2", "R3", "R4"])
    assert game.say_uno(0)
    game.draw()  # R1 does not match: turn over, three cards
    assert 0 not in game.uno_said


def test_e_uno_5_uno_said_then_keep_does_not_count_later():
    """E-UNO-5: a player with one card draws a playable card, says UNO (two cards, own turn), then
    keeps it: that UNO was not 'just before playing one', so later they must say it again."""
    game = pos(["B9", "B1 B2 B3", "Y9 Y8"], ["G7"], ["G1", "R5", "R6"])
    game.draw()  # G1 matches: play it or keep it
    assert game.phase == "drawn"
    assert game.say_uno(0) is True
    game.keep()
    assert 0 not in game.uno_said
    game.draw()  # Ben: R5 does not match
    game.draw()  # Caro: R6 does not match
    game.play("G1")  # Ana, two cards, plays one without saying UNO
    assert game.uno_window == 0
    assert game.catch(1, 0) is True


# ---------------------------------------------------------------- E-WDT
def test_e_wdt_1_matches_anything_colour_and_target_are_chosen():
    """E-WDT-1: a Wild Don't Talk matches anything; its player chooses a colour (and a player)."""
    game = pos(["WDT G2", "B1 B2", "Y9 Y8", "R4 R5"], ["G7"])
    moves = [m for m in game.legal_moves() if m.card == Card.parse("WDT")]
    assert len(moves) == 4 * 3
    assert {m.target for m in moves} == {1, 2, 3}
    game.play("WDT", "Y", target=2)
    assert game.current_color is Color.YELLOW
    assert game.current_player == 1
    assert game.narrate(EVERYONE)[-2] == "Ana plays a Wild Don't Talk and chooses yellow, silencing Caro; one card left."


def test_e_wdt_2_silenced_player_who_talks_draws_three():
    """E-WDT-2: the chosen player may not talk; if they do, they draw three cards."""
    game = pos(["WDT G2", "B1 B2", "Y9 Y8"], ["G7"])
    game.play("WDT", "B", target=2)
    assert game.silenced == 2
    assert game.talk(1) is False  # others may talk
    assert game.talk(2) is True
    assert len(game.hands[2]) == 5
    assert game.silenced == 2  # talking does not end the silence
    assert game.talk(2) is True
    assert len(game.hands[2]) == 8
    assert "Caro talks while silenced by a Wild Don't Talk." in game.narrate(EVERYONE)
    assert "for talking while silenced" in game.narrate(EVERYONE)[-1]


def test_e_wdt_2_target_must_be_another_existing_player():
    """E-WDT-2: the silenced player is another player; the move names them."""
    game = pos(["WDT G2", "B1 B2", "Y9 Y8"], ["G7"])
    before = game.to_json()
    with pytest.raises(IllegalMove, match="Choose which player the Wild Don't Talk silences"):
        game.play("WDT", "R")
    with pytest.raises(IllegalMove, match="silences another player"):
        game.play("WDT", "R", target=0)
    with pytest.raises(IllegalMove, match="There is no seat 3"):
        game.play("WDT", "R", target=3)
    with pytest.raises(IllegalMove, match="Only a Wild Don't Talk chooses a player"):
        Game.from_position(["W G2", "B1"], ["G7"]).play("W", "R", target=1)
    assert game.to_json() == before


def test_e_wdt_3_silence_ends_when_anyone_says_uno():
    """E-WDT-3: the effect ends as soon as any player says UNO."""
    game = pos(["WDT G2 G3", "B1 B2", "Y9 Y8"], ["G7"])
    game.play("WDT", "B", target=2)
    game.play("B1")  # Ben: two cards on his turn -> one; says it after playing
    assert game.say_uno(1) is True
    assert game.silenced is None
    assert game.talk(2) is False
    assert len(game.hands[2]) == 2
    assert "Caro may talk again: someone said UNO." in game.narrate(EVERYONE)


def test_e_wdt_3_uno_that_counts_for_nothing_does_not_end_silence():
    """E-WDT-3 with E-UNO-5: an UNO that counts for nothing does not end the silence."""
    game = pos(["WDT G2 G3", "B1 B2 B3", "Y9 Y8"], ["G7"])
    game.play("WDT", "B", target=2)
    assert game.say_uno(1) is False
    assert game.silenced == 2


def test_e_wdt_4_silenced_player_with_one_card_may_say_uno():
    """E-WDT-4: a silenced player down to one card says UNO without penalty; the effect ends."""
    game = pos(["WDT G2", "B1 B2 B3", "Y8"], ["G7"])
    game.play("WDT", "Y", target=2)
    assert game.say_uno(2) is True
    assert len(game.hands[2]) == 1
    assert game.silenced is None
    assert not any(isinstance(e, ev.Talked) for e in game.events)


def test_e_wdt_4_silenced_player_uno_before_playing_second_to_last():
    """E-WDT-4 / E-UNO-5: with two cards on their own turn, the silenced player's UNO counts too."""
    game = pos(["WDT G2 G3", "B1 B2 B3", "Y8 Y9"], ["G7"])
    game.play("WDT", "B", target=2)
    game.play("B1")
    assert game.current_player == 2
    assert game.say_uno(2) is True
    assert game.silenced is None and len(game.hands[2]) == 2


def test_e_uno_5_silenced_player_saying_uno_at_the_wrong_moment_is_talking():
    """E-UNO-5 / E-WDT-2: a silenced player whose UNO counts for nothing is talking: draws three."""
    game = pos(["WDT G2", "B1 B2 B3", "Y8 Y9"], ["G7"])
    game.play("WDT", "Y", target=2)
    assert game.say_uno(2) is False  # two cards, not Caro's turn
    assert len(game.hands[2]) == 5
    assert game.silenced == 2


def test_e_wdt_5_calling_out_is_talking():
    """E-WDT-5: a silenced player who calls out another player for not saying UNO is talking."""
    game = pos(["WDT G2 G3", "B1 B2", "Y8 Y9"], ["G7"])
    game.play("WDT", "B", target=2)
    game.play("B1")  # Ben has one card and did not say UNO
    assert game.catch(2, 1) is True  # the catch works...
    assert len(game.hands[1]) == 3
    assert len(game.hands[2]) == 5  # ...but Caro talked: three cards


def test_e_wdt_5_later_wild_dont_talk_replaces_the_target():
    """E-WDT-5: a later Wild Don't Talk replaces the earlier target."""
    game = pos(["WDT G2 G3", "WDT B2 B4", "Y8 Y9"], ["G7"])
    game.play("WDT", "B", target=2)
    game.play("WDT", "G", target=0)
    assert game.silenced == 0
    assert game.talk(2) is False
    assert game.talk(0) is True


def test_e_wdt_classic_has_no_wild_dont_talk():
    """Two rule sets: classic has no Wild Don't Talk card."""
    with pytest.raises(ValueError, match="classic deck has 0 × WDT"):
        pos(["WDT G2", "B1 B2"], ["G7"], rules=Rules.classic())


def test_talk_and_uno_are_refused_after_the_hand_is_over():
    game = pos(["G2", "B1 B2"], ["G7"])
    game.play("G2")
    assert game.is_over
    before = game.to_json()
    for action in (lambda: game.talk(1), lambda: game.say_uno(1), lambda: game.catch(1, 0)):
        with pytest.raises(IllegalMove, match="The hand is over"):
            action()
    assert game.to_json() == before


def test_e_uno_4_window_stays_open_past_a_skipped_player():
    """E-UNO-4: after a Skip, the skipped player makes no move: the window stays open until the
    player after them moves."""
    game = pos(["GS B5", "B1 B2 B3", "Y9 Y8", "R4 R5"], ["G7"])
    game.play("GS")
    assert game.current_player == 2 and game.uno_window == 0
    game.draw()
    assert game.uno_window is None
    assert game.catch(1, 0) is False


def test_e_uno_5_the_one_rule_passes_the_exercise_check():
    """E-UNO-5 is written once (engine.uno_counts): the exercise's own cases agree with it."""
    from uno_lessons.checks import check_uno_counts
    from uno_lessons.engine import uno_counts

    assert check_uno_counts(uno_counts).passed
    assert not check_uno_counts(lambda cards, my_turn: cards == 1).passed  # the check can fail


@BOTH
def test_e_uno_5_game_view_bots_and_say_uno_ask_the_same_rule(rules):
    """E-UNO-5: over seeded games with small hands, in every phase and for every seat, the
    game's and every view's ``uno_would_count`` say what ``say_uno`` then returns; the
    dashboard's UNO button follows the same answer for seats that have not said it yet."""
    from uno_lessons.dashboard.seat_play import uno_counts as button_counts
    from uno_lessons.engine import uno_counts
    from uno_lessons.engine.bots import RandomBot
    from uno_lessons.table.views import TableView

    def table_view(play, seat):  # only ``play`` matters to the button
        return TableView("ABCDEF", "seat", seat, play, None, (), frozenset(), None, 1, (), (),
                         None, 500, (), "normal", 0)

    small = rules.replace(hand_size=3)
    outcomes: set[tuple[int, str, bool]] = set()
    for seed in range(12):
        n = 2 + seed % 3
        game = Game.new(n, rules=small, seed=seed)
        bot = RandomBot(seed, uno_rate=0.3, catch_rate=0.5)
        for _move in range(300):
            if game.is_over:
                break
            views = [game.view(None), game.view(game.current_player)]
            for s in range(n):
                mine = s == game.current_player and game.phase in ("turn", "drawn")
                want = uno_counts(len(game.hands[s]), mine)
                assert game.uno_would_count(s) is want
                assert all(v.uno_would_count(s) is want for v in views)
                if len(game.hands[s]) <= 2:
                    own = game.view(s)
                    assert own.uno_would_count() is want
                    assert button_counts(table_view(own, s), s) is (want and s not in game.uno_said)
                    assert game.copy().say_uno(s) is want, (seed, s, game.phase)
                    outcomes.add((len(game.hands[s]), game.phase, want))
            bot.react(game, game.current_player)
            game.apply(bot.choose(game))
            game.events = []  # each view narrates the whole log; the rule never reads it
    assert views[0].uno_would_count() is False  # a spectator holds no hand
    assert {(1, "turn", True), (2, "turn", True), (2, "drawn", True), (2, "challenge", False)} <= outcomes, outcomes

"""The event log: one plain sentence per event, hidden cards stay hidden, lists round-trip."""

import pytest

from uno_lessons import Card, Color, Game
from uno_lessons.engine import events as ev
from uno_lessons.engine.events import EVERYONE

C = Card.parse
NAMES = ["Mirabel", "Bruno", "Isabela"]

SAMPLES = [
    (ev.Dealt(0, 3, 7), "Mirabel shuffles and deals 7 cards to each of the 3 players; the rest form the draw pile."),
    (ev.Turned(C("G3"), False), "Green 3 (G3) is turned over to start the discard pile."),
    (ev.Turned(C("YS"), True), "Yellow Skip (YS) is turned over, but it is an action card: it goes back into the "
                               "draw pile, which is reshuffled, and another card is turned."),
    (ev.StartEffect(C("R+2"), 1), "The first card is a Draw Two: Bruno draws 2 cards and is skipped."),
    (ev.StartEffect(C("R+2"), 1, 3), "The first card is a Draw Two: Bruno draws 3 cards and is skipped."),
    (ev.StartEffect(C("R+2"), 1, 1), "The first card is a Draw Two: Bruno draws 1 card and is skipped."),
    (ev.StartEffect(C("RS"), 1), "The first card is a Skip: Bruno is skipped."),
    (ev.StartEffect(C("RR"), 0), "The first card is a Reverse: the dealer, Mirabel, plays first, counter-clockwise."),
    (ev.StartEffect(C("W"), 1), "The first card is a Wild: Bruno chooses the colour and plays."),
    (ev.Played(0, C("G2"), None, None, 5), "Mirabel plays green 2 (G2)."),
    (ev.Played(0, C("G2"), None, None, 1), "Mirabel plays green 2 (G2); one card left."),
    (ev.Played(0, C("W"), Color.RED, None, 0), "Mirabel plays a Wild and chooses red; no cards left."),
    (ev.Played(2, C("WDT"), Color.BLUE, 1, 3), "Isabela plays a Wild Don't Talk and chooses blue, silencing Bruno."),
    (ev.Drew(1, (C("R1"), C("R2")), 2, "draw_two"), "Bruno draws 2 cards (R1 R2) for the Draw Two."),
    (ev.Drew(1, (C("R1"),), 1, "draw"), "Bruno draws 1 card (R1)."),
    (ev.Drew(1, (), 4, "wild_draw_four"), "Bruno should draw 4 cards for the Wild Draw Four, but no card is left to draw."),
    (ev.Drew(1, (C("R1"),), 3, "talk"), "Bruno draws 1 card (R1) for talking while silenced; only 1 of 3 were left."),
    (ev.Kept(0), "Mirabel keeps the drawn card."),
    (ev.Skipped(2), "Isabela loses their turn."),
    (ev.Reversed(-1, False), "Play now goes counter-clockwise."),
    (ev.Reversed(1, True), "Play now goes clockwise; with two players the Reverse acts like a Skip."),
    (ev.Passed(0), "Mirabel cannot play and there is nothing to draw, so they pass."),
    (ev.Accepted(1), "Bruno accepts the Wild Draw Four."),
    (ev.Challenged(1, 0, (C("G2"), C("B5")), Color.GREEN, False),
     "Bruno challenges Mirabel, who shows G2 B5: a card matched green: the Wild Draw Four was not legal."),
    (ev.Challenged(1, 0, (), Color.GREEN, True),
     "Bruno challenges Mirabel, who shows no cards: no card matched green: the Wild Draw Four was legal."),
    (ev.TookBack(0, C("G7")), "Mirabel takes the Wild Draw Four back; green 7 (G7) is on top again."),
    (ev.SaidUno(0, True), 'Mirabel says "UNO!"'),
    (ev.SaidUno(0, False), 'Mirabel says "UNO!", but it counts for nothing now.'),
    (ev.CaughtOut(1, 0, True), "Bruno catches Mirabel not saying UNO."),
    (ev.CaughtOut(1, 0, False), "Bruno calls out Mirabel, but there is nothing to catch: no penalty."),
    (ev.Talked(2, True), "Isabela talks while silenced by a Wild Don't Talk."),
    (ev.Talked(2, False), "Isabela talks."),
    (ev.Silenced(2, 0), "Isabela may not talk until someone says UNO."),
    (ev.SilenceEnded(2), "Isabela may talk again: someone said UNO."),
    (ev.Reshuffled(1), "The draw pile is empty: 1 card from the discard pile is shuffled into a new draw pile."),
    (ev.Reshuffled(5), "The draw pile is empty: 5 cards from the discard pile are shuffled into a new draw pile."),
    (ev.Won(0, 227), "Mirabel wins the hand, scoring 227 points."),
    # The house rules (H-STACK, H-JUMP, H-SEVEN-ZERO, H-DRAW-UNTIL)
    (ev.Stacked(1, 4), "House rule stacking: Bruno may stack the same card on it, or draws 4 cards."),
    (ev.Drew(1, (C("R1"), C("R2")), 4, "stack"), "Bruno draws 2 cards (R1 R2) for the stack; only 2 of 4 were left."),
    (ev.JumpedIn(2, C("R5"), 1), "House rule jump-in: Isabela jumps in with red 5 (R5), before Bruno."),
    (ev.Swapped(0, 2), "House rule seven-zero: Mirabel swaps hands with Isabela."),
    (ev.Rotated(-1), "House rule seven-zero: every hand passes one seat on, counter-clockwise."),
    (ev.DrewNothingPlayable(0), "House rule draw until playable: no card is left to draw and none of them can be "
                                "played, so Mirabel's turn ends."),
]


@pytest.mark.parametrize(("event", "text"), SAMPLES, ids=[type(e).__name__ for e, _ in SAMPLES])
def test_every_event_describes_itself(event, text):
    """E-SETUP, E-ACT, E-DRAW, E-WD4, E-UNO, E-WDT, E-WIN: each event is one plain sentence."""
    assert event.describe(NAMES, EVERYONE) == text


@pytest.mark.parametrize("event", [e for e, _ in SAMPLES], ids=[type(e).__name__ for e, _ in SAMPLES])
def test_every_event_round_trips_as_a_list(event):
    data = event.to_list()
    assert data[0] == event.kind
    again = ev.event_from_list(data)
    assert type(again) is type(event)
    assert again == event
    assert again.describe(NAMES, EVERYONE) == event.describe(NAMES, EVERYONE)


def test_every_event_kind_is_registered():
    assert {type(e) for e, _ in SAMPLES} == set(ev.EVENT_TYPES.values())


def test_drawn_cards_are_hidden_from_other_seats():
    """E-DRAW-1: drawn cards are private: another seat reads only how many."""
    drew = ev.Drew(1, (C("R1"), C("W")), 2, "draw")
    assert drew.describe(NAMES, viewer=1) == "Bruno draws 2 cards (R1 W)."
    assert drew.describe(NAMES, viewer=0) == "Bruno draws 2 cards."
    assert drew.describe(NAMES, viewer=EVERYONE) == "Bruno draws 2 cards (R1 W)."


def test_a_viewer_that_is_not_named_sees_no_hidden_card():
    """Fail closed: only a seat's own cards or an explicit EVERYONE show; None, NOBODY, a
    bool or a stray string hear the sentence without the cards, and so does str()."""
    drew = ev.Drew(1, (C("R1"), C("W")), 2, "draw")
    for viewer in (None, ev.NOBODY, True, "teacher", 1.0):
        assert drew.describe(NAMES, viewer) == "Bruno draws 2 cards."
    assert str(drew) == "Ben draws 2 cards."
    game = Game.from_position(["G+2 B1", "R5 R6", "Y1 Y2"], ["G3"], ["B7", "B8"], names=NAMES)
    game.play("G+2")
    assert "B7" not in " ".join(game.narrate(None)) and "B7" in " ".join(game.narrate(EVERYONE))
    with pytest.raises(TypeError):
        game.narrate()  # the viewer must be named
    with pytest.raises(TypeError):
        drew.describe(NAMES)


def test_default_names_and_str():
    assert ev.default_names(3) == ["Ana", "Ben", "Caro"]
    assert ev.default_names(12)[10:] == ["Seat 10", "Seat 11"]
    assert str(ev.Kept(1)) == "Ben keeps the drawn card."
    assert ev.Kept(11).describe(None, EVERYONE) == "Seat 11 keeps the drawn card."


def test_e_act_2_narration_of_a_game_in_order():
    """E-ACT-2: a Draw Two played in a game reads as play, draw, lose the turn."""
    game = Game.from_position(["G+2 B1", "R5 R6", "Y1 Y2"], ["G3"], ["B7", "B8"], names=NAMES)
    game.play("G+2")
    assert game.narrate(EVERYONE) == [
        "Mirabel plays green Draw Two (G+2); one card left.",
        "Bruno draws 2 cards (B7 B8) for the Draw Two.",
        "Bruno loses their turn.",
    ]
    assert game.narrate(viewer=2, last=2) == ["Bruno draws 2 cards for the Draw Two.", "Bruno loses their turn."]


def test_a_challenged_hand_is_shown_to_the_challenger_only():
    """E-WD4-4: the hand is shown to the challenger (the seeds: "shows them", "the challenger
    checks"); the player who shows it and the teacher see it too, a third player or a
    spectator hears the outcome without the cards."""
    bluff = ev.Challenged(1, 0, (C("G2"), C("B5")), Color.GREEN, False)
    shown = "Bruno challenges Mirabel, who shows G2 B5: a card matched green: the Wild Draw Four was not legal."
    for viewer in (EVERYONE, 0, 1):
        assert bluff.describe(NAMES, viewer=viewer) == shown
    unseen = ("Bruno challenges Mirabel, who shows their hand to Bruno: a card matched green: the Wild Draw "
              "Four was not legal.")
    assert bluff.describe(NAMES, viewer=2) == unseen
    assert bluff.describe(NAMES, viewer=-1) == unseen  # a spectator
    honest = ev.Challenged(1, 0, (C("R2"),), None, True)
    assert honest.describe(NAMES, viewer=2) == (
        "Bruno challenges Mirabel, who shows their hand to Bruno: no colour was chosen yet and no card has a "
        "colour: the Wild Draw Four was legal.")
    assert "R2" in honest.describe(NAMES, viewer=1)

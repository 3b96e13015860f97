"""The coach keeps the secret (issue 38): what it says to a seat depends only on what that
seat may know. The attack: exchange the cards hidden from the seat (between the other hands
and the draw pile, sizes kept; with them, whether a Wild Draw Four to answer was honest, and
the game's own Generator for its reshuffles), and ask again with the same seed. The advice
must be the same, option for option, to the last digit.

The test is shown to have teeth: a coach that peeks (its deals are the true hidden cards)
fails it on almost every position.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from positions import pos

from uno_lessons import Card, Color, Game, Rules
from uno_lessons.coach import Advice, Hidden, advise_view
from uno_lessons.engine.bots import make_bots, run_hand
from uno_lessons.engine.moves import wild_draw_four_honest

ROLLOUTS = 6


def exchanged(game: Game, seat: int, rng: np.random.Generator) -> Game:
    """``game`` with every card hidden from ``seat`` dealt again at random among the other
    hands and the draw pile (each keeps its size), a Wild Draw Four to answer honest or not
    as its player's new hand says, and a new Generator state: a world the seat cannot tell
    from the true one."""
    data = json.loads(game.to_json())
    hidden = [c for s, hand in enumerate(data["hands"]) if s != seat for c in hand] + data["draw_pile"]
    for _attempt in range(20):
        rng.shuffle(hidden)
        at, hands = 0, []
        for s, hand in enumerate(data["hands"]):
            if s == seat:
                hands.append(hand)
            else:
                hands.append(hidden[at:at + len(hand)])
                at += len(hand)
        if data["drawn"] is None or data["current_player"] == seat or data["drawn"] in hands[data["current_player"]]:
            break  # (another seat's card just drawn stays in its hand: a view shows that it drew one)
    data["hands"], data["draw_pile"] = hands, hidden[at:]
    if data["pending"] is not None:
        player, previous, _honest = data["pending"]
        cards = [Card.parse(code) for code in hands[player]]
        data["pending"][2] = wild_draw_four_honest(cards, None if previous is None else Color.parse(previous),
                                                   game.rules.wilds_block_wild_draw_four)
    data["rng"] = np.random.default_rng(int(rng.integers(1 << 30))).bit_generator.state
    return Game.from_json(json.dumps(data))


def decisions() -> list[tuple[str, Game]]:
    """Positions where a seat has a choice: from seeded bot games of 2, 4 and 10 players,
    both rule sets and house rules, and named ones (a Wild Draw Four to answer, a card just
    drawn, a bluff that the hidden hand decides)."""
    found = []
    setups = [(2, Rules.encanto()), (4, Rules.encanto()), (10, Rules.encanto()), (3, Rules.classic()),
              (4, Rules.encanto().replace(stacking=True, seven_zero=True, jump_in=True)),
              (4, Rules.classic().replace(draw_until_playable=True, force_play=True))]
    for seed, (players, rules) in enumerate(setups):
        for stop in (0, 5, 13, 30):
            game = Game.new(players, seed=seed, rules=rules)
            run_hand(game, make_bots(players, seed), max_moves=stop)
            if not game.is_over and len(game.legal_moves()) > 1:
                found.append((f"{players}p-{rules.name}-{stop}", game))
    answer = pos([["W+4", "G5", "B2"], ["R1", "R2"], ["Y5", "Y6"]], ["G7"])
    answer.play("W+4", color="blue")
    found.append(("wild-draw-four-to-answer", answer))
    drawn = pos([["R5", "B1"], ["G2", "Y9"]], ["G3"], ["G8", "R9", "R8"])
    drawn.draw()
    found.append(("card-just-drawn", drawn))
    return found


DECISIONS = decisions()


def _advice(game: Game, seed: int, dealer=None) -> Advice:
    view = game.view(game.current_player, log=False)
    if dealer is None:
        return advise_view(view, rollouts=ROLLOUTS, seed=seed)
    return advise_view(view, rollouts=ROLLOUTS, seed=seed, dealer=dealer)


def peeking(game: Game):
    """A coach that cheats: every 'guess' is where the hidden cards really are."""
    def dealer(view, unseen, rng) -> Hidden:
        return Hidden(tuple(tuple(h) for h in game.hands), tuple(game.draw_pile), None)
    return dealer


def secret_broken(game: Game, *, worlds: int, seed: int, cheat: bool = False) -> int:
    """In how many of ``worlds`` exchanged worlds the advice to the seat to move changed."""
    rng = np.random.default_rng(seed)
    first = _advice(game, seed, peeking(game) if cheat else None)
    changed = 0
    for _world in range(worlds):
        other = exchanged(game, game.current_player, rng)
        assert other.view(other.current_player, log=False) == game.view(game.current_player, log=False)
        if _advice(other, seed, peeking(other) if cheat else None) != first:
            changed += 1
    return changed


@pytest.mark.parametrize("name,game", DECISIONS, ids=[n for n, _g in DECISIONS])
def test_exchanging_the_hidden_cards_never_changes_the_advice(name, game):
    assert secret_broken(game, worlds=3, seed=7) == 0


def test_a_coach_that_peeks_fails_the_same_test():
    broken = [name for name, game in DECISIONS if secret_broken(game, worlds=2, seed=7, cheat=True)]
    assert len(broken) >= len(DECISIONS) * 3 // 4, broken


def test_the_wild_draw_four_answer_depends_on_a_hidden_hand_and_the_coach_never_reads_it():
    """Ben must answer Ana's Wild Draw Four; whether it was a bluff is in her hand. The true
    game says bluff, an exchanged one honest (or the other way round): the same advice."""
    game = dict(DECISIONS)["wild-draw-four-to-answer"]
    assert game.pending is not None and game.pending[2] is False  # she held G5: a bluff
    rng = np.random.default_rng(1)
    worlds = [exchanged(game, 1, rng) for _ in range(30)]
    honest = [w for w in worlds if w.pending[2]]
    assert honest, "some exchanged world makes the Wild Draw Four honest"
    assert _advice(honest[0], 3) == _advice(game, 3)
    # ... while the cheat, who knows it was a bluff, is sure that challenging wins.
    assert _advice(honest[0], 3, peeking(honest[0])) != _advice(game, 3, peeking(game))

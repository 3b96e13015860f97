"""Checks for exercise 07, the capstone: the learner's bot in seeded games, its colour choice, its
stats; then two graded readings of a tournament (what its ± says, and what the same deals say)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..engine.cards import Color
from ..engine.rules import Rules
from ..i18n import N_, _
from .answers import Choice
from .core import (
    FAILED,
    NOT_STARTED,
    PASSED,
    Case,
    CaseResult,
    CheckResult,
    Problem,
    run_cases,
    standing_in_note,
)
from .reference import DEPENDS, standing_in
from .values import CLASSIC, ENCANTO, hand_text, list_as_tuple, norm, to_cards, to_color


def _bot_games(bot_class: type, rules: Rules, players: int, games: int, seed: int) -> tuple[int, int]:
    """Play seeded games of the learner's bot (seat 0) against RandomBots, every move checked.
    Returns (wins, games finished). Raises Problem with a readable message."""
    from ..engine.bots import RandomBot
    from ..engine.game import Game
    from ..engine.moves import IllegalMove, Move

    wins = finished = 0
    for g in range(games):
        seeds = np.random.SeedSequence([seed, g]).spawn(players + 1)
        bots = [bot_class(seeds[0])] + [RandomBot(s) for s in seeds[1:players]]
        game = Game.new(players, rules=rules, seed=seeds[players], dealer=g % players)
        for _move in range(3000):
            for s, b in enumerate(bots):
                b.react(game, s)
            if game.winner is not None:
                break
            seat = game.current_player
            move = bots[seat].choose(game)
            if seat == 0 and not isinstance(move, Move):
                raise Problem(_("choose returned {value}, not a Move from game.legal_moves()", value=repr(move)))
            try:
                game.apply(move)
            except IllegalMove as exc:
                # repr of the plain word ('turn'): a phase that is a StrEnum member would
                # otherwise show as <Phase.TURN: 'turn'>.
                raise Problem(_("game {game}, phase {phase}: {move} is illegal: {reason}",
                                game=g + 1, phase=repr(str(game.phase)), move=move, reason=exc)) from None
            if game.winner is not None:
                break
        if game.winner is not None:
            finished += 1
            wins += game.winner == 0
    return wins, finished


def check_bot(bot_class: Any) -> CheckResult:
    """``check_bot(MyBot)``: does the bot play whole seeded games legally, and win some?

    The package's own ``best_color`` stands in for the learner's while this runs."""
    from ..engine.bots import Bot

    name = getattr(bot_class, "__name__", _("your bot"))
    if not (isinstance(bot_class, type) and issubclass(bot_class, Bot)):
        case = Case((), True, _("is a subclass of Bot"), "python",
                    _("Write `class MyBot(Bot):` and pass the class itself: check_bot(MyBot)."))
        return CheckResult(name, name, [CaseResult(case, False, problem=_("{value} is not a Bot class",
                                                                          value=repr(bot_class)))], FAILED)

    def plays(rules: Rules, players: int, games: int, seed: int) -> Callable[[], bool]:
        def run() -> bool:
            _won, finished = _bot_games(bot_class, rules, players, games, seed)
            if finished < games:
                raise Problem(_("only {finished} of {games} games reached a winner within 3000 moves",
                                finished=finished, games=games))
            return True
        return run

    def wins() -> bool:
        won, _finished = _bot_games(bot_class, ENCANTO, 2, 20, 7)
        if won < 6:
            raise Problem(_("won {won} of 20", won=won))
        return True

    specs = [
        (plays(ENCANTO, 2, 10, 1), _("plays 10 seeded 2-player Encanto games to the end, every move legal"),
         "E-MATCH-1",
         _("Return a move from game.legal_moves(); mind game.phase: 'challenge' (E-WD4-3) and "
           "'drawn' (E-DRAW-2) have their own moves.")),
        (plays(ENCANTO, 4, 10, 2), _("plays 10 seeded 4-player Encanto games to the end, every move legal"),
         "E-WDT-2",
         _("Return a move from game.legal_moves(): a Wild Don't Talk also names a player to silence (E-WDT-2).")),
        (plays(CLASSIC, 3, 10, 3), _("plays 10 seeded 3-player classic games to the end, every move legal"),
         "C-SETUP-4",
         _("C-SETUP-4: after a Wild turned first, the first player names a colour: the draw moves then carry one.")),
        (wins, _("wins at least 6 of 20 seeded 2-player Encanto games against RandomBot"), "E-WIN-1",
         _("E-WIN-1: to win, get rid of your cards: play a card whenever you can, and say UNO (E-UNO-1).")),
    ]
    uses = DEPENDS["MyBot"]
    results = []
    with standing_in(bot_class, uses):
        for test, label, rule, hint in specs:
            sub = run_cases(test, [Case((), True, label, rule, hint)], name, name=name)
            if sub.not_started:
                return CheckResult(name, name, [], NOT_STARTED, sub.notes)
            results.extend(sub.results)
    status = PASSED if all(r.ok for r in results) else FAILED
    return CheckResult(name, name, results, status, [standing_in_note(uses)])


def check_best_color(func: Callable[[list], Color]) -> CheckResult:
    """``best_color(hand)``: the colour to name for a wild: the one held most (E-MATCH-3)."""
    most = _("Name the colour you hold most cards of: after a wild the next card must match it (E-MATCH-3), so "
             "your next turn is easy.")
    tie = _("On a tie take the first colour in the order red, yellow, green, blue (list(Color)).")
    rows = [
        ("G1 G2 R5", "G", most), ("B1 Y2 B3 Y4 B5", "B", most),
        ("W R5 W+4", "R", _("Name the colour you hold most cards of: after a wild the next card must match it "
                            "(E-MATCH-3), so your next turn is easy. Wilds have no colour.")),
        ("Y1 G2", "Y", tie), ("B9 G2 G3 B4", "G", tie),
        ("W W+4", "R", _("No coloured card left: on a tie take the first colour in the order red, yellow, "
                         "green, blue (list(Color)).")),
        ("", "R", _("An empty hand has no favourite: on a tie take the first colour in the order red, yellow, "
                    "green, blue (list(Color)).")),
    ]
    # Which colour to name is strategy: E-MATCH-3 says only that the next card must match it.
    cases = [Case((to_cards(hand),), to_color(want), _("hand {hand}", hand=hand_text(hand)), "strategy", hint)
             for hand, want, hint in rows]
    return run_cases(func, cases, "best_color", normalize=norm)


def check_summarize(func: Callable[[list, Any], tuple[float, float]]) -> CheckResult:
    """``summarize(games, player)``: (win rate, average points per game) for ``player``."""
    games = [("Ana", 50), ("Ben", 30), ("Ana", 10)]
    rate = _("E-WIN-1: the win rate is the share of games the player won (wins divided by games).")
    avg = _("E-SCORE-2: average the points the player scored over all games played, the lost "
            "ones included (they score 0).")
    rows = [
        (games, "Ana", (2 / 3, 20.0), "E-SCORE-2", avg), (games, "Ben", (1 / 3, 10.0), "E-SCORE-2", avg),
        (games, "Caro", (0.0, 0.0), "E-WIN-1", rate),
        ([], "Ana", (0.0, 0.0), "E-WIN-1", _("No games played: return (0.0, 0.0) instead of dividing by zero.")),
        ([("Ben", 0)], "Ben", (1.0, 0.0), "E-WIN-1", rate),
        ([(0, 40), (1, 60), (0, 20), (0, 0)], 0, (0.75, 15.0), "E-SCORE-2", avg),
    ]
    cases = [Case((g, p), want, _("games {games}, player {player}", games=g or "[]", player=repr(p)), rule, hint)
             for g, p, want, rule, hint in rows]
    return run_cases(func, cases, "summarize", normalize=list_as_tuple)


#: Reading a tournament's ± (statistics): the standard error of an average, not the range of
#: games. The right letters are in the solution's hidden tests, not here (see :mod:`.answers`).
POINTS_ERROR = Choice("points_error", ("A", "B", "C"), {
    "A": N_("Is ± 4.2 how far single games lie from 30.6, or how far the average of 250 games may lie from the "
            "long-run average? What does a single game score?"),
    "B": N_("Whose spread is ± 4.2: single games', or the average's of 250 games? How far is two of it?"),
    "C": N_("How does a standard error change with four times the games?"),
}, "statistics")

#: Reading two bots on the same deals (statistics): the deals only one of them won.
SAME_DEALS = Choice("same_deals", ("A", "B", "C"), {
    "A": N_("How often would a fair coin split 48 tosses 30 to 18, or more unevenly? The sign test's p says it."),
    "B": N_("Do overlapping intervals show that two bots play equally well? And on the same deals, which deals "
            "tell the two apart?"),
    "C": N_("Which deals tell two bots apart when they play the same deals, and what would settle it?"),
}, "statistics")

ANSWERS = (POINTS_ERROR, SAME_DEALS)

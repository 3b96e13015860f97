"""Checks for exercise 07, the capstone: the learner's bot in seeded games, its colour choice, its stats."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..engine.cards import Color
from ..engine.rules import Rules
from .core import FAILED, NOT_STARTED, PASSED, Case, CaseResult, CheckResult, Problem, run_cases
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
        for _ in range(3000):
            for s, b in enumerate(bots):
                b.react(game, s)
            if game.winner is not None:
                break
            seat = game.current_player
            move = bots[seat].choose(game)
            if seat == 0 and not isinstance(move, Move):
                raise Problem(f"choose returned {move!r}, not a Move from game.legal_moves()")
            try:
                game.apply(move)
            except IllegalMove as exc:
                raise Problem(f"game {g + 1}, phase {game.phase!r}: {move} is illegal: {exc}") from None
            if game.winner is not None:
                break
        if game.winner is not None:
            finished += 1
            wins += game.winner == 0
    return wins, finished


def check_bot(bot_class: Any) -> CheckResult:
    """``check_bot(MyBot)``: does the bot play whole seeded games legally, and win some?"""
    from ..engine.bots import Bot

    name = getattr(bot_class, "__name__", "your bot")
    if not (isinstance(bot_class, type) and issubclass(bot_class, Bot)):
        case = Case((), True, "is a subclass of Bot", "E-DRAW-4",
                    "Write `class MyBot(Bot):` and pass the class itself: check_bot(MyBot).")
        return CheckResult(name, name, [CaseResult(case, False, problem=f"{bot_class!r} is not a Bot class")],
                           FAILED)

    def plays(rules: Rules, players: int, games: int, seed: int) -> Callable[[], bool]:
        def run() -> bool:
            _, finished = _bot_games(bot_class, rules, players, games, seed)
            if finished < games:
                raise Problem(f"only {finished} of {games} games reached a winner within 3000 moves")
            return True
        return run

    def wins() -> bool:
        won, _ = _bot_games(bot_class, ENCANTO, 2, 20, 7)
        if won < 6:
            raise Problem(f"won {won} of 20")
        return True

    specs = [
        (plays(ENCANTO, 2, 10, 1), "plays 10 seeded 2-player Encanto games to the end, every move legal",
         "E-MATCH-1",
         "Return a move from game.legal_moves(); mind game.phase: 'challenge' (E-WD4-3) and "
         "'drawn' (E-DRAW-2) have their own moves."),
        (plays(ENCANTO, 4, 10, 2), "plays 10 seeded 4-player Encanto games to the end, every move legal",
         "E-WDT-2",
         "Return a move from game.legal_moves(): a Wild Don't Talk also names a player to silence (E-WDT-2)."),
        (plays(CLASSIC, 3, 10, 3), "plays 10 seeded 3-player classic games to the end, every move legal",
         "C-SETUP-4",
         "C-SETUP-4: after a Wild turned first, the first player names a colour: the draw moves then carry one."),
        (wins, "wins at least 6 of 20 seeded 2-player Encanto games against RandomBot", "E-WIN-1",
         "E-WIN-1: to win, get rid of your cards: play a card whenever you can, and say UNO (E-UNO-1)."),
    ]
    results = []
    for test, label, rule, hint in specs:
        sub = run_cases(test, [Case((), True, label, rule, hint)], name, name=name)
        if sub.not_started:
            return CheckResult(name, name, [], NOT_STARTED, sub.note)
        results.extend(sub.results)
    status = PASSED if all(r.ok for r in results) else FAILED
    return CheckResult(name, name, results, status)


def check_best_color(func: Callable[[list], Color]) -> CheckResult:
    """``best_color(hand)``: the colour to name for a wild: the one held most (E-MATCH-3)."""
    most = "E-MATCH-3: name the colour you hold most cards of, so your next turn is easy."
    tie = "on a tie take the first colour in the order red, yellow, green, blue (list(Color))."
    rows = [
        ("G1 G2 R5", "G", most), ("B1 Y2 B3 Y4 B5", "B", most), ("W R5 W+4", "R", most + " Wilds have no colour."),
        ("Y1 G2", "Y", "E-MATCH-3: " + tie), ("B9 G2 G3 B4", "G", "E-MATCH-3: " + tie),
        ("W W+4", "R", "No coloured card left: " + tie), ("", "R", "An empty hand has no favourite: " + tie),
    ]
    cases = [Case((to_cards(hand),), to_color(want), f"hand {hand_text(hand)}", "E-MATCH-3", hint)
             for hand, want, hint in rows]
    return run_cases(func, cases, "best_color", normalize=norm)


def check_summarize(func: Callable[[list, Any], tuple[float, float]]) -> CheckResult:
    """``summarize(games, player)``: (win rate, average points per game) for ``player``."""
    games = [("Ana", 50), ("Ben", 30), ("Ana", 10)]
    rate = "E-WIN-1: the win rate is the share of games the player won (wins divided by games)."
    avg = ("E-SCORE-2: average the points the player scored over all games played, the lost "
           "ones included (they score 0).")
    rows = [
        (games, "Ana", (2 / 3, 20.0), avg), (games, "Ben", (1 / 3, 10.0), avg),
        (games, "Caro", (0.0, 0.0), rate), ([], "Ana", (0.0, 0.0),
                                            "No games played: return (0.0, 0.0) instead of dividing by zero."),
        ([("Ben", 0)], "Ben", (1.0, 0.0), rate), ([(0, 40), (1, 60), (0, 20), (0, 0)], 0, (0.75, 15.0), avg),
    ]
    cases = [Case((g, p), want, f"games {g or '[]'}, player {p!r}", "E-SCORE-2" if hint is avg else "E-WIN-1", hint)
             for g, p, want, hint in rows]
    return run_cases(func, cases, "summarize",
                     normalize=list_as_tuple)



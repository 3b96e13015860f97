"""The exercise checks (uno_lessons.checks): every check passes on the reference solution
in solutions/, fails with a hint naming and quoting the rule on typical wrong answers, greets
an unstarted stub kindly, says a learner's slip once in one sentence with the line to fix,
grades each step on its own function (one mistake, one point), and its cases agree with the
engine. ``check(name)`` raises a short AssertionError exactly when a step does not pass."""

from __future__ import annotations

import contextlib
import html
import io
import json
import linecache
import math
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from uno_lessons import Card, Color, Game, Rules, hand_points, matches
from uno_lessons import checks as ck
from uno_lessons.checks import reference as reference_answers
from uno_lessons.checks.core import NOT_A_RULE, hint_source
from uno_lessons.checks.reference import DEPENDS, REFERENCE, namespace_of
from uno_lessons.checks.step import step_result
from uno_lessons.engine.bots import Bot, RandomBot
from uno_lessons.engine.cards import Rank
from uno_lessons.engine.moves import Move, wild_draw_four_honest
from uno_lessons.engine.rulebook import HOUSE_RULES, RULES

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = ROOT / "solutions"
ENCANTO, CLASSIC = Rules.encanto(), Rules.classic()
RULE_ID = re.compile(r"^(?:[EC]-[A-Z0-9]+(-\d+)?|H-[A-Z]+(-[A-Z]+)*)$")  # H-…: the house rules
CHECK_CALL = re.compile(r'^check\("(\w+)"\)\s*$', re.M)


def code_cells(path: Path) -> list[dict]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [c for c in cells if c["cell_type"] == "code"]


def source(cell: dict) -> str:
    src = cell["source"]
    return "".join(src) if isinstance(src, list) else src


@pytest.fixture(scope="module")
def reference() -> dict:
    """Every name the solution notebooks define: their code cells run, check cells left out."""
    names: dict = {}
    for path in sorted(SOLUTIONS.glob("*.ipynb")):
        ns: dict = {"__name__": f"solution_{path.stem}"}
        with contextlib.redirect_stdout(io.StringIO()):
            for cell in code_cells(path):
                if "check" not in cell.get("metadata", {}).get("tags", []):
                    exec(compile(source(cell), f"{path.name}:{cell.get('id')}", "exec"), ns)
        names.update({k: v for k, v in ns.items() if not k.startswith("_")})
    return names


def checked_in_notebooks() -> list[str]:
    """The learner function names the check cells of solutions/ check, in order."""
    return [name for path in sorted(SOLUTIONS.glob("*.ipynb")) for cell in code_cells(path)
            for name in CHECK_CALL.findall(source(cell))]


# ------------------------------------------------------------------ reference solutions
def test_every_check_is_used_by_a_solution_notebook_once():
    used = checked_in_notebooks()
    assert sorted(used) == sorted([*ck.CHECKS, *ck.ANSWERS])


@pytest.mark.parametrize("func_name", list(ck.CHECKS))
def test_every_check_passes_on_the_reference_solution(reference, func_name):
    result = ck.CHECKS[func_name](reference[func_name])
    assert result.passed, result.text()
    assert result.failures == [] and not result.not_started
    assert len(result.results) >= 4
    assert "✓" in result.text() and "✗" not in result.text()
    assert "all" in result._repr_html_() and "<details><summary>the cases</summary>" in result._repr_html_()
    assert "Hint" not in result._repr_html_()


# ------------------------------------------------------------------ typical wrong answers
def _cards_in_deck_zero_is_two(code, rules):
    card = Card.parse(code)
    if card.rank is Rank.WILD_DONT_TALK and not rules.wild_dont_talk:
        return 0
    return 4 if card.is_wild else 2


def _cards_in_deck_wdt_everywhere(code, rules):
    card = Card.parse(code)
    return 4 if card.is_wild else 1 if card.rank is Rank.ZERO else 2


def _se(values) -> float:
    return float(np.std(values, ddof=1) / math.sqrt(len(values)))


def _paired(a, b) -> tuple[float, float]:
    d = np.subtract(np.asarray(a, dtype=float), np.asarray(b, dtype=float))
    return float(d.mean()), _se(d)


def _first_player_no_wrap(dealer, players, first_card, rules):
    return dealer + 1


def _first_player_ignores_classic(dealer, players, first_card, rules):
    return (dealer + 1) % players


def _can_play_no_wilds(card, top, color):
    return card.color is color or card.rank is top.rank


def _can_play_no_symbols(card, top, color):
    return card.is_wild or card.color is color or (card.is_number and card.rank is top.rank)


def _can_play_top_colour(card, top, color):
    return card.is_wild or card.color is top.color or card.rank is top.rank


def _next_seat_two_player_reverse(card, seat, direction, players):
    if card.rank is Rank.REVERSE:
        direction = -direction
    steps = 2 if card.rank in (Rank.SKIP, Rank.DRAW_TWO) else 1
    return (seat + steps * direction) % players


def _next_seat_skip_ignored(card, seat, direction, players):
    if card.rank is Rank.REVERSE:
        return seat if players == 2 else (seat - direction) % players
    return (seat + direction) % players


def _seq_without_direction(codes, players, seat=0, direction=1):
    for code in codes:
        card = Card.parse(code)
        if card.rank is Rank.REVERSE and players == 2:
            continue
        seat = (seat + (2 if card.rank in (Rank.SKIP, Rank.DRAW_TWO) else 1)) % players
    return seat, direction


def _wd4_wilds_always_count(hand, color, rules):
    return not any(c.is_wild or c.color is color for c in hand)


def _wd4_wilds_never_count(hand, color, rules):
    return not any(c.color is color for c in hand)


def _wd4_any_match(hand, color, rules):
    return not any(c.is_wild or c.color is color or c.rank is Rank.SEVEN for c in hand)


def _outcome_four_for_challenger(hand, color, rules):
    if not any(c.color is color or (c.is_wild and rules.wilds_block_wild_draw_four) for c in hand):
        return ("challenger", 4, False)
    return ("player", 4, rules.guilty_penalty == "take_back")


def _outcome_never_taken_back(hand, color, rules):
    if not any(c.color is color or (c.is_wild and rules.wilds_block_wild_draw_four) for c in hand):
        return ("challenger", 6, False)
    return ("player", 4, False)


def _silenced_any_uno(actions):
    silenced = None
    for action in actions:
        silenced = action[1] if action[0] == "dont_talk" else None
    return silenced


def _silenced_first_stays(actions):
    silenced = None
    for action in actions:
        if action[0] == "dont_talk" and silenced is None:
            silenced = action[1]
        elif action[0] == "uno" and action[2]:
            silenced = None
    return silenced


def _points_wild_twenty(code):
    card = Card.parse(code)
    return int(card.rank.value) if card.is_number else 20


def _points_draw_two_is_two(code):
    card = Card.parse(code)
    if card.rank is Rank.DRAW_TWO:
        return 2
    return 50 if card.is_wild else int(card.rank.value) if card.is_number else 20


def _winner_strictly_more(results, players, target=500):
    totals = [0] * players
    for winner, points in results:
        totals[winner] += points
        if totals[winner] > target:
            return winner
    return None


def _winner_biggest_hand(results, players, target=500):
    return max(results, key=lambda r: r[1])[0] if results else None


class _CardBot(Bot):
    def choose(self, game):
        return game.hands[game.current_player][0]


class _AnyCardBot(Bot):
    def choose(self, game):
        return Move("play", game.hands[game.current_player][0], Color.RED)


class _PassiveBot(Bot):
    def choose(self, game):
        moves = game.legal_moves()
        return next((m for m in moves if m.kind in ("draw", "keep", "accept", "pass")), moves[0])


WRONG = [
    ("cards_in_deck", _cards_in_deck_zero_is_two, "E-DECK", "the 0 counted like 1-9"),
    ("cards_in_deck", _cards_in_deck_wdt_everywhere, "E-DECK", "Wild Don't Talk in the classic deck"),
    ("deck_size", lambda rules: 112, "E-DECK", "ignores the rules"),
    ("deck_size", lambda rules: 112 if rules.name == "encanto" else 108, "E-DECK", "looks at the name"),
    ("first_card_is_returned", lambda code, rules: not Card.parse(code).is_number, "C-SETUP-4",
     "Encanto's re-flip in the classic rules"),
    ("first_card_is_returned", lambda code, rules: Card.parse(code).is_wild and rules.name == "encanto",
     "E-SETUP-4", "only wilds go back"),
    ("first_player", _first_player_no_wrap, "E-SETUP-5", "seats do not wrap"),
    ("first_player", _first_player_ignores_classic, "C-SETUP-4", "the classic first card ignored"),
    ("can_play", _can_play_no_wilds, "E-MATCH-2", "forgets wilds"),
    ("can_play", _can_play_no_symbols, "E-MATCH-1", "forgets symbol matches"),
    ("can_play", _can_play_top_colour, "E-MATCH-3", "the wild's own colour instead of the chosen one"),
    ("playable_cards", lambda hand, top, color: [c for c in hand if _can_play_no_wilds(c, top, color)],
     "E-MATCH-1", "forgets wilds"),
    ("playable_cards", lambda hand, top, color: {c.code for c in hand if matches(c, top, color)}, "E-MATCH-1",
     "a set: order and repeats lost"),
    ("match_reason", lambda card, top, color: "wild" if card.is_wild else "colour" if card.color is color
     else "number" if card.rank is top.rank else None, "E-MATCH-1", "symbol called number"),
    ("match_reason", lambda card, top, color: "wild" if card.is_wild else "number" if card.rank is top.rank
     else "colour" if card.color is color else None, "E-MATCH-1", "wrong order"),
    ("next_seat_after", _next_seat_two_player_reverse, "E-ACT-3", "Reverse with two players not a Skip"),
    ("next_seat_after", _next_seat_skip_ignored, "E-ACT-4", "Skip does not skip"),
    ("direction_after", lambda card, d: -d if not card.is_number and not card.is_wild else d, "E-ACT-3",
     "every action card reverses"),
    ("seat_after_sequence", _seq_without_direction, "E-ACT-3", "direction never changes"),
    ("wild_draw_four_is_legal", _wd4_wilds_always_count, "C-WD4-2", "wilds count in the classic rules"),
    ("wild_draw_four_is_legal", _wd4_wilds_never_count, "E-WD4-2", "wilds never count"),
    ("wild_draw_four_is_legal", _wd4_any_match, "E-WD4-6", "a number match makes it illegal"),
    ("challenge_outcome", _outcome_four_for_challenger, "E-WD4-4", "the challenger draws four"),
    ("challenge_outcome", _outcome_never_taken_back, "C-WD4-5", "no take-back in classic"),
    ("next_to_move", lambda answer, honest, ch, d, n: (ch + d) % n, "E-WD4-5", "a right challenger skipped"),
    ("uno_counts", lambda cards, my_turn: cards == 1, "E-UNO-5", "two cards on your turn"),
    ("catch_penalty", lambda n, said, window: 2 if n == 1 and not said else 0, "E-UNO-4", "window ignored"),
    ("catch_penalty", lambda n, said, window: 2 if n == 1 and window else 0, "E-UNO-3", "said UNO ignored"),
    ("talk_penalty", lambda seat, silenced: 3 if silenced and seat == silenced else 0, "E-WDT-2",
     "seat 0 is falsy"),
    ("talk_penalty", lambda seat, silenced: 2 if seat == silenced else 0, "E-WDT-2", "UNO's penalty"),
    ("silenced_after", _silenced_any_uno, "E-UNO-5", "an UNO that did not count ends the silence"),
    ("silenced_after", _silenced_first_stays, "E-WDT-5", "a later Wild Don't Talk does not replace"),
    ("card_points", _points_wild_twenty, "E-SCORE-2", "a wild counted as 20"),
    ("card_points", _points_draw_two_is_two, "E-SCORE-2", "a Draw Two worth 2"),
    ("hand_score", lambda hands: sum(len(h) for h in hands), "E-SCORE-3", "counts cards"),
    ("hand_score", lambda hands: sum(_points_wild_twenty(c) for h in hands for c in h), "E-SCORE-3",
     "a wild counted as 20"),
    ("match_winner", _winner_strictly_more, "E-SCORE-4", "more than 500 instead of 500 or more"),
    ("match_winner", _winner_biggest_hand, "E-SCORE-4", "the biggest single hand"),
    ("best_color", lambda hand: max(reversed(list(Color)), key=lambda c: sum(k.color is c for k in hand)),
     "strategy", "ties to the last colour"),
    ("MyBot", _CardBot, "E-MATCH-1", "returns a Card, not a Move"),
    ("MyBot", _AnyCardBot, "E-MATCH-1", "plays cards that do not match"),
    ("MyBot", _PassiveBot, "E-WIN-1", "never plays a card"),
    ("summarize", lambda games, p: (sum(w == p for w, _ in games) / len(games),
                                    sum(x for w, x in games if w == p) / max(1, sum(w == p for w, _ in games))),
     "E-SCORE-2", "averages over wins only, divides by zero"),
    ("expected_swings", lambda q, rules: (10 * q - 6, -4), "C-WD4-5", "the Encanto swing under classic rules"),
    ("expected_swings", lambda q, rules: (-6 * (1 - q), -4), "E-WD4-5", "the bluffer's four cards not counted"),
    ("expected_swings", lambda q, rules: (-4, 10 * q - 6), "E-WD4-4", "the pair the wrong way round"),
    ("mean_and_error", lambda v: (sum(v) / len(v), float(np.std(v)) / len(v) ** 0.5), "statistics",
     "spread over n, not n - 1"),
    ("mean_and_error", lambda v: (sum(v) / len(v), float(np.std(v, ddof=1))), "statistics",
     "the standard deviation, not the standard error"),
    ("share_above_fair", lambda won, n: sum(won) / len(won), "statistics", "the share, fair share not taken off"),
    ("share_above_fair", lambda won, n: sum(won) / n - 1 / n, "statistics", "divides by the players"),
    ("paired_difference", lambda a, b: (float(np.mean(a) - np.mean(b)), math.hypot(_se(a), _se(b))), "statistics",
     "the errors of separate games, not the deal-by-deal differences"),
    ("paired_difference", lambda a, b: _paired(b, a), "statistics", "without minus with"),
    ("paired_difference", lambda a, b: (_paired(a, b)[0], float(np.std(np.subtract(a, b), ddof=1))), "statistics",
     "the standard deviation of the differences, not their standard error"),
    ("is_clear", lambda a, b: _paired(a, b)[0] > 2 * _paired(a, b)[1], "statistics", "a smaller figure never clear"),
    ("is_clear", lambda a, b: abs(_paired(a, b)[0]) > _paired(a, b)[1], "statistics", "one standard error, not two"),
    ("is_clear", lambda a, b: abs(np.mean(a) - np.mean(b)) > 2 * math.hypot(_se(a), _se(b)), "statistics",
     "the errors of separate games on the same deals"),
    ("is_clear", lambda a, b: abs(_paired(a, b)[0]) >= 2 * _paired(a, b)[1], "statistics",
     "no effect with no error called clear"),
    ("softmax", lambda s: np.exp(s) / np.exp(s).sum(), "maths", "overflows on large scores"),
    ("softmax", lambda s: s / s.sum(), "maths", "scores shared out, not e to the scores"),
    ("score_gradient", lambda m, p, k: m[k], "maths", "expected features not taken off"),
    ("score_gradient", lambda m, p, k: m[k] - m.mean(axis=0), "maths", "plain mean, not weighted by chance"),
    ("reinforce_step", lambda w, g, r, b, lr: w + lr * r * g, "maths", "no baseline"),
    ("reinforce_step", lambda w, g, r, b, lr: w + (r - b) * g, "maths", "no learning rate"),
    ("points_reward", lambda game, seat: float(game.winner == seat), "E-SCORE-2", "0 for every loss"),
    ("points_reward", lambda game, seat: 1.0 if game.winner == seat else -len(game.hands[seat]) / 100,
     "E-SCORE-2", "counts cards, not points"),
]


@pytest.mark.parametrize(("func_name", "wrong", "rule_id", "why"), WRONG,
                         ids=[f"{w[0]}-{w[3]}" for w in WRONG])
def test_a_typical_wrong_answer_fails_with_a_hint_naming_the_rule(func_name, wrong, rule_id, why):
    result = ck.CHECKS[func_name](wrong)
    assert not result.passed and not result.not_started, f"{why}: passed"
    assert result.failures, why
    assert rule_id in result.rule_ids, f"{why}: failing rules {result.rule_ids}"
    text, page = result.text(), result._repr_html_()
    assert "✗" in text and f"{len(result.results) - len(result.failures)} of {len(result.results)}" in text
    cited = hint_source(rule_id)  # a rule id, or what the hint is about: "statistics, not a rule"
    assert cited in text and html.escape(cited) in page
    failure = next(f for f in result.failures if f.rule == rule_id)
    assert failure.hint and failure.message
    assert f"<details><summary>Hint ({html.escape(cited)})</summary>" in page


def test_every_check_has_a_wrong_answer_here():
    assert {w[0] for w in WRONG} == set(ck.CHECKS)


def test_a_failure_shows_what_was_returned_but_not_the_expected_value():
    result = ck.check_card_points(_points_wild_twenty)
    wild = next(f for f in result.failures if f.label == "W")
    assert wild.message == "returned 20"
    assert "50" not in wild.message and "50" not in wild.hint
    assert "  ✗ W: returned 20" in result.text()


@pytest.mark.parametrize("func_name", list(ck.CHECKS))
def test_every_case_names_a_known_rule_and_a_hint(reference, func_name):
    wrong = ck.CHECKS[func_name](lambda *a, **k: object())  # fails every case (or is not a Bot)
    for r in wrong.results:
        assert RULE_ID.match(r.rule) or r.rule in NOT_A_RULE, r.rule
        assert len(r.hint) > 15 and r.label
    for r in ck.CHECKS[func_name](reference[func_name]).results + wrong.results:
        assert r.rule in RULES or r.rule in HOUSE_RULES or r.rule in NOT_A_RULE, r.rule
        assert all(rid in RULES for rid in re.findall(r"\b[EC]-[A-Z0-9]+-\d+\b|\bE-DECK\b", r.hint)), r.hint


# ------------------------------------------------------------------ stubs and learners' errors
def _stub(*args, **kwargs):
    raise NotImplementedError()


@pytest.mark.parametrize("func_name", [f for f in ck.CHECKS if f != "MyBot"])
def test_a_stub_is_not_started_yet_not_a_traceback(func_name):
    result = ck.CHECKS[func_name](_stub)
    assert result.not_started and not result.passed
    assert "not started yet" in result.text() and "NotImplementedError" in result.text()
    assert "not started yet" in result._repr_html_()
    assert "Traceback" not in result.text()


class _StubBot(Bot):
    def choose(self, game):
        # YOUR CODE HERE
        raise NotImplementedError()

    def react(self, game, seat):
        pass


class _HalfStubBot(RandomBot):
    def react(self, game, seat):
        raise NotImplementedError()


def test_a_stub_bot_is_not_started_and_the_message_names_the_method():
    result = ck.check_bot(_StubBot)
    assert result.not_started and "`choose`" in result.text()
    result = ck.check_bot(_HalfStubBot)
    assert result.not_started and "`react`" in result.text()


def test_a_learners_exception_in_some_cases_is_a_failing_row_with_its_line():
    def can_play(card, top, color):
        if card.is_wild:
            return {}[card.code]  # the learner's bug: a KeyError for wild cards only
        return card.color is color or card.rank is top.rank

    result = ck.check_can_play(can_play)
    assert not result.passed and not result.not_started and result.stop is None
    wild = next(f for f in result.failures if f.label.startswith("W on"))
    line = can_play.__code__.co_firstlineno + 2
    assert wild.message == f"raised KeyError: 'W' at line {line}"
    assert f"✗ W on G3, green in force: raised KeyError: 'W' at line {line}" in result.text()
    assert "raised KeyError" in result._repr_html_()


def test_forgetting_return_gets_a_note():
    def can_play(card, top, color):
        card.is_wild or card.color is color  # noqa: B018 - the learner's bug

    result = ck.check_can_play(can_play)
    assert not result.passed and "returned None" in result.text()
    assert "forget a `return`" in result.text()


def test_passing_something_that_is_not_a_function():
    result = ck.check_can_play(None)
    assert not result.passed and not result.not_started
    assert "Pass your function itself" in result.text()
    assert not ck.check_bot(RandomBot(1)).passed


def test_a_learner_that_changes_its_arguments_cannot_change_the_cases(reference):
    def greedy(hand, top, color):
        out = [c for c in hand if matches(c, top, color)]
        hand.clear()
        return out

    assert ck.check_playable_cards(greedy).passed
    assert ck.check_playable_cards(greedy).passed


def test_bool_answers_must_be_bools_and_numbers_numbers():
    assert not ck.check_can_play(lambda card, top, color: "yes").passed
    assert not ck.check_uno_counts(lambda cards, my_turn: int(cards == 1 or (cards == 2 and my_turn))).passed
    assert not ck.check_card_points(lambda code: float(Card.parse(code).points)).passed
    # numpy scalars and lists for tuples are fine
    import numpy as np

    assert ck.check_card_points(lambda code: np.int64(Card.parse(code).points)).passed
    assert ck.check_match_reason(lambda *a: {"colour": "Color"}.get(_reason(*a), _reason(*a))).passed


def _reason(card, top, color):
    if card.is_wild:
        return "wild"
    if card.color is color:
        return "colour"
    if card.rank is top.rank:
        return "number" if card.is_number else "symbol"
    return None


# ------------------------------------------------------------------ display
def test_reports_are_deterministic_and_escaped(reference):
    for name, check in ck.CHECKS.items():
        first, second = check(reference[name]), check(reference[name])
        assert repr(first) == repr(second) == str(first)
        assert first._repr_html_() == second._repr_html_()
    page = ck.check_can_play(lambda *a: "<b>").__repr__()
    assert "'<b>'" in page
    assert "&lt;b&gt;" in ck.check_can_play(lambda *a: "<b>")._repr_html_()


def test_show_prints_text_outside_ipython(reference, capsys):
    result = ck.check_deck_size(reference["deck_size"]).show()
    assert capsys.readouterr().out.strip() == result.text()


def test_checks_do_not_import_ipywidgets():
    code = ("import sys, uno_lessons.checks as c; c.check_can_play(lambda *a: True); "
            "c.tournament(__import__('uno_lessons').RandomBot, games=2); "
            "print('ipywidgets' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "False"


# ------------------------------------------------------------------ the cases agree with the engine
FILLERS = "R1 R2 R3 R4 R5 R6 R7 R8 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 B5 B6 B7 B8".split()


def _other_hands(players):
    return [FILLERS[2 * i: 2 * i + 2] for i in range(players)]


def _engine_next_seat(card, seat, direction, players):
    hands = _other_hands(players)
    hands[seat] = [card.code, "Y9"]
    game = Game.from_position(hands, ["G9" if card.is_wild else card.color.value + "9"],
                              ["B1", "B2", "B3"], current=seat, direction=direction)
    if card.rank is Rank.WILD_DONT_TALK:
        game.play(card, color="blue", target=(seat + 1) % players)
    else:
        game.play(card, color="blue" if card.is_wild else None)
    return game.current_player


def _engine_direction(card, direction):
    game = Game.from_position([[card.code, "Y9"], ["R1"], ["R2"]], ["G9" if card.is_wild else card.color.value + "9"],
                              current=0, direction=direction)
    game.play(card, color="blue" if card.is_wild else None, target=1 if card.rank is Rank.WILD_DONT_TALK else None)
    return game.direction


def _engine_first_player(dealer, players, first_card, rules):
    card = Card.parse(first_card)
    deck_rest = [c for c in ("G1 G2 G3 G4 Y1 Y2 Y3 Y4 B1 B2 B3 B4 B5 B6".split()) if c != first_card]
    game = Game([[] for _ in range(players)], [], [Card.parse(c) for c in deck_rest] + [card],
                rules=rules, names=[f"p{i}" for i in range(players)], current=(dealer + 1) % players,
                direction=1, color=None, rng=__import__("numpy").random.default_rng(0), dealer=dealer)
    game._turn_first_card()
    return game.current_player


def _engine_challenge(hand, color, rules):
    pile = "R1 R2 R3 R4 R5 R6 R7 R8 R9 Y1".split()
    discard = {"R": "R8", "G": "G7", "B": "B7", "Y": "Y7"}[color.value]
    filler = "Y9" if color is Color.RED else "R9"  # never the old colour: keeps the hand from winning
    game = Game.from_position([["W+4", filler, *[c.code for c in hand]], ["B1"], ["Y4"]], [discard], pile,
                              rules=rules)
    before = [len(h) for h in game.hands]
    game.play("W+4", color="yellow" if color is not Color.YELLOW else "red")
    game.challenge()
    drew = [len(h) - b for h, b in zip(game.hands, before)]
    if drew[1]:
        return ("challenger", drew[1], False)
    taken_back = drew[0] == 4  # the card came back (+1) and four were drawn, against one played (-1)
    return ("player", drew[0] + (0 if taken_back else 1), taken_back)


def _engine_next_to_move(answer, honest, challenger, direction, players):
    player = (challenger - direction) % players
    hands = _other_hands(players)
    hands[player] = ["W+4", "Y9"] + ([] if honest else ["G2"])
    game = Game.from_position(hands, ["G7"], "R9 R9 B1 B2 B3 B4 G3 G4 G5 G6".split(),
                              current=player, direction=direction)
    game.play("W+4", color="blue")
    game.accept() if answer == "accept" else game.challenge()
    return game.current_player


def _engine_uno_counts(cards, my_turn):
    hand = ["G1", "G2", "G3"][:cards]
    hands = [hand, ["R1", "R2", "R3"]] if my_turn else [["R1", "R2", "R3"], hand]
    game = Game.from_position(hands, ["G9"], ["B1"], current=0)
    seat = 0 if my_turn else 1
    if not cards:
        return False
    return game.say_uno(seat)


def _engine_catch(cards_left, said_uno, window_open):
    hand = ["G1", "G2", "G3", "G4"][: cards_left + 1]
    game = Game.from_position([hand, ["R1", "G8", "R3"], ["R4", "R5"]], ["G9"], "B1 B2 B3 B4".split())
    if said_uno:
        game.say_uno(0)
    game.play("G1")
    if not window_open:
        game.play("G8")
    before = len(game.hands[0])
    game.catch(2, 0)
    return len(game.hands[0]) - before


ENGINE = [
    ("can_play", matches),
    ("playable_cards", lambda hand, top, color: [c for c in hand if matches(c, top, color)]),
    ("wild_draw_four_is_legal", lambda hand, color, rules:
     wild_draw_four_honest(hand, color, rules.wilds_block_wild_draw_four)),
    ("challenge_outcome", _engine_challenge),
    ("next_to_move", _engine_next_to_move),
    ("next_seat_after", _engine_next_seat),
    ("direction_after", _engine_direction),
    ("first_player", _engine_first_player),
    ("cards_in_deck", lambda code, rules: __import__("uno_lessons").build_deck(rules.wild_dont_talk)
     .count(Card.parse(code))),
    ("deck_size", lambda rules: rules.deck_size),
    ("card_points", lambda code: Card.parse(code).points),
    ("hand_score", lambda hands: sum(hand_points(h) for h in hands)),
    ("uno_counts", _engine_uno_counts),
    ("catch_penalty", _engine_catch),
]


@pytest.mark.parametrize(("func_name", "engine"), ENGINE, ids=[e[0] for e in ENGINE])
def test_the_engine_passes_the_check(func_name, engine):
    """The engine, wrapped as a learner's function, passes: the cases say what the engine does."""
    result = ck.CHECKS[func_name](engine)
    assert result.passed, result.text()


def test_the_match_winner_check_agrees_with_a_real_match(reference):
    from uno_lessons.engine.bots import play_match

    match = play_match(["sensible", "random", "sensible"], seed=5)
    results = [(r.winner, r.points) for r in match.results]
    assert reference["match_winner"](results, 3) == match.winner


# ------------------------------------------------------------------ bots and the tournament
def test_check_bot_passes_the_built_in_sensible_bot():
    from uno_lessons.engine.bots import SensibleBot

    assert ck.check_bot(SensibleBot).passed


def test_check_bot_names_the_illegal_move():
    result = ck.check_bot(_AnyCardBot)
    assert "is illegal" in result.failures[0].message
    assert "phase 'turn'" in result.failures[0].message  # the phase's word, whatever type it has
    result = ck.check_bot(_CardBot)
    assert "not a Move" in result.failures[0].message


def test_tournament_is_seeded_and_rotates_seats(reference):
    first = ck.tournament(reference["MyBot"], games=30, seed=3)
    again = ck.tournament(reference["MyBot"], games=30, seed=3)
    assert first.games == again.games and len(first.games) == 30
    assert first.names == ["MyBot", "SensibleBot", "RandomBot"]
    assert sum(w for _, w, _, _ in first.rows()) == 30
    rate, avg = first.summary("MyBot")
    assert reference["summarize"](first.games, "MyBot") == pytest.approx((rate, avg))
    assert "win rate" in first.text() and "<table" in first._repr_html_()
    other = ck.tournament(reference["MyBot"], games=30, seed=4)
    assert other.games != first.games
    twice = ck.tournament(RandomBot, opponents=[RandomBot], games=4)
    assert twice.names == ["RandomBot", "RandomBot2"]


def test_tournament_shows_wilson_intervals_of_its_win_rates(reference):
    from uno_lessons.simulation.estimate import wilson

    result = ck.tournament(reference["MyBot"], games=40, seed=3)
    lines = result.text().splitlines()
    for name, wins, _rate, _avg in result.rows():
        low, high = wilson(wins, 40)
        row = next(line for line in lines if line.split()[0] == name)
        assert f"[{low:.1%}, {high:.1%}]" in row and f"[{low:.1%}, {high:.1%}]" in result._repr_html_()
    # a bot that never wins still gets room above 0, which rate ± 2 SE would not give it
    random_row = next(line for line in lines if line.split()[0] == "RandomBot")
    assert "[0.0%, 8.8%]" in random_row
    assert "Wilson" in lines[-1]


def test_tournament_with_a_stub_bot_is_not_started():
    result = ck.tournament(_StubBot, games=5)
    assert result.status == "not started" and "not started yet" in result.text()
    assert "`choose`" in result.text() and result.games == []


def test_tournament_reports_a_broken_bot():
    result = ck.tournament(_AnyCardBot, games=5)
    assert result.status == "failed" and "IllegalMove" in result.text()


# ------------------------------------------------------------------ hints quote the rule book
@pytest.mark.parametrize("func_name", list(ck.CHECKS))
def test_every_hint_quotes_its_rule_from_the_rule_book(func_name):
    wrong = ck.CHECKS[func_name](lambda *a, **k: object())
    text, page = wrong.text(), wrong._repr_html_()
    assert wrong.failures
    for r in wrong.failures:
        if r.rule in NOT_A_RULE:  # statistics, maths, strategy: the hint says so and quotes no rule
            assert f"hint ({NOT_A_RULE[r.rule]}): {r.hint}" in text and "Rule " not in text
            continue
        quote = f"Rule {r.rule} says: “{(RULES.get(r.rule) or HOUSE_RULES[r.rule]).summary}.”"
        assert quote in text and html.escape(quote) in page
    assert "RULES.md" not in text + page


# ------------------------------------------------------------------ slips: one sentence, the line to fix
def _learner(code: str, name: str, **names):
    """A learner's function compiled from ``code`` in a namespace of its own, its source kept
    in linecache under a file name of its own, as IPython does for a cell."""
    filename = f"<learner cell {len(linecache.cache)}>"
    linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
    space = dict(names)
    exec(compile(code, filename, "exec"), space)
    return space[name]


def test_colour_for_color_is_one_sentence_with_the_line_not_a_table_of_errors():
    def can_play(card, top, color):
        return card.colour is color

    result = ck.check_can_play(can_play)
    assert not result.passed and result.stop is not None
    assert result.headline == "✗ can_play: 13 cases stop with the same error"
    line = can_play.__code__.co_firstlineno + 1
    assert result.text().split("\n")[1:] == [
        f"  Your code stopped at line {line}: `return card.colour is color`",
        "  Write `card.color` instead of `card.colour`: a `Card` has `color`, not `colour`.",
    ]
    page = result._repr_html_()
    assert "<table" not in page and "<code>card.color</code>" in page and "AttributeError" not in page


def test_a_slip_in_some_cases_only_is_still_said_once():
    def can_play(card, top, color):
        if card.is_wild:
            return True
        return card.colour is color or card.rank is top.rank

    result = ck.check_can_play(can_play)
    assert result.headline == "✗ can_play: 10 cases stop with the same error"
    assert result.text().count("Write `card.color`") == 1 and "✓ W on G3" not in result.text()


def test_a_misspelt_member_of_a_class_is_named():
    result = ck.check_can_play(_learner("def can_play(card, top, color):\n    return color is Color.GREN\n",
                                        "can_play", Color=Color))
    assert "Write `Color.GREEN` instead of `Color.GREN`: a `Color` has `GREEN`, not `GREN`." in result.text()


def test_a_missing_import_says_which_line_to_add():
    result = ck.check_can_play(_learner("def can_play(card, top, color):\n    return card.rank is Rank.SKIP\n",
                                        "can_play"))
    assert result.stop is not None
    assert ("`Rank` is not imported in this notebook: add the line `from uno_lessons import Rank` "
            "at the top of your cell.") in result.text()
    assert "Your code stopped at line 2: `return card.rank is Rank.SKIP`" in result.text()


def test_a_misspelt_argument_gets_a_did_you_mean():
    result = ck.check_can_play(_learner("def can_play(card, top, color):\n    return card.color is colr\n",
                                        "can_play"))
    assert "`colr` is not defined: did you mean `color`?" in result.text()


def test_the_same_unknown_error_everywhere_is_said_once_with_the_error():
    def can_play(card, top, color):
        return card.points / 0

    result = ck.check_can_play(can_play)
    assert result.headline == "✗ can_play: 13 cases stop with the same error"
    assert "  ZeroDivisionError: division by zero" in result.text().split("\n")
    assert "<table" not in result._repr_html_()


def test_an_attribute_with_no_near_name_is_not_guessed():
    result = ck.check_can_play(lambda card, top, color: card.sparkle)
    assert result.stop is not None and result.stop.slip is None
    assert "AttributeError: 'Card' object has no attribute 'sparkle'" in result.text()
    assert "Write" not in result.text()


# ------------------------------------------------------------------ one mistake, one point
def test_the_references_pass_their_own_checks():
    for name, answer in REFERENCE.items():
        assert ck.CHECKS[name](answer).passed, name
    assert {n for uses in DEPENDS.values() for n in uses} <= set(REFERENCE) and set(DEPENDS) <= set(ck.CHECKS)


def test_the_references_agree_with_the_engine_in_random_positions():
    rng = np.random.default_rng(12)
    codes = "G5 R0 YS BR G+2 W WDT".split()
    for _ in range(300):
        players = int(rng.integers(2, 9))
        seat, direction = int(rng.integers(players)), int(rng.choice([-1, 1]))
        card = Card.parse(str(rng.choice(codes)))
        assert reference_answers.next_seat_after(card, seat, direction, players) == \
            _engine_next_seat(card, seat, direction, players), (card, seat, direction, players)
        assert reference_answers.direction_after(card, direction) == _engine_direction(card, direction)


def _broken(*args, **kwargs):
    raise ZeroDivisionError("a wrong earlier step")


@pytest.mark.parametrize("step", list(DEPENDS))
def test_a_step_is_graded_on_its_own_function_not_on_the_ones_it_uses(reference, step):
    answer = reference[step]
    space = namespace_of(answer)
    before = {name: space[name] for name in DEPENDS[step]}
    try:
        space.update({name: _broken for name in DEPENDS[step]})
        result = ck.CHECKS[step](answer)
        assert result.passed, result.text()
        assert all(space[name] is _broken for name in DEPENDS[step]), "the learner's own are put back"
        assert "in place of yours" in result.text()
    finally:
        space.update(before)


def test_a_step_is_checked_even_when_the_function_it_uses_is_not_defined():
    playable_cards = _learner("def playable_cards(hand, top, color):\n"
                              "    return [c for c in hand if can_play(c, top, color)]\n", "playable_cards")
    assert ck.check_playable_cards(playable_cards).passed
    assert "can_play" not in playable_cards.__globals__


# ------------------------------------------------------------------ check(name): what a check cell runs
def unwrapped(lines: list[str]) -> str:
    """Wrapped message lines as the one line they were."""
    return " ".join(line.strip() for line in lines)


def test_check_shows_the_report_and_returns_nothing_when_the_step_passes(reference, capsys):
    assert ck.check("can_play", {"can_play": reference["can_play"]}) is None
    assert capsys.readouterr().out.startswith("✓ can_play: all 13 cases pass")


def test_check_shows_the_cases_then_raises_a_short_assertion_naming_the_step(capsys):
    with pytest.raises(AssertionError) as info:
        ck.check("can_play", {"can_play": lambda card, top, color: True})
    shown = capsys.readouterr().out
    assert isinstance(info.value, ck.StepNotPassed)
    lines = info.value._render_traceback_()
    assert lines == ["✗ can_play: 10 of 13 cases pass"] and str(info.value) == lines[0]
    # the table with its hints, once; the headline only in the error (the feedback page shows both)
    assert shown.startswith("  ✓ ") and "hint (E-MATCH-1)" in shown and "10 of 13" not in shown
    assert shown.rstrip("\n") == "\n".join(info.value.result.text().split("\n")[1:])
    assert info.value.result.failures


def test_a_failing_check_without_a_table_shows_nothing_but_its_error(capsys):
    def can_play(card, top, color):
        raise NotImplementedError()

    with pytest.raises(ck.StepNotPassed):
        ck.check("can_play", {"can_play": can_play})
    assert capsys.readouterr().out == ""


def test_check_of_a_stub_says_not_started_in_the_error_too():
    def can_play(card, top, color):
        raise NotImplementedError()

    with pytest.raises(ck.StepNotPassed) as info:
        ck.check("can_play", {"can_play": can_play})
    lines = info.value._render_traceback_()
    assert lines[0] == "○ can_play: not started yet" and max(map(len, lines)) <= 80, "nbgrader validate cuts at 87"
    assert unwrapped(lines[1:]) == ("`can_play` still raises NotImplementedError. Replace `raise NotImplementedError()` "
                                    "with your code, run that cell, then run this check again.")


def test_check_reads_the_callers_globals_and_says_when_a_function_is_not_defined():
    assert "can_play" not in globals()
    with pytest.raises(ck.StepNotPassed, match=r"○ can_play: not started yet\n  `can_play` is not defined yet"):
        ck.check("can_play")


def test_check_names_the_steps_when_the_name_is_unknown():
    with pytest.raises(KeyError, match="the steps are: cards_in_deck, deck_size"):
        ck.check("can_ply", {})


def test_a_syntax_error_in_the_latest_cell_is_named_with_its_line_not_not_started():
    def can_play(card, top, color):
        raise NotImplementedError()

    history = ["", "def can_play(card, top, color):\n    raise NotImplementedError()",
               "def can_play(card, top, color):\n    if card.is_wild\n        return True\n    return False"]
    with pytest.raises(ck.StepNotPassed) as info:
        ck.check("can_play", {"In": history, "can_play": can_play})
    assert info.value.result.status == "not run"
    first, *rest = str(info.value).split("\n")
    assert first == "✗ can_play: its cell did not run"
    assert unwrapped(rest) == ("The cell that defines `can_play` did not run: Python cannot read its line 2, "
                               "`if card.is_wild` (expected ':'). Fix that line, run the cell, then run this check again.")


# ------------------------------------------------------------------ graded predictions and readings
def answer_key() -> dict[str, tuple]:
    """The graded items' key, as the solutions' hidden tests give it (it is nowhere else)."""
    key = {}
    for path in sorted((ROOT / "solutions").glob("*.ipynb")):
        for cell in json.loads(path.read_text())["cells"]:
            for name, args in re.findall(r'^grade\("(\w+)", (.+)\)$', "".join(cell["source"]), re.M):
                key[name] = tuple(eval(f"[{args.replace('tolerance=', '')}]", {}, {}))  # ("B",) or (919, 90)
    return key


def test_every_graded_item_has_a_key_in_the_solutions_and_none_in_the_package():
    key = answer_key()
    assert sorted(key) == sorted(ck.ANSWERS)
    for name, item in ck.ANSWERS.items():
        assert not hasattr(item, "answer") and not hasattr(item, "tolerance"), name
        if isinstance(item, ck.Choice):  # every option has its question: none is left over
            assert set(item.think) == set(item.options), name


@pytest.mark.parametrize("name", list(ck.ANSWERS))
def test_the_solutions_answer_every_graded_item_right(reference, name):
    answer, *tolerance = answer_key()[name]
    item = ck.ANSWERS[name]
    result = item.grade(reference[name], answer, *tolerance)
    assert result.passed and result.headline == f"✓ {name}: right", result.text()
    assert ck.grade(name, answer, *tolerance, namespace={name: reference[name]}) is None


@pytest.mark.parametrize("name", [n for n, item in ck.ANSWERS.items() if isinstance(item, ck.Choice)])
def test_the_check_records_any_option_alike_and_the_grade_marks_the_wrong_ones(name):
    item = ck.ANSWERS[name]
    (answer,) = answer_key()[name]
    texts = set()
    for option in item.options:
        recorded = item.check(option.lower())  # " b", "b": a letter is read loosely
        assert recorded.passed and recorded.headline == f"✓ {name}: your answer is recorded"
        text = recorded.text()
        assert item.think[option] in text
        texts.add(text.replace(item.think[option], "").replace(f"'{option.lower()}'", ""))
        graded = item.grade(option, answer)
        assert graded.passed == (option == answer)
        if option != answer:
            assert graded.headline == f"✗ {name}: not yet right"
            assert item.think[option] in graded.text() and f"hint ({hint_source(item.topic)})" in graded.text()
    assert len(texts) == 1, "the recorded report says the same for every option, but for its question"
    for odd in ("E", None, 2):
        assert not item.check(odd).passed and not item.grade(odd, answer).passed
    assert "not one of the options" in item.check("E").text()


def test_a_number_item_is_graded_within_the_solutions_tolerance_and_names_the_typical_slips():
    item = ck.ANSWERS["games_needed"]
    answer, tolerance = answer_key()["games_needed"]
    assert item.grade(919, answer, tolerance).passed and item.grade(np.float64(1000.0), answer, tolerance).passed
    assert "1/n, or like 1/√n" in item.check(525).text()  # the square forgotten
    assert "Which way up" in item.check(98).text()  # the ratio upside down
    for wrong in (525, 98, 2000):
        assert item.check(wrong).passed  # recorded: the visible check never grades
        assert not item.grade(wrong, answer, tolerance).passed
    assert "go from 1.82 down to 1.04" in item.grade(2000, answer, tolerance).text()
    for bad in ("919", True, float("nan"), None):
        assert not item.check(bad).passed and "number" in item.check(bad).text()


def test_the_classic_line_asks_about_the_encanto_line_and_own_cards_only():
    item = ck.ANSWERS["classic_line"]
    assert item.check(2 / 11).passed and item.check(0.2).passed  # recorded, each with its question
    assert "Encanto" in item.check(0.2).text() and "only your own cards" in item.check(1 / 3).text()
    assert ck.grade("classic_line", 2 / 11, tolerance=0.003, namespace={"classic_line": 2 / 11}) is None
    with pytest.raises(ck.StepNotPassed):
        ck.grade("classic_line", 2 / 11, tolerance=0.003, namespace={"classic_line": 0.2})


def test_an_unanswered_item_is_not_started_and_grade_raises_for_a_wrong_one(capsys):
    result = step_result("force_error", {})
    assert result.not_started and "has no answer yet" in result.text()
    assert ck.check("force_error", {"force_error": "A"}) is None  # recorded, not graded
    with pytest.raises(ck.StepNotPassed) as wrong:
        ck.grade("force_error", "B", namespace={"force_error": "A"})
    assert str(wrong.value).startswith("✗ force_error: not yet right")
    assert "separate measurements" in capsys.readouterr().out
    with pytest.raises(ck.StepNotPassed):
        ck.grade("force_error", "B", namespace={})

"""What the Review view shows, as HTML and sentences: pure functions of a finished hand
(:class:`~uno_lessons.coach.review.Replay`) and the coach's advice, no widgets.

Every hand is shown face up: the Review view is only ever built for a hand that is over
(:meth:`uno_lessons.table.Table.finished_hand` refuses any other).
"""

from __future__ import annotations

from html import escape

from ..coach.advice import Advice
from ..coach.review import Replay
from ..engine.moves import Move
from ..i18n import _, ngettext, pgettext
from ..render import hand_html

__all__ = ["action_words", "step_title", "step_sentence", "hands_html", "options_html", "cost_sentence", "swings",
           "SWING"]

#: A move that gave up at least this much of the chance to win is a swing worth marking.
SWING = 0.03


def _percent(p: float) -> str:
    return f"{100 * p:.0f}%"


def action_words(replay: Replay, number: int) -> str:
    """Action ``number`` in words: "Ana: play R7", "Ben: says UNO"."""
    action, names = replay.actions[number], replay.games[number].names
    seat = replay.seat(number)
    if isinstance(action, Move):
        return _("{name}: {move}", name=names[seat], move=action.describe())
    return "; ".join(replay.said(number)) or str(action)


def step_title(replay: Replay, step: int) -> str:
    """The heading of step ``step`` (0 … ``len(replay)``; the last is the hand's end)."""
    if step >= len(replay):
        end = replay.games[-1]
        assert end.winner is not None  # a Replay is of a finished hand
        return _("The end of the hand: {name} won {points} points.", name=end.names[end.winner], points=end.points)
    return _("Step {k} of {n}: {action}", k=step + 1, n=len(replay), action=action_words(replay, step))


def cost_sentence(replay: Replay, step: int, advice: Advice) -> str:
    """What the move made at ``step`` was worth, by the coach: the best, or what it cost."""
    move = replay.actions[step]
    assert isinstance(move, Move)
    option = advice.option(move)
    name = replay.games[step].names[advice.seat]
    if option.move == advice.best.move or option.cost <= 0:
        return _("{name} made the coach's best move: {percent} chance to win the hand.", name=name,
                 percent=_percent(option.win.value))
    return _("“{move}” cost about {cost} of the chance to win ({best} with the coach's best, “{other}”).",
             move=move.describe(), cost=format(option.cost, ".2f"), best=_percent(advice.best.win.value),
             other=advice.best.move.describe())


def step_sentence(replay: Replay, step: int, advice: Advice | None, note: str | None = None) -> str:
    """What a screen reader hears at step ``step``: its title, what it caused, and the
    coach's verdict (``note``: why there is none yet)."""
    parts = [step_title(replay, step)]
    if step < len(replay):
        parts += replay.said(step)
        if advice is not None:
            parts.append(cost_sentence(replay, step, advice))
        elif note:
            parts.append(note)
    return " ".join(parts)


def hands_html(replay: Replay, step: int) -> str:
    """Every hand, face up, at step ``step`` (before its action), the mover's marked."""
    game = replay.games[step]
    mover = replay.seat(step) if step < len(replay) else None
    rows = []
    for seat, hand in enumerate(game.hands):
        count = ngettext("{n} card", "{n} cards", len(hand))
        mark = " uno-review-mover" if seat == mover else ""
        current = " aria-current='step'" if seat == mover else ""
        who = escape(game.names[seat]) + ("" if seat != mover else " ▶")
        rows.append(f"<div class='uno-other-row{mark}' data-seat='{seat}'{current}>"
                    f"<div class='uno-other-name'>{who}<br><span class='uno-other-kind'>{escape(count)}</span></div>"
                    f"{hand_html(hand, width=34, show_codes=False, style=False)}</div>")
    return f"<div class='uno-others uno-others-all uno-review-hands'>{''.join(rows)}</div>"


def options_html(replay: Replay, step: int, advice: Advice) -> str:
    """The coach's options at step ``step``, best first: each move's chance to win the hand
    with its standard error, and the move made marked."""
    made = replay.actions[step]
    name = replay.games[step].names[advice.seat]
    caption = _("The coach's options for {name}: the chance to win the hand after each move "
                "({n} deals of the hidden cards each)", name=name, n=advice.best.win.n)
    head = (f"<tr><th scope='col'>{escape(pgettext('review', 'Move'))}</th><th scope='col'>{escape(_('Chance to win'))}</th>"
            f"<th scope='col'>{escape(_('Against the best'))}</th></tr>")
    rows = []
    for option in advice.options:
        played = option.move == made
        label = escape(option.move.describe()) + (f" <b>({escape(pgettext('review', 'played'))})</b>" if played else "")
        against = "" if option is advice.best else f"{option.versus_best.value:+.2f} ± {option.versus_best.stderr:.2f}"
        cls = " class='uno-review-made'" if played else ""
        rows.append(f"<tr{cls}><td>{label}</td><td>{_percent(option.win.value)} ± "
                    f"{_percent(option.win.stderr)}</td><td>{against}</td></tr>")
    return (f"<table class='uno-review-options'><caption>{escape(caption)}</caption><thead>{head}</thead>"
            f"<tbody>{''.join(rows)}</tbody></table>"
            f"<p class='uno-review-cost'>{escape(cost_sentence(replay, step, advice))}</p>")


def swings(replay: Replay, advice: dict[int, Advice], top: int = 3) -> list[tuple[int, float]]:
    """The ``top`` costliest moves weighed so far (step, cost), costliest first; only moves
    that gave up at least :data:`SWING` of the chance to win."""
    costs = []
    for step, weighed in advice.items():
        move = replay.actions[step]
        if isinstance(move, Move):
            cost = weighed.option(move).cost
            if cost >= SWING:
                costs.append((step, cost))
    return sorted(costs, key=lambda sc: (-sc[1], sc[0]))[:top]

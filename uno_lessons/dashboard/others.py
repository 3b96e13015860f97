"""The other seats below the hand: name, card count and who plays there, with the hand
face down (a seat's or spectator's view) or face up (the teacher's view, from ``view.hands``).

Only what the view holds is drawn: a learner's view has no other hand in it to draw.
"""

from __future__ import annotations

from html import escape

from ..i18n import _, ngettext
from ..render import hand_html
from ..table.kinds import SeatKind
from ..table.views import TableView


def kind_word(kind: str) -> str:
    """A seat kind in words of the current language."""
    words = {SeatKind.HUMAN: _("learner"), SeatKind.RANDOM: _("random bot"), SeatKind.SENSIBLE: _("sensible bot"),
             SeatKind.LEARNED: _("learned bot"), SeatKind.COACH: _("coach bot (the strongest)")}
    return words[SeatKind(kind)]


def _backs_html(n: int) -> str:
    shown = min(n, 12)
    more = f"<b>+{n - shown}</b>" if n > shown else ""
    label = escape(ngettext("{n} card, face down", "{n} cards, face down", n))
    return (f"<div class='uno-minibacks' role='img' aria-label='{label}'>"
            + "<span class='uno-miniback'></span>" * shown + f"{more}</div>")


def others_html(view: TableView, skip: int | None) -> str:
    """One row per seat but ``skip``: name, card count and seat kind, then the hand."""
    rows = []
    sizes = view.play.hand_sizes
    for s in range(view.players):
        if s == skip:
            continue
        n = sizes[s]
        kind = kind_word(view.kinds[s])
        if view.hands is not None:
            body = hand_html(list(view.hands[s]), width=34, show_codes=False, style=False)
        else:
            body = _backs_html(n)
        count = escape(ngettext("{n} card", "{n} cards", n))
        rows.append(f"<div class='uno-other-row' data-seat='{s}'><div class='uno-other-name'>"
                    f"{escape(view.names[s])}<br><span class='uno-other-kind'>{count} · {escape(kind)}"
                    f"</span></div>{body}</div>")
    every = view.hands is not None
    title = _("Every hand, face up (teacher's view)") if every else _("The other players")
    # The teacher's view shows every hand in full (up to ten): nothing hidden below a scroll.
    box = "uno-others uno-others-all" if every else "uno-others"
    return (f"<h2 class='uno-dash-section' id='uno-others-title'>{escape(title)}</h2>"
            f"<div class='{box}'>{''.join(rows)}</div>")

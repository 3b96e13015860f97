"""The match's score sheet: the last hands' winners, then the totals to 500 (E-SCORE)."""

from __future__ import annotations

from html import escape

from ..i18n import _
from ..table.views import TableView


def scores_html(view: TableView) -> str:
    """The score sheet of ``view``: one row per recent hand (the winner's points marked with
    a star and in words), then the totals, the leader marked "▲ leads" (not by colour alone)."""
    names = view.names
    # Whole names (they wrap); a table too wide for a phone scrolls in its own box.
    head = "".join(f"<th scope='col'>{escape(n)}</th>" for n in names)
    rows = []
    shown = view.results[-3:]  # the last three hands; the totals row says the rest
    if len(view.results) > len(shown):
        rows.append(f"<tr><th scope='row'>1–{shown[0][0] - 1}</th><td colspan='{len(names)}' "
                    f"class='uno-scores-more'>…</td></tr>")
    for number, winner, points in shown:
        cells = "".join(
            f"<td class='uno-hand-winner'>★ {points}<span class='uno-sr-only'> "
            f"{escape(_('won the hand'))}</span></td>" if s == winner else "<td>·</td>"
            for s in range(len(names)))
        rows.append(f"<tr><th scope='row'>{number}</th>{cells}</tr>")
    totals = view.totals
    best = max(totals) if any(totals) else None
    cells = "".join(f"<td class='uno-lead'>▲ {t}<span class='uno-sr-only'> {escape(_('leads'))}</span></td>"
                    if t == best else f"<td>{t}</td>" for t in totals)
    rows.append(f"<tr class='uno-total'><th scope='row'>{escape(_('total'))}</th>{cells}</tr>")
    if view.match_winner is not None:
        status = _("{name} wins the match!", name=names[view.match_winner])
    else:
        status = _("first to {target} points", target=view.target_score)
    return (f"<h2 class='uno-dash-section' id='uno-scores-title'>{escape(_('Scores, hand by hand'))} · "
            f"{escape(status)}</h2><div class='uno-scores-box'>"
            f"<table class='uno-scores'><tr><th scope='col'>{escape(_('hand'))}</th>{head}</tr>"
            f"{''.join(rows)}</table></div>")

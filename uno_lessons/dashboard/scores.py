"""The match's score sheet under the chart: the last hands' winners, then the totals to 500."""

from __future__ import annotations

from html import escape

from ..engine.scoring import Match


def scores_html(m: Match) -> str:
    """The score sheet: one row per hand (the winner's points), then the totals to 500."""
    names = m.players
    target = m.rules.target_score
    head = "".join(f"<th title='{escape(n)}'>{escape(n[:5])}</th>" for n in names)
    rows = []
    shown = m.results[-3:]  # the last three hands; the totals row says the rest
    if len(m.results) > len(shown):
        rows.append(f"<tr><td>1–{shown[0].number - 1}</td><td colspan='{len(names)}' "
                    f"style='text-align:center;color:#666'>…</td></tr>")
    for r in shown:
        cells = "".join(f"<td class='uno-hand-winner'>★ {r.points}</td>" if s == r.winner else "<td>·</td>"
                        for s in range(len(names)))
        rows.append(f"<tr><td>{r.number}</td>{cells}</tr>")
    totals = m.totals
    best = max(totals) if any(totals) else None
    cells = "".join(f"<td class='{'uno-lead' if t == best else ''}'>{t}</td>" for t in totals)
    rows.append(f"<tr class='uno-total'><td>total</td>{cells}</tr>")
    status = f" · <b>{escape(names[m.winner])} wins the match!</b>" if m.is_over else f" (first to {target})"
    return (f"<div class='uno-dash-section'>Scores, hand by hand{status}</div>"
            f"<table class='uno-scores'><tr><th>hand</th>{head}</tr>{''.join(rows)}</table>")

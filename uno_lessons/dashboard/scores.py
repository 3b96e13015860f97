"""The match's score sheet: the last hands' winners, then the totals to 500 (E-SCORE).

A name is never broken inside a word, in any language: the header cells wrap only between
words. When the names do not fit side by side in the score sheet's column (long names, many
seats: ten names of 20 letters), their headers are turned to read upwards, so every total
stays in view on a projector without scrolling sideways; the text is the same for a screen
reader. A container narrower than that still (a phone) scrolls the sheet in its own named
region, which a keyboard can reach.
"""

from __future__ import annotations

from html import escape

from ..i18n import _, pgettext
from ..table.views import TableView
from .style import ring_width

#: Generous widths of the score sheet's text (14 px, bold in headers and totals), for
#: deciding whether the names fit side by side: too wide a guess only turns headers sooner.
CHAR_PX = 9.5
CELL_PAD_PX = 14  # 6 px of padding each side and the border
TURNED_COL_PX = 26  # a turned header: one line of text, sideways


def _words_px(text: str) -> float:
    """The width of the longest word of ``text`` (where a header may wrap)."""
    longest = max((len(w) for w in text.split()), default=0)
    return longest * CHAR_PX + CELL_PAD_PX


def _cells(view: TableView) -> tuple[list[str], list[list[str]]]:
    """The row headers, and each seat's cell texts (what the sheet shows, for its widths)."""
    shown = view.results[-3:]
    heads = [pgettext("score table", "hand"), _("total")] + [str(n) for n, _w, _p in shown]
    if len(view.results) > len(shown):
        heads.append(f"1–{shown[0][0] - 1}")
    cols = [[f"★ {p}" for _n, w, p in shown if w == s] + [f"▲ {t}"] for s, t in enumerate(view.totals)]
    return heads, cols


def headers_turned(view: TableView) -> bool:
    """Whether the seats' names, side by side and broken only between words, would be wider
    than the score sheet's column (then they are turned to read upwards)."""
    heads, cols = _cells(view)
    need = max(_words_px(h) for h in heads)
    for name, cells in zip(view.names, cols):
        need += max(_words_px(name), *(len(c) * CHAR_PX + CELL_PAD_PX for c in cells))
    return need > ring_width(view.players)


def scores_html(view: TableView) -> str:
    """The score sheet of ``view``: one row per recent hand (the winner's points marked with
    a star and in words), then the totals, the leader marked "▲ leads" (not by colour alone)."""
    names = view.names
    if headers_turned(view):
        head = "".join(f"<th scope='col' class='uno-turned'><span>{escape(n)}</span></th>" for n in names)
    else:
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
            f"<table class='uno-scores'><tr><th scope='col'>{escape(pgettext('score table', 'hand'))}</th>{head}</tr>"
            f"{''.join(rows)}</table></div>")

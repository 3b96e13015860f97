"""The dashboard's look: card-button size, seat-ring width and the one stylesheet.

Pure strings (no widgets), so the layout numbers and the CSS classes live in one place and
the chart and the panels size themselves from the same constants.
"""

from __future__ import annotations

import base64
from functools import cache

from ..engine.cards import Card
from ..render import back_svg, card_svg, css_code

CARD_W, CARD_H = 60, 90  # hand buttons, 2:3 like a card
SEATS_W = 410  # width of the seat ring (and the right column) for up to six players


def ring_width(players: int) -> int:
    """Seat-ring width in px: wider for seven to ten players, so their seats do not overlap."""
    return SEATS_W if players <= 6 else 500 if players <= 8 else 560


# The miniature card back of the face-down hands, inlined once (no CDN, works offline).
_BACK = base64.b64encode(back_svg(width=26).encode()).decode()
#: The whole dashboard stylesheet; every class the panels use is styled here.
DASH_CSS = f"""<style>
.uno-dash{{box-sizing:border-box;max-width:1260px;width:100%;font-family:system-ui,-apple-system,
  'Segoe UI',Roboto,'Liberation Sans','DejaVu Sans',Arial,sans-serif;color:#1d1d1d;}}
.uno-dash *{{box-sizing:border-box;}}
.uno-dash-title{{font-size:22px;font-weight:800;margin:0 12px 0 2px;white-space:nowrap;}}
.uno-dash-bar{{align-items:center;flex-wrap:wrap;gap:4px 8px;}}
.uno-dash-cols{{align-items:flex-start;gap:14px;flex-wrap:nowrap;}}
.uno-dash-left{{flex:1 1 0;min-width:0;overflow:hidden;}}
.uno-dash-right{{min-width:0;overflow:hidden;}}
.uno-dash.uno-dash-many .uno-log{{max-height:96px;}}
.uno-dash-section{{font-size:15px;font-weight:700;margin:6px 0 0 2px;}}
.uno-dash .widget-html,.uno-dash .widget-html-content{{max-width:100%;}}
.uno-dash .uno-table{{width:100%;flex-wrap:nowrap;}}
.uno-dash .uno-table .uno-info{{flex:1 1 200px;min-width:0;}}
.uno-dash .uno-table .uno-pile{{flex:0 0 auto;}}
.uno-dash .uno-log{{max-height:128px;font-size:14px;}}
.uno-dash .uno-log-line{{padding:2px 0;}}
.uno-hand-btns{{flex-wrap:wrap;align-items:flex-end;gap:10px 4px;padding:12px 4px 4px 4px;
  min-height:{CARD_H + 22}px;}}
.uno-dash .widget-button.uno-card-btn{{width:{CARD_W}px;height:{CARD_H}px;min-width:{CARD_W}px;
  padding:0;margin:0;border:none;border-radius:8px;background-color:transparent;
  background-size:100% 100%;background-repeat:no-repeat;font-size:0;color:transparent;
  box-shadow:none;transition:transform .1s;}}
.uno-dash .widget-button.uno-card-btn.uno-legal{{transform:translateY(-9px);
  box-shadow:0 0 0 3px #f2a900,0 3px 6px rgba(0,0,0,.35);}}
.uno-dash .widget-button.uno-card-btn.uno-legal:hover{{transform:translateY(-13px);}}
.uno-dash .widget-button.uno-card-btn.uno-illegal{{opacity:.6;filter:saturate(.55);}}
.uno-dash .widget-button.uno-card-btn.uno-pending{{box-shadow:0 0 0 4px #0956bf;}}
.uno-dash .widget-button.uno-card-btn:disabled{{opacity:.85;cursor:default;}}
.uno-dash .widget-button.uno-card-btn:focus{{outline:3px solid #0956bf;outline-offset:2px;}}
.uno-actions{{flex-wrap:wrap;gap:6px;align-items:center;}}
.uno-actions .widget-button{{font-size:15px;height:34px;font-weight:600;}}
.uno-dash .widget-button.uno-act-primary:not(:disabled){{background:#f2a900;color:#1d1d1d;}}
.uno-picker{{flex-wrap:wrap;gap:6px;align-items:center;background:#eef4fb;border:2px solid #0956bf;
  border-radius:10px;padding:6px 10px;}}
.uno-picker .widget-button{{height:36px;font-weight:700;font-size:15px;}}
.uno-status{{font-size:17px;font-weight:700;padding:4px 10px;border-radius:8px;background:#fff6d6;
  border:1px solid #e6c766;}}
.uno-status.uno-status-wait{{background:#f1f3f5;border-color:#ccd;font-weight:600;}}
.uno-status.uno-status-over{{background:#e3f7e9;border-color:#7cc49a;}}
.uno-msg{{font-size:15px;min-height:30px;padding:4px 10px;border-radius:8px;}}
.uno-msg-error{{background:#fdeaea;border:1px solid #e39a9a;}}
.uno-msg-ok{{background:#e3f7e9;border:1px solid #7cc49a;}}
.uno-msg-info{{background:#eef4fb;border:1px solid #9dbbe0;}}
.uno-others{{max-height:186px;overflow-y:auto;border:1px solid #ddd;border-radius:10px;
  padding:2px 6px;background:#fcfcfa;}}
.uno-other-row{{display:flex;align-items:center;gap:8px;border-bottom:1px solid #eee;}}
.uno-other-row:last-child{{border-bottom:none;}}
.uno-other-name{{flex:0 0 150px;font-weight:700;font-size:14px;white-space:nowrap;overflow:hidden;
  text-overflow:ellipsis;}}
.uno-other-row .uno-hand{{padding:8px 4px 2px 4px;flex-wrap:wrap;}}
.uno-other-row .uno-hand-item:hover{{transform:none;}}
.uno-minibacks{{display:flex;align-items:center;padding:6px 4px;}}
.uno-miniback{{display:inline-block;width:26px;height:39px;margin-right:-9px;border-radius:4px;
  background:url(data:image/svg+xml;base64,{_BACK}) center/100% 100% no-repeat;
  filter:drop-shadow(1px 1px 1px rgba(0,0,0,.35));}}
.uno-minibacks b{{margin-left:16px;font-size:14px;}}
.uno-scores{{border-collapse:collapse;font-size:14px;width:100%;table-layout:fixed;}}
.uno-scores th,.uno-scores td{{border:1px solid #ccc;padding:2px 6px;text-align:right;}}
.uno-scores th{{background:#eef2f7;}}
.uno-scores tr.uno-total td{{font-weight:800;background:#fff6d6;}}
.uno-scores td.uno-lead{{color:#2e8b57;}}
.uno-scores td.uno-hand-winner{{font-weight:700;color:#b36b00;}}
.uno-scores th{{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;}}
.uno-chart text{{font:12px system-ui,'Liberation Sans','DejaVu Sans',Arial,sans-serif;fill:#333;}}
.uno-settings{{border:2px solid #9aa;border-radius:10px;padding:6px 10px;background:#f7f8fa;
  gap:6px;}}
.uno-seat-kinds{{flex-wrap:wrap;gap:4px 10px;}}
.uno-dash .widget-dropdown.uno-seat-kind{{width:230px;}}
.uno-dash h1.uno-dash-title,.uno-dash h2.uno-dash-section{{margin:6px 0 2px 2px;line-height:1.25;}}
.uno-dash h2.uno-dash-section{{font-size:15px;font-weight:700;}}
.uno-sr-only{{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;
  clip:rect(0 0 0 0);white-space:nowrap;border:0;}}
.uno-other-kind{{font-weight:400;}}
.uno-scores-more{{text-align:center;color:#555;}}
.uno-teacher-panel{{border:2px solid #0956bf;border-radius:10px;padding:4px 10px;background:#f4f8fd;}}
.uno-teacher-panel a{{color:#0645ad;word-break:break-all;}}
.uno-join{{max-width:640px;border:2px solid #9aa;border-radius:12px;padding:10px 16px;background:#fcfcfa;}}
.uno-join .widget-button{{font-size:15px;}}
/* The projector: no hand, everything large enough to read from the back of a classroom. */
.uno-dash.uno-projector{{max-width:none;}}
.uno-dash.uno-projector .uno-hand-panel,.uno-dash.uno-projector .uno-actions,
.uno-dash.uno-projector .uno-picker,.uno-dash.uno-projector .uno-others-view{{display:none !important;}}
.uno-dash.uno-projector .uno-status{{font-size:26px;}}
.uno-dash.uno-projector .uno-log{{font-size:19px;max-height:260px;}}
.uno-dash.uno-projector .uno-table{{font-size:20px;}}
.uno-dash.uno-projector .uno-msg{{font-size:20px;}}
</style>"""


#: ARIA that ipywidgets cannot express, kept on the page by the PageBridge: the hand is a
#: named group, cards that cannot be played now say so as a state, not by dimming alone.
ARIA_RULES = {
    ".uno-dash .uno-hand-btns": {"role": "group", "aria-labelledby": "uno-your-hand"},
    ".uno-dash .uno-card-btn.uno-illegal": {"aria-disabled": "true"},
    ".uno-dash .uno-card-btn.uno-legal": {"aria-disabled": None},
    ".uno-dash .uno-picker": {"role": "group", "aria-labelledby": "uno-picker-label"},
    ".uno-dash .uno-log": {"tabindex": "0", "role": "log"},
}


@cache
def card_button_css(code: str) -> str:
    """CSS giving the ``uno-card-<code>`` buttons their card picture (inline SVG, no CDN)."""
    card = Card.parse(code)
    data = base64.b64encode(card_svg(card, width=CARD_W).encode()).decode()
    return (f"<style>.uno-dash .widget-button.uno-card-btn.uno-card-{css_code(card)}"
            f"{{background-image:url(data:image/svg+xml;base64,{data});}}</style>")

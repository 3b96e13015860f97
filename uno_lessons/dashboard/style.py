"""The dashboard's look: card-button size, seat-ring width, the one stylesheet and the ARIA
the page bridge keeps on the widgets.

Pure strings and dicts (no widgets), so the layout numbers, the CSS classes and the roles
and states live in one place and the chart and the panels size themselves from the same
constants.

Accessibility is part of the look here (WCAG 2.2 AA): every focusable thing gets the same
3 px focus ring (6.4:1 on white); a pressed toggle shows a check mark, not only a darker
shade; cards that cannot be played are striped, not faded, so their printed colour word
keeps its contrast; the page reflows (columns stack, the table and the seat ring wrap)
when its container is narrow, as in JupyterLab beside the file browser or on a phone.
"""

from __future__ import annotations

import base64
from functools import cache

from ..engine.cards import Card
from ..i18n import _
from ..render import FOCUS, back_svg, card_svg, css_code

CARD_W, CARD_H = 60, 90  # hand buttons, 2:3 like a card
SEATS_W = 410  # width of the seat ring (and the right column) for up to six players
#: Below this container width the two columns stack (the table, then the seats and log).
STACK_BELOW = 880


def ring_width(players: int) -> int:
    """Seat-ring width in px: wider for seven to ten players, so their seats do not overlap."""
    return SEATS_W if players <= 6 else 500 if players <= 8 else 560


# The miniature card back of the face-down hands, inlined once (no CDN, works offline).
_BACK = base64.b64encode(back_svg(width=26).encode()).decode()
#: Diagonal stripes laid over a card that cannot be played now (a pattern, not a colour).
_STRIPES = "repeating-linear-gradient(135deg,rgba(29,29,29,.55) 0 2.5px,rgba(29,29,29,0) 2.5px 10px)"
#: The whole dashboard stylesheet; every class the panels use is styled here.
DASH_CSS = f"""<style>
.uno-dash{{box-sizing:border-box;max-width:1260px;width:100%;font-family:system-ui,-apple-system,
  'Segoe UI',Roboto,'Liberation Sans','DejaVu Sans',Arial,sans-serif;color:#1d1d1d;
  container-type:inline-size;}}
.uno-dash *{{box-sizing:border-box;}}
.uno-dash-title{{font-size:22px;font-weight:800;margin:0 12px 0 2px;overflow-wrap:anywhere;}}
.uno-dash-bar{{align-items:center;flex-wrap:wrap;gap:4px 8px;}}
.uno-dash-cols{{align-items:flex-start;gap:14px;flex-wrap:nowrap;}}
.uno-dash-left{{flex:1 1 0;min-width:0;}}
.uno-dash-right{{min-width:0;max-width:100%;}}
@container (max-width:{STACK_BELOW - 1}px){{
  .uno-dash .uno-dash-cols{{flex-wrap:wrap;}}
  .uno-dash .uno-dash-left,.uno-dash .uno-dash-right{{flex:1 1 100%!important;width:100%;}}
}}
.uno-dash.uno-dash-many .uno-log{{max-height:96px;}}
.uno-dash .widget-html,.uno-dash .widget-html-content{{max-width:100%;}}
.uno-dash .widget-html-content{{white-space:normal;}}
/* The table: piles and the words beside them wrap instead of being cut ("GREE", "clockw"). */
.uno-dash .uno-table{{width:100%;flex-wrap:wrap;}}
.uno-dash .uno-table .uno-info{{flex:1 1 220px;min-width:min(220px,100%);}}
.uno-dash .uno-table .uno-pile{{flex:0 0 auto;}}
.uno-dash .uno-chip{{flex-wrap:wrap;max-width:100%;}}
.uno-dash .uno-note{{overflow-wrap:break-word;}}
.uno-dash .uno-log{{max-height:128px;font-size:14px;}}
.uno-dash .uno-log-line{{padding:2px 0;}}
.uno-dash .uno-seats-view{{max-width:100%;}}
.uno-hand-btns{{flex-wrap:wrap;align-items:flex-end;gap:10px 6px;padding:14px 6px 6px 6px;
  min-height:{CARD_H + 26}px;}}
.uno-dash .widget-button.uno-card-btn{{width:{CARD_W}px;height:{CARD_H}px;min-width:{CARD_W}px;
  position:relative;padding:0;margin:0;border:none;border-radius:8px;background-color:transparent;
  background-size:100% 100%;background-repeat:no-repeat;font-size:0;color:transparent;
  box-shadow:none;transition:transform .1s;overflow:visible;}}
.uno-dash .widget-button.uno-card-btn.uno-legal{{transform:translateY(-9px);
  box-shadow:0 0 0 3px #f2a900,0 3px 6px rgba(0,0,0,.35);}}
.uno-dash .widget-button.uno-card-btn.uno-legal:hover{{transform:translateY(-13px);}}
/* Not playable now: striped, at full contrast (fading took the colour word below AA); the
   stripes stop above the printed colour word, which stays as readable as on any card. */
.uno-dash .widget-button.uno-card-btn.uno-illegal::after{{content:"";position:absolute;
  inset:0 0 {CARD_H * 15 // 100}px 0;border-radius:8px 8px 0 0;background:{_STRIPES};pointer-events:none;}}
/* The wild waiting for its colour: lifted highest, with a dashed ring (not colour alone). */
.uno-dash .widget-button.uno-card-btn.uno-pending{{transform:translateY(-16px);
  box-shadow:0 0 0 3px #fff,0 0 0 6px #1d1d1d;outline:3px dashed #1d1d1d;outline-offset:6px;}}
.uno-dash .widget-button.uno-card-btn:disabled{{opacity:1;cursor:default;}}
/* One clearly visible focus ring on everything that takes focus (WCAG 2.4.7, 2.4.13). */
.uno-dash :is(button,select,input,textarea,a,[tabindex]):focus-visible,
.uno-skip-link:focus-visible{{outline:3px solid {FOCUS}!important;outline-offset:2px;
  box-shadow:0 0 0 2px #fff;}}
.uno-dash .widget-button.uno-card-btn:focus-visible{{outline-offset:4px;
  box-shadow:0 0 0 3px #f2a900,0 0 0 4px #fff;}}
.uno-dash .widget-button.uno-card-btn.uno-pending:focus-visible{{outline-style:dashed!important;
  outline-offset:6px;}}
.uno-dash .uno-hand-btns:focus-visible,.uno-dash .uno-status-view:focus-visible{{outline-offset:0;}}
/* The skip link: the first stop of the keyboard, shown only while it has focus. */
.uno-skip-link{{position:absolute;left:8px;top:-60px;z-index:100;background:#fff;color:#0b3d91;
  border:2px solid #0b3d91;border-radius:6px;padding:6px 12px;font-weight:700;font-size:15px;}}
.uno-skip-link:focus{{top:4px;}}
.uno-dash .uno-skip-box{{position:relative;height:0;overflow:visible;}}
/* Buttons never cut their words ("nor…"): they grow, and rows of them wrap. */
.uno-dash .jupyter-button:not(.uno-card-btn){{overflow:visible;text-overflow:clip;white-space:normal;
  height:auto;min-height:28px;line-height:1.3;padding-top:3px;padding-bottom:3px;max-width:100%;}}
.uno-dash .widget-toggle-buttons{{flex-wrap:wrap;height:auto;align-items:center;gap:4px;}}
.uno-dash .widget-toggle-buttons>div{{display:flex;flex-wrap:wrap;gap:4px;}}
.uno-dash .widget-toggle-button{{margin:0;border:1px solid #6b6b6b;background:#fff;color:#1d1d1d;}}
/* A pressed toggle: dark with a check mark, so the choice is not told by shade alone. */
.uno-dash .widget-toggle-button.mod-active{{background:#0b3d91;color:#fff;font-weight:700;
  border-color:#0b3d91;box-shadow:none;}}
.uno-dash .widget-toggle-button.mod-active::before{{content:"✓\\00a0" / "";}}
.uno-dash .widget-label{{overflow:visible;text-overflow:clip;white-space:nowrap;}}
.uno-dash .widget-label-basic span{{white-space:normal;}}
.uno-dash .widget-inline-hbox{{max-width:100%;flex-wrap:wrap;height:auto;}}
.uno-dash .widget-dropdown{{flex-wrap:nowrap;}}
.uno-dash .widget-dropdown>select{{flex:0 1 auto;min-width:6em;max-width:100%;}}
.uno-actions{{flex-wrap:wrap;gap:6px;align-items:center;}}
.uno-actions .widget-button{{font-size:15px;min-height:34px;font-weight:600;}}
.uno-dash .widget-button.uno-act-primary:not(:disabled){{background:#f2a900;color:#1d1d1d;}}
.uno-picker{{flex-wrap:wrap;gap:6px;align-items:center;background:#eef4fb;border:2px solid #0956bf;
  border-radius:10px;padding:6px 10px;}}
.uno-picker .widget-button{{min-height:36px;font-weight:700;font-size:15px;}}
.uno-dash .uno-targets{{flex-wrap:wrap;gap:6px;}}
.uno-status{{font-size:17px;font-weight:700;padding:4px 10px;border-radius:8px;background:#fff6d6;
  border:1px solid #e6c766;}}
.uno-status.uno-status-wait{{background:#f1f3f5;border-color:#ccd;font-weight:600;}}
.uno-status.uno-status-over{{background:#e3f7e9;border-color:#7cc49a;}}
.uno-status.uno-status-closed{{background:#ececec;border:2px solid #4a4a4a;}}
.uno-msg{{font-size:15px;min-height:30px;padding:4px 10px;border-radius:8px;}}
.uno-others{{max-height:186px;overflow-y:auto;border:1px solid #ddd;border-radius:10px;
  padding:2px 6px;background:#fcfcfa;}}
.uno-other-row{{display:flex;flex-wrap:wrap;align-items:center;gap:0 8px;border-bottom:1px solid #eee;}}
.uno-other-row:last-child{{border-bottom:none;}}
.uno-other-name{{flex:0 1 190px;min-width:8em;font-weight:700;font-size:14px;overflow-wrap:anywhere;}}
.uno-other-row .uno-hand{{padding:8px 4px 2px 4px;flex-wrap:wrap;}}
.uno-other-row .uno-hand-item:hover{{transform:none;}}
.uno-minibacks{{display:flex;align-items:center;padding:6px 4px;}}
.uno-miniback{{display:inline-block;width:26px;height:39px;margin-right:-9px;border-radius:4px;
  background:url(data:image/svg+xml;base64,{_BACK}) center/100% 100% no-repeat;
  filter:drop-shadow(1px 1px 1px rgba(0,0,0,.35));}}
.uno-minibacks b{{margin-left:16px;font-size:14px;}}
.uno-scores-box{{overflow-x:auto;max-width:100%;}}
.uno-scores{{border-collapse:collapse;font-size:14px;width:100%;}}
.uno-scores th,.uno-scores td{{border:1px solid #ccc;padding:2px 6px;text-align:right;}}
/* Names wrap between words only, never inside one ("han/d", "Car/o"); names that do not fit
   side by side are turned to read upwards (scores.headers_turned), and a sheet still too wide
   for a phone scrolls in its own region. */
.uno-scores th{{background:#eef2f7;overflow-wrap:normal;word-break:normal;hyphens:manual;}}
.uno-scores th.uno-turned{{vertical-align:bottom;text-align:left;padding:6px 2px;}}
.uno-scores th.uno-turned>span{{display:inline-block;writing-mode:vertical-rl;transform:rotate(180deg);
  white-space:nowrap;line-height:1.2;}}
.uno-scores tr.uno-total td{{font-weight:800;background:#fff6d6;}}
.uno-scores td.uno-lead{{color:#1e6b3f;}}
.uno-scores td.uno-hand-winner{{font-weight:700;color:#8a5300;}}
.uno-chart-view{{max-width:100%;}}
.uno-chart{{display:block;max-width:100%;height:auto;}}
.uno-chart text{{font:12px system-ui,'Liberation Sans','DejaVu Sans',Arial,sans-serif;fill:#333;}}
.uno-chart text.uno-chart-end{{font-weight:700;}}
.uno-settings{{border:2px solid #6b7b7b;border-radius:10px;padding:6px 10px;background:#f7f8fa;
  gap:6px;}}
.uno-settings .widget-hbox{{flex-wrap:wrap;gap:6px;}}
.uno-seat-kinds{{flex-wrap:wrap;gap:4px 10px;}}
.uno-dash .widget-dropdown.uno-seat-kind{{width:auto!important;min-width:min(230px,100%);}}
.uno-dash .uno-seat-kind .widget-label{{width:auto!important;min-width:5.5em;}}
.uno-dash h1.uno-dash-title,.uno-dash h2.uno-dash-section{{margin:6px 0 2px 2px;line-height:1.25;}}
.uno-dash h2.uno-dash-section{{font-size:15px;font-weight:700;}}
.uno-sr-only{{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;
  clip:rect(0 0 0 0);white-space:nowrap;border:0;}}
.uno-other-kind{{font-weight:400;}}
.uno-scores-more{{text-align:center;color:#555;}}
.uno-muted{{color:#4a4a4a;}}
.uno-teacher-panel{{border:2px solid #0956bf;border-radius:10px;padding:4px 10px;background:#f4f8fd;}}
.uno-join-card{{border:2px solid #0956bf;border-radius:10px;padding:6px 14px;margin:6px 0;background:#fff;color:#111;}}
.uno-join-card-body{{display:flex;flex-wrap:wrap;align-items:center;gap:8px 32px;}}
.uno-join-steps{{font-size:1.15em;line-height:1.4;margin:0;padding-left:1.4em;}}
.uno-join-big{{display:block;font-size:2.2em;font-weight:700;letter-spacing:.06em;overflow-wrap:anywhere;}}
.uno-qr{{width:min(36vh,320px);min-width:200px;}}
.uno-qr-svg{{display:block;width:100%;height:auto;}}
.uno-projector .uno-join-big{{font-size:3.2em;}}
.uno-projector .uno-qr{{width:min(52vh,440px);}}
.uno-join-link a{{color:#0645ad;text-decoration:underline;overflow-wrap:anywhere;}}
.uno-code-form{{display:flex;flex-wrap:wrap;align-items:center;gap:6px 10px;margin:4px 0 8px;}}
.uno-code-form input{{font-size:1.1em;padding:4px 8px;width:9em;text-transform:uppercase;border:2px solid #555;border-radius:6px;}}
.uno-code-form button{{font-size:1em;padding:4px 14px;border:2px solid #0956bf;border-radius:6px;background:#0956bf;color:#fff;cursor:pointer;}}
.uno-code-form input:focus-visible,.uno-code-form button:focus-visible{{outline:3px solid #111;outline-offset:2px;}}
.uno-teacher-panel a{{color:#0645ad;text-decoration:underline;overflow-wrap:anywhere;}}
.uno-teacher-panel .widget-hbox{{flex-wrap:wrap;align-items:center;gap:4px 8px;}}
.uno-join{{max-width:640px;border:2px solid #6b7b7b;border-radius:12px;padding:10px 16px;background:#fcfcfa;}}
.uno-join .widget-button{{font-size:15px;}}
.uno-join .widget-hbox{{flex-wrap:wrap;gap:6px;}}
/* The projector: no hand, everything large enough to read from the back of a classroom. */
.uno-dash.uno-projector{{max-width:none;}}
.uno-dash.uno-projector .uno-hand-panel,.uno-dash.uno-projector .uno-actions,
.uno-dash.uno-projector .uno-picker,.uno-dash.uno-projector .uno-others-view{{display:none !important;}}
.uno-dash.uno-projector .uno-status{{font-size:26px;}}
.uno-dash.uno-projector .uno-log{{font-size:19px;max-height:260px;}}
.uno-dash.uno-projector .uno-table{{font-size:20px;}}
.uno-dash.uno-projector .uno-msg{{font-size:20px;}}
</style>"""


#: ARIA that ipywidgets cannot express, kept on the page by the PageBridge (by CSS selector):
#: the hand is a named group the skip link lands on; a card that cannot be played now, or
#: not yet, says so as a state (it stays focusable, and a click says why not); toggles say
#: whether they are pressed; scrolling boxes are named regions a keyboard can reach; only
#: the bridge's own two regions are live. Language-free: names come from ids of visible
#: headings and labels; :func:`aria_rules` adds the few names that have no visible text.
ARIA_RULES: dict[str, dict[str, str | None]] = {
    ".uno-dash .uno-hand-btns": {"role": "group", "aria-labelledby": "uno-your-hand", "id": "uno-hand",
                                 "tabindex": "-1"},
    ".uno-dash .uno-card-btn.uno-illegal, .uno-dash .uno-card-btn.uno-waiting": {"aria-disabled": "true"},
    ".uno-dash .uno-card-btn:not(.uno-illegal):not(.uno-waiting)": {"aria-disabled": None},
    ".uno-dash .uno-picker": {"role": "group", "aria-labelledby": "uno-picker-label"},
    ".uno-dash .uno-targets": {"role": "group", "aria-labelledby": "uno-picker-label"},
    # The log (a focusable region, not live: the bridge speaks) is named by its heading.
    ".uno-dash .uno-log": {"aria-labelledby": "uno-log-title", "aria-label": None},
    ".uno-dash .uno-others": {"tabindex": "0", "role": "region", "aria-labelledby": "uno-others-title"},
    ".uno-dash .uno-scores-box": {"tabindex": "0", "role": "region", "aria-labelledby": "uno-scores-title"},
    ".uno-dash .widget-toggle-buttons .widget-toggle-button.mod-active": {"aria-pressed": "true"},
    ".uno-dash .widget-toggle-buttons .widget-toggle-button:not(.mod-active)": {"aria-pressed": "false"},
    ".uno-dash .widget-toggle-buttons": {"role": "group"},
    ".uno-dash .uno-speed > .widget-label": {"id": "uno-speed-label"},
    ".uno-dash .uno-speed": {"aria-labelledby": "uno-speed-label"},
    ".uno-dash .uno-where > .widget-label": {"id": "uno-where-label"},
    ".uno-dash .uno-where": {"aria-labelledby": "uno-where-label"},
    ".uno-dash .uno-rules > .widget-label": {"id": "uno-rules-label"},
    ".uno-dash .uno-rules": {"aria-labelledby": "uno-rules-label"},
    # New game… shows and hides the form below it: a disclosure, so it says expanded or not.
    ".uno-dash .uno-settings-toggle.mod-active": {"aria-expanded": "true", "aria-controls": "uno-settings"},
    ".uno-dash .uno-settings-toggle:not(.mod-active)": {"aria-expanded": "false", "aria-controls": "uno-settings"},
    ".uno-dash .uno-settings": {"id": "uno-settings", "role": "region", "aria-labelledby": "uno-settings-title"},
    ".uno-dash .uno-status-view": {"tabindex": "-1"},
    ".uno-dash .uno-card-btn.uno-pending": {"aria-describedby": "uno-picker-label"},
    ".uno-dash .uno-card-btn:not(.uno-pending)": {"aria-describedby": None},
}


def aria_rules() -> dict[str, dict[str, str | None]]:
    """:data:`ARIA_RULES` plus the names without visible text, in the current language."""
    return {**ARIA_RULES,
            ".uno-dash .uno-view-toggle": {"aria-label": _("What this page shows")}}


@cache
def card_button_css(code: str) -> str:
    """CSS giving the ``uno-card-<code>`` buttons their card picture (inline SVG, no CDN)."""
    card = Card.parse(code)
    data = base64.b64encode(card_svg(card, width=CARD_W).encode()).decode()
    return (f"<style>.uno-dash .widget-button.uno-card-btn.uno-card-{css_code(card)}"
            f"{{background-image:url(data:image/svg+xml;base64,{data});}}</style>")

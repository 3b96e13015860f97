"""The dashboard's look: card-button size, seat-ring width, the one stylesheet and the ARIA
the page bridge keeps on the widgets.

Pure strings and dicts (no widgets), so the layout numbers, the roles and states live in one
place and the chart and the panels size themselves from the same constants. The stylesheet
itself is a source of the front end (``uno_lessons/voila/frontend/src/widgets/dashboard.css``,
built into ``uno_lessons/widgets/static/``); this module adds the few values it takes from
Python, as CSS variables.

Accessibility is part of the look here (WCAG 2.2 AA): every focusable thing gets the same
3 px focus ring (6.4:1 on white); a pressed toggle shows a check mark, not only a darker
shade; cards that cannot be played are striped, not faded, so their printed colour word
keeps its contrast; the page reflows (columns stack, the table and the seat ring wrap)
when its container is narrow, as in JupyterLab beside the file browser or on a phone.
"""

from __future__ import annotations

import base64
from functools import cache
from importlib.resources import files

from ..engine.cards import Card
from ..i18n import _
from ..render import back_svg, card_svg, css_code

CARD_W, CARD_H = 60, 90  # hand buttons, 2:3 like a card
SEATS_W = 410  # width of the seat ring (and the right column) for up to six players


def ring_width(players: int) -> int:
    """Seat-ring width in px: wider for seven to ten players, so their seats do not overlap."""
    return SEATS_W if players <= 6 else 500 if players <= 8 else 560


# The miniature card back of the face-down hands, inlined once (no CDN, works offline).
_BACK = base64.b64encode(back_svg(width=26).encode()).decode()
#: What the stylesheet takes from Python, as CSS variables: the card buttons' size (the panels
#: lay out by the same numbers), the foot of a card left unstriped for its printed colour word
#: (15% of its height), and the renderer's card back.
_VARIABLES = (f":root{{--uno-card-w:{CARD_W}px;--uno-card-h:{CARD_H}px;--uno-card-foot:{CARD_H * 15 // 100}px;"
              f"--uno-miniback:url(data:image/svg+xml;base64,{_BACK});}}")
#: The whole dashboard stylesheet, every class the panels use: the front end's build of
#: ``voila/frontend/src/widgets/dashboard.css`` (``widgets/static/``), read once per kernel. It
#: goes to the page in a hidden HTML widget, not with the page template, so it reaches
#: JupyterLab as well as Voilà.
DASH_CSS = ("<style>" + _VARIABLES
            + (files("uno_lessons") / "widgets" / "static" / "dashboard.css").read_text(encoding="utf-8")
            + "</style>")


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

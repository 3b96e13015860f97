"""A hand of cards as one HTML row, fanned like cards held in a hand."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from ..engine.cards import Card
from .faces import card_svg
from .style import num, styled

__all__ = ["hand_html"]


def hand_html(cards: Iterable[Card | str], *, width: float = 64, fan: bool = True,
              face_down: bool = False, highlight: Iterable[int] | None = None,
              dim: Iterable[int] | None = None, show_codes: bool = True, style: bool = True) -> str:
    """A hand as a row of cards, overlapping like a fan when ``fan``; ``highlight`` and
    ``dim`` are sets of indices; the code is printed under each card when ``show_codes``."""
    # Face-down hands may hold placeholders (an opponent's hidden cards), so they are not parsed.
    items = [Card.parse(c) for c in cards] if not face_down else list(cards)
    hl = set(highlight or ())
    dm = set(dim or ())
    n = len(items)
    overlap = width * 0.3 if fan and n > 1 else 0
    parts = []
    for i, card in enumerate(items):
        sel, dimmed = i in hl, i in dm
        svg = card_svg(card, width=width, face_down=face_down, selected=sel, dimmed=dimmed)
        # A face-down card must not leak its identity through a code or a tooltip.
        code, title = ("", "face-down card") if face_down else (card.code, card.name)
        style_attr = f"margin-left:{num(-overlap)}px;" if i and overlap else ""
        cls = "uno-hand-item" + (" uno-hl" if sel else "") + (" uno-dim" if dimmed else "")
        label = f'<span class="uno-code">{escape(code)}</span>' if show_codes and code else ""
        parts.append(f'<div class="{cls}" style="{style_attr}" title="{escape(title)}" '
                     f'data-index="{i}">{svg}{label}</div>')
    if not parts:
        parts.append('<div class="uno-log-empty" style="padding:8px">(no cards)</div>')
    # The first card has no negative margin, so the row is padded by the overlap instead.
    body = (f'<div class="uno-root uno-hand" role="list" aria-label="{n} cards" '
            f'style="padding-left:{num(10 + overlap)}px">' + "".join(parts) + "</div>")
    return styled(body, style)

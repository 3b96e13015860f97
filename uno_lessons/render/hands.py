"""A hand of cards as one HTML row, fanned like cards held in a hand."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape

from ..engine.cards import Card
from ..i18n import _
from .faces import card_svg
from .style import num, styled
from .words import card_words, cards_count

__all__ = ["hand_html"]


def hand_html(cards: Iterable[Card | str], *, width: float = 64, fan: bool = True,
              face_down: bool = False, highlight: Iterable[int] | None = None,
              dim: Iterable[int] | None = None, show_codes: bool = True, style: bool = True,
              label: str | None = None, notes: Mapping[int, str] | None = None) -> str:
    """A hand as a list of cards, overlapping like a fan when ``fan``; ``highlight`` and
    ``dim`` are sets of indices; the code is printed under each card when ``show_codes``.
    ``label`` names the list for screen readers (default: "7 cards"); ``notes`` adds words to
    a card's spoken name by index (say what a highlight means: {0: "may be played"})."""
    # Face-down hands may hold placeholders (an opponent's hidden cards), so they are not parsed.
    items = [Card.parse(c) for c in cards] if not face_down else list(cards)
    hl = set(highlight or ())
    dm = set(dim or ())
    notes = dict(notes or {})
    n = len(items)
    overlap = width * 0.3 if fan and n > 1 else 0
    parts = []
    for i, card in enumerate(items):
        sel, dimmed = i in hl, i in dm
        # A face-down card must not leak its identity through a code or a tooltip (and may be
        # a placeholder string, not a Card: see above).
        if face_down or not isinstance(card, Card):
            code, title = "", _("face-down card")
        else:
            code, title = card.code, card_words(card)
        spoken = _("{card}, {note}", card=title, note=notes[i]) if i in notes else None
        svg = card_svg(card, width=width, face_down=face_down, selected=sel, dimmed=dimmed, label=spoken)
        style_attr = f"margin-left:{num(-overlap)}px;" if i and overlap else ""
        cls = "uno-hand-item" + (" uno-hl" if sel else "") + (" uno-dim" if dimmed else "")
        # The code is a reading aid; the picture already names the card for screen readers.
        code_tag = (f'<span class="uno-code" aria-hidden="true">{escape(code)}</span>'
                    if show_codes and code else "")
        parts.append(f'<div class="{cls}" role="listitem" style="{style_attr}" title="{escape(title)}" '
                     f'data-index="{i}">{svg}{code_tag}</div>')
    name = escape(label if label is not None else cards_count(n))
    if not parts:
        return styled(f'<div class="uno-root uno-hand uno-hand-empty" role="group" aria-label="{name}">'
                      f'<div class="uno-log-empty" style="padding:8px">{escape(_("(no cards)"))}</div></div>',
                      style)
    # The first card has no negative margin, so the row is padded by the overlap instead.
    body = (f'<div class="uno-root uno-hand" role="list" aria-label="{name}" '
            f'style="padding-left:{num(10 + overlap)}px">' + "".join(parts) + "</div>")
    return styled(body, style)

"""Cards in words: the colour names, the word printed on a face, and a card's spoken name.

Every word goes through gettext; card and colour names are the engine's own
(``Card.name``, ``Color.display_name``), so a card is named alike on its face, in the log
and on its button. A card's spoken name with its state ("green 0, playable") is what a
screen reader says for a card button.
"""

from __future__ import annotations

from ..engine.cards import Card, Color
from ..i18n import _, ngettext, pgettext

__all__ = ["color_name", "printed_color_word", "card_words", "card_state_words", "cards_count"]


def color_name(color: Color | str) -> str:
    """The colour's name as a person says it ("green"), in the current language."""
    return Color.parse(color).display_name


def printed_color_word(color: Color | str | None) -> str:
    """The word printed at the foot of a card face ("GREEN", or "WILD" for a wild)."""
    if color is None:
        return pgettext("printed on a wild card", "WILD")
    color = Color.parse(color)
    if color is Color.RED:
        return pgettext("printed on a card", "RED")
    if color is Color.YELLOW:
        return pgettext("printed on a card", "YELLOW")
    if color is Color.GREEN:
        return pgettext("printed on a card", "GREEN")
    return pgettext("printed on a card", "BLUE")


def card_words(card: Card | str) -> str:
    """The card as a person says it: "green 3", "blue Skip", "Wild Draw Four" (the engine's
    own ``Card.name``: one template per colour and rank, so "groene 3" in Dutch)."""
    return Card.parse(card).name


def card_state_words(card: Card | str, *, playable: bool | None = None, chosen: Color | None = None,
                     face_down: bool = False) -> str:
    """A card's name with what matters about it now: "green 0, playable", "blue 4, cannot be
    played now", "Wild, red chosen", "face-down card"."""
    if face_down:
        return _("face-down card")
    words = card_words(card)
    if chosen is not None:
        words = _("{card}, {color} chosen", card=words, color=color_name(chosen))
    if playable is True:
        return _("{card}, playable", card=words)
    if playable is False:
        return _("{card}, cannot be played now", card=words)
    return words


def cards_count(n: int) -> str:
    """ "1 card", "7 cards" in the current language."""
    return ngettext("{n} card", "{n} cards", n)

"""How wide a word is in the heavy card font, so a translated word can be scaled to fit.

A browser is not at hand when the SVG is written, so the width is measured from a table of
glyph advances (in em) of a wide bold sans-serif, DejaVu Sans Bold, which is at least as wide
as Arial Bold / Liberation Sans Bold and about as wide as Arial Black for capitals. Letters with
accents are measured as their base letter; a character not in the table counts as a full em
(CJK) or 0.8 em (anything else), so an unknown script is made smaller, never cut.
"""

from __future__ import annotations

import unicodedata

__all__ = ["text_width", "fit_font_size"]

# Advance widths (em) of DejaVu Sans Bold, read with FreeType; capitals, digits, Serbian
# and Russian Cyrillic capitals, and a few signs.
_ADVANCE = {
    **dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ",
               (.774, .762, .734, .830, .683, .683, .821, .837, .372, .372, .775, .637, .995,
                .837, .850, .733, .850, .770, .720, .682, .812, .774, 1.103, .771, .724, .725))),
    **dict.fromkeys("0123456789", .696),
    **dict(zip("АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯЂЈЉЊЋЏ",
               (.774, .762, .762, .637, .891, .683, 1.224, .710, .837, .837, .817, .831, .995,
                .837, .850, .837, .733, .734, .682, .771, .992, .771, .928, .808, 1.235, 1.326,
                .939, 1.036, .762, .734, 1.174, .770, .878, .372, 1.154, 1.130, .878, .837))),
    " ": .348, "-": .415, "+": .838, "'": .333, "’": .333, ".": .380, "!": .438,
}


def _advance(ch: str) -> float:
    if ch in _ADVANCE:
        return _ADVANCE[ch]
    up = ch.upper()
    if len(up) == 1 and up in _ADVANCE:
        return _ADVANCE[up]
    base = unicodedata.normalize("NFD", up)[:1]
    if base in _ADVANCE:
        return _ADVANCE[base]
    if unicodedata.east_asian_width(ch) in ("W", "F"):
        return 1.0
    return 0.8


def text_width(text: str, size: float, *, letter_spacing: float = 0.0) -> float:
    """The width of ``text`` set at ``size`` (same unit as the result), with ``letter_spacing``
    added after every character but the last."""
    if not text:
        return 0.0
    return sum(_advance(ch) for ch in text) * size + letter_spacing * (len(text) - 1)


def fit_font_size(text: str, room: float, size: float, *, letter_spacing: float = 0.0,
                  smallest: float = 1.0) -> float:
    """``size``, or smaller so that ``text`` fits in ``room`` (never below ``smallest``)."""
    width = text_width(text, size, letter_spacing=letter_spacing)
    if width <= room:
        return size
    # Letter spacing does not shrink with the font, so solve for the glyphs' share of the room.
    glyphs = width - letter_spacing * (len(text) - 1)
    fitted = size * (room - letter_spacing * (len(text) - 1)) / glyphs
    return max(smallest, fitted)

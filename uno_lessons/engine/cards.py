"""Cards as value types: colours, ranks, short codes and points (E-DECK, E-SCORE).

Codes (``G3``), ``Color.label`` and ``Rank.label`` are identifiers and stay English;
``Color.display_name``, ``Rank.display_name`` and ``Card.name`` are what a person reads, in
the current language (:mod:`uno_lessons.i18n`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum
from operator import attrgetter

from ..i18n import _, pgettext
from .pictures import picture_of


class Color(Enum):
    """One of the four card colours; the value is the colour letter used in codes."""

    RED = "R"
    YELLOW = "Y"
    GREEN = "G"
    BLUE = "B"

    # Members are singletons, so identity hashing is exact; Enum's own __hash__ runs in
    # Python and showed up in profiles of dicts keyed by colour.
    __hash__ = object.__hash__

    @property
    def label(self) -> str:
        """The colour's English name in lower case ("green"): an identifier (CSS classes,
        code); never translated. People read :attr:`display_name`."""
        return self.name.lower()

    @property
    def display_name(self) -> str:
        """The colour's name in the current language ("green", "groen", "зелена", "hijau")."""
        return _COLOR_NAMES[self]()

    @classmethod
    def parse(cls, text: str | Color) -> Color:
        """A colour from its letter or name (``"G"``, ``"green"``), or a ValueError."""
        if isinstance(text, Color):
            return text
        key = str(text).strip().upper()
        for color in cls:
            if key in (color.value, color.name):
                return color
        raise ValueError(_("{text} is not a colour: use R, Y, G or B (red, yellow, green, blue)",
                           text=repr(text)))


class Rank(Enum):
    """What is printed on a card besides its colour; the value is its part of the code."""

    ZERO = "0"
    ONE = "1"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    SKIP = "S"
    REVERSE = "R"
    DRAW_TWO = "+2"
    WILD = "W"
    WILD_DRAW_FOUR = "W+4"
    WILD_DONT_TALK = "WDT"

    __hash__ = object.__hash__  # as for Color: members are singletons

    @property
    def is_number(self) -> bool:
        """True for 0–9."""
        return self.value.isdigit()

    @property
    def is_wild(self) -> bool:
        """True for Wild, Wild Draw Four and Wild Don't Talk."""
        return self.value.startswith("W")

    @property
    def label(self) -> str:
        """The rank's English name: "3", "Skip", "Wild Draw Four" (an identifier; never
        translated). People read :attr:`display_name`."""
        return _RANK_LABELS.get(self, self.value)

    @property
    def display_name(self) -> str:
        """How the rank is read aloud in the current language: "3", "Skip", "Overslaan"."""
        name = _RANK_NAMES.get(self)
        return self.value if name is None else name()


# Whole names, one call each, so that `pybabel extract` finds every one and a translator
# can inflect the colour for each rank (Dutch "groene 3", Serbian "зелена 3").
_COLOR_NAMES: dict[Color, Callable[[], str]] = {
    Color.RED: lambda: pgettext("colour", "red"),
    Color.YELLOW: lambda: pgettext("colour", "yellow"),
    Color.GREEN: lambda: pgettext("colour", "green"),
    Color.BLUE: lambda: pgettext("colour", "blue"),
}

_RANK_NAMES: dict[Rank, Callable[[], str]] = {
    Rank.SKIP: lambda: pgettext("rank", "Skip"),
    Rank.REVERSE: lambda: pgettext("rank", "Reverse"),
    Rank.DRAW_TWO: lambda: pgettext("rank", "Draw Two"),
    Rank.WILD: lambda: pgettext("card", "Wild"),
    Rank.WILD_DRAW_FOUR: lambda: pgettext("card", "Wild Draw Four"),
    Rank.WILD_DONT_TALK: lambda: pgettext("card", "Wild Don't Talk"),
}

_NUMBER_CARD_NAMES: dict[Color, Callable[[str], str]] = {
    Color.RED: lambda number: pgettext("card", "red {number}", number=number),
    Color.YELLOW: lambda number: pgettext("card", "yellow {number}", number=number),
    Color.GREEN: lambda number: pgettext("card", "green {number}", number=number),
    Color.BLUE: lambda number: pgettext("card", "blue {number}", number=number),
}

_ACTION_CARD_NAMES: dict[tuple[Color, Rank], Callable[[], str]] = {
    (Color.RED, Rank.SKIP): lambda: pgettext("card", "red Skip"),
    (Color.RED, Rank.REVERSE): lambda: pgettext("card", "red Reverse"),
    (Color.RED, Rank.DRAW_TWO): lambda: pgettext("card", "red Draw Two"),
    (Color.YELLOW, Rank.SKIP): lambda: pgettext("card", "yellow Skip"),
    (Color.YELLOW, Rank.REVERSE): lambda: pgettext("card", "yellow Reverse"),
    (Color.YELLOW, Rank.DRAW_TWO): lambda: pgettext("card", "yellow Draw Two"),
    (Color.GREEN, Rank.SKIP): lambda: pgettext("card", "green Skip"),
    (Color.GREEN, Rank.REVERSE): lambda: pgettext("card", "green Reverse"),
    (Color.GREEN, Rank.DRAW_TWO): lambda: pgettext("card", "green Draw Two"),
    (Color.BLUE, Rank.SKIP): lambda: pgettext("card", "blue Skip"),
    (Color.BLUE, Rank.REVERSE): lambda: pgettext("card", "blue Reverse"),
    (Color.BLUE, Rank.DRAW_TWO): lambda: pgettext("card", "blue Draw Two"),
}

_RANK_LABELS = {
    Rank.SKIP: "Skip",
    Rank.REVERSE: "Reverse",
    Rank.DRAW_TWO: "Draw Two",
    Rank.WILD: "Wild",
    Rank.WILD_DRAW_FOUR: "Wild Draw Four",
    Rank.WILD_DONT_TALK: "Wild Don't Talk",
}

WILD_RANKS = (Rank.WILD, Rank.WILD_DRAW_FOUR, Rank.WILD_DONT_TALK)



@dataclass(frozen=True, eq=False)
class Card:
    """One UNO card: a colour (None for wilds) and a rank. ``str(card)`` is its code.

    There is one object per card code (``Card(Color.GREEN, Rank.THREE) is Card.parse("G3")``),
    so equality and hashing are identity, done in C: the engine compares cards in its hot loop.
    No comparison method is defined in Python for the same reason: even one, such as
    ``__lt__``, makes CPython send every ``==`` through Python. ``sort_cards`` sorts.
    """

    color: Color | None
    rank: Rank
    # Derived once at construction: the engine reads these in its hot loop.
    code: str = field(init=False, repr=False)
    points: int = field(init=False, repr=False)
    is_wild: bool = field(init=False, repr=False)
    is_number: bool = field(init=False, repr=False)  # 0-9; everything else is an action card
    index: int = field(init=False, repr=False)
    bit: int = field(init=False, repr=False)  # 1 << index, for sets of cards as int masks

    def __new__(cls, color: Color | None, rank: Rank) -> Card:
        try:
            known = _BY_PARTS.get((color, rank))
        except TypeError:  # an unhashable colour: __post_init__ says what is wrong
            known = None
        return known if known is not None else super().__new__(cls)

    def __post_init__(self) -> None:
        if self.rank.is_wild:
            if self.color is not None:
                raise ValueError(_("A {rank} has no colour of its own; the colour chosen for it "
                                   "belongs to the move, not the card", rank=self.rank.display_name))
            code = self.rank.value
        else:
            if not isinstance(self.color, Color):
                raise ValueError(_("A {rank} card needs a colour (R, Y, G or B)",
                                   rank=self.rank.display_name))
            code = self.color.value + self.rank.value
        points = int(self.rank.value) if self.rank.is_number else (50 if self.rank.is_wild else 20)
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "is_wild", self.rank.is_wild)
        object.__setattr__(self, "is_number", self.rank.is_number)
        object.__setattr__(self, "index", _INDEX.get(code, -1))
        object.__setattr__(self, "bit", 1 << self.index if self.index >= 0 else 0)

    def __reduce__(self) -> tuple:
        # Pickling and copying give back the one card object for this code.
        return (Card.parse, (self.code,))

    @classmethod
    def parse(cls, code: str | Card) -> Card:
        """The card for a short code such as ``"G3"``, ``"YS"``, ``"W+4"``; ValueError if bad."""
        if isinstance(code, Card):
            return code
        try:
            return _BY_CODE[code]
        except (KeyError, TypeError):
            pass
        key = str(code).strip().upper()
        if key in _BY_CODE:
            return _BY_CODE[key]
        raise ValueError(_("{code} is not a card code: use a colour letter R, Y, G or B followed by 0-9, "
                           "S (Skip), R (Reverse) or +2 (Draw Two), e.g. G3, YS, BR, R+2; or a wild: "
                           "W, W+4, WDT", code=repr(code)))

    @property
    def is_action(self) -> bool:
        """True for every card that is not a number card (E-SETUP-4's 'action card')."""
        return not self.is_number

    @property
    def name(self) -> str:
        """The card read aloud in the current language: "green 3", "blue Skip", "Wild Draw
        Four" (Dutch "groene 3", Serbian "зелена 3", Malay "hijau 3")."""
        if self.color is None:
            return _RANK_NAMES[self.rank]()
        if self.is_number:
            return _NUMBER_CARD_NAMES[self.color](self.rank.value)
        return _ACTION_CARD_NAMES[self.color, self.rank]()

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def _repr_html_(self) -> str | None:
        # The renderer's picture, handed over from above (the engine imports no UI).
        return picture_of(self)


# All distinct cards in a fixed order (by colour, then rank; wilds last). The index is a
# small int the engine uses for fast de-duplication and move tables.
_ALL_CODES = [c.value + r.value for c in Color for r in Rank if not r.is_wild] + [
    r.value for r in WILD_RANKS
]
_INDEX = {code: i for i, code in enumerate(_ALL_CODES)}
_BY_CODE: dict[str, Card] = {}
_BY_PARTS: dict[tuple[Color | None, Rank], Card] = {}
for _code in _ALL_CODES:
    if _code.startswith("W"):
        _card = Card(None, Rank(_code))
    else:
        _card = Card(Color(_code[0]), Rank(_code[1:]))
    _BY_CODE[_code] = _card
    _BY_PARTS[_card.color, _card.rank] = _card
ALL_CARDS: tuple[Card, ...] = tuple(_BY_CODE.values())


def parse_cards(codes: Iterable[str | Card] | str) -> list[Card]:
    """A list of cards from codes: ``parse_cards("G3 Y3 W")`` or ``parse_cards(["G3", "Y3"])``."""
    if isinstance(codes, str):
        codes = codes.split()
    return [Card.parse(c) for c in codes]


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """The cards in deck order: by colour (red, yellow, green, blue), then rank; wilds last."""
    return sorted(cards, key=_DECK_ORDER)


_DECK_ORDER = attrgetter("index")


def build_deck(with_wild_dont_talk: bool = True) -> list[Card]:
    """The full deck in a fixed order: 112 cards for Encanto, 108 without Wild Don't Talk."""
    return list(_DECKS[with_wild_dont_talk])


def _make_deck(with_wild_dont_talk: bool) -> tuple[Card, ...]:
    deck: list[Card] = []
    for color in Color:
        for rank in Rank:
            if rank.is_wild:
                continue
            copies = 1 if rank is Rank.ZERO else 2  # E-DECK: one 0, two of everything else
            deck.extend([_BY_CODE[color.value + rank.value]] * copies)
    for rank in WILD_RANKS:
        if rank is Rank.WILD_DONT_TALK and not with_wild_dont_talk:
            continue
        deck.extend([_BY_CODE[rank.value]] * 4)
    return tuple(deck)


# Built once: a new game copies the template instead of rebuilding it (a hot path in benchmarks).
_DECKS = {True: _make_deck(True), False: _make_deck(False)}


def hand_points(hand: Iterable[str | Card] | str) -> int:
    """Points of left-over cards (E-SCORE-2): face value, 20 per action card, 50 per wild.
    ``hand`` may be Card objects, codes, or one string of codes: ``hand_points("R4 W")``."""
    if isinstance(hand, str):
        hand = hand.split()
    return sum(Card.parse(c).points for c in hand)

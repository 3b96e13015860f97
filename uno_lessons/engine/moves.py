"""Moves as values, the IllegalMove error, and the matching rule with its reasons (E-MATCH)."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import count

from ..i18n import _, pgettext
from .cards import ALL_CARDS, Card, Color, Rank
from .kinds import MoveKind, Phase

#: Every kind of move, in the order the engine lists them (members of :class:`~.kinds.MoveKind`).
KINDS = tuple(MoveKind)

# The phases of a turn under their old names (see kinds.Phase): "turn", "drawn",
# "challenge" (answering a Wild Draw Four) and "over".
TURN, DRAWN, RESPOND, OVER = Phase.TURN, Phase.DRAWN, Phase.RESPOND, Phase.OVER
_KIND_OF = {kind.value: kind for kind in MoveKind}


class IllegalMove(ValueError):
    """A move or action the rules do not allow now; the message says why, in plain words."""


@dataclass(frozen=True, slots=True)
class Move:
    """One thing the player to move may do: ``kind`` is a :class:`~.kinds.MoveKind` (play,
    draw, keep, accept, challenge or pass; the plain word may be given, and becomes the
    member). A play names the card, the colour chosen for a wild and the seat silenced by a
    Wild Don't Talk. ``honest`` tells, for a Wild Draw Four, whether it obeys E-WD4-2.

    A word that is no kind is kept as it was given, so that ``Game.apply`` can say why it is
    not a move instead of failing here.

    ``uid`` numbers the engine's own (interned) moves, the ones ``legal_moves`` hands out:
    1, 2, ... in the order the process makes them, so a reader can keep something about
    each move in a list (the agents' action numbers); 0 for any other Move. It is not
    compared, hashed or shown."""

    kind: MoveKind | str
    card: Card | None = None
    color: Color | None = None
    target: int | None = None
    honest: bool | None = field(default=None, compare=False)
    uid: int = field(default=0, compare=False, repr=False)

    def __post_init__(self) -> None:
        # The member, not the word: the engine tests a kind with ``is`` (kinds.py says why).
        kind = self.kind
        if type(kind) is str:
            object.__setattr__(self, "kind", _KIND_OF.get(kind, kind))

    def __str__(self) -> str:
        """The move in the engine's notation ("play W choosing red"): like card codes it is
        the same in every language; :meth:`describe` says it in the current language."""
        if self.kind == "play":
            text = f"play {self.card}"
            if self.color is not None and self.card is not None and self.card.is_wild:
                text += f" choosing {self.color.label}"
            if self.target is not None and self.card is not None and self.card.rank is Rank.SEVEN:
                text += f" swapping hands with seat {self.target}"  # H-SEVEN-ZERO
            elif self.target is not None:
                text += f" silencing seat {self.target}"
            if self.honest is False:
                text += " (bluff)"
            return text
        if self.kind == "draw" and self.color is not None:
            return f"choose {self.color.label} and draw"
        return str(self.kind)  # the word itself, not the enum member

    def __repr__(self) -> str:
        return f"<Move {self}>"

    def describe(self) -> str:
        """The move in words in the current language (in English the same as ``str(move)``)."""
        if self.kind == "play" and self.card is not None:
            if self.target is not None and self.card.rank is Rank.SEVEN:  # H-SEVEN-ZERO
                return _("play {card} swapping hands with seat {seat}", card=self.card.code, seat=self.target)
            color = self.color.display_name if self.color is not None and self.card.is_wild else None
            key = (color is not None, self.target is not None, self.honest is False)
            return _PLAY_WORDS[key](card=self.card.code, color=color, seat=self.target)
        if self.kind == "draw" and self.color is not None:
            return _("choose {color} and draw", color=self.color.display_name)
        words = _KIND_WORDS.get(self.kind)
        return words() if words is not None else str(self.kind)

    @property
    def is_bluff(self) -> bool:
        """True for a Wild Draw Four played against E-WD4-2."""
        return self.honest is False


# (colour chosen, seat silenced, bluff) -> the whole phrase, so nothing is glued together.
_PLAY_WORDS = {
    (False, False, False): lambda **v: _("play {card}", **v),
    (True, False, False): lambda **v: _("play {card} choosing {color}", **v),
    (True, True, False): lambda **v: _("play {card} choosing {color} silencing seat {seat}", **v),
    (True, False, True): lambda **v: _("play {card} choosing {color} (bluff)", **v),
    (True, True, True): lambda **v: _("play {card} choosing {color} silencing seat {seat} (bluff)", **v),
    (False, True, False): lambda **v: _("play {card} silencing seat {seat}", **v),
    (False, False, True): lambda **v: _("play {card} (bluff)", **v),
    (False, True, True): lambda **v: _("play {card} silencing seat {seat} (bluff)", **v),
}
_KIND_WORDS = {
    "draw": lambda: pgettext("move", "draw"),
    "keep": lambda: pgettext("move", "keep"),
    "accept": lambda: pgettext("move", "accept"),
    "challenge": lambda: pgettext("move", "challenge"),
    "pass": lambda: pgettext("move", "pass"),
}


# Interned moves: the engine hands out the same Move objects again and again, so that
# ``apply`` can find a move by identity and legal_moves() allocates almost nothing. Each
# is made by ``_interned``, which numbers it (``Move.uid``).
_UIDS = count(1)


def _interned(kind: MoveKind, card: Card | None = None, color: Color | None = None, target: int | None = None,
              honest: bool | None = None) -> Move:
    """A new interned Move: the next ``uid``."""
    return Move(kind, card, color, target, honest, next(_UIDS))


DRAW = _interned(MoveKind.DRAW)
KEEP = _interned(MoveKind.KEEP)
ACCEPT = _interned(MoveKind.ACCEPT)
CHALLENGE = _interned(MoveKind.CHALLENGE)
PASS = _interned(MoveKind.PASS)
COLORS = tuple(Color)
DRAW_WITH_COLOR = tuple(_interned(MoveKind.DRAW, color=c) for c in COLORS)
# One play per coloured card, by card index (None for the wilds, which need a colour).
PLAIN_PLAYS: tuple[Move | None, ...] = tuple(None if c.is_wild else _interned(MoveKind.PLAY, c) for c in ALL_CARDS)
# The same one play as a tuple, the form ``Game.plays_of`` returns for every card (empty for a wild).
PLAIN_PLAY_TUPLES: tuple[tuple[Move, ...], ...] = tuple(() if m is None else (m,) for m in PLAIN_PLAYS)
_WILD: dict[tuple[int, bool | None], tuple[Move, ...]] = {}
_SILENCE: dict[tuple[int, int, int], tuple[Move, ...]] = {}
_SWAP: dict[tuple[int, int, int], tuple[Move, ...]] = {}


def plain_play(card: Card) -> Move:
    """The (interned) move that plays a coloured card (IllegalMove for a wild, whose plays
    name a colour: ``wild_plays``)."""
    move = PLAIN_PLAYS[card.index]
    if move is None:
        raise IllegalMove(_("Choose a colour for the {wild}: red, yellow, green or blue.", wild=card.name))
    return move


def play_move(card: Card | str, color: Color | str | None = None, target: int | None = None) -> Move:
    """The Move that plays ``card`` (a code or a Card), naming ``color`` for a wild and
    ``target`` for a Wild Don't Talk, as ``Game.play`` takes them: a coloured card's own
    colour may be named too, and is then left out; IllegalMove for another colour."""
    card = Card.parse(card)
    chosen = Color.parse(color) if color is not None else None
    if chosen is not None and card.color is not None:  # not a wild: only its own colour may be named
        if chosen is not card.color:
            raise IllegalMove(_("{card} is not a wild card: its colour is {color}, so {chosen} cannot be chosen",
                                card=card, color=card.color.display_name, chosen=chosen.display_name))
        chosen = None
    return Move(MoveKind.PLAY, card, chosen, target)


def wild_plays(card: Card, honest: bool | None = None) -> tuple[Move, ...]:
    """The four (interned) moves that play a Wild or Wild Draw Four, one per colour."""
    key = (card.index, honest)
    moves = _WILD.get(key)
    if moves is None:
        moves = _WILD[key] = tuple(_interned(MoveKind.PLAY, card, c, None, honest) for c in COLORS)
    return moves


def silence_plays(card: Card, seat: int, players: int) -> tuple[Move, ...]:
    """The (interned) moves that play a Wild Don't Talk: each colour times each other seat."""
    key = (card.index, seat, players)
    moves = _SILENCE.get(key)
    if moves is None:
        moves = _SILENCE[key] = tuple(_interned(MoveKind.PLAY, card, color, target)
                                      for color in COLORS for target in range(players) if target != seat)
    return moves


def swap_plays(card: Card, seat: int, players: int) -> tuple[Move, ...]:
    """H-SEVEN-ZERO: the (interned) moves that play a 7 from ``seat``, one per other seat to
    swap hands with."""
    key = (card.index, seat, players)
    moves = _SWAP.get(key)
    if moves is None:
        moves = _SWAP[key] = tuple(_interned(MoveKind.PLAY, card, None, target)
                                   for target in range(players) if target != seat)
    return moves


def _playable(top: Card, color: Color | None) -> frozenset[Card]:
    return frozenset(c for c in ALL_CARDS if matches(c, top, color))


def matches(card: Card, top: Card, color: Color | None) -> bool:
    """E-MATCH: may ``card`` be played on ``top`` when ``color`` is the colour in force?"""
    if card.is_wild or color is None:
        return True
    return card.color is color or (card.rank is top.rank and not top.is_wild)


# E-MATCH as a table: PLAYABLE[top card][colour in force] is the set of cards that may be
# played on it, so a hand is checked with one set lookup per card.
PLAYABLE: dict[Card, dict[Color | None, frozenset[Card]]] = {
    top: {color: _playable(top, color) for color in (None, *COLORS)} for top in ALL_CARDS
}


#: A placeholder in :data:`PLAYS_ON` for a wild, whose plays depend on the hand and seat.
WILD_PLAYS = Move(MoveKind.PLAY)

# PLAYABLE again, by card index, holding the move: PLAYS_ON[top][colour][card.index] is the
# interned play of a coloured card that matches, WILD_PLAYS for a wild (always playable:
# ``Game.plays_of`` makes its moves) and None for a card that does not match. One tuple
# index per card of the hand is cheaper than a set lookup and then PLAIN_PLAYS.
PLAYS_ON: dict[Card, dict[Color | None, tuple[Move | None, ...]]] = {
    top: {color: tuple((WILD_PLAYS if c.is_wild else PLAIN_PLAYS[c.index]) if c in ok else None for c in ALL_CARDS)
          for color, ok in by_color.items()}
    for top, by_color in PLAYABLE.items()
}


def explain_match(card: Card | str, top: Card | str, color: Color | str | None = None) -> str:
    """One sentence saying why ``card`` does or does not match ``top`` (E-MATCH-1..3)."""
    card, top = Card.parse(card), Card.parse(top)
    if color is None:
        color = top.color
    else:
        color = Color.parse(color)
    v = {"card": card.code, "top": top.code}
    if card.is_wild or card.color is None:  # the same test: only a wild has no colour
        return _("{card} matches: a {wild} is a wild card and matches every card.", wild=card.name, **v)
    if color is None:
        return _("{card} matches: the first player chooses the colour after a Wild turned at the start.", **v)
    v["color"] = color.display_name
    if top.is_wild:
        v["wild"] = top.name
        if card.color is color:
            return _("{card} matches by colour: {color} was chosen for the {wild}.", **v)
        return _("{card} does not match: the top card is a {wild} and the colour in force is {color}, but "
                 "{card} is {card_color}.", card_color=card.color.display_name, **v)
    if card.color is color:
        return _("{card} matches {top} by colour ({color}).", **v)
    if card.rank is top.rank:
        if card.is_number:
            return _("{card} matches {top} by number ({number}).", number=card.rank.value, **v)
        return _("{card} matches {top} by symbol ({symbol}).", symbol=card.rank.display_name, **v)
    if top.is_number:
        return _("{card} does not match the top card {top}: not the same colour ({color}), number "
                 "({number}) or symbol.", number=top.rank.value, **v)
    return _("{card} does not match the top card {top}: not the same colour ({color}) or symbol ({symbol}).",
             symbol=top.rank.display_name, **v)


def wild_draw_four_honest(
    hand: list[Card], previous_color: Color | None, wilds_count: bool, played: Card | None = None
) -> bool:
    """E-WD4-2 / C-WD4-2: True when no other card in ``hand`` matches ``previous_color``.

    ``hand`` is the hand before the play; ``played`` (one copy) is left out of the check.
    With ``wilds_count`` (Encanto) any other wild card counts as matching the colour. When no
    colour is in force yet (classic, a Wild turned first) any coloured card counts.
    """
    skipped = played is None
    skip = -1 if played is None else played.index
    for card in hand:
        if not skipped and card.index == skip:
            skipped = True
            continue
        if card.is_wild:
            if wilds_count:
                return False
        elif previous_color is None or card.color is previous_color:
            return False
    return True


"""The event log: every action appends events that describe themselves in plain words.

Each sentence is one whole translatable template with named placeholders (:mod:`..i18n`),
so a translator can reorder it; card codes such as ``G3`` stay as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar

from ..i18n import _, local_name, ngettext, on_language
from .cards import Card, Color, Rank

#: The viewer who sees every card: the teacher's view, or a lesson shown on one screen. It
#: must be asked for by name: a seat number sees only its own cards, and anything else (a
#: spectator's ``NOBODY``, a forgotten ``None``) sees no hidden card at all (fail closed).
EVERYONE = "everyone"
#: The viewer at no seat (a spectator, the projector): no hidden card.
NOBODY = -1

Viewer = int | str | None


def sees(viewer: Viewer, *seats: int) -> bool:
    """Whether ``viewer`` may see cards that only ``seats`` (and the teacher) may see."""
    return viewer == EVERYONE or (isinstance(viewer, int) and not isinstance(viewer, bool)
                                  and viewer >= 0 and viewer in seats)


#: Names used when a game is made from a player count: A, B, C… so seat 0 is Ana. Each
#: language gives them in its own script and form (``locale/<lang>/names.toml``: Ана, Бен…).
DEFAULT_NAMES = ("Ana", "Ben", "Caro", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jo")
#: DEFAULT_NAMES in each language used so far (filled on first use; English is given).
_LOCAL_NAMES: dict[str, tuple[str, ...]] = {"en": DEFAULT_NAMES}
#: DEFAULT_NAMES in the current language: set by i18n whenever the language changes, so
#: default_names (asked by every Game.new of a count) costs no look-up at all.
_names_now: tuple[str, ...] = DEFAULT_NAMES


def _names_in(lang: str) -> tuple[str, ...]:
    names = _LOCAL_NAMES.get(lang)
    if names is None:
        names = _LOCAL_NAMES[lang] = tuple(local_name(n, lang) for n in DEFAULT_NAMES)
    return names


def _use_language(lang: str) -> None:
    global _names_now
    _names_now = _names_in(lang)


on_language(_use_language)


def local_default_names() -> tuple[str, ...]:
    """:data:`DEFAULT_NAMES` in the current language (Ана, Бен, Каро… in Serbian)."""
    return _names_now


def default_names(count: int) -> list[str]:
    """Seat names for a game of ``count`` players in the current language: Ana, Ben, Caro…
    (Ана, Бен, Каро… in Serbian). A game keeps them: they are its data from then on."""
    names = _names_now
    if 0 <= count <= len(names):  # every game a simulation deals: one slice
        return list(names[:count])
    return [names[i] if i < len(names) else _seat(i) for i in range(count)]


def _seat(seat: int) -> str:
    return _("Seat {seat}", seat=seat)


def _name(names: Sequence[str] | None, seat: int) -> str:
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    local = _names_now
    return local[seat] if 0 <= seat < len(local) else _seat(seat)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _codes(cards: Sequence[Card]) -> str:
    return " ".join(c.code for c in cards)


def _color(color: Color | None) -> str:
    return color.display_name if color is not None else "?"


@dataclass(slots=True)
class Event:
    """Base of all events. ``describe(names, viewer)`` is one sentence. The viewer is always
    named: a seat sees its own hidden cards, :data:`EVERYONE` (the teacher, one screen) sees
    every card, and any other viewer none, so a caller that forgets whom it is talking to
    leaks nothing."""

    kind: ClassVar[str] = "event"

    def describe(self, names: Sequence[str] | None, viewer: Viewer) -> str:
        """One plain sentence about what happened, in the current language, as ``viewer``
        may hear it (a seat number, :data:`EVERYONE` or :data:`NOBODY`)."""
        raise NotImplementedError

    def to_list(self) -> list[Any]:
        """A JSON-friendly list: the kind, then each field (cards as codes). A last field
        still at its default is left out, as in saves written before it existed (so a save of
        the preset rules reads as it always did; :func:`event_from_list` fills it in again)."""
        out: list[Any] = [self.kind]
        for f in fields(self):
            out.append(_encode(getattr(self, f.name)))
        for f in reversed(fields(self)):
            if f.default is MISSING or out[-1] != f.default:
                break
            out.pop()
        return out

    def __str__(self) -> str:
        # Printed without a viewer: told as to someone at no seat, so no hidden card shows.
        return self.describe(None, NOBODY)


def _encode(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Color):
        return value.value
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


@dataclass(slots=True)
class Dealt(Event):
    """The dealer shuffled and dealt (E-SETUP-1..3)."""

    kind: ClassVar[str] = "dealt"
    dealer: int
    players: int
    hand_size: int

    def describe(self, names, viewer) -> str:
        return ngettext(
            "{dealer} shuffles and deals {n} card to each of the {players} players; the rest form "
            "the draw pile.",
            "{dealer} shuffles and deals {n} cards to each of the {players} players; the rest form "
            "the draw pile.",
            self.hand_size, dealer=_name(names, self.dealer), players=self.players)


@dataclass(slots=True)
class Turned(Event):
    """A card was turned from the draw pile to start the discard pile (E-SETUP-4)."""

    kind: ClassVar[str] = "turned"
    card: Card
    returned: bool  # True when it went back into the draw pile (an action card, E-SETUP-4)

    def describe(self, names, viewer) -> str:
        card, code = self.card.name, self.card.code
        if self.returned:
            return _cap(_("{card} ({code}) is turned over, but it is an action card: it goes back into "
                          "the draw pile, which is reshuffled, and another card is turned.",
                          card=card, code=code))
        return _cap(_("{card} ({code}) is turned over to start the discard pile.", card=card, code=code))


@dataclass(slots=True)
class StartEffect(Event):
    """Classic rules: the first discard's effect applies at the start (C-SETUP-4)."""

    kind: ClassVar[str] = "start_effect"
    card: Card
    seat: int
    # The rules' draw_two_count (E-ACT-2): what a Draw Two turned first makes the first player
    # draw. A save written before the field existed reads as 2, the count of both rule sets.
    draws: int = 2

    def describe(self, names, viewer) -> str:
        who = _name(names, self.seat)
        rank = self.card.rank
        if rank is Rank.DRAW_TWO:
            return ngettext("The first card is a Draw Two: {name} draws {n} card and is skipped.",
                            "The first card is a Draw Two: {name} draws {n} cards and is skipped.",
                            self.draws, name=who)
        if rank is Rank.SKIP:
            return _("The first card is a Skip: {name} is skipped.", name=who)
        if rank is Rank.REVERSE:
            return _("The first card is a Reverse: the dealer, {name}, plays first, counter-clockwise.",
                     name=who)
        return _("The first card is a Wild: {name} chooses the colour and plays.", name=who)


# One whole sentence per case (cards left: 0, 1, more), so nothing is glued together.
_PLAYED = (
    lambda **v: _("{name} plays {card} ({code}); no cards left.", **v),
    lambda **v: _("{name} plays {card} ({code}); one card left.", **v),
    lambda **v: _("{name} plays {card} ({code}).", **v),
)
_PLAYED_WILD = (
    lambda **v: _("{name} plays a {card} and chooses {color}; no cards left.", **v),
    lambda **v: _("{name} plays a {card} and chooses {color}; one card left.", **v),
    lambda **v: _("{name} plays a {card} and chooses {color}.", **v),
)
_PLAYED_SILENCING = (
    lambda **v: _("{name} plays a {card} and chooses {color}, silencing {target}; no cards left.", **v),
    lambda **v: _("{name} plays a {card} and chooses {color}, silencing {target}; one card left.", **v),
    lambda **v: _("{name} plays a {card} and chooses {color}, silencing {target}.", **v),
)


@dataclass(slots=True)
class Played(Event):
    """A player played a card (E-MATCH), with the colour chosen for a wild."""

    kind: ClassVar[str] = "played"
    seat: int
    card: Card
    color: Color | None
    target: int | None
    left: int  # cards left in the hand after the play

    def describe(self, names, viewer) -> str:
        values = {"name": _name(names, self.seat), "card": self.card.name, "code": self.card.code,
                  "color": _color(self.color)}
        left = min(self.left, 2)  # 0, 1 or "more": the sentence only says so for 0 and 1
        if not self.card.is_wild:
            return _PLAYED[left](**values)
        if self.target is None:
            return _PLAYED_WILD[left](**values)
        return _PLAYED_SILENCING[left](target=_name(names, self.target), **values)


# Why cards are drawn -> (drew, drew fewer than wanted, nothing left): whole sentences per
# reason. Translators: {cards} is empty (when the reader may not see the cards) or the drawn
# cards' codes in brackets with a space before, e.g. " (R1 B7)"; keep it right after the count.
_DREW: dict[str, tuple[Callable[..., str], Callable[..., str], Callable[..., str]]] = {
    "draw": (
        lambda n, **v: ngettext("{name} draws {n} card{cards}.",
                                "{name} draws {n} cards{cards}.", n, **v),
        lambda n, **v: ngettext("{name} draws {n} card{cards}; only {n} of {wanted} were left.",
                                "{name} draws {n} cards{cards}; only {n} of {wanted} were left.",
                                n, **v),
        lambda n, **v: ngettext("{name} should draw {n} card, but no card is left to draw.",
                                "{name} should draw {n} cards, but no card is left to draw.",
                                n, **v),
    ),
    "draw_two": (
        lambda n, **v: ngettext("{name} draws {n} card{cards} for the Draw Two.",
                                "{name} draws {n} cards{cards} for the Draw Two.", n, **v),
        lambda n, **v: ngettext("{name} draws {n} card{cards} for the Draw Two; only {n} of {wanted} were left.",
                                "{name} draws {n} cards{cards} for the Draw Two; only {n} of {wanted} were left.",
                                n, **v),
        lambda n, **v: ngettext("{name} should draw {n} card for the Draw Two, but no card is left to draw.",
                                "{name} should draw {n} cards for the Draw Two, but no card is left to draw.",
                                n, **v),
    ),
    "wild_draw_four": (
        lambda n, **v: ngettext("{name} draws {n} card{cards} for the Wild Draw Four.",
                                "{name} draws {n} cards{cards} for the Wild Draw Four.", n, **v),
        lambda n, **v: ngettext("{name} draws {n} card{cards} for the Wild Draw Four; only {n} of {wanted} were left.",
                                "{name} draws {n} cards{cards} for the Wild Draw Four; only {n} of {wanted} were left.",
                                n, **v),
        lambda n, **v: ngettext("{name} should draw {n} card for the Wild Draw Four, but no card is left to draw.",
                                "{name} should draw {n} cards for the Wild Draw Four, but no card is left to draw.",
                                n, **v),
    ),
    "challenge": (
        lambda n, **v: ngettext("{name} draws {n} card{cards} for losing the challenge.",
                                "{name} draws {n} cards{cards} for losing the challenge.", n, **v),
        lambda n, **v: ngettext("{name} draws {n} card{cards} for losing the challenge; only {n} of {wanted} were left.",
                                "{name} draws {n} cards{cards} for losing the challenge; only {n} of {wanted} were left.",
                                n, **v),
        lambda n, **v: ngettext("{name} should draw {n} card for losing the challenge, but no card is left to draw.",
                                "{name} should draw {n} cards for losing the challenge, but no card is left to draw.",
                                n, **v),
    ),
    "guilty": (
        lambda n, **v: ngettext("{name} draws {n} card{cards} as the penalty for an illegal Wild Draw Four.",
                                "{name} draws {n} cards{cards} as the penalty for an illegal Wild Draw Four.", n, **v),
        lambda n, **v: ngettext("{name} draws {n} card{cards} as the penalty for an illegal Wild Draw Four; only {n} of {wanted} were left.",
                                "{name} draws {n} cards{cards} as the penalty for an illegal Wild Draw Four; only {n} of {wanted} were left.",
                                n, **v),
        lambda n, **v: ngettext("{name} should draw {n} card as the penalty for an illegal Wild Draw Four, but no card is left to draw.",
                                "{name} should draw {n} cards as the penalty for an illegal Wild Draw Four, but no card is left to draw.",
                                n, **v),
    ),
    "uno": (
        lambda n, **v: ngettext("{name} draws {n} card{cards} for not saying UNO.",
                                "{name} draws {n} cards{cards} for not saying UNO.", n, **v),
        lambda n, **v: ngettext("{name} draws {n} card{cards} for not saying UNO; only {n} of {wanted} were left.",
                                "{name} draws {n} cards{cards} for not saying UNO; only {n} of {wanted} were left.",
                                n, **v),
        lambda n, **v: ngettext("{name} should draw {n} card for not saying UNO, but no card is left to draw.",
                                "{name} should draw {n} cards for not saying UNO, but no card is left to draw.",
                                n, **v),
    ),
    "talk": (
        lambda n, **v: ngettext("{name} draws {n} card{cards} for talking while silenced.",
                                "{name} draws {n} cards{cards} for talking while silenced.", n, **v),
        lambda n, **v: ngettext("{name} draws {n} card{cards} for talking while silenced; only {n} of {wanted} were left.",
                                "{name} draws {n} cards{cards} for talking while silenced; only {n} of {wanted} were left.",
                                n, **v),
        lambda n, **v: ngettext("{name} should draw {n} card for talking while silenced, but no card is left to draw.",
                                "{name} should draw {n} cards for talking while silenced, but no card is left to draw.",
                                n, **v),
    ),
    "stack": (  # H-STACK
        lambda n, **v: ngettext("{name} draws {n} card{cards} for the stack.",
                                "{name} draws {n} cards{cards} for the stack.", n, **v),
        lambda n, **v: ngettext("{name} draws {n} card{cards} for the stack; only {n} of {wanted} were left.",
                                "{name} draws {n} cards{cards} for the stack; only {n} of {wanted} were left.",
                                n, **v),
        lambda n, **v: ngettext("{name} should draw {n} card for the stack, but no card is left to draw.",
                                "{name} should draw {n} cards for the stack, but no card is left to draw.",
                                n, **v),
    ),
    "start": (
        lambda n, **v: ngettext("{name} draws {n} card{cards} for the Draw Two turned at the start.",
                                "{name} draws {n} cards{cards} for the Draw Two turned at the start.", n, **v),
        lambda n, **v: ngettext("{name} draws {n} card{cards} for the Draw Two turned at the start; only {n} of {wanted} were left.",
                                "{name} draws {n} cards{cards} for the Draw Two turned at the start; only {n} of {wanted} were left.",
                                n, **v),
        lambda n, **v: ngettext("{name} should draw {n} card for the Draw Two turned at the start, but no card is left to draw.",
                                "{name} should draw {n} cards for the Draw Two turned at the start, but no card is left to draw.",
                                n, **v),
    ),
}


@dataclass(slots=True)
class Drew(Event):
    """A player drew cards, by choice or as a penalty; ``reason`` says which."""

    kind: ClassVar[str] = "drew"
    seat: int
    cards: tuple[Card, ...]
    wanted: int
    reason: str  # draw, draw_two, wild_draw_four, challenge, guilty, uno, talk, start, stack

    def describe(self, names, viewer) -> str:
        drew, short, nothing = _DREW.get(self.reason, _DREW["draw"])
        who = _name(names, self.seat)
        if not self.cards:
            return nothing(self.wanted, name=who)
        shown = sees(viewer, self.seat)
        cards = f" ({_codes(self.cards)})" if shown else ""
        if len(self.cards) < self.wanted:
            return short(len(self.cards), name=who, cards=cards, wanted=self.wanted)
        return drew(len(self.cards), name=who, cards=cards)


@dataclass(slots=True)
class Kept(Event):
    """After drawing a playable card, the player kept it (E-DRAW-2)."""

    kind: ClassVar[str] = "kept"
    seat: int

    def describe(self, names, viewer) -> str:
        return _("{name} keeps the drawn card.", name=_name(names, self.seat))


@dataclass(slots=True)
class Skipped(Event):
    """A player lost their turn (Skip, Draw Two, Wild Draw Four, a lost challenge)."""

    kind: ClassVar[str] = "skipped"
    seat: int

    def describe(self, names, viewer) -> str:
        return _("{name} loses their turn.", name=_name(names, self.seat))


@dataclass(slots=True)
class Reversed(Event):
    """The direction of play changed (E-ACT-3)."""

    kind: ClassVar[str] = "reversed"
    direction: int
    acts_as_skip: bool

    def describe(self, names, viewer) -> str:
        if self.direction == 1:
            if self.acts_as_skip:
                return _("Play now goes clockwise; with two players the Reverse acts like a Skip.")
            return _("Play now goes clockwise.")
        if self.acts_as_skip:
            return _("Play now goes counter-clockwise; with two players the Reverse acts like a Skip.")
        return _("Play now goes counter-clockwise.")


@dataclass(slots=True)
class Passed(Event):
    """Nothing could be played and nothing was left to draw (E-DRAW-3)."""

    kind: ClassVar[str] = "passed"
    seat: int

    def describe(self, names, viewer) -> str:
        return _("{name} cannot play and there is nothing to draw, so they pass.",
                 name=_name(names, self.seat))


@dataclass(slots=True)
class Accepted(Event):
    """The next player accepted a Wild Draw Four (E-WD4-3)."""

    kind: ClassVar[str] = "accepted"
    seat: int

    def describe(self, names, viewer) -> str:
        return _("{name} accepts the Wild Draw Four.", name=_name(names, self.seat))


@dataclass(slots=True)
class Challenged(Event):
    """A Wild Draw Four was challenged; the hand was shown (E-WD4-4, E-WD4-5)."""

    kind: ClassVar[str] = "challenged"
    seat: int
    player: int
    hand: tuple[Card, ...]
    previous_color: Color | None
    honest: bool

    def describe(self, names, viewer) -> str:
        v = {"name": _name(names, self.seat), "player": _name(names, self.player),
             "cards": _codes(self.hand), "color": _color(self.previous_color)}
        # One whole sentence per case: honest or not; a colour in force or none yet (classic,
        # a Wild turned first); cards shown or an empty hand. The hand is shown to the
        # challenger (the seeds: "shows them", "the challenger checks"), so a third player or a
        # spectator hears the outcome without the cards.
        if self.hand and not sees(viewer, self.seat, self.player):
            return self._describe_unseen(v)
        if self.previous_color is not None and self.hand:
            if self.honest:
                return _("{name} challenges {player}, who shows {cards}: no card matched {color}: the Wild "
                         "Draw Four was legal.", **v)
            return _("{name} challenges {player}, who shows {cards}: a card matched {color}: the Wild Draw "
                     "Four was not legal.", **v)
        if self.previous_color is not None:
            if self.honest:
                return _("{name} challenges {player}, who shows no cards: no card matched {color}: the Wild "
                         "Draw Four was legal.", **v)
            return _("{name} challenges {player}, who shows no cards: a card matched {color}: the Wild "
                     "Draw Four was not legal.", **v)
        # No colour in force yet: any coloured card would have matched (C-WD4-2).
        if self.hand:
            if self.honest:
                return _("{name} challenges {player}, who shows {cards}: no colour was chosen yet and no card "
                         "has a colour: the Wild Draw Four was legal.", **v)
            return _("{name} challenges {player}, who shows {cards}: no colour was chosen yet, so any "
                     "coloured card matched: the Wild Draw Four was not legal.", **v)
        if self.honest:
            return _("{name} challenges {player}, who shows no cards: no colour was chosen yet and no card "
                     "has a colour: the Wild Draw Four was legal.", **v)
        return _("{name} challenges {player}, who shows no cards: no colour was chosen yet, so any "
                 "coloured card matched: the Wild Draw Four was not legal.", **v)

    def _describe_unseen(self, v: dict[str, str]) -> str:
        """The sentence for a seat that was not shown the hand."""
        if self.previous_color is not None:
            if self.honest:
                return _("{name} challenges {player}, who shows their hand to {name}: no card matched "
                         "{color}: the Wild Draw Four was legal.", **v)
            return _("{name} challenges {player}, who shows their hand to {name}: a card matched {color}: "
                     "the Wild Draw Four was not legal.", **v)
        if self.honest:
            return _("{name} challenges {player}, who shows their hand to {name}: no colour was chosen yet "
                     "and no card has a colour: the Wild Draw Four was legal.", **v)
        return _("{name} challenges {player}, who shows their hand to {name}: no colour was chosen yet, so "
                 "any coloured card matched: the Wild Draw Four was not legal.", **v)


@dataclass(slots=True)
class TookBack(Event):
    """Classic rules: the guilty player took the Wild Draw Four back (C-WD4-5)."""

    kind: ClassVar[str] = "took_back"
    seat: int
    top: Card

    def describe(self, names, viewer) -> str:
        return _("{name} takes the Wild Draw Four back; {card} ({code}) is on top again.",
                 name=_name(names, self.seat), card=self.top.name, code=self.top.code)


@dataclass(slots=True)
class SaidUno(Event):
    """A player said UNO; ``counted`` is False when it was not the moment (E-UNO-5)."""

    kind: ClassVar[str] = "said_uno"
    seat: int
    counted: bool

    def describe(self, names, viewer) -> str:
        who = _name(names, self.seat)
        if self.counted:
            return _('{name} says "UNO!"', name=who)
        return _('{name} says "UNO!", but it counts for nothing now.', name=who)


@dataclass(slots=True)
class CaughtOut(Event):
    """A player called out another for not saying UNO (E-UNO-2, E-UNO-3)."""

    kind: ClassVar[str] = "caught"
    caller: int
    target: int
    penalized: bool

    def describe(self, names, viewer) -> str:
        caller, target = _name(names, self.caller), _name(names, self.target)
        if self.penalized:
            return _("{name} catches {target} not saying UNO.", name=caller, target=target)
        return _("{name} calls out {target}, but there is nothing to catch: no penalty.",
                 name=caller, target=target)


@dataclass(slots=True)
class Talked(Event):
    """A player talked; a silenced player pays the penalty (E-WDT-2)."""

    kind: ClassVar[str] = "talked"
    seat: int
    silenced: bool

    def describe(self, names, viewer) -> str:
        who = _name(names, self.seat)
        if self.silenced:
            return _("{name} talks while silenced by a Wild Don't Talk.", name=who)
        return _("{name} talks.", name=who)


@dataclass(slots=True)
class Silenced(Event):
    """A Wild Don't Talk silenced a player (E-WDT-2, E-WDT-5)."""

    kind: ClassVar[str] = "silenced"
    seat: int
    by: int

    def describe(self, names, viewer) -> str:
        return _("{name} may not talk until someone says UNO.", name=_name(names, self.seat))


@dataclass(slots=True)
class SilenceEnded(Event):
    """The Wild Don't Talk silence ended because someone said UNO (E-WDT-3, E-WDT-4)."""

    kind: ClassVar[str] = "silence_ended"
    seat: int

    def describe(self, names, viewer) -> str:
        return _("{name} may talk again: someone said UNO.", name=_name(names, self.seat))


@dataclass(slots=True)
class Reshuffled(Event):
    """The discard pile, except its top card, became the new draw pile (E-DRAW-3)."""

    kind: ClassVar[str] = "reshuffled"
    count: int

    def describe(self, names, viewer) -> str:
        return ngettext("The draw pile is empty: {n} card from the discard pile is shuffled into a new "
                        "draw pile.",
                        "The draw pile is empty: {n} cards from the discard pile are shuffled into a new "
                        "draw pile.", self.count)


@dataclass(slots=True)
class Won(Event):
    """A player played their last card and won the hand (E-WIN, E-SCORE)."""

    kind: ClassVar[str] = "won"
    seat: int
    points: int

    def describe(self, names, viewer) -> str:
        return ngettext("{name} wins the hand, scoring {n} point.", "{name} wins the hand, scoring {n} points.",
                        self.points, name=_name(names, self.seat))


@dataclass(slots=True)
class Stacked(Event):
    """H-STACK: a Draw Two or Wild Draw Four was played; ``seat`` stacks one on it or draws
    the ``total``."""

    kind: ClassVar[str] = "stacked"
    seat: int
    total: int

    def describe(self, names, viewer) -> str:
        return ngettext("House rule stacking: {name} may stack the same card on it, or draws {n} card.",
                        "House rule stacking: {name} may stack the same card on it, or draws {n} cards.",
                        self.total, name=_name(names, self.seat))


@dataclass(slots=True)
class JumpedIn(Event):
    """H-JUMP: a player played a card identical to the top card out of turn."""

    kind: ClassVar[str] = "jumped_in"
    seat: int
    card: Card
    instead_of: int  # the seat whose turn it was

    def describe(self, names, viewer) -> str:
        return _("House rule jump-in: {name} jumps in with {card} ({code}), before {player}.",
                 name=_name(names, self.seat), card=self.card.name, code=self.card.code,
                 player=_name(names, self.instead_of))


@dataclass(slots=True)
class Swapped(Event):
    """H-SEVEN-ZERO: a 7 was played and its player swapped hands with ``target``."""

    kind: ClassVar[str] = "swapped"
    seat: int
    target: int

    def describe(self, names, viewer) -> str:
        return _("House rule seven-zero: {name} swaps hands with {target}.", name=_name(names, self.seat),
                 target=_name(names, self.target))


@dataclass(slots=True)
class Rotated(Event):
    """H-SEVEN-ZERO: a 0 was played and every hand passed one seat on."""

    kind: ClassVar[str] = "rotated"
    direction: int

    def describe(self, names, viewer) -> str:
        if self.direction == 1:
            return _("House rule seven-zero: every hand passes one seat on, clockwise.")
        return _("House rule seven-zero: every hand passes one seat on, counter-clockwise.")


@dataclass(slots=True)
class DrewNothingPlayable(Event):
    """H-DRAW-UNTIL: the draw pile ran out before a playable card came."""

    kind: ClassVar[str] = "drew_nothing_playable"
    seat: int

    def describe(self, names, viewer) -> str:
        return _("House rule draw until playable: no card is left to draw and none of them can be played, "
                 "so {name}'s turn ends.", name=_name(names, self.seat))


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (
        Dealt, Turned, StartEffect, Played, Drew, Kept, Skipped, Reversed, Passed, Accepted,
        Challenged, TookBack, SaidUno, CaughtOut, Talked, Silenced, SilenceEnded, Reshuffled, Won,
        Stacked, JumpedIn, Swapped, Rotated, DrewNothingPlayable,
    )
}


def event_from_list(data: Sequence[Any]) -> Event:
    """Rebuild an event from ``Event.to_list()`` output."""
    cls = EVENT_TYPES[data[0]]
    values = []
    for f, raw in zip(fields(cls), data[1:]):
        values.append(_decode(f.type, raw))
    return cls(*values)


def _decode(type_name: Any, raw: Any) -> Any:
    text = str(type_name)
    if raw is None:
        return None
    if text.startswith("tuple[Card"):
        return tuple(Card.parse(c) for c in raw)
    if text.startswith("Card"):
        return Card.parse(raw)
    if text.startswith("Color"):
        return Color(raw)
    return raw

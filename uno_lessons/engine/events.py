"""The event log: every action appends events that describe themselves in plain English."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from .cards import Card, Color

#: Names used when a game is made from a player count: A, B, C… so seat 0 is Ana.
DEFAULT_NAMES = ("Ana", "Ben", "Caro", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jo")


def default_names(count: int) -> list[str]:
    """Seat names for a game of ``count`` players: Ana, Ben, Caro…"""
    return [DEFAULT_NAMES[i] if i < len(DEFAULT_NAMES) else f"Seat {i}" for i in range(count)]


def _name(names: Sequence[str] | None, seat: int) -> str:
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return DEFAULT_NAMES[seat] if 0 <= seat < len(DEFAULT_NAMES) else f"Seat {seat}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _codes(cards: Sequence[Card]) -> str:
    return " ".join(c.code for c in cards)


def _n_cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


@dataclass(slots=True)
class Event:
    """Base of all events. ``describe(names, viewer)`` is one sentence; hidden cards stay
    hidden when ``viewer`` is a seat that should not see them (None means a teacher's view)."""

    kind: ClassVar[str] = "event"

    def describe(self, names: Sequence[str] | None = None, viewer: int | None = None) -> str:
        """One plain English sentence about what happened."""
        raise NotImplementedError

    def to_list(self) -> list[Any]:
        """A JSON-friendly list: the kind, then each field (cards as codes)."""
        out: list[Any] = [self.kind]
        for f in fields(self):
            out.append(_encode(getattr(self, f.name)))
        return out

    def __str__(self) -> str:
        return self.describe()


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

    def describe(self, names=None, viewer=None) -> str:
        return (
            f"{_name(names, self.dealer)} shuffles and deals {_n_cards(self.hand_size)} to each "
            f"of the {self.players} players; the rest form the draw pile."
        )


@dataclass(slots=True)
class Turned(Event):
    """A card was turned from the draw pile to start the discard pile (E-SETUP-4)."""

    kind: ClassVar[str] = "turned"
    card: Card
    returned: bool  # True when it went back into the draw pile (an action card, E-SETUP-4)

    def describe(self, names=None, viewer=None) -> str:
        if self.returned:
            return (
                f"{_cap(self.card.name)} ({self.card.code}) is turned over, but it is an action card: "
                "it goes back into the draw pile, which is reshuffled, and another card is turned."
            )
        return f"{_cap(self.card.name)} ({self.card.code}) is turned over to start the discard pile."


@dataclass(slots=True)
class StartEffect(Event):
    """Classic rules: the first discard's effect applies at the start (C-SETUP-4)."""

    kind: ClassVar[str] = "start_effect"
    card: Card
    seat: int

    def describe(self, names=None, viewer=None) -> str:
        who = _name(names, self.seat)
        rank = self.card.rank.label
        if rank == "Draw Two":
            return f"The first card is a Draw Two: {who} draws two cards and is skipped."
        if rank == "Skip":
            return f"The first card is a Skip: {who} is skipped."
        if rank == "Reverse":
            return f"The first card is a Reverse: the dealer, {who}, plays first, counter-clockwise."
        return f"The first card is a Wild: {who} chooses the colour and plays."


@dataclass(slots=True)
class Played(Event):
    """A player played a card (E-MATCH), with the colour chosen for a wild."""

    kind: ClassVar[str] = "played"
    seat: int
    card: Card
    color: Color | None
    target: int | None
    left: int  # cards left in the hand after the play

    def describe(self, names=None, viewer=None) -> str:
        who = _name(names, self.seat)
        if self.card.is_wild:
            text = f"{who} plays a {self.card.name} and chooses {self.color.label if self.color else '?'}"
            if self.target is not None:
                text += f", silencing {_name(names, self.target)}"
        else:
            text = f"{who} plays {self.card.name} ({self.card.code})"
        if self.left == 1:
            text += "; one card left"
        elif self.left == 0:
            text += "; no cards left"
        return text + "."


@dataclass(slots=True)
class Drew(Event):
    """A player drew cards, by choice or as a penalty; ``reason`` says which."""

    kind: ClassVar[str] = "drew"
    seat: int
    cards: tuple[Card, ...]
    wanted: int
    reason: str  # draw, draw_two, wild_draw_four, challenge, guilty, uno, talk, start

    _WHY: ClassVar[dict[str, str]] = {
        "draw": "",
        "draw_two": " for the Draw Two",
        "wild_draw_four": " for the Wild Draw Four",
        "challenge": " for losing the challenge",
        "guilty": " as the penalty for an illegal Wild Draw Four",
        "uno": " for not saying UNO",
        "talk": " for talking while silenced",
        "start": " for the Draw Two turned at the start",
    }

    def describe(self, names=None, viewer=None) -> str:
        who = _name(names, self.seat)
        why = self._WHY.get(self.reason, "")
        if not self.cards:
            return f"{who} should draw {_n_cards(self.wanted)}{why}, but no card is left to draw."
        shown = viewer is None or viewer == self.seat
        what = f" ({_codes(self.cards)})" if shown else ""
        text = f"{who} draws {_n_cards(len(self.cards))}{what}{why}"
        if len(self.cards) < self.wanted:
            text += f"; only {len(self.cards)} of {self.wanted} were left"
        return text + "."


@dataclass(slots=True)
class Kept(Event):
    """After drawing a playable card, the player kept it (E-DRAW-2)."""

    kind: ClassVar[str] = "kept"
    seat: int

    def describe(self, names=None, viewer=None) -> str:
        return f"{_name(names, self.seat)} keeps the drawn card."


@dataclass(slots=True)
class Skipped(Event):
    """A player lost their turn (Skip, Draw Two, Wild Draw Four, a lost challenge)."""

    kind: ClassVar[str] = "skipped"
    seat: int

    def describe(self, names=None, viewer=None) -> str:
        return f"{_name(names, self.seat)} loses their turn."


@dataclass(slots=True)
class Reversed(Event):
    """The direction of play changed (E-ACT-3)."""

    kind: ClassVar[str] = "reversed"
    direction: int
    acts_as_skip: bool

    def describe(self, names=None, viewer=None) -> str:
        way = "clockwise" if self.direction == 1 else "counter-clockwise"
        if self.acts_as_skip:
            return f"Play now goes {way}; with two players the Reverse acts like a Skip."
        return f"Play now goes {way}."


@dataclass(slots=True)
class Passed(Event):
    """Nothing could be played and nothing was left to draw (E-DRAW-3)."""

    kind: ClassVar[str] = "passed"
    seat: int

    def describe(self, names=None, viewer=None) -> str:
        return f"{_name(names, self.seat)} cannot play and there is nothing to draw, so they pass."


@dataclass(slots=True)
class Accepted(Event):
    """The next player accepted a Wild Draw Four (E-WD4-3)."""

    kind: ClassVar[str] = "accepted"
    seat: int

    def describe(self, names=None, viewer=None) -> str:
        return f"{_name(names, self.seat)} accepts the Wild Draw Four."


@dataclass(slots=True)
class Challenged(Event):
    """A Wild Draw Four was challenged; the hand was shown (E-WD4-4, E-WD4-5)."""

    kind: ClassVar[str] = "challenged"
    seat: int
    player: int
    hand: tuple[Card, ...]
    previous_color: Color | None
    honest: bool

    def describe(self, names=None, viewer=None) -> str:
        who, player = _name(names, self.seat), _name(names, self.player)
        color = self.previous_color.label if self.previous_color else "in force"
        shown = _codes(self.hand) or "no cards"
        if self.honest:
            verdict = f"no card matched {color}: the Wild Draw Four was legal"
        else:
            verdict = f"a card matched {color}: the Wild Draw Four was not legal"
        return f"{who} challenges {player}, who shows {shown}: {verdict}."


@dataclass(slots=True)
class TookBack(Event):
    """Classic rules: the guilty player took the Wild Draw Four back (C-WD4-5)."""

    kind: ClassVar[str] = "took_back"
    seat: int
    top: Card

    def describe(self, names=None, viewer=None) -> str:
        return (
            f"{_name(names, self.seat)} takes the Wild Draw Four back; "
            f"{self.top.name} ({self.top.code}) is on top again."
        )


@dataclass(slots=True)
class SaidUno(Event):
    """A player said UNO; ``counted`` is False when it was not the moment (E-UNO-5)."""

    kind: ClassVar[str] = "said_uno"
    seat: int
    counted: bool

    def describe(self, names=None, viewer=None) -> str:
        who = _name(names, self.seat)
        if self.counted:
            return f'{who} says "UNO!"'
        return f'{who} says "UNO!", but it counts for nothing now.'


@dataclass(slots=True)
class CaughtOut(Event):
    """A player called out another for not saying UNO (E-UNO-2, E-UNO-3)."""

    kind: ClassVar[str] = "caught"
    caller: int
    target: int
    penalized: bool

    def describe(self, names=None, viewer=None) -> str:
        caller, target = _name(names, self.caller), _name(names, self.target)
        if self.penalized:
            return f"{caller} catches {target} not saying UNO."
        return f"{caller} calls out {target}, but there is nothing to catch: no penalty."


@dataclass(slots=True)
class Talked(Event):
    """A player talked; a silenced player pays the penalty (E-WDT-2)."""

    kind: ClassVar[str] = "talked"
    seat: int
    silenced: bool

    def describe(self, names=None, viewer=None) -> str:
        who = _name(names, self.seat)
        if self.silenced:
            return f"{who} talks while silenced by a Wild Don't Talk."
        return f"{who} talks."


@dataclass(slots=True)
class Silenced(Event):
    """A Wild Don't Talk silenced a player (E-WDT-2, E-WDT-5)."""

    kind: ClassVar[str] = "silenced"
    seat: int
    by: int

    def describe(self, names=None, viewer=None) -> str:
        return f"{_name(names, self.seat)} may not talk until someone says UNO."


@dataclass(slots=True)
class SilenceEnded(Event):
    """The Wild Don't Talk silence ended because someone said UNO (E-WDT-3, E-WDT-4)."""

    kind: ClassVar[str] = "silence_ended"
    seat: int

    def describe(self, names=None, viewer=None) -> str:
        return f"{_name(names, self.seat)} may talk again: someone said UNO."


@dataclass(slots=True)
class Reshuffled(Event):
    """The discard pile, except its top card, became the new draw pile (E-DRAW-3)."""

    kind: ClassVar[str] = "reshuffled"
    count: int

    def describe(self, names=None, viewer=None) -> str:
        verb = "is" if self.count == 1 else "are"
        return (f"The draw pile is empty: {_n_cards(self.count)} from the discard pile {verb} "
                "shuffled into a new draw pile.")


@dataclass(slots=True)
class Won(Event):
    """A player played their last card and won the hand (E-WIN, E-SCORE)."""

    kind: ClassVar[str] = "won"
    seat: int
    points: int

    def describe(self, names=None, viewer=None) -> str:
        return f"{_name(names, self.seat)} wins the hand, scoring {self.points} points."


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (
        Dealt, Turned, StartEffect, Played, Drew, Kept, Skipped, Reversed, Passed, Accepted,
        Challenged, TookBack, SaidUno, CaughtOut, Talked, Silenced, SilenceEnded, Reshuffled, Won,
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

"""A table's position: its config replayed record by record into a match and a hand.

:class:`TableState` is the referee. ``apply(record)`` accepts a record only if it is legal
at the newest position (the engine's rules, plus the table's own: whose seat is free, when
the next hand may be dealt) and otherwise raises ``IllegalMove`` or ``TableError`` with
nothing changed. Every page replays the same records, so every page holds the same state.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import events as ev
from ..engine.asides import Catch, JumpIn, SayUno, Talk
from ..engine.game import Game
from ..engine.moves import IllegalMove, Move
from ..engine.scoring import Match
from ..i18n import _
from .config import TableClosed, TableConfig, TableError, clean_name
from .kinds import SeatKind
from .records import Close, Deal, Join, Moved, Record, Seated, Speed, decode, encode, kind_of


class TableState:
    """The match at a table after ``seq`` records: the hand in play (``game``), the seat
    kinds and names, which learner seats are taken, whether the teacher closed the table, the
    hand-size history for charts, and ``log``, the stored text of every record applied (so
    a replica can be compared with the store, and rewound without it)."""

    def __init__(self, config: TableConfig) -> None:
        self.config = config
        self.names = list(config.names)
        self.kinds = list(config.seats)
        self.claimed: set[int] = set()
        self.speed = "normal"
        self.closed = False
        self.seq = 0
        self.log: list[str] = []
        self.match = Match(list(self.names), rules=config.rules, seed=config.seed)
        if config.start is not None:
            try:
                game = Game.from_json(config.start)
            except ValueError as exc:  # unreadable, or a save that fails check_game (issue 13)
                raise TableError(_("The starting position is not a possible game: {reason}",
                                   reason=str(exc))) from exc
            if game.players != len(self.names):
                raise TableError(_("The starting position has {n} seats, the table {m}.",
                                   n=game.players, m=len(self.names)))
        else:
            game = self.match.new_hand()
        self._begin(game)

    @classmethod
    def replay(cls, config: TableConfig, records: Sequence[Record | str], code: str = "") -> TableState:
        """The state after ``records`` (decoded, or as the store keeps them); TableError naming
        the table and the first record that does not replay (a table edited by hand, or
        written by another version), never a traceback of engine internals."""
        try:
            state = cls(config)
        except TableError as exc:  # a starting position that is not a saved game of this table
            raise TableError(_(
                "Table {code} cannot be opened: its settings do not make a game. {reason} The "
                "table was probably edited by hand or written by another version of uno_lessons; "
                "start a new table.", code=code, reason=str(exc))) from exc
        for number, rec in enumerate(records, 1):
            try:
                if isinstance(rec, (str, bytes)):
                    state.apply(decode(rec), text=rec if isinstance(rec, str) else rec.decode())
                else:
                    state.apply(rec)
            except (IllegalMove, TableError) as exc:
                raise TableError(_(
                    "Table {code} cannot be replayed: record {number} ({record}) does not fit "
                    "there. {reason} The table was probably edited by hand or written by another "
                    "version of uno_lessons; start a new table.",
                    code=code, number=number, record=str(rec)[:60], reason=str(exc))) from exc
        return state

    def rewound(self, seq: int) -> TableState:
        """This table as it was after its first ``seq`` records, replayed from this replica's
        own log (no store needed: the way back after a write the store did not take)."""
        return TableState.replay(self.config, self.log[:seq])

    # ------------------------------------------------------------------ reading
    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.names)

    @property
    def hand_number(self) -> int:
        """Which hand of the match is on the table (1 for the first)."""
        return len(self.match.results) + (0 if self.recorded else 1)

    def is_bot(self, seat: int | None) -> bool:
        """Whether a bot plays ``seat`` now."""
        return seat is not None and self.kinds[seat] != SeatKind.HUMAN

    def free_seats(self) -> list[int]:
        """Learner seats nobody has taken yet."""
        return [s for s, k in enumerate(self.kinds) if k == SeatKind.HUMAN and s not in self.claimed]

    def catchable(self, target: int) -> bool:
        """Whether calling out ``target`` now would cost them cards (E-UNO-2, E-UNO-4)."""
        g = self.game
        return (g.winner is None and g.uno_window == target and len(g.hands[target]) == 1
                and target not in g.uno_said)

    def jump_ins_of(self, seat: int) -> list[Move]:
        """H-JUMP: the out-of-turn plays ``seat`` could make now (none while a bot plays it,
        the table is closed or the hand is over); only ``seat``'s own, never another's."""
        g = self.game
        if self.closed or g.winner is not None or self.is_bot(seat):
            return []
        return [m for s, m in g.jump_ins() if s == seat]

    def mover_since(self, seq: int) -> tuple[str, int] | None:
        """The last move made after the first ``seq`` records, as (record kind, seat):
        ``("move", seat)`` or ``("jump", seat)``; None if nobody moved since."""
        for text in reversed(self.log[seq:]):
            rec = decode(text)
            if isinstance(rec, (Moved, JumpIn)):
                return kind_of(rec), rec.seat
        return None

    def last_catch_of(self, target: int) -> int | None:
        """The seat that last caught ``target`` in this hand, if anyone did."""
        for e in reversed(self.game.events):
            if isinstance(e, ev.CaughtOut) and e.target == target and e.penalized:
                return e.caller
        return None

    def caught_since_last_move(self, target: int) -> int | None:
        """The seat that caught ``target`` since the last move (the catch window just
        closed by that catch), if anyone did: a later call-out is a click that lost a race."""
        caught = self.window_catch
        return caught[1] if caught is not None and caught[0] == target else None

    # ------------------------------------------------------------------ changing
    def apply(self, record: Record, text: str | None = None) -> list[ev.Event]:
        """Apply one record if it is legal now and return the events it caused; otherwise
        raise IllegalMove / TableError with the state unchanged. ``text`` is the record as
        stored, when the caller has it (else it is encoded here)."""
        g = self.game
        before = len(g.events)
        moved = False
        if self.closed:
            raise TableClosed(_("This table is closed: the teacher ended the game."))
        if type(record) is Moved:
            seat = record.seat
            if g.winner is None and seat != g.current_player:
                raise IllegalMove(_("It is {name}'s turn, not {other}'s.",
                                    name=self.names[g.current_player], other=self._name(seat)))
            g.apply(record.move)
            moved = True
        elif isinstance(record, (JumpIn, SayUno, Catch, Talk)):
            # Out of turn by their nature (a jump-in is a move): the engine checks the rest.
            self._seat(record.seat)
            if type(record) is Catch:
                self._seat(record.target)
            g.act(record)
            moved = type(record) is JumpIn
        elif type(record) is Deal:
            self._deal()
        elif type(record) is Join:
            self._join(self._seat(record.seat), record.name)
        elif type(record) is Seated:
            seat = self._seat(record.seat)
            if record.kind == SeatKind.LEARNED:
                self.config.policy(seat)  # TableError unless its learned bot came with the table
            self.kinds[seat] = record.kind
        elif type(record) is Speed:
            self.speed = record.key
        elif type(record) is Close:
            self.closed = True
        else:
            raise TableError(_("“{kind}” is not something that can happen at a table.", kind=str(record)[:40]))
        self.seq += 1
        self.log.append(encode(record) if text is None else text)
        new = self.game.events[before:] if self.game is g else []
        if self.game is g:
            self._after(new, moved)
        return new

    def _name(self, seat: int) -> str:
        return self.names[seat] if isinstance(seat, int) and 0 <= seat < len(self.names) else "?"

    def _seat(self, seat: int) -> int:
        if not isinstance(seat, int) or not 0 <= seat < len(self.names):
            raise TableError(_("There is no seat {seat}: the seats are 0 to {last}.",
                               seat=seat, last=len(self.names) - 1))
        return seat

    def _deal(self) -> None:
        if self.game.winner is None:
            raise IllegalMove(_("The next hand can be dealt once this hand is over."))
        if (winner := self.match.winner) is not None:  # the match is over
            raise IllegalMove(_("The match is over: {name} reached {target} points.",
                                name=self.names[winner], target=self.config.rules.target_score))
        game = self.match.new_hand()
        game.names = self.names
        self._begin(game)

    def _join(self, seat: int, name: str) -> None:
        if self.kinds[seat] != SeatKind.HUMAN:
            raise TableError(_("Seat {seat} is played by a bot; choose a learner's seat.", seat=seat))
        if seat in self.claimed:
            raise TableError(_("Seat {seat} is already taken by {name}.", seat=seat, name=self.names[seat]))
        name = clean_name(name)
        self.claimed.add(seat)
        self.names[seat] = name
        self.match.players[seat] = name

    def _begin(self, game: Game) -> None:
        """Make ``game`` the hand on the table (names shared, so a join renames it too)."""
        game.names = self.names
        self.game = game
        self.recorded = False
        self.skipped: int | None = None
        self.window_catch: tuple[int, int] | None = None  # (target, caller) since the last move
        self.history: list[tuple[int, ...]] = [self._sizes()]

    def _sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self.game.hands)

    def _after(self, new: list[ev.Event], moved: bool) -> None:
        for e in new:
            if isinstance(e, ev.CaughtOut) and e.penalized:
                self.window_catch = (e.target, e.caller)
        if moved:
            self.window_catch = None
            skipped = [e.seat for e in new if isinstance(e, ev.Skipped)]
            self.skipped = skipped[-1] if skipped else None
        sizes = self._sizes()
        if moved or sizes != self.history[-1]:
            self.history.append(sizes)
        if self.game.winner is not None and not self.recorded:
            self.recorded = True
            self.match.record(self.game)

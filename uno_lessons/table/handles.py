"""A page's hold on a table: a seat, a spectator or the teacher, each allowed only its own.

A handle keeps a replica of the table (a :class:`TableState`) in step with the store. Every
action is checked at the newest position and stored with compare-and-append; when another
page wrote first, the handle reloads, checks again at the new position and either stores
its record there or raises ``IllegalMove`` saying why (so of two learners who click Catch
at the same moment, exactly one catches and the other is told who was faster).

When the store cannot take a write (locked, away, full), the replica goes back to what the
store holds (replayed from its own log, which needs no store) and the action raises
:class:`~.config.StoreError`: the page says so and the same click works once the store is
back. A replica checks the content of its newest record against the store's, not only the
count, so a page that ever ran ahead (or a store that lost a write) is noticed and reloaded.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..engine import events as ev
from ..engine.asides import Catch, JumpIn, SayUno, Talk
from ..engine.cards import Card
from ..engine.moves import IllegalMove, Move
from ..i18n import _
from .bots import bot_records
from .config import TableError
from .faults import StoreError, write_failed
from .kinds import BOT_KINDS, Role, SeatKind
from .records import SPEEDS, Close, Deal, Moved, Record, Seated, Speed, decode, encode
from .state import TableState
from .views import TableView, table_view

if TYPE_CHECKING:
    from .store import Store

#: How often an action is retried after losing a race before giving up.
RETRIES = 25


class TableHandle:
    """What every page can do: keep up with the table, wait for news, let bots move."""

    role = Role.SPECTATOR

    def __init__(self, store: Store, code: str, state: TableState) -> None:
        self.store = store
        self.code = code
        self.state = state

    @property
    def seq(self) -> int:
        """How many records this page has applied (moves and table actions so far)."""
        return self.state.seq

    def sync(self) -> int:
        """Apply the records stored since the last look; returns how many arrived (or, when
        the replica no longer agrees with the store and was rebuilt, at least 1)."""
        state = self.state
        before = state.seq
        # One read: this replica's newest record and whatever came after it.
        texts = self.store.records(self.code, before - 1 if before else 0)
        if before:
            if not texts or texts[0] != state.log[-1]:
                self.reload()  # the store holds another story: take the store's
                return max(1, abs(self.state.seq - before))
            texts = texts[1:]
        for text in texts:
            try:
                state.apply(decode(text), text)
            except (IllegalMove, TableError):
                self.reload()  # raises TableError with the full story if it does not replay
                break
        return max(0, self.state.seq - before)

    def reload(self) -> None:
        """Rebuild the table from the store (after this page's replica ran ahead of it)."""
        self.state = self.store.load(self.code)

    def wait(self, seq: int, timeout: float = 10.0) -> bool:
        """Return when the table has more than ``seq`` records (True) or after ``timeout``
        seconds (False); the new records are applied."""
        self.store.wait_seq(self.code, seq, timeout)
        self.sync()
        return self.state.seq > seq

    def view(self) -> TableView:
        """What this page may see."""
        return table_view(self.state, self.code, Role.SPECTATOR)

    def step_bots(self) -> bool:
        """Store the bots' next turn if a bot is to move (any page may; the first wins).
        StoreError if the store cannot take it: every page's clock tries it, so the sentence
        says the bots' move, not "your" move, which a watcher never made."""
        try:
            return bool(self._commit(bot_records, quiet=True))
        except StoreError as exc:
            raise StoreError(_("The table cannot save the bots' move just now; it will try again "
                               "in a moment.")) from exc

    def _commit(self, make: Callable[[TableState], list[Record]], *, claim=None,
                quiet: bool = False) -> list[ev.Event]:
        """Check ``make``'s records at the newest position and compare-and-append them;
        on a lost race take in the other page's records and check again. Returns the events
        they caused; StoreError (replica as the store holds it) when the store fails."""
        for _attempt in range(RETRIES):
            try:
                self.sync()
            except StoreError as exc:  # the action is what could not be saved: say that
                raise write_failed() from exc
            records = make(self.state)  # IllegalMove here means: not allowed now
            if not records:
                return []
            base = self.state.seq
            texts = [encode(r) for r in records]
            events: list[ev.Event] = []
            applied = 0
            try:
                for rec, text in zip(records, texts):
                    events += self.state.apply(rec, text)
                    applied += 1
            except (IllegalMove, TableError):
                if applied:  # a refused record leaves the state as it was; earlier ones do not
                    self.state = self.state.rewound(base)
                raise
            try:
                stored = self.store.append_checked(self.code, base, texts, claim)
            except StoreError:
                self.state = self.state.rewound(base)  # exactly as the store holds it
                raise
            if stored:
                return events
            # Someone else wrote first: back to what the store has, then (the loop's sync) on
            # to their records, and check again there.
            self.state = self.state.rewound(base)
            if quiet:
                return []
        raise TableError(_("The table is very busy; try again."))


class Spectator(TableHandle):
    """A page without a seat: it sees the table, the seats and the log, and no hand."""

    role = Role.SPECTATOR


class SeatHandle(TableHandle):
    """A learner's seat: it sees its own hand and acts only for itself."""

    role = Role.SEAT

    def __init__(self, store: Store, code: str, state: TableState, seat: int, token: str) -> None:
        super().__init__(store, code, state)
        self.seat = seat
        self.token = token

    def view(self) -> TableView:
        """What this seat may see: its own hand, every other hand as a count."""
        return table_view(self.state, self.code, Role.SEAT, self.seat)

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves now (empty unless it is this seat's turn)."""
        g = self.state.game
        if g.winner is not None or g.current_player != self.seat or self.state.is_bot(self.seat):
            return []
        return g.legal_moves()

    def _check_mine(self, state: TableState) -> None:
        if state.is_bot(self.seat):
            raise IllegalMove(_("A bot plays your seat now; ask your teacher to give it back to you."))

    def apply(self, move: Move) -> list[ev.Event]:
        """Make ``move`` for this seat; IllegalMove (nothing stored) when it is not this
        seat's turn or the rules do not allow it (a jump-in that came first says so)."""
        seen = self.state.seq

        def make(state: TableState) -> list[Record]:
            self._check_mine(state)
            last = state.mover_since(seen)
            if state.game.winner is None and last is not None and last[0] == "jump" and last[1] != self.seat:
                # H-JUMP: someone jumped in after this page last looked: the turn this click was
                # for went with it (even when play comes round to this seat again at once).
                raise IllegalMove(_("Too late: {name} jumped in before your move, and play goes on from "
                                    "them; nothing was played.", name=state.names[last[1]]))
            return [Moved(self.seat, move)]

        return self._commit(make)

    def jump_ins(self) -> list[Move]:
        """H-JUMP: the plays this seat could make out of turn now (its own only; a 7 under
        H-SEVEN-ZERO once per seat to swap with); empty when it cannot jump in."""
        return self.state.jump_ins_of(self.seat)

    def jump_in(self, card: Card | str, target: int | None = None) -> list[ev.Event]:
        """H-JUMP: play ``card``, identical to the top card, out of turn (``target``: whom a
        7 swaps with under H-SEVEN-ZERO). IllegalMove with nothing stored when the rules do
        not allow it, or when another move came first ("too late")."""
        try:
            card = Card.parse(card)
        except ValueError as exc:
            raise IllegalMove(str(exc)) from None
        seen = self.state.seq
        could = any(m.card == card and m.target == target for m in self.state.jump_ins_of(self.seat))

        def make(state: TableState) -> list[Record]:
            self._check_mine(state)
            now = any(m.card == card and m.target == target for m in state.jump_ins_of(self.seat))
            last = state.mover_since(seen)
            if could and not now and last is not None and last[1] != self.seat:
                # Another move reached the store first: this click lost the race.
                raise IllegalMove(_("Too late: {name} moved first, so your {card} can no longer jump in; "
                                    "nothing was played.", name=state.names[last[1]], card=card.name))
            return [JumpIn(self.seat, card, target)]

        return self._commit(make)

    def say_uno(self) -> bool:
        """Say "UNO"; returns whether it counted (E-UNO-5)."""
        return any(e.counted for e in self._talk_commit(SayUno(self.seat)) if isinstance(e, ev.SaidUno))

    def talk(self) -> bool:
        """Talk; returns whether it cost the talk penalty (silenced, E-WDT-2)."""
        return any(e.silenced for e in self._talk_commit(Talk(self.seat)) if isinstance(e, ev.Talked))

    def catch(self, target: int) -> bool:
        """Call out ``target`` for not saying UNO; returns whether they drew the penalty.
        If someone else's call (or the target's UNO) got there first, IllegalMove says so."""
        could = self.state.catchable(target) if isinstance(target, int) and 0 <= target < self.state.players else False

        def make(state: TableState) -> list[Record]:
            self._check_mine(state)
            if not state.catchable(target):
                # Someone else's catch closed this window: however fresh this page's copy
                # was when the learner clicked, their click lost the race; store nothing.
                first = state.caught_since_last_move(target)
                if first is not None and first != self.seat:
                    raise IllegalMove(_("Too late: {caller} caught {target} first.",
                                        caller=state.names[first], target=state.names[target]))
            if could and not state.catchable(target):
                by = state.last_catch_of(target)
                if by is not None:
                    raise IllegalMove(_("Too late: {caller} caught {target} first.",
                                        caller=state.names[by], target=state.names[target]))
                raise IllegalMove(_("Too late: {target} can no longer be caught.",
                                    target=state.names[target]))
            return [Catch(self.seat, target)]

        events = self._commit(make)
        return any(e.penalized for e in events if isinstance(e, ev.CaughtOut))

    def _talk_commit(self, record: Record) -> list[ev.Event]:
        def make(state: TableState) -> list[Record]:
            self._check_mine(state)
            return [record]

        return self._commit(make)


class TeacherHandle(TableHandle):
    """The teacher: sees every hand, deals the next hand, hands a seat to a bot and back,
    sets the bots' speed. The teacher never plays a learner's cards."""

    role = Role.TEACHER

    def view(self) -> TableView:
        """Every hand face up."""
        return table_view(self.state, self.code, Role.TEACHER)

    def deal(self) -> list[ev.Event]:
        """Deal the next hand of the match (once the hand on the table is over)."""
        return self._commit(lambda state: [Deal()])

    def set_seat(self, seat: int, kind: str) -> None:
        """Give ``seat`` to a bot ("random" / "sensible", e.g. for an absent learner) or back
        to its learner ("human")."""
        if not SeatKind.known(kind):
            raise TableError(_("A seat is played by a learner (human) or a bot ({bots}).",
                               bots=", ".join(BOT_KINDS)))
        self._commit(lambda state: [Seated(seat, kind)] if state.kinds[state._seat(seat)] != kind else [])

    def set_speed(self, speed: str) -> None:
        """How long bots pause before each move: one of :data:`SPEEDS`."""
        if speed not in SPEEDS:
            raise TableError(_("The speed is one of: {speeds}.", speeds=", ".join(SPEEDS)))
        self._commit(lambda state: [Speed(speed)] if state.speed != speed else [])

    def close(self) -> None:
        """Close the table for good: every page says so and nothing more can happen at it
        (its record stays in the store until the table expires)."""
        self._commit(lambda state: [] if state.closed else [Close()])

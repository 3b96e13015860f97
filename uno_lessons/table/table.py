"""The table controller a page holds: whose view it shows, who may act, when bots move, and
who is told about a change. No widgets: the dashboard draws a :class:`Table` and sends it
clicks; tests drive it directly.

A page holds one handle (a learner's seat, a spectator, or the teacher). The one-browser
dashboard is the same thing on a table in memory: :meth:`Table.local` opens one, takes every
learner seat for the person at the screen (hot seat) and keeps the teacher's handle.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..engine import events as ev
from ..engine.game import Game
from ..engine.moves import IllegalMove, Move
from ..engine.rules import Rules
from ..i18n import _
from .bots import bot_jump, bots_only
from .config import TableConfig, TableError
from .faults import StoreError, log
from .handles import SeatHandle, TableHandle, TeacherHandle
from .hands import Action, finished_hand
from .kinds import Role, SeatKind
from .news import Listening
from .records import SPEEDS
from .state import TableState
from .store import Store, open_store
from .views import TableView, table_view

Listener = Callable[[list[ev.Event]], None]
#: ``poll`` here brings back the old clock that reads the store every ``Table.poll`` seconds
#: (the idle-pages benchmark's reference); anything else, or unset: pages are told.
NEWS_ENV = "UNO_LESSONS_NEWS"


def news_wanted() -> bool:
    """Whether pages are told of new records (``$UNO_LESSONS_NEWS`` is not ``poll``)."""
    return os.environ.get(NEWS_ENV, "").strip().lower() != "poll"


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class Table:
    """One page's table: ``handle`` is what the page may do; ``seats`` (local tables only)
    are the learner seats the person at this screen plays in turn."""

    #: Seconds between looks at the store for other pages' records when the page is not told
    #: of them (``notify`` off, or the store's news away).
    poll = 0.1
    #: Seconds between looks while the store tells the page of new records (in case a hint
    #: was lost): an idle page reads nothing in between.
    idle_poll = 5.0
    #: Seconds a page waits for each page before it in line (:attr:`bot_rank`) before it
    #: computes a thinking bot's move itself: more than the coach's second of thought.
    handover = 2.0

    def __init__(self, handle: TableHandle, *, seats: dict[int, SeatHandle] | None = None,
                 local: bool = False) -> None:
        self.handle = handle
        self._local = local and isinstance(handle, TeacherHandle)
        self.seats = dict(seats or {})
        if isinstance(handle, SeatHandle):
            self.seats[handle.seat] = handle
        self._listeners: list[Listener] = []
        self._timer: asyncio.TimerHandle | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._listening: Listening | None = None
        self._woken = self._in_beat = False
        self._woken_at = 0.0
        self._watchdog: asyncio.TimerHandle | None = None
        #: Whether the clock is told of new records by the store (else it polls every
        #: :attr:`poll` seconds, as before: ``UNO_LESSONS_NEWS=poll``).
        self.notify = news_wanted()
        self._auto = True
        self._speed_override: float | None = None  # seconds, set by a local page's speed control
        self._last_change = time.monotonic()
        self._seen_events = len(self.state.game.events)
        self._seen_game = self.state.game
        #: Why this table cannot go on (it stopped replaying), for the page to show; else None.
        self.problem: str | None = None
        self.problem_is_final = False  # True when the table cannot go on at all

    # ------------------------------------------------------------------ making one
    @classmethod
    def local(cls, players: Sequence[str] | int = 4, seats: Sequence[str] | None = None, *,
              rules: str | Rules = "encanto", seed: int | None = None, start: str | None = None,
              store: Store | None = None, house: Sequence[str] = (),
              policies: Mapping[int, Any] | None = None) -> Table:
        """A table for one screen: every learner seat is played here, bots play the rest
        (``house``: house rules switched on as well, e.g. ``("stacking",)``; ``policies``:
        each learned seat's policy, as for :meth:`Store.create`)."""
        return cls.local_from(TableConfig.make(players, seats, rules=rules, seed=seed, start=start,
                                                house=house, policies=policies), store=store)

    @classmethod
    def local_from(cls, config: TableConfig, *, store: Store | None = None) -> Table:
        """A table for one screen made from ``config`` as it is (every setting of its rules is
        played by), as :meth:`local` makes one; TableError, with nothing made, if it cannot
        be dealt."""
        store = store or open_store("memory://")
        code, key = store.create_table(config)
        teacher = store.teacher(code, key)
        mine = {s: store.join(code, seat=s) for s in teacher.state.free_seats()}
        teacher.sync()  # take in the joins, so the screen starts with its seats taken
        for handle in mine.values():
            handle.state = teacher.state  # one replica for the whole screen
        return cls(teacher, seats=mine, local=True)

    @classmethod
    def connect(cls, store: Store, code: str, *, token: str | None = None, teacher: str | None = None,
                watch: bool = False) -> Table:
        """The table ``code`` as a page opened with a seat token, a teacher key, or to watch."""
        if teacher:
            return cls(store.teacher(code, teacher))
        if token:
            return cls(store.rejoin(code, token))
        if watch:
            return cls(store.watch(code))
        raise TableError(_("Open a table with a seat, as the teacher, or to watch."))

    # ------------------------------------------------------------------ reading
    @property
    def state(self) -> TableState:
        """The table's replica on this page."""
        return self.handle.state

    def finished_hand(self, number: int | None = None) -> tuple[Game, list[Action]]:
        """Hand ``number`` of this table (default the last) as it was dealt, and every action
        made in it (:func:`~.hands.finished_hand`): TableError, saying so, while it is still
        being played, on every page alike."""
        return finished_hand(self.state.config, self.state.log, number)

    @property
    def code(self) -> str:
        """The table's code."""
        return self.handle.code

    @property
    def role(self) -> Role:
        """What this page is: its handle's role, or ``Role.LOCAL`` (one screen plays every
        learner seat)."""
        return Role.LOCAL if self.is_local else self.handle.role

    @property
    def is_local(self) -> bool:
        """True for a one-screen table (teacher and every learner seat on this page)."""
        return self._local

    @property
    def is_teacher(self) -> bool:
        """Whether this page may deal and hand seats to bots."""
        return isinstance(self.handle, TeacherHandle)

    @property
    def my_seats(self) -> list[int]:
        """The seats this page plays."""
        return sorted(self.seats)

    def acting_seat(self, viewed: int | None = None) -> int | None:
        """The seat whose controls this page shows: its own seat; on a local table the learner
        seat to move, else the viewed one, else the first."""
        if not self.seats:
            return None
        if not self.is_local:
            return next(iter(self.seats))
        g = self.state.game
        if g.winner is None and g.current_player in self.seats and not self.state.is_bot(g.current_player):
            return g.current_player
        if viewed in self.seats:
            return viewed
        return self.my_seats[0]

    def view(self, seat: int | None = None, *, teacher: bool = False) -> TableView:
        """What this page shows: a seat's view (its own, or on a local table any seat), or
        with ``teacher`` every hand (teacher and local pages only)."""
        if teacher and self.is_teacher:
            return self.handle.view()
        if seat is not None and seat in self.seats:
            return table_view(self.state, self.code, Role.SEAT, seat)
        if self.seats and not self.is_local:
            return self.handle.view()
        if self.is_local and seat is not None:
            # A local table may look at a bot's seat: the same screen already sees everything.
            return table_view(self.state, self.code, Role.SEAT, seat)
        return table_view(self.state, self.code, Role.SPECTATOR)

    @property
    def auto(self) -> bool:
        """Whether the bots move by themselves (the clock's business)."""
        return self._auto

    @auto.setter
    def auto(self, value: bool) -> None:
        self._auto = bool(value)
        self._rewind()

    @property
    def speed_override(self) -> float | None:
        """Seconds the bots pause on this screen (a one-screen game's own speed), or None."""
        return self._speed_override

    @speed_override.setter
    def speed_override(self, value: float | None) -> None:
        self._speed_override = value
        self._rewind()

    @property
    def pause(self) -> float:
        """Seconds bots wait before each move."""
        return self.speed_override if self.speed_override is not None else SPEEDS[self.state.speed]

    # ------------------------------------------------------------------ acting
    def _seat(self, seat: int | None) -> SeatHandle:
        seat = self.acting_seat() if seat is None else seat
        if seat is None or seat not in self.seats:
            raise IllegalMove(_("You are watching this table: only players at a seat can do that."))
        return self.seats[seat]

    def _act(self, seat: int | None, act: Callable[[SeatHandle], object]):
        handle = self._seat(seat)
        try:
            return act(handle)
        finally:
            self._unify(handle.state)  # a lost race may have given that handle a new replica
            self._after()

    def apply(self, move: Move, seat: int | None = None) -> None:
        """Make ``move`` for this page's seat (or ``seat``); IllegalMove if not allowed."""
        self._act(seat, lambda h: h.apply(move))

    def jump_in(self, card, target: int | None = None, seat: int | None = None) -> None:
        """H-JUMP: this page's seat (or ``seat``) plays ``card`` out of turn (``target``: whom
        a 7 swaps with under H-SEVEN-ZERO); IllegalMove, nothing stored, if not allowed."""
        self._act(seat, lambda h: h.jump_in(card, target))

    def jump_ins(self, seat: int | None = None) -> list[Move]:
        """H-JUMP: the out-of-turn plays this page's seat (or ``seat``) can make now."""
        seat = self.acting_seat() if seat is None else seat
        handle = self.seats.get(seat) if seat is not None else None
        return handle.jump_ins() if handle is not None else []

    def say_uno(self, seat: int | None = None) -> bool:
        """This page's seat says "UNO"; returns whether it counted."""
        return self._act(seat, lambda h: h.say_uno())

    def catch(self, target: int, seat: int | None = None) -> bool:
        """This page's seat calls out ``target``; returns whether they drew the penalty (E-UNO-2)."""
        return self._act(seat, lambda h: h.catch(target))

    def talk(self, seat: int | None = None) -> bool:
        """This page's seat talks; returns whether it cost the talk penalty (E-WDT-2)."""
        return self._act(seat, lambda h: h.talk())

    def _unify(self, state: TableState) -> None:
        """Every handle of this page shares one replica."""
        self.handle.state = state
        for handle in self.seats.values():
            handle.state = state

    def _teacher(self) -> TeacherHandle:
        if not isinstance(self.handle, TeacherHandle):
            raise IllegalMove(_("Only the teacher can do that."))
        return self.handle

    def _teach(self, act: Callable[[TeacherHandle], object]) -> None:
        handle = self._teacher()
        try:
            act(handle)
        finally:
            self._unify(handle.state)
            self._after()

    def deal(self) -> None:
        """Deal the next hand (teacher / local)."""
        self._teach(lambda h: h.deal())

    def set_seat(self, seat: int, kind: str) -> None:
        """Hand ``seat`` to a bot or back to its learner (teacher / local)."""
        self._teach(lambda h: h.set_seat(seat, kind))

    def set_speed(self, speed: str) -> None:
        """Set the bots' pause for every page at this table (teacher)."""
        self._teach(lambda h: h.set_speed(speed))

    def close(self) -> None:
        """Close the table for good (teacher): every page says so, nothing more happens."""
        self._teach(lambda h: h.close())

    @property
    def closed(self) -> bool:
        """Whether the teacher closed this table."""
        return self.state.closed

    # ------------------------------------------------------------------ news and bots
    def observe(self, listener: Listener) -> None:
        """Call ``listener(new_events)`` after every change, whoever made it."""
        self._listeners.append(listener)

    def unobserve(self, listener: Listener) -> None:
        """Stop telling ``listener``."""
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _after(self) -> list[ev.Event]:
        """Tell listeners what is new since they last heard (events of this hand only)."""
        g = self.state.game
        if g is not self._seen_game:
            self._seen_game, self._seen_events = g, 0
        new = g.events[self._seen_events:]
        self._seen_events = len(g.events)
        self._last_change = time.monotonic()
        for listener in list(self._listeners):
            listener(new)
        self._rewind()
        return new

    def sync(self) -> bool:
        """Take in other pages' records; True (and listeners told) if any arrived."""
        got = self.handle.sync()
        self._unify(self.handle.state)
        if got:
            self._after()
        return bool(got)

    def bots_due(self) -> bool:
        """True when a bot is to move at this position, or (H-JUMP) a bot jumps in now."""
        g = self.state.game
        if self.state.closed or g.winner is not None:
            return False
        return self.state.is_bot(g.current_player) or bot_jump(self.state) is not None

    @property
    def bot_wait(self) -> float:
        """Seconds the bots wait at this position before acting: the pause before a bot's
        move, and longer before a bot jumps in on a learner's turn (H-JUMP), so that the
        learner to move, and any learner who can jump in, get their chance first. Before a
        thinking bot's move (:attr:`SeatKind.thinks`, the coach) a page also waits
        :attr:`handover` seconds for each page before it in line (:attr:`bot_rank`): the
        first page computes the move and stores it, and the others, told of it, never start;
        if the first page is closed, the next takes over a little later."""
        st = self.state
        g = st.game
        if g.winner is None and not st.is_bot(g.current_player):
            return 3 * self.pause + 1.0
        if g.winner is None and SeatKind(st.kinds[g.current_player]).thinks:
            return self.pause + self.bot_rank * self.handover
        return self.pause

    @property
    def bot_rank(self) -> int:
        """This page's place in line to compute a thinking bot's move: 0 for a teacher's page
        (and the one-screen game) and for the learner at the table's first taken seat, then
        the other learners in seat order, then watchers. Each place waits :attr:`handover`
        seconds longer, so a table with a coach seat computes its move on one page, not on
        every page at once (ten pages of a table of ten: ten seconds of CPU a move)."""
        if self.is_local or self.is_teacher:
            return 0
        st = self.state
        learners = [s for s in sorted(st.claimed) if not st.is_bot(s)]
        if self.seats:
            seat = next(iter(self.seats))
            return learners.index(seat) if seat in learners else len(learners)
        return len(learners) + 1

    def step(self) -> bool:
        """One bot turn now (reactions, then the move); True if something was stored."""
        self.sync()
        if not self.bots_due():
            return False
        did = self.handle.step_bots()
        self._unify(self.handle.state)
        if not did:
            self.sync()
            return False
        self._after()
        return True

    def run_bots(self, max_turns: int = 5000) -> None:
        """Let the bots move, without pauses, until a learner is to move or the hand ends."""
        for _turn in range(max_turns):
            if not self.step():
                break

    def tick(self, now: float | None = None) -> bool:
        """What the clock does every ``poll`` seconds: take in news, and let a bot move (or
        deal on in a bots-only match) once the pause has passed. True if anything changed."""
        changed = self.sync()
        if not self.auto:
            return changed
        now = time.monotonic() if now is None else now
        waited = now - self._last_change
        st = self.state
        if waited >= self.pause and self.bots_due() and waited >= self.bot_wait:
            return self.step() or changed
        if (st.game.winner is not None and self.is_teacher and bots_only(st) and not st.closed
                and not st.match.is_over and waited >= 4 * self.pause + 1.0):
            try:
                self.deal()
            except IllegalMove:  # another teacher page (the projector) dealt first: fine
                self.sync()
            return True
        return changed

    def start(self) -> bool:
        """Run the clock on the kernel's event loop (Jupyter and Voilà keep one running);
        False where there is no loop (plain Python: call ``tick`` or ``step`` yourself).

        The clock beats when the store tells it of a new record (:mod:`.news`), when a bot's
        pause is over, and otherwise only every :attr:`idle_poll` seconds; with ``notify``
        off, or while the store's news is away, it looks every :attr:`poll` seconds."""
        loop = _running_loop()
        if loop is None or self._loop is not None:
            return self._loop is not None
        self._loop = loop
        news = self.handle.store.news if self.notify else None
        self._listening = news.listen(self.code, self._told) if news is not None else None
        self._schedule(self.poll)
        self._guard()
        return True

    def _guard(self) -> None:
        """The page's own watchdog, apart from the beats: every :attr:`idle_poll` seconds it
        makes sure a beat is set (whatever a listener raised or a hint was lost), lets a wake
        that never arrived go, and has a news thread that ended started again."""
        if self._watchdog is not None:
            self._watchdog.cancel()
        self._watchdog = self._loop.call_later(self.idle_poll, self._watch) if self._loop is not None else None

    def _watch(self) -> None:
        self._watchdog = None
        if self._loop is None:
            return
        try:
            if self._listening is not None:
                self._listening.revive()
            if self._woken and time.monotonic() - self._woken_at > self.idle_poll:
                self._woken = False  # a wake that never arrived: the next hint is not dropped
            if self._timer is None and not self._in_beat:
                log.warning("the table clock of %s had no beat set: it looks again now", self.code)
                self._beat()
        finally:
            self._guard()

    def _told(self) -> None:
        """The store's news: a record landed (called from the news thread)."""
        loop = self._loop
        if loop is None or self._woken:
            return
        self._woken, self._woken_at = True, time.monotonic()
        loop.call_soon_threadsafe(self._beat_now)  # RuntimeError if the loop closed: news drops us

    def _beat_now(self) -> None:
        self._woken = False
        if self._loop is not None:
            if self._timer is not None:  # this beat replaces the one that was due: one clock, not two
                self._timer.cancel()
            self._beat()

    def _schedule(self, delay: float) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = self._loop.call_later(delay, self._beat) if self._loop is not None else None

    def _next_beat(self) -> float:
        """Seconds until the clock must look again: when a bot's pause (or a bots-only match's
        wait before dealing on) is over, else after the idle wait."""
        told = self._listening is not None and self._listening.live
        wait = self.idle_poll if told else self.poll
        if self.auto:
            st = self.state
            waited = time.monotonic() - self._last_change
            if self.bots_due():
                wait = min(wait, max(self.pause, self.bot_wait) - waited)
            elif (st.game.winner is not None and self.is_teacher and bots_only(st) and not st.closed
                  and not st.match.is_over):
                wait = min(wait, 4 * self.pause + 1.0 - waited)
        return max(min(self.poll, 0.05), wait)

    def _beat(self) -> None:
        """One beat of the clock: :meth:`tick`, a fault said once, and the next beat set
        (always, even when a listener raised while the fault was said)."""
        self._timer = None
        self._in_beat = True
        delay: float | None = max(self.poll, 1.0)  # the retry, if anything below fails
        try:
            delay = self._look()
        except Exception:  # noqa: BLE001 - a listener failed while a fault was said: log, retry
            log.exception("the table clock of %s failed", self.code)
        finally:
            self._in_beat = False
            if self._loop is not None and self._timer is None and delay is not None:
                self._schedule(delay)

    def _look(self) -> float | None:
        """The beat's work; the seconds until the next beat (None: the clock stopped)."""
        try:
            self.tick()
        except StoreError as exc:  # the store is away or locked: say so, keep trying
            if self.problem is None:
                self.problem = str(exc)
                self._after()
            return max(self.poll, 1.0)
        except TableError as exc:  # a table that stopped replaying: say so, stop ticking
            self.stop()
            self.problem, self.problem_is_final = str(exc), True
            self._after()
            return None
        except Exception:  # noqa: BLE001 - a fault of ours: the server's log, and a sentence
            log.exception("the table clock of %s failed", self.code)
            if self.problem is None:
                self.problem = _("Something went wrong on the server; it will try again in a moment.")
                self._after()
            return max(self.poll, 1.0)
        if self.problem is not None and not self.problem_is_final:
            self.problem = None  # reached again
            self._after()
        return self._next_beat()

    def _rewind(self) -> None:
        """Something changed on this page (a click, the bots' switch): set the next beat anew."""
        if self._loop is not None and not self._in_beat and self.problem is None:
            self._schedule(self._next_beat())

    def stop(self) -> None:
        """Stop the clock (and stop listening to the store)."""
        for handle in (self._timer, self._watchdog):
            if handle is not None:
                handle.cancel()
        self._timer = self._watchdog = None
        if self._listening is not None:
            self._listening.close()
            self._listening = None
        self._loop = None

    def __repr__(self) -> str:
        return f"<Table {self.code} ({self.role}), {self.state.seq} records>"


"""When bots move: the timer, the speed, **Step**, and waiting for a viewer.

How bots move without threads: the kernel's own asyncio loop runs a ``call_later`` timer
(Voilà keeps the kernel's loop running, so this works there too). Without a running loop,
e.g. in plain Python tests, nothing ticks and ``step()`` drives the bots.
"""

from __future__ import annotations

import asyncio

import ipywidgets as widgets

#: Pause before each bot move, in seconds.
SPEEDS = {"slow": 1.5, "normal": 0.8, "fast": 0.35, "turbo": 0.08}


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class BotsClock:
    """Mixin for :class:`LiveGame`: the auto-play checkbox, speed and **Step** controls, and
    the timer that makes bots move by themselves.

    It uses what the app provides: ``game``, ``match``, ``bots``, ``humans``, ``_is_human``,
    ``_after_change``, ``_say``, ``refresh`` and ``next_hand``."""

    def _build_clock(self, speed: str | float, auto: bool) -> None:
        W = widgets
        self._timer: asyncio.TimerHandle | None = None
        self.auto_input = W.Checkbox(value=auto, description="Bots move by themselves", indent=False,
                                     layout=W.Layout(width="200px"))
        self.auto_input.add_class("uno-auto")
        self.auto_input.observe(self._auto_changed, "value")
        speed_key = speed if isinstance(speed, str) else None
        if speed_key is not None and speed_key not in SPEEDS:
            raise ValueError(f"speed must be one of {list(SPEEDS)} or seconds")
        # Seconds given as a number win until someone clicks a speed.
        self._speed_override = None if speed_key else float(speed)
        self.speed_input = W.ToggleButtons(options=list(SPEEDS), value=speed_key or "fast",
                                           style={"button_width": "62px"},
                                           tooltips=[f"{v:g} s before each bot move" for v in SPEEDS.values()])
        self.speed_input.add_class("uno-speed")
        self.speed_input.observe(self._speed_changed, "value")
        self.step_button = W.Button(description="Step", tooltip="one bot move",
                                    layout=W.Layout(width="70px"))
        self.step_button.add_class("uno-step")
        self.step_button.on_click(lambda _: self._step_clicked())

    def _wait_for_frontend(self) -> None:
        # Bots wait for a viewer: a front end that renders this table runs a client-side link
        # that copies 1 into ``_seen`` and sends it back. Until then (e.g. while Voilà executes
        # the notebook, before the page is connected) no bot moves and no update can be lost.
        self.frontend_seen = False
        self._one = widgets.IntText(value=1)
        self._seen = widgets.IntText(value=0)
        self._seen.observe(self._frontend_ready, "value")
        self._link = widgets.jsdlink((self._one, "value"), (self._seen, "value"))

    @property
    def pause(self) -> float:
        """Seconds before each bot move."""
        return self._speed_override if self._speed_override is not None else SPEEDS[self.speed_input.value]

    def step(self) -> bool:
        """One bot tick: every bot may say UNO or call someone out, then the bot to move
        moves; the table is redrawn. Returns True when something was done."""
        did = self._bot_tick()
        self.refresh()
        return did

    def _bot_tick(self) -> bool:
        g = self.game
        if g.winner is not None:
            return False
        before = len(g.events)
        for seat, bot in enumerate(self.bots):
            if bot is not None and g.winner is None:
                bot.react(g, seat)
        mover = g.current_player
        bot = self.bots[mover]
        if bot is not None and g.winner is None:
            g.apply(bot.choose(g))
        did = len(g.events) > before
        if did:
            self._after_change(before, moved=bot is not None)
        return did

    def run_bots(self, max_moves: int = 5000) -> None:
        """Let the bots move until a human is to move or the hand is over (no pauses)."""
        for _ in range(max_moves):
            g = self.game
            if g.winner is not None or self._is_human(g.current_player):
                break
            self._bot_tick()
        self.refresh()

    def _frontend_ready(self, change=None) -> None:
        """A front end shows the table: bots may start moving by themselves."""
        if not self.frontend_seen:
            self.frontend_seen = True
            self._schedule()

    def _schedule(self) -> None:
        """Arm the timer for the next bot move, if bots are to move and auto-play is on."""
        if self._timer is not None or not self.auto_input.value or not self.frontend_seen:
            return
        g = self.game
        if g.winner is not None:
            if self.match.is_over or self.humans or self.match.results == []:
                return
            # A bots-only match deals on by itself, so it can be watched to its end.
            delay, action = 4 * self.pause + 1.0, self.next_hand
        elif self._is_human(g.current_player):
            return
        else:
            delay, action = self.pause, self.step
        loop = _running_loop()
        if loop is None:
            return

        def tick():
            self._timer = None
            try:
                action()
            except Exception as exc:  # keep the table usable; show what went wrong
                self._say("error", f"A bot move failed: {exc}")
                self.refresh()
                return
            self._schedule()

        self._timer = loop.call_later(delay, tick)

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _auto_changed(self, change) -> None:
        if change["new"]:
            self._schedule()
        else:
            self._cancel_timer()
        self.refresh()

    def _speed_changed(self, change) -> None:
        self._speed_override = None
        if self._timer is not None:
            self._cancel_timer()
            self._schedule()

    def _step_clicked(self) -> None:
        self._cancel_timer()
        g = self.game
        if g.winner is not None:
            self._say("info", "The hand is over: deal the next hand.")
        elif self._is_human(g.current_player):
            self._say("info", f"It is {g.names[g.current_player]}'s turn: a human moves by clicking.")
        else:
            self._bot_tick()
        self.refresh()
        self._schedule()

"""A finished hand weighed in the background, by the review's worker process (:mod:`.worker`).

:class:`Analysis` starts the worker, hands it the request, and reads its messages on a thread
of its own; whoever shows the review asks :meth:`Analysis.poll` now and then (a page's clock)
for the decisions weighed since, as :class:`~.advice.Advice` with the engine's own moves. It
imports no UI: the dashboard's Review view draws it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Collection, Sequence
from pathlib import Path

from ..engine.game import Game
from ..engine.moves import Move
from ..i18n import _
from ..terminal import log_traceback
from .advice import Advice
from .review import Action, make_action
from .worker import option_of, request_line

__all__ = ["Analysis"]

#: The package's folder's parent, so the worker imports this very package.
_ROOT = str(Path(__file__).resolve().parents[2])


class Analysis:
    """The coach's advice at every decision of a finished hand (``start`` → ``actions``),
    weighed by a worker process from the table's ``config`` (JSON text), ``records`` and
    ``hand`` number, ``rollouts`` per option, seeded by ``seed``; ``seats``: only these
    seats' decisions. :meth:`start` starts it; :meth:`poll` collects what is new."""

    def __init__(self, start: Game, actions: Sequence[Action], *, config: str, records: list[str], hand: int,
                 rollouts: int, seed: int, seats: Collection[int] | None = None) -> None:
        self.request = request_line(config, records, hand, rollouts=rollouts, seed=seed, seats=seats)
        # The legal moves at each action, to give the advice the engine's own moves.
        self._legal: list[list[Move]] = []
        self._movers: list[int] = []
        game = start.copy()
        for action in actions:
            self._legal.append(game.legal_moves())
            self._movers.append(game.current_player)
            make_action(game, action)
        #: The decisions weighed so far: action number -> advice.
        self.advice: dict[int, Advice] = {}
        #: How many decisions there are to weigh (None until the worker says).
        self.total: int | None = None
        self.finished = False
        #: The sentence to say when the analysis failed (None while it has not).
        self.error: str | None = None
        self._inbox: list[dict] = []
        self._lock = threading.Lock()
        self._process: subprocess.Popen | None = None

    @property
    def done(self) -> int:
        """How many decisions are weighed."""
        return len(self.advice)

    def start(self) -> None:
        """Start the worker (once)."""
        if self._process is not None:
            return
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [_ROOT, os.environ.get("PYTHONPATH")]))}
        self._process = subprocess.Popen([sys.executable, "-m", "uno_lessons.coach.worker"], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, text=True, env=env)
        threading.Thread(target=self._read, args=(self._process,), daemon=True, name="uno-review").start()

    def _read(self, process: subprocess.Popen) -> None:
        try:
            assert process.stdin is not None and process.stdout is not None
            process.stdin.write(self.request)
            process.stdin.close()
            for line in process.stdout:
                with self._lock:
                    self._inbox.append(json.loads(line))
        except Exception as exc:  # noqa: BLE001 - a fault of ours: the terminal, and a plain sentence
            log_traceback(exc, "reading the review's worker")
        finally:
            code = process.wait()
            with self._lock:
                self._inbox.append({"exit": code})

    def poll(self) -> list[int]:
        """Take in what the worker said since; the numbers of the decisions newly weighed."""
        with self._lock:
            inbox, self._inbox = self._inbox, []
        new = []
        for message in inbox:
            if "total" in message:
                self.total = message["total"]
            elif "number" in message:
                k = message["number"]
                options = tuple(option_of(o, self._legal[k]) for o in message["options"])
                self.advice[k] = Advice(self._movers[k], options, message["rollouts"])
                new.append(k)
            elif "done" in message:
                self.finished = True
            elif "error" in message:
                self.error = message["error"]
            elif "exit" in message and not self.finished and self.error is None:
                self.error = _("The coach could not finish weighing this hand.")
        return new

    def stop(self) -> None:
        """Stop the worker if it still runs (the review was closed)."""
        process = self._process
        if process is not None and process.poll() is None:
            process.kill()

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the worker to end, then take in everything it said (tests, scripts)."""
        if self._process is not None:
            self._process.wait(timeout)
        for _attempt in range(100):  # the reading thread appends the exit last
            self.poll()
            if self.finished or self.error is not None:
                return
            threading.Event().wait(0.01)

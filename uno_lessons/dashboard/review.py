"""The Review view: a finished hand, step by step, with every hand face up and, at each
decision, the coach's options with their chances and what the move made gave up.

Every page has the button that opens it, shown once the hand on the table is over; the view
itself is built only then, from :meth:`uno_lessons.table.Table.finished_hand`, which refuses
a hand still being played (a click on the hidden button while a hand runs only says so), so
a page never holds anything of it while a hand is live. The coach weighs the decisions in a
process of its own at a lower priority (:class:`~uno_lessons.coach.background.Analysis`), so
the live table never waits for it; the page asks it for news every half second and shows
its progress. A learner's page weighs its own seat's decisions only; the teacher's, the
projector's and a one-screen game's weigh everyone's.

Step through it with First, Back, Forward and Last (buttons, so Tab and Enter or Space reach
them), or jump to one of the biggest swings; each step is announced to screen readers.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from functools import partial
from html import escape

import ipywidgets as widgets

from ..coach.advice import Advice
from ..coach.background import Analysis
from ..coach.review import Replay
from ..engine.moves import Move
from ..i18n import _, ngettext, pgettext
from ..table.hands import Action
from ..terminal import log_traceback
from ..widgets import TableDisplay
from .closing import close_widgets
from .ports import ReviewHost
from .review_html import action_words, hands_html, options_html, step_sentence, step_title, swings

__all__ = ["ReviewPanel", "review_rollouts", "ROLLOUTS_ENV"]

#: Rollouts per option the Review view asks for, and the environment variable that changes
#: it (the browser tests ask for few: a review is then seconds, not a minute).
ROLLOUTS, ROLLOUTS_ENV = 100, "UNO_LESSONS_REVIEW_ROLLOUTS"
#: Seconds between two looks at the worker's news.
POLL = 0.5


def review_rollouts() -> int:
    """Rollouts per option for a review: :data:`ROLLOUTS`, or the environment's number."""
    try:
        return max(1, int(os.environ.get(ROLLOUTS_ENV, ROLLOUTS)))
    except ValueError:
        return ROLLOUTS


class ReviewPanel:
    """The Review view of one page: ``widget`` holds its open button and, once opened, the
    view. ``weigh_all``: the coach weighs every seat's decisions (else the page's own)."""

    def __init__(self, host: ReviewHost, guard: Callable[[Callable], Callable], *, weigh_all: bool) -> None:
        W = widgets
        self.host, self.guard, self.weigh_all = host, guard, weigh_all
        self.open_button = W.Button(layout=W.Layout(width="auto", display="none"), _dom_classes=("uno-review-open",))
        self.open_button.on_click(guard(lambda _b: self.open()))
        self.body = W.VBox([], layout=W.Layout(display="none"), _dom_classes=("uno-review",))
        self.widget = W.VBox([self.open_button, self.body], _dom_classes=("uno-review-box",))
        self.replay: Replay | None = None
        self.analysis: Analysis | None = None
        self.number: int | None = None  # the hand shown
        self.step = 0
        self._timer: asyncio.TimerHandle | None = None
        self._said_done, self._seen = False, 0
        self.progress_text = ""
        self.relabel()

    # ------------------------------------------------------------------ opening and closing
    @property
    def is_open(self) -> bool:
        """Whether a hand is shown."""
        return self.replay is not None

    def update(self, hand_number: int, over: bool) -> None:
        """The open button is offered while the hand on the table (``hand_number``) is over
        and not already shown."""
        offer = over and not (self.is_open and self.number == hand_number)
        self.open_button.layout.display = None if offer else "none"

    def open(self) -> None:
        """Show the hand on the table, which must be over (TableError otherwise, said by the
        page's guard), and start weighing its decisions."""
        table = self.host.table
        number = self.host.look().view.hand_number
        start, actions = table.finished_hand(number)  # refused while the hand is played
        self.close()
        self.replay, self.number, self.step = Replay(start, actions), number, 0
        seats = None if self.weigh_all else set(table.my_seats)
        self.analysis = Analysis(start, actions, config=table.state.config.to_json(), records=list(table.state.log),
                                 hand=number, rollouts=review_rollouts(), seed=number, seats=seats)
        self._build()
        self.analysis.start()
        self._said_done, self._seen = False, 0
        self._schedule()
        self.go(0)
        self.open_button.layout.display = "none"
        self.host.voice.bridge.focus(".uno-dash .uno-review-forward")

    def close(self) -> None:
        """Close the view: the worker is stopped and every widget of the view closed."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self.analysis is not None:
            self.analysis.stop()
        if self.body.children:
            close_widgets(*self.body.children)
            self.body.children = []
        self.body.layout.display = "none"
        self.replay, self.analysis, self.number = None, None, None

    def close_clicked(self) -> None:
        """Close, then keyboard focus back to the page's status line."""
        self.close()
        self.host.refresh()
        self.host.voice.bridge.focus(".uno-dash .uno-status-view")

    # ------------------------------------------------------------------ building and drawing
    def _build(self) -> None:
        W, g = widgets, self.guard

        def button(cls: str, handler: Callable[[], None]) -> widgets.Button:
            b = W.Button(layout=W.Layout(width="auto"), _dom_classes=(cls,))
            b.on_click(g(lambda _b: handler()))
            return b

        self.title = W.HTML()
        self.progress = W.IntProgress(value=0, min=0, max=1, layout=W.Layout(width="240px"),
                                      _dom_classes=("uno-review-progress",))
        self.progress_words = W.HTML(_dom_classes=("uno-review-progress-words",))
        self.first = button("uno-review-first", lambda: self.go(0))
        self.back = button("uno-review-back", lambda: self.go(self.step - 1))
        self.forward = button("uno-review-forward", lambda: self.go(self.step + 1))
        self.last = button("uno-review-last", lambda: self.go(len(self.replay or ())))
        self.close_button = button("uno-review-close", self.close_clicked)
        self.step_title = W.HTML(_dom_classes=("uno-review-step",))
        self.swing_title = W.HTML()
        self.swing_buttons = [button(f"uno-review-swing-{i}", partial(self._to_swing, i)) for i in range(3)]
        for b in self.swing_buttons:
            b.layout.display = "none"
        self.picture = TableDisplay(width=78)
        self.hands = W.HTML(_dom_classes=("uno-review-hands-view",))
        self.said = W.HTML(_dom_classes=("uno-review-said",))
        self.options = W.HTML(_dom_classes=("uno-review-options-view",))
        self._swings: list[tuple[int, float]] = []
        self.body.children = [
            self.title, W.HBox([self.progress, self.progress_words], _dom_classes=("uno-review-progress-row",)),
            W.HBox([self.first, self.back, self.forward, self.last, self.close_button], _dom_classes=("uno-review-nav",)),
            self.step_title, self.said, self.options, self.picture, self.hands, self.swing_title,
            W.HBox(self.swing_buttons, _dom_classes=("uno-review-swings",))]
        self.body.layout.display = None
        self.relabel()

    def relabel(self) -> None:
        """Words in the current language."""
        self.open_button.description = _("Look back at this hand")
        self.open_button.tooltip = _("Step through the hand just played, every hand face up, with the coach's "
                                     "view of each decision")
        if not self.body.children:
            return
        self.title.value = (f"<h2 class='uno-dash-section' id='uno-review-title'>"
                            f"{escape(_('Looking back at hand {number}', number=self.number))}</h2>")
        for b, words in ((self.first, pgettext("review", "First")), (self.back, pgettext("review", "Back")),
                         (self.forward, pgettext("review", "Forward")), (self.last, pgettext("review", "Last")),
                         (self.close_button, _("Close the review"))):
            b.description = words
        self.swing_title.value = f"<h3 class='uno-dash-section'>{escape(_('The biggest swings'))}</h3>"
        self._draw_progress()
        self._draw_swings()
        if self.replay is not None:
            self._draw_step(announce=False)

    def go(self, step: int) -> None:
        """Show step ``step`` (clamped to the hand: 0 is the first action, the last the end)."""
        if self.replay is None:
            return
        self.step = max(0, min(step, len(self.replay)))
        self._draw_step(announce=True)
        if len(self.replay) and self.step in (0, len(self.replay)):
            # At either end the button just pressed (First/Back or Forward/Last) is disabled
            # now: keep keyboard focus in the review's buttons, not on the page's body.
            other = ".uno-review-forward" if self.step == 0 else ".uno-review-back"
            self.host.voice.bridge.focus(f".uno-dash {other}", only_from=".uno-review-nav")

    def _advice(self, step: int) -> tuple[Advice | None, str | None]:
        """The coach's advice at ``step``, or why there is none (None: nothing to say)."""
        assert self.replay is not None and self.analysis is not None
        if step >= len(self.replay):
            return None, None
        action: Action = self.replay.actions[step]
        weighed = self.analysis.advice.get(step)
        if weighed is not None:
            return weighed, None
        if not isinstance(action, Move):
            return None, None
        if len(self.replay.games[step].legal_moves()) < 2:
            return None, _("There was only one legal move here.")
        if not self.weigh_all and self.replay.seat(step) not in self.host.table.my_seats:
            return None, _("On this page the coach weighs your own decisions only.")
        if self.analysis.error is not None:
            return None, self.analysis.error
        return None, _("The coach is still weighing this decision.")

    def _draw_step(self, *, announce: bool) -> None:
        replay, step = self.replay, self.step
        assert replay is not None
        # The buttons first: once the page shows the new step, a key or a click meets them ready.
        self.first.disabled = self.back.disabled = step == 0
        self.forward.disabled = self.last.disabled = step >= len(replay)
        self.step_title.value = f"<h3 class='uno-dash-section'>{escape(step_title(replay, step))}</h3>"
        self.picture.update(replay.games[step])
        self.hands.value = hands_html(replay, step)
        said = replay.said(step) if step < len(replay) else []
        self.said.value = "".join(f"<p>{escape(line)}</p>" for line in said)
        advice, note = self._advice(step)
        if advice is not None:
            self.options.value = options_html(replay, step, advice)
        else:
            self.options.value = f"<p class='uno-muted'>{escape(note)}</p>" if note else ""
        if announce:
            self.host.voice.bridge.announce(step_sentence(replay, step, advice, note))

    def _draw_progress(self) -> None:
        a = self.analysis
        if a is None:
            return
        total = a.total
        self.progress.max = max(1, total or 1)
        self.progress.value = a.done
        if a.error is not None:
            words = a.error
        elif total is None:
            words = _("The coach is starting…")
        elif a.finished:
            words = ngettext("The coach has weighed the hand's {n} decision.",
                             "The coach has weighed the hand's {n} decisions.", total)
        else:
            words = _("The coach is weighing decision {done} of {total}…", done=min(a.done + 1, total), total=total)
        self.progress_text = words
        self.progress_words.value = f"<span role='status'>{escape(words)}</span>"

    def _draw_swings(self) -> None:
        if self.replay is None or self.analysis is None:
            return
        self._swings = swings(self.replay, self.analysis.advice)
        for i, b in enumerate(self.swing_buttons):
            if i < len(self._swings):
                step, cost = self._swings[i]
                b.description = _("Step {k}: {action} (cost {cost})", k=step + 1,
                                  action=action_words(self.replay, step), cost=format(cost, ".2f"))
                b.layout.display = None
            else:
                b.layout.display = "none"

    def _to_swing(self, i: int) -> None:
        if i < len(self._swings):
            self.go(self._swings[i][0])

    # ------------------------------------------------------------------ the worker's news
    def poll(self) -> None:
        """Take in the decisions weighed since, and redraw what they change."""
        a = self.analysis
        if a is None:
            return
        new = a.poll()
        self._draw_progress()
        if len(a.advice) != self._seen:  # (news taken in by someone else too: Analysis.wait)
            self._seen = len(a.advice)
            self._draw_swings()
            if self.step in new or self.step in a.advice:
                self._draw_step(announce=False)
        if (a.finished or a.error is not None) and not self._said_done:
            self._said_done = True
            self._draw_step(announce=False)
            self.host.voice.bridge.announce(self.progress_text)

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the coach to finish weighing, then show it (tests and scripts; a page
        hears of it by itself)."""
        if self.analysis is not None:
            self.analysis.wait(timeout)
            self.poll()

    def _schedule(self) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # plain Python (no kernel loop): call poll yourself
            return
        self._timer = loop.call_later(POLL, self._tick)

    def _tick(self) -> None:
        self._timer = None
        try:
            self.poll()
        except Exception as exc:  # noqa: BLE001 - on the kernel's loop: the log, not the loop
            log_traceback(exc, "taking in the review's news")
            return
        a = self.analysis
        if a is not None and not a.finished and a.error is None:
            self._schedule()

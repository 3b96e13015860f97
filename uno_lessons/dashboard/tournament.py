"""The class tournament panel, at the foot of the New game… form: the teacher uploads the
learners' saved policies, chooses how many games, runs the tournament and shows the
leaderboard (:func:`uno_lessons.simulation.leaderboard.class_tournament`) for the projector.

Each file is read by :func:`uno_lessons.learn.policy.load_policy` (numbers only, never code);
a refused file is named with the policy's sentence and leaves the entered policies as they
were. The games are seeded (the seed is in the leaderboard's caption), so running again with
the same files gives the same leaderboard.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from ..i18n import _
from ..terminal import log_traceback
from .sentences import something_went_wrong

__all__ = ["TournamentPanel"]

#: Games each bot plays, at least and at most (the default runs in seconds).
MIN_GAMES, MAX_GAMES, GAMES = 20, 2000, 200
#: How many learners' policies one tournament takes.
MAX_POLICIES = 40


class TournamentPanel:
    """Upload policies, Run, and the leaderboard; ``widget`` is the panel."""

    def __init__(self, seed: int = 0) -> None:
        W = widgets
        self.seed = seed
        self.policies: list[Any] = []  # the learners' Policy objects, in upload order
        self.title = W.HTML()
        self.upload = W.FileUpload(accept=".json,.npz", multiple=True, layout=W.Layout(width="auto"),
                                   _dom_classes=("uno-tournament-upload",))
        self.upload.observe(lambda _c: self._uploaded(), "value")
        self.entered = W.HTML(_dom_classes=("uno-tournament-entered",))
        self.note = W.HTML(_dom_classes=("uno-tournament-note",))
        self.games = W.BoundedIntText(value=GAMES, min=MIN_GAMES, max=MAX_GAMES, layout=W.Layout(width="230px"),
                                      style={"description_width": "130px"}, _dom_classes=("uno-tournament-games",))
        self.clear = W.Button(layout=W.Layout(width="auto"), _dom_classes=("uno-tournament-clear",))
        self.clear.on_click(lambda _b: self._clear())
        self.run = W.Button(layout=W.Layout(width="auto"), _dom_classes=("uno-tournament-run",))
        self.run.on_click(lambda _b: self._run())
        self.board = W.HTML(_dom_classes=("uno-leaderboard-view",))
        self.widget = W.VBox([self.title, self.upload, self.entered, self.note,
                              W.HBox([self.games, self.run, self.clear]), self.board],
                             _dom_classes=("uno-tournament",))
        self.leaderboard: Any = None
        self.relabel()

    def relabel(self) -> None:
        """Words in the current language (a leaderboard shown stays as it was run)."""
        self.title.value = (
            f"<h3 class='uno-dash-section' id='uno-tournament-title'>{escape(_('Class tournament'))}</h3>"
            f"<p class='uno-muted'>{escape(_('Upload the learners’ saved policies (.json or .npz), then run: each bot, the learners’ and the built-in random and sensible bots, plays the same seeded games against sensible bots.'))}</p>")
        self.upload.description = _("Upload policies")
        self.upload.tooltip = _("Upload learners' saved policies (.json or .npz) for the tournament")
        self.games.description = _("Games per bot")
        self.run.description = _("Run the tournament")
        self.clear.description = _("Remove the uploaded policies")
        self._show_entered()

    def _show_entered(self) -> None:
        if not self.policies:
            self.entered.value = f"<p>{escape(_('No learner’s policy uploaded yet.'))}</p>"
            return
        names = ", ".join(p.name for p in self.policies)
        self.entered.value = f"<p>{escape(_('Policies entered: {names}.', names=names))}</p>"

    def _say(self, lines: list[str]) -> None:
        self.note.value = "".join(f"<p role='status'>{escape(line)}</p>" for line in lines)

    def _uploaded(self) -> None:
        from ..learn.policy import PolicyError, load_policy

        files = self.upload.value
        if not files:
            return
        said = []
        try:
            for upload in files:
                name = str(upload["name"])[:60]
                if len(self.policies) >= MAX_POLICIES:
                    said.append(_("{file} was not entered: a tournament takes at most {n} policies.",
                                  file=name, n=MAX_POLICIES))
                    continue
                try:
                    self.policies.append(load_policy(bytes(upload["content"]), filename=name))
                except PolicyError as exc:
                    said.append(_("{file} was not entered: {reason}", file=name, reason=str(exc)))
        except Exception as exc:  # noqa: BLE001 - a fault of ours: the terminal, and a plain sentence
            log_traceback(exc, "reading uploaded policies")
            said.append(something_went_wrong())
        finally:
            self.upload.value = ()
        self._show_entered()
        self._say(said)

    def _clear(self) -> None:
        self.policies = []
        self._show_entered()
        self._say([])

    def _run(self) -> None:
        from ..simulation.leaderboard import class_tournament

        try:
            self.run.disabled = True
            self.leaderboard = class_tournament(self.policies, games=int(self.games.value), seed=self.seed)
        except Exception as exc:  # noqa: BLE001 - a fault of ours: the terminal, and a plain sentence
            log_traceback(exc, "running the class tournament")
            self._say([something_went_wrong()])
            return
        finally:
            self.run.disabled = False
        self.board.value = self.leaderboard.html()
        self._say([])

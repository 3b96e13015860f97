"""The Review view (issue 38), driven from Python: a finished hand step by step on a
one-screen game, a teacher's, a projector's and a learner's page; refused while the hand is
played (a crafted click builds nothing); a learner's page holds no coach output while a hand
runs, and weighs only its own decisions afterwards."""

from __future__ import annotations

import json

import pytest

from uno_lessons import Game, Move
from uno_lessons.dashboard import LiveGame, dashboard_page
from uno_lessons.dashboard.review import ROLLOUTS_ENV, review_rollouts
from uno_lessons.table import open_store


@pytest.fixture(autouse=True)
def few_rollouts(monkeypatch):
    monkeypatch.setenv(ROLLOUTS_ENV, "3")


def _page_text(page) -> str:
    """The state of every live widget of the page (what reaches the browser)."""
    from uno_lessons.dashboard.closing import widget_tree

    return json.dumps([w.get_state() for w in widget_tree(page) if w.comm is not None], ensure_ascii=False)


def test_a_finished_one_screen_hand_is_looked_back_at_step_by_step():
    live = LiveGame(players=3, seed=2, seats=["sensible", "random", "sensible"], speed="turbo")
    review = live.parts.review
    assert review.open_button.layout.display == "none" and not review.body.children
    live.run_bots()
    assert live.look().view.play.winner is not None
    assert review.open_button.layout.display is None  # offered once the hand is over
    review.open_button.click()
    assert review.is_open and review.open_button.layout.display == "none"
    review.wait(300)
    assert review.analysis.finished and review.analysis.total == len(review.analysis.advice) > 0
    assert "weighed the hand's" in review.progress_text
    assert "Step 1 of" in review.step_title.value and review.first.disabled and not review.forward.disabled
    review.forward.click()
    assert review.step == 1 and "Step 2 of" in review.step_title.value
    review.last.click()
    assert review.step == len(review.replay) and "The end of the hand" in review.step_title.value
    winner = review.replay.games[-1].names[review.replay.games[-1].winner]
    assert f"{winner} won" in review.step_title.value and review.forward.disabled and review.said.value == ""
    # Forward and Last are disabled at the end: focus goes to Back (from the buttons or from
    # nowhere), never to the page's body; at the start, to Forward.
    bridge = live.voice.bridge
    assert bridge.last("focus") == {"cmd": "focus", "selector": ".uno-dash .uno-review-back",
                                    "only_from": ".uno-review-nav"}
    review.first.click()
    assert bridge.last("focus")["selector"] == ".uno-dash .uno-review-forward"
    # Every hand face up at each step, the mover marked.
    review.go(0)
    assert review.hands.value.count("uno-other-row") == 3 and "uno-review-mover" in review.hands.value
    # A decision shows the options, the move made marked, and what it cost.
    step = next(iter(review.analysis.advice))
    review.go(step)
    assert "uno-review-made" in review.options.value and "chance to win" in review.options.value
    # The biggest swings jump to their step.
    shown = [b for b in review.swing_buttons if b.layout.display != "none"]
    if shown:
        shown[0].click()
        assert review.step == review._swings[0][0]
    body = list(review.body.children)
    review.close_button.click()
    assert not review.is_open and all(w.comm is None for w in body)
    assert review.open_button.layout.display is None  # it can be opened again


def test_a_hand_still_being_played_is_refused_and_a_crafted_click_builds_nothing():
    live = LiveGame(players=3, seed=2, seats=["human", "sensible", "sensible"], speed="turbo")
    review = live.parts.review
    assert live.look().view.play.winner is None
    review.open_button.click()  # hidden, but a browser can still send the click
    assert not review.is_open and not review.body.children and review.analysis is None
    assert "still being played" in live.parts.message.value


def test_a_learner_page_holds_no_coach_output_while_the_hand_runs_and_weighs_only_its_own_after():
    store = open_store("memory://")
    start = Game.from_position(["G3 G4 R9", "B7 B8 Y5", "Y1 Y2 R2"], "G5", "R1 R3 R4 R5 R6 R7 R8", current=0,
                               names=["Ana", "Ben", "Caro"])
    code, key = store.create(["Ana", "Ben", "Caro"], ["human", "sensible", "sensible"], seed=3,
                             start=start.to_json())
    page = dashboard_page(f"table={code}", store=store)
    form = next(c for c in page.children if "uno-join" in getattr(c, "_dom_classes", ()))
    form.children[1].value, form.children[2].value = 0, "Ana"
    form.children[3].children[0].click()
    live: LiveGame = page.game
    review = live.parts.review
    text = _page_text(page)
    for words in ("chance to win", "uno-review-options", "The coach", "Looking back"):
        assert words not in text, words
    review.open_button.click()  # crafted: the hand runs
    assert not review.is_open and "still being played" in live.parts.message.value
    # Ana plays the hand out (her first legal move each time), the bots theirs.
    for _turn in range(200):
        live.table.run_bots()
        view = live.look().view
        if view.play.winner is not None:
            break
        live.table.apply(view.play.legal_moves[0])
    live.refresh()
    assert live.look().view.play.winner is not None
    review.open_button.click()
    review.wait(300)
    assert review.analysis.finished
    seats = {review.replay.seat(k) for k in review.analysis.advice}
    assert seats <= {0}
    others = [k for k in range(len(review.replay)) if review.replay.seat(k) != 0
              and len(review.replay.games[k].legal_moves()) > 1]
    if others:
        review.go(others[0])
        assert "your own decisions only" in review.options.value


def test_the_teacher_and_the_projector_weigh_every_seat():
    store = open_store("memory://")
    code, key = store.create(["Ana", "Ben"], ["sensible", "random"], seed=4)
    teacher = dashboard_page(f"table={code}&teacher={key}", store=store).game
    watcher = dashboard_page(f"table={code}&watch=1", store=store).game
    teacher.table.run_bots()
    for page in (teacher, watcher):
        page.table.sync()
        page.refresh()
        assert page.plan.review_all
        review = page.parts.review
        review.open_button.click()
        review.wait(300)
        assert {review.replay.seat(k) for k in review.analysis.advice} == {0, 1}


def test_the_rollouts_come_from_the_environment_or_the_default(monkeypatch):
    assert review_rollouts() == 3
    monkeypatch.setenv(ROLLOUTS_ENV, "many")
    assert review_rollouts() == 100
    monkeypatch.delenv(ROLLOUTS_ENV)
    assert review_rollouts() == 100


def test_a_hand_played_on_from_a_saved_game_is_looked_back_at_from_that_position():
    live = LiveGame(players=2, seed=1, seats=["sensible", "sensible"], speed="turbo")
    saved = Game.from_position(["G3 R7", "B5 B6 Y2"], "G5", "R1 R2 R3 R4", names=["Ana", "Ben"])
    live.show_position(Game.from_json(saved.to_json()))
    live.run_bots()
    review = live.parts.review
    review.open_button.click()
    review.wait(300)
    assert [list(map(str, h)) for h in review.replay.games[0].hands] == [["G3", "R7"], ["B5", "B6", "Y2"]]
    first = next(k for k, a in enumerate(review.replay.actions) if isinstance(a, Move))  # (after her UNO)
    assert review.analysis.finished and first in review.analysis.advice  # G3 or draw: a decision

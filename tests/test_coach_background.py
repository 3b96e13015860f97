"""The review weighed by a worker process (issue 38): the same advice as in this process,
streamed decision by decision; a hand still being played is refused by the worker too."""

from __future__ import annotations

import io
import json

from uno_lessons.coach import review
from uno_lessons.coach.background import Analysis
from uno_lessons.coach.review import make_action
from uno_lessons.coach.worker import messages, option_data, option_of, request_line
from uno_lessons.table import Table


def _played(seats=("sensible", "random", "sensible"), seed=3) -> Table:
    table = Table.local(["Ana", "Ben", "Caro"], list(seats), seed=seed)
    table.run_bots()
    return table


def test_the_worker_gives_the_advice_of_the_review_in_this_process():
    table = _played()
    start, actions = table.finished_hand()
    analysis = Analysis(start, actions, config=table.state.config.to_json(), records=list(table.state.log), hand=1,
                        rollouts=4, seed=1)
    analysis.start()
    analysis.wait(120)
    assert analysis.finished and analysis.error is None
    here = {s.number: s.advice for s in review(start, actions, rollouts=4, seed=1) if s.advice is not None}
    assert analysis.advice == here and analysis.total == len(here) == analysis.done
    game = start.copy()
    for number, action in enumerate(actions):  # the engine's own moves, legal there
        if number in analysis.advice:
            legal = game.legal_moves()
            assert all(any(o.move is m for m in legal) for o in analysis.advice[number].options)
            assert analysis.advice[number].seat == game.current_player
        make_action(game, action)


def test_only_the_seats_asked_for_are_weighed_and_the_options_travel_as_data():
    table = _played()
    start, actions = table.finished_hand()
    request = json.loads(request_line(table.state.config.to_json(), list(table.state.log), 1, rollouts=2, seed=5,
                                      seats=[0]))
    said = list(messages(request))
    assert said[0] == {"total": sum(1 for m in said if "number" in m)} and said[-1] == {"done": True}
    steps = {s.number: s for s in review(start, actions, rollouts=2, seed=5)}
    for message in said[1:-1]:
        step = steps[message["number"]]
        assert step.seat == 0
        legal = list({o.move for o in step.advice.options})
        assert [option_of(o, legal) for o in message["options"]] == list(step.advice.options)
        assert message["options"] == [option_data(o) for o in step.advice.options]


def test_a_hand_still_being_played_is_refused_by_the_worker(monkeypatch):
    table = Table.local(["Ana", "Ben"], ["sensible", "sensible"], seed=2)
    table.step()
    request = json.loads(request_line(table.state.config.to_json(), list(table.state.log), 1, rollouts=2, seed=1))
    assert list(messages(request)) == [{"error": "This hand is still being played: it can be looked back at once it "
                                                 "is over."}]
    from uno_lessons.coach import worker

    monkeypatch.setattr(worker.os, "nice", lambda n: 0)  # (this test process keeps its priority)
    out = io.StringIO()
    assert worker.main(io.StringIO(json.dumps(request) + "\n"), out) == 0
    assert json.loads(out.getvalue()) == {"error": "This hand is still being played: it can be looked back at once "
                                                   "it is over."}

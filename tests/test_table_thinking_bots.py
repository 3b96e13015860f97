"""A thinking bot (the coach: about a second of CPU a move) is computed on one page of a
class table, not on all of them: the pages take turns by :attr:`Table.bot_rank`, each
waiting :attr:`Table.handover` seconds longer; the other bots' moves stay every page's."""

from __future__ import annotations

import uno_lessons.coach  # noqa: F401  (registers the "coach" bot)
from uno_lessons import Game
from uno_lessons.table import Table, TableConfig, open_store

PILE = "R2 R3 R4 R6 R7 R8 R9 Y1 Y2 Y6"


def class_table(bot: str) -> tuple[Table, list[Table], Table]:
    """Three learners and a bot (to move, with a choice), opened as a class opens them: the
    teacher's page, each learner's page, a watcher's."""
    start = Game.from_position(["R5 G2 G3", "R7 Y3 Y4", "B1 B2 B3", "R8 G8 Y5 B6"], "R1", PILE,
                               current=3).to_json()
    store = open_store("memory://")
    code, key = store.create_table(TableConfig.make(["Ana", "Ben", "Caro", "Dev"],
                                                    ["human", "human", "human", bot], seed=5, start=start))
    learners = [Table(store.join(code, seat=s)) for s in range(3)]
    teacher, watcher = Table(store.teacher(code, key)), Table(store.watch(code))
    for page in (teacher, *learners, watcher):
        page.sync()
    return teacher, learners, watcher


def test_the_pages_take_turns_for_a_thinking_bot_and_not_for_the_others():
    teacher, learners, watcher = class_table("coach")
    assert [teacher.bot_rank, *(p.bot_rank for p in learners), watcher.bot_rank] == [0, 0, 1, 2, 4]
    assert learners[2].bot_wait == learners[2].pause + 2 * learners[2].handover
    teacher, learners, watcher = class_table("sensible")
    assert {p.bot_wait for p in (teacher, *learners, watcher)} == {teacher.pause}


def test_only_the_first_learner_computes_the_coachs_move_and_the_next_one_stands_in():
    _teacher, (ana, ben, caro), _watcher = class_table("coach")
    store, code = ana.handle.store, ana.code
    seq = store.seq(code)
    # The pause is over for every page: Ben and Caro wait for Ana's page, which moves.
    for page in (ben, caro):
        assert page.tick(now=page._last_change + page.pause + 0.01) is False
    assert store.seq(code) == seq
    assert ana.tick(now=ana._last_change + ana.pause + 0.01) is True and store.seq(code) > seq
    assert ben.sync() and ben.state.game.current_player == 0  # told of it: nothing to compute


def test_when_the_first_page_is_gone_the_next_takes_over_after_the_handover():
    _teacher, (_ana, ben, _caro), _watcher = class_table("coach")
    store, code = ben.handle.store, ben.code
    seq = store.seq(code)
    assert ben.tick(now=ben._last_change + ben.pause + 0.01) is False and store.seq(code) == seq
    assert ben.tick(now=ben._last_change + ben.pause + ben.handover + 0.01) is True
    assert store.seq(code) > seq and ben.state.game.current_player == 0


def test_every_page_moves_a_bot_that_does_not_think_at_once():
    _teacher, (_ana, _ben, caro), _watcher = class_table("sensible")
    assert caro.tick(now=caro._last_change + caro.pause + 0.01) is True
    assert caro.state.game.current_player == 0

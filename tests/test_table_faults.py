"""Faults lose nothing and explain themselves (issue 9, item 5): a stored row edited by
hand, a record or config of another format, a page whose table stops replaying. Every
backend; the rows are edited behind the store's back, as a person with the file would."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import pytest
from table_backends import raw_edit

from uno_lessons import Game, IllegalMove
from uno_lessons.table import Table, TableError
from uno_lessons.table.records import decode, fields_of
from uno_lessons.table.state import TableState


def played_table(store):
    """A table with two learners and a bot after a dozen records; returns (code, key, seats)."""
    code, key = store.create(["Ana", "Ben", "Caro"], ["human", "human", "sensible"], seed=13)
    seats = [store.join(code), store.join(code)]
    watcher = store.watch(code)
    while store.seq(code) < 14:
        watcher.sync()
        mover = watcher.state.game.current_player
        if mover == 2:
            watcher.step_bots()
        else:
            seats[mover].sync()
            seats[mover].apply(seats[mover].legal_moves()[-1])
    return code, key, seats


def assert_explained(error: TableError, code: str, number: int | None = None) -> None:
    """The message a teacher gets: which table, which record, probably edited by hand; no
    traceback text."""
    text = str(error)
    assert f"Table {code}" in text, text
    if number is not None:
        assert f"record {number} " in text, text
    assert "edited by hand" in text, text
    assert "Traceback" not in text and 'File "' not in text


def every_way_in(store, code: str, key: str, token: str) -> Iterator[TableError]:
    """Opening the table in any way gives the same explained error."""
    for open_it in (lambda: store.load(code), lambda: store.watch(code), lambda: store.join(code),
                    lambda: store.rejoin(code, token), lambda: store.teacher(code, key)):
        with pytest.raises(TableError) as told:
            open_it()
        yield told.value


def test_a_move_edited_to_a_card_the_player_does_not_hold(store):
    code, key, seats = played_table(store)
    records = store.records(code)
    number = next(i for i, r in enumerate(records, 1) if r.startswith('["move"') and '"play"' in r)
    before = TableState.replay(store.load(code).config, records[:number - 1])
    rec = decode(records[number - 1])
    held = {c.code for c in before.game.hands[rec.seat]}
    other = next(c for c in ("R0", "Y0", "G0", "B0", "RS", "YS") if c not in held)
    raw_edit(store, code, record=number, text=json.dumps(fields_of(rec)[:3] + [other, None, None]))
    for error in every_way_in(store, code, key, seats[0].token):
        assert_explained(error, code, number)
        assert "does not hold" in str(error)
        assert isinstance(error.__cause__, IllegalMove)


BAD_RECORDS = {
    "not JSON": "move R5",
    "an object": '{"kind": "move", "seat": 0}',
    "too short": '["move", 0]',
    "an unknown kind": '["jump", 0]',
    "an unknown card": '["move", 0, "play", "Q9", null, null]',
    "an unknown colour": '["move", 0, "play", "W", "P", null]',
    "a seat that is not there": '["talk", 9]',
    "a seat that is text": '["uno", "0"]',
    "a deal mid-hand": '["deal"]',
    "a join of a taken seat": '["join", 0, "Mallory"]',
}


@pytest.mark.parametrize("text", BAD_RECORDS.values(), ids=BAD_RECORDS.keys())
def test_a_record_of_another_format_is_explained(store, text):
    code, key, seats = played_table(store)
    number = store.seq(code) - 2
    raw_edit(store, code, record=number, text=text)
    for error in every_way_in(store, code, key, seats[0].token):
        assert_explained(error, code, number)


def config_of(store, code: str) -> dict:
    return json.loads(store.load(code).config.to_json())


BAD_CONFIGS = {
    "not JSON": lambda c: "{names: Ana}",
    "another format": lambda c: json.dumps({**c, "format": 2}),
    "one player": lambda c: json.dumps({**c, "names": ["Ana"], "seats": ["human"]}),
    "a seat kind unknown": lambda c: json.dumps({**c, "seats": ["human", "human", "robot"]}),
    "unknown rules": lambda c: json.dumps({**c, "rules": {"colours": 5}}),
    "a seed that is text": lambda c: json.dumps({**c, "seed": "abc"}),
    "names that are numbers": lambda c: json.dumps({**c, "names": [1, 2, 3]}),
    "a start that is no game": lambda c: json.dumps({**c, "start": "{}"}),
    "a start for two players": lambda c: json.dumps(
        {**c, "start": Game.from_position(["R1", "R2"], "R3", "R4").to_json()}),
}


@pytest.mark.parametrize("make", BAD_CONFIGS.values(), ids=BAD_CONFIGS.keys())
def test_a_corrupt_config_is_explained(store, make):
    code, key, seats = played_table(store)
    raw_edit(store, code, text=make(config_of(store, code)))
    for error in every_way_in(store, code, key, seats[0].token):
        assert_explained(error, code)


def test_a_page_whose_table_stops_replaying_stops_its_clock_and_says_why(store):
    code, key, seats = played_table(store)
    table = Table.connect(store, code, teacher=key)
    heard = []
    table.observe(heard.append)
    number = store.seq(code) + 1
    store.backend.append(code, number - 1, ['["deal"]'])  # a record that does not fit, added by hand

    async def main() -> None:
        table.poll = 0.005
        assert table.start()
        for _ in range(400):
            if table.problem:
                break
            await asyncio.sleep(0.005)
        table.stop()

    asyncio.run(main())
    assert table.problem is not None and heard, "the page must be told"
    assert f"Table {code}" in table.problem and f"record {number} " in table.problem
    assert "edited by hand" in table.problem
    with pytest.raises(TableError):
        table.tick()


def tampered_start() -> str:
    """A saved game of three seats edited by hand: Ana holds three R5, but the Encanto deck
    has two (issue 13, item 5)."""
    data = json.loads(Game.from_position(["R5 R6", "Y3 Y4", "B1 B2"], "R1", "G7 R2 R3").to_json())
    data["hands"][0] += ["R5", "R5"]
    return json.dumps(data)


def test_a_table_cannot_be_created_from_a_tampered_save(store):
    with pytest.raises(TableError, match="starting position is not a possible game") as told:
        store.create(["Ana", "Ben", "Caro"], ["human"] * 3, seed=1, start=tampered_start())
    assert "R5" in str(told.value), str(told.value)
    assert isinstance(told.value.__cause__, ValueError)


def test_a_stored_config_edited_to_a_tampered_save_is_explained_on_every_way_in(store):
    start = Game.from_position(["R5 R6", "Y3 Y4", "B1 B2"], "R1", "G7 R2 R3").to_json()
    code, key = store.create(["Ana", "Ben", "Caro"], ["human"] * 3, seed=1, start=start)
    token = store.join(code).token
    config = json.loads(store.load(code).config.to_json())
    config["start"] = tampered_start()
    raw_edit(store, code, text=json.dumps(config))
    for error in every_way_in(store, code, key, token):
        assert_explained(error, code)
        assert "not a possible game" in str(error) and "R5" in str(error), str(error)

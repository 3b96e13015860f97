"""A table's config and secrets (config.py) and its records as JSON (records.py)."""

from __future__ import annotations

import numpy as np
import pytest

from uno_lessons import Game, Rules
from uno_lessons.engine.asides import Catch, JumpIn, SayUno, Talk
from uno_lessons.table import TableConfig, TableError
from uno_lessons.table.config import (
    CODE_ALPHABET,
    CODE_LENGTH,
    clean_name,
    digest,
    new_code,
    normal_code,
    same_secret,
)
from uno_lessons.table.kinds import SeatKind
from uno_lessons.table.records import (
    RECORD_KINDS,
    Close,
    Deal,
    Join,
    Moved,
    Seated,
    Speed,
    decode,
    encode,
    fields_of,
    from_fields,
    kind_of,
)


# ---------------------------------------------------------------------- config
def test_make_cleans_names_and_fills_in_defaults():
    config = TableConfig.make([" Ana ", "Ben\tBo", "Caro"], seed=3)
    assert config.names == ("Ana", "Ben Bo", "Caro") and config.seats == ("human",) * 3
    assert config.rules == Rules.encanto() and config.seed == 3 and config.start is None
    assert TableConfig.make(2, rules="classic", seed=0).names == ("Ana", "Ben")
    assert TableConfig.make(2, rules="classic", seed=0).rules == Rules.classic()
    fresh = TableConfig.make(2)
    assert isinstance(fresh.seed, int) and fresh.seed >= 0


@pytest.mark.parametrize(("players", "seats", "kw", "reason"), [
    (["Ana"], None, {}, "2 to 10 players; this table has 1"),
    (11, None, {}, "this table has 11"),
    (3, ["human", "human"], {}, "for each of the 3 seats"),
    (2, ["human", "robot"], {}, "“robot” cannot sit at a seat"),
    (2, None, {"rules": "house"}, "“encanto” or “classic”"),
    (2, None, {"seed": -1}, "whole number from 0 up"),
    (["Ana", "\x00 "], None, {}, "type a name"),
], ids=["one player", "eleven", "seats short", "robot", "house rules", "negative seed", "blank name"])
def test_make_refuses_a_table_that_cannot_be(players, seats, kw, reason):
    with pytest.raises(TableError, match=reason):
        TableConfig.make(players, seats, **kw)


def test_a_config_round_trips_through_json():
    start = Game.from_position(["R1", "R2"], "R3", "R4").to_json()
    for config in (TableConfig.make(["Zoë", "Ben"], ["human", "sensible"], rules="classic", seed=9),
                   TableConfig.make(2, seed=0, start=start)):
        assert TableConfig.from_json(config.to_json()) == config


def test_table_codes_as_people_type_them():
    assert normal_code(" k7qm-3x ") == "K7QM3X" and normal_code("K7Q M3X") == "K7QM3X"
    for bad in ("K7QM3", "K7QM3XY", "K7QM3I", "K7QM3O", None, ""):  # I and O are never used
        with pytest.raises(TableError, match="is not a table code"):
            normal_code(bad)
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200 and all(len(c) == CODE_LENGTH and set(c) <= set(CODE_ALPHABET) for c in codes)


def test_names_are_cleaned_for_showing():
    assert clean_name("  Zoë \u200b\x1b[31m the\n  Great  ") == "Zoë [31m the Great"
    assert clean_name("x" * 50) == "x" * 20
    assert clean_name(7) == "7"
    with pytest.raises(TableError):
        clean_name("\t\n ")


def test_secrets_compare_by_their_hash():
    stored = digest("s3cret")
    assert same_secret("s3cret", stored) and not same_secret("s3cret ", stored)
    assert not same_secret("s3cret", None) and stored != "s3cret" and len(stored) == 64


# ---------------------------------------------------------------------- records
def test_every_move_of_whole_games_round_trips_as_a_record():
    seen = set()
    for seed, rules in ((1, Rules.encanto()), (2, Rules.classic()), (3, Rules.encanto())):
        game = Game.new(4, rules=rules, seed=seed)
        rng = np.random.default_rng(seed)
        for _move in range(2000):
            if game.winner is not None:
                break
            for move in game.legal_moves():
                record = Moved(game.current_player, move)
                assert decode(encode(record)) == record
                assert from_fields(fields_of(record)) == record
                seen.add((move.kind, move.color is not None, move.target is not None))
            moves = game.legal_moves()
            game.apply(moves[int(rng.integers(len(moves)))])
    assert ("play", True, True) in seen and ("draw", False, False) in seen  # a WDT, a draw


TABLE_RECORDS = [SayUno(1), Catch(0, 2), Talk(3), Deal(), Join(2, "Zoë"), Seated(1, SeatKind.SENSIBLE),
                 Speed("turbo"), Close(), JumpIn(2, "R5", None), JumpIn(1, "G7", 3)]


def test_table_actions_round_trip_as_records():
    assert {kind_of(r) for r in TABLE_RECORDS} | {"move"} == set(RECORD_KINDS)
    for record in TABLE_RECORDS:
        assert decode(encode(record)) == record
        assert fields_of(record)[0] == kind_of(record)
    assert encode(Join(0, "Zoë")) == '["join",0,"Zoë"]'  # compact, names as written
    assert encode(Catch(0, 2)) == '["catch",0,2]' and encode(Seated(1, SeatKind.SENSIBLE)) == '["seat",1,"sensible"]'
    assert decode('["close"]') == Close() and encode(Deal()) == '["deal"]'  # the stored text as before


@pytest.mark.parametrize("text", [
    "", "[]", "{}", '"move"', '["move"]', '["move", 0, "fly", null, null, null]',
    '["move", true, "draw", null, null, null]', '["move", 0, "play", "Q9", null, null]',
    '["uno"]', '["uno", -1]', '["uno", 16]', '["catch", 0]', '["talk", 1.0]', '["deal", 1]',
    '["join", 0, 7]', '["seat", 0, "robot"]', '["jump", 0, "R5"]', '["jump", 0, "Q9", null]',
    '["jump", 0, 5, null]', '["jump", 0, "R7", "Ana"]', '["speed", "warp"]', '["speed", ["fast"]]', '["hack", 0]',
])
def test_records_of_another_shape_are_refused(text):
    with pytest.raises(TableError, match="cannot be read"):
        decode(text)


def test_seat_kinds_and_roles_are_the_strings_a_store_keeps():
    from uno_lessons.table import Role, SeatKind
    from uno_lessons.table.kinds import BOT_KINDS

    assert SeatKind.known("human") and SeatKind.known(SeatKind.RANDOM) and not SeatKind.known("alien")
    assert not SeatKind.known(None) and not SeatKind.known(["human"])
    assert BOT_KINDS == ("random", "sensible", "learned", "coach") and not SeatKind.HUMAN.is_bot
    config = TableConfig.make(3, ["human", SeatKind.SENSIBLE, "random"], seed=3)
    text = config.to_json()
    assert '"seats":["human","sensible","random"]' in text  # a stored table loads as before
    assert TableConfig.from_json(text).seats == ("human", "sensible", "random")
    assert TableConfig.make(2, seed=1).seats == ("human", "human")
    assert [r.value for r in Role] == ["local", "teacher", "seat", "spectator"]

"""Nobody sees or does what is not theirs (issue 9, item 4), checked in the views, the
handles and the stored rows themselves: no other seat's card in a learner's or spectator's
view, secrets that do not follow from the seed, only hashes at rest, no acting without a
token."""

from __future__ import annotations

import base64
import hashlib
import random
import secrets

import numpy as np
import pytest
from table_backends import raw_texts
from table_play import Classroom, assert_no_hidden_card, codes_in, play

from uno_lessons import Game, IllegalMove
from uno_lessons.table import Table, TableError, open_store
from uno_lessons.table.views import table_view


# ---------------------------------------------------------------------- what a view holds
def test_a_card_drawn_by_another_seat_shows_in_no_view_but_its_own_and_the_teachers():
    # G7 is the only G7 of this position; Ben draws it. Ana, Caro and a spectator must not
    # find it anywhere in their views, log included; Ben and the teacher do.
    store = open_store("memory://")
    start = Game.from_position(["R5 R6", "Y3 Y4", "B1 B2"], "R1", "G7 R2 R3", current=1,
                               names=["Ana", "Ben", "Caro"]).to_json()
    code, key = store.create(["Ana", "Ben", "Caro"], ["human"] * 3, seed=1, start=start)
    ana, ben, caro = (store.join(code) for _ in range(3))
    ben.sync()
    ben.apply(next(m for m in ben.legal_moves() if m.kind == "draw"))
    for page in (ana, caro, store.watch(code)):
        page.sync()
        view = page.view()
        assert "G7" not in repr(view) and "green 7" not in repr(view)
        assert any("Ben draws 1 card." == line for line in view.play.log)
        assert_no_hidden_card(view, page.state)
    ben.sync()
    assert "Ben draws 1 card (G7)." in ben.view().play.log
    assert [c.code for c in ben.view().play.hand] == ["Y3", "Y4", "G7"]
    teacher = store.teacher(code, key).view()
    assert "Ben draws 1 card (G7)." in teacher.play.log and "G7" in codes_in(" ".join(teacher.play.log))


def check_no_leaks(room: Classroom, stored) -> None:
    """After every record: the spectator's and each learner's view hide every other hand."""
    assert_no_hidden_card(room.watcher.view(), stored)
    for seat in room.seats.values():
        assert_no_hidden_card(seat.view(), stored)
    assert room.teacher.view().hands == tuple(tuple(h) for h in stored.game.hands)


@pytest.mark.parametrize(("seed", "rules"), [(41, "encanto"), (42, "classic")])
def test_random_classes_never_show_a_hidden_card(seed, rules):
    room = Classroom.open(open_store("memory://"), ["Ana", "Ben", "Caro", "Dev"],
                          ["human", "sensible", "human", "random"], seed=seed, rules=rules)
    counts = play(room, seed, 160, check_no_leaks)
    assert counts["stored"] > 80, counts


def test_a_seat_page_shows_only_its_own_hand_whatever_it_asks_for():
    store = open_store("memory://")
    code, key = store.create(3, seed=2)
    tokens = [store.join(code).token for _ in range(3)]
    page = Table.connect(store, code, token=tokens[1])
    for asked in (None, 0, 1, 2):
        view = page.view(asked)
        assert view.seat == 1 and view.hands is None
        assert_no_hidden_card(view, page.state)
    assert page.view(teacher=True).hands is None
    spectator = Table.connect(store, code, watch=True)
    for asked in (None, 0, 1, 2):
        assert spectator.view(asked).play.hand == () and spectator.view(asked).seat is None
    assert table_view(page.state, code, "teacher").hands is not None  # only the teacher's role


# ---------------------------------------------------------------------- secrets
def test_codes_tokens_and_keys_do_not_follow_from_the_seed(store):
    made = []
    for _ in range(2):
        random.seed(0)  # whatever the program seeds, the secrets stay secret
        np.random.seed(0)
        code, key = store.create(["Ana", "Ben"], ["human", "human"], seed=7)
        made.append((code, key, store.join(code).token, store.join(code).token))
    (code1, key1, *tokens1), (code2, key2, *tokens2) = made
    assert code1 != code2 and key1 != key2 and not set(tokens1) & set(tokens2)
    assert store.load(code1).game.hands == store.load(code2).game.hands  # same seed, same deal
    for secret in (key1, key2, *tokens1, *tokens2):
        assert len(base64.urlsafe_b64decode(secret + "=" * (-len(secret) % 4))) * 8 >= 128


def test_the_store_keeps_only_hashes_of_tokens_and_teacher_keys(store):
    code, key = store.create(["Ana", "Ben", "Caro"], ["human", "human", "random"], seed=3)
    tokens = [store.join(code).token, store.join(code).token]
    rows = raw_texts(store, code)
    assert rows, "the raw rows of the table must be readable here"
    for secret in (key, *tokens):
        assert not any(secret in text for text in rows), "a secret is stored in clear"
        assert hashlib.sha256(secret.encode()).hexdigest() in rows  # its hash is


def test_a_guessed_code_without_a_token_cannot_act(store):
    code, key = store.create(["Ana", "Ben"], ["human", "human"], seed=5)
    store.join(code)
    store.join(code)
    seq = store.seq(code)
    watcher = store.watch(code)  # anyone who knows the code may watch…
    for action in ("apply", "legal_moves", "say_uno", "catch", "talk", "deal", "set_seat", "set_speed"):
        assert not hasattr(watcher, action)
    with pytest.raises(TableError, match="Every learner's seat"):
        store.join(code)  # …but the table is full
    for _guess in range(50):
        with pytest.raises(TableError):
            store.rejoin(code, secrets.token_urlsafe(16))
        with pytest.raises(TableError):
            store.teacher(code, secrets.token_urlsafe(16))
    page = Table.connect(store, code, watch=True)
    with pytest.raises(IllegalMove, match="You are watching"):
        page.say_uno(0)
    assert store.seq(code) == seq
    store.teacher(code, key).set_seat(1, "random")
    with pytest.raises(TableError, match="played by a bot"):
        store.join(code, seat=1)  # a seat handed to a bot cannot be taken over either

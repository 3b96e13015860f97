"""Learners' bots at the class table (issue 23, item 4): a learned seat's policy kept as data
in the table's config on both shared stores, refusals that change nothing, the same records
on two pages, the New game form's upload, and a seeded class tournament."""

from __future__ import annotations

import datetime
import io
import json
import math
import pickle
from html import unescape

import numpy as np
import pytest

from uno_lessons.dashboard import LiveGame
from uno_lessons.dashboard.tournament import TournamentPanel
from uno_lessons.engine.kinds import MoveKind
from uno_lessons.learn import FEATURES, Policy, save_policy
from uno_lessons.simulation.leaderboard import class_tournament
from uno_lessons.table import Table, TableConfig, TableError, open_store
from uno_lessons.table.bots import bot_records, seat_bot
from uno_lessons.table.records import decode, fields_of

SEATS = ["human", "learned", "sensible", "learned"]


def weights(**named: float) -> np.ndarray:
    """A weight per feature of FEATURES: the named ones as given, the rest 0."""
    return np.array([named.get(f, 0.0) for f in FEATURES])


#: A policy anyone can read off its weights: draw whenever it may, keep what it drew.
DRAWER = Policy("Ana", FEATURES, weights(draws=5.0, keeps_drawn=5.0))
#: A policy that plays cards, points first, and keeps its colour.
PLAYER = Policy("Ben", FEATURES, weights(plays_card=3.0, card_points=0.1, keeps_colour=1.0, is_bluff=-4.0))


def count_creates(store) -> list[int]:
    """Count the store's table writes from here on (a refused create must make none)."""
    calls: list[int] = []
    inner = store.backend.create

    def counting(*args, **kwargs):
        calls.append(1)
        return inner(*args, **kwargs)

    store.backend.create = counting
    return calls


# ---------------------------------------------------------------------- the config
def test_a_learned_seats_policy_round_trips_through_the_shared_stores(shared_url):
    store = open_store(shared_url)
    code, key = store.create(4, SEATS, policies={1: DRAWER, 3: PLAYER.to_data()}, seed=12)
    again = open_store(shared_url)  # another page's store: everything comes from the stored text
    state = again.load(code)
    assert state.kinds == SEATS
    assert state.names[1] == "Ana's bot" and state.names[3] == "Ben's bot"
    assert state.config.policies == {1: DRAWER.to_data(), 3: PLAYER.to_data()}
    assert state.config.policy(1) == DRAWER and state.config.policy(3) == PLAYER
    assert TableConfig.from_json(state.config.to_json()) == state.config
    assert again.teacher(code, key).view().learned == frozenset({1, 3})
    with pytest.raises(TableError, match="Seat 2 has no learned bot"):
        state.config.policy(2)
    store.close()
    again.close()


def test_a_table_without_a_learned_bot_stores_its_config_as_before():
    config = TableConfig.make(3, ["human", "sensible", "random"], seed=3)
    assert "policies" not in config.to_json() and config.policies == {}


BAD = [
    ({"format": "uno_lessons.policy", "version": 1, "name": "Ana", "features": ["draws"], "weights": [math.nan]},
     "ordinary number"),
    ({"format": "uno_lessons.policy", "version": 1, "name": "Ana", "features": ["os.system"], "weights": [1.0]},
     "which this package does not"),
    ({**DRAWER.to_data(), "code": "import os"}, "holds only its format"),
    ({**DRAWER.to_data(), "version": 2}, "format version"),
    ("print('hi')", "not a saved policy"),
]


@pytest.mark.parametrize(("data", "reason"), BAD)
def test_a_bad_policy_is_refused_with_its_sentence_and_no_table_is_made(shared_url, data, reason):
    store = open_store(shared_url)
    creates = count_creates(store)
    with pytest.raises(TableError, match=f"The learned bot for seat 1 is refused: .*{reason}"):
        store.create(4, SEATS, policies={1: data, 3: PLAYER}, seed=1)
    assert creates == []
    store.close()


@pytest.mark.parametrize(("seats", "policies", "reason"), [
    (SEATS, {1: DRAWER}, "Seat 3 is a learned bot, but no policy was given for it"),
    (["human", "sensible", "random"], {1: DRAWER}, "a learned bot does not sit there"),
    (["human", "learned", "random"], {7: DRAWER, 1: DRAWER}, "There is no seat 7"),
])
def test_a_learned_seat_needs_its_policy_and_only_learned_seats_have_one(seats, policies, reason):
    store = open_store("memory://")
    creates = count_creates(store)
    with pytest.raises(TableError, match=reason):
        store.create(len(seats), seats, policies=policies, seed=1)
    assert creates == []


def test_a_stored_config_whose_policy_was_edited_does_not_open():
    config = TableConfig.make(4, SEATS, policies={1: DRAWER, 3: PLAYER}, seed=2)
    data = json.loads(config.to_json())
    data["policies"]["1"]["weights"] = ["__import__('os')"] * len(FEATURES)
    with pytest.raises(TableError, match="settings cannot be read"):
        TableConfig.from_json(json.dumps(data))


def test_the_teacher_gives_a_learned_seat_to_a_learner_and_back_but_no_seat_a_policy_it_lacks():
    store = open_store("memory://")
    code, key = store.create(4, SEATS, policies={1: DRAWER, 3: PLAYER}, seed=4)
    teacher = store.teacher(code, key)
    teacher.set_seat(1, "human")
    assert teacher.state.kinds[1] == "human"
    teacher.set_seat(1, "learned")
    assert teacher.state.kinds[1] == "learned"
    before = store.records(code)
    with pytest.raises(TableError, match="Seat 2 has no learned bot"):
        teacher.set_seat(2, "learned")
    assert store.records(code) == before and teacher.state.kinds[2] == "sensible"


# ---------------------------------------------------------------------- play
def play_hand(url: str, code: str, token: str, steps: int = 400) -> tuple[Table, Table]:
    """A learner's page and a watcher's page on two stores of one URL; the learner plays her
    first legal move, the pages take turns to store the bots' records, and at every position
    both pages compute the same ones."""
    learner = Table.connect(open_store(url), code, token=token)
    watcher = Table.connect(open_store(url), code, watch=True)
    for i in range(steps):
        watcher.handle.sync()
        learner.handle.sync()
        state = learner.state
        if state.game.winner is not None:
            break
        assert bot_records(state) == bot_records(watcher.state)
        if state.game.current_player == 0 and learner.handle.legal_moves():
            learner.handle.apply(learner.handle.legal_moves()[0])
        else:
            assert (watcher if i % 2 else learner).step()  # either page may store the bots' turn
    return learner, watcher


def test_learned_bots_make_the_same_records_on_two_pages_and_play_their_policy(shared_url):
    store = open_store(shared_url)
    code, _key = store.create(["Ana", "Ana's bot", "Caro", "Ben's bot"], SEATS,
                              policies={1: DRAWER, 3: PLAYER}, seed=21)
    token = store.join(code, seat=0).token
    learner, watcher = play_hand(shared_url, code, token)
    watcher.handle.sync()
    assert watcher.state.log == learner.state.log
    moves = [fields_of(decode(t)) for t in learner.state.log if t.startswith('["move"')]
    drawer = {m[2] for m in moves if m[1] == 1}
    player = {m[2] for m in moves if m[1] == 3}
    # The drawer's policy never plays a card on its turn: it draws and keeps (a Wild Draw Four
    # it must answer is the sensible bot's: challenge or accept). Ben's policy plays cards.
    assert drawer and drawer <= {MoveKind.DRAW, MoveKind.KEEP, MoveKind.CHALLENGE, MoveKind.ACCEPT}
    assert MoveKind.PLAY in player
    again = open_store(shared_url).load(code)  # a fresh replay agrees, record for record
    assert again.log == learner.state.log and again.seq == learner.state.seq


def test_a_learned_seats_bot_is_the_policy_bot_seeded_by_table_seat_record_and_kind():
    store = open_store("memory://")
    code, _key = store.create(4, SEATS, policies={1: DRAWER, 3: PLAYER}, seed=8)
    state = store.load(code)
    bot = seat_bot(state, 1, 2)
    assert type(bot).__name__ == "PolicyBot" and bot.policy == DRAWER
    assert type(seat_bot(state, 2, 2)).__name__ == "SensibleBot"
    a, b = seat_bot(state, 3, 2), seat_bot(state, 3, 2)
    assert a.rng.integers(10**9) == b.rng.integers(10**9)
    assert seat_bot(state, 3, 1).rng.integers(10**9) != seat_bot(state, 3, 2).rng.integers(10**9)


# ---------------------------------------------------------------------- the New game form
def policy_file(policy: Policy, tmp_path, suffix: str = ".json") -> dict:
    path = save_policy(policy, tmp_path / f"{policy.name.lower()}{suffix}")
    return upload_of(path.name, path.read_bytes())


def upload_of(name: str, content: bytes) -> dict:
    return {"name": name, "type": "application/octet-stream", "size": len(content),
            "content": memoryview(content), "last_modified": datetime.datetime(2026, 12, 3, tzinfo=datetime.UTC)}


def open_form() -> LiveGame:
    live = LiveGame(players=4, seed=1)
    live.parts.bar.settings_toggle.value = True
    return live


def test_the_form_seats_an_uploaded_policy_and_opens_a_class_table_with_it(tmp_path, monkeypatch):
    store = open_store("memory://")
    monkeypatch.setattr("uno_lessons.table.open_store", lambda *a, **k: store)
    live = open_form()
    form = live.parts.setup
    form.policy_seat.value = 2
    form.policy_upload.value = (policy_file(DRAWER, tmp_path, ".npz"),)
    assert form.seat_inputs[2].value == "learned"
    assert form.seat_inputs[2].description == "2: Ana's bot"
    assert "Ana's bot (learned) sits at seat 2." in unescape(form.policy_note.value)
    assert form.policy_upload.value == ()  # ready for the next file
    form.where.value = "class"
    form.start.click()
    assert live.table.role == "teacher"
    state = store.load(live.table.code)
    assert state.kinds == ["human", "sensible", "learned", "sensible"]
    assert state.names[2] == "Ana's bot" and state.config.policy(2) == DRAWER


def npz_with_a_pickle() -> bytes:
    buf = io.BytesIO()
    np.savez(buf, format=np.array("uno_lessons.policy"), version=np.array(1), name=np.array("Eve"),
             features=np.array(["draws"]), weights=np.array([object()], dtype=object))
    return buf.getvalue()


@pytest.mark.parametrize(("name", "content", "reason"), [
    ("eve.json", b"{not json", "not valid JSON"),
    ("eve.npz", npz_with_a_pickle(), ""),
    ("eve.pkl", pickle.dumps({"weights": [1.0]}), "ends in .json or .npz"),
    ("eve.json", b" " * (64 * 1024 + 1), "too big"),
])
def test_a_refused_file_is_said_in_a_sentence_and_changes_nothing_in_the_form(tmp_path, name, content, reason):
    live = open_form()
    form = live.parts.setup
    form.policy_seat.value = 1
    form.policy_upload.value = (policy_file(PLAYER, tmp_path),)
    kinds = [dd.value for dd in form.seat_inputs]
    names = [dd.description for dd in form.seat_inputs]
    form.policy_seat.value = 3
    form.policy_upload.value = (upload_of(name, content),)
    note = unescape(form.policy_note.value)
    assert "This file cannot be seated: " in note and reason in note and "uno-policy-refused" in note
    assert "Traceback" not in note and str(tmp_path) not in note and "/" not in note.split("</p>")[0][3:]
    assert [dd.value for dd in form.seat_inputs] == kinds and [dd.description for dd in form.seat_inputs] == names
    assert list(form.policies) == [1] and form.policies[1] == PLAYER


def test_a_learned_seat_without_a_policy_is_refused_at_start_with_the_tables_sentence():
    live = open_form()
    before = live.table
    live.parts.setup.seat_inputs[3].value = "learned"
    live.parts.setup.start.click()
    assert live.table is before
    assert "Seat 3 is a learned bot, but no policy was given for it" in unescape(live.parts.setup.start_note.value)
    assert live.parts.setup.widget.layout.display != "none"  # the form stays open, as it was


def test_a_one_screen_game_plays_a_learned_seat_too(tmp_path):
    live = open_form()
    live.parts.setup.policy_seat.value = 1
    live.parts.setup.policy_upload.value = (policy_file(PLAYER, tmp_path),)
    live.parts.setup.start.click()
    state = live.table.state
    assert state.kinds[1] == "learned" and state.names[1] == "Ben's bot" and state.config.policy(1) == PLAYER


def test_a_notebook_seats_a_learned_bot_with_live_game():
    live = LiveGame(players=3, seats=["human", "learned", "sensible"], policies={1: PLAYER}, seed=3)
    assert live.table.state.config.policy(1) == PLAYER and live.seat_kinds[1] == "learned"
    with pytest.raises(TableError, match="Seat 1 is a learned bot, but no policy was given"):
        LiveGame(players=3, seats=["human", "learned", "sensible"], seed=3)


# ---------------------------------------------------------------------- the tournament
def test_a_class_tournament_is_seeded_and_ranks_by_win_rate_with_intervals():
    a = class_tournament([DRAWER, PLAYER], games=60, seed=5)
    b = class_tournament([DRAWER, PLAYER], games=60, seed=5)
    assert a.standings == b.standings
    c = class_tournament([DRAWER, PLAYER], games=60, seed=6)
    assert not np.array_equal(a.tournament.stats[0].seeds, c.tournament.stats[0].seeds)
    names = [s.name for s in a.standings]
    assert sorted(names) == sorted(["Ana's bot (learned)", "Ben's bot (learned)", "random bot (built in)",
                                    "sensible bot (built in)"])
    wins = [s.wins for s in a.standings]
    assert wins == sorted(wins, reverse=True)
    for s in a.standings:
        assert s.games == 60 and s.rate == pytest.approx(s.wins / 60)
        assert 0 <= s.low <= s.rate <= s.high <= 1
        assert s.learned == s.name.endswith("(learned)")
    by = {s.name: s for s in a.standings}
    assert by["Ana's bot (learned)"].wins < by["sensible bot (built in)"].wins  # drawing every turn loses


def test_the_leaderboard_is_an_accessible_table_that_says_its_verdict_in_words():
    board = class_tournament([DRAWER, DRAWER], games=30, seed=2, built_in=("sensible",))
    html = board.html()
    assert html.startswith("<table class='uno-leaderboard'><caption>Class tournament: each bot played the "
                           "same 30 Encanto games")
    assert html.count("<th scope='col'>") == 8 and html.count("<th scope='row'>") == 3
    # each bot beside the built-in sensible bot, on the same deals: the deals only one of them won
    sensible = next(s for s in board.standings if s.name == "sensible bot (built in)")
    assert sensible.against is None and sensible.against_words() in html
    for s in board.standings:
        if s is not sensible:
            assert s.against is not None and s.against.n == 30
            assert f"won {s.against.higher} deals it lost, lost {s.against.lower} it won" in html
    assert "Ana&#x27;s bot (learned) (2)" in html  # two policies of one name stay two rows
    for s in board.standings:
        assert s.verdict(board.fair) in html
    assert "style=" not in html  # nothing said by colour


def test_the_tournament_panel_enters_policies_refuses_bad_files_and_shows_the_leaderboard(tmp_path):
    panel = TournamentPanel(seed=3)
    panel.upload.value = (policy_file(DRAWER, tmp_path), policy_file(PLAYER, tmp_path, ".npz"),
                          upload_of("evil.npz", npz_with_a_pickle()))
    assert [p.name for p in panel.policies] == ["Ana", "Ben"]
    assert "evil.npz was not entered: " in panel.note.value and "Traceback" not in panel.note.value
    assert "Policies entered: Ana, Ben." in panel.entered.value
    panel.games.value = 20
    panel.run.click()
    assert panel.board.value == class_tournament([DRAWER, PLAYER], games=20, seed=3).html()
    assert "<caption>" in panel.board.value and not panel.run.disabled


def test_a_page_without_the_learning_layer_refuses_a_learned_seat_with_a_sentence():
    # The table reads policies through the reader the learning layer hands it when imported
    # (uno_lessons.table.learned); a process that never imported it must refuse, not guess.
    import subprocess
    import sys

    code = ("import sys, json\n"
            "from uno_lessons.table import TableConfig, TableError\n"
            "assert 'uno_lessons.learn' not in sys.modules\n"
            "try:\n"
            f"    TableConfig.make(['Ana', 'Ben'], ['human', 'learned'], seed=1, policies={{1: {json.dumps(DRAWER.to_data())}}})\n"
            "except TableError as exc:\n"
            "    print(exc)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("Learned bots cannot play on this page."), done.stdout
    # With the learning layer imported, the same config is made and plays the policy.
    config = TableConfig.make(["Ana", "Ben"], ["human", "learned"], seed=1, policies={1: DRAWER.to_data()})
    assert config.policy(1).to_data() == DRAWER.to_data()

"""A learner's bot at a class table in headless Chromium through a real Voilà (issue 23,
item 4): the teacher uploads a saved policy file in the New game form (a refused file first:
its sentence, nothing changed), seats it, opens the class table; a learner joins and plays
against it for several turns; the bot's hand stays face down on the learner's page, and
axe-core finds nothing on the form or the learner's page."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import numpy as np
import pytest

from uno_lessons.learn import FEATURES, Policy, save_policy
from uno_lessons.table.records import decode, fields_of

from .helpers import STATUS, TIMEOUT, play_one_human_turn, status, wait_for_human_or_end
from .test_class_table import join, wait_seq
from .test_dashboard_a11y import assert_axe_clean

pytestmark = pytest.mark.browser

#: A policy a learner could have trained: play cards, points first, keep the colour, no bluffs.
POLICY = Policy("Ana", FEATURES, np.array([{"plays_card": 3.0, "card_points": 0.1, "keeps_colour": 1.0,
                                            "is_bluff": -4.0}.get(f, 0.0) for f in FEATURES]))
TURNS = 6  # the learner's turns played by clicking (or fewer, if the hand ends first)


def note(page) -> str:
    return page.inner_text(".uno-policy-note")


def upload(page, path) -> None:
    """Click the upload button and choose ``path`` in the file chooser, as a teacher does."""
    with page.expect_file_chooser(timeout=TIMEOUT) as chooser:
        page.click(".uno-policy-upload")
    chooser.value.set_files(str(path))


def test_a_teacher_seats_an_uploaded_policy_and_a_learner_plays_against_it(class_store, pages, tmp_path):
    good = save_policy(POLICY, tmp_path / "ana.json")
    bad = tmp_path / "eve.json"
    bad.write_text("{'weights': __import__('os')}")
    teacher = pages("", ".uno-settings-toggle")
    teacher.click(".uno-settings-toggle")
    teacher.wait_for_selector(".uno-learned-bots", state="visible", timeout=TIMEOUT)
    teacher.fill(".uno-players input", "2")
    teacher.press(".uno-players input", "Enter")
    teacher.wait_for_selector(".uno-seat-kind-2", state="hidden", timeout=TIMEOUT)
    teacher.locator(".uno-policy-seat select").select_option(label="1")
    kind = ".uno-seat-kind-1 select"
    chosen = f"document.querySelector('{kind}').selectedOptions[0].textContent.replace(/\\u00a0/g, ' ')"

    # A refused file: the policy's sentence, no traceback or path, and the seat as it was.
    upload(teacher, bad)
    teacher.wait_for_selector(".uno-policy-refused", timeout=TIMEOUT)
    said = note(teacher)
    assert said == "This file cannot be seated: This policy file is not valid JSON.", said
    assert teacher.evaluate(chosen) == "sensible bot"

    upload(teacher, good)
    teacher.get_by_text("Ana's bot (learned) sits at seat 1.").wait_for(timeout=TIMEOUT)
    assert teacher.evaluate(chosen) == "learned bot"
    assert teacher.locator(".uno-seat-kind-1 label").inner_text().strip() == "1: Ana's bot"
    assert_axe_clean(teacher, "one screen: New game form with a learned bot seated")

    teacher.locator(".uno-where button", has_text="as a class").click()
    teacher.click(".uno-start")
    teacher.wait_for_selector(".uno-teacher-panel", state="visible", timeout=TIMEOUT)
    teacher.wait_for_function("() => location.search.includes('teacher=')", timeout=TIMEOUT)
    query = parse_qs(urlparse(teacher.url).query)
    code, key = query["table"][0], query["teacher"][0]
    state = class_store.load(code)
    assert state.kinds == ["human", "learned"] and state.names[1] == "Ana's bot"
    assert state.config.policy(1) == POLICY  # kept as data: the weights, not the file
    # The panel shows before its seat list is filled in: wait for the line (a slow machine
    # read the panel between the two, and an assert on inner_text failed there).
    teacher.wait_for_function("t => document.querySelector('.uno-teacher-panel').innerText.includes(t)",
                              arg="Ana's bot (seat 1): learned bot", timeout=TIMEOUT)
    class_store.teacher(code, key).set_speed("turbo")

    ben = join(pages, code, 0, "Ben")
    assert "learned bot" in ben.inner_text(".uno-other-row[data-seat='1']")
    played = 0
    while played < TURNS and not wait_for_human_or_end(ben)["winner"]:
        play_one_human_turn(ben, prefer_wild=False)
        played += 1
        # Ana's bot's cards stay face down on Ben's page: counts and backs only.
        assert ben.locator(".uno-other-row[data-seat='1'] .uno-card-svg").count() == 0
    # The learned bot (turbo) answers Ben's last move: wait until it is Ben's turn again (or
    # the hand is over), when nothing moves until Ben does, before reading the store.
    wait_for_human_or_end(ben)
    final = class_store.load(code)
    bot_moves = [rec for rec in map(fields_of, map(decode, final.log)) if rec[0] == "move" and rec[1] == 1]
    assert bot_moves, "the learned bot never moved"
    assert played == TURNS or final.game.winner is not None
    for page in (ben, teacher):
        wait_seq(page, final.seq)
    assert status(ben)["seq"] == status(teacher)["seq"] == str(final.seq)
    assert "Ana's bot" in ben.inner_text(STATUS) or "Ana's bot" in ben.inner_text(".uno-others-view")
    assert_axe_clean(ben, "class: a learner playing against a learned bot")
    for page in (ben, teacher):
        assert not page.errors, page.errors


def test_a_class_tournament_of_uploaded_policies_shows_an_accessible_leaderboard(pages, tmp_path):
    files = [save_policy(POLICY, tmp_path / "ana.json"),
             save_policy(Policy("Ben", FEATURES, np.ones(len(FEATURES))), tmp_path / "ben.npz")]
    bad = tmp_path / "eve.pkl"
    bad.write_bytes(b"\x80\x04K\x01.")
    page = pages("", ".uno-settings-toggle")
    page.click(".uno-settings-toggle")
    page.wait_for_selector(".uno-tournament", state="visible", timeout=TIMEOUT)
    with page.expect_file_chooser(timeout=TIMEOUT) as chooser:
        page.click(".uno-tournament-upload")
    chooser.value.set_files([str(f) for f in files] + [str(bad)])
    page.get_by_text("Policies entered: Ana, Ben.").wait_for(timeout=TIMEOUT)
    assert page.inner_text(".uno-tournament-note") == "eve.pkl was not entered: A policy file ends in .json or .npz."
    page.fill(".uno-tournament-games input", "20")
    page.press(".uno-tournament-games input", "Enter")
    page.click(".uno-tournament-run")
    page.wait_for_selector(".uno-leaderboard caption", timeout=TIMEOUT)
    caption = page.inner_text(".uno-leaderboard caption")
    assert caption.startswith("Class tournament: each bot played the same 20 Encanto games"), caption
    rows = page.eval_on_selector_all(".uno-leaderboard tbody th[scope=row]", "hs => hs.map(h => h.textContent)")
    assert sorted(rows) == ["Ana's bot (learned)", "Ben's bot (learned)", "random bot (built in)",
                            "sensible bot (built in)"]
    assert_axe_clean(page, "one screen: the class tournament's leaderboard")
    assert not page.errors, page.errors

"""The Voilà dashboard in headless Chromium: a hand played by clicking only, an illegal click,
what a viewer must never see or be able to do, and a screenshot at 1280×800."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest

from .helpers import (
    STATUS,
    TIMEOUT,
    hand_codes,
    play_hand_to_end,
    play_one_human_turn,
    set_speed,
    status,
    wait_for_human_or_end,
)

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"


@pytest.fixture
def dashboard(page, open_notebook):
    """The dashboard page, widgets rendered and the first card clickable; page errors kept."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_notebook(page, "dashboard", selector=".uno-card-btn")
    page.wait_for_selector(STATUS, timeout=TIMEOUT)
    page.errors = errors
    return page


def assert_layout_fits(page) -> None:
    """Nothing wider than the 1280 px viewport; cards and columns do not overlap."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 1280, f"the page is {width}px wide at a 1280px viewport"
    boxes = [page.locator(sel).bounding_box() for sel in (".uno-dash-left", ".uno-dash-right")]
    left, right = boxes
    assert left["x"] + left["width"] <= right["x"] + 1, (left, right)
    assert right["x"] + right["width"] <= 1280 + 1, right
    cards = [b for b in page.locator(".uno-hand-btns .uno-card-btn").evaluate_all(
        "bs => bs.map(b => { const r = b.getBoundingClientRect();"
        " return {x: r.x, y: r.y, w: r.width, h: r.height}; })")]
    for i, a in enumerate(cards):
        assert a["x"] >= left["x"] - 1 and a["x"] + a["w"] <= left["x"] + left["width"] + 1, a
        for b in cards[i + 1:]:
            overlap_x = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
            overlap_y = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
            assert overlap_x <= 1 or overlap_y <= 1, (a, b)


def test_play_a_full_hand_by_clicking(dashboard):
    page = dashboard
    set_speed(page, "turbo")

    def second_move_picture(n: int) -> None:
        if n == 2:
            ARTIFACTS.mkdir(exist_ok=True)
            assert_layout_fits(page)
            page.screenshot(path=str(ARTIFACTS / "dashboard.png"))

    wild_played = play_hand_to_end(page, wild_first=True, after_move=second_move_picture)
    st = wait_for_human_or_end(page)
    assert st["winner"] != "", "nobody won the hand"
    assert wild_played, "the human never played a wild with a colour"
    assert "wins the hand" in page.inner_text(STATUS)
    page.wait_for_selector(".uno-scores-view .uno-total", timeout=TIMEOUT)
    assert page.locator(".uno-next-hand:not([disabled])").count() == 1
    page.screenshot(path=str(ARTIFACTS / "dashboard-end.png"))
    assert not page.errors, page.errors


def test_illegal_click_shows_the_reason_and_changes_nothing(dashboard):
    page = dashboard
    set_speed(page, "turbo")
    for _ in range(100):
        st = wait_for_human_or_end(page)
        assert not st["winner"], "the hand ended before the human held a card that does not match"
        if st["phase"] == "turn" and page.locator(".uno-hand-btns .uno-card-btn.uno-illegal").count():
            break
        play_one_human_turn(page, prefer_wild=False)
    table = page.inner_html(".uno-table-view")
    codes = hand_codes(page)
    before = status(page)
    # aria-disabled (the card cannot be played now) but still clickable, to hear why not.
    illegal = page.locator(".uno-hand-btns .uno-card-btn.uno-illegal").first
    assert illegal.get_attribute("aria-disabled") == "true"
    assert "cannot be played now" in illegal.inner_text()
    illegal.click(force=True)
    message = page.wait_for_selector(".uno-message-view .uno-msg-error", timeout=TIMEOUT)
    assert "does not match" in message.inner_text()
    assert page.inner_html(".uno-table-view") == table
    assert hand_codes(page) == codes
    assert status(page) == before


def test_no_source_no_traceback_and_teacher_view(dashboard):
    page = dashboard
    html = page.content()
    for needle in ("from uno_lessons", "LiveGame(", "import LiveGame"):
        assert needle not in html, f"notebook source {needle!r} is in the page"
    assert page.locator(".jp-InputArea-editor, .jp-CodeMirrorEditor").count() == 0
    text = page.inner_text("body")
    assert "Traceback" not in text and "Error" not in text.replace("uno-msg-error", "")
    assert page.locator("[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    # Player view: the other hands face down; teacher view: face up.
    assert page.locator(".uno-others .uno-miniback").count() > 0
    assert page.locator(".uno-others .uno-card-svg:not(.uno-back)").count() == 0
    page.locator(".uno-view-toggle button", has_text="Teacher view").click()
    page.wait_for_selector(".uno-others .uno-card-svg:not(.uno-back)", timeout=TIMEOUT)
    assert page.locator(".uno-others .uno-miniback").count() == 0
    assert_layout_fits(page)
    assert not page.errors, page.errors


def test_execute_request_over_the_page_kernel_socket_runs_nothing(dashboard):
    page = dashboard
    marker = Path(f"/tmp/uno_pwned_{uuid.uuid4().hex}")
    config = json.loads(page.inner_text("#jupyter-config-data"))
    code = f"open({str(marker)!r}, 'w').write('pwned')"
    result = page.evaluate(
        """async ({baseUrl, kernelId, code}) => {
            const url = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host
                + baseUrl + 'api/kernels/' + kernelId + '/channels?session_id=' + crypto.randomUUID();
            const ws = new WebSocket(url);
            const seen = [];
            const msg = (type, content, channel) => ({
                header: {msg_id: crypto.randomUUID(), username: 'x', session: crypto.randomUUID(),
                         msg_type: type, version: '5.3', date: new Date().toISOString()},
                parent_header: {}, metadata: {}, content, channel, buffers: []});
            return await new Promise((resolve) => {
                const timer = setTimeout(() => resolve({opened: false, seen, timeout: true}), 30000);
                let infoId = null;
                ws.onmessage = (ev) => {
                    const m = JSON.parse(ev.data);
                    seen.push([m.msg_type, m.parent_header && m.parent_header.msg_id]);
                    if (m.msg_type === 'kernel_info_reply' && m.parent_header.msg_id === infoId) {
                        clearTimeout(timer); ws.close(); resolve({opened: true, seen});
                    }
                };
                ws.onerror = () => { clearTimeout(timer); resolve({opened: false, seen, error: true}); };
                ws.onopen = () => {
                    const ex = msg('execute_request', {code, silent: false, store_history: false,
                        user_expressions: {}, allow_stdin: false, stop_on_error: true}, 'shell');
                    ws.send(JSON.stringify(ex));
                    const info = msg('kernel_info_request', {}, 'shell');
                    infoId = info.header.msg_id;
                    ws.send(JSON.stringify(info));
                    seen.push(['sent', ex.header.msg_id]);
                };
            });
        }""",
        {"baseUrl": config["baseUrl"], "kernelId": config["kernelId"], "code": code},
    )
    # The kernel answered the kernel_info_request sent after the execute_request (shell
    # messages are handled in order), so an executed request would already have run.
    assert result["opened"], result
    kinds = [k for k, _ in result["seen"]]
    assert "execute_reply" not in kinds and "execute_input" not in kinds, kinds
    assert not marker.exists(), "an execute_request from the page ran code in the kernel"


def test_a_bots_only_game_can_be_watched_to_its_end(dashboard):
    page = dashboard
    page.click(".uno-settings-toggle")
    players = page.locator(".uno-players input")
    players.wait_for(state="visible", timeout=TIMEOUT)
    players.fill("3")
    players.press("Enter")
    page.wait_for_selector(".uno-seat-kind-3", state="hidden", timeout=TIMEOUT)
    for seat, kind in enumerate(["sensible bot", "random bot", "sensible bot"]):
        page.locator(f".uno-seat-kind-{seat} select").select_option(label=kind)
    page.click(".uno-start")
    page.wait_for_function("document.querySelectorAll('.uno-seat').length === 3", timeout=TIMEOUT)
    page.wait_for_selector(".uno-settings", state="hidden", timeout=TIMEOUT)
    set_speed(page, "turbo")
    # Nobody human: no clickable hand and no action buttons; the bots play on their own. (The
    # seat ring is redrawn before the hand, so wait for the hand's redraw, then check.)
    page.wait_for_function("document.querySelectorAll('.uno-hand-btns .uno-card-btn').length === 0",
                           timeout=TIMEOUT)
    assert page.locator(".uno-hand-btns .uno-card-btn").count() == 0
    assert not page.locator(".uno-act-draw").is_visible()
    page.wait_for_selector(".uno-scores-view .uno-hand-winner", timeout=120_000)
    # The score sheet keeps the result (a bots-only match deals its next hand by itself).
    totals = page.locator(".uno-scores-view .uno-total td").all_inner_texts()
    points = [int("".join(ch for ch in t if ch.isdigit())) for t in totals]
    assert len(points) == 3 and any(p > 0 for p in points), totals
    assert not page.errors, page.errors

"""The dashboard pages against WCAG 2.2 AA in headless Chromium (issue 11): axe-core finds
nothing on any page or state, a whole hand is played with the keyboard alone (focus is never
dropped on the page's body), the hand and the table read right in the accessibility tree,
only the page bridge's two regions are live, every focusable thing shows a clear focus ring,
and the pages reflow without cut words or overlap from 1280 px down to 320 px.

The class-table tests sit at a table dealt from a position (``START``) so that every action
is sure to come up: seat 0 is played from the page by keyboard, seat 1 by the test through
the store (a learner on another computer), and seat 1's Wild Draw Four is a bluff the page
challenges.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from uno_lessons import Game
from uno_lessons.engine.cards import Card, Color
from uno_lessons.engine.moves import Move

from .a11y import axe_violations, focus_ring_problems, format_violations, live_regions, reflow_problems
from .a11y import tab_to as tab_until
from .conftest import free_port, serving, voila_env
from .helpers import (
    STATUS,
    TIMEOUT,
    play_hand_to_end,
    play_one_human_turn,
    set_speed,
    status,
    wait_for_human_or_end,
)

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
#: Violations (rules, nodes) per page and state, written to test-artifacts for the record.
AXE_COUNTS: dict[str, dict[str, int]] = {}

# Ana (seat 0, this page) and Ben (seat 1, the test through the store). Ben's Wild Draw Four
# is a bluff (he holds B9, and blue is in force), R6 is the card Ana draws, and Ana ends the
# hand: B5, challenge, draw R6 and keep it, Wild Don't Talk (yellow, Ben), Y7, say UNO, G8, R6.
START = Game.from_position(["B5 WDT Y7 G8", "W+4 B9 G7 R8 R1 R2 R3"], "B3",
                           "Y1 Y2 Y3 Y4 R6 G1 G2 G3 G4 G5", current=0, names=["Ana", "Ben"])


# ---------------------------------------------------------------------------- helpers
def assert_axe_clean(page, state: str, context: str | None = None) -> None:
    """axe-core (WCAG 2.0-2.2 A and AA) finds nothing in ``state``; the counts are recorded
    in test-artifacts/axe-dashboard.json."""
    page.wait_for_timeout(250)  # the bridge re-applies its ARIA rules on the next frame
    found = axe_violations(page, context)
    AXE_COUNTS[state] = {"rules": len(found), "nodes": sum(len(v["nodes"]) for v in found)}
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "axe-dashboard.json").write_text(json.dumps(AXE_COUNTS, indent=1, sort_keys=True))
    assert not found, f"axe-core on {state}:\n{format_violations(found)}"


def focused(page) -> dict:
    """What has keyboard focus: its tag, classes, accessible text and whether it is the body."""
    return page.evaluate("""() => { const a = document.activeElement;
        return {body: !a || a === document.body, tag: a ? a.tagName : '', cls: a ? String(a.className) : '',
                text: a ? (a.getAttribute('aria-label') || a.innerText || a.textContent || '').trim() : ''}; }""")


def wait_focus(page, selector: str) -> dict:
    """Wait until the element with focus matches ``selector`` (the page moved it there)."""
    page.wait_for_function("sel => document.activeElement && document.activeElement.matches(sel)",
                           arg=selector, timeout=TIMEOUT)
    return focused(page)


def tab_to(page, selector: str) -> None:
    """Press Tab until focus is on an element matching the CSS ``selector``."""
    tab_until(page, f"el => el.matches({json.dumps(selector)})", presses=60)


def wait_seq(page, seq: int) -> None:
    page.wait_for_function(
        "n => { const s = document.querySelector('.uno-status'); return s && +s.dataset.seq >= n; }",
        arg=seq, timeout=TIMEOUT)


def settle(page, store, code: str) -> None:
    """Wait until the page shows every record stored so far, and its redraw is done."""
    wait_seq(page, store.load(code).seq)
    page.wait_for_timeout(400)


def live_text(page, politeness: str = "polite") -> str:
    return page.eval_on_selector(f"#uno-live-{politeness}", "e => e.textContent")


def page_state(page) -> dict:
    """What the page shows now, for a failure message: both live regions, the message line,
    the status line's record count and what has focus."""
    return page.evaluate("""() => { const t = (s) => { const e = document.querySelector(s);
            return e ? e.textContent.trim() : null; };
        const st = document.querySelector('.uno-status');
        return {polite: t('#uno-live-polite'), assertive: t('#uno-live-assertive'),
                message: t('.uno-message-view'), seq: st ? st.dataset.seq : null,
                focus: document.activeElement ? (document.activeElement.getAttribute('aria-label')
                       || document.activeElement.className || document.activeElement.tagName) : null}; }""")


def wait_live(page, text: str, politeness: str = "polite") -> None:
    """Wait until the live region of ``politeness`` says ``text``; on a timeout, say what the
    page showed instead."""
    try:
        page.wait_for_function("([id, t]) => (document.getElementById(id) || {}).textContent.includes(t)",
                               arg=[f"uno-live-{politeness}", text], timeout=TIMEOUT)
    except Exception as exc:  # noqa: BLE001 - Playwright's TimeoutError: report the page's state
        raise AssertionError(f"the {politeness} region never said {text!r}; the page shows "
                             f"{page_state(page)}") from exc


def crafted_table(class_store, kinds=("human", "human")):
    code, key = class_store.create(["Ana", "Ben"], list(kinds), seed=7, start=START.to_json())
    return code, key


# ---------------------------------------------------------------------------- axe: one screen
@pytest.fixture
def one_screen(pages):
    page = pages("", ".uno-card-btn")
    page.wait_for_selector(STATUS, timeout=TIMEOUT)
    return page


def test_axe_finds_nothing_on_the_one_screen_game(one_screen):
    page = one_screen
    wait_for_human_or_end(page)
    assert_axe_clean(page, "one screen: player view")
    page.locator(".uno-view-toggle button", has_text="Teacher view").click()
    page.wait_for_selector(".uno-others .uno-card-svg:not(.uno-back)", timeout=TIMEOUT)
    assert_axe_clean(page, "one screen: teacher view")
    page.locator(".uno-view-toggle button", has_text="Player view").click()
    page.wait_for_selector(".uno-others .uno-miniback", timeout=TIMEOUT)
    page.click(".uno-settings-toggle")
    page.wait_for_selector(".uno-start", state="visible", timeout=TIMEOUT)
    assert page.get_attribute(".uno-settings-toggle", "aria-expanded") == "true"
    assert_axe_clean(page, "one screen: New game form open")
    page.click(".uno-settings-toggle")
    page.wait_for_selector(".uno-start", state="hidden", timeout=TIMEOUT)
    # Play on until a wild can be played, then open its colour picker.
    set_speed(page, "turbo")
    wild = ".uno-hand-btns .uno-card-btn.uno-legal:is(.uno-card-W,.uno-card-Wp4,.uno-card-WDT)"
    for _ in range(60):
        st = wait_for_human_or_end(page)
        assert not st["winner"], "the hand ended before a wild could be played"
        if page.locator(wild).count():
            break
        play_one_human_turn(page, prefer_wild=False)
    page.locator(wild).first.click()
    page.wait_for_selector(".uno-picker .uno-color-btn", state="visible", timeout=TIMEOUT)
    assert_axe_clean(page, "one screen: colour picker open")
    # Cancel: the picker closes and focus goes back to the hand, not to the page's body.
    page.click(".uno-pick-cancel")
    wait_focus(page, ".uno-hand-btns .uno-card-btn")
    assert not page.errors, page.errors


def test_axe_finds_nothing_at_the_end_of_a_one_screen_hand(one_screen):
    page = one_screen
    set_speed(page, "turbo")
    play_hand_to_end(page)
    assert status(page)["winner"] != ""
    page.wait_for_selector(".uno-next-hand:not([disabled])", timeout=TIMEOUT)
    assert_axe_clean(page, "one screen: end of the hand")


# ---------------------------------------------------------------------------- axe: class pages
def test_axe_finds_nothing_on_the_class_table_pages(class_store, pages):
    code, key = crafted_table(class_store)
    join = pages(f"table={code}", ".uno-join-sit")
    assert join.title() == f"UNO class table {code}: choose a seat"
    assert_axe_clean(join, "class: join page")
    teacher = pages(f"table={code}&teacher={key}", ".uno-teacher-panel")
    assert teacher.title() == f"UNO class table {code}: teacher"
    assert_axe_clean(teacher, "class: teacher page")
    seat = class_store.join(code, seat=0, name="Ana")
    learner = pages(f"table={code}&token={seat.token}", ".uno-hand-btns .uno-card-btn")
    assert learner.title() == f"UNO class table {code}: Ana's seat"
    assert_axe_clean(learner, "class: learner seat")
    watcher = pages(f"table={code}&watch=1", STATUS)
    assert watcher.title() == f"UNO class table {code}: watching"
    assert_axe_clean(watcher, "class: spectator")
    projector = pages(f"table={code}&watch=1&view=projector", STATUS)
    assert_axe_clean(projector, "class: projector")
    wrong = pages("table=ZZZZZZ", ".uno-message-view .uno-msg-error")
    assert "ZZZZZZ" in wrong.title()
    assert_axe_clean(wrong, "class: unknown table")
    for page in (join, teacher, learner, watcher, projector, wrong):
        assert page.locator("[role=main], main").count() == 1
        assert page.locator("h1").count() == 1
        assert not page.errors, page.errors


# ---------------------------------------------------------------------------- keyboard only
def test_a_whole_hand_is_played_with_the_keyboard_alone(class_store, pages):
    code, key = crafted_table(class_store)
    page = pages(f"table={code}", ".uno-join-sit")
    ben = None
    never_body = []

    def act(key_name: str = "Enter") -> None:
        page.keyboard.press(key_name)

    def said(text: str, politeness: str = "polite") -> None:
        # On a timeout, also say what the store holds (did the page's move arrive at all?).
        try:
            wait_live(page, text, politeness)
        except AssertionError as exc:
            st = class_store.load(code)
            raise AssertionError(f"{exc}; the store has {st.seq} records, the last events "
                                 f"{[type(e).__name__ for e in st.game.events[-4:]]}") from exc

    def check_focus(where: str) -> None:
        page.wait_for_timeout(300)
        f = focused(page)
        never_body.append((where, f))
        assert not f["body"], f"focus dropped to the page's body {where}"

    # Join: Tab to the name, type it, Tab to Sit down, Enter. Seat 0 is the first free seat.
    tab_to(page, ".uno-join-name input")
    page.keyboard.type("Ana")
    chosen = page.locator(".uno-join-seat select").evaluate("s => s.options[s.selectedIndex].text")
    assert chosen.replace("\xa0", " ") == "Seat 0 (Ana)", chosen
    tab_to(page, ".uno-join-sit")
    act()
    page.wait_for_function("() => location.search.includes('token=')", timeout=TIMEOUT)
    ben = class_store.join(code, seat=1, name="Ben")
    settle(page, class_store, code)
    # Ana's turn: focus is on her first playable card.
    assert wait_focus(page, ".uno-slot-0")["text"] == "blue 5, playable"
    act()  # play blue 5
    said("Ana plays blue 5")
    assert "Ben, it is your turn" not in live_text(page)  # Ben is not this page's seat
    check_focus("after playing a card")

    ben.apply(Move("play", Card.parse("W+4"), Color.RED))  # a bluff: Ben holds B9
    settle(page, class_store, code)
    said("Ben plays a Wild Draw Four")
    assert "Ana, it is your turn." in live_text(page)
    assert wait_focus(page, ".uno-act-accept")["text"].startswith("Accept")
    tab_to(page, ".uno-act-challenge")
    act()  # challenge: Ben was bluffing and draws four
    said("the Wild Draw Four was not legal")
    check_focus("after the challenge")

    # An illegal card by keyboard: the reason is said assertively, and nothing changes.
    seq = class_store.load(code).seq
    tab_to(page, ".uno-card-btn.uno-illegal")
    assert focused(page)["text"].endswith("cannot be played now")
    act()
    said("does not match", "assertive")
    assert class_store.load(code).seq == seq
    check_focus("after an illegal card")

    tab_to(page, ".uno-act-draw")
    act()  # draw: red 6, which could be played
    page.wait_for_selector(".uno-act-keep", state="visible", timeout=TIMEOUT)
    check_focus("after drawing")
    tab_to(page, ".uno-act-keep")
    act()  # keep it
    said("Ana keeps the drawn card")
    check_focus("after keeping")

    ben.apply(Move("play", Card.parse("R1")))
    settle(page, class_store, code)
    assert wait_focus(page, ".uno-slot-0")["text"] == "Wild Don't Talk, playable"
    act()  # the Wild Don't Talk: the picker opens with focus on its first colour
    assert wait_focus(page, ".uno-picker .uno-color-btn")["text"] == "Red"
    assert page.locator(".uno-card-btn.uno-pending").get_attribute("aria-describedby") == "uno-picker-label"
    assert_axe_clean(page, "class: colour picker open (keyboard)")
    tab_to(page, ".uno-picker .uno-color-yellow")
    act()
    assert wait_focus(page, ".uno-picker .uno-target-btn")["text"] == "Ben"
    act()  # silence Ben
    said("silencing Ben")
    check_focus("after the picker closed")
    assert page.evaluate("document.activeElement.closest('.uno-hand-btns') !== null"), focused(page)

    ben.apply(Move("draw"))  # green 1: Ben cannot play it, so it is Ana's turn
    settle(page, class_store, code)
    assert wait_focus(page, ".uno-slot-0")["text"] == "yellow 7, playable"
    act()
    check_focus("after yellow 7")

    ben.apply(Move("play", Card.parse("G7")))
    settle(page, class_store, code)
    assert wait_focus(page, ".uno-slot-0")["text"] == "green 8, playable"
    tab_to(page, ".uno-act-uno")
    act()  # say UNO with two cards, before playing the second to last
    said('Ana says "UNO!"')
    # Say UNO! is off now, so focus goes back to the hand, on the card to play.
    assert wait_focus(page, ".uno-slot-0")["text"] == "green 8, playable"
    act()  # green 8
    check_focus("after green 8")

    ben.apply(Move("play", Card.parse("R8")))
    settle(page, class_store, code)
    assert wait_focus(page, ".uno-slot-0")["text"] == "red 6, playable"
    act()  # the last card
    page.wait_for_function("() => document.querySelector('.uno-status').dataset.winner === '0'", timeout=TIMEOUT)
    said("Ana wins the hand")
    check_focus("at the end of the hand")

    kinds = {type(e).__name__ for e in class_store.load(code).game.events if getattr(e, "seat", None) == 0}
    assert {"Played", "Challenged", "Drew", "Kept", "SaidUno", "Won"} <= kinds, kinds
    assert_axe_clean(page, "class: end of the hand (learner)")
    teacher = pages(f"table={code}&teacher={key}", ".uno-next-hand:not([disabled])")
    assert_axe_clean(teacher, "class: end of the hand (teacher)")
    assert not page.errors, page.errors


# ---------------------------------------------------------------------------- tree, live, focus
def test_the_accessibility_tree_of_the_hand_and_the_table(class_store, pages):
    code, _key = crafted_table(class_store)
    seat = class_store.join(code, seat=0, name="Ana")
    page = pages(f"table={code}&token={seat.token}", ".uno-hand-btns .uno-card-btn")
    page.wait_for_timeout(400)
    hand = page.locator(".uno-hand-btns").aria_snapshot()
    assert hand.splitlines() == [
        "- 'group \"Your hand, Ana: 4 cards\"':",
        '  - button "blue 5, playable"',
        '  - button "Wild Don\'t Talk, playable"',
        '  - button "yellow 7, cannot be played now" [disabled]',
        '  - button "green 8, cannot be played now" [disabled]',
    ], hand
    table = page.locator(".uno-table-view").aria_snapshot()
    for words in ("Draw pile", "Top card", "blue 3", "Colour in force", "BLUE", "Direction", "Turn", "Ana"):
        assert words in table, (words, table)
    tree = page.locator("[role=main]").aria_snapshot()
    assert tree.count("heading ") >= 7, tree
    assert f'heading "UNO class table {code}: Ana\'\'s seat" [level=1]' in tree, tree
    for name in ("Your hand, Ana: 4 cards", "What happened", "Cards in each hand, move by move"):
        assert f'heading "{name}" [level=2]' in tree, (name, tree)
    assert re.search(r'img "Cards in each hand over \d+ moves?\. Ana: 4 at the deal, 4 now\.', tree), tree
    # The skip link is the keyboard's first stop and lands on the hand.
    page.mouse.click(2, 2)  # the top of the page, where a keyboard starts
    page.keyboard.press("Tab")
    assert focused(page)["text"] == "Skip to your hand"
    page.keyboard.press("Enter")
    wait_focus(page, "#uno-hand")
    page.keyboard.press("Tab")
    assert focused(page)["text"] == "blue 5, playable"


def test_only_the_bridge_regions_are_live_and_they_say_what_happened(class_store, pages):
    code, _key = crafted_table(class_store, kinds=("human", "sensible"))
    seat = class_store.join(code, seat=0, name="Ana")
    page = pages(f"table={code}&token={seat.token}", ".uno-hand-btns .uno-card-btn")
    page.wait_for_timeout(400)
    page.click(".uno-slot-0")  # blue 5; the bot answers
    wait_live(page, "Ana plays blue 5")
    page.wait_for_function("() => document.querySelector('.uno-status').dataset.humanTurn === '1'",
                           timeout=TIMEOUT)
    wait_live(page, "Ana, it is your turn.")
    live = sorted(r["id"] for r in live_regions(page))
    assert live == ["uno-live-assertive", "uno-live-polite"], live_regions(page)


def test_every_focusable_thing_shows_a_clear_focus_ring(one_screen):
    page = one_screen
    page.click(".uno-settings-toggle")  # the New game form too
    page.wait_for_selector(".uno-start", state="visible", timeout=TIMEOUT)
    page.mouse.click(2, 2)  # Tab from the top of the page
    seen, problems = focus_ring_problems(page, presses=150, inside=".uno-dash")
    assert seen > 25 and not problems, (seen, problems)


# ---------------------------------------------------------------------------- reflow
#: A sentence squeezed into one word per line (the Wild Don't Talk note in a narrow column
#: did this): what the shared reflow check does not look for.
WORD_PER_LINE_JS = """(root) => {
  const problems = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const words = t.textContent.trim().split(/\\s+/).filter(w => w.length > 1);
    if (words.length < 3 || t.parentElement.closest('svg, .uno-sr-only, select')) continue;
    const range = document.createRange(); range.selectNodeContents(t);
    const lines = new Set([...range.getClientRects()].map(q => Math.round(q.top))).size;
    if (lines >= words.length) problems.push('one word per line: ' + t.textContent.trim().slice(0, 40));
  }
  return problems;
}"""


def layout_problems(page) -> list[str]:
    """Cut, overlapping or off-page text, sideways scrolling, one word per line."""
    dash = page.locator(".uno-dash")
    return reflow_problems(dash) + dash.evaluate(WORD_PER_LINE_JS)


@pytest.mark.parametrize("width", [1280, 900, 400, 320])
def test_the_pages_reflow_without_cut_words_or_overlap(width, class_store, pages):
    code, key = crafted_table(class_store)
    seat = class_store.join(code, seat=0, name="Ana")
    class_store.rejoin(code, seat.token).apply(Move("play", Card.parse("WDT"), Color.GREEN, 1))  # a silenced note
    for query, ready in ((f"table={code}&token={seat.token}", ".uno-hand-btns .uno-card-btn"),
                         (f"table={code}&teacher={key}", ".uno-teacher-panel"),
                         ("", ".uno-card-btn")):
        page = pages(query, ready, width=width, height=900)
        page.wait_for_selector(STATUS, timeout=TIMEOUT)
        if not query:
            page.click(".uno-settings-toggle")
            page.wait_for_selector(".uno-start", state="visible", timeout=TIMEOUT)
        page.wait_for_timeout(500)
        problems = layout_problems(page)
        assert not problems, (width, query, problems)
        scroll = page.evaluate("document.getElementById('rendered_cells').scrollWidth")
        assert scroll <= width, (width, query, scroll)
        if query.endswith(seat.token):
            assert page.locator(".uno-silenced-note").is_visible()
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"dashboard-a11y-{width}.png"), full_page=True)


# ---------------------------------------------------------------------------- JupyterLab
@pytest.fixture(scope="module")
def jupyterlab(tmp_path_factory):
    """A JupyterLab server over a copy of notebooks/dashboard.ipynb (so the repo's notebook
    is never saved over), its app exposed to the page so a test can run the cells."""
    home, root = tmp_path_factory.mktemp("lab-home"), tmp_path_factory.mktemp("lab")
    shutil.copy(REPO / "notebooks" / "dashboard.ipynb", root / "dashboard.ipynb")
    news = home / "settings" / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
    news.parent.mkdir(parents=True)
    news.write_text('{"fetchNews": "false"}')  # no "get notified about news?" toast over the page
    port = free_port()
    env = {**voila_env(), "JUPYTER_CONFIG_DIR": str(home / "config"), "JUPYTER_RUNTIME_DIR": str(home / "run"),
           "JUPYTERLAB_SETTINGS_DIR": str(home / "settings"), "JUPYTERLAB_WORKSPACES_DIR": str(home / "ws")}
    with serving(["jupyterlab", "--no-browser", "--allow-root", f"--port={port}", "--ServerApp.ip=127.0.0.1",
                  "--ServerApp.port_retries=0", "--IdentityProvider.token=", "--ServerApp.password=",
                  "--LabApp.expose_app_in_browser=True", f"--ServerApp.root_dir={root}"],
                 port=port, ready="/api/status", log=home / "lab.log", cwd=root, env=env) as url:
        yield url


def test_in_jupyterlab_beside_the_file_browser_nothing_is_cut(jupyterlab, browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.set_default_timeout(120_000)
    try:
        page.goto(f"{jupyterlab}lab/tree/dashboard.ipynb", wait_until="domcontentloaded")
        page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
                               " && window.jupyterapp.shell.currentWidget.sessionContext")
        page.evaluate("async () => { await window.jupyterapp.shell.currentWidget.sessionContext.ready; }")
        if not page.locator(".jp-FileBrowser").is_visible():
            page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.wait_for_selector(".uno-dash .uno-card-btn", state="visible")
        for width in (1280, 900):
            page.set_viewport_size({"width": width, "height": 800})
            page.wait_for_timeout(800)
            assert page.locator(".jp-FileBrowser").is_visible()
            problems = layout_problems(page)
            assert not problems, (width, problems)
            dash, output = (page.eval_on_selector(sel, "e => e.getBoundingClientRect().right")
                            for sel in (".uno-dash", ".jp-OutputArea-output:has(.uno-dash)"))
            assert dash <= output + 1, (width, dash, output)
            assert_axe_clean(page, f"JupyterLab {width}px, file browser open", context=".uno-dash")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "dashboard-jupyterlab-900.png"))
    finally:
        ctx.close()  # JupyterLab, not Voilà: its kernel is the Lab server's to stop

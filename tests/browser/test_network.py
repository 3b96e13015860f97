"""A class on its own devices (issue 21, items 1 and 3), on this machine's loopback only.

``uno-lessons serve --network`` listens on every address of the machine. A teacher page
opened at another loopback address (127.0.0.2, as a learner's device would reach the
server at its network address) hands out links and a QR code for that address; the QR code
is read back from Chromium's picture of it (zxing-cpp), and a learner who opens the link
it holds joins and plays. A learner who types the short address instead finds the code
form, types the code and lands at the table. A teacher page opened at 127.0.0.1 gets the
machine's network address instead (or, on a machine with none, its own).
"""

from __future__ import annotations

import io
import subprocess
import sys
import time

import pytest

from uno_lessons.table import open_store
from uno_lessons.voila.network import network_addresses

from .conftest import PAGE_TIMEOUT_MS, free_port, leave, voila_env
from .helpers import STATUS, TIMEOUT, play_one_human_turn, status, wait_for_human_or_end

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def network_server(tmp_path_factory):
    """``uno-lessons serve --network`` (the dashboard only) with tables in a folder of its own;
    yields (port, store)."""
    folder = tmp_path_factory.mktemp("network")
    port = free_port()
    env = voila_env()
    env["UNO_LESSONS_DATA"] = str(folder)
    log = folder / "serve.log"
    with open(log, "w") as fh:
        proc = subprocess.Popen([sys.executable, "-m", "uno_lessons", "serve", "--network", f"--port={port}",
                                 "--lessons-port=0"], cwd=folder, env=env, stdout=fh, stderr=subprocess.STDOUT)
    store = open_store(f"sqlite:///{folder / 'tables.db'}")
    try:
        end = time.monotonic() + 90
        while "UNO lessons is running" not in log.read_text():
            assert proc.poll() is None and time.monotonic() < end, log.read_text()[-3000:]
            time.sleep(0.3)
        found = network_addresses()
        said = log.read_text()
        if found:
            assert f"Learners type: http://{found[0]}:{port}/" in said, said
        yield port, store
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        store.close()


def read_qr(locator) -> str:
    """The text of the QR code drawn in ``locator``, read from Chromium's picture of it."""
    import zxingcpp
    from PIL import Image

    image = Image.open(io.BytesIO(locator.screenshot())).convert("L")
    found = zxingcpp.read_barcodes(image)
    assert found, "no QR code could be read from the page's picture"
    return found[0].text


def test_links_and_qr_code_for_the_address_the_page_was_opened_at(network_server, browser):
    port, store = network_server
    code, key = store.create(["Ana", "Ben"], ["human", "sensible"])
    teacher = browser.new_context().new_page()
    teacher.goto(f"http://127.0.0.2:{port}/?table={code}&teacher={key}", timeout=PAGE_TIMEOUT_MS)
    teacher.wait_for_selector(".uno-join-card .uno-qr svg", timeout=PAGE_TIMEOUT_MS)
    assert teacher.inner_text(".uno-join-address") == f"127.0.0.2:{port}"
    assert teacher.inner_text(".uno-join-code").replace(" ", "") == code
    link = f"http://127.0.0.2:{port}/?table={code}"
    assert teacher.locator(f".uno-teacher-panel a[href='{link}']").count() == 1
    box = teacher.locator(".uno-qr").bounding_box()
    assert box["width"] >= 200  # scannable from the back of a room on a projector
    decoded = read_qr(teacher.locator(".uno-qr"))
    assert decoded == link

    learner_context = browser.new_context()
    learner = learner_context.new_page()
    learner.goto(decoded, timeout=PAGE_TIMEOUT_MS)  # what a phone does with the QR code
    learner.wait_for_selector(".uno-join-sit", timeout=PAGE_TIMEOUT_MS)
    learner.fill(".uno-join-name input", "Zoë")
    learner.click(".uno-join-sit")
    learner.wait_for_selector(STATUS, timeout=TIMEOUT)
    learner.wait_for_function("() => location.search.includes('token=')", timeout=TIMEOUT)
    assert learner.url.startswith(f"http://127.0.0.2:{port}/")
    st = wait_for_human_or_end(learner)
    if not st["winner"]:
        before = int(store.load(code).seq)
        play_one_human_turn(learner, prefer_wild=False)
        assert store.load(code).seq > before  # the learner's move is in the store
    assert status(learner)["seq"]
    leave(learner_context)
    leave(teacher.context)


def test_a_learner_who_types_the_short_address_types_the_code_and_joins(network_server, browser):
    port, store = network_server
    code, _key = store.create(["Ana", "Ben"], ["human", "sensible"])
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"http://127.0.0.2:{port}/", timeout=PAGE_TIMEOUT_MS)  # the short address
    field = page.get_by_label("Joining a class table? Type its code:")
    field.wait_for(timeout=PAGE_TIMEOUT_MS)
    # A learner's device sees the front door: the code box first, no game to play by mistake.
    page.wait_for_selector(".uno-front-door h1:has-text('Join a class table')", timeout=PAGE_TIMEOUT_MS)
    for part in (".uno-dash-bar", ".uno-dash-cols", ".uno-table"):
        assert not page.locator(part).first.is_visible(), part
    assert page.locator("h1:visible").count() == 1
    field.fill(code.lower())  # as typed on a phone
    page.get_by_role("button", name="Join", exact=True).click()
    page.wait_for_selector(".uno-join-sit", timeout=PAGE_TIMEOUT_MS)
    assert f"table={code.lower()}" in page.url
    assert code in page.inner_text(".uno-join h1")
    leave(context)


def test_the_short_address_on_this_machine_is_the_game_and_the_door_opens_to_it(network_server, browser):
    port, _store = network_server
    context = browser.new_context()
    here = context.new_page()  # the teacher's own computer: the one-screen game at once
    here.goto(f"http://127.0.0.1:{port}/", timeout=PAGE_TIMEOUT_MS)
    here.wait_for_selector(".uno-dash-cols .uno-table", timeout=PAGE_TIMEOUT_MS)
    here.wait_for_timeout(500)  # the page's address has reached its kernel by now
    assert here.locator(".uno-front-door").count() == 0
    there = context.new_page()  # another device: the door, then the game on request
    there.goto(f"http://127.0.0.2:{port}/", timeout=PAGE_TIMEOUT_MS)
    there.wait_for_selector(".uno-front-door .uno-front-door-play", timeout=PAGE_TIMEOUT_MS)
    there.get_by_role("button", name="Play a game on this screen instead").click()
    there.wait_for_selector(".uno-dash-cols .uno-table", state="visible", timeout=PAGE_TIMEOUT_MS)
    assert there.locator(".uno-front-door").count() == 0
    leave(context)


def test_a_teacher_page_on_this_machines_own_name_hands_out_its_network_address(network_server, browser):
    port, store = network_server
    code, key = store.create(["Ana", "Ben"], ["human", "sensible"])
    found = network_addresses()
    host = found[0] if found else "127.0.0.1"  # a machine without a network: only itself
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{port}/?table={code}&teacher={key}", timeout=PAGE_TIMEOUT_MS)
    page.wait_for_selector(".uno-join-card", timeout=PAGE_TIMEOUT_MS)
    assert page.inner_text(".uno-join-address") == f"{host}:{port}"
    assert page.locator(f".uno-teacher-panel a[href='http://{host}:{port}/?table={code}']").count() == 1
    # The projector shows the card while seats are free.
    page.goto(f"http://127.0.0.1:{port}/?table={code}&watch=1&view=projector", timeout=PAGE_TIMEOUT_MS)
    page.wait_for_selector(".uno-projector .uno-join-card .uno-qr", timeout=PAGE_TIMEOUT_MS)
    leave(context)

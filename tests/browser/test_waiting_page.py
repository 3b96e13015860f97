"""A page that finds no preheated kernel free says at once that it waits, and its place, then
opens by itself (issue 39: learners 28-30 of a class got a blank page for minutes)."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

from tests.serve_fixture import running_serve

from .conftest import PAGE_TIMEOUT_MS, WIDGET_SELECTOR, leave

pytestmark = pytest.mark.browser


def test_a_page_beyond_the_pool_says_it_waits_then_opens(browser, tmp_path):
    # uno-lessons serve with voila.json's dashboard pool: 3 kernels, refilled 5 s after use.
    with running_serve(tmp_path) as (base, _proc, log):
        time.sleep(8)  # the pool fills, one kernel at a time
        url = f"{base}/?table=ABCDEF"
        with ThreadPoolExecutor(3) as run:  # three other people take the pool's kernels
            assert all(r.status_code == 200 for r in run.map(lambda _i: requests.get(url, timeout=120), range(3)))
        ctx = browser.new_context()
        page = ctx.new_page()
        t0 = time.monotonic()
        page.goto(url, wait_until="commit")
        place = page.locator("#uno-place[role='status']")
        place.wait_for(timeout=10_000)
        shown = time.monotonic() - t0
        assert page.title() == "Waiting for the server" and page.locator("html").get_attribute("lang") == "en"
        assert place.inner_text() in ("Your page is being prepared…",) or place.inner_text().startswith("Your place")
        # Then its own page, at the same address, without a reload by the learner.
        page.wait_for_selector(WIDGET_SELECTOR, state="attached", timeout=PAGE_TIMEOUT_MS)
        assert page.url == url and page.locator("#jupyter-config-data").count() == 1
        leave(ctx)
        assert shown < 4, f"the waiting notice took {shown:.1f} s"  # NOTICE is 1 s; a shared machine is slow
        assert "waiting for the server" in log.read_text()


def test_a_reloaded_page_frees_its_old_kernel_even_when_its_shutdown_is_lost(browser, tmp_path):
    from uno_lessons.voila.forkserver import find_kernel

    def kernel_of(page) -> str:
        page.wait_for_selector(WIDGET_SELECTOR, state="attached", timeout=PAGE_TIMEOUT_MS)
        return page.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")

    with running_serve(tmp_path) as (base, _proc, _log):
        ctx = browser.new_context()
        page = ctx.new_page()
        # The page's own shutdown as it unloads (a beacon) never arrives: a network that drops it.
        page.route("**/voila/api/shutdown/**", lambda route: route.abort())
        page.goto(f"{base}/?table=ABCDEF", wait_until="commit")
        old = kernel_of(page)
        page.reload(wait_until="commit")
        new = kernel_of(page)
        assert new != old and find_kernel(new) is not None
        # The front closes the old one once the new page has connected (same browser, same address).
        deadline = time.monotonic() + 30
        while find_kernel(old) is not None and time.monotonic() < deadline:
            time.sleep(0.2)
        assert find_kernel(old) is None, "the reloaded page's old kernel still runs"
        # A second tab at the same address is a page of its own: it keeps its kernel.
        other = ctx.new_page()
        other.goto(f"{base}/?table=ABCDEF", wait_until="commit")
        second = kernel_of(other)
        time.sleep(2)
        assert second != new and find_kernel(new) is not None and find_kernel(second) is not None
        leave(ctx)

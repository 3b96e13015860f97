"""A closed tab frees its kernel. Voilà's page asks the server to shut its kernel down as it
unloads (a beacon carrying the ``_xsrf`` cookie), but Voilà's render page never sets that
cookie, so without the page bridge's own token the server refused the request (403) and every
closed tab left a kernel of about 75 MB running, for good if a bot game kept it busy."""

from __future__ import annotations

import time

import pytest

from uno_lessons.voila.forkserver import find_kernel

from .conftest import PAGE_TIMEOUT_MS, leave, notebook_url

pytestmark = pytest.mark.browser


def kernel_running(kernel_id: str) -> bool:
    """Whether the kernel ``kernel_id`` is running: found by its ipc sockets (voila.json's
    transport), since a page kernel's command line does not name it."""
    return find_kernel(kernel_id) is not None


@pytest.mark.parametrize(("notebook", "selector"), [("dashboard", ".uno-card-btn"),
                                                    ("02_matching", ".uno-page-bridge")])
def test_closing_a_page_shuts_its_kernel_down(browser, voila_base_url, notebook, selector):
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(notebook_url(voila_base_url, notebook), wait_until="domcontentloaded")
    page.wait_for_selector(selector, state="attached", timeout=PAGE_TIMEOUT_MS)
    kernel = page.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    assert kernel_running(kernel), f"the page's kernel {kernel} is not running"
    assert "_xsrf=" in page.evaluate("() => document.cookie")
    leave(ctx)
    deadline = time.monotonic() + 30
    while kernel_running(kernel) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not kernel_running(kernel), f"kernel {kernel} still runs 30 s after its page was closed"

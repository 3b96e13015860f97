"""Without the internet (issue 39, item 6): every page of the project, and a feedback file,
with every request to another host blocked and counted, asks no other host for anything, and
its maths is typeset from the package's own KaTeX (MathML for screen readers, no raw
``$\\binom…$`` left in the text).

One browser context for the whole file, pages opened in sequence on the session's Voilà
server (``voila_base_url``): the dashboard, a class table's page, each English lesson, a
translated one, the lessons' list (Voilà's classic tree, as ``uno-lessons serve`` shows it),
an error page, and a feedback file opened from disk as a learner opens it. Then a lesson in
JupyterLab (a server of its own), which typesets with the MathJax it bundles.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest
from feedback_page import feedback_html

from uno_lessons.voila.maths import has_maths

from .conftest import NOTEBOOKS, PAGE_TIMEOUT_MS, REPO, free_port, leave, notebook_url, serving, voila_env

pytestmark = pytest.mark.browser

LESSONS = sorted(p.stem for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
TRANSLATED = "nl/07_simulation"

#: The text of the markdown cells less what KaTeX (or JupyterLab's MathJax) drew: no maths may be left as typed.
RAW_MATHS_JS = """() => {
  const cells = [...document.querySelectorAll('.jp-MarkdownOutput, .text_cell_render')];
  return cells.map((cell) => {
    const copy = cell.cloneNode(true);
    copy.querySelectorAll('.katex, mjx-container, code, pre').forEach((e) => e.remove());
    return copy.textContent;
  }).filter((text) => /\\$|\\\\\\(|\\\\\\[/.test(text));
}"""

#: Each formula KaTeX drew: whether it carries MathML for screen readers, its picture hidden
#: from them.
FORMULAS_JS = """() => [...document.querySelectorAll('.katex')].map((k) => ({
  mathml: !!k.querySelector('.katex-mathml math annotation'),
  hidden: k.querySelector('.katex-html')?.getAttribute('aria-hidden') === 'true',
}))"""


class Offline:
    """A browser context whose requests to any host but ``home`` are aborted and noted."""

    def __init__(self, browser, home: str) -> None:
        self.home = home
        self.outside: list[str] = []
        self.asked: list[str] = []
        self.ctx = browser.new_context()
        self.ctx.route("**/*", self._route)
        self.page = self.ctx.new_page()
        self.page.set_default_timeout(PAGE_TIMEOUT_MS)
        self.page.on("websocket", lambda ws: self._note(ws.url))

    def _note(self, url: str) -> bool:
        """Note ``url``; True if it is on another host."""
        self.asked.append(url)
        parts = urlsplit(url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.netloc != self.home:
            self.outside.append(url)
            return True
        return False

    def _route(self, route) -> None:
        if self._note(route.request.url):
            route.abort("blockedbyclient")
        else:
            route.continue_()

    def open(self, url: str, ready: str) -> None:
        """Go to ``url``, wait until ``ready`` is shown and the page has loaded."""
        self.page.goto(url, wait_until="domcontentloaded")
        self.page.wait_for_selector(ready, state="visible")
        self.page.wait_for_load_state("load")

    def check_maths(self, name: str, expected: bool) -> None:
        """No maths left raw; KaTeX's formulas (``expected``: some) readable by screen readers."""
        if expected:
            self.page.wait_for_selector(".katex", state="attached")
        assert self.page.evaluate(RAW_MATHS_JS) == [], f"{name}: maths left as typed"
        formulas = self.page.evaluate(FORMULAS_JS)
        assert bool(formulas) == expected, f"{name}: {len(formulas)} formulas typeset"
        assert all(f["mathml"] and f["hidden"] for f in formulas), f"{name}: a formula without MathML"


@pytest.fixture(scope="module")
def offline(browser, voila_base_url):
    """The file's one offline browser context on the session's Voilà server."""
    net = Offline(browser, urlsplit(voila_base_url).netloc)
    yield net
    leave(net.ctx)


def lesson_notebook(name: str) -> Path:
    return NOTEBOOKS / f"{name}.ipynb"


def test_the_dashboard_and_a_table_page_ask_no_other_host(offline, voila_base_url, class_store):
    offline.open(notebook_url(voila_base_url, "dashboard"), ".uno-card-btn")
    code, _key = class_store.create(["Ana", "Ben"], ["human", "human"], seed=5)
    offline.open(notebook_url(voila_base_url, "dashboard") + f"?table={code}", ".uno-join-sit")
    offline.check_maths("dashboard", False)
    assert offline.asked and offline.outside == []


def test_each_lesson_asks_no_other_host_and_typesets_its_maths(offline, voila_base_url):
    import nbformat

    typeset = []
    for name in [*LESSONS, TRANSLATED]:
        offline.open(notebook_url(voila_base_url, name), "#rendered_cells")
        maths = has_maths(nbformat.read(lesson_notebook(name), as_version=4))
        offline.check_maths(name, maths)
        typeset += [name] if maths else []
        assert offline.outside == [], f"{name} asks other hosts: {offline.outside}"
    # The lessons that write maths: the simulation's binomials and errors, the softmax.
    assert {"07_simulation", "10_learning", TRANSLATED} <= set(typeset)
    assert any("/static/maths/fonts/KaTeX_Main-Regular.woff2" in u for u in offline.asked)


def test_the_lessons_list_and_an_error_page_ask_no_other_host(offline, voila_base_url):
    offline.open(f"{voila_base_url}voila/tree?classic-tree=true", ".voila-notebooks")
    links = offline.page.locator(".voila-notebooks a").all_inner_texts()
    assert "07_simulation.ipynb" in [t.strip() for t in links]
    icon = offline.page.evaluate(
        "() => getComputedStyle(document.querySelector('.voila-notebooks .fa-book'), '::before').width")
    assert icon != "auto" and float(icon.removesuffix("px")) > 0  # the book is drawn, not a CDN's font
    response = offline.page.goto(notebook_url(voila_base_url, "no_such_lesson"), wait_until="load")
    assert response is not None and response.status == 404
    assert offline.asked and offline.outside == []


def test_a_feedback_file_asks_no_other_host_and_typesets_its_maths(offline, tmp_path):
    for name in ("10_learning", "02_matching"):
        path = tmp_path / f"{name}.html"
        path.write_text(feedback_html(REPO / "solutions" / f"{name}.ipynb", tmp_path), encoding="utf-8")
        offline.open(path.as_uri(), ".text_cell_render")
        offline.check_maths(f"feedback {name}", name == "10_learning")
    assert offline.outside == []


def test_jupyterlab_typesets_a_lesson_with_its_own_mathjax_asking_no_other_host(browser, tmp_path):
    port = free_port()
    env = {**voila_env(), "JUPYTER_CONFIG_DIR": str(tmp_path / "config"), "JUPYTER_RUNTIME_DIR": str(tmp_path / "run")}
    with serving(["jupyterlab", "--no-browser", "--allow-root", f"--port={port}", "--ServerApp.ip=127.0.0.1",
                  "--port_retries=0", "--IdentityProvider.token=", f"--ServerApp.root_dir={NOTEBOOKS}",
                  f"--LabApp.workspaces_dir={tmp_path / 'workspaces'}"],
                 port=port, ready="/api", log=tmp_path / "lab.log", env=env) as base:
        lab = Offline(browser, urlsplit(base).netloc)
        try:
            lab.open(f"{base}lab/tree/07_simulation.ipynb", ".jp-RenderedMarkdown mjx-container")
            assert lab.page.evaluate(RAW_MATHS_JS) == [], "07_simulation in JupyterLab: maths left as typed"
            formulas = lab.page.evaluate("""() => [...document.querySelectorAll('.jp-RenderedMarkdown mjx-container')]
              .map((m) => !!m.querySelector('mjx-assistive-mml math'))""")
            assert formulas and all(formulas), "a formula without MathML for screen readers"
            assert lab.asked and lab.outside == [], f"JupyterLab asks other hosts: {lab.outside}"
        finally:
            leave(lab.ctx)

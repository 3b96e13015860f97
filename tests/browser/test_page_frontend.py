"""The pages' own front end (``static/uno-page.js`` of the ``uno`` template) instead of Voilà's:
it shows every kind of output the notebooks have, draws live widgets that talk to the kernel,
and cleans HTML descriptions as ipywidgets does. A notebook of its own, on its own server."""

from __future__ import annotations

import nbformat
import pytest

from .conftest import PAGE_TIMEOUT_MS, free_port, leave, notebook_url, serving

pytestmark = pytest.mark.browser

CELLS = [
    'print("a printed line")',
    'from IPython.display import HTML, display\n'
    'display(HTML("<p class=\'html-out\'>Some <b>bold</b> HTML</p>"))',
    "41 + 1",
    "import ipywidgets as w\n"
    "shown = w.HTML('not clicked', _dom_classes=['shown'])\n"
    "button = w.Button(description='Click me', _dom_classes=['clicker'])\n"
    "button.on_click(lambda _: setattr(shown, 'value', 'clicked once'))\n"
    "w.VBox([button, shown])",
    "w.Checkbox(description='<b>bold</b> <i>it</i><script>window.bad = 1</script>"
    "<img src=\"x.png\" onerror=\"window.bad = 2\"><a href=\"javascript:window.bad = 3\">a link</a>',"
    " description_allow_html=True, _dom_classes=['allow-html'])",
    # A widget from a package the page does not bundle.
    "import traitlets\n"
    "class Foreign(w.DOMWidget):\n"
    "    _model_name = traitlets.Unicode('ForeignModel').tag(sync=True)\n"
    "    _model_module = traitlets.Unicode('foreign-widgets').tag(sync=True)\n"
    "    _model_module_version = traitlets.Unicode('1.2.3').tag(sync=True)\n"
    "    _view_name = traitlets.Unicode('ForeignView').tag(sync=True)\n"
    "    _view_module = traitlets.Unicode('foreign-widgets').tag(sync=True)\n"
    "    _view_module_version = traitlets.Unicode('1.2.3').tag(sync=True)\n"
    "Foreign()",
]


@pytest.fixture(scope="module")
def outputs_page(tmp_path_factory):
    """A Voilà server (voila.json as shipped, so the ``uno`` template) over one notebook."""
    folder = tmp_path_factory.mktemp("frontend")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, folder / "outputs.ipynb")
    port = free_port()
    with serving(["voila", str(folder), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                  "--port_retries=0"], port=port, ready="/api/kernels", log=folder / "voila.log") as url:
        yield notebook_url(url, "outputs")


def test_every_kind_of_output_is_shown_and_widgets_answer(browser, outputs_page):
    ctx = browser.new_context()
    page = ctx.new_page()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.goto(outputs_page, wait_until="domcontentloaded")
    page.wait_for_selector("body[data-uno-widgets=ready]", state="attached", timeout=PAGE_TIMEOUT_MS)
    text = page.inner_text("#rendered_cells")
    assert "a printed line" in text  # a stream
    assert page.inner_text(".html-out b") == "bold"  # text/html
    assert "42" in text  # an execute_result's text/plain
    assert page.inner_text(".shown") == "not clicked"
    page.click(".clicker")
    page.wait_for_function("document.querySelector('.shown').innerText === 'clicked once'",
                           timeout=PAGE_TIMEOUT_MS)
    assert any(u.split("?")[0].endswith("/voila/templates/uno/static/uno-page.js") for u in asked)
    assert not [u for u in asked if "/voila/static/" in u], "Voilà's own front end was loaded"
    leave(ctx)


def test_an_html_description_keeps_its_markup_but_not_its_scripts(browser, outputs_page):
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(outputs_page, wait_until="domcontentloaded")
    page.wait_for_selector(".allow-html", state="visible", timeout=PAGE_TIMEOUT_MS)
    label = page.locator(".allow-html")
    assert label.locator("b").inner_text() == "bold" and label.locator("i").inner_text() == "it"
    # (The label's tooltip repeats the description as plain text: an attribute, never run.)
    assert label.locator("script").count() == 0
    assert label.locator("img[src='x.png']").count() == 1  # the image stays, without its handler
    assert label.locator("img").get_attribute("onerror") is None
    assert label.locator("a").inner_text() == "a link"
    assert label.locator("a").get_attribute("href") is None  # a javascript: address is dropped
    page.wait_for_timeout(300)  # an image error handler would have run by now
    assert page.evaluate("window.bad") is None
    leave(ctx)


@pytest.mark.parametrize(("query", "sentence"), [
    ("", "This page cannot show the widget ForeignModel (foreign-widgets 1.2.3)."),
    ("?lang=nl", "Deze pagina kan de widget ForeignModel (foreign-widgets 1.2.3) niet tonen."),
])
def test_a_widget_the_page_does_not_bundle_is_named_in_the_pages_language(browser, outputs_page, query, sentence):
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(outputs_page + query, wait_until="domcontentloaded")
    page.wait_for_selector("body[data-uno-widgets=ready]", state="attached", timeout=PAGE_TIMEOUT_MS)
    errors = page.locator(".uno-widget-error")
    assert errors.count() == 1 and errors.inner_text() == sentence
    assert "javascript error" not in page.inner_text("#rendered_cells")
    assert page.inner_text(".shown") == "not clicked"  # the other widgets are drawn as before
    leave(ctx)

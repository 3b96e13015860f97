"""The Voilà server compiles each page template once (``uno_lessons.voila.jinja_cache``): a
second exporter renders the same page without compiling anything, an edited template is
compiled again, and plain and async environments never share code."""

from __future__ import annotations

import jinja2
import nbformat
import pytest
from nbconvert import HTMLExporter
from nbconvert.exporters.templateexporter import TemplateExporter

from uno_lessons.voila.jinja_cache import SharedBytecodeCache, install


@pytest.fixture
def cache(monkeypatch):
    """A fresh cache installed for this test only (the class is restored after it)."""
    monkeypatch.setattr(TemplateExporter, "_create_environment", TemplateExporter._create_environment)
    if getattr(TemplateExporter._create_environment, "uno_bytecode_cache", None) is not None:
        # The package installed the server's cache already (this process imported nbconvert
        # first): start from the original method, so the test's own cache is the one used.
        monkeypatch.setattr(TemplateExporter, "_create_environment",
                            TemplateExporter._create_environment.__wrapped__)
    fresh = SharedBytecodeCache()
    assert install(fresh) is True
    return fresh


@pytest.fixture
def compiles(monkeypatch):
    """Counts Jinja compilations."""
    calls: list[str | None] = []
    original = jinja2.Environment.compile

    def counting(self, source, name=None, filename=None, raw=False, defer_init=False):
        calls.append(name)
        return original(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    return calls


def page() -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Les 2\n\nWelke kaarten mag je spelen?"),
                nbformat.v4.new_code_cell("1 + 1", outputs=[nbformat.v4.new_output(
                    "execute_result", {"text/plain": "2"}, execution_count=1)])]
    return nb


def test_a_second_exporter_renders_the_same_page_without_compiling(cache, compiles):
    nb = page()
    first, _ = HTMLExporter(template_name="lab").from_notebook_node(nb)
    compiled = len(compiles)
    assert compiled >= 3 and len(cache) == compiled  # index, base, display_priority, …
    second, _ = HTMLExporter(template_name="lab").from_notebook_node(nb)
    assert len(compiles) == compiled, compiles[compiled:]
    assert second == first and "Welke kaarten mag je spelen?" in second


def test_installing_twice_changes_nothing(cache):
    method = TemplateExporter._create_environment
    assert install(SharedBytecodeCache()) is False
    assert TemplateExporter._create_environment is method
    assert HTMLExporter(template_name="lab").environment.bytecode_cache is cache


def test_an_edited_template_is_compiled_again(cache, compiles, tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "conf.json").write_text('{"base_template": "lab"}')
    index = folder / "index.html.j2"
    index.write_text("{%- extends 'lab/index.html.j2' -%}\n{% block body_header %}<p>one</p>{% endblock %}")

    def render() -> str:
        return HTMLExporter(template_name="mine", extra_template_basedirs=[str(tmp_path)]).from_notebook_node(page())[0]

    assert "<p>one</p>" in render()
    before = len(compiles)
    assert "<p>one</p>" in render() and len(compiles) == before
    index.write_text("{%- extends 'lab/index.html.j2' -%}\n{% block body_header %}<p>two</p>{% endblock %}")
    html = render()
    assert "<p>two</p>" in html and "<p>one</p>" not in html
    assert compiles[before:] == ["index.html.j2"]  # only the edited file


def test_plain_and_async_environments_keep_their_own_code(cache):
    loader = jinja2.DictLoader({"t.html": "{{ 6 * 7 }}"})
    plain = jinja2.Environment(loader=loader, bytecode_cache=cache)
    asynchronous = jinja2.Environment(loader=loader, bytecode_cache=cache, enable_async=True)
    assert plain.get_template("t.html").render() == "42"
    assert asynchronous.get_template("t.html").render() == "42"  # not the plain one's code
    assert len(cache) == 2


def run(code: str) -> str:
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout.strip()


def test_a_page_server_gets_the_cache_when_it_imports_the_package_and_a_kernel_does_not():
    server = run("from nbconvert.exporters.templateexporter import TemplateExporter\n"
                 "import uno_lessons.voila.words\n"
                 "print(TemplateExporter._create_environment.uno_bytecode_cache is not None)")
    assert server == "True"
    kernel = run("import sys, uno_lessons.voila.words\n"
                 "print(any(m.startswith('nbconvert') for m in sys.modules))")
    assert kernel == "False"  # a kernel (or a lesson) does not pay for nbconvert

"""uno_lessons.widgets.page: the PageBridge's commands, read back without a browser (the browser side
is exercised by tests/browser: focus moves, live regions, the main landmark)."""

from __future__ import annotations

from uno_lessons.widgets.page import PageBridge, page_bridge


def test_page_bridge_is_one_per_kernel():
    assert page_bridge() is page_bridge()
    assert isinstance(page_bridge(), PageBridge)


def test_a_closed_bridge_is_no_longer_the_pages():
    """A preheated dashboard closes the game it built for an address that was not asked for,
    its bridge with it: the page's bridge is then a new, open one."""
    old = page_bridge()
    old.close()
    new = page_bridge()
    assert new is not old and new.comm is not None and page_bridge() is new


def test_commands_are_sent_and_remembered_newest_last():
    page = PageBridge()
    page.focus(".uno-w-1 .uno-btn-back")
    page.announce("Step 2 of 6")
    page.announce("That card cannot be played.", assertive=True)
    page.set_query({"seat": "2"})
    assert page.last("focus") == {"cmd": "focus", "selector": ".uno-w-1 .uno-btn-back", "only_from": None}
    assert page.last("announce") == {"cmd": "announce", "text": "That card cannot be played.",
                                     "assertive": True}
    assert page.last("url") == {"cmd": "url", "query": "seat=2"} and page.query == "seat=2"
    assert [m["cmd"] for m in page.sent] == ["focus", "announce", "announce", "url"]
    assert page.last("nothing") is None
    for i in range(80):
        page.announce(str(i))
    assert len(page.sent) == 50 and page.sent[-1]["text"] == "79"


def test_text_form_says_what_to_do_and_the_script_sets_the_landmark():
    text = PageBridge()._repr_mimebundle_()[0]["text/plain"]  # anywidget: (data, metadata)
    assert text.startswith("Page helper (invisible): run this cell") and len(text) <= 110
    script = PageBridge()._esm  # the built module, as the page gets it (minified)
    assert 'getElementById("rendered_cells");' in script and 'setAttribute("role","main")' in script
    assert 'querySelector("main, [role=main]")' in script


def test_page_query_outside_voila_and_in_a_cold_kernel(monkeypatch):
    from uno_lessons.widgets.page import page_query

    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    assert page_query() == ""
    monkeypatch.setenv("QUERY_STRING", "table=K7QM3X&lang=nl")  # what Voilà gives a kernel it starts
    assert page_query() == "table=K7QM3X&lang=nl"


def test_page_query_in_a_preheated_kernel_waits_for_the_request(monkeypatch):
    """A preheated kernel receives the page's request over Voilà's query socket (a real
    websocket server here, standing in for Voilà's ``voila/query/<kernel id>`` handler)."""
    from voila_query import preheated_env, serve_queries

    from uno_lessons.widgets.page import page_query, query_pending

    port = serve_queries(lambda kernel_id: f"table=K7QM3X&kernel={kernel_id}")
    preheated_env(monkeypatch, port)
    assert query_pending()
    assert page_query(timeout=10) == "table=K7QM3X&kernel=k-1"

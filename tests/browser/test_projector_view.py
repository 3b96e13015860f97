"""One table on the projector at 1280×800 (a classroom projector's usual size): the top card
and the draw pile large enough to read from the back of the room, whose turn it is in large
type, the log beside them, and no card of any hand."""

from __future__ import annotations

import pytest

from uno_lessons.table.classroom import load_class, open_class, seat_learner

from .a11y import assert_no_axe_violations

pytestmark = pytest.mark.browser

#: A 1280×800 projector: a card a quarter of the screen's height is readable at ten metres.
LARGE = 800 // 4


def test_one_table_fills_a_1280x800_projector(class_store, pages):
    code, _key = open_class(class_store, 6)
    table = load_class(class_store, code).tables[0]
    for i in range(6):
        seat_learner(class_store, code, f"Kid{i}")
    page = pages(f"table={table}&watch=1&view=projector", ".uno-dash .uno-table .uno-top svg")
    for pile in (".uno-table .uno-top svg", ".uno-table .uno-draw-pile svg"):
        box = page.locator(pile).first.bounding_box()
        assert box["height"] >= LARGE, (pile, box)
        assert box["y"] + box["height"] <= 800, (pile, box)  # on the first screen, not below it
    size = page.eval_on_selector(".uno-status", "el => parseFloat(getComputedStyle(el).fontSize)")
    assert size >= 30, size
    log = page.locator(".uno-log").bounding_box()
    assert log["y"] < 800 and log["height"] >= 200, log
    assert page.locator(".uno-hand-panel .uno-card-btn, .uno-others-view .uno-card-svg").count() == 0
    assert_no_axe_violations(page, "one table on the projector")
    assert not page.errors, page.errors

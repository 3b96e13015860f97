"""The pages of a class (``?class=CODE``), as :mod:`.entry` routes them:

* ``?class=CODE``: a learner types a name and is seated by the server
  (:class:`~.class_join.ClassJoinForm`), then sees their seat's page;
* ``?class=CODE&table=T&token=…``: that seat's page again (a reload), or the seat the
  teacher moved the learner to (:func:`~uno_lessons.table.classroom.follow`), with the part
  that notices a move while the page is open (:class:`~.class_join.ClassFollow`);
* ``?class=CODE&teacher=KEY``: the teacher's page of every table (:class:`~.class_board.ClassBoard`);
* ``?class=CODE&view=projector`` (or ``&watch=1``): the projector's view of every table.
"""

from __future__ import annotations

from collections.abc import Callable

from ..table import Store
from ..table.classroom import follow, load_class
from ..table.handles import SeatHandle, TableHandle
from ..widgets.page import PageBridge
from .class_board import ClassBoard
from .class_join import ClassFollow, ClassJoinForm, seat_address

#: What :mod:`.entry` hands a class page to show a table's page: ``show(handle, address)``.
Show = Callable[[TableHandle, "dict[str, str] | None"], None]


def class_page(store: Store, code: str, params: dict[str, str], box, bridge: PageBridge, show: Show) -> None:
    """Build class ``code``'s page for ``params`` (the page's query) into ``box``; TableError
    (the entry says it) for an unknown class, a wrong key or a token that holds no seat."""
    lang = params.get("lang")

    def seated(handle: SeatHandle) -> None:
        show(handle, seat_address(handle, code, lang))
        game = getattr(box, "game", None)
        if game is not None:
            part = ClassFollow(store, code, game.table, bridge, lang)
            box.children = [*box.children, part.widget]
            part.look()  # moved while the page was closed and the old seat was reopened

    if params.get("teacher") or params.get("view") == "projector" or params.get("watch"):
        board = ClassBoard(store, code, bridge, key=params.get("teacher") or None,
                           projector=params.get("view") == "projector")
        box.children = [*box.children, board.widget]
        if board.projector:
            box.add_class("uno-projector")
        board.start()
    elif params.get("table") and params.get("token"):
        seated(follow(store, code, params["table"], params["token"]) or store.rejoin(params["table"], params["token"]))
    else:
        load_class(store, code)  # TableError now, in a sentence, for a code that is no class
        form = ClassJoinForm(store, code, seated, bridge)
        box.children = [*box.children, form.widget]

"""A dashboard page opened through the hub service: who the page is for, and which handle
of a class table that user gets.

The page kernel learns its user from the signed ``uno_hub`` parameter (:mod:`.identity`),
never from anything the browser can set. On a hub:

* a teacher (a hub admin or a member of the teachers' group) opening ``?table=CODE`` gets
  the teacher's page of a table a hub teacher opened (its key is in the :class:`.SeatBook`),
  or of the ``&teacher=KEY`` they were given;
* a learner gets their own seat back (the seat their hub user took), else the join form
  with their hub name filled in (they may change it);
* anyone signed in may watch (``&watch=1``);
* no token or key goes into the address, and a ``token=`` or ``teacher=`` a learner puts
  there opens nothing;
* only teachers open class tables (a learner knowing the seed of her own table would know
  every hand there): a learner's New game form does not offer one, and the dashboard
  refuses to make one for her (:func:`check_class_table`) whatever her page sends;
* the teacher's panel names the hub user who took each seat beside the name typed there
  (:func:`seat_users`): a seat's name is free text.
"""

from __future__ import annotations

from collections.abc import Callable

from ..i18n import _
from ..table import Store, TableError
from ..table.handles import SeatHandle, TableHandle
from ..voila.identity import HubUser
from .seat_book import SeatBook

#: The signed-in user of this page's kernel (a kernel serves one page), once checked.
_signed_in: HubUser | None = None


def signed_in(user: HubUser | None = None) -> HubUser | None:
    """Note ``user`` as this page's (when given); the page's user (None: not a hub page)."""
    global _signed_in
    if user is not None:
        _signed_in = user
    return _signed_in


def reset_signed_in() -> None:
    """Forget the page's user (a kernel serves one page; tests play several in one process)."""
    global _signed_in
    _signed_in = None


def not_signed_in_text() -> str:
    """What a page says when it was not opened through the hub's sign-in."""
    return _("Sign in to the school's JupyterHub to open this page, then open it again from there.")


def teacher_only_text() -> str:
    """What a learner who asks for the teacher's page is told."""
    return _("Only the class's teachers open the teacher's page of a table.")


def class_table_teacher_only_text() -> str:
    """What a learner who asks for a new class table is told."""
    return _("Only the class's teachers open class tables.")


def may_open_class_tables() -> bool:
    """Whether this page may open a class table: on the hub, a teacher's page only; on a
    standalone server (no hub user), any page, as before."""
    user = signed_in()
    return user is None or user.teacher


def check_class_table() -> None:
    """Refuse (TableError with its sentence) a class table on a hub learner's page. Called
    where the table is made, not only where the form offers it: a widget message can select
    a choice the form never showed."""
    if not may_open_class_tables():
        raise TableError(class_table_teacher_only_text())


def seat_users(store: Store, code: str) -> dict[int, str]:
    """On a hub teacher's page: the hub user who took each seat of table ``code`` (seat ->
    user name); elsewhere nothing (a standalone server has no hub users, and who is who is
    for the class's teachers)."""
    user = signed_in()
    if user is None or not user.teacher:
        return {}
    book = SeatBook(store)
    try:
        return book.seat_users(code)
    finally:
        book.close()


def teacher_query(code: str, key: str, store: Store | None = None) -> dict[str, str]:
    """The address of the teacher's page of a table just opened: with the key on a
    standalone server; on the hub, the key goes into the book and the address holds only
    the code."""
    user = signed_in()
    if user is None:
        return {"table": code, "teacher": key}
    from ..table import open_store

    book = SeatBook(store if store is not None else open_store())
    try:
        book.new_table(code, key)
    finally:
        book.close()
    return {"table": code}


ShowFn = Callable[[TableHandle, dict[str, str]], None]


def open_table(store: Store, code: str, params: dict[str, str], user: HubUser, show: ShowFn,
               join_form: Callable[[Callable[[TableHandle], None]], object]) -> None:
    """Open table ``code`` for hub ``user``: ``show(handle, address)`` for a handle, or
    ``join_form(on_done)`` when the learner is to choose a seat (``on_done`` notes the seat
    in the book, then shows it). TableError (a sentence) when nothing may be opened."""
    address = {k: v for k, v in (("table", code), ("lang", params.get("lang"))) if v}
    book = SeatBook(store)
    if params.get("watch"):
        show(store.watch(code), address)
        return
    if params.get("teacher") and not user.teacher:
        raise TableError(teacher_only_text())
    if user.teacher:
        given = params.get("teacher")
        key = given or book.teacher_key(code)
        if key:
            handle = store.teacher(code, key)
            if given:
                book.keep_teacher_key(code, given)
            show(handle, address)
            return
    token = book.seat_token(code, user.name)
    if token:
        try:
            show(store.rejoin(code, token), address)
            return
        except TableError:
            book.keep_seat(code, user.name, None)  # a table removed since: choose again

    def on_done(handle: TableHandle) -> None:
        if isinstance(handle, SeatHandle):
            book.keep_seat(code, user.name, handle.token, handle.seat)  # the panel names her there
        show(handle, address)

    form = join_form(on_done)
    name = getattr(form, "name", None)
    if name is not None:
        name.value = user.name  # their hub name; they may change it before sitting down

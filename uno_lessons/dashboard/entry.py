"""The dashboard page for the URL it was opened with: what ``notebooks/dashboard.ipynb``
shows. No query: a game on this screen. ``?table=CODE``: join that class table (then
``&token=…`` in the address keeps the seat); ``&watch=1``: watch it (``&view=projector``
for the projector); ``&teacher=KEY``: the teacher's page. ``?class=CODE``: a class of several tables (its
learners are seated by the server; ``&teacher=KEY`` and ``&view=projector`` show every table;
see :mod:`.class_page`). ``&lang=nl`` (sr, ms, en) picks
the language; the server's default comes from ``UNO_LESSONS_LANG``.

Behind the JupyterHub service (:mod:`uno_lessons.hub`), the page is for the signed-in user
the service vouched for: a page without that identity shows nothing, and the table's page
follows the user's hub role and seat (:mod:`uno_lessons.dashboard.hub_page`), not tokens in the address.
"""

from __future__ import annotations

import os
from html import escape
from urllib.parse import parse_qs

import ipywidgets as widgets

from ..i18n import _, get_language, set_language
from ..table import Store, Table, TableError, open_store
from ..table.classroom import is_class
from ..table.config import normal_code
from ..table.handles import SeatHandle, TableHandle
from ..widgets import MessageView
from ..widgets.page import PageBridge, log_traceback, page_query, query_pending
from .app import DashboardBox, LiveGame
from .class_form import not_on_hub_text
from .class_page import class_page
from .closing import built_by, close_widgets
from .join import JoinForm
from .sentences import something_went_wrong
from .style import DASH_CSS, aria_rules


def dashboard_page(query: str | None = None, *, store: Store | None = None, **local) -> DashboardBox | LiveGame:
    """The right dashboard for ``query`` (default: this page's URL query). ``local`` keywords
    (players, rules, seed, seats…) set up the one-screen game when no table is named."""
    spare = _spare_game(local) if query is None and query_pending() and _spare_wanted() else None
    params = {k: v[-1] for k, v in parse_qs(page_query() if query is None else query).items()}
    if params.get("lang"):
        try:
            set_language(params["lang"])
        except ValueError:
            pass  # an unknown language in a link: stay in the server's language
    code = params.get("table")
    klass = params.get("class")
    user, refused = _hub_user(params)
    if spare is not None:
        game, language, built = spare
        if not code and not klass and not refused and get_language() == language:
            return game
        for widget in built:  # another page was asked for: its widgets never reach a browser
            widget.close()
    if not code and not klass and not refused:
        return LiveGame(**local)
    bridge = PageBridge(aria=aria_rules(), follow_language=False)
    box = DashboardBox([widgets.HTML(DASH_CSS, layout=widgets.Layout(display="none")), bridge])
    box.add_class("uno-dash")
    if refused:
        from .hub_page import not_signed_in_text

        _say_cannot_open(box, bridge, str(code or "")[:12], not_signed_in_text())
        return box
    view = params.get("view")

    def show(handle: TableHandle, address: dict[str, str] | None = None) -> None:
        if address is not None:
            bridge.set_query(address)
        elif isinstance(handle, SeatHandle):
            bridge.set_query({k: v for k, v in (("table", handle.code), ("token", handle.token),
                                                ("lang", params.get("lang"))) if v})
        before = [c for c in box.children if c is not bridge]
        LiveGame(table=Table(handle), bridge=bridge, view=view, box=box)  # box.game is that page
        # The join form (once seated or watching) and the first page's style: closed, every
        # model of them, so its Sit down cannot be pressed again over the websocket.
        close_widgets(*before, keep=[bridge])

    try:
        if klass:
            code = klass
        code = normal_code(code)  # "xd9 vq5" typed on a phone is table XD9VQ5
        store = store or open_store()
        if klass or (user is None and not any(params.get(k) for k in ("teacher", "token", "watch"))
                     and is_class(store, code)):
            # A class's page (a class code typed in the code form opens the class too).
            if user is not None:
                raise TableError(not_on_hub_text())
            class_page(store, code, params, box, bridge, show)
        elif user is not None:
            from .hub_page import open_table

            def join_form(on_done):
                form = JoinForm(store, code, on_done, bridge)
                box.children = [*box.children, form.widget]
                return form

            open_table(store, code, params, user, show, join_form)
        elif params.get("teacher"):
            show(store.teacher(code, params["teacher"]))
        elif params.get("token"):
            show(store.rejoin(code, params["token"]))
        elif params.get("watch"):
            show(store.watch(code))
        else:
            form = JoinForm(store, code, show, bridge)
            box.children = [*box.children, form.widget]
    except (TableError, OSError) as exc:
        if isinstance(exc, OSError):  # e.g. the data folder: its path is for the server's terminal
            log_traceback(exc, "opening the table store")
        _say_cannot_open(box, bridge, str(code)[:12],
                         str(exc) if isinstance(exc, TableError) else something_went_wrong())
    return box


def _say_cannot_open(box: DashboardBox, bridge: PageBridge, code: str, text: str) -> None:
    """The page of a table that cannot be opened: its title, a heading and why."""
    bridge.title = _("UNO class table {code}: cannot open", code=code)
    heading = widgets.HTML(f"<h1 class='uno-dash-title'>{escape(_('UNO class table {code}', code=code))}</h1>")
    note = MessageView()
    note.error(text)
    box.children = [*box.children, heading, note]


def _hub_user(params: dict[str, str]):
    """The hub user this page is for, and whether the page is refused: on the hub service's
    Voilà (its signing secret set) a page needs the service's fresh signed identity; on a
    standalone server there is no hub user and nothing is refused."""
    from ..voila.identity import PARAM, hub_secret, use_once, verify

    secret = hub_secret()
    if secret is None:
        return None, False
    user = verify(params.get(PARAM, ""), secret, once=use_once)  # good for one page only
    if user is None:
        return None, True
    from .hub_page import signed_in

    signed_in(user)
    return user, False


#: Set to "0" (``dev.sh serve --class`` does) when the pages asked for name a class table:
#: a preheated kernel then builds no one-screen game, which it would only close again.
SPARE_ENV = "UNO_LESSONS_SPARE"


def _spare_wanted() -> bool:
    """Whether a preheated kernel should build the one-screen game before its request. For a
    class every page is ``?table=…``: closing a spare game's 200 widgets costs the server a
    message each, and with a class arriving every half second that work queues up."""
    return os.environ.get(SPARE_ENV, "1") != "0"


def _spare_game(local: dict) -> tuple[LiveGame, str, list[widgets.Widget]]:
    """The one-screen game, built while a preheated kernel waits for its page's request (the
    address without a query is the common one), so that page is ready the moment it is
    asked for; with the language it was built in and every widget it made (to close them
    when the address asks for another page). It is inert until a browser shows it."""
    game, made = built_by(lambda: LiveGame(**local))
    return game, get_language(), made

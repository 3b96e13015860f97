"""A class's tables on one page: the teacher's page of a class and its projector view.

``?class=CODE&teacher=KEY`` is the teacher's: the class's join card (one code, one QR code),
then every table (who sits where, whose turn, the scores) with links to open it as its
teacher or on the projector, and the controls that move a learner to another table or hand
a seat to a bot (and back). ``?class=CODE&view=projector`` is the projector's: the join card
large beside every table's summary, with links that show one table on the projector. Both
follow the tables as they play (a look every :data:`LOOK_SECONDS`); the summaries show no
card, so anyone in the room may read them.
"""

from __future__ import annotations

import asyncio
from html import escape
from urllib.parse import urlencode

import ipywidgets as widgets

from ..i18n import _, ngettext
from ..table import Store, TableError
from ..table.classroom import ClassTeacher, ClassWatch
from ..table.kinds import SeatKind
from ..table.views import TableView
from ..voila.network import learners_base
from ..widgets import MessageView
from ..widgets.page import PageBridge, log_traceback
from .controls import relabel_options
from .join_card import join_card_html
from .others import kind_word
from .safety import guarded
from .sentences import something_went_wrong, table_closed_text, turn_sentence

#: The bots a teacher can give a seat to here (a learned bot comes with a table, not a move).
BOTS = (SeatKind.SENSIBLE, SeatKind.RANDOM)
#: Seconds between the page's looks at the class's tables.
LOOK_SECONDS = 1.5

# The board's own layout: the tables in a grid that fills a projector's width, links in the
# table summaries as 44 px targets (they are controls on a phone, not words in a sentence).
BOARD_CSS = """<style>
.uno-class-board{display:flex;flex-wrap:wrap;gap:12px 24px;align-items:flex-start}
.uno-class-tables{display:grid;grid-template-columns:repeat(auto-fit,minmax(260px,1fr));gap:12px;flex:1 1 520px}
.uno-class-table{border:2px solid #6b7b7b;border-radius:10px;padding:6px 12px;background:#fff;color:#111}
.uno-class-table h2{margin:4px 0;font-size:1.2em}
.uno-class-table table{border-collapse:collapse;width:100%}
.uno-class-table td,.uno-class-table th{text-align:left;padding:2px 6px;border-bottom:1px solid #ddd}
.uno-class-links a{display:inline-flex;align-items:center;min-height:44px;min-width:44px;margin-right:14px;color:#0645ad}
.uno-projector .uno-class-board .uno-join-card{flex:0 1 520px}
.uno-projector .uno-class-table{font-size:1.35em}
</style>"""


def class_links(base: str, code: str, key: str | None = None) -> dict[str, str]:
    """The class's page links: for learners, for the projector and (secret) for the teacher."""
    links = {"learners": f"{base}?{urlencode({'class': code})}",
             "projector": f"{base}?{urlencode({'class': code, 'view': 'projector'})}"}
    if key:
        links["teacher"] = f"{base}?{urlencode({'class': code, 'teacher': key})}"
    return links


def table_state_sentence(view: TableView) -> str:
    """How the table is doing, in one sentence: closed, waiting for learners, or whose turn."""
    if view.closed:
        return table_closed_text()
    free = sum(1 for s, k in enumerate(view.kinds) if k == SeatKind.HUMAN and s not in view.claimed)
    turn = turn_sentence(view, ())
    if free:
        return " ".join((ngettext("{n} learner's seat is free.", "{n} learners' seats are free.", free, n=free), turn))
    return turn


def table_html(number: int, view: TableView, links: dict[str, str]) -> str:
    """One table's summary: its number and code, how it is doing, each seat (name, who plays
    it, points) and the links given (label -> address)."""
    heading = _("Table {number}: {code}", number=number, code=view.code)
    rows = []
    for s, name in enumerate(view.names):
        kind = view.kinds[s]
        if kind == SeatKind.HUMAN and s not in view.claimed:
            who = _("free seat")
        else:
            who = kind_word(kind)
        # Who moves is said in the sentence above; the arrow only points at the row.
        turn = "<span aria-hidden='true'> ◀</span>" if view.play.winner is None and view.play.current_player == s and not view.closed else ""
        rows.append(f"<tr><td>{escape(name)}{turn}</td><td>{escape(who)}</td><td>{view.totals[s]}</td></tr>")
    head = (f"<tr><th scope='col'>{escape(_('Player'))}</th><th scope='col'>{escape(_('Plays'))}</th>"
            f"<th scope='col'>{escape(_('Points'))}</th></tr>")
    link_html = "".join(f"<a href='{escape(href, quote=True)}' target='_blank'>{escape(label)}</a>"
                        for label, href in links.items())
    return (f"<section class='uno-class-table' aria-label='{escape(heading, quote=True)}'>"
            f"<h2>{escape(heading)}</h2><p>{escape(table_state_sentence(view))}</p>"
            f"<table>{head}{''.join(rows)}</table>"
            + (f"<p class='uno-class-links'>{link_html}</p>" if link_html else "") + "</section>")


class ClassBoard:
    """Every table of class ``code`` on one page: the teacher's (``key``: the controls and
    the teacher links) or the projector's (``projector``). ``bridge`` gives the page's
    address, title and voice. :meth:`start` follows the tables on the kernel's loop."""

    def __init__(self, store: Store, code: str, bridge: PageBridge, *, key: str | None = None,
                 projector: bool = False) -> None:
        W = widgets
        self.teacher = ClassTeacher(store, code, key) if key is not None else None
        self.watch = ClassWatch(store, code)
        self.code, self.bridge, self.projector = self.watch.code, bridge, projector
        self.heading = W.HTML()
        self.board = W.HTML(_dom_classes=("uno-class-view",))
        self.message = MessageView()
        parts: list[widgets.Widget] = [W.HTML(BOARD_CSS, layout=W.Layout(display="none")), self.heading, self.board]
        if self.teacher is not None:
            self.moves = ClassMoves(self)
            parts.append(self.moves.widget)
        parts.append(self.message)
        self.widget = W.VBox(parts, _dom_classes=("uno-class-page",) + (("uno-projector",) if projector else ()))
        self._handle: asyncio.TimerHandle | None = None
        bridge.observe(lambda _change: self.draw(), "base")
        self.relabel()

    def relabel(self) -> None:
        """Words in the current language (and the board drawn in them)."""
        if self.teacher is not None:
            title = _("UNO class {code}: teacher", code=self.code)
        else:
            title = _("UNO class {code}: all tables", code=self.code)
        self.bridge.title = title
        self.heading.value = f"<h1 class='uno-dash-title'>{escape(title)}</h1>"
        if self.teacher is not None:
            self.moves.relabel()
        self.draw()

    def views(self) -> list[TableView]:
        """Every table as the board shows it."""
        return self.watch.views()

    def draw(self) -> None:
        """Draw the join card and every table as they are now."""
        base = self.bridge.base
        page = learners_base(base) if base else ""
        card = join_card_html(base, self.code, whole_class=True) if base else ""
        tables = []
        for number, view in enumerate(self.views(), start=1):
            links = {}
            if page:
                projector = f"{page}?{urlencode({'table': view.code, 'watch': 1, 'view': 'projector'})}"
                if self.teacher is not None:
                    teach = f"{page}?{urlencode({'table': view.code, 'teacher': self.teacher.key})}"
                    links[_("Open table {number} as its teacher", number=number)] = teach
                links[_("Show table {number} alone", number=number)] = projector
            tables.append(table_html(number, view, links))
        extra = ""
        if page and self.teacher is not None:
            alone = class_links(page, self.code)["projector"]
            extra = (f"<p class='uno-class-links'><a href='{escape(alone, quote=True)}' target='_blank'>"
                     f"{escape(_('Show all tables on the projector'))}</a></p>")
        html = f"<div class='uno-class-board'>{card}<div class='uno-class-tables'>{''.join(tables)}</div></div>{extra}"
        if html != self.board.value:
            self.board.value = html
        if self.teacher is not None:
            self.moves.fill()

    def look(self) -> bool:
        """Take in what happened at the tables; redraw if anything did."""
        try:
            changed = self.watch.sync()
        except TableError as exc:
            self.message.show("error", str(exc))
            return False
        if changed:
            self.draw()
        return changed

    def start(self) -> bool:
        """Look at the tables every :data:`LOOK_SECONDS` on the kernel's loop (False where
        there is none: call :meth:`look` yourself)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False

        def beat() -> None:
            try:
                self.look()
            except Exception as exc:  # noqa: BLE001 - a fault of ours: the terminal; keep looking
                log_traceback(exc, "the class board's look")
            self._handle = loop.call_later(LOOK_SECONDS, beat)

        self._handle = loop.call_later(LOOK_SECONDS, beat)
        return True

    def stop(self) -> None:
        """Stop looking."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def say(self, kind: str, text: str) -> None:
        """Show and announce ``text`` (``kind``: "info" or "error")."""
        self.message.show(kind, text)
        self.bridge.announce(text, assertive=kind == "error")


class ClassMoves:
    """The teacher's controls: choose a seated learner, then move them to another table's
    free seat, give their seat to a bot, or give it back."""

    def __init__(self, board: ClassBoard) -> None:
        W = widgets
        self.board = board
        wide = W.Layout(width="auto")
        self.learner = W.Dropdown(options=[], layout=wide, style={"description_width": "initial"},
                                  _dom_classes=("uno-class-learner",))
        self.to_table = W.Dropdown(options=[], layout=wide, style={"description_width": "initial"},
                                   _dom_classes=("uno-class-to",))
        self.move = W.Button(layout=wide, _dom_classes=("uno-class-move",))
        self.bot = W.Dropdown(options=[("", k.value) for k in BOTS], value=SeatKind.SENSIBLE.value, layout=wide, style={"description_width": "initial"},
                              _dom_classes=("uno-class-bot-kind",))
        self.to_bot = W.Button(layout=wide, _dom_classes=("uno-class-to-bot",))
        self.back = W.Button(layout=wide, _dom_classes=("uno-class-back",))
        g = self._guard
        self.move.on_click(g(lambda _b: self.do_move()))
        self.to_bot.on_click(g(lambda _b: self.do_seat(self.bot.value)))
        self.back.on_click(g(lambda _b: self.do_seat(SeatKind.HUMAN.value)))
        self.title = W.HTML()
        self.widget = W.VBox([self.title, self.learner, W.HBox([self.to_table, self.move]),
                              W.HBox([self.bot, self.to_bot, self.back])], _dom_classes=("uno-class-moves",))

    def _guard(self, callback):
        return guarded(callback, refused=lambda exc: self.board.say("error", str(exc)),
                       failed=lambda: self.board.say("error", something_went_wrong()))

    def relabel(self) -> None:
        """Words in the current language."""
        self.title.value = (f"<h2 class='uno-dash-section'>{escape(_('Move a learner or give a seat to a bot'))}</h2>")
        self.learner.description = _("Learner:")
        self.to_table.description = _("Move to:")
        self.move.description = _("Move the learner")
        self.bot.description = _("Bot:")
        relabel_options(self.bot, [(kind_word(k), k.value) for k in BOTS])
        self.to_bot.description = _("Give the seat to a bot")
        self.back.description = _("Give the seat back")

    def fill(self) -> None:
        """The seated learners and the tables with a free seat, as they are now."""
        views = self.board.views()
        learners = []
        for number, view in enumerate(views, start=1):
            for s in sorted(view.claimed):
                label = _("{name} (table {number}, seat {seat})", name=view.names[s], number=number, seat=s)
                if view.kinds[s] != SeatKind.HUMAN:
                    label = _("{learner}: a bot plays for them", learner=label)
                learners.append((label, f"{view.code}:{s}"))
        relabel_options(self.learner, learners)
        tables = [(ngettext("Table {number} ({n} free seat)", "Table {number} ({n} free seats)", free,
                            number=number, n=free), view.code)
                  for number, view in enumerate(views, start=1)
                  if (free := sum(1 for s, k in enumerate(view.kinds) if k == SeatKind.HUMAN and s not in view.claimed))]
        relabel_options(self.to_table, tables)
        self.move.disabled = not learners or not tables
        self.to_bot.disabled = self.back.disabled = not learners

    def _chosen(self) -> tuple[str, int]:
        if not self.learner.value:
            raise TableError(_("Choose a learner first."))
        code, seat = str(self.learner.value).split(":")
        return code, int(seat)

    def do_move(self) -> None:
        """Move the chosen learner to the chosen table."""
        code, seat = self._chosen()
        if not self.to_table.value:
            raise TableError(_("Choose the table to move them to."))
        teacher = self.board.teacher
        assert teacher is not None
        new_code, new_seat = teacher.move(code, seat, self.to_table.value, bot=self.bot.value)
        self.board.look()
        self.board.say("info", _("Moved to table {table}, seat {seat}: their page takes them there.",
                                 table=new_code, seat=new_seat))

    def do_seat(self, kind: str) -> None:
        """Give the chosen learner's seat to a bot of ``kind``, or back to them."""
        code, seat = self._chosen()
        teacher = self.board.teacher
        assert teacher is not None
        teacher.to_bot(code, seat, kind)
        self.board.look()

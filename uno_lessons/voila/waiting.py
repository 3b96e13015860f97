"""Pages that wait for a kernel: their place in the queue, the page that says so, and the
teacher's terminal.

The front (:mod:`.front`) passes a page's request on to Voilà and, when the page has not
come back within :data:`NOTICE` seconds (no preheated kernel was free: a class larger than
the pool, pages arriving faster than the pool refills), answers the browser at once with a
small page of its own: it says that the page is waiting and its place, updated as the queue
moves (a line of script per change, on the same open response), and loads the real page when
it is ready. Voilà's answer is kept for that browser meanwhile (:class:`Ticket`): the page's
request is made once, so a waiting page reloaded, or reloaded by the learner, takes no second
kernel and keeps its place. Why here and not in Voilà's template: a page from the pool is
rendered before its request comes, and Voilà sends nothing until it has a kernel, so only the
front can answer a waiting browser at once.

The terminal says when pages wait and when they are all open again (:class:`Notices`).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from typing import Any

from ..i18n import _, ngettext, use_language

#: Seconds a page's request may take before its browser is told it is waiting (about the
#: time a person waits before a blank page feels broken).
NOTICE = 1.0
#: Seconds a page that came ready is kept for its waiting browser; then its kernel is closed
#: (the learner closed the waiting tab).
KEEP = 60.0
#: Seconds between two lines the terminal says about waiting pages.
SAY_EVERY = 10.0


@dataclass
class Answer:
    """Voilà's answer to a page's request, kept for its browser."""

    code: int
    reason: str | None
    headers: list[tuple[str, str]]
    body: bytes | None
    kernel: str | None


@dataclass
class Ticket:
    """One page's request in the queue: whose (``owner``, ``page``: its address), since when,
    and, once Voilà has answered, :attr:`answer`."""

    owner: str
    page: str
    since: float
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    answer: Answer | None = None
    told: bool = False  # its browser was told it waits


class Queue:
    """Every page's request passed on to Voilà and not yet taken by its browser, in the order
    they came."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.tickets: list[Ticket] = []

    def find(self, owner: str, page: str) -> Ticket | None:
        """The request ``owner`` made for ``page`` whose browser was told it waits, if it is
        still in the queue (two tabs opened at once are two pages, each its own kernel)."""
        return next((t for t in self.tickets if t.told and t.page == page and secrets.compare_digest(t.owner, owner)),
                    None)

    def add(self, owner: str, page: str) -> Ticket:
        """A new request, at the end of the queue."""
        ticket = Ticket(owner, page, self.clock())
        self.tickets.append(ticket)
        return ticket

    def place(self, ticket: Ticket) -> int:
        """``ticket``'s place among the requests Voilà has not answered yet (1: the first;
        0: answered). Voilà hands its kernels out in turn, so a page's place is how many
        pages before it are still being made, itself included."""
        waiting = [t for t in self.tickets if t.answer is None]
        return waiting.index(ticket) + 1 if ticket in waiting else 0

    def waiting(self) -> list[Ticket]:
        """The requests whose browsers were told they wait and that Voilà has not answered."""
        return [t for t in self.tickets if t.told and t.answer is None]

    def answered(self, ticket: Ticket, answer: Answer) -> None:
        """Voilà answered ``ticket``."""
        ticket.answer = answer
        ticket.ready.set()

    def take(self, ticket: Ticket) -> Answer | None:
        """Voilà's answer for ``ticket``'s browser, which leaves the queue; None if another
        request has taken it (one page, one browser tab)."""
        if ticket not in self.tickets:
            return None
        self.tickets.remove(ticket)
        return ticket.answer


class Notices:
    """What the teacher's terminal says about waiting pages: when pages start to wait, then
    every :data:`SAY_EVERY` seconds while they do (sooner when their number has doubled: a
    class arriving), and when none waits any more."""

    def __init__(self, say: Callable[[str], None] | None, lang: str | None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.say, self.lang, self.clock = say, lang, clock
        self.last = -SAY_EVERY
        self.said = False
        self.count = 0  # the waiting pages the last line counted

    def update(self, queue: Queue, status: dict[str, Any] | None = None) -> None:
        """Say what the queue's waiting pages are now, if it is time to, with what the pool
        said last (``status``: its ``voila/api/uno-pool`` answer, if any)."""
        if self.say is None:
            return
        waiting = queue.waiting()
        now = self.clock()
        with use_language(self.lang):
            if waiting and (now - self.last >= SAY_EVERY or len(waiting) >= 2 * self.count):
                longest = round(now - min(t.since for t in waiting))
                line = ngettext("{n} page is waiting for the server (for {seconds} s); it says so and opens "
                                "by itself.",
                                "{n} pages are waiting for the server (the longest for {seconds} s); each says "
                                "so and opens by itself.", len(waiting), seconds=longest)
                pools = list((status or {}).get("notebooks", {}).values())
                if pools:
                    line += " " + _("Prepared pages free: {ready} of {size}; {starting} more being prepared.",
                                    ready=sum(p.get("ready", 0) for p in pools),
                                    size=sum(p.get("size", 0) for p in pools),
                                    starting=sum(p.get("starting", 0) for p in pools))
                self.say(line)
                self.last, self.said, self.count = now, True, len(waiting)
            elif not waiting and self.said:
                self.say(_("No page is waiting any more."))
                self.said, self.count = False, 0


def _words(lang: str | None) -> dict[str, str]:
    try:
        with use_language(lang):
            return _words_here()
    except ValueError:  # a language the package has no words for
        return _words_here()


def _words_here() -> dict[str, str]:
    return {"title": _("Waiting for the server"),
            "waiting": _("The server is busy preparing pages for everyone. This page opens by itself when "
                         "it is ready; there is no need to reload it."),
            # {place} is filled in by the page's script as the queue moves.
            "place": _("Your place in the queue: {place}"),
            "next": _("Your page is being prepared…")}


def page_text(lang: str | None, place: int) -> tuple[str, str]:
    """The waiting page at ``place`` (1: the first of the pages being made): its HTML (the
    document, left open for :func:`update_script` lines) and its language."""
    words = _words(lang)
    code = escape(lang or "en")
    sentence = words["place"].replace("{place}", str(place)) if place > 1 else words["next"]
    script = ("<script>function unoWait(n){var p=document.getElementById('uno-place');"
              f"var w={json.dumps({'place': words['place'], 'next': words['next']})};"
              "p.dataset.place=n;p.textContent=n>1?w.place.replace('{place}',n):w.next;}</script>")
    html = (f"<!doctype html><html lang='{code}'><head><meta charset='utf-8'>"
            f"<meta name='viewport' content='width=device-width'><title>{escape(words['title'])}</title>"
            # Without script the page asks again every few seconds: the front answers with the
            # same request's place, then with the page itself.
            "<noscript><meta http-equiv='refresh' content='5'></noscript>"
            f"{script}</head><body><main style='font:1.3rem sans-serif;max-width:40rem;margin:2rem auto'>"
            f"<h1 style='font-size:1.6rem'>{escape(words['title'])}</h1>"
            f"<p>{escape(words['waiting'])}</p>"
            f"<p id='uno-place' role='status' aria-live='polite' data-place='{place}'>{escape(sentence)}</p>"
            "</main>\n")
    # Browsers show a page as it streams once they have enough of it: padding, as Voilà's own
    # heartbeats, so that the notice shows at once.
    return html + "<!--" + " " * 1024 + "-->\n", code


def update_script(place: int) -> str:
    """The line that moves the waiting page to ``place``."""
    return f"<script>unoWait({int(place)})</script>\n"


#: The waiting page's last line: load the real page (the front keeps it for this browser).
DONE_SCRIPT = "<script>location.replace(location.href)</script></body></html>\n"


def status_line(status: dict[str, Any]) -> tuple[int, int]:
    """``(ready, size)`` over every pool in a ``voila/api/uno-pool`` answer."""
    pools = status.get("notebooks", {}).values()
    return sum(p.get("ready", 0) for p in pools), sum(p.get("size", 0) for p in pools)

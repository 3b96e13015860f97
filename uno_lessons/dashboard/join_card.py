"""How learners find a class table from their own devices: the join card and the code form.

Classroom tools a class already knows put three things on the projector: a short address,
the code and a QR code. :func:`join_card_html` is that card (the QR code is drawn here, on
the server, with ``segno``: no internet), for the teacher's page and the projector; it is
built from the address learners can reach (:func:`~uno_lessons.voila.network.learners_base`:
``--public-url``, else the server's network address when the teacher opened the page on
this machine's own name, else the page's address). :func:`code_form_html` is the other end:
on the page at the short address (the one-screen game), a plain HTML form that takes the
code and opens ``?table=CODE`` (a browser's own GET: it works before the kernel has run).
"""

from __future__ import annotations

from html import escape
from urllib.parse import urlencode

from ..i18n import _
from ..table.kinds import SeatKind
from ..voila.network import learners_base, short_address, this_machine_only
from .roles import PageMode


def learners_link(page_base: str, code: str, param: str = "table") -> str:
    """The link learners open for table ``code`` (what the QR code holds); ``param="class"``
    for a class's code."""
    return f"{learners_base(page_base)}?{urlencode({param: code})}"


def qr_svg(text: str, label: str) -> str:
    """``text`` as a QR code: an inline SVG that scales to its box, named for screen readers."""
    import segno

    # Error correction M survives a projector's glare and a phone held at an angle; a quiet
    # zone of 4 modules is what readers expect.
    svg = segno.make(text, error="m").svg_inline(scale=1, border=4, dark="#000", light="#fff",
                                                 omitsize=True, svgclass="uno-qr-svg")
    svg = svg.replace("<svg ", '<svg aria-hidden="true" focusable="false" ', 1)  # the box is named
    return f"<div class='uno-qr' role='img' aria-label='{escape(label, quote=True)}'>{svg}</div>"


def join_card_html(page_base: str, code: str, *, whole_class: bool = False) -> str:
    """The card that tells a class how to join table ``code``: the address to type, the
    code, a QR code of the full link, and the link itself (``whole_class``: ``code`` is a
    class's, whose learners the server seats at its tables)."""
    link = learners_link(page_base, code, "class" if whole_class else "table")
    type_code = _("Then type the class code:") if whole_class else _("Then type the table code:")
    short = short_address(learners_base(page_base))
    qr = qr_svg(link, _("QR code of the learners' link: {link}", link=link))
    spaced = " ".join(code[i:i + 3] for i in range(0, len(code), 3))  # K7Q M3X: easier to read out
    return (
        "<section class='uno-join-card' aria-labelledby='uno-join-card-title'>"
        f"<h2 class='uno-dash-section' id='uno-join-card-title'>{escape(_('Join the game'))}</h2>"
        f"{loopback_warning_html(link)}"
        "<div class='uno-join-card-body'><ol class='uno-join-steps'>"
        f"<li>{escape(_('On your device, type this address:'))}"
        f"<span class='uno-join-big uno-join-address'>{escape(short)}</span></li>"
        f"<li>{escape(type_code)}"
        f"<span class='uno-join-big uno-join-code'>{escape(spaced)}</span></li>"
        f"<li>{escape(_('Or scan the QR code with your camera.'))}</li></ol>{qr}</div>"
        f"<p class='uno-join-link'>{escape(_('The whole link:'))} "
        f"<a href='{escape(link, quote=True)}' target='_blank'>{escape(link)}</a></p></section>")


def loopback_warning_html(link: str) -> str:
    """When ``link`` names this machine only, the sentence that says learners' devices cannot
    open it and how to serve on the network; else nothing. Said in words and first on the
    card, so a teacher reads it before projecting a code nobody can use."""
    if not this_machine_only(link):
        return ""
    text = _("Learners' devices cannot join yet: {address} opens on this computer only. Stop the "
             "server and start it again with {command} to let devices on the school network join.",
             address=short_address(link.split("?", 1)[0]), command="uno-lessons serve --network")
    box = "border:3px solid #8a5300;border-radius:8px;padding:6px 10px;background:#fff6d6;color:#1d1d1d;overflow-wrap:anywhere"
    return f"<p class='uno-join-warning' role='note' style='{box}'><strong>{escape(_('Warning:'))}</strong> {escape(text)}</p>"


def code_form_html(lang: str | None = None) -> str:
    """A form for the table code, for the page at the short address (``?table=CODE`` on
    submit; ``lang`` is kept so the table opens in the same language)."""
    hidden = f"<input type='hidden' name='lang' value='{escape(lang, quote=True)}'>" if lang else ""
    return (
        "<form class='uno-code-form' method='get' action=''>"
        f"<label for='uno-code-input'>{escape(_('Joining a class table? Type its code:'))}</label> "
        "<input id='uno-code-input' name='table' required minlength='6' maxlength='8' "
        "autocomplete='off' autocapitalize='characters' spellcheck='false' "
        f"pattern='[A-Za-z0-9 -]{{6,8}}'>{hidden} "
        f"<button type='submit' class='uno-code-join'>{escape(_('Join'))}</button></form>")


class JoinCard:
    """The join card as a page part (teacher and spectator pages): on the teacher's view it
    is always there; on the projector while learner seats are free (then the game has the
    room); gone once the table is closed. ``bridge`` tells the page's address (it arrives
    from the browser after the page is built: the card is drawn again then)."""

    def __init__(self, bridge) -> None:
        import ipywidgets as widgets

        self.widget = widgets.HTML(_dom_classes=("uno-join-card-view",), layout=widgets.Layout(display="none"))
        self._bridge = bridge
        self._shown = ""
        self._last: tuple | None = None
        bridge.observe(lambda _change: self._draw(), "base")

    def update(self, view, mode: str) -> None:
        """Draw the card for ``view`` (a :class:`~uno_lessons.table.TableView`) in ``mode``."""
        free = any(k == SeatKind.HUMAN and s not in view.claimed for s, k in enumerate(view.kinds))
        self._last = (view.code, not view.closed and (mode == PageMode.TEACHER or free))
        self._draw()

    def relabel(self) -> None:
        """Words in the current language."""
        self._draw()

    def _draw(self) -> None:
        base = self._bridge.base
        code, wanted = self._last or ("", False)
        html = join_card_html(base, code) if wanted and base else ""
        if html != self._shown:  # the QR code is a few kB: send it only when it changes
            self._shown = html
            self.widget.value = html
        self.widget.layout.display = None if html else "none"

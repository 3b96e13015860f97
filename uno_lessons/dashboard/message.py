"""The message line under the hand: the last thing said to this page (a move, a refusal
and its reason), shown in a box that is not a live region.

Screen readers hear each message once, through the page bridge's persistent live regions
(polite, or assertive for an error); a box whose markup is replaced on every message is
rarely announced, and announcing it as well would say everything twice. The kind is told
by an icon and a border too, not by the background colour alone.
"""

from __future__ import annotations

from html import escape

from ..widgets import MessageView

#: The icon of each kind of message (hidden from screen readers: the sentence says it all).
ICONS = {"ok": "✔", "error": "✖", "info": "ℹ"}


class MessageLine(MessageView):
    """A :class:`~uno_lessons.widgets.MessageView` that only shows (the dashboard speaks
    through its page bridge), styled by the dashboard's stylesheet."""

    def show(self, kind: str, text: str) -> None:
        """Show ``text`` (plain text, escaped) as an ``ok``, ``error`` or ``info`` message."""
        if kind not in ICONS:
            raise ValueError(f"kind must be one of {sorted(ICONS)}; got {kind!r}")
        self.kind, self.text = kind, str(text)
        self.value = (f"<div class='uno-msg uno-msg-{kind}'><span class='uno-msg-icon' aria-hidden='true'>"
                      f"{ICONS[kind]}</span>{escape(self.text)}</div>")

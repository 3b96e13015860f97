"""What a dashboard page says: the message line, and the same sentence announced once to
screen readers through the page bridge's live region (assertively for an error).

A refusal (:data:`.safety.REFUSALS`) is said in the table's own sentence: a :class:`TableError`
as an error; an :class:`IllegalMove` where a page asks for something not possible now (Next hand
before the hand is over) as information (:func:`refusal_kind`).
"""

from __future__ import annotations

from ..table import TableError
from ..widgets import MessageView
from ..widgets.page import PageBridge


def refusal_kind(exc: Exception) -> str:
    """The message kind a refusal of a request that is not a move is said with."""
    return "error" if isinstance(exc, TableError) else "info"


class PageVoice:
    """The message line ``message`` and the announcements of ``bridge``, one sentence at a time."""

    def __init__(self, message: MessageView, bridge: PageBridge) -> None:
        self.message, self.bridge = message, bridge
        #: Sentences announced so far (an action that made news knows it was said already).
        self.announced = 0

    def say(self, kind: str, text: str, *, announce: bool = True) -> None:
        """Show ``text`` on the message line and (unless told already) announce it once."""
        self.message.show(kind, text)
        if announce:
            self.announced += 1
            self.bridge.announce(text, assertive=kind == "error")

    @property
    def shown(self) -> bool:
        """Whether the message line is still a live model (its page was not closed)."""
        return self.message.comm is not None

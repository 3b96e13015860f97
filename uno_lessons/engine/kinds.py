"""The words of the engine's state machine: the kinds of move and the phases of a turn.

Both are ``StrEnum``\\s, so each member is also its plain word: ``MoveKind.PLAY == "play"``,
JSON writes ``"play"``, and code that compares with the word (the table, the pages, old
saves) keeps working. The engine itself compares members by identity (``is``), which is
the cheapest test there is and holds because every Move and every phase the engine makes
is one of these members (:class:`~.moves.Move` turns a known kind word into its member).
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["MoveKind", "Phase"]


class MoveKind(StrEnum):
    """What a move does: play a card, draw one, keep the card just drawn, accept or
    challenge a Wild Draw Four, or pass when there is nothing to play or draw."""

    PLAY = "play"
    DRAW = "draw"
    KEEP = "keep"
    ACCEPT = "accept"
    CHALLENGE = "challenge"
    PASS = "pass"


class Phase(StrEnum):
    """Where the player to move stands: ``TURN`` plays, draws or passes; ``DRAWN`` has just
    drawn a card that can be played, and plays or keeps it (E-DRAW-2); ``RESPOND`` answers
    a Wild Draw Four (E-WD4-3); ``OVER``: the hand has a winner.

    ``RESPOND``'s word is ``"challenge"``, the same word as the move kind
    ``MoveKind.CHALLENGE``, although they are different things of different types: the
    phase has been saved as ``"challenge"`` since the first save format (``saving.FORMAT``
    1), and the table pages, their status line (``data-phase``) and the renderers read
    that word. Keeping it keeps every old save loadable and every reader working; the two
    enums keep the engine from mixing them up (``Phase.RESPOND is not
    MoveKind.CHALLENGE``), and as plain words they are equal."""

    TURN = "turn"
    DRAWN = "drawn"
    RESPOND = "challenge"
    OVER = "over"

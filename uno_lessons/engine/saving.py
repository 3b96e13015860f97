"""Saving and loading games as JSON text that round-trips exactly, mid-hand included."""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from ..i18n import _
from . import events as ev
from .cards import Card, Color
from .rules import Rules

FORMAT = 1


def _codes(cards: list[Card]) -> list[str]:
    return [c.code for c in cards]


def _color(value: Color | None) -> str | None:
    return None if value is None else value.value


def game_to_json(game: Any) -> str:
    """The game as JSON text (stable key order, so equal games give equal text)."""
    pending = None
    if game.pending is not None:
        seat, previous, honest = game.pending
        pending = [seat, _color(previous), honest]
    data = {
        "format": FORMAT,
        "rules": game.rules.to_dict(),
        "names": list(game.names),
        "dealer": game.dealer,
        "hands": [_codes(h) for h in game.hands],
        "discard_pile": _codes(game.discard_pile),
        "draw_pile": _codes(game.draw_pile),
        "current_player": game.current_player,
        "direction": game.direction,
        "current_color": _color(game.current_color),
        "phase": game.phase,
        "drawn": None if game.drawn is None else game.drawn.code,
        "pending": pending,
        "silenced": game.silenced,
        "uno_window": game.uno_window,
        "uno_said": sorted(game.uno_said),
        "winner": game.winner,
        "points": game.points,
        "rng": game.rng.bit_generator.state,
        "events": [e.to_list() for e in game.events],
    }
    return json.dumps(data, separators=(",", ":"))


def game_from_json(text: str, cls: Any = None) -> Any:
    """A game from ``game_to_json`` text; ValueError if the text is not a saved game."""
    if cls is None:
        from .game import Game as cls
    try:
        data = json.loads(text)
        if data.get("format") != FORMAT:
            raise ValueError(_("unknown save format {format}", format=repr(data.get("format"))))
        bitgen = getattr(np.random, data["rng"]["bit_generator"])()
        bitgen.state = data["rng"]
        parse = Card.parse
        game = cls(
            [[parse(c) for c in h] for h in data["hands"]],
            [parse(c) for c in data["discard_pile"]],
            [parse(c) for c in reversed(data["draw_pile"])],
            rules=Rules.from_dict(data["rules"]),
            names=data["names"],
            current=data["current_player"],
            direction=data["direction"],
            color=None if data["current_color"] is None else Color(data["current_color"]),
            rng=np.random.Generator(bitgen),
            dealer=data["dealer"],
        )
        game.phase = data["phase"]
        game.drawn = None if data["drawn"] is None else parse(data["drawn"])
        if data["pending"] is not None:
            seat, previous, honest = data["pending"]
            game.pending = (seat, None if previous is None else Color(previous), honest)
        game.silenced = data["silenced"]
        game.uno_window = data["uno_window"]
        game.uno_said = set(data["uno_said"])
        game.winner = data["winner"]
        game.points = data["points"]
        game.events = [ev.event_from_list(e) for e in data["events"]]
    except (KeyError, TypeError, AttributeError, json.JSONDecodeError) as exc:
        raise ValueError(_("This text is not a saved uno_lessons game: {error}", error=exc)) from exc
    return game

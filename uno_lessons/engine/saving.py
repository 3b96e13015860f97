"""Saving and loading games as JSON text that round-trips exactly, mid-hand included.

``Game.to_json`` and ``Game.from_json`` call these. The game module imports this one, and
this one knows ``Game`` only as a type (``TYPE_CHECKING``): the class to build comes as an
argument, so there is no import cycle at run time.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from ..i18n import _
from . import events as ev
from .cards import Card, Color
from .integrity import SavedGame, check_game, phase_named
from .rules import HOUSE_SWITCHES, Rules

if TYPE_CHECKING:
    from .game import Game

    G = TypeVar("G", bound=Game)

__all__ = ["FORMAT", "game_to_json", "game_from_json", "check_game"]

FORMAT = 1


def _codes(cards: list[Card]) -> list[str]:
    return [c.code for c in cards]


def _letter(value: Color | None) -> str | None:
    return None if value is None else value.value


def game_to_json(game: Game) -> str:
    """The game as JSON text (stable key order, so equal games give equal text)."""
    pending = None
    if game.pending is not None:
        seat, previous, honest = game.pending
        pending = [seat, _letter(previous), honest]
    data = {
        "format": FORMAT,
        "rules": _rules(game.rules),
        "names": list(game.names),
        "dealer": game.dealer,
        "hands": [_codes(h) for h in game.hands],
        "discard_pile": _codes(game.discard_pile),
        "draw_pile": _codes(game.draw_pile),
        "current_player": game.current_player,
        "direction": game.direction,
        "current_color": _letter(game.current_color),
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
    if game.stack:  # H-STACK; a save without it (every save before the house rules) has none
        data["stack"] = game.stack
    return json.dumps(data, separators=(",", ":"))


def _rules(rules: Rules) -> dict[str, Any]:
    """The switches to save: the house rules only when on, so that a game without them is
    saved exactly as before they existed (and loads with them off)."""
    data = rules.to_dict()
    for switch in HOUSE_SWITCHES:
        if not data[switch]:
            del data[switch]
    return data


#: The numpy bit generators a save may name (``Generator.bit_generator.state["bit_generator"]``).
BIT_GENERATORS = ("PCG64", "PCG64DXSM", "MT19937", "Philox", "SFC64")


def game_from_json(text: str, cls: type[G]) -> G:
    """A game of class ``cls`` (``Game``, or a subclass) from ``game_to_json`` text;
    ValueError, saying what is wrong, if the text is not a saved game or holds a state play
    cannot reach (``check_game``). ``Game.from_json(text)`` is the usual way to call it."""
    try:
        data = json.loads(text)
        if data.get("format") != FORMAT:
            raise ValueError(_("unknown save format {format}", format=repr(data.get("format"))))
        hands = [_cards(h) for h in data["hands"]]
        discard_pile, draw_pile = _cards(data["discard_pile"]), _cards(data["draw_pile"])
        rules, names = Rules.from_dict(data["rules"]), list(data["names"])
        current, direction = data["current_player"], data["direction"]
        color, rng, dealer = _color(data["current_color"]), _generator(data["rng"]), data["dealer"]
        phase = phase_named(data["phase"])
        drawn = None if data["drawn"] is None else Card.parse(data["drawn"])
        pending = None
        if data["pending"] is not None:
            seat, previous, honest = data["pending"]
            pending = (seat, _color(previous), honest)
        saved = SavedGame(hands, discard_pile, draw_pile, rules, names, current, direction, color, dealer, phase,
                          drawn, pending, data["silenced"], data["uno_window"], set(data["uno_said"]),
                          data["winner"], data["points"], data.get("stack", 0),
                          [ev.event_from_list(e) for e in data["events"]])
    except (KeyError, TypeError, AttributeError, json.JSONDecodeError) as exc:
        raise ValueError(_("This text is not a saved uno_lessons game: {error}", error=exc)) from exc
    check_game(saved)  # before the game is made: each wrong value refused with its sentence
    try:
        game = cls(saved.hands, saved.discard_pile, saved.draw_pile[::-1], rules=rules, names=names, current=current,
                   direction=direction, color=color, rng=rng, dealer=dealer)
        game.phase, game.drawn, game.pending = phase, drawn, pending
        game.silenced, game.uno_window, game.uno_said = saved.silenced, saved.uno_window, saved.uno_said
        game.winner, game.points, game.stack = saved.winner, saved.points, saved.stack
        game.events = saved.events
    except TypeError as exc:  # the compiled engine checks each field's type; none check_game lets by
        raise ValueError(_("This text is not a saved uno_lessons game: {error}", error=exc)) from exc
    return game


def _cards(codes: Any) -> list[Card]:
    if not isinstance(codes, list):
        raise TypeError(_("expected a list of card codes, got {value}", value=repr(codes)))
    return [Card.parse(c) for c in codes]


def _color(letter: Any) -> Color | None:
    if letter is None:
        return None
    for color in Color:
        if letter == color.value:
            return color
    raise ValueError(_("The saved game names the colour {value}; the colours are R, Y, G and B.", value=repr(letter)))


def _generator(state: Any) -> np.random.Generator:
    name = state["bit_generator"]
    if name not in BIT_GENERATORS:
        raise ValueError(_("The saved game's random numbers come from {name}, which is not a numpy bit "
                           "generator ({names}).", name=repr(name), names=", ".join(BIT_GENERATORS)))
    bitgen = getattr(np.random, name)()
    try:
        bitgen.state = state
    except (ValueError, TypeError, KeyError, OverflowError) as exc:
        raise ValueError(_("The saved game's random number state cannot be restored: {problem}",
                           problem=str(exc))) from exc
    return np.random.Generator(bitgen)

"""A one-screen game's settings as the table's own value: the :class:`~uno_lessons.table.TableConfig`
that ``LiveGame(...)``, ``live.new_game(...)``, a position played on and the New game… form
(:mod:`.setup_form`) make and hand to the table whole.

Its rules are a ``Rules`` value, so every setting given is the game's (a rule set's name is
its preset); everything is checked as every table is, with the table's sentences
(:mod:`uno_lessons.table.config`), and a setting that is not one is refused in a sentence.
"""

from __future__ import annotations

import operator
import secrets
from collections.abc import Mapping
from typing import Any

from ..engine.rules import Rules
from ..i18n import _
from ..table.config import MAX_PLAYERS, TableConfig, TableError, house_of, house_set_to, rules_named
from ..table.kinds import SeatKind

__all__ = ["SETTINGS", "first_config", "next_config", "position_config", "policies_of", "used_policies"]

#: The settings of a new game (``LiveGame.new_game(**settings)``, :func:`next_config`).
SETTINGS = ("players", "rules", "house", "seed", "seats", "policies")


def used_policies(policies: Mapping[int, Any], seats: list[str]) -> dict[int, Any]:
    """Of the policies uploaded seat by seat, those whose seat is a learned bot's now (a seat
    switched to another kind keeps its upload in the form, for when it is switched back)."""
    return {s: p for s, p in policies.items() if s < len(seats) and seats[s] == SeatKind.LEARNED}


def policies_of(config: TableConfig) -> dict[int, Any]:
    """The learned bots' policies of ``config``, by seat (read once, when it was made)."""
    return {seat: config.policy(seat) for seat in config.policies}


def _seed(seed: Any) -> Any:
    """A one-screen game's seed: a fresh one (reproducible: the settings show it) for None;
    anything else as given, for the table's check to refuse in its sentence if it is no seed."""
    if seed is None:
        return secrets.randbelow(10**6)
    try:
        return operator.index(seed)  # a numpy integer is a seed too
    except TypeError:
        return seed


def _players(players: Any) -> int:
    """A player count as a whole number; TableError for anything else."""
    try:
        return operator.index(players)
    except TypeError:
        raise TableError(_("The number of players must be a whole number; got {value}.",
                           value=repr(players)[:20])) from None


def _rules(rules: str | Rules) -> Rules:
    """A ``Rules`` value as it is (every setting kept), or the rule set a name says."""
    return rules if isinstance(rules, Rules) else rules_named(str(rules).lower())


def first_config(players: int, rules: str | Rules, seed: int | None, seats: list[str] | None,
                 house: list[str] | tuple[str, ...] | None = None,
                 policies: Mapping[int, Any] | None = None) -> TableConfig:
    """The table ``LiveGame(...)`` starts with, checked as every table is (TableError with the
    table's sentence): ``rules`` a rule set's name or a ``Rules`` value, whose every setting
    is played by; ``house`` the house rules on (default: those ``rules`` has on); seats
    (default: seat 0 human, the rest bots); ``policies`` each ``"learned"`` seat's policy (a
    ``Policy`` or its data); ``seed`` None for a fresh one."""
    chosen = _rules(rules)
    if house is not None:
        chosen = house_set_to(chosen, house)
    n = _players(players)
    kinds = list(seats) if seats is not None else [str(SeatKind.HUMAN)] + [SeatKind.SENSIBLE] * (n - 1)
    return TableConfig.make(n, kinds, rules=chosen, seed=_seed(seed), policies=policies)


def next_config(current: TableConfig, changes: Mapping[str, Any]) -> TableConfig:
    """``current`` with ``changes`` (of :data:`SETTINGS`) applied and checked. A rule set's name
    keeps the house rules on now, a ``Rules`` value comes whole, ``house`` sets the house rules
    exactly; a new player count alone keeps the seats it can (more seats are sensible bots).
    TableError, saying why, for a setting that is not one or a value the table refuses."""
    unknown = [name for name in changes if name not in SETTINGS]
    if unknown:
        raise TableError(_("“{setting}” is not a setting of a new game; the settings are {settings}.",
                           setting=str(unknown[0])[:30], settings=", ".join(SETTINGS)))
    n = _players(changes.get("players", current.players))
    if "seats" in changes:
        seats = list(changes["seats"])
    elif "players" in changes:
        seats = (list(current.seats) + [SeatKind.SENSIBLE] * MAX_PLAYERS)[:n]
    else:
        seats = list(current.seats)
    rules = current.rules
    if "rules" in changes:
        rules = _rules(changes["rules"])
        if not isinstance(changes["rules"], Rules):
            rules = house_set_to(rules, house_of(current.rules))
    if "house" in changes:
        rules = house_set_to(rules, changes["house"])
    policies = changes["policies"] if "policies" in changes else policies_of(current)
    return TableConfig.make(n, seats, rules=rules, seed=_seed(changes.get("seed", current.seed)),
                            policies=used_policies(dict(policies or {}), seats))


def position_config(current: TableConfig, names: list[str], kinds: list[str], rules: Rules,
                    start: str) -> TableConfig:
    """A one-screen table playing on from a position (``start``, a game's JSON, with its
    ``names`` and ``rules``) with the seats ``kinds`` and ``current``'s seed and policies."""
    return TableConfig.make(names, kinds, rules=rules, seed=current.seed, start=start,
                            policies=used_policies(policies_of(current), kinds))

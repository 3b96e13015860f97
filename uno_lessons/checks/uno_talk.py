"""Checks for exercise 05, UNO and the Wild Don't Talk: when UNO counts, penalties, silence (E-UNO, E-WDT)."""

from __future__ import annotations

from collections.abc import Callable

from ..i18n import _, ngettext
from .core import Case, CheckResult, run_cases


def _cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n)


def check_uno_counts(func: Callable[[int, bool], bool]) -> CheckResult:
    """``uno_counts(cards, my_turn)``: does saying UNO now count (E-UNO-5)?"""
    rows = [
        (1, False, True, _("E-UNO-1: with one card left, UNO must be said, so it counts.")),
        (1, True, True, _("E-UNO-5: one card counts at any moment.")),
        (2, True, True, _("E-UNO-5: there is a second moment when saying UNO counts.")),
        (2, False, False, _("E-UNO-5: two cards count only in one situation.")),
        (3, True, False, _("E-UNO-5: with three cards it is too early.")),
        (0, False, False, _("E-UNO-5: with no cards left the hand is already won.")),
    ]
    cases = [Case((n, turn), want,
                  _("{cards}, their own turn", cards=_cards(n)) if turn
                  else _("{cards}, not their turn", cards=_cards(n)), "E-UNO-5", hint)
             for n, turn, want, hint in rows]
    return run_cases(func, cases, "uno_counts")


def check_catch_penalty(func: Callable[[int, bool, bool], int]) -> CheckResult:
    """``catch_penalty(cards_left, said_uno, window_open)``: cards the caught player draws."""
    rows = [
        (1, False, True, 2, "E-UNO-2", _("E-UNO-2: how many cards does a caught player draw?")),
        (1, True, True, 0, "E-UNO-3", _("E-UNO-3: calling out a player who said UNO has no effect.")),
        (2, False, True, 0, "E-UNO-3", _("E-UNO-3: calling out a player with more than one card has no effect.")),
        (1, False, False, 0, "E-UNO-4", _("E-UNO-4: the catch must come before the next player's first move.")),
        (3, False, False, 0, "E-UNO-3", _("E-UNO-3: more than one card, no effect.")),
    ]
    said = {True: _("UNO said"), False: _("UNO not said")}
    window = {True: _("window open"), False: _("window closed")}
    cases = [Case((n, s, w), want, _("{cards} left, {uno}, {window}", cards=_cards(n), uno=said[s], window=window[w]),
                  rule, hint)
             for n, s, w, want, rule, hint in rows]
    return run_cases(func, cases, "catch_penalty")


def check_talk_penalty(func: Callable[[int, int | None], int]) -> CheckResult:
    """``talk_penalty(seat, silenced)``: cards drawn when ``seat`` talks (E-WDT-2)."""
    only = _("E-WDT-2: only the silenced player is punished for talking.")
    rows = [
        (1, 1, 3, _("E-WDT-2: how many cards does a silenced player draw for talking?")),
        (1, 2, 0, only),
        (0, None, 0, _("E-WDT-2: when nobody is silenced (None), talking is free.")),
        (0, 0, 3, _("E-WDT-2: seat 0 can be silenced too: careful, 0 is 'false' in an `if`; compare with ==.")),
        (2, 0, 0, only),
    ]
    cases = [Case((seat, sil), want, _("seat {seat} talks, silenced: {silenced}", seat=seat, silenced=sil),
                  "E-WDT-2", hint)
             for seat, sil, want, hint in rows]
    return run_cases(func, cases, "talk_penalty")


def check_silenced_after(func: Callable[[list], int | None]) -> CheckResult:
    """``silenced_after(actions)``: who is silenced after a list of actions (E-WDT)."""
    dt, uno = "dont_talk", "uno"
    rows: list[tuple[list[tuple], int | None, str, str]] = [  # (actions, silenced seat, rule, hint)
        ([], None, "E-WDT-2", _("Nobody is silenced before any Wild Don't Talk: return None.")),
        ([(dt, 2)], 2, "E-WDT-2", _("E-WDT-2: the Wild Don't Talk silences the player it names.")),
        ([(dt, 0)], 0, "E-WDT-2", _("E-WDT-2: seat 0 can be silenced too; return the seat, not a truth value.")),
        ([(dt, 2), (dt, 0)], 0, "E-WDT-5", _("E-WDT-5: what does a later Wild Don't Talk do?")),
        ([(dt, 2), (uno, 1, True)], None, "E-WDT-3", _("E-WDT-3: when does the silence end?")),
        ([(dt, 2), (uno, 2, True)], None, "E-WDT-4", _("E-WDT-4: the silenced player may say UNO too.")),
        ([(dt, 2), (uno, 1, False)], 2, "E-UNO-5",
         _("E-UNO-5: an UNO said at the wrong moment counts for nothing, so it cannot end a silence.")),
        ([(uno, 1, True), (dt, 1)], 1, "E-WDT-3", _("E-WDT-3: only an UNO after the Wild Don't Talk ends it.")),
        ([(dt, 1), (uno, 0, True), (dt, 3), (uno, 3, False)], 3, "E-WDT-5",
         _("E-WDT-3, E-WDT-5 and E-UNO-5: go through the actions in order.")),
    ]

    def one(action: tuple) -> str:
        if len(action) == 2:
            return f"{action[0]} {action[1]}"
        if action[2]:
            return _("{action} {seat} (counts)", action=action[0], seat=action[1])
        return _("{action} {seat} (does not count)", action=action[0], seat=action[1])

    def show(actions: list) -> str:
        return "[" + ", ".join(one(a) for a in actions) + "]" if actions else _("no actions")

    cases = [Case((actions,), want, show(actions), rule, hint) for actions, want, rule, hint in rows]
    return run_cases(func, cases, "silenced_after")

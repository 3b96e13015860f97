"""Is this game state possible? The checks a loaded save (or a stored class table) must pass.

``check_game(game)`` raises ValueError, in words a teacher could read aloud, when a game could
not have come from play: cards that do not add up to the deck, seats that do not exist, a phase
that does not fit the rest of the state. ``Game.from_json`` calls it, so an edited save is
refused instead of being played.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..i18n import _, ngettext
from .cards import Card, Color, Rank, build_deck
from .kinds import Phase
from .moves import DRAWN, OVER, PLAYABLE, RESPOND, TURN

if TYPE_CHECKING:
    from .events import Event
    from .game import Game
    from .rules import Rules

PHASES = tuple(Phase)
_PHASE_OF = {phase.value: phase for phase in Phase}


def phase_named(word: Any) -> Phase:
    """The phase a save names by its word (``"turn"``, ``"drawn"``, ``"challenge"``,
    ``"over"``); ValueError, saying what the phases are, for any other value."""
    phase = _PHASE_OF.get(word) if isinstance(word, str) else None
    if phase is None:
        raise ValueError(_("The saved game is in phase {phase}, which does not exist; the phases are "
                           "{phases}.", phase=repr(word), phases=", ".join(repr(p.value) for p in PHASES)))
    return phase


@dataclass
class SavedGame:
    """A saved game as read, before it is made a Game: ``Game.from_json`` checks it first
    (``check_game``), so that each wrong value is refused with its sentence, and only then
    makes the game (whose fields the compiled engine holds as the types they are declared).
    The fields are the Game's, holding whatever the save held; ``draw_pile`` in the order
    drawn, as ``Game.draw_pile``."""

    hands: list[list[Card]]
    discard_pile: list[Card]
    draw_pile: list[Card]
    rules: Rules
    names: list[str]
    current_player: int
    direction: int
    current_color: Color | None
    dealer: int | None
    phase: Phase
    drawn: Card | None
    pending: tuple[int, Color | None, bool] | None
    silenced: int | None
    uno_window: int | None
    uno_said: set[int]
    winner: int | None
    points: int | None
    stack: int
    events: list[Event]


def check_game(game: Game | SavedGame) -> None:
    """ValueError, saying what is wrong, unless ``game`` (a Game, or a save as read) is a
    state that play can reach."""
    n = _check_seats(game)
    _check_cards(game)
    _check_phase(game, n)
    _check_colour(game)
    _check_stack(game)
    if game.silenced is not None and not _is_seat(game.silenced, n):
        raise ValueError(_("The saved game silences seat {seat}, but the seats are 0 to {last}.",
                           seat=repr(game.silenced), last=n - 1))
    if game.uno_window is not None and not _is_seat(game.uno_window, n):
        raise ValueError(_("The saved game lets seat {seat} be caught not saying UNO, but the seats are 0 to "
                           "{last}.", seat=repr(game.uno_window), last=n - 1))
    bad = [seat for seat in game.uno_said if not _is_seat(seat, n)]
    if bad:
        raise ValueError(_("The saved game says seat {seat} has said UNO, but the seats are 0 to {last}.",
                           seat=repr(bad[0]), last=n - 1))


def _is_seat(value: Any, n: int) -> bool:
    return type(value) is int and 0 <= value < n


def _check_seats(game: Game | SavedGame) -> int:
    rules, n = game.rules, len(game.hands)
    if not rules.min_players <= n <= rules.max_players:
        raise ValueError(ngettext("The saved game has {n} hand, but UNO is played by {low} to {high} players.",
                                  "The saved game has {n} hands, but UNO is played by {low} to {high} players.",
                                  n, low=rules.min_players, high=rules.max_players))
    if len(game.names) != n or not all(isinstance(name, str) for name in game.names):
        raise ValueError(ngettext("The saved game has {n} hand but a different number of player names "
                                  "({names}).",
                                  "The saved game has {n} hands but a different number of player names "
                                  "({names}).",
                                  n, names=len(game.names)))
    if not _is_seat(game.current_player, n):
        raise ValueError(_("The saved game gives the turn to seat {seat}, but the seats are 0 to {last}.",
                           seat=repr(game.current_player), last=n - 1))
    if game.dealer is not None and not _is_seat(game.dealer, n):
        raise ValueError(_("The saved game's dealer is seat {seat}, but the seats are 0 to {last}.",
                           seat=repr(game.dealer), last=n - 1))
    if game.direction not in (1, -1) or type(game.direction) is not int:
        raise ValueError(_("The saved game's direction of play is {value}; it must be 1 (clockwise) or -1 "
                           "(counter-clockwise).", value=repr(game.direction)))
    return n


def _check_cards(game: Game | SavedGame) -> None:
    """E-DECK: hands, discard pile and draw pile hold the deck, each card as often as printed.
    A dealt game (it has a dealer) holds all of it; a position set up with
    ``Game.from_position`` may hold fewer cards, but never more copies than the deck has."""
    rules = game.rules
    deck = Counter(build_deck(rules.wild_dont_talk))
    held = Counter(card for hand in game.hands for card in hand)
    held.update(game.discard_pile)
    held.update(game.draw_pile)
    total, size = sum(held.values()), len(build_deck(rules.wild_dont_talk))
    extra = [(card, count, deck[card]) for card, count in held.items() if count > deck[card]]
    missing = [(card, count, deck[card]) for card, count in deck.items() if count > held[card]]
    if extra:
        raise ValueError(_("The cards of this saved game do not add up to the {rules} deck of {size} cards "
                           "(the save holds {total}): {detail}.", rules=rules.display_name, size=size, total=total,
                           detail=_list(extra)))
    if missing and game.dealer is not None:
        raise ValueError(_("The cards of this saved game do not add up to the {rules} deck of {size} cards "
                           "(the save holds {total}): {detail}.", rules=rules.display_name, size=size, total=total,
                           detail=_list(missing)))
    if not game.discard_pile:
        raise ValueError(_("The saved game has no discard pile: there must be a top card."))


def _count(card: Card, count: int, allowed: int) -> str:
    if allowed == 0:
        return ngettext("{card} is not in this deck but appears {n} time",
                        "{card} is not in this deck but appears {n} times", count, card=card.code)
    return ngettext("{card} appears {n} time but the deck has {allowed}",
                    "{card} appears {n} times but the deck has {allowed}", count, card=card.code, allowed=allowed)


def _list(rows: list[tuple[Card, int, int]]) -> str:
    shown = [_count(*row) for row in rows[:4]]
    if len(rows) > 4:
        shown.append(ngettext("{n} more card is wrong", "{n} more cards are wrong", len(rows) - 4))
    return "; ".join(shown)


def _check_phase(game: Game | SavedGame, n: int) -> None:
    phase, top, drawn = phase_named(game.phase), game.discard_pile[-1], game.drawn
    if phase == OVER and game.winner is None:
        raise ValueError(_("The saved game is in phase 'over', but nobody has won."))
    if phase != OVER and game.winner is not None:
        raise ValueError(_("The saved game names a winner (seat {seat}), but it is in phase {phase}, not 'over'.",
                           seat=repr(game.winner), phase=repr(phase.value)))
    if phase == RESPOND and game.pending is None:
        raise ValueError(_("The saved game is in phase 'challenge', but there is no Wild Draw Four to answer."))
    if phase != RESPOND and game.pending is not None:
        raise ValueError(_("The saved game has a Wild Draw Four waiting for an answer, but it is in phase "
                           "{phase}, not 'challenge'.", phase=repr(phase.value)))
    if phase == DRAWN and drawn is None:
        raise ValueError(_("The saved game is in phase 'drawn', but no card has just been drawn."))
    if phase != DRAWN and drawn is not None:
        raise ValueError(_("The saved game has a card just drawn ({card}), but it is in phase {phase}, not "
                           "'drawn'.", card=drawn.code, phase=repr(phase.value)))
    if phase == OVER:
        _check_winner(game, n)
    elif game.points is not None:
        raise ValueError(_("The saved game scores {points} points, but nobody has won yet.", points=game.points))
    if phase == RESPOND:
        _check_pending(game, n, top)
    if drawn is not None:  # then the phase is "drawn" (checked above)
        hand = game.hands[game.current_player]
        if drawn not in hand:
            raise ValueError(_("The saved game's card just drawn, {card}, is not in the hand of the player "
                               "to move.", card=drawn.code))
        if drawn not in PLAYABLE[top][game.current_color]:
            raise ValueError(_("The saved game's card just drawn, {card}, cannot be played on {top}, so there "
                               "would be nothing to decide (E-DRAW-2).", card=drawn.code, top=top.code))


def _check_winner(game: Game | SavedGame, n: int) -> None:
    winner = game.winner
    if winner is None or not _is_seat(winner, n):
        raise ValueError(_("The saved game's winner is seat {seat}, but the seats are 0 to {last}.",
                           seat=repr(winner), last=n - 1))
    if game.hands[winner]:
        raise ValueError(_("The saved game's winner, seat {seat}, still holds cards (E-WIN-1).", seat=winner))
    points = sum(card.points for hand in game.hands for card in hand)
    if game.points != points:
        raise ValueError(_("The saved game scores {saved} points for the winner, but the cards left in the "
                           "other hands are worth {points} (E-SCORE-2).", saved=repr(game.points), points=points))
    if game.uno_window is not None:
        raise ValueError(_("The saved game is over but still lets seat {seat} be caught not saying UNO.",
                           seat=game.uno_window))


def _check_pending(game: Game | SavedGame, n: int, top: Card) -> None:
    pending = game.pending
    if not (isinstance(pending, tuple) and len(pending) == 3):
        raise ValueError(_("The saved game's Wild Draw Four answer is not (seat, colour before, honest)."))
    seat, previous, honest = pending
    if top.rank is not Rank.WILD_DRAW_FOUR:
        raise ValueError(_("The saved game waits for an answer to a Wild Draw Four, but the top card is {top}.",
                           top=top.code))
    if seat != (game.current_player - game.direction) % n or not _is_seat(seat, n):
        raise ValueError(_("The saved game says seat {seat} played the Wild Draw Four, but the player before "
                           "the one to answer is seat {before}.", seat=repr(seat),
                           before=(game.current_player - game.direction) % n))
    if previous is not None and not isinstance(previous, Color):
        raise ValueError(_("The saved game's colour before the Wild Draw Four, {value}, is not a colour.",
                           value=repr(previous)))
    if not isinstance(honest, bool):
        raise ValueError(_("The saved game does not say whether the Wild Draw Four was played honestly "
                           "(true or false)."))


def _check_stack(game: Game | SavedGame) -> None:
    """H-STACK: a stacked penalty waits only with stacking on, on a Draw Two in phase "turn"
    or on a Wild Draw Four in phase "challenge"."""
    stack, top, phase = game.stack, game.discard_pile[-1], game.phase
    if stack == 0:
        return
    fits = (type(stack) is int and stack > 0 and game.rules.stacking
            and ((phase == TURN and top.rank is Rank.DRAW_TWO)
                 or (phase == RESPOND and top.rank is Rank.WILD_DRAW_FOUR)))
    if not fits:
        raise ValueError(_("The saved game has a stacked penalty of {stack} cards, but stacking (H-STACK) is off "
                           "or there is no Draw Two or Wild Draw Four to stack on.", stack=repr(stack)))


def _check_colour(game: Game | SavedGame) -> None:
    """E-MATCH: a coloured top card's colour is in force; a wild on top has a colour named,
    unless it is the first card of a classic game, turned before anyone named one (C-SETUP-4)."""
    top, color = game.discard_pile[-1], game.current_color
    if color is not None and not isinstance(color, Color):
        raise ValueError(_("The saved game's colour in force, {value}, is not a colour.", value=repr(color)))
    own = top.color  # None for a wild
    if own is not None:
        if color is None:
            raise ValueError(_("The saved game's top card is {top}, so {colour} must be in force, but no colour is.",
                               top=top.code, colour=own.display_name))
        if color is not own:
            raise ValueError(_("The saved game's top card is {top}, so {colour} must be in force, not {value}.",
                               top=top.code, colour=own.display_name, value=color.display_name))
    elif color is None and len(game.discard_pile) > 1:
        raise ValueError(_("The saved game's top card is a {rank} but no colour is in force.", rank=top.rank.display_name))

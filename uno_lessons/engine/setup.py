"""Making games, as functions of their arguments: the deal of a new hand (E-SETUP), the
first card turned (E-SETUP-4, C-SETUP-4), a position read from card codes, and the position
a seat's view shows with its hidden cards filled in.

Each returns the parts a Game is made of, as a tuple (dealing is timed: a simulation deals
thousands of games); ``Game.new`` and ``Game.from_position`` build the game from them (and
apply the first card's effect, which plays by the game's own rules: C-SETUP-4's Draw Two
draws as any penalty does).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ..i18n import _
from . import events as ev
from .cards import Card, Color, Rank, build_deck
from .kinds import Phase
from .moves import matches, wild_draw_four_honest
from .rules import Rules

if TYPE_CHECKING:
    from .view import PlayerView

_WD4, _WDT = Rank.WILD_DRAW_FOUR, Rank.WILD_DONT_TALK


def deal(players: int | Sequence[str], rules: Rules, seed: int | np.random.SeedSequence | None,
         dealer: int, rng: np.random.Generator | None
         ) -> tuple[list[list[Card]], list[Card], list[str], np.random.Generator]:
    """Shuffle and deal (E-SETUP-1..3), as ``Game.new`` documents: ``(hands, draw pile with
    the next card last, names, Generator)``. No card is turned yet (``turn_first_card``).
    ValueError, saying why, for impossible arguments."""
    names = _names(players, rules)
    n = len(names)
    if not 0 <= dealer < n:
        raise ValueError(_("dealer must be a seat from 0 to {last}; got {dealer}", last=n - 1, dealer=dealer))
    pile = build_deck(rules.wild_dont_talk)
    dealt = n * rules.hand_size
    if dealt >= len(pile):
        raise ValueError(_("{n} hands of {size} cards need more than the {deck} cards of the deck",
                           n=n, size=rules.hand_size, deck=len(pile)))
    if rng is None:
        rng = np.random.default_rng(seed)
    elif seed is not None:
        raise ValueError(_("Give Game.new a seed or a Generator (rng), not both."))
    elif not isinstance(rng, np.random.Generator):
        raise ValueError(_("rng must be a numpy Generator, such as numpy.random.default_rng(1); "
                           "got {value}.", value=repr(rng)))
    rng.shuffle(pile)  # the same order as indexing the deck by rng.permutation(len(deck))
    # One card at a time from the top (the end of the list), starting left of the dealer:
    # the k-th card off the top goes to seat dealer + 1 + k (mod n).
    top = pile[:-dealt - 1:-1]
    del pile[-dealt:]
    hands: list[list[Card]] = [[] for _seat in range(n)]
    for k in range(n):
        hands[(dealer + 1 + k) % n] = top[k::n]
    return hands, pile, names, rng


def turn_first_card(pile: list[Card], rng: np.random.Generator, rules: Rules, log: list[tuple[Any, ...]]) -> Card:
    """Turn cards off ``pile`` (next card last) until one may start the discard pile, and
    return it (E-SETUP-4: Encanto re-flips every action card; C-SETUP-4: classic only a Wild
    Draw Four, and here a Wild Don't Talk). A card turned back goes into ``pile``, which
    ``rng`` reshuffles; each card turned is noted in ``log`` as a ``Turned`` event."""
    reflip = rules.first_card_action == "reflip"
    # Whether any card can start the pile is asked only when the top one cannot (then before
    # anything changes): when it can, the answer is yes, and most deals stop at the top card.
    top = pile[-1] if pile else None
    if (top is None or (not top.is_number if reflip else top.rank in (_WD4, _WDT))) and \
            not any(c.is_number if reflip else c.rank not in (_WD4, _WDT) for c in pile):
        # Only possible with house rules that deal (almost) the whole deck.
        raise ValueError(_("No card is left in the draw pile that can start the discard pile; "
                           "deal fewer cards"))
    while True:
        card = pile.pop()
        back = card.is_action if reflip else card.rank in (_WD4, _WDT)
        log.append((ev.Turned, card, back))
        if not back:
            return card
        pile.append(card)  # E-SETUP-4: no card is lost; it goes back and is reshuffled
        rng.shuffle(pile)


def position(
    hands: Sequence[Sequence[str | Card] | str],
    discard: Sequence[str | Card] | str,
    draw_pile: Sequence[str | Card] | str,
    *,
    current: int,
    direction: int,
    color: Color | str | None,
    rules: Rules,
    names: Sequence[str] | None,
) -> tuple[list[list[Card]], list[Card], list[Card], list[str], Color]:
    """The position ``Game.from_position`` documents, checked: ``(hands, discard pile, draw
    pile with the next card last, names, colour in force)``. ValueError, saying why, for one
    that cannot be (a seat or direction that does not exist, a colour that does not fit the
    top card, more copies of a card than the deck holds)."""
    parsed_hands = [_parse_cards(h) for h in hands]
    disc = _parse_cards(discard)
    draw = _parse_cards(draw_pile)
    seat_names = _names(list(names) if names is not None else len(parsed_hands), rules)
    if len(seat_names) != len(parsed_hands):
        raise ValueError(_("{names} names were given for {hands} hands", names=len(seat_names),
                           hands=len(parsed_hands)))
    if not disc:
        raise ValueError(_("The discard pile needs at least one card: its top card"))
    n = len(parsed_hands)
    if not 0 <= current < n:
        raise ValueError(_("current must be a seat from 0 to {last}; got {current}", last=n - 1, current=current))
    if direction not in (1, -1):
        raise ValueError(_("direction must be 1 (clockwise) or -1 (counter-clockwise)"))
    in_force = _color_in_force(disc[-1], color)
    _check_counts([c for h in parsed_hands for c in h] + disc + draw, rules)
    return parsed_hands, disc, draw[::-1], seat_names, in_force


def seen_position(
    view: PlayerView,
    hands: Sequence[Sequence[str | Card] | str],
    draw_pile: Sequence[str | Card] | str,
    drawn: Card | str | None,
) -> tuple[list[list[Card]], list[Card], Card | None, tuple[int, Color | None, bool] | None]:
    """The hidden parts of the position ``Game.from_view`` documents, checked against the
    view: ``(hands, draw pile with the next card last, card just drawn, Wild Draw Four to
    answer)``. The hands and the draw pile must have the sizes the view shows, the view's own
    hand must be as it shows it, and no card may be given more often than the deck holds it.

    A Wild Draw Four waiting for an answer (phase "challenge") was played by the seat before
    the one to answer; whether it was honest (E-WD4-2) is read from that seat's hand as given,
    with the colour in force before it (``view.previous_color``): the rule is
    ``moves.wild_draw_four_honest``, the one the play itself was judged by.
    ValueError, saying why, for anything that does not fit."""
    seats = [_parse_cards(h) for h in hands]
    pile = _parse_cards(draw_pile)
    sizes = view.hand_sizes
    if len(seats) != len(sizes):
        raise ValueError(_("{hands} hands were given for the {n} seats of this view.", hands=len(seats), n=len(sizes)))
    for seat, (hand, size) in enumerate(zip(seats, sizes, strict=True)):
        if len(hand) != size:
            raise ValueError(_("Seat {seat} holds {size} cards in this view, but {given} were given for it.",
                               seat=seat, size=size, given=len(hand)))
    if view.seat is not None and tuple(seats[view.seat]) != view.hand:
        raise ValueError(_("Seat {seat}'s own hand is in its view: give it as the view shows it.", seat=view.seat))
    if len(pile) != view.draw_pile_size:
        raise ValueError(_("The draw pile holds {size} cards in this view, but {given} were given.",
                           size=view.draw_pile_size, given=len(pile)))
    _check_counts([c for h in seats for c in h] + list(view.discard_pile) + pile, view.rules)
    card = view.drawn if view.drawn is not None else (None if drawn is None else Card.parse(drawn))
    if view.phase is not Phase.DRAWN:
        card = None
    elif card is None:
        raise ValueError(_("In phase 'drawn' the card just drawn must be given: this view does not show it."))
    elif card not in seats[view.current_player] or not matches(card, view.top_card, view.current_color):
        raise ValueError(_("The card just drawn, {card}, must be in the hand of the player to move and match "
                           "{top} (E-DRAW-2).", card=card.code, top=view.top_card.code))
    pending = None
    if view.phase is Phase.RESPOND:
        player = (view.current_player - view.direction) % len(seats)
        honest = wild_draw_four_honest(seats[player], view.previous_color, view.rules.wilds_block_wild_draw_four)
        pending = (player, view.previous_color, honest)
    return seats, pile[::-1], card, pending


def _color_in_force(top: Card, color: Color | str | None) -> Color:
    chosen = Color.parse(color) if color is not None else None
    if top.color is None:  # a wild: the colour named for it
        if chosen is None:
            raise ValueError(_("The top card is a {wild}: say which colour is in force (color=...)", wild=top.name))
        return chosen
    if chosen is not None and chosen is not top.color:
        raise ValueError(_("The top card {top} is {color}; color={chosen} cannot be in force", top=top,
                           color=top.color.display_name, chosen=chosen.label))
    return top.color


def _names(players: int | Sequence[str], rules: Rules) -> list[str]:
    if type(players) is int or isinstance(players, (int, np.integer)):  # a bool too: True is 1, too few
        names = ev.default_names(int(players))
    elif isinstance(players, str):
        raise ValueError(_("players must be a count or a list of names, not one string"))
    else:
        names = [str(p) for p in players]
    n = len(names)
    if not rules.min_players <= n <= rules.max_players:
        raise ValueError(_("UNO is played by {low} to {high} players; got {n}", low=rules.min_players,
                           high=rules.max_players, n=n))
    return names


def _parse_cards(codes: Sequence[str | Card] | str) -> list[Card]:
    if isinstance(codes, str):
        codes = codes.split()
    return [Card.parse(c) for c in codes]


def _check_counts(all_cards: list[Card], rules: Rules) -> None:
    allowed: dict[Card, int] = {}
    for card in build_deck(rules.wild_dont_talk):
        allowed[card] = allowed.get(card, 0) + 1
    seen: dict[Card, int] = {}
    for card in all_cards:
        seen[card] = seen.get(card, 0) + 1
    for card, count in seen.items():
        if count > allowed.get(card, 0):
            have = allowed.get(card, 0)
            raise ValueError(_("The {rules} deck has {have} × {card}, but this position uses {count}", rules=rules.display_name,
                               have=have, card=card, count=count))

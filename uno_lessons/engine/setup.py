"""Making games: dealing a new hand (E-SETUP, C-SETUP-4) or setting up a position."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..i18n import _
from . import events as ev
from .cards import Card, Color, Rank, build_deck
from .rules import Rules

_SKIP, _REVERSE, _DRAW_TWO = Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO
_WD4, _WDT = Rank.WILD_DRAW_FOUR, Rank.WILD_DONT_TALK


class GameSetup:
    """Mixed into Game: the two ways to make one, ``Game.new`` and ``Game.from_position``."""

    @classmethod
    def new(
        cls,
        players: int | Sequence[str],
        *,
        rules: Rules | None = None,
        seed: int | np.random.SeedSequence | None = None,
        dealer: int = 0,
        rng: np.random.Generator | None = None,
    ) -> GameSetup:
        """Shuffle, deal and turn the first card (E-SETUP). ``players`` is a count or names.

        ``seed`` gives the game a Generator of its own: the same seed deals the same game.
        ``rng`` instead deals from a Generator you pass, which the game keeps using for its
        reshuffles: many games played one after another from one Generator repeat exactly,
        and skip the cost of seeding each game.
        """
        rules = rules or Rules.encanto()
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
        game = cls(hands, [], pile, rules=rules, names=names, current=(dealer + 1) % n,
                   direction=1, color=None, rng=rng, dealer=dealer)
        game._log.append((ev.Dealt, dealer, n, rules.hand_size))
        game._turn_first_card()
        return game

    def _turn_first_card(self) -> None:
        pile, rules = self._pile, self.rules
        reflip = rules.first_card_action == "reflip"
        if not any(c.is_number if reflip else c.rank not in (_WD4, _WDT) for c in pile):
            # Only possible with house rules that deal (almost) the whole deck.
            raise ValueError(_("No card is left in the draw pile that can start the discard pile; "
                               "deal fewer cards"))
        while True:
            card = pile.pop()
            back = card.is_action if reflip else card.rank in (_WD4, _WDT)
            self._log.append((ev.Turned, card, back))
            if not back:
                break
            pile.append(card)  # E-SETUP-4: no card is lost; it goes back and is reshuffled
            self.rng.shuffle(pile)
        self.discard_pile.append(card)
        self.current_color = card.color
        if rules.first_card_action != "apply" or card.is_number:
            return
        first, n = self.current_player, len(self.hands)
        rank = card.rank
        if rank is _DRAW_TWO:  # C-SETUP-4
            self._log.append((ev.StartEffect, card, first))
            self._penalty(first, rules.draw_two_count, "start")
            self._log.append((ev.Skipped, first))
            self.current_player = (first + 1) % n
        elif rank is _SKIP:
            self._log.append((ev.StartEffect, card, first))
            self._log.append((ev.Skipped, first))
            self.current_player = (first + 1) % n
        elif rank is _REVERSE:
            self.direction = -1
            self.current_player = self.dealer if self.dealer is not None else 0
            self._log.append((ev.StartEffect, card, self.current_player))
        else:  # a Wild: the first player names the colour with their first move
            self._log.append((ev.StartEffect, card, first))

    @classmethod
    def from_position(
        cls,
        hands: Sequence[Sequence[str | Card] | str],
        discard: Sequence[str | Card] | str,
        draw_pile: Sequence[str | Card] | str = (),
        *,
        current: int = 0,
        direction: int = 1,
        color: Color | str | None = None,
        rules: Rules | None = None,
        names: Sequence[str] | None = None,
        seed: int | None = 0,
    ) -> GameSetup:
        """A position from card codes: one hand per seat, ``discard[-1]`` on top,
        ``draw_pile[0]`` drawn next, ``color`` in force when the top card is a wild."""
        rules = rules or Rules.encanto()
        parsed_hands = [_parse_cards(h) for h in hands]
        disc = _parse_cards(discard)
        draw = _parse_cards(draw_pile)
        names = _names(list(names) if names is not None else len(parsed_hands), rules)
        if len(names) != len(parsed_hands):
            raise ValueError(_("{names} names were given for {hands} hands", names=len(names), hands=len(parsed_hands)))
        if not disc:
            raise ValueError(_("The discard pile needs at least one card: its top card"))
        n = len(parsed_hands)
        if not 0 <= current < n:
            raise ValueError(_("current must be a seat from 0 to {last}; got {current}", last=n - 1, current=current))
        if direction not in (1, -1):
            raise ValueError(_("direction must be 1 (clockwise) or -1 (counter-clockwise)"))
        top = disc[-1]
        chosen = Color.parse(color) if color is not None else None
        if top.is_wild:
            if chosen is None:
                raise ValueError(_("The top card is a {wild}: say which colour is in force (color=...)", wild=top.name))
        elif chosen is not None and chosen is not top.color:
            raise ValueError(_("The top card {top} is {color}; color={chosen} cannot be in force", top=top,
                                 color=top.color.display_name, chosen=chosen.label))
        else:
            chosen = top.color
        _check_counts([c for h in parsed_hands for c in h] + disc + draw, rules)
        return cls(parsed_hands, disc, draw[::-1], rules=rules, names=names, current=current,
                   direction=direction, color=chosen, rng=np.random.default_rng(seed))


def _names(players: int | Sequence[str], rules: Rules) -> list[str]:
    if type(players) is int or (isinstance(players, (int, np.integer)) and not isinstance(players, bool)):
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
            raise ValueError(_("The {rules} deck has {have} × {card}, but this position uses {count}", rules=rules.name,
                               have=have, card=card, count=count))

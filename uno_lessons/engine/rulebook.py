"""The rule ids of docs/rules.md with a one-line summary each, and whether the box text says so."""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import N_, _


@dataclass(frozen=True)
class Rule:
    """One rule: its id, a one-line summary (English, the catalog's key), and its source:
    "box" text, "official" Mattel rules where the box text is silent, "mixed" (box text
    with an official fill-in), or "house": a house rule, a ``Rules`` switch that is off in
    both presets (the ids ``H-…``). ``str(rule)`` is the rule in the current language."""

    id: str
    summary: str
    source: str = "box"

    @property
    def text(self) -> str:
        """The summary in the current language."""
        return _(self.summary)

    def __str__(self) -> str:
        if self.source == "official":
            return _("{id}: {summary} (official rule; the box text is silent)", id=self.id, summary=self.text)
        if self.source == "house":
            return _("{id}: {summary} (house rule; off unless the game's rules switch it on)", id=self.id,
                     summary=self.text)
        if self.source == "mixed":
            return _("{id}: {summary} (box text, completed by the official rules)", id=self.id,
                     summary=self.text)
        return _("{id}: {summary}", id=self.id, summary=self.text)


_RULES = [
    Rule("E-DECK", N_("112 cards: per colour one 0, two each of 1-9, two Skip, Reverse, Draw Two; "
            "four Wild, Wild Draw Four and Wild Don't Talk (classic: 108, no Wild Don't Talk)")),
    Rule("E-SETUP-1", N_("A dealer is chosen and shuffles all cards")),
    Rule("E-SETUP-2", N_("The dealer deals seven cards to each player")),
    Rule("E-SETUP-3", N_("The rest of the cards form the face-down draw pile")),
    Rule("E-SETUP-4", N_("The top card is turned to start the discard pile; an action card is "
            "returned to the pile and another card turned")),
    Rule("E-SETUP-5", N_("The player left of the dealer starts; play goes clockwise")),
    Rule("C-SETUP-4", N_("Classic: the first card's effect applies to the first player "
            "(a Wild Draw Four is returned and another card turned)"), "official"),
    Rule("E-MATCH-1", N_("Play a card matching the top card by colour, number or symbol")),
    Rule("E-MATCH-2", N_("Wild cards match every card")),
    Rule("E-MATCH-3", N_("After a wild, the colour to match is the one its player chose")),
    Rule("E-MATCH-4", N_("Example: on a green 3, a green 2, a yellow 3 and the wilds match; "
            "a Reverse matches a Reverse")),
    Rule("E-DRAW-1", N_("With no matching card, draw one; play it at once if it matches")),
    Rule("E-DRAW-2", N_("You may draw instead of playing; after drawing, only the drawn card may "
            "be played, or kept")),
    Rule("E-DRAW-3", N_("An empty draw pile is refilled from the discard pile except its top card")),
    Rule("E-DRAW-4", N_("After playing or drawing, play passes to the next player")),
    Rule("E-ACT-1", N_("Number cards have no special effect")),
    Rule("E-ACT-2", N_("Draw Two: the next player draws two and loses their turn; no stacking"), "mixed"),
    Rule("E-ACT-3", N_("Reverse: play changes direction; with two players it acts like a Skip"), "mixed"),
    Rule("E-ACT-4", N_("Skip: the next player loses their turn")),
    Rule("E-ACT-5", N_("Wild: matches anything; its player chooses the colour")),
    Rule("E-WDT-1", N_("Wild Don't Talk is a wild: it matches anything and its player chooses the colour")),
    Rule("E-WDT-2", N_("Its player silences another player; if they talk, they draw three")),
    Rule("E-WDT-3", N_("The silence ends as soon as any player says UNO")),
    Rule("E-WDT-4", N_("A silenced player down to one card may say UNO without penalty")),
    Rule("E-WDT-5", N_("Talking is an explicit action; a later Wild Don't Talk replaces the target")),
    Rule("E-WD4-1", N_("Wild Draw Four is a wild: its player chooses the colour, challenged or not")),
    Rule("E-WD4-2", N_("Play it only when no other card matches the current colour (Encanto: "
            "wilds count as matching); a bluff is possible")),
    Rule("E-WD4-3", N_("The next player accepts (draws four, loses the turn) or challenges")),
    Rule("E-WD4-4", N_("Challenged and legal: the challenger draws six and loses the turn")),
    Rule("E-WD4-5", N_("Challenged and illegal: its player draws the four; the challenger plays as normal"), "mixed"),
    Rule("E-WD4-6", N_("Example: after a green 7, a player with no green card was legal (challenger "
            "draws six); with a green card, they draw four")),
    Rule("C-WD4-2", N_("Classic: only cards of the top card's colour block a Wild Draw Four; wilds "
            "do not count"), "mixed"),
    Rule("C-WD4-5", N_("Classic: the guilty player takes the Wild Draw Four back and draws four")),
    Rule("E-UNO-1", N_("With one card left you must say UNO")),
    Rule("E-UNO-2", N_("Caught not having said it before the next player begins: draw two")),
    Rule("E-UNO-3", N_("Calling out a player who said UNO, or has more cards, has no effect"), "official"),
    Rule("E-UNO-4", N_("The catch window opens with the play that leaves one card and closes with "
            "the next player's first move")),
    Rule("E-UNO-5", N_("UNO counts with one card, or two on your own turn before playing one")),
    Rule("E-WIN-1", N_("The first player to play their last card wins the hand")),
    Rule("E-WIN-2", N_("A last Draw Two or Wild Draw Four still makes the next player draw; no "
            "challenge"), "official"),
    Rule("E-SCORE-1", N_("Standard game: one hand decides the winner")),
    Rule("E-SCORE-2", N_("Scoring: the hand's winner scores the other hands: face value, 20 per "
            "action card, 50 per wild")),
    Rule("E-SCORE-3", N_("Example: 4 + 5 + 8, three action cards and three wilds make 227 points")),
    Rule("E-SCORE-4", N_("Play hands until someone reaches 500 points")),
]

#: Every rule by id, in the order of docs/rules.md.
RULES: dict[str, Rule] = {r.id: r for r in _RULES}

# The house rules (docs/rules.md, "House rules"): each is one ``Rules`` switch, off in both presets.
_HOUSE_RULES = [
    Rule("H-STACK", N_("Stacking (stacking): a Draw Two may be answered with a Draw Two, a Wild Draw Four "
            "with a Wild Draw Four; the penalty adds up and passes on"), "house"),
    Rule("H-JUMP", N_("Jump-in (jump_in): a card identical to the top card may be played out of turn; "
            "play goes on from its player"), "house"),
    Rule("H-SEVEN-ZERO", N_("Seven-zero (seven_zero): a 7 swaps hands with a chosen player; a 0 passes "
            "every hand one seat on"), "house"),
    Rule("H-DRAW-UNTIL", N_("Draw until playable (draw_until_playable): drawing goes on until a playable "
            "card comes"), "house"),
    Rule("H-FORCE", N_("Forced play (force_play): a drawn card that can be played must be played"), "house"),
]

#: The house rules by id, in the order of docs/rules.md.
HOUSE_RULES: dict[str, Rule] = {r.id: r for r in _HOUSE_RULES}


def rule(rule_id: str) -> Rule:
    """The rule with this id, or a KeyError naming the known ids."""
    found = RULES.get(rule_id) or HOUSE_RULES.get(rule_id)
    if found is None:
        raise KeyError(_("No rule {rule_id}; known ids: {ids}", rule_id=repr(rule_id),
                         ids=", ".join([*RULES, *HOUSE_RULES])))
    return found


def cite(*rule_ids: str) -> str:
    """The rules as one line each, for a lesson or a hint: ``cite("E-MATCH-1", "E-MATCH-2")``."""
    return "\n".join(str(rule(r)) for r in rule_ids)

"""Rule sets as data: one named switch per difference between UNO: Encanto and classic UNO."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal

from ..i18n import _

#: The house rules' switches (docs/rules.md, "House rules"), in the order of their ids
#: H-STACK, H-JUMP, H-SEVEN-ZERO, H-DRAW-UNTIL, H-FORCE.
HOUSE_SWITCHES = ("stacking", "jump_in", "seven_zero", "draw_until_playable", "force_play")

#: The on/off settings of :class:`Rules` (each True or False).
SWITCHES = ("wild_dont_talk", "wilds_block_wild_draw_four", "two_player_reverse_is_skip", *HOUSE_SWITCHES)
#: The whole-number settings of :class:`Rules` and the least each may be (a penalty of no
#: cards is a house rule too; a hand has a card, a match a point to reach).
COUNTS = {"min_players": 2, "max_players": 2, "hand_size": 1, "draw_two_count": 0, "wild_draw_four_count": 0,
          "innocent_challenge_draw": 0, "guilty_draw": 0, "uno_penalty": 0, "talk_penalty": 0,
          "target_score": 1}

FirstCardAction = Literal["reflip", "apply"]
GuiltyPenalty = Literal["draw_four", "take_back"]


@dataclass(frozen=True)
class Rules:
    """The switches the engine obeys. Presets: ``Rules.encanto()`` and ``Rules.classic()``.

    A house rule is one changed field, e.g. ``dataclasses.replace(Rules.encanto(),
    innocent_challenge_draw=4)``.
    """

    name: str = "encanto"
    # E-DECK: Encanto adds four Wild Don't Talk cards (112 cards); classic has 108.
    wild_dont_talk: bool = True
    # E-SETUP-4 "reflip": an action card turned at the start is returned and another turned.
    # C-SETUP-4 "apply": its effect applies to the first player (a Wild Draw Four is re-flipped).
    first_card_action: FirstCardAction = "reflip"
    # E-WD4-2: do wild cards in the hand count as matching the current colour when judging
    # whether a Wild Draw Four was played honestly? Encanto text: yes. C-WD4-2: no.
    wilds_block_wild_draw_four: bool = True
    # E-WD4-5 "draw_four": the guilty player draws 4. C-WD4-5 "take_back": they also take the
    # Wild Draw Four back into their hand and the card before it is on top again.
    guilty_penalty: GuiltyPenalty = "draw_four"
    min_players: int = 2
    max_players: int = 10
    hand_size: int = 7  # E-SETUP-2
    draw_two_count: int = 2  # E-ACT-2
    wild_draw_four_count: int = 4  # E-WD4-3
    innocent_challenge_draw: int = 6  # E-WD4-4: the challenger draws six
    guilty_draw: int = 4  # E-WD4-5
    uno_penalty: int = 2  # E-UNO-2
    talk_penalty: int = 3  # E-WDT-2
    # E-ACT-3 (official): with two players a Reverse acts like a Skip.
    two_player_reverse_is_skip: bool = True
    target_score: int = 500  # E-SCORE-4
    # House rules (docs/rules.md, "House rules"): off in both presets, each combinable with either.
    stacking: bool = False  # H-STACK: a Draw Two on a Draw Two, a Wild Draw Four on a Wild Draw Four
    jump_in: bool = False  # H-JUMP: an identical card may be played out of turn (Game.jump_in)
    seven_zero: bool = False  # H-SEVEN-ZERO: a 7 swaps hands with a chosen player; a 0 passes every hand on
    draw_until_playable: bool = False  # H-DRAW-UNTIL: drawing goes on until a playable card comes
    force_play: bool = False  # H-FORCE: a drawn card that can be played must be played (no keep)

    def __post_init__(self) -> None:
        # Every setting is checked, so a typo or a wrong type is refused here, in a sentence,
        # rather than played by rules nobody chose (a "3" for a count, a 1 for a switch).
        given = vars(self)
        if not isinstance(self.name, str) or not self.name.strip():
            raise ValueError(_("name must be text, such as 'encanto'; got {value}.", value=repr(self.name)[:30]))
        for setting in SWITCHES:
            if given[setting].__class__ is not bool:
                raise ValueError(_("{setting} must be True or False; got {value}.", setting=setting,
                                   value=repr(given[setting])[:30]))
        for setting, least in COUNTS.items():
            value = given[setting]
            if value.__class__ is not int or value < least:  # a bool is no count either
                raise ValueError(_("{setting} must be a whole number of at least {least}; got {value}.",
                                   setting=setting, least=least, value=repr(value)[:30]))
        if self.first_card_action not in ("reflip", "apply"):
            raise ValueError(_("first_card_action must be 'reflip' (Encanto) or 'apply' (classic)"))
        if self.guilty_penalty not in ("draw_four", "take_back"):
            raise ValueError(_("guilty_penalty must be 'draw_four' (Encanto) or 'take_back' (classic)"))
        if self.min_players > self.max_players:
            raise ValueError(_("min_players must be at least 2 and at most max_players"))

    @classmethod
    def encanto(cls) -> Rules:
        """UNO: Encanto as its box text says (seeds 000-002), official rules where silent."""
        return cls()

    @classmethod
    def classic(cls) -> Rules:
        """Classic Mattel UNO (seed 004), official rules where the box text is silent."""
        return cls(
            name="classic",
            wild_dont_talk=False,
            first_card_action="apply",
            wilds_block_wild_draw_four=False,
            guilty_penalty="take_back",
        )

    @property
    def house(self) -> bool:
        """True when any of the switchable house rules (H-STACK, H-JUMP, H-SEVEN-ZERO,
        H-DRAW-UNTIL, H-FORCE) is on."""
        return self.stacking or self.jump_in or self.seven_zero or self.draw_until_playable or self.force_play

    @property
    def deck_size(self) -> int:
        """Cards in the deck: 112 with Wild Don't Talk, 108 without."""
        return 112 if self.wild_dont_talk else 108

    @property
    def display_name(self) -> str:
        """The rule set's name as a sentence says it, in the current language ("Encanto",
        "classic", "Encanto + stacking"); ``name`` stays the identifier ("encanto")."""
        return rule_set_name(self.name)

    def replace(self, **changes: Any) -> Rules:
        """A copy with some switches changed: the way to write a house rule. ValueError, in a
        sentence, for a name that is no setting or a value the setting cannot take."""
        _known_settings(changes)
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Every setting as a plain dict of JSON values (saved games, a table's stored config):
        :meth:`from_dict` gives the same ``Rules`` back."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rules from :meth:`to_dict` output (a setting it leaves out keeps its default, as in
        a save written before the setting existed). ValueError, in a sentence, for a name that
        is no setting or a value the setting cannot take: never a guess."""
        if not isinstance(data, dict):
            raise ValueError(_("The rules must be a dict of settings; got {value}.", value=repr(data)[:30]))
        _known_settings(data)
        return cls(**data)


def _known_settings(settings: Any) -> None:
    """ValueError, naming every setting, unless each of ``settings`` is a field of :class:`Rules`."""
    known = [f.name for f in dataclasses.fields(Rules)]
    for setting in settings:
        if setting not in known:
            raise ValueError(_("“{setting}” is not a rule setting; the settings are {settings}.",
                               setting=str(setting)[:30], settings=", ".join(known)))


def house_rule_name(switch: str) -> str:
    """A house rule's short name in the current language ("stacking", "jump-in"…)."""
    names = {"stacking": _("stacking"), "jump_in": _("jump-in"), "seven_zero": _("seven-zero"),
             "draw_until_playable": _("draw until playable"), "force_play": _("forced play")}
    return names[switch]


def rule_set_name(name: str) -> str:
    """How a sentence names the rule set called ``name`` (``Rules.name``, e.g. "encanto" or
    "classic + stacking"), in the current language: "Encanto", "classic + stacking". Sentences
    take this, never the identifier, so no English word is left in a translated one; a name
    the package did not give (a learner's own ``Rules(name=...)``) is said as it is."""
    base, *house = name.split(" + ")
    said = {"encanto": _("Encanto"), "classic": _("classic")}.get(base, base)
    return " + ".join([said, *(house_rule_name(h) if h in HOUSE_SWITCHES else h for h in house)])

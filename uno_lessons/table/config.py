"""What a table is before any move: its rules, seed, names and who sits where; and its secrets.

A table is this config plus the ordered list of records (moves and table actions) played at
it; the engine is deterministic, so replaying the records rebuilds every position exactly.
Codes, seat tokens and teacher keys are random secrets from :mod:`secrets`, never derived
from the seed; the store keeps only their hashes.

The seed is a secret too: whoever knows it (and the public log) knows every hand and every
future draw. A class table's seed is drawn from :mod:`secrets` (:data:`SEED_BITS` bits, far
beyond trying every seed) when the table is made, kept in the store and in the server's
replicas, and shown on no page. A seed given on purpose still deals the same game every
time, for tests and worked examples.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.rules import HOUSE_SWITCHES, Rules
from ..i18n import _
from .kinds import BOT_KINDS, SeatKind
from .learned import LearnedPolicy, policy_reader

#: The rule sets a table is made with, by name: the presets of :class:`Rules`.
RULE_SETS: dict[str, Callable[[], Rules]] = {"encanto": Rules.encanto, "classic": Rules.classic}
#: The fewest and the most players any of these rule sets seats (``Rules.min_players`` and
#: ``Rules.max_players``): the bounds of the New game… form.
MIN_PLAYERS = min(make().min_players for make in RULE_SETS.values())
MAX_PLAYERS = max(make().max_players for make in RULE_SETS.values())
FORMAT = 1
MAX_NAME = 20
#: Bits of a secret seed: trying every seed from a learner's own cards is hopeless.
SEED_BITS = 128
#: Seeds are whole numbers below this (a secret one has SEED_BITS bits).
SEED_LIMIT = 2**256
# Table codes avoid letters and digits that are easy to confuse when read off a projector.
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


class TableError(ValueError):
    """A table request that cannot be met (unknown code, wrong token or key, a taken seat, a
    stored table that does not replay); the message says why in plain words."""


class TableClosed(TableError):
    """The teacher closed this table: nothing more can happen at it."""


def secret_seed() -> int:
    """A fresh secret seed of :data:`SEED_BITS` bits from :mod:`secrets`."""
    return secrets.randbits(SEED_BITS)


def new_code() -> str:
    """A short random table code such as ``"K7QM3X"`` (about 10⁹ possibilities)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_secret() -> str:
    """A random secret for a seat token or a teacher key (128 bits, URL-safe)."""
    return secrets.token_urlsafe(16)


def digest(secret: str) -> str:
    """The hash the store keeps instead of a secret."""
    return hashlib.sha256(str(secret).encode()).hexdigest()


def same_secret(secret: str, stored_digest: str | None) -> bool:
    """Whether ``secret`` hashes to ``stored_digest`` (compared in constant time)."""
    return stored_digest is not None and hmac.compare_digest(digest(secret), stored_digest)


def normal_code(code: Any) -> str:
    """A table code as typed by a person ("k7qm 3x") in its stored form, or TableError."""
    text = re.sub(r"[\s-]", "", str(code or "")).upper()
    if len(text) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in text):
        raise TableError(_("“{code}” is not a table code: a code has {n} letters and digits, "
                           "like K7QM3X.", code=str(code)[:20], n=CODE_LENGTH))
    return text


def clean_name(name: Any) -> str:
    """A player's name as typed, made safe to show: trimmed, no control characters, at most
    20 characters; TableError if nothing is left."""
    # Tabs and line breaks are control characters too, but they separate words: keep a space.
    text = "".join(" " if ch.isspace() else ch for ch in str(name) if ch.isspace()
                   or unicodedata.category(ch)[0] != "C")
    text = " ".join(text.split())[:MAX_NAME].strip()
    if not text:
        raise TableError(_("Please type a name (letters or digits)."))
    return text


def house_switches(house: Any) -> tuple[str, ...]:
    """The house rules ``house`` names (switches of :data:`~uno_lessons.engine.rules.HOUSE_SWITCHES`,
    e.g. ``("stacking", "jump_in")``), checked and in the order of their ids; TableError,
    naming the five, for anything else."""
    if isinstance(house, str):
        house = (house,)
    try:
        chosen = list(house)
    except TypeError:
        chosen = [house]
    for switch in chosen:
        if not isinstance(switch, str) or switch not in HOUSE_SWITCHES:
            raise TableError(_("“{switch}” is not a house rule: the house rules are {switches}.",
                               switch=str(switch)[:30], switches=", ".join(HOUSE_SWITCHES)))
    return tuple(s for s in HOUSE_SWITCHES if s in chosen)


def house_of(rules: Rules) -> tuple[str, ...]:
    """The house rules switched on in ``rules``, in the order of their ids."""
    return tuple(s for s in HOUSE_SWITCHES if getattr(rules, s))


def with_house(rules: Rules, house: Any) -> Rules:
    """``rules`` with the house rules ``house`` switched on as well (checked, see
    :func:`house_switches`); the rule set keeps its name, the switches say the rest."""
    switches = house_switches(house)
    return rules.replace(**dict.fromkeys(switches, True)) if switches else rules


def house_set_to(rules: Rules, house: Any) -> Rules:
    """``rules`` with exactly the house rules ``house`` on and the others off (checked, see
    :func:`house_switches`); every other setting is kept."""
    switches = house_switches(house)
    return rules.replace(**{s: s in switches for s in HOUSE_SWITCHES})


def rule_set_of(rules: Rules) -> str | None:
    """The name of the rule set (:data:`RULE_SETS`) ``rules`` are, house rules aside; None for
    rules with a setting of their own (say, a Draw Two that draws three), or another name."""
    make = RULE_SETS.get(rules.name)
    return rules.name if make is not None and house_set_to(rules, ()) == make() else None


def rules_named(name: Any, house: Any = ()) -> Rules:
    """The rule set called ``name`` ("encanto" or "classic", :data:`RULE_SETS`) with the
    house rules ``house`` on (e.g. ``("stacking", "jump_in")``); TableError for any other
    name or switch."""
    if not isinstance(name, str) or name not in RULE_SETS:
        raise TableError(_("The rules are “encanto” or “classic”."))
    return with_house(RULE_SETS[name](), house)


def check_players(n: int, rules: Rules) -> None:
    """TableError unless ``rules`` seat ``n`` players (``Rules.min_players`` to
    ``Rules.max_players``, as the engine deals: E-SETUP)."""
    if not rules.min_players <= n <= rules.max_players:
        raise TableError(_("UNO is played by {low} to {high} players; this table has {n}.",
                           low=rules.min_players, high=rules.max_players, n=n))


def check_seats(seats: Sequence[Any], n: int) -> None:
    """TableError unless ``seats`` names one :class:`~.kinds.SeatKind` for each of ``n`` seats."""
    if len(seats) != n:
        raise TableError(_("Say for each of the {n} seats who sits there.", n=n))
    for kind in seats:
        if not SeatKind.known(kind):
            raise TableError(_("“{kind}” cannot sit at a seat: choose a learner (human) or a "
                               "bot ({bots}).", kind=str(kind)[:20], bots=", ".join(BOT_KINDS)))


def learned_name(policy_name: str) -> str:
    """The seat name of a learned bot, as a person would say it: "Ana's bot" for a policy
    named "Ana" (at most :data:`MAX_NAME` characters, as every seat name)."""
    return clean_name(_("{name}'s bot", name=clean_name(policy_name)))


def check_policies(policies: Mapping[Any, Any] | None, seats: Sequence[str]) -> dict[int, LearnedPolicy]:
    """The learned bots' policies by seat, each checked with
    :meth:`~uno_lessons.learn.policy.Policy.from_data` (a ``Policy`` or its
    :meth:`~uno_lessons.learn.policy.Policy.to_data` dict): every learned seat has one and
    only learned seats have one. TableError with the policy's own sentence otherwise."""
    given = dict(policies or {})
    for seat, kind in enumerate(seats):
        if kind == SeatKind.LEARNED and seat not in given:
            raise TableError(_("Seat {seat} is a learned bot, but no policy was given for it: "
                               "upload the learner's saved policy for that seat.", seat=seat))
    if not given:
        return {}
    read = policy_reader()
    if read is None:  # the learning layer was not loaded on this page: refuse, never guess
        raise TableError(_("Learned bots cannot play on this page. Open the table from the class "
                           "dashboard, which knows how to read a learner's policy."))
    out: dict[int, LearnedPolicy] = {}
    for seat, data in given.items():
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(seats):
            raise TableError(_("There is no seat {seat}: the seats are 0 to {last}.",
                               seat=str(seat)[:10], last=len(seats) - 1))
        if seats[seat] != SeatKind.LEARNED:
            raise TableError(_("A policy was given for seat {seat}, but a learned bot does not "
                               "sit there.", seat=seat))
        try:
            out[seat] = read(data)
        except ValueError as exc:  # the reader's own sentence (a PolicyError)
            raise TableError(_("The learned bot for seat {seat} is refused: {reason}",
                               seat=seat, reason=str(exc))) from exc
    return out


def check_seed(seed: Any) -> None:
    """TableError unless ``seed`` is a whole number from 0 below :data:`SEED_LIMIT`."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT:
        raise TableError(_("The seed must be a whole number from 0 up."))


@dataclass(frozen=True)
class TableConfig:
    """A table before any move: seat names, what sits at each seat, the rules and the seed
    (``start`` optionally holds a saved game to play on from instead of dealing), and each
    learned bot's policy *as data* (``policies``: seat -> the policy's ``to_data()`` dict;
    a learner's numbers, never code: only the package's own ``PolicyBot`` plays them)."""

    names: tuple[str, ...]
    seats: tuple[str, ...]
    rules: Rules
    seed: int
    start: str | None = None
    policies: Mapping[int, dict] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        n = len(self.names)
        check_players(n, self.rules)
        check_seats(self.seats, n)
        check_seed(self.seed)
        parsed = check_policies(self.policies, self.seats)
        # Kept as the checked policy's own data (one form, whatever was given), and parsed once.
        object.__setattr__(self, "policies", {s: parsed[s].to_data() for s in sorted(parsed)})
        object.__setattr__(self, "_parsed", parsed)

    @property
    def players(self) -> int:
        """How many seats the table has."""
        return len(self.names)

    def policy(self, seat: int) -> LearnedPolicy:
        """The learned bot's policy at ``seat`` (checked when the config was made); TableError
        if no learned bot was seated there when the table was made."""
        parsed: dict[int, LearnedPolicy] = self.__dict__["_parsed"]
        if seat not in parsed:
            raise TableError(_("Seat {seat} has no learned bot: a learned bot is seated with its "
                               "policy when the table is made.", seat=seat))
        return parsed[seat]

    @classmethod
    def make(cls, players: Sequence[str] | int, seats: Sequence[str] | None = None, *,
             rules: str | Rules = "encanto", seed: int | None = None, start: str | None = None,
             house: Sequence[str] = (), policies: Mapping[int, Any] | None = None) -> TableConfig:
        """A checked config from names (or a count), seat kinds (default: all learners), a
        rule-set name or ``Rules``, house rules to switch on as well (``house``, e.g.
        ``("stacking", "jump_in")``, see :func:`house_switches`), a seed (None: a fresh
        secret one, :func:`secret_seed`) and, for each ``"learned"`` seat, its policy
        (``policies``: seat -> a ``Policy`` or its ``to_data()`` dict, see
        :func:`check_policies`). From a count, a learned seat is named after its policy
        ("Ana's bot", :func:`learned_name`)."""
        from ..engine.events import default_names

        names = default_names(players) if isinstance(players, int) else [clean_name(p) for p in players]
        seats = list(seats) if seats is not None else [SeatKind.HUMAN] * len(names)
        rules = rules_named(rules, house) if isinstance(rules, str) else with_house(rules, house)
        if seed is None:
            seed = secret_seed()
        checked = check_policies(policies, seats) if len(seats) == len(names) else {}
        if isinstance(players, int):
            for seat, policy in checked.items():
                names[seat] = learned_name(policy.name)
        return cls(tuple(names), tuple(seats), rules, int(seed), start, checked)  # type: ignore[arg-type]

    def __repr__(self) -> str:
        # Never the seed: a repr ends up in logs and notebooks.
        return f"<TableConfig {len(self.names)} seats, {self.rules.name} rules>"

    def to_json(self) -> str:
        """The config as JSON text (what the store keeps)."""
        data: dict[str, Any] = {"format": FORMAT, "names": list(self.names), "seats": list(self.seats),
                                "rules": self.rules.to_dict(), "seed": self.seed, "start": self.start}
        if self.policies:  # only tables with a learned bot carry the key (older configs read as before)
            data["policies"] = {str(seat): policy for seat, policy in self.policies.items()}
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> TableConfig:
        """A config from :meth:`to_json` text; TableError if it is not one."""
        try:
            data = json.loads(text)
            if data.get("format") != FORMAT:
                raise ValueError(f"format {data.get('format')!r}")
            names = tuple(data["names"])
            if not all(isinstance(n, str) and n.strip() for n in names):
                raise ValueError(f"names {str(names)[:40]}")
            policies = {int(seat): policy for seat, policy in dict(data.get("policies") or {}).items()}
            return cls(names, tuple(data["seats"]), Rules.from_dict(data["rules"]),
                       int(data["seed"]), data.get("start"), policies)
        except (ValueError, KeyError, TypeError, AttributeError) as exc:  # TableError too
            raise TableError(_("This table's settings cannot be read ({detail}); it was written by "
                               "another version of uno_lessons or edited by hand.",
                               detail=str(exc)[:80])) from exc

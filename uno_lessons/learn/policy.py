"""A policy as data: feature names and weights, saved as JSON or ``.npz``, and the bot that plays it.

A :class:`Policy` is numbers only. Loading one never runs anything from the file: JSON is
parsed as data, ``.npz`` is read with ``allow_pickle=False`` and must hold exactly the five
arrays a saved policy has; every name must be a feature of the package
(:data:`~.features.FEATURE_FUNCTIONS`). Anything else is refused with a
:class:`PolicyError`, a sentence a teacher can read aloud, and nothing is changed.
"""

from __future__ import annotations

import io
import json
import math
import zipfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..engine.asides import Aside
from ..engine.bots import Bot, SensibleBot
from ..engine.game import Game
from ..engine.kinds import Phase
from ..engine.moves import Move
from ..engine.seeds import Seed
from ..i18n import _
from ..table.learned import use_policies
from .features import FEATURE_FUNCTIONS, feature_matrix

__all__ = ["FORMAT", "MAX_BYTES", "VERSION", "Policy", "PolicyBot", "PolicyError", "load_policy",
           "move_probabilities", "save_policy"]

FORMAT = "uno_lessons.policy"
VERSION = 1
#: The largest policy file accepted (a policy of every feature takes about 2 kB).
MAX_BYTES = 64 * 1024
MAX_NAME = 40
MAX_WEIGHT = 1e6
_MAX_WEIGHT_WORDS = "1000000"
_KEYS = ("format", "version", "name", "features", "weights")


class PolicyError(ValueError):
    """A policy that cannot be used; the message says why in one plain sentence."""


@dataclass(frozen=True, eq=False)
class Policy:
    """A named linear policy: move score = features of the move · ``weights``."""

    name: str
    features: tuple[str, ...]
    weights: np.ndarray

    def __post_init__(self) -> None:
        checked = Policy._checked(self.name, self.features, self.weights)
        object.__setattr__(self, "features", checked[1])
        object.__setattr__(self, "weights", checked[2])

    @staticmethod
    def _checked(name: Any, features: Any, weights: Any) -> tuple[str, tuple[str, ...], np.ndarray]:
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME or not name.isprintable():
            raise PolicyError(_("A policy's name must be a short line of text (1 to {most} characters).",
                                most=MAX_NAME))
        if isinstance(features, str) or not isinstance(features, Sequence | np.ndarray):
            raise PolicyError(_("A policy's features must be a list of feature names."))
        names = tuple(features)
        if not names or len(names) > len(FEATURE_FUNCTIONS):
            raise PolicyError(_("A policy needs between 1 and {most} features.", most=len(FEATURE_FUNCTIONS)))
        for f in names:
            if not isinstance(f, str) or f not in FEATURE_FUNCTIONS:
                shown = repr(f)[:MAX_NAME]
                raise PolicyError(_("The policy uses a feature called {name}, which this package does not "
                                    "have.", name=shown))
        if len(set(names)) != len(names):
            raise PolicyError(_("The policy names a feature twice."))
        if isinstance(weights, str | bytes) or not isinstance(weights, Sequence | np.ndarray):
            raise PolicyError(_("A policy's weights must be a list of numbers."))
        values = list(weights.tolist() if isinstance(weights, np.ndarray) else weights)
        if len(values) != len(names):
            raise PolicyError(_("The policy has {weights} weights for {features} features: it needs one "
                                "weight per feature.", weights=len(values), features=len(names)))
        for w in values:
            if isinstance(w, bool) or not isinstance(w, int | float):
                raise PolicyError(_("Every weight of a policy must be a number."))
            if not math.isfinite(w) or abs(w) > MAX_WEIGHT:
                raise PolicyError(_("Every weight of a policy must be an ordinary number (not NaN or "
                                    "infinite, and at most {most} in size).", most=_MAX_WEIGHT_WORDS))
        array = np.array(values, dtype=float)
        array.setflags(write=False)
        return name.strip(), names, array

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Policy):
            return NotImplemented
        return (self.name, self.features) == (other.name, other.features) and bool(
            np.array_equal(self.weights, other.weights))

    __hash__ = None  # type: ignore[assignment]  # weights are an array

    def to_data(self) -> dict[str, Any]:
        """The policy as plain JSON-ready data."""
        return {"format": FORMAT, "version": VERSION, "name": self.name, "features": list(self.features),
                "weights": [float(w) for w in self.weights]}

    @classmethod
    def from_data(cls, data: Any) -> Policy:
        """A policy from :meth:`to_data`'s form, every part checked (PolicyError otherwise)."""
        if not isinstance(data, dict):
            raise PolicyError(_("This is not a saved policy: it should hold a name, features and weights."))
        if data.get("format") != FORMAT:
            raise PolicyError(_("This file is not a policy saved by uno_lessons."))
        version = data.get("version")
        if isinstance(version, bool) or version != VERSION:
            raise PolicyError(_("This policy was saved in a format version this package cannot read."))
        extra = sorted(str(k) for k in data if k not in _KEYS)
        if extra:
            raise PolicyError(_("A saved policy holds only its format, version, name, features and weights; "
                                "this one has more."))
        return cls(*cls._checked(data.get("name"), data.get("features"), data.get("weights")))

    @classmethod
    def read(cls, data: Any) -> Policy:
        """``data`` itself if it is a Policy, else :meth:`from_data` of it (PolicyError)."""
        return data if isinstance(data, cls) else cls.from_data(data)

    def bot(self, seed: int | Sequence[int] | np.random.SeedSequence | Seed | None = None) -> PolicyBot:
        """A :class:`PolicyBot` playing this policy, seeded by ``seed``."""
        return PolicyBot(self, seed)

    def scores(self, matrix: np.ndarray) -> np.ndarray:
        """Each move's score: its row of the feature matrix times the weights."""
        return np.asarray(matrix, dtype=float) @ self.weights


def move_probabilities(scores: np.ndarray) -> np.ndarray:
    """Softmax of the scores: the chance of each move (higher score, likelier move)."""
    z = np.exp(scores - scores.max())
    return z / z.sum()


def save_policy(policy: Policy, path: str | Path) -> Path:
    """Write ``policy`` to ``path`` (``.json`` or ``.npz``) and return the path."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".json":
        path.write_text(json.dumps(policy.to_data(), indent=1) + "\n", encoding="utf-8")
    elif suffix == ".npz":
        np.savez(path, format=np.array(FORMAT), version=np.array(VERSION), name=np.array(policy.name),
                 features=np.array(policy.features), weights=np.asarray(policy.weights, dtype=float))
    else:
        raise PolicyError(_("A policy file ends in .json or .npz."))
    return path


def load_policy(source: str | Path | bytes, filename: str | None = None) -> Policy:
    """A policy from a ``.json`` or ``.npz`` file, or from its bytes (``filename`` then gives
    the suffix, e.g. an upload's name). Refused with a PolicyError: another suffix, more than
    :data:`MAX_BYTES`, anything that is not exactly a saved policy."""
    if isinstance(source, bytes | bytearray):
        data, name = bytes(source), filename or ""
        if len(data) > MAX_BYTES:
            raise PolicyError(_("This policy file is too big: a policy is at most {kb} kB.", kb=MAX_BYTES // 1024))
    else:
        path = Path(source)
        name = filename or path.name
        _suffix(name)
        try:
            if path.stat().st_size > MAX_BYTES:
                raise PolicyError(_("This policy file is too big: a policy is at most {kb} kB.",
                                    kb=MAX_BYTES // 1024))
            data = path.read_bytes()
        except OSError:
            raise PolicyError(_("The policy file could not be read.")) from None
    if _suffix(name) == ".json":
        return Policy.from_data(_json_data(data))
    return Policy.from_data(_npz_data(data))


def _suffix(name: str) -> str:
    suffix = Path(name).suffix.lower()
    if suffix not in (".json", ".npz"):
        raise PolicyError(_("A policy file ends in .json or .npz."))
    return suffix


def _refuse_constant(word: str) -> Any:
    raise PolicyError(_("Every weight of a policy must be an ordinary number (not NaN or infinite, and at "
                        "most {most} in size).", most=_MAX_WEIGHT_WORDS))


def _json_data(data: bytes) -> Any:
    try:
        return json.loads(data.decode("utf-8"), parse_constant=_refuse_constant)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise PolicyError(_("This policy file is not valid JSON.")) from None


def _npz_data(data: bytes) -> dict[str, Any]:
    bad = PolicyError(_("This .npz file is not a saved policy: it must hold exactly the arrays format, "
                        "version, name, features and weights, with no pickled objects."))
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            infos = archive.infolist()
            if sorted(i.filename for i in infos) != sorted(f"{k}.npy" for k in _KEYS):
                raise bad
            if sum(i.file_size for i in infos) > MAX_BYTES:
                raise PolicyError(_("This policy file is too big: a policy is at most {kb} kB.",
                                    kb=MAX_BYTES // 1024))
        with np.load(io.BytesIO(data), allow_pickle=False) as arrays:
            loaded = {k: arrays[k] for k in _KEYS}
    except PolicyError:
        raise
    except (zipfile.BadZipFile, ValueError, OSError, EOFError, KeyError):
        raise bad from None
    if not all(isinstance(a, np.ndarray) for a in loaded.values()):
        raise bad
    for key in ("format", "name", "version"):
        if loaded[key].ndim != 0:
            raise bad
    if loaded["format"].dtype.kind != "U" or loaded["name"].dtype.kind != "U" or loaded["version"].dtype.kind != "i":
        raise bad
    features, weights = loaded["features"], loaded["weights"]
    if features.ndim != 1 or features.dtype.kind != "U" or weights.ndim != 1 or weights.dtype.kind != "f":
        raise bad
    return {"format": str(loaded["format"]), "version": int(loaded["version"]), "name": str(loaded["name"]),
            "features": [str(f) for f in features], "weights": [float(w) for w in weights]}


class PolicyBot(Bot):
    """A bot that plays a :class:`Policy`: ``PolicyBot(policy, seed)``.

    On its turn (play, draw or pass) and after drawing (play the drawn card or keep it) it
    scores every legal move with the policy and plays the best one (``greedy=True``, ties
    broken by its seeded Generator) or samples one by the softmax of the scores
    (``greedy=False``). The policy scores only those choices; every other decision is
    the sensible bot's (:class:`~uno_lessons.engine.bots.SensibleBot`): answering a Wild
    Draw Four (challenge, accept or stack), saying UNO and catching others (``react``), and
    jumping in under the house rule H-JUMP (``jump_in``).
    """

    name = "policy"
    reacts_near_uno_only = True

    def __init__(self, policy: Policy, seed: int | Sequence[int] | np.random.SeedSequence | Seed | None = None,
                 greedy: bool = True) -> None:
        super().__init__(_seed(seed))
        if not isinstance(policy, Policy):
            raise PolicyError(_("A policy bot needs a Policy (load one with load_policy)."))
        self.policy = policy
        self.greedy = greedy
        self.name = policy.name
        self._sensible = SensibleBot(self._seed)

    def reseed(self, seed: Any) -> None:
        """Start again from ``seed``, the sensible helper too."""
        super().reseed(_seed(seed))
        self._sensible.reseed(self._seed)

    def choose(self, game: Game) -> Move:
        """The policy's move in phases "turn" and "drawn"; the sensible bot's answer to a Wild Draw Four."""
        if game.phase is Phase.RESPOND:
            return self._sensible.choose(game)
        moves = game.legal_moves()
        if len(moves) == 1:
            return moves[0]
        scores = self.policy.scores(feature_matrix(game, game.current_player, moves, self.policy.features))
        return moves[self.pick(scores)]

    def pick(self, scores: np.ndarray) -> int:
        """The index of the move to make for these scores (argmax or a softmax sample)."""
        if self.greedy:
            best = np.flatnonzero(scores >= scores.max() - 1e-12)
            return int(best[0] if best.size == 1 else best[int(self.rng.integers(best.size))])
        return int(self.rng.choice(scores.size, p=move_probabilities(scores)))

    def reactions(self, game: Game, seat: int) -> Iterator[Aside]:
        """Says UNO and catches others as the sensible bot does."""
        return self._sensible.reactions(game, seat)

    def jump_in(self, game: Game, seat: int, options: list[Move]) -> Move | None:
        """H-JUMP: jumps in as the sensible bot does (always, when it can)."""
        return self._sensible.jump_in(game, seat, options)

    def __repr__(self) -> str:
        return f"PolicyBot({self.policy.name!r})"


def _seed(seed: Any) -> int | np.random.SeedSequence | Seed | None:
    """A list of ints such as ``[seed, seat, game, k]`` becomes a SeedSequence of them."""
    if isinstance(seed, list | tuple):
        return np.random.SeedSequence([int(s) for s in seed])
    return seed


# Tables (a layer below) seat learned bots through this reader: see uno_lessons.table.learned.
use_policies(Policy.read)

"""UNO for learning agents: a PettingZoo AEC environment of the full rules (docs/agents.md).

``from uno_lessons.agents import env``; ``env(players=4, rules="encanto")`` is a
PettingZoo ``AECEnv`` whose observations hold only what one seat may know and whose action
mask is exactly the rules' legal decisions (``env.py`` says who acts and why, ``actions.py``
the action numbers, ``observe.py`` the observation). It needs PettingZoo, the ``agents``
extra: ``pip install "uno_lessons[agents]"``; the rest of the package never imports it.
"""

from __future__ import annotations

from ..i18n import _

INSTALL = 'pip install "uno_lessons[agents]"'

try:
    import gymnasium  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError:
    # The sentence says all there is to do; the original error adds nothing for a learner.
    raise ImportError(_("uno_lessons.agents needs PettingZoo and Gymnasium, which are not installed: "
                        "install them with {command}.", command=INSTALL)) from None

from .actions import ActionCodec  # noqa: E402  (after the check above, on purpose)
from .batch import Batch, Episode  # noqa: E402
from .env import MAX_STEPS, UnoEnv, env, resolve_rules  # noqa: E402
from .observe import ObservationCodec  # noqa: E402

__all__ = ["env", "UnoEnv", "Batch", "Episode", "ActionCodec", "ObservationCodec", "MAX_STEPS", "resolve_rules", "INSTALL"]

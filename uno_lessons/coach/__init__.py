"""The coach: what each legal move of a seat is worth, from that seat's knowledge only.

``advise(game, seat)`` deals the cards hidden from ``seat`` again at random, many times,
plays every legal move of the seat out on each deal with sensible bots, and returns an
:class:`Advice`: the options best first, each with an
:class:`~uno_lessons.simulation.estimate.Estimate` of the chance to win the hand after it.
The ``"coach"`` bot plays the best one (:class:`CoachBot`), wherever bots are named.

- :mod:`.deal`: the unseen cards, dealt again (determinization), never read from the game;
- :mod:`.rollouts`: every option played out on the same deals (common random numbers);
- :mod:`.advice`: :func:`advise`, :class:`Advice`, :class:`Option`;
- :mod:`.review`: a finished hand looked back at, decision by decision (:func:`review`;
  a class table gives its hands with :meth:`~uno_lessons.table.Table.finished_hand`);
- :mod:`.worker` and :mod:`.background`: the same, weighed by a process of its own at a
  lower priority, for the dashboard's Review view;
- :mod:`.bot`: :func:`search` (advice with adaptive stopping) and :class:`CoachBot`,
  registered with the engine's bots as ``"coach"`` when this package is imported (the
  package ``uno_lessons`` imports it, so the name is always there).
"""

from .advice import Advice, Option, advise, advise_view
from .bot import CoachBot, search
from .deal import Hidden, deal_hidden, unseen_cards
from .review import Replay, Step, decisions, replayed, review, weigh

__all__ = ["Advice", "Option", "advise", "advise_view", "CoachBot", "search", "Hidden", "deal_hidden", "unseen_cards",
           "Replay", "Step", "decisions", "replayed", "review", "weigh"]

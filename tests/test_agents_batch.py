"""uno_lessons.agents.batch: the same hands as the PettingZoo environment for the same seeds and
the same actions, observation for observation, without the AEC loop."""

from __future__ import annotations

import random

import numpy as np
import pytest

from uno_lessons import IllegalMove, Rules
from uno_lessons.agents import env
from uno_lessons.agents.batch import Batch

JUMPY = Rules.encanto().replace(name="jumpy", jump_in=True, seven_zero=True, stacking=True)


def env_hands(players, rules, seed, hands, max_steps):
    """Play ``hands`` hands in the env with a seeded random policy: per hand the actions,
    the observations and masks seen before each, the winner and the rewards."""
    e = env(players=players, rules=rules, max_steps=max_steps)
    pick = random.Random(seed)
    out = []
    for h in range(hands):
        e.reset(seed=seed) if h == 0 else e.reset()
        actions, seen, final = [], [], {}
        for agent in e.agent_iter():
            obs, reward, termination, truncation, _info = e.last()
            if termination or truncation:
                final[agent] = reward
                e.step(None)
                continue
            legal = e.legal_actions()
            seen.append((e.possible_agents.index(agent), obs["observation"].copy(), obs["action_mask"].copy()))
            a = legal[int(pick.random() * len(legal))]
            actions.append(a)
            e.step(a)
        rewards = [final[a] for a in e.possible_agents]
        out.append((actions, seen, e.game.winner, rewards))
    return out


@pytest.mark.parametrize("players,rules", [(2, "encanto"), (4, "classic"), (10, "encanto"), (4, JUMPY)],
                         ids=lambda c: getattr(c, "name", str(c)))
def test_batch_plays_the_envs_hands_for_the_same_seed_and_actions(players, rules):
    seed, hands, max_steps = 7 + players, 3, 1500
    expected = env_hands(players, rules, seed, hands, max_steps)
    pick = random.Random(seed)
    seen = []

    def policy(seat, legal, observation):
        size = len(legal)
        mask = np.zeros(batch.codec.size, np.int8)
        mask[legal] = 1
        seen.append((seat, np.frombuffer(bytes(observation), np.int8), mask))
        return legal[int(pick.random() * size)]

    batch = Batch(players, rules, max_steps=max_steps)
    episodes = batch.run(hands, policy, seed=seed, record=True)
    start = 0
    for episode, (actions, env_seen, winner, rewards) in zip(episodes, expected, strict=True):
        assert list(episode.actions) == actions and episode.steps == len(actions)
        assert episode.winner == winner and episode.rewards(players) == rewards
        assert episode.truncated == (winner is None)
        mine = seen[start:start + len(actions)]
        start += len(actions)
        for (seat, obs, mask), (env_seat, env_obs, env_mask) in zip(mine, env_seen, strict=True):
            assert seat == env_seat
            assert (obs == env_obs).all() and (mask == env_mask).all()
    assert any(e.winner is not None for e in episodes)


def test_a_generator_goes_on_dealing_across_runs_as_reset_does():
    def first(seat, legal, observation):
        return legal[0]

    batch = Batch(4)
    whole = batch.run(4, first, seed=3, observe=False, record=True)
    rng = np.random.default_rng(3)
    parts = [*batch.run(2, first, seed=rng, record=True), *batch.run(2, first, seed=rng, record=True)]
    assert whole == parts


def test_an_illegal_action_or_bad_settings_are_refused_with_a_sentence():
    batch = Batch(2)
    with pytest.raises(IllegalMove, match="not legal for seat"):
        batch.run(1, lambda seat, legal, obs: max(legal) + 1, seed=1)
    with pytest.raises(ValueError, match="seats 2 to 10 players"):
        Batch(11)

"""The PettingZoo environment of uno_lessons.agents: PettingZoo's own API and seed tests at
2, 4 and 10 players under both rule sets and a house-rule mix, the action encoding (every
legal decision has one action and back, the mask is exactly the legal decisions), the
observation (what ``game.view(seat)`` holds, and nothing of another hand), illegal actions,
rewards and seeding."""

from __future__ import annotations

import random
import re
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from uno_lessons import Game, IllegalMove, Rules
from uno_lessons.agents import UnoEnv, env
from uno_lessons.engine.moves import Move
from uno_lessons.engine.talk import is_caught

PARTY = Rules.classic().replace(name="party", stacking=True, jump_in=True, seven_zero=True,
                                draw_until_playable=True, force_play=True)
JUMPY = Rules.encanto().replace(name="jumpy", jump_in=True, seven_zero=True, stacking=True)
CONFIGS = [(2, "encanto"), (4, "encanto"), (10, "encanto"), (2, "classic"), (4, "classic"), (10, "classic"),
           (4, PARTY), (10, JUMPY)]


@pytest.mark.parametrize("players,rules", CONFIGS, ids=lambda c: getattr(c, "name", str(c)))
def test_pettingzoo_api_test_and_seed_test_pass(players, rules):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        api_test(env(players, rules), num_cycles=1000)
        seed_test(lambda: env(players, rules), num_cycles=500)
    # The two warnings every PettingZoo game with dict observations and masks gets (its own
    # classic games are exempted by name); nothing else.
    allowed = ("Observation is not a NumPy array", "Observation space for each agent probably should be")
    assert all(str(w.message).startswith(allowed) for w in seen), [str(w.message) for w in seen]


def relative(move: Move, seat: int, players: int) -> str:
    """``str(move)`` in the action names' notation: seats as offsets "+k", no bluff flag."""
    text = str(move).replace(" (bluff)", "")
    return re.sub(r"seat (\d+)", lambda m: f"seat +{(int(m.group(1)) - seat) % players}", text)


def playout(e: UnoEnv, seed: int, check, max_steps: int = 700) -> int:
    """Play one seeded hand with uniformly random legal actions, calling ``check(e)`` before
    every step; returns the steps made."""
    e.reset(seed=seed)
    pick = random.Random(seed)
    steps = 0
    for _agent in e.agent_iter():
        obs, _reward, term, trunc, _info = e.last()
        if term or trunc:
            e.step(None)
            continue
        check(e)
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[int(pick.random() * len(legal))]))
        steps += 1
        if steps >= max_steps:
            break
    return steps


@pytest.mark.parametrize("players,rules", [(2, "encanto"), (4, "classic"), (4, PARTY), (10, JUMPY), (3, JUMPY)],
                         ids=lambda c: getattr(c, "name", str(c)))
def test_the_mask_is_exactly_the_legal_decisions_and_every_move_maps_to_an_action_and_back(players, rules):
    seen: set[str] = set()

    def check(e: UnoEnv) -> None:
        game, seat, codec = e.game, e.turns.seat, e.codec
        jumpers = [s for s, _m in game.jump_ins()]
        if jumpers and game.rules.jump_in and [s for s in jumpers if s not in e.turns.declined]:
            assert e.turns.jumping and seat == next(s for s in jumpers if s not in e.turns.declined)
            moves = [m for s, m in game.jump_ins() if s == seat]
        else:
            assert not e.turns.jumping and seat == game.current_player
            moves = game.legal_moves()
        expected = {codec.action(m, seat) for m in moves}
        assert len(expected) == len(moves)  # one action per move
        for m in moves:
            a = codec.action(m, seat)
            assert e.turns.moves[e.turns.legal.index(a)] is m  # and back, to the engine's own Move
            assert codec.names[a] == relative(m, seat, players)
            seen.add(codec.names[a].split(" choosing")[0].split(" swapping")[0])
        if e.turns.jumping:
            expected.add(codec.decline)
        if seat not in game.uno_said and game.uno_would_count(seat):
            expected.add(codec.say_uno)
        w = game.uno_window
        if w is not None and w != seat and is_caught(w, len(game.hands[w]), w, w in game.uno_said):
            expected.add(codec.catch)
        mask = e.observe(e.agent_selection)["action_mask"]
        assert set(np.flatnonzero(mask)) == expected == set(e.legal_actions())
        for a in expected:
            if a in (codec.say_uno, codec.catch, codec.decline, codec.draw, codec.keep, codec.accept,
                     codec.challenge, codec.pass_):
                seen.add(codec.names[a])

    e = env(players, rules)
    for seed in range(4):
        playout(e, seed, check)
    assert {"draw", "say UNO", "play WDT" if e.rules.wild_dont_talk else "draw"} <= seen
    if e.rules.jump_in:
        assert "decline" in seen


def _read_back(obs: np.ndarray, n: int, seat: int) -> dict:
    """The fields of a seat's view an observation holds, read back from its entries (the
    layout in agents/observe.py's docstring), in seat numbers, not relative ones."""
    from uno_lessons.agents import observe as ob
    from uno_lessons.engine.cards import ALL_CARDS
    from uno_lessons.engine.moves import COLORS, DRAWN, OVER, RESPOND, TURN

    def one(start: int, stop: int) -> int | None:
        block = obs[start:stop]
        assert set(block.tolist()) <= {0, 1} and block.sum() <= 1
        return int(np.flatnonzero(block)[0]) if block.any() else None

    def seats(block: int) -> list[int]:
        flags = obs[ob.SEATS + block * n:ob.SEATS + (block + 1) * n]
        return sorted((seat + r) % n for r in np.flatnonzero(flags))

    color, drawn = one(ob.COLOR, ob.PHASE), one(ob.DRAWN, ob.CLOCKWISE)
    assert len(seats(1)) == 1 and len(seats(2)) <= 1 and len(seats(3)) <= 1
    return {
        "hand": sorted(c.index for i, c in enumerate(ALL_CARDS) for _copy in range(obs[i])),
        "top_card": ALL_CARDS[one(ob.TOP, ob.COLOR)],
        "current_color": None if color is None else COLORS[color],
        "phase": (TURN, DRAWN, RESPOND, OVER)[one(ob.PHASE, ob.DRAWN)],
        "drawn": None if drawn is None else ALL_CARDS[drawn],
        "direction": 1 if obs[ob.CLOCKWISE] else -1,
        "stack": int(obs[ob.STACK]), "draw_pile_size": int(obs[ob.PILE]),
        "discard_pile_size": int(obs[ob.DISCARDS]), "jumping": bool(obs[ob.JUMP]),
        "hand_sizes": tuple(int(obs[ob.SEATS + (s - seat) % n]) for s in range(n)),
        "current_player": seats(1)[0], "silenced": (seats(2) or [None])[0],
        "uno_window": (seats(3) or [None])[0], "uno_said": frozenset(seats(4)),
    }


def test_observation_is_what_the_seats_view_holds_for_every_seat():
    """Every entry of every seat's observation, read back, is what ``game.view(seat)`` holds
    (and the H-STACK penalty and whether the seat is asked to jump in); no entry is left."""
    for rules, players in ((Rules.encanto(), 4), (PARTY, 3), (JUMPY, 10)):
        e = env(players, rules)
        count = [0]

        def check(e: UnoEnv, count=count) -> None:
            count[0] += 1
            for seat, agent in enumerate(e.possible_agents):
                obs = e.observe(agent)["observation"]
                assert obs.shape == (e.observer.size,)
                view = e.game.view(seat, log=False)
                got = _read_back(obs, len(e.possible_agents), seat)
                assert got.pop("hand") == sorted(c.index for c in view.hand)
                assert got.pop("stack") == e.game.stack
                assert got.pop("jumping") == (e.turns.jumping and seat == e.turns.seat)
                assert got == {name: getattr(view, name) for name in got}, (seat, got)

        playout(e, 11, check, max_steps=400)
        assert count[0] > 50


def test_observation_never_holds_another_seats_cards():
    """Exchanging the cards of the other hands (sizes kept) and reshuffling the draw pile
    leaves a seat's observation exactly as it was, from kept counts or from the hands."""
    rng = np.random.default_rng(5)
    for rules in (Rules.encanto(), Rules.classic(), PARTY):
        e = env(5, rules)
        e.reset(seed=3)
        for _step in range(150):
            if e.game.winner is not None:
                break
            game, seat = e.game, e.turns.seat
            before = e.observer.encode(game, seat)
            twin = game.copy()
            others = [s for s in range(5) if s != seat]
            pool = [c for s in others for c in twin.hands[s]] + twin._pile
            rng.shuffle(pool)
            for s in others:
                size = len(twin.hands[s])
                twin.hands[s], pool = pool[:size], pool[size:]
            twin._pile = pool
            # The twin's kept counts follow its new hands (a leak of another seat's would show),
            # or on every other step it keeps none and the observation counts its hand itself.
            if _step % 2:
                twin.track_hands()
            else:
                twin.tallies = None
            assert np.array_equal(e.observer.encode(twin, seat), before)
            assert any(twin.hands[s] != game.hands[s] for s in others)  # the exchange did change hands
            e.step(random.Random(_step).choice(e.legal_actions()))


def test_an_illegal_action_raises_a_sentence_and_changes_nothing():
    e = env(4)
    e.reset(seed=7)
    before = (e.game.to_json(), e.agent_selection, e.observe(e.agent_selection)["action_mask"].tobytes())
    illegal = next(a for a in range(e.codec.size) if a not in e.legal_actions())
    with pytest.raises(IllegalMove, match=rf"^Action {illegal} \(.+\) is not legal for player_1 now; its action "
                                          r"mask allows: \d+ \(.+\)\.$"):
        e.step(illegal)
    for bad in (None, -1, e.codec.size, 2.0, True, "3"):
        with pytest.raises(IllegalMove, match=r"is not an action of this environment: use a whole number from 0 to 95"):
            e.step(bad)
    assert (e.game.to_json(), e.agent_selection, e.observe(e.agent_selection)["action_mask"].tobytes()) == before
    e.step(np.int64(e.legal_actions()[0]))  # a numpy integer is an action too


def test_the_winner_gets_one_every_other_seat_minus_one_and_the_points_are_in_the_infos():
    e = env(3)
    playout(e, 2, lambda e: None, max_steps=100000)
    assert e.game.winner is not None and not e.agents  # every agent stepped out with None
    e.reset(seed=2)
    totals = dict.fromkeys(e.possible_agents, 0)
    pick = random.Random(2)
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        totals[agent] += reward
        if term:
            assert info["winner"] == e.game.winner and info["points"] == e.game.points
            e.step(None)
            continue
        e.step(pick.choice(e.legal_actions()))
    winner = e.possible_agents[e.game.winner]
    assert totals == {a: (1 if a == winner else -1) for a in e.possible_agents}


def test_a_hand_cut_at_max_steps_is_truncated_with_no_reward():
    e = env(4, max_steps=10)
    e.reset(seed=1)
    for _ in range(10):
        e.step(e.legal_actions()[-1])
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert all(e._cumulative_rewards[a] == 0 for a in e.agents) and e.game.winner is None


def test_the_same_seed_gives_the_same_episode_and_reset_without_seed_deals_the_next_game():
    def episode(e: UnoEnv, seed: int | None) -> list[bytes]:
        if seed is not None:
            e.reset(seed=seed)
        else:
            e.reset()
        out = []
        for _ in range(60):
            if not e.agents:
                break
            obs = e.observe(e.agent_selection)
            out.append(obs["observation"].tobytes() + obs["action_mask"].tobytes())
            e.step(e.legal_actions()[0] if e.legal_actions() else None)
        return out

    a, b = env(4), env(4)
    assert episode(a, 9) == episode(b, 9)
    assert episode(a, None) == episode(b, None)  # the next deal of the same Generator
    assert episode(a, 9) != episode(a, 10)
    e = env(4)
    e.reset(seed=9)
    assert e.game.to_json() == Game.new(4, seed=9).to_json()  # the engine's own seeding


def test_bad_settings_are_refused_with_a_sentence():
    with pytest.raises(ValueError, match="This environment seats 2 to 10 players, not 11."):
        env(11)
    with pytest.raises(ValueError, match='The rules must be "encanto", "classic" or a Rules, not \'house\'.'):
        env(4, "house")
    with pytest.raises(ValueError, match="render_mode must be None"):
        env(4, render_mode="rgb_array")
    assert env(9, Rules.classic().replace(max_players=9)).codec.size == 72 + 8 * 8


def test_render_says_what_happened_as_a_spectator_hears_it():
    e = env(2, render_mode="ansi")
    e.reset(seed=4)
    text = e.render()
    assert text is not None and "deals 7 cards" in text and text.endswith(repr(e.game))
    e.step(e.legal_actions()[0])
    assert "deals" not in (e.render() or "")  # only what is new


def test_agent_iter_is_pettingzoos_own():
    """UnoEnv's ``agent_iter`` (a generator, for speed) gives what AECEnv's own gives, step
    for step, and so does ``last`` with the observation kept for the step: the same agents,
    observations, rewards and flags, ``max_iter`` honoured, and the loop ends once every
    agent has stepped out."""
    from pettingzoo import AECEnv

    ours, theirs = env(4), env(4)
    ours.reset(seed=5)
    theirs.reset(seed=5)
    stock = AECEnv.agent_iter(theirs)
    seen = 0
    for agent, other in zip(ours.agent_iter(), stock, strict=True):
        assert agent == other
        mine, stock_last = ours.last(), AECEnv.last(theirs)
        assert np.array_equal(mine[0]["observation"], stock_last[0]["observation"])
        assert np.array_equal(mine[0]["action_mask"], stock_last[0]["action_mask"])
        assert mine[1:] == stock_last[1:]
        assert ours.last(observe=False)[0] is None
        action = None if mine[2] or mine[3] else ours.legal_actions()[seen % len(ours.legal_actions())]
        ours.step(action)
        theirs.step(action)
        seen += 1
    assert not ours.agents and seen > 4
    ours.reset(seed=5)
    assert len(list(ours.agent_iter(3))) == 3  # nothing stepped: the same agent three times


def test_a_move_made_by_hand_has_the_action_of_the_engines_equal_move():
    """ActionCodec.action keeps the engine's moves' actions by their uid; a Move made by hand
    (uid 0) is worked out each time and gets the same number, for every seat."""
    e = env(4)
    e.reset(seed=2)
    codec = e.codec
    for seat in range(4):
        for move in e.game.legal_moves():
            by_hand = Move(move.kind, move.card, move.color, move.target)
            assert by_hand.uid == 0 < move.uid
            assert codec.action(by_hand, seat) == codec.action(move, seat) == codec.by_uid[seat][move.uid]
    assert codec.by_uid[0][0] == -1  # entry 0 stays unknown: nothing is kept for a Move made by hand

"""Whose decision it is in one hand, which actions are legal, and making one: the core that
the PettingZoo environment (``env.py``) and the batched runner (``batch.py``) share.

The selected seat is the engine's player to move, except under H-JUMP: before each move
every seat that could jump in (``Game.jump_ins()``, in play order) is asked first, once; a
jump-in is a move, so all are asked again after it. The legal actions are the selected
seat's moves (``legal_moves()``, or its jump-ins and *decline*), then *say UNO* when saying it
would count now and the seat has not said it (E-UNO-5), then *catch* when calling out the
seat whose UNO window is open would catch it (E-UNO-2/4). ``env.py`` says why.
"""

from __future__ import annotations

import numpy as np

from ..engine.game import Game
from ..engine.kinds import MoveKind
from ..engine.moves import Move
from ..engine.rules import Rules
from ..engine.talk import is_caught
from .actions import ActionCodec

PLAY, DRAW = MoveKind.PLAY, MoveKind.DRAW


class Turns:
    """One hand and its decisions: ``seat`` (selected), ``jumping`` (asked to jump in),
    ``legal`` (action numbers, the mask's ones), ``moves`` (the legal Moves: the Move of
    action ``legal[i]`` is ``moves[i]``; the actions after them decline, say UNO or catch).
    Its game keeps its hands' counts (``Game.track_hands``) for the observation."""

    def __init__(self, rules: Rules, codec: ActionCodec) -> None:
        self.rules, self.codec = rules, codec
        self.players = codec.players
        self.jump_in = rules.jump_in  # H-JUMP: asked before every move, so read once

    def deal(self, rng: np.random.Generator) -> None:
        """Start a new hand dealt from ``rng`` (``Game.new(rng=...)``)."""
        self.game = Game.new(self.players, rules=self.rules, rng=rng)
        self.game.track_hands()  # the observation reads the hands' counts on every step
        self.steps = 0
        self.declined: set[int] = set()
        self.select()

    def select(self) -> None:
        """Select the seat whose decision is next and work out its legal actions."""
        game, codec = self.game, self.codec
        seat, jumping = game.current_player, False
        if self.jump_in and game.winner is None:
            for s, _move in game.jump_ins():
                if s not in self.declined:
                    seat, jumping = s, True
                    break
        self.seat, self.jumping = seat, jumping
        if game.winner is not None:
            self.moves: list[Move] = []
            self.legal: list[int] = []
            return
        moves = [m for s, m in game.jump_ins() if s == seat] if jumping else game.legal_moves()
        known = codec.by_uid[seat]  # codec.action's list, read here: no call per legal move
        actions: list[int] = []  # a loop, not a comprehension: Python 3.11 makes a frame for each
        try:
            for m in moves:
                actions.append(known[m.uid])
        except IndexError:  # an engine move made since the list last grew
            actions.append(-1)
        if -1 in actions:  # a move this seat has not had before
            actions = [codec.action(m, seat) for m in moves]
        self.moves = moves
        if jumping:
            actions.append(codec.decline)
        if len(game.hands[seat]) <= 2 and seat not in game.uno_said and game.uno_would_count(seat):
            actions.append(codec.say_uno)
        window = game.uno_window
        if window is not None and window != seat and is_caught(window, len(game.hands[window]), window,
                                                                window in game.uno_said):
            actions.append(codec.catch)
        self.legal = actions

    def act(self, a: int) -> None:
        """Make legal action ``a`` (one of ``legal``: not checked here) for the selected
        seat, then select the next decision."""
        game, seat, moves = self.game, self.seat, self.moves  # (four at once would build a tuple)
        i = self.legal.index(a)  # the moves' actions come first, in the moves' order
        if i < len(moves):
            move = moves[i]
            if self.jumping:  # H-JUMP: the engine's JumpIn for this action
                jump = self.codec.aside(a, seat, None)
                assert jump is not None  # a jump-in's action is the play of its card
                game.act(jump)
            elif move.kind is PLAY:  # apply_fast's own dispatch, a call fewer for the usual moves
                game.play_fast(move)  # the engine's own Move, legal: what apply_fast asks
            elif move.kind is DRAW:
                game.draw_fast(move)
            else:
                game.apply_fast(move)
            if self.declined:
                self.declined.clear()
        elif (aside := self.codec.aside(a, seat, game.uno_window)) is not None:
            game.act(aside)  # say UNO, or catch (offered only while a window is open)
        else:  # decline to jump in
            self.declined.add(seat)
        self.steps += 1
        self.select()

"""Move kinds and phases are StrEnums, the game is one plain class, and saving knows the game
only as a type (no import cycle)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import uno_lessons
from uno_lessons import Game, Move, MoveKind, Phase
from uno_lessons.engine import events, game, kinds, moves, saving
from uno_lessons.engine.events import NOBODY

ENGINE = Path(kinds.__file__).parent  # the source folder (game.__file__ is the build's, when compiled)


def test_move_kinds_are_the_plain_words():
    assert [k.value for k in MoveKind] == ["play", "draw", "keep", "accept", "challenge", "pass"]
    assert moves.KINDS == tuple(MoveKind) and all(isinstance(k, str) for k in moves.KINDS)
    assert MoveKind.PLAY == "play" and f"{MoveKind.DRAW}" == "draw" and ", ".join(moves.KINDS[:2]) == "play, draw"
    assert json.dumps([MoveKind.KEEP]) == '["keep"]'


def test_phases_keep_their_saved_words_and_the_old_names():
    assert [p.value for p in Phase] == ["turn", "drawn", "challenge", "over"]
    assert (moves.TURN, moves.DRAWN, moves.RESPOND, moves.OVER) == (Phase.TURN, Phase.DRAWN, Phase.RESPOND, Phase.OVER)
    assert moves.RESPOND is Phase.RESPOND and game.RESPOND is Phase.RESPOND
    # The phase of answering a Wild Draw Four and the move "challenge" are different things
    # of different types; as words (old saves, the pages) they are the same.
    assert Phase.RESPOND is not MoveKind.CHALLENGE
    assert type(Phase.RESPOND) is not type(MoveKind.CHALLENGE)
    assert Phase.RESPOND == "challenge" == MoveKind.CHALLENGE


def test_a_move_holds_the_member_for_a_known_word():
    move = Move("play", uno_lessons.Card.parse("G3"))
    assert move.kind is MoveKind.PLAY and move == Move(MoveKind.PLAY, uno_lessons.Card.parse("G3"))
    assert hash(move) == hash(Move(MoveKind.PLAY, uno_lessons.Card.parse("G3")))
    assert Move("fly").kind == "fly" and type(Move("fly").kind) is str  # apply says why it is no move
    g = Game.new(3, seed=2)
    assert all(type(m.kind) is MoveKind for m in g.legal_moves())
    # Printed, a move is plain text (the word, not the member's repr)
    for move in (moves.DRAW, moves.KEEP, moves.ACCEPT, moves.CHALLENGE, moves.PASS, Move("fly")):
        assert type(str(move)) is str and str(move) == move.kind and repr([str(move)]) == f"['{move.kind}']"
        assert type(move.describe()) is str


def test_the_game_states_its_phase_as_a_member():
    g = Game.from_position([["W+4", "G5", "B2"], ["R1", "R2"]], discard=["G7"], draw_pile="B1 B3 B4 B5 B6")
    assert g.phase is Phase.TURN
    g.play("W+4", color="blue")
    assert g.phase is Phase.RESPOND and g.phase == "challenge"
    data = json.loads(g.to_json())
    assert data["phase"] == "challenge"  # the save format is unchanged
    again = Game.from_json(json.dumps(data))
    assert again.phase is Phase.RESPOND and again.to_json() == g.to_json()
    g.challenge()
    assert g.phase is Phase.TURN


def test_the_enums_and_nobody_are_exported():
    assert uno_lessons.MoveKind is kinds.MoveKind and uno_lessons.Phase is kinds.Phase
    assert uno_lessons.engine.MoveKind is MoveKind and uno_lessons.engine.Phase is Phase
    assert {"MoveKind", "Phase", "NOBODY"} <= set(uno_lessons.__all__) & set(uno_lessons.engine.__all__)
    assert uno_lessons.NOBODY is NOBODY is events.NOBODY == -1


def test_game_is_one_plain_class():
    assert Game.__bases__ == (object,)
    for name in ("new", "from_position", "say_uno", "catch", "talk", "uno_would_count", "apply", "apply_fast",
                 "play_fast", "draw_fast", "can_draw", "legal_moves", "narrate", "copy", "to_json", "from_json"):
        assert name in vars(Game), name


def _runtime_imports(path: Path) -> set[str]:
    """The modules ``path`` imports when it runs: everywhere but under ``if TYPE_CHECKING``."""
    tree = ast.parse(path.read_text())
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            found.add(base)
            found.update(base.rstrip(".") + "." + a.name if node.module else "." * node.level + a.name
                         for a in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def test_saving_does_not_import_the_game_at_run_time():
    """game.py imports saving; saving names Game only for the type checker (no cycle)."""
    assert not {".game", ".game.Game"} & _runtime_imports(ENGINE / "saving.py")
    assert ".saving" in _runtime_imports(ENGINE / "game.py")
    assert "Game" in (ENGINE / "saving.py").read_text()  # typed with the real class
    assert saving.game_from_json(Game.new(2, seed=1).to_json(), Game).to_json() == Game.new(2, seed=1).to_json()

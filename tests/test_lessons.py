"""The lesson widgets, driven from Python: clicks and value changes, then engine state and HTML."""

from __future__ import annotations

import json
import re
from pathlib import Path

import ipywidgets as widgets
import pytest

from uno_lessons import Card, Color
from uno_lessons.lessons import (
    LESSONS,
    QUIZZES,
    ActionCardLab,
    ChallengeLab,
    DealByDeal,
    MatchingTrainer,
    Quiz,
    ScoreCalculator,
    SetupStepper,
    SpreadLab,
    UnoTalkLab,
    quiz,
    show_cards,
)
from uno_lessons.lessons.challenge import EXAMPLES, honest
from uno_lessons.widgets import ToggleChoice

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
#: The lessons on measuring and deciding (no rule widget of their own): they follow the same shape.
MEASURING = ("07_simulation", "08_challenge_or_accept", "09_good_move")


def button_of(view, code):
    """The button under card ``code`` in a HandView."""
    return view.buttons[[c.code for c in view.cards].index(code)]


# --------------------------------------------------------------------------- SetupStepper
def test_setup_steps_follow_the_event_log_with_an_encanto_reflip():
    s = SetupStepper(players=4, seed=3)
    titles = [st.title for st in s.steps]
    assert titles == ["1. Shuffle", "2. Deal", "3. The draw pile", "4. Turn the first card",
                      "4. Turn another card", "5. Who starts"]
    assert s.back_button.disabled and not s.next_button.disabled
    assert "112 cards" in s.text.value
    s.next_button.click()
    assert "7 cards to each of the 4 players" in s.text.value
    assert s.picture.value.count("uno-seat-box") == 4
    s.next_button.click()
    assert "84 cards" in s.text.value
    s.next_button.click()
    assert "Skip" in s.text.value and "goes back into the draw pile" in s.text.value
    assert "uno-dimmed" in s.picture.value and "E-SETUP-4" in s.step_title.value
    s.next_button.click()
    top = s.game.top_card
    assert top.is_number and f"({top.code})" in s.text.value
    s.next_button.click()
    assert s.next_button.disabled
    assert "Ben, the player to the left of the dealer, starts" in s.text.value
    assert "Step 6 of 6" in s.progress.value
    s.back_button.click()
    assert s.index == 4


def test_setup_controls_rebuild_players_seed_and_rules():
    s = SetupStepper(players=4, seed=3)
    s.players_picker.value = 10
    assert s.index == 0 and s.game.players == 10
    s.go_to(2)
    assert "112 - 70" not in s.text.value and "42 cards" in s.text.value
    s.new_button.click()
    assert s.seed_box.value == 4
    s.rules_toggle.value = "Classic"
    assert s.game.rules.name == "classic" and "108 cards" in s.steps[0].text


@pytest.mark.parametrize("seed, effect, first", [(2, "Draw Two", 2), (20, "Reverse", 0), (32, "Skip", 2)])
def test_setup_classic_first_card_effects_are_marked_official(seed, effect, first):
    s = SetupStepper(players=4, seed=seed, rules="classic")
    step = next(st for st in s.steps if st.rules == ("C-SETUP-4",))
    assert step.official and effect in step.text
    s.go_to(s.steps.index(step))
    assert "official Mattel rule" in s.step_title.value and "uno-rule-official" in s.step_title.value
    assert s.game.current_player == first
    s.go_to(99)
    assert s.game.names[first] in s.text.value


@pytest.mark.parametrize("rules", ["encanto", "classic"])
@pytest.mark.parametrize("players", [2, 3, 7, 10])
def test_setup_any_seed_and_player_count(rules, players):
    for seed in range(6):
        s = SetupStepper(players=players, seed=seed, rules=rules)
        assert s.steps[-1].title.endswith("Who starts")
        assert s.game.names[s.game.current_player] in s.steps[-1].text
        turned = [st for st in s.steps if st.title.startswith("4.")]
        assert len(turned) >= 1


# --------------------------------------------------------------------------- MatchingTrainer
def test_matching_green_three_all_right():
    t = MatchingTrainer()
    assert t.top == Card.parse("G3") and t.color is Color.GREEN
    assert [c.code for c in t.hand_view.cards] == ["G2", "Y3", "W", "W+4", "WDT", "R7", "B5"]
    for code in ("G2", "Y3", "W", "W+4", "WDT"):
        button_of(t.hand_view, code).click()
    assert t.marked == {0, 1, 2, 3, 4}
    t.check_button.click()
    assert all(v.right for v in t.verdicts)
    assert t.message.kind == "ok" and "All 7 right" in t.message.text
    assert "G2 matches G3 by colour (green)" in t.details.value
    assert "Y3 matches G3 by number (3)" in t.details.value
    assert "W matches: a Wild is a wild card" in t.details.value
    assert "R7 does not match the top card G3" in t.details.value
    assert t.hand_view.dim == {5, 6}
    assert "uno-dimmed" in t.hand_view.items[5]["svg"]
    # After Check every button says whether its card may be played, and stays a toggle.
    assert button_of(t.hand_view, "G2").description == "green 2, playable"
    assert button_of(t.hand_view, "R7").description == "red 7, cannot be played now"
    assert button_of(t.hand_view, "G2").pressed is True and button_of(t.hand_view, "R7").pressed is False


def test_matching_wrong_marks_are_explained():
    t = MatchingTrainer()
    button_of(t.hand_view, "R7").click()
    button_of(t.hand_view, "G2").click()
    verdicts = t.check()
    assert sum(v.right for v in verdicts) == 2  # G2 marked, B5 left out
    assert t.message.kind == "error" and "2 of 7 right" in t.message.text
    assert "You marked R7, but: R7 does not match" in t.details.value
    assert "You left Y3 out, but: Y3 matches G3 by number" in t.details.value
    # The Wild Draw Four matches, but with G2 in hand it would be a bluff (E-WD4-2).
    assert "E-WD4-2" in t.details.value
    t.clear_button.click()
    assert t.marked == set() and t.details.value == ""


def test_matching_presets_and_seeded_random_deals():
    t = MatchingTrainer()
    t.preset_picker.value = "a Reverse on top"
    assert t.top.code == "YR"
    assert {t.hand_view.cards[i].code for i in t.answer()} == {"BR", "Y5", "W"}
    t.preset_picker.value = "a Wild on top, blue chosen"
    assert t.color is Color.BLUE and "BLUE" in t.top_view.value
    t.new_button.click()
    first = (t.top, t.hand_view.cards)
    assert 2 <= len(t.answer()) <= 5
    again = MatchingTrainer()
    again.new_deal()
    assert (again.top, again.hand_view.cards) == first
    t.new_deal()
    assert (t.top, t.hand_view.cards) != first


# --------------------------------------------------------------------------- ActionCardLab
def test_action_skip_reverse_draw_two():
    lab = ActionCardLab()
    button_of(lab.hand_view, "GS").click()
    assert lab.game.current_player == 2 and lab.skipped == 1
    assert "Ben loses their turn" in lab.message.text and "Caro's turn" in lab.message.text
    assert "uno-seat-skipped" in lab.after.value and "E-ACT-4" in lab.rules_line.value
    button_of(lab.hand_view, "GR").click()
    assert lab.game.direction == -1 and lab.game.current_player == 3
    assert "counter-clockwise" in lab.after.value
    button_of(lab.hand_view, "G+2").click()
    assert len(lab.game.hands[1]) == 7 and lab.game.current_player == 2
    assert "Ben draws 2 cards" in lab.message.text and "no stacking" in lab.rules_line.value


def test_action_wild_asks_for_a_colour():
    lab = ActionCardLab()
    assert lab.picker_box.layout.display == "none"
    button_of(lab.hand_view, "W").click()
    assert lab.picker_box.layout.display != "none" and lab.game.top_card.code == "G5"
    lab.picker.buttons[Color.BLUE].click()
    assert lab.game.top_card.code == "W" and lab.game.current_color is Color.BLUE
    assert "chooses blue" in lab.message.text
    assert "BLUE" in lab.table.value


def test_action_illegal_card_shows_the_engine_reason():
    lab = ActionCardLab()
    button_of(lab.hand_view, "B1").click()
    assert lab.message.kind == "error"
    assert lab.message.text.startswith("B1 does not match the top card G5")
    assert lab.game.current_player == 0


def test_action_draw_then_only_the_drawn_card():
    lab = ActionCardLab()
    lab.draw_button.click()
    assert lab.game.phase == "drawn" and lab.game.drawn.code == "G9"
    assert not lab.keep_button.disabled and "G9" in [c.code for c in lab.hand_view.cards]
    button_of(lab.hand_view, "GS").click()
    assert lab.message.kind == "error" and "only the drawn card (G9)" in lab.message.text
    lab.keep_button.click()
    assert lab.game.current_player == 1 and "keeps the drawn card" in lab.message.text
    lab.draw_button.click()
    button_of(lab.hand_view, "G9").click()
    assert lab.game.top_card.code == "G9"


def test_action_draw_that_does_not_match_ends_the_turn():
    lab = ActionCardLab()
    lab.pile_picker.value = "Y7 (it does not match)"
    lab.draw_button.click()
    assert lab.game.current_player == 1 and "turn ends" in lab.message.text
    assert lab.keep_button.disabled


def test_action_two_player_reverse_acts_as_skip():
    lab = ActionCardLab()
    lab.players_toggle.value = 2
    assert lab.game.players == 2
    button_of(lab.hand_view, "GR").click()
    assert lab.game.current_player == 0
    assert "acts like a Skip" in lab.message.text and "Ana's turn" in lab.message.text
    assert "uno-rule-official" in lab.rules_line.value


# --------------------------------------------------------------------------- ChallengeLab
def test_challenge_green_seven_honest_encanto():
    lab = ChallengeLab()
    assert lab.game.phase == "challenge" and lab.game.current_player == 1
    assert lab.hand.value.count("uno-back") == 4 and "face down" in lab.hand.value
    lab.challenge_button.click()
    assert len(lab.game.hands[1]) == 3 + 6
    assert lab.challenge_button.disabled and lab.accept_button.disabled
    assert "uno-back" not in lab.hand.value and "R2" in lab.hand.value
    assert "The challenge fails: Ben draws 6" in lab.result.value
    assert "Ben challenges Ana, who shows R2 Y5 B9 YS" in lab.result.value


def test_challenge_green_seven_bluff_both_rule_sets():
    lab = ChallengeLab("green 7, a green card")
    lab.challenge_button.click()
    assert len(lab.game.hands[0]) == 4 + 4 and lab.game.current_player == 1
    assert lab.game.top_card.code == "W+4" and "E-WD4-5" in lab.result.value
    lab.rules_toggle.value = "Classic"
    assert lab.decided is None
    lab.challenge_button.click()
    assert lab.game.top_card.code == "G7" and "W+4" in [c.code for c in lab.game.hands[0]]
    assert len(lab.game.hands[0]) == 9 and "C-WD4-5" in lab.result.value


def test_challenge_accept_and_the_wild_in_hand_difference():
    lab = ChallengeLab("green 7, a Wild in hand")
    assert lab.honest is False
    lab.accept_button.click()
    assert len(lab.game.hands[1]) == 7 and lab.game.current_player == 2
    assert "Ana was bluffing" in lab.result.value and "E-WD4-2" in lab.result.value
    lab.challenge()  # a second decision is refused politely
    assert "Already decided" in lab.result.value
    lab.again_button.click()
    assert lab.decided is None and lab.game.phase == "challenge"
    lab.rules_toggle.value = "Classic"
    assert lab.honest is True
    lab.challenge_button.click()
    assert len(lab.game.hands[1]) == 9 and "C-WD4-2" in lab.result.value


def test_challenge_lab_judges_the_decision_by_its_expected_swing_not_by_the_card():
    # Honest card, challenged at q = 0.4: the outcome is bad (six cards), the decision good.
    lab = ChallengeLab(bluff_chance=0.4)
    assert lab.honest and lab.expected_swings() == pytest.approx((-2.0, -4.0))
    lab.challenge_button.click()
    assert "The challenge fails: Ben draws 6" in lab.result.value and lab.decision_was_good() is True
    assert "A good decision: at q = 0.40" in lab.result.value and "the card was honest" in lab.result.value
    assert said(lab)["text"].startswith("The challenge fails") and "A good decision" in said(lab)["text"]
    lab.bluff_picker.value = 0.1  # with a lower estimate the same answer was the worse one
    assert lab.decision_was_good() is False and "A worse decision: at q = 0.10" in lab.result.value
    # A bluff accepted at q = 0.1: the card was a bluff, the decision still the better one.
    lab = ChallengeLab("green 7, a green card", bluff_chance=0.1, cards=2)
    assert len(lab.game.hands[1]) == 2 and not lab.honest
    lab.accept_button.click()
    assert lab.decision_was_good() is True and "Ana was bluffing" in lab.result.value
    # At the break-even both answers are as good; classic rules move the line to 2/11.
    lab = ChallengeLab(bluff_chance=0.2)
    lab.accept()
    assert lab.decision_was_good() is None and "Both answers are as good" in lab.result.value
    lab.rules_toggle.value = "Classic"
    lab.accept()
    assert "above 2/11" in lab.result.value and lab.decision_was_good() is False
    # An estimate given to the lab is offered even when it is not one of the usual ones.
    assert ChallengeLab(bluff_chance=0.187).bluff_chance == 0.187
    with pytest.raises(ValueError, match="from 0 to 1"):
        ChallengeLab(bluff_chance=1.5)
    with pytest.raises(ValueError, match="Ben may hold"):
        ChallengeLab(cards=7)


def test_challenge_random_examples_are_seeded_and_consistent():
    a, b = ChallengeLab(seed=5), ChallengeLab(seed=5)
    for _ in range(6):
        a.random_button.click()
        b.random_example()
        assert a.example == b.example
        assert a.honest == honest(a.example.hand, a.example.previous[0])
        a.accept()
    assert set(EXAMPLES) == {value for _label, value in a.example_picker.options}


# --------------------------------------------------------------------------- lesson 7's widgets
def test_spread_lab_keeps_the_standard_deviation_and_shrinks_the_standard_error():
    from uno_lessons import simulation as sim

    moves = sim.simulate_games(400, 4, seed=3).moves
    lab = SpreadLab(moves)
    assert [v for _label, v in lab.size_picker.options] == [25, 100, 400] and lab.estimate().n == 25
    small_sd, small_se = lab.spread(), lab.estimate().stderr
    lab.size_picker.value = 400
    big = lab.estimate()
    assert big.value == pytest.approx(moves.mean()) and lab.spread() == pytest.approx(moves.std(ddof=1))
    assert abs(lab.spread() - small_sd) < 0.25 * small_sd  # single games spread as much as before
    assert big.stderr < small_se / 3  # the average is four times surer: 1/√n
    assert said(lab)["text"] == lab.words() and "standard deviation 24.4" in lab.words()
    assert f"aria-label='{lab.words()}'" in lab.picture.value.replace("&#x27;", "'")
    assert SpreadLab([3, 5, 7], sizes=(25, 100)).estimate().n == 3  # fewer games than any size: all of them
    with pytest.raises(ValueError, match="at least two games"):
        SpreadLab([47])


def test_deal_by_deal_counts_the_deals_only_one_bot_won():
    from uno_lessons import simulation as sim

    bots = {"challenger": sim.sensible(challenge_min_cards=0), "accepter": sim.sensible(challenge_min_cards=1000),
            "random": "random"}
    table = sim.tournament(bots, games=250, players=4, seed=7)
    lab = DealByDeal(table)
    only_a, only_b = lab.deals()
    c = table.compare("challenger", "accepter")
    assert (len(only_a), len(only_b)) == (c.higher, c.lower) == (5, 3)
    text = lab.summary.value
    assert "Deals only challenger won: 5; deals only accepter won: 3." in text and "p = 0.73" in text
    assert "± 0.038" in text and f"± {c.effect.stderr:.3f}" in text
    assert text.count("<rect") == 0 and lab.strip.value.count("<rect") >= 250
    lab.b_picker.value = "random"
    assert "only random won: 0" in said(lab)["text"] or "deals only random won: 0" in said(lab)["text"]
    lab.a_picker.value = "random"
    assert "Pick two different bots." in lab.summary.value


def test_the_measuring_lessons_say_why_each_wrong_option_is_wrong():
    mine = [q for q in QUIZZES if q.startswith(("07-", "08-"))]
    assert len(mine) == 6
    for quiz_id in mine:
        item = QUIZZES[quiz_id]
        assert set(item.why) == set(range(len(item.options))) - {item.answer}, quiz_id


# --------------------------------------------------------------------------- UnoTalkLab
def test_uno_forgotten_and_caught():
    lab = UnoTalkLab()
    button_of(lab.hand_view, "G5").click()
    assert lab.game.uno_window == 0
    assert "anyone may call them out until Ben makes a move" in lab.status.value
    assert "no UNO said!" in lab.seats.value
    lab.actor.value = 1
    lab.catch_target.value = 0
    lab.catch_button.click()
    assert len(lab.game.hands[0]) == 3
    assert lab.message.kind == "error" and "Ben catches Ana not saying UNO" in lab.message.text


def test_uno_said_in_time_and_a_late_catch_do_nothing():
    lab = UnoTalkLab()
    lab.uno_button.click()  # actor Ana, two cards on her turn: it counts
    assert 0 in lab.game.uno_said
    button_of(lab.hand_view, "G5").click()
    assert lab.catch(1, 0) is True and len(lab.game.hands[0]) == 1
    assert "nothing to catch" in lab.message.text
    lab.reset_button.click()
    lab.play("G5")
    lab.play("G8")  # Ben's first move closes the window (E-UNO-4)
    lab.catch(2, 0)
    assert len(lab.game.hands[0]) == 1


def test_wild_dont_talk_silence_talk_and_end():
    lab = UnoTalkLab()
    lab.play("G5")
    lab.target_picker.value = 2
    lab.color_picker.value = Color.YELLOW
    button_of(lab.hand_view, "WDT").click()
    assert lab.game.silenced == 2 and lab.game.current_color is Color.YELLOW
    assert "Caro is silenced" in lab.status.value and "silenced" in lab.seats.value
    lab.actor.value = 2
    lab.talk_button.click()
    assert len(lab.game.hands[2]) == 7 and "Penalty!" in lab.message.text
    lab.actor.value = 0
    lab.uno_button.click()
    assert lab.game.silenced is None and "may talk again" in lab.message.text
    lab.actor.value = 2
    lab.talk_button.click()
    assert len(lab.game.hands[2]) == 7 and lab.message.kind == "ok"


def test_uno_talk_illegal_actions_show_the_reason():
    lab = UnoTalkLab()
    lab.actor.value = 1
    lab.catch_target.value = 1
    lab.catch_button.click()
    assert lab.message.kind == "error" and "cannot call out themselves" in lab.message.text
    assert lab.play("B4") is False and "does not hold B4" in lab.message.text


# --------------------------------------------------------------------------- ScoreCalculator
def test_score_example_227_and_picking():
    calc = ScoreCalculator()
    assert calc.total == 227 and "227 points" in calc.points.value
    assert "17" in calc.points.value and "60" in calc.points.value and "150" in calc.points.value
    calc.clear_button.click()
    assert calc.total == 0
    for _ in range(4):
        button_of(calc.palette, "W").click()
    assert calc.total == 200
    button_of(calc.palette, "W").click()
    assert calc.total == 200 and "only 4" in calc.message.text
    button_of(calc.palette, "Y9").click()
    calc.picked.buttons[0].click()  # take one Wild away
    assert calc.total == 159
    calc.example_button.click()
    assert calc.total == 227


def test_score_match_to_500():
    calc = ScoreCalculator(players=3, seed=7)
    assert "No hands yet" in calc.match_table.value
    calc.hand_button.click()
    assert len(calc.match.results) == 1 and "Hand 1:" in calc.match_message.text
    assert "<td>1</td>" in calc.match_table.value and "Left in the other hands" in calc.match_table.value
    calc.match_button.click()
    m = calc.match
    assert m.is_over and max(m.totals) >= 500
    assert "uno-final" in calc.match_table.value and "the match is won" in calc.match_message.text
    assert calc.play_hand() is False
    calc.new_match_button.click()
    assert calc.match.results == []
    calc.players_picker.value = 5
    assert len(calc.match.players) == 5


# --------------------------------------------------------------------------- small pieces
def test_quiz_and_show_cards():
    q = Quiz("Two players: Reverse?", ["Ben", "Ana"], answer="Ana", explanation="It acts as a Skip.")
    assert q.widget._repr_mimebundle_()["text/plain"] == \
        "Self-check (run this cell to answer it): Two players: Reverse?"
    assert q.check() is None and "Pick an answer" in q.feedback.value
    q.choose(0)
    q.check_button.click()
    # A first wrong answer: try again, the answer not shown yet.
    assert "uno-fb-bad" in q.feedback.value and "Ana" not in q.feedback.value
    assert "second try" in q.feedback.value
    assert q.page.last("announce")["text"].startswith("Not quite.")
    assert q.page.last("announce")["assertive"] is False
    q.check_button.click()  # a second wrong answer shows the answer and why
    assert "The answer is “Ana”" in q.feedback.value and "It acts as a Skip." in q.feedback.value
    q.choose("Ana")
    assert q.check() is True and "uno-fb-ok" in q.feedback.value
    assert q.page.last("announce")["text"] == "Right. It acts as a Skip."
    with pytest.raises(ValueError):
        Quiz("?", ["a"], answer="b", explanation="")
    # The reason a wrong option is wrong is said at every wrong try, the answer only at the second.
    q = Quiz("Skip on a blue 5?", ["red Skip", "blue Skip"], answer=1, explanation="E-MATCH-1.",
             why={"red Skip": "Red does not match blue, and a Skip does not match a 5."})
    q.choose(0)
    assert q.check() is False and "Red does not match blue" in q.feedback.value and "blue Skip" not in q.feedback.value
    assert q.check() is False and "Red does not match blue" in q.feedback.value and "“blue Skip”" in q.feedback.value
    q.choose(1)
    assert q.check() is True and "uno-fb-ok" in q.feedback.value
    pic = show_cards("G3 W+4 R7", highlight=[0], dim=[2], caption="gold frame: may be played")
    html = pic._repr_html_()
    assert repr(pic).startswith("cards: G3 W+4 R7") and "uno-svg-Wp4" in html
    # The marks are said in words, not shown by a frame or stripes alone.
    assert 'aria-label="green 3, gold frame"' in html and 'aria-label="red 7, greyed and striped"' in html
    assert 'aria-label="Wild Draw Four"' in html and 'role="list"' in html and 'role="listitem"' in html


def test_quiz_bank_hides_answers_from_the_notebook_and_varies_their_place():
    assert {item.answer for item in QUIZZES.values()} == {0, 1, 2}
    for quiz_id, item in QUIZZES.items():
        q = quiz(quiz_id)
        assert q.question == item.question and q.answer == item.options[item.answer]
        q.choose(q.answer)
        assert q.check() is True
    with pytest.raises(KeyError, match="02-skip-on-skip"):
        quiz("no-such-quiz")


@pytest.mark.parametrize("name", list(dict.fromkeys([*(name for name, _t, _r in LESSONS), *MEASURING])))
def test_lesson_notebooks_take_quizzes_from_the_bank(name):
    nb = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text())
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    used = [line.split('"')[1] for src in code for line in src.splitlines() if line.startswith("quiz(")]
    assert used and all(q in QUIZZES for q in used)
    for src in code:
        assert "Quiz(" not in src and "answer=" not in src, f"{name}: an answer is visible in a cell"


def spread_lab():
    return SpreadLab([40, 21, 104, 55, 30])


def deal_by_deal():
    from uno_lessons import simulation as sim

    return DealByDeal(sim.tournament({"sensible": "sensible", "random": "random"}, games=20, seed=1))


ALL_LABS = [SetupStepper, MatchingTrainer, ActionCardLab, ChallengeLab, UnoTalkLab, ScoreCalculator, spread_lab,
            deal_by_deal]


@pytest.mark.parametrize("make", ALL_LABS)
def test_every_lesson_says_in_words_that_its_cell_must_be_run(make):
    lesson = make()
    text = lesson.widget._repr_mimebundle_()["text/plain"]
    assert text == f"{lesson.title}: run this cell to use this lesson widget."
    assert len(text) <= 110, "ipywidgets cuts the text form at 110 characters"
    assert "uno-lesson-widget" in lesson.widget._dom_classes
    # The page bridge (live region, focus moves, main landmark) is part of every lesson box.
    assert lesson.page in lesson.widget.children


@pytest.mark.parametrize("make", ALL_LABS)
def test_every_lesson_has_a_heading_and_named_controls(make):
    lesson = make()
    html = " ".join(w.value for w in _walk(lesson.widget) if isinstance(w, widgets.HTML))
    assert "<h3 class='uno-lesson-title'>" in html
    for w in _walk(lesson.widget):
        if isinstance(w, (widgets.Dropdown, widgets.BoundedIntText)):
            assert w.description, f"{type(w).__name__} without a visible name in {make.__name__}"
        if isinstance(w, widgets.Button):
            assert w.description.strip(), f"a button without text in {make.__name__}"
            assert not w.button_style, "ipywidgets' button colours fail AA contrast; use uno-btn-*"
        assert not isinstance(w, (widgets.IntSlider, widgets.ToggleButtons)), \
            "ipywidgets' slider handle has no name and ToggleButtons no pressed state"
        if isinstance(w, ToggleChoice):
            assert w.description


def _walk(w):
    yield w
    for child in getattr(w, "children", ()):
        yield from _walk(child)


# --------------------------------------------------------------------------- the notebooks
@pytest.mark.parametrize("name", list(dict.fromkeys([*(name for name, _t, _r in LESSONS), *MEASURING])))
def test_lesson_notebooks_follow_the_lesson_pattern(name):
    nb = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text())
    text = "\n".join("".join(c["source"]) for c in nb["cells"])
    for part in ("**Questions**", "**Objectives**", "Rules taught", "## Try it", "## Self-check",
                 "quiz(", "<details>", "## Common mistakes", "## Key points", "box text"):
        assert part in text, f"{name} lacks {part}"
    # Lesson 2 and lesson 9 (strategy, its positions on box-text rules only) cite no official rule.
    assert ("**official**" in text) == (name not in ("02_matching", "09_good_move"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    # Every code cell ran (its output is stored), but an import or a learner's guesses to fill in.
    assert all(c["outputs"] or re.match(r"from |\w+ = ", "".join(c["source"])) for c in code), f"{name}: run it"
    assert max(len("".join(c["source"]).splitlines()) for c in code) <= 12


def test_index_lists_the_lessons_in_order():
    nb = json.loads((NOTEBOOKS / "00_index.ipynb").read_text())
    text = "".join("".join(c["source"]) for c in nb["cells"])
    positions = [text.index(f"({name}.ipynb)") for name, _t, _r in LESSONS]
    assert positions == sorted(positions)
    assert "07_simulation.ipynb" in text and "dashboard.ipynb" in text


# --------------------------------------------------------------------------- focus and announcements
def focused(lesson):
    return lesson.page.last("focus")["selector"]


def said(lesson):
    return lesson.page.last("announce")


def test_setup_stepper_announces_steps_and_keeps_focus_on_an_enabled_button():
    s = SetupStepper(players=4, seed=3)
    s.next_button.click()
    assert said(s)["text"].startswith("Step 2 of 6: 2. Deal.") and not said(s)["assertive"]
    s.go_to(99)  # the last step: Next is disabled, so focus must not stay on it
    assert s.next_button.disabled and focused(s) == s.widget.selector(".uno-btn-back")
    s.go_to(0)
    assert s.back_button.disabled and focused(s) == s.widget.selector(".uno-btn-next")
    s.players_picker.value = 3
    assert said(s)["text"].startswith(f"A new deal: 3 players, Encanto rules, seed 3. Step 1 of {len(s.steps)}")


def test_action_lab_wild_moves_focus_to_the_colours_and_back_to_the_card():
    lab = ActionCardLab()
    assert [b.description for b in lab.hand_view.buttons] == [
        "green Skip, playable", "green Reverse, playable", "green Draw Two, playable", "Wild, playable",
        "red 5, playable", "blue 1, cannot be played now"]
    button_of(lab.hand_view, "W").click()
    assert focused(lab) == lab.widget.selector(".uno-color-btn")
    lab.picker.buttons[Color.BLUE].click()
    assert focused(lab) == lab.hand_view.focus_selector(3)
    assert "Wild" in said(lab)["text"] and lab.picker_box.layout.display == "none"
    button_of(lab.hand_view, "B1").click()  # not playable: the reason, assertively, as an error
    assert said(lab)["assertive"] and lab.message.kind == "error"


def test_action_lab_after_drawing_only_the_drawn_card_is_playable_and_keep_returns_focus():
    lab = ActionCardLab()
    lab.draw()  # G9 matches
    playable = [b.description for b in lab.hand_view.buttons if b.description.endswith(", playable")]
    assert playable == ["green 9, playable"]
    lab.keep_button.click()
    assert focused(lab) == lab.hand_view.focus_selector(0)


def test_challenge_lab_moves_focus_to_start_again_and_says_the_verdict():
    lab = ChallengeLab()
    lab.challenge_button.click()
    assert lab.challenge_button.disabled and focused(lab) == lab.widget.selector(".uno-btn-again")
    assert said(lab)["text"].startswith("The challenge fails") and not said(lab)["assertive"]
    assert 'aria-label="Ana&#x27;s hand"' in lab.hand.value
    assert ", matched the old colour" not in lab.hand.value  # the honest example: nothing matched
    lab.load("green 7, a green card")
    lab.accept_button.click()
    assert 'aria-label="green 4, matched the old colour"' in lab.hand.value


def test_uno_talk_lab_focus_follows_the_hand_that_is_shown():
    lab = UnoTalkLab()
    assert lab.hand_view.label == "Ana's hand, 2 cards"
    button_of(lab.hand_view, "G5").click()
    assert lab.hand_view.label == "Ben's hand, 4 cards"
    # Ben's first playable card (the Wild Don't Talk) gets the focus.
    assert focused(lab) == lab.hand_view.focus_selector(0)
    before = len(lab.page.sent)
    lab.say_uno(2)  # Caro talks out of turn: nothing about the hand shown changes
    assert lab.page.last("focus") is None or len([m for m in list(lab.page.sent)[before:]
                                                   if m["cmd"] == "focus"]) == 0


def test_score_calculator_keeps_focus_in_the_page_when_the_last_card_is_taken_away():
    calc = ScoreCalculator(example=False)
    calc.palette.buttons[0].click()
    assert said(calc)["text"] == "Added red 0: 0 points. Total 0 points."
    calc.picked.buttons[0].click()
    assert calc.cards == [] and focused(calc) == calc.palette.focus_selector(0)
    calc.play_to_target()
    assert "the match is won" in said(calc)["text"]
    assert "tabindex='0'" in calc.match_table.value and "<caption>" in calc.match_table.value


def test_a_wrong_pick_says_why_that_option_is_wrong():
    import html as html_module

    assert any(item.why for item in QUIZZES.values())
    for quiz_id, item in QUIZZES.items():
        for index, why in item.why.items():
            q = quiz(quiz_id)
            q.choose(index)
            assert q.check() is False
            assert why in html_module.unescape(q.feedback.value), (quiz_id, index)


def test_no_self_check_argues_from_overlapping_intervals():
    """"The intervals overlap, so no difference" is a fallacy: the same deals are compared deal
    by deal (the sign test), never by whether two intervals overlap."""
    for quiz_id, item in QUIZZES.items():
        words = " ".join([item.question, *item.options, item.explanation, *item.why.values()]).lower()
        assert "overlap" not in words, quiz_id
    sign = QUIZZES["10-sign-test"]
    assert "83" in sign.question and "65" in sign.question and "p = 0.16" in sign.question

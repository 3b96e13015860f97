"""The self-check questions of the lesson notebooks, kept in the package by id.

A lesson cell says only ``quiz("02-skip-on-skip")``: the question, the options and which
one is right stay here, out of the cell a learner reads in JupyterLab. Texts are marked for
translation and translated when the quiz is shown. The right answer is not always in the same
place, so a learner cannot guess it from the position.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..i18n import N_, _
from ._common import Quiz

__all__ = ["QuizItem", "QUIZZES", "quiz"]


@dataclass(frozen=True)
class QuizItem:
    """One question: its options, the index of the right one, why it is right, and (``why``,
    by option index) why a wrong option is wrong, said when a learner picks it."""

    question: str
    options: tuple[str, ...]
    answer: int
    explanation: str
    why: dict[int, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not 0 <= self.answer < len(self.options):
            raise ValueError(f"answer {self.answer} is not an option of {self.question!r}")
        if self.answer in self.why or not all(0 <= i < len(self.options) for i in self.why):
            raise ValueError(f"a reason for a wrong option of {self.question!r} names no wrong option")


#: The questions by id: "<lesson number>-<what it asks>".
QUIZZES: dict[str, QuizItem] = {
    "01-action-card-first": QuizItem(
        N_("Encanto rules, four players, Ana deals. The first card turned over is a blue Skip. "
           "What happens?"),
        (N_("The Skip goes back into the draw pile and another card is turned over"),
         N_("Ben is skipped, so Caro starts"),
         N_("Ana, the dealer, starts")),
        0,
        N_("E-SETUP-4: an action card turned at the start is not played; another card is turned.")),
    "01-classic-reverse-first": QuizItem(
        N_("Classic rules, Ana deals. The first card is a Reverse. Who plays first?"),
        (N_("Ben, the player to the left of the dealer"),
         N_("Dev, to the right of the dealer"),
         N_("Ana, the dealer, and play goes counter-clockwise")),
        2,
        N_("C-SETUP-4 (official): with a Reverse first, the dealer plays first, counter-clockwise.")),
    "02-after-a-wild": QuizItem(
        N_("The top card is a Wild; its player chose red. Which card may you play?"),
        (N_("a green 7"), N_("a yellow 7"), N_("a red 7")),
        2,
        N_("E-MATCH-3: after a wild, match the colour its player chose (red). A wild card would "
           "also do.")),
    "02-skip-on-skip": QuizItem(
        N_("The top card is a blue Skip. Which card matches it?"),
        (N_("a red Reverse"), N_("a red Skip"), N_("a red Draw Two")),
        1,
        N_("E-MATCH-1: Skip on Skip matches by symbol; Reverse and Draw Two are other symbols.")),
    "03-two-player-reverse": QuizItem(
        N_("Two players, Ana and Ben. Ana plays a Reverse. Who plays next?"),
        (N_("Ana"), N_("Ben"), N_("Nobody: the direction changes and Ben is skipped twice")),
        0,
        N_("E-ACT-3 (official): with two players a Reverse acts like a Skip, so Ana plays again.")),
    "03-after-drawing": QuizItem(
        N_("Ana draws a card that matches the top card. May she play another card from her hand "
           "instead?"),
        (N_("Yes, any matching card"), N_("Yes, but only a wild card"),
         N_("No: only the drawn card, or she keeps it")),
        2,
        N_("E-DRAW-2: after drawing, the only card you may play is the one you just drew.")),
    "04-wild-in-hand": QuizItem(
        N_("Encanto rules. The colour in force is red. Your hand: W+4, W, B3. May you play the "
           "Wild Draw Four?"),
        (N_("No: the Wild counts as matching red"), N_("Yes: you have no red card"),
         N_("Only if you say UNO")),
        0,
        N_("E-WD4-2: in the Encanto text a wild card in your hand counts as matching the colour. "
           "(Classic rules, C-WD4-2: yes, it would be legal.)")),
    "04-failed-challenge": QuizItem(
        N_("Ben challenges a Wild Draw Four that was played legally. What happens?"),
        (N_("Ben draws 4"), N_("Ben draws 6 and loses his turn"),
         N_("The player of the Wild Draw Four draws 4")),
        1,
        N_("E-WD4-4: a failed challenge costs six cards and the turn.")),
    "05-window-closed": QuizItem(
        N_("Ana played her second-last card and did not say UNO. Ben has already played. Caro "
           "calls Ana out. What happens?"),
        (N_("Ana draws two"), N_("Caro draws two"),
         N_("Nothing: the window closed when Ben made his move")),
        2,
        N_("E-UNO-4: the window closes when the next player makes their first move.")),
    "05-uno-ends-silence": QuizItem(
        N_("Dev is silenced by a Wild Don't Talk. Ana says UNO (she has one card). Dev then talks. "
           "What happens?"),
        (N_("Nothing: Ana's UNO ended the silence"), N_("Dev draws three"), N_("Ana draws two")),
        0,
        N_("E-WDT-3: the silence ends as soon as any player says UNO.")),
    "06-left-over-points": QuizItem(
        N_("The other players hold B7, a red Skip and a Wild. How many points does the winner score?"),
        (N_("27"), N_("57"), N_("77")),
        2,
        N_("7 + 20 + 50 = 77 (E-SCORE-2).")),
    "07-what-se-says": QuizItem(
        N_("Eight hands, five with a wild: the estimate is 0.625 ± 0.18 (one standard error). What does the 0.18 "
           "say?"),
        (N_("About 18 hands in 100 hold a wild"),
         N_("The share of these eight hands may lie about 0.18 from the long-run share; more hands would make "
            "that smaller"),
         N_("The true chance lies between 0.445 and 0.805 for certain")),
        1,
        N_("The standard error is the standard deviation of single hands (0.52) over √8. Four times the hands "
           "halve it. (The exact chance, counted in section 2, is 0.558.)"),
        {0: N_("0.18 is not a share of hands: it says how uncertain the share 0.625 is."),
         2: N_("No interval is certain. One standard error either side holds the true value only about two times "
               "in three; two either side about 95 times in 100.")}),
    "07-sd-or-se": QuizItem(
        N_("400 games lasted 47.1 moves on average, with a standard deviation of 24.4 and a standard error of 1.2. "
           "Which is right?"),
        (N_("Most games last between 46 and 49 moves"),
         N_("With 1,600 games the standard deviation would be about 12"),
         N_("Intervals made as the average ± 2.4 moves (two standard errors) hold the long-run average in about 95 "
            "of 100 runs of 400 games")),
        2,
        N_("Two standard errors are 2 × 1.2 = 2.4 moves: intervals made as the average of 400 games ± 2.4 hold the "
           "long-run average in about 95 of 100 runs; this one, 47.1 ± 2.4, either holds it or does not. Single "
           "games lie about 24 moves from it, however many you play."),
        {0: N_("That band is for the average of 400 games. Single games spread by the standard deviation: 24 "
               "moves."),
         1: N_("More games shrink the standard error (the standard deviation over √n), not the standard deviation: "
               "single games stay as spread out as before.")}),
    "07-same-deals": QuizItem(
        N_("On the same 250 deals, challenger won 61 games and accepter 59. Only 8 deals had different winners: 5 "
           "won only by challenger, 3 only by accepter. What can you say?"),
        (N_("These deals do not tell the two apart: the 8 deals that differ split 5 to 3, as a fair coin often "
            "would"),
         N_("challenger plays better: it won 2 games more"),
         N_("√(SE₁² + SE₂²) = 0.038 is far more than the difference of 0.008, so the two play exactly as well")),
        0,
        N_("Only the deals with different winners compare the two bots. A fair coin splits 8 tosses 5 to 3 or more "
           "unevenly about 3 times in 4 (sign test: p = 0.73). More deals would tell more."),
        {1: N_("5 to 3 is what chance gives often: the sign test's p is 0.73."),
         2: N_("That formula is for separate games; on the same deals the deal-by-deal error is 0.011. And no clear "
               "difference is not proof of none.")}),
    "08-situation": QuizItem(
        N_("Against sensible bots you hold five cards, and a Wild Draw Four is played on you. Challenge or accept?"),
        (N_("Challenge: a sensible bot bluffs in a quarter of its chances"),
         N_("Accept: a sensible bot bluffs only against a hand of two cards or fewer, so this card is honest"),
         N_("Either: over all Wild Draw Fours, challenging and accepting come out about even")),
        1,
        N_("Of the Wild Draw Fours played on a hand of three or more cards in the lesson's games, none was a "
           "bluff. A challenge would cost six cards (E-WD4-4), accepting costs four (E-WD4-3)."),
        {0: N_("bluff_rate is not the bluff share q: a sensible bot bluffs only against a hand of two cards or "
               "fewer. Against your five cards q is 0."),
         2: N_("That average mixes situations. In yours, with five cards, sensible bots never bluff: q = 0.")}),
    "08-good-decision": QuizItem(
        N_("You hold two cards and estimate q = 0.45. You challenge; the card was honest and you draw six. Was "
           "challenging a mistake?"),
        (N_("Yes: it cost six cards, and accepting would have cost four"),
         N_("You cannot tell without seeing the other player's hand"),
         N_("No: at q = 0.45 challenging's expected swing is −1.5 cards and accepting's −4; this time luck went "
            "against you")),
        2,
        N_("0.45 × 4 − 0.55 × 6 = −1.5 against −4 (E-WD4-3 … E-WD4-5). Over many such moments challenging improves "
           "the swing by 2.5 cards per Wild Draw Four on average: you draw 0.7 fewer (3.3 instead of 4) and the "
           "other player draws 1.8 more, although 55 in 100 of those challenges end with six cards drawn."),
        {0: N_("That judges the decision by the card that came up, which you could not see when you decided."),
         1: N_("A decision is judged by what you knew when you made it: q = 0.45. The hidden hand decides only the "
               "outcome.")}),
    "08-break-even": QuizItem(
        N_("Classic rules: a caught bluffer draws four and also takes the Wild Draw Four back (C-WD4-5). Above "
           "which bluff share q does challenging beat accepting, counting the swing?"),
        (N_("1/5, as under the Encanto rules"), N_("2/11"), N_("1/3")),
        1,
        N_("The bluffer gains 5 cards: 5q − 6(1 − q) > −4 gives 11q > 2, so q > 2/11, about 0.18."),
        {0: N_("The card taken back is one card more for the bluffer: the gain is 5, not 4."),
         2: N_("That counts only your own cards (4 against 6(1 − q)); the swing also counts the cards the bluffer "
               "gains.")}),
    "09-outcome": QuizItem(
        N_("The coach gives Ben 0.45 ± 0.03 to win if he plays his Skip and 0.30 ± 0.03 if he draws. He plays the "
           "Skip and does not win the hand. Was the Skip a mistake?"),
        (N_("Yes: he lost, so drawing would have been better"),
         N_("No: the Skip left him the better chance; this hand's cards went against him"),
         N_("Nobody can tell: one hand decides nothing")),
        1,
        N_("A decision is judged by the chance to win it leaves, over everything Ben could not see: 0.45 against "
           "0.30. Even the better move loses 55 times in 100."),
        {0: N_("That judges the move by one outcome. Drawing would have lost even more often: 70 times in 100."),
         2: N_("One hand's outcome decides nothing, but the decision can be judged: by the coach's estimates, "
               "which Ben could have known when he moved.")}),
    "09-paired": QuizItem(
        N_("Why does the coach play every option on the same deals?"),
        (N_("So that the luck of the deal is the same for every option and largely cancels in their difference"),
         N_("Because dealing new cards for each option would be against the rules"),
         N_("So that every option wins equally often")),
        0,
        N_("On shared deals two options' games differ only through the move, so the paired difference has a "
           "standard error no larger, and usually smaller, than √(SE₁² + SE₂²), the error separate deals would "
           "give: the more alike the two games stay, the smaller."),
        {1: N_("The rules say nothing about rollouts: the coach may deal as it likes. Sharing deals is about "
               "measuring, not about the rules."),
         2: N_("The options still win as often as they do; sharing the deals only takes much of the deal's luck "
               "out of their difference.")}),
    "09-read-se": QuizItem(
        N_("The coach says: play G2 0.50 ± 0.05, play GS 0.49 ± 0.05, and GS against the best −0.01 ± 0.05 "
           "(paired). What can you say?"),
        (N_("G2 is the better move: its chance is higher"),
         N_("GS is a mistake that costs 0.01"),
         N_("These rollouts do not tell the two apart: the difference is far less than two standard errors")),
        2,
        N_("−0.01 is a fifth of one standard error: chance alone gives such differences all the time. More "
           "rollouts would settle it; to halve the error, use four times the rollouts."),
        {0: N_("A lead of 0.01 with a standard error of 0.05 is well within chance: another seed may reverse it."),
         1: N_("The cost 0.01 is an estimate ± 0.05: it may well be 0, or GS may be the better move.")}),
    "10-chance-of-drawing": QuizItem(
        N_("A policy has two legal moves: play the green 5 with the score 2, or draw with the score 0. While "
           "it learns it samples by the softmax. How often does it draw?"),
        (N_("About 12 times in 100"), N_("Never: drawing has the lower score"), N_("Half the time")),
        0,
        N_("The softmax gives drawing e⁰ / (e⁰ + e²) = 1 / (1 + 7.39), about 0.12. Sampling tries the "
           "lower-scored move now and then; the bot that plays for real takes the highest score.")),
    "10-baseline": QuizItem(
        N_("The learner lost a game: its reward is 0, and the baseline (the moving average of the rewards of the "
           "games before) is 0.2. What does REINFORCE do to the moves it made in that game?"),
        (N_("Nothing: the reward is 0"), N_("It makes them a little less likely"),
         N_("It makes them more likely")),
        1,
        N_("The step is learning rate × (reward − baseline) × direction: 0 − 0.2 is negative, so the weights "
           "move against the moves made. A game worse than usual counts against its moves.")),
    "10-sign-test": QuizItem(
        N_("On the same 400 deals, 148 had different winners: 83 were won only by the learned bot, 65 only by "
           "the sensible bot. If the two played equally well, each of those 148 deals would be a fair coin toss, "
           "and a fair coin splits at least this unevenly about one time in six (sign test: p = 0.16). What can "
           "you say?"),
        (N_("The learned bot plays better: it won 18 deals more"),
         N_("These deals do not show which of the two plays better"),
         N_("The two play equally well: the sign test shows it")),
        1,
        N_("A split as uneven as 83 to 65 comes from chance alone about one time in six, so it is not convincing "
           "evidence of a difference. Nor is it proof that there is none: a small difference needs many more deals "
           "to show."),
        {0: N_("18 deals more is what a fair coin gives about one time in six over 148 tosses: chance alone does "
               "it often."),
         2: N_("A large p says only that chance could explain the split; it cannot rule out a small difference.")}),
    "11-stack-total": QuizItem(
        N_("Stacking is on (H-STACK). Ana plays a Draw Two, Ben stacks a Draw Two on it, and Caro holds no "
           "Draw Two. What happens to Caro?"),
        (N_("Caro draws two cards and loses her turn"), N_("Caro draws four cards and loses her turn"),
         N_("Caro draws four cards and then plays")),
        1,
        N_("H-STACK: the penalty adds up (2 + 2) and passes on; whoever cannot stack draws the whole total and "
           "loses their turn.")),
    "11-force-sensible": QuizItem(
        N_("With forced play (H-FORCE) on, four sensible bots play exactly the same games as without it. Why?"),
        (N_("A sensible bot already plays a card it has just drawn whenever it can"),
         N_("Forced play only matters with two players"), N_("The simulation leaves forced play out")),
        0,
        N_("H-FORCE only takes away the choice to keep a playable card just drawn. A sensible bot never keeps "
           "one, so nothing changes for it; random bots sometimes keep, so their games do change.")),
    "11-one-in-twenty": QuizItem(
        N_("A table shows 20 effects of house rules that, in truth, change nothing. An effect is called clear "
           "when it lies more than two standard errors from zero. How many would you expect to be called clear by "
           "chance alone?"),
        (N_("None: two standard errors rule chance out"), N_("About ten: half of them"), N_("About one")),
        2,
        N_("Chance alone puts about 1 effect in 20 more than two standard errors from zero: 20 × 1/20 = 1. So one "
           "clear cell in a big table is no surprise; measure it again with another seed before you believe it."),
        {0: N_("Two standard errors still let about 1 chance effect in 20 through; a table of 20 has room for "
               "one."),
         1: N_("Chance alone crosses two standard errors only about 1 time in 20, not every other time.")}),
    "11-clear-effect": QuizItem(
        N_("A house rule's effect on moves per hand is measured as +1.8 ± 2.5 (one standard error). What can "
           "you say?"),
        (N_("The rule makes hands longer"), N_("No clear change: chance alone could give an effect this size"),
         N_("The rule makes hands shorter")),
        1,
        N_("Two standard errors are 5.0, more than the effect of 1.8. More games make the error smaller, like "
           "1/√n: a hundred times the games for a tenth of the error.")),
}


def quiz(quiz_id: str) -> Quiz:
    """The self-check ``quiz_id`` of the bank, in the current language."""
    try:
        item = QUIZZES[quiz_id]
    except KeyError:
        known = ", ".join(sorted(QUIZZES))
        raise KeyError(f"There is no self-check {quiz_id!r}; the bank has: {known}.") from None
    options = [_(o) for o in item.options]
    return Quiz(_(item.question), options, item.answer, _(item.explanation),
                why={options[i]: _(text) for i, text in item.why.items()})

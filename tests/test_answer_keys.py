"""The teachers' answer key to the self-checks is written from the quiz bank and kept current."""

from uno_lessons.lessons.quizzes import QUIZZES
from uno_lessons.tools import answer_keys


def test_the_answer_key_page_is_current_and_holds_every_self_check(capsys):
    assert answer_keys.main(["--check"]) == 0, capsys.readouterr().out
    text = answer_keys.PAGE.read_text(encoding="utf-8")
    for qid, item in QUIZZES.items():
        assert f"### `{qid}`" in text
        assert f"- **{item.options[item.answer]}** (right): {item.explanation}" in text
        for i, why in item.why.items():
            assert f"- {item.options[i]}: {why}" in text


def test_a_changed_question_makes_the_page_stale(monkeypatch, capsys):
    qid = next(iter(QUIZZES))
    monkeypatch.setitem(QUIZZES, qid, QUIZZES[qid].__class__(
        "A question changed in the bank?", QUIZZES[qid].options, QUIZZES[qid].answer, QUIZZES[qid].explanation))
    assert answer_keys.main(["--check"]) == 1
    assert "is not current" in capsys.readouterr().out

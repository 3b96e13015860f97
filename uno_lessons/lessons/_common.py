"""Shared pieces of the lesson widgets: a container, card pictures, feedback and self-checks."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

import ipywidgets as widgets

from ..engine.cards import Card
from ..render import hand_html, style_block

#: Extra CSS for the lessons (feedback boxes, rule badges, step titles); uno- classes come
#: from render.STYLE.
LESSON_CSS = """<style>
.uno-lesson{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Liberation Sans','DejaVu Sans',
  Arial,sans-serif;color:#1d1d1d;}
.uno-lesson-title{font-size:19px;font-weight:700;margin:2px 0 4px 0;}
.uno-rule-id{display:inline-block;background:#eef2f7;border:1px solid #b8c4d6;border-radius:6px;
  padding:0 6px;margin:0 3px;font:600 12px/1.6 monospace;color:#23395d;}
.uno-rule-official{background:#fff4e0;border-color:#e0b060;color:#6b4300;}
.uno-fb{border-radius:8px;padding:6px 10px;margin:3px 0;font-size:15px;line-height:1.35;}
.uno-fb-ok{background:#e3f7e9;border:1px solid #7cc49a;}
.uno-fb-bad{background:#fdeaea;border:1px solid #e39a9a;}
.uno-fb-info{background:#eef4fb;border:1px solid #9dbbe0;}
.uno-fb-list{margin:4px 0 0 0;padding-left:20px;}
.uno-fb-list li{margin:2px 0;}
.uno-step-title{font-size:17px;font-weight:700;margin:4px 0;}
.uno-muted{color:#555;font-size:14px;}
.uno-seat-grid{display:flex;flex-flow:row wrap;gap:8px;}
.uno-seat-box{border:2px solid #9aa;border-radius:10px;padding:4px 8px;background:#fff;
  min-width:120px;}
.uno-scoretable{border-collapse:collapse;font-size:14px;margin-top:4px;}
.uno-scoretable th,.uno-scoretable td{border:1px solid #ccc;padding:2px 8px;text-align:right;}
.uno-scoretable th{background:#eef2f7;}
.uno-scoretable tr.uno-final td{font-weight:700;background:#e3f7e9;}
</style>"""


class LessonBox(widgets.VBox):
    """The outer box of a lesson widget, with a short, stable text form for notebooks."""

    def __init__(self, children: Sequence[widgets.Widget] = (), *, label: str = "lesson",
                 kind: str = "widget", **kw):
        super().__init__(list(children), **kw)
        self._label = label
        self.add_class("uno-lesson")
        self.add_class(f"uno-lesson-{kind}")  # uno-lesson-widget, or uno-lesson-quiz

    def __repr__(self) -> str:
        return f"<{self._label}>"


class Lesson:
    """Base of the lesson widgets: ``.widget`` is the box to show; displaying shows it."""

    title = "Lesson"
    rule_ids: tuple[str, ...] = ()

    widget: LessonBox

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    def header(self) -> widgets.HTML:
        """A title line with the rule ids the widget practises."""
        ids = " ".join(rule_badge(r) for r in self.rule_ids)
        return widgets.HTML(f"{LESSON_CSS}{style_block()}<div class='uno-lesson-title'>"
                            f"{escape(self.title)} {ids}</div>")


def rule_badge(rule_id: str, official: bool = False) -> str:
    """A small badge naming a rule id; ``official`` marks a rule filled in from Mattel's rules."""
    cls = "uno-rule-id uno-rule-official" if official else "uno-rule-id"
    tip = "official Mattel rule (the box text is silent)" if official else "from the box text"
    return f"<span class='{cls}' title='{tip}'>{escape(rule_id)}</span>"


def feedback(kind: str, text: str, items: Iterable[str] = ()) -> str:
    """A feedback box: kind "ok", "bad" or "info"; ``items`` become a bullet list."""
    body = escape(text)
    rows = "".join(f"<li>{escape(i)}</li>" for i in items)
    if rows:
        body += f"<ul class='uno-fb-list'>{rows}</ul>"
    return f"<div class='uno-fb uno-fb-{kind}'>{body}</div>"


def button(description: str, *, style: str = "", width: str = "auto", tooltip: str = "") -> widgets.Button:
    """A button with our usual size; ``style`` is an ipywidgets button_style."""
    return widgets.Button(description=description, button_style=style, tooltip=tooltip or description,
                          layout=widgets.Layout(width=width, min_width="90px", height="34px"))


def codes(cards: Iterable[Card | str]) -> str:
    """Card codes as one string: ``"G3 Y3 W"``."""
    return " ".join(Card.parse(c).code for c in cards)


class CardsPicture:
    """Cards drawn as HTML for a notebook cell; its plain text form is the card codes."""

    def __init__(self, cards: Iterable[Card | str] | str, *, width: float = 64,
                 highlight: Iterable[int] | None = None, dim: Iterable[int] | None = None,
                 caption: str = "") -> None:
        if isinstance(cards, str):
            cards = cards.split()
        self.cards = [Card.parse(c) for c in cards]
        self.width = width
        self.highlight = list(highlight or ())
        self.dim = list(dim or ())
        self.caption = caption

    def _repr_html_(self) -> str:
        cap = f"<div class='uno-muted'>{escape(self.caption)}</div>" if self.caption else ""
        return (hand_html(self.cards, width=self.width, highlight=self.highlight, dim=self.dim,
                          fan=False) + cap)

    def __repr__(self) -> str:
        text = "cards: " + codes(self.cards)
        return text + (f" ({self.caption})" if self.caption else "")


def show_cards(cards: Iterable[Card | str] | str, *, width: float = 64, highlight=None, dim=None,
               caption: str = "") -> CardsPicture:
    """Card pictures for a notebook cell: ``show_cards("G3 G2 Y3 W")``."""
    return CardsPicture(cards, width=width, highlight=highlight, dim=dim, caption=caption)


class Quiz:
    """A self-check question: pick one answer, press Check, read why it is right or wrong."""

    def __init__(self, question: str, options: Sequence[str], answer: str | int,
                 explanation: str, *, why: dict[str, str] | None = None) -> None:
        self.question = question
        self.options = list(options)
        self.answer = self.options[answer] if isinstance(answer, int) else answer
        if self.answer not in self.options:
            raise ValueError(f"the answer {answer!r} is not one of the options")
        self.explanation = explanation
        self.why = dict(why or {})
        self.choices = widgets.RadioButtons(options=self.options, value=None,
                                            layout=widgets.Layout(width="auto"))
        self.check_button = button("Check my answer", style="primary", width="200px")
        self.check_button.on_click(lambda _b: self.check())
        self.feedback = widgets.HTML("")
        self.widget = LessonBox([
            widgets.HTML(f"{LESSON_CSS}<div class='uno-step-title'>Self-check: {escape(question)}</div>"),
            self.choices, self.check_button, self.feedback,
        ], label=f"self-check: {question}", kind="quiz")

    def choose(self, option: str | int) -> None:
        """Select an answer (by text or index), as a learner clicking it would."""
        self.choices.value = self.options[option] if isinstance(option, int) else option

    def check(self) -> bool | None:
        """Mark the chosen answer; returns True/False, or None when nothing is chosen yet."""
        picked = self.choices.value
        if picked is None:
            self.feedback.value = feedback("info", "Pick an answer first.")
            return None
        right = picked == self.answer
        extra = self.why.get(picked, "")
        if right:
            self.feedback.value = feedback("ok", f"Right. {self.explanation}")
        else:
            self.feedback.value = feedback(
                "bad", f"Not quite. {extra + ' ' if extra else ''}The answer is “{self.answer}”. "
                       f"{self.explanation}")
        return right

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

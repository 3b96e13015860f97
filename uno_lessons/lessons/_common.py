"""Shared pieces of the lesson widgets: a container, card pictures, feedback and self-checks.

Accessibility lives here once for every lesson: headings for titles, a visible focus ring on
every control, buttons whose colours meet AA contrast, the page bridge (live region, focus
moves, the ``main`` landmark) inside every lesson box, and a text form that says in words
that a cell must be run.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape

import ipywidgets as widgets

from ..engine.cards import Card
from ..i18n import _
from ..render import hand_html, style_block
from ..render.style import built_stylesheet
from ..widgets.page import PageBridge, page_bridge

#: Extra CSS for the lessons (feedback boxes, rule badges, headings, focus rings, button
#: colours at AA contrast); uno- classes come from render.STYLE. The front end's build of
#: ``voila/frontend/src/widgets/lesson.css``, read once per kernel.
LESSON_CSS = "<style>" + built_stylesheet("lesson.css") + "</style>"


class LessonBox(widgets.VBox):
    """The outer box of a lesson widget: its children, the page bridge (hidden, 0×0), a class
    unique to this box (for focus moves), and a text form that says in words what to do where
    the widget cannot be drawn (a notebook opened before its cells ran)."""

    def __init__(self, children: Sequence[widgets.Widget] = (), *, label: str = "lesson",
                 kind: str = "widget", page: PageBridge | None = None, **kw):
        self.page = page or page_bridge()
        super().__init__([*children, self.page], **kw)
        self._label = label
        self.add_class("uno-lesson")
        self.add_class(f"uno-lesson-{kind}")  # uno-lesson-widget, or uno-lesson-quiz
        self.add_class(self.scope_class)

    @property
    def scope_class(self) -> str:
        """A CSS class only this box has, e.g. ``uno-w-1a2b3c4d5e6f``."""
        return f"uno-w-{self.model_id[:12]}"

    def selector(self, inner: str = "") -> str:
        """A CSS selector for ``inner`` inside this box (for :meth:`PageBridge.focus`)."""
        return f".{self.scope_class} {inner}".strip()

    def __repr__(self) -> str:
        # ipywidgets shows at most 110 characters of this: say first what to do.
        return self._label


class Lesson:
    """Base of the lesson widgets: ``.widget`` is the box to show; displaying shows it."""

    title = "Lesson"
    rule_ids: tuple[str, ...] = ()

    widget: LessonBox

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    def box(self, children: Sequence[widgets.Widget]) -> LessonBox:
        """The lesson's outer box around ``children``."""
        label = _("{title}: run this cell to use this lesson widget.", title=_(self.title))
        return LessonBox(children, label=label)

    @property
    def page(self) -> PageBridge:
        """The page bridge: announcements and focus moves."""
        return self.widget.page

    def focus(self, inner: str) -> None:
        """Move keyboard focus to the first element matching ``inner`` inside this lesson."""
        self.page.focus(self.widget.selector(inner))

    def header(self) -> widgets.HTML:
        """A heading with the rule ids the widget practises."""
        ids = " ".join(rule_badge(r) for r in self.rule_ids)
        return widgets.HTML(f"{LESSON_CSS}{style_block()}<h3 class='uno-lesson-title'>"
                            f"{escape(_(self.title))} {ids}</h3>")


def rule_badge(rule_id: str, official: bool = False) -> str:
    """A small badge naming a rule id; ``official`` marks a rule filled in from Mattel's rules
    (said in words to screen readers, not only shown by the badge's colour)."""
    cls = "uno-rule-id uno-rule-official" if official else "uno-rule-id"
    tip = _("official Mattel rule (the box text is silent)") if official else _("from the box text")
    # "official" is written on the badge: its orange colour alone would not tell it.
    extra = f" <span class='uno-rule-tag'>· {escape(_('official'))}</span>" if official else ""
    return f"<span class='{cls}' title='{escape(tip)}'>{escape(rule_id)}{extra}</span>"


_FEEDBACK_ICONS = {"ok": "✔", "bad": "✘", "info": "ℹ"}


def feedback(kind: str, text: str, items: Iterable[str] = ()) -> str:
    """A feedback box: kind "ok" (✔), "bad" (✘) or "info" (ℹ); ``items`` become a bullet list."""
    icon = f"<span aria-hidden='true'>{_FEEDBACK_ICONS[kind]}</span> "
    body = icon + escape(text)
    rows = "".join(f"<li>{escape(i)}</li>" for i in items)
    if rows:
        body += f"<ul class='uno-fb-list'>{rows}</ul>"
    return f"<div class='uno-fb uno-fb-{kind}'>{body}</div>"


def button(description: str, *, style: str = "", width: str = "auto", tooltip: str = "",
           name: str = "") -> widgets.Button:
    """A button with our usual size; ``style`` is "primary", "danger", "warning" or "info"
    (our own colours at AA contrast, not ipywidgets' button_style); ``name`` adds the class
    ``uno-btn-<name>`` that a focus move can find."""
    b = widgets.Button(description=description, tooltip=tooltip or description,
                       layout=widgets.Layout(width=width, max_width="100%", min_width="90px", height="34px"))
    if style:
        b.add_class(f"uno-btn-{style}")
    if name:
        b.add_class(f"uno-btn-{name}")
    return b


def codes(cards: Iterable[Card | str]) -> str:
    """Card codes as one string: ``"G3 Y3 W"``."""
    return " ".join(Card.parse(c).code for c in cards)


class CardsPicture:
    """Cards drawn as HTML for a notebook cell; its plain text form is the card codes."""

    def __init__(self, cards: Iterable[Card | str] | str, *, width: float = 64,
                 highlight: Iterable[int] | None = None, dim: Iterable[int] | None = None,
                 caption: str = "", notes: Mapping[int, str] | None = None) -> None:
        if isinstance(cards, str):
            cards = cards.split()
        self.cards = [Card.parse(c) for c in cards]
        self.width = width
        self.highlight = list(highlight or ())
        self.dim = list(dim or ())
        self.caption = caption
        # What a screen reader hears besides each card's name: its marks, in words.
        self.notes = {i: _("gold frame") for i in self.highlight}
        self.notes.update({i: _("greyed and striped") for i in self.dim})
        self.notes.update(notes or {})

    def _repr_html_(self) -> str:
        cap = f"<div class='uno-muted'>{escape(self.caption)}</div>" if self.caption else ""
        return (hand_html(self.cards, width=self.width, highlight=self.highlight, dim=self.dim,
                          fan=False, notes=self.notes, label=self.caption or None) + cap)

    def __repr__(self) -> str:
        text = "cards: " + codes(self.cards)
        return text + (f" ({self.caption})" if self.caption else "")


def show_cards(cards: Iterable[Card | str] | str, *, width: float = 64, highlight=None, dim=None,
               caption: str = "", notes: Mapping[int, str] | None = None) -> CardsPicture:
    """Card pictures for a notebook cell: ``show_cards("G3 G2 Y3 W")``; ``highlight`` (gold
    frame) and ``dim`` (greyed, striped) are also said in words, or as ``notes`` by index."""
    return CardsPicture(cards, width=width, highlight=highlight, dim=dim, caption=caption, notes=notes)


class Quiz:
    """A self-check question: pick one answer, press Check, read why it is right or wrong.

    A first wrong answer gets only why that option is wrong (``why``, when the question has
    one) and a second try; the right answer and its explanation show after a second wrong one
    (:data:`TRIES`), so a learner thinks again before reading the answer.

    The lesson notebooks take their questions from the quiz bank (``quiz("02-skip-on-skip")``,
    see :mod:`uno_lessons.lessons.quizzes`), so the answer is not in the cell a learner reads;
    a teacher may still write their own ``Quiz(...)``."""

    #: Wrong answers before the right one is shown: one, then a second try.
    TRIES = 2

    def __init__(self, question: str, options: Sequence[str], answer: str | int,
                 explanation: str, *, why: dict[str, str] | None = None) -> None:
        self.question = question
        self.options = list(options)
        self.answer = self.options[answer] if isinstance(answer, int) else answer
        if self.answer not in self.options:
            raise ValueError(f"the answer {answer!r} is not one of the options")
        self.explanation = explanation
        self.why = dict(why or {})
        self.wrong = 0  # wrong answers checked so far
        self.choices = widgets.RadioButtons(options=self.options, value=None,
                                            layout=widgets.Layout(width="auto", max_width="100%"))
        self.check_button = button(_("Check my answer"), style="primary", width="200px")
        self.check_button.on_click(lambda _b: self.check())
        self.feedback = widgets.HTML("")
        title = _("Self-check: {question}", question=question)
        label = _("Self-check (run this cell to answer it): {question}", question=question)
        self.widget = LessonBox([
            widgets.HTML(f"{LESSON_CSS}<h3 class='uno-step-title'>{escape(title)}</h3>"),
            self.choices, self.check_button, self.feedback,
        ], label=label, kind="quiz")

    @property
    def page(self) -> PageBridge:
        """The page bridge: the verdict is announced through it."""
        return self.widget.page

    def choose(self, option: str | int) -> None:
        """Select an answer (by text or index), as a learner clicking it would."""
        self.choices.value = self.options[option] if isinstance(option, int) else option

    def check(self) -> bool | None:
        """Mark the chosen answer; returns True/False, or None when nothing is chosen yet. The
        answer itself is shown after the second wrong answer, not the first."""
        picked = self.choices.value
        if picked is None:
            text = _("Pick an answer first.")
            self.feedback.value = feedback("info", text)
            self.page.announce(text)
            return None
        right = picked == self.answer
        extra = self.why.get(picked, "")
        why = extra + " " if extra else ""
        if right:
            text = _("Right. {explanation}", explanation=self.explanation)
        else:
            self.wrong += 1
            if self.wrong < self.TRIES:
                text = _("Not quite. {why}Think again, pick another answer and check it: the answer shows after "
                         "a second try.", why=why)
            else:
                text = _("Not quite. {why}The answer is “{answer}”. {explanation}",
                         why=why, answer=self.answer, explanation=self.explanation)
        self.feedback.value = feedback("ok" if right else "bad", text)
        # A wrong answer is feedback, not an error: it is said politely, like a right one.
        self.page.announce(text)
        return right

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

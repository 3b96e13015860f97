"""The part of a dashboard page that plays a seat: the hand, the move buttons, the jump-in
buttons (H-JUMP), the wild's (or a 7's, H-SEVEN-ZERO) picker, the skip link to the hand,
and what their clicks do.

Built only for pages that play (the one-screen game and a learner's seat; see
:mod:`.roles`): a teacher's, spectator's or projector page has none of these widgets. Every
click goes to the table, which decides; a refusal is said with the engine's reason.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets
from ipywidgets import Widget

from ..engine.cards import Card, Color
from ..engine.moves import Move
from ..i18n import _, ngettext
from ..render import card_words
from ..table.views import TableView
from .actions import ActionBar
from .hand import HandPanel
from .house import JumpInBar
from .others import kind_word
from .picker import WildPicker
from .ports import SeatHost
from .roles import PageMode
from .safety import REFUSALS
from .sentences import turn_sentence
from .wild import PendingWild, wild_needing_choice


def skip_link_html() -> str:
    """The skip link to the hand (the keyboard's first stop, shown while it has focus)."""
    return f"<a class='uno-skip-link' href='#uno-hand'>{escape(_('Skip to your hand'))}</a>"


def uno_counts(view: TableView, seat: int | None) -> bool:
    """Whether ``seat`` has an UNO to say now: not said yet, and saying it would count
    (E-UNO-5, as the engine's ``PlayerView.uno_would_count`` says)."""
    return seat is not None and seat not in view.play.uno_said and view.play.uno_would_count(seat)


class SeatPlay:
    """The hand and the moves of the seat ``page`` plays (known only as a
    :class:`~.ports.SeatHost`); ``guard`` wraps every callback (see :mod:`.safety`)."""

    def __init__(self, page: SeatHost, guard: Callable[[Callable], Callable]) -> None:
        g = guard
        self.page = page
        #: The wild waiting for its colour (and target), while the picker is open.
        self.pending: PendingWild | None = None
        self.hand = HandPanel(on_card=g(self.click_card))
        self.actions = ActionBar(
            draw=g(self.draw_clicked), keep=g(lambda: self.move(Move("keep"))),
            pass_=g(lambda: self.move(Move("pass"))), uno=g(self.uno_clicked),
            challenge=g(lambda: self.move(Move("challenge"))), accept=g(lambda: self.move(Move("accept"))),
            catch=g(self.catch_clicked), talk=g(self.talk_clicked))
        self.jumps = JumpInBar(on_jump=g(self.jump_clicked))
        self.picker = WildPicker(on_color=g(self.color_chosen), on_target=g(self.target_chosen),
                                 on_cancel=g(self.cancel_pending))
        self.skip = widgets.HTML(skip_link_html(), _dom_classes=("uno-skip-box",))

    @property
    def widgets(self) -> list[Widget]:
        """The hand, the move buttons and the picker, in the page's reading order."""
        return [self.hand.widget, self.actions.widget, self.jumps.widget, self.picker.widget]

    def owned(self) -> list[Widget]:
        """Widgets of this part that may be outside its boxes now (to close them all)."""
        return [self.skip, self.hand.css_box, *self.hand.owned(), *self.jumps.owned()]

    def relabel(self) -> None:
        """Words in the current language."""
        self.actions.relabel()
        self.jumps.relabel()
        self.picker.relabel()
        self.skip.value = skip_link_html()

    # ------------------------------------------------------------------ drawing
    def draw(self, view: TableView, seat: int | None, my_turn: bool, legal: list[Move]) -> None:
        """The hand, the move buttons and the picker as ``view`` has them."""
        play = view.play
        projector = self.page.mode == PageMode.PROJECTOR
        mine = seat is not None and view.seat == seat and not projector
        jump_ins = list(view.jump_ins) if mine and not view.closed else []
        if self.pending is not None and self.pending.jump:
            if not any(m.card == self.pending.card for m in jump_ins):
                self.pending = None  # the jump-in is gone (someone moved first)
        elif self.pending is not None and (not my_turn or self.pending.seat != play.current_player):
            self.pending = None
        if projector:
            self.hand.hide()
        elif seat is not None:
            playable = {m.card.code for m in legal if m.kind == "play" and m.card is not None}
            # A closed table: every card disabled, nothing left to explain.
            self.hand.show_buttons(view.names[seat], play.hand, playable, my_turn,
                                   self.pending.card if self.pending else None,
                                   self.page.explain_illegal and not view.closed,
                                   swap=self.pending is not None and self.pending.swap)
        elif view.seat is not None:
            self.hand.show_picture(_("{name}'s hand ({kind})", name=view.names[view.seat],
                                     kind=kind_word(view.kinds[view.seat])), play.hand)
        else:
            self.hand.hide()
        self.actions.update(view, None if projector else seat, {m.kind for m in legal}, uno_counts(view, seat))
        self.jumps.update(jump_ins)
        self.picker.update(self.pending, view.names)
        self.skip.layout.display = None if self.hand.box.children else "none"

    # ------------------------------------------------------------------ clicks
    def move(self, move: Move) -> bool:
        """Make ``move`` for this page's seat; show the table's reason if it is refused."""
        page = self.page
        try:
            page.table.apply(move, page.acting_seat)
        except REFUSALS as exc:
            page.voice.say("error", str(exc))
            page.refresh()
            return False
        self.pending = None
        page.refresh()
        return True

    def _ask(self, pending: PendingWild, text: str) -> None:
        """Open (or move on in) the picker for ``pending``, saying what it asks."""
        self.pending = pending
        self.page.voice.say("info", text)
        self.page.refresh()
        self.page.focus_now()

    def click_card(self, index: int) -> None:
        """What a click on the ``index``-th card button does."""
        cards = self.hand.cards
        if not 0 <= index < len(cards):
            return
        card = cards[index]
        look = self.page.look()
        if look.seat is not None and look.my_turn:
            pending = wild_needing_choice(card, look.seat, list(look.legal))
            if pending is not None and pending.swap:
                self._ask(pending, _("Your {card}: choose whom to swap hands with.", card=card_words(card)))
                return
            if pending is not None:
                self._ask(pending, _("Choose the colour for your {card}.", card=card_words(card)))
                return
        self.pending = None
        self.move(Move("play", card))

    def draw_clicked(self) -> None:
        """Draw; the classic game's first Wild asks for its colour first."""
        look = self.page.look()
        play = look.view.play
        if (look.seat is not None and look.my_turn and play.phase == "turn" and play.current_color is None
                and any(m.kind == "draw" and m.color for m in look.legal)):
            # Classic: a Wild was turned first, so the first player names the colour as they draw.
            self._ask(PendingWild(look.seat, None), _("The first card is a Wild: choose the colour, then you draw."))
            return
        self.move(Move("draw"))

    def color_chosen(self, color: Color) -> None:
        """A colour button of the picker."""
        if self.pending is not None:
            self._complete(self.pending.with_color(color))

    def target_chosen(self, seat: int) -> None:
        """A player button of the picker (whom a Wild Don't Talk silences)."""
        if self.pending is not None:
            self._complete(self.pending.with_target(seat))

    def _complete(self, pending: PendingWild) -> None:
        if not pending.ready:
            self._ask(pending, _("Choose who may not talk."))
            return
        self.pending = None
        if pending.jump and pending.card is not None:
            self.jump(pending.card, pending.target)
            return
        self.move(pending.move())
        self.page.focus_now()  # the picker closed: back to the hand

    def jump_clicked(self, card: Card, needs_target: bool) -> None:
        """A "Jump in with …" button (H-JUMP): a 7 under H-SEVEN-ZERO asks whom to swap with
        first; any other card jumps in at once."""
        look = self.page.look()
        if look.seat is None:
            return
        if needs_target:
            self._ask(PendingWild(look.seat, card, needs_target=True, swap=True, jump=True),
                      _("Your {card}: choose whom to swap hands with.", card=card_words(card)))
            return
        self.jump(card, None)

    def jump(self, card: Card, target: int | None) -> bool:
        """Jump in with ``card`` for this page's seat; the table's reason if it is refused
        (e.g. too late: someone moved first)."""
        page = self.page
        self.pending = None
        try:
            page.table.jump_in(card, target, page.acting_seat)
        except REFUSALS as exc:
            page.voice.say("error", str(exc))
            page.refresh()
            page.focus_now()
            return False
        page.refresh()
        page.focus_now()  # the button went with the jump-in: focus goes where the page says
        return True

    def cancel_pending(self) -> None:
        """Cancel in the picker: the wild stays in the hand."""
        self.pending = None
        page = self.page
        page.voice.say("info", _("Cancelled. {turn}", turn=turn_sentence(page.look().view, page.table.my_seats)))
        page.refresh()
        page.focus_now()

    def _talk_action(self, act, ok_text: str, no_text: str) -> None:
        page, voice = self.page, self.page.voice
        before = voice.announced
        try:
            result = act(page.acting_seat)
        except REFUSALS as exc:
            voice.say("error", str(exc))
            page.refresh()
            return
        # The table's news (the event) was said already; the line still shows the outcome.
        voice.say("ok" if result else "info", ok_text if result else no_text, announce=voice.announced == before)
        page.refresh()

    def _name(self) -> str:
        look = self.page.look()
        return look.view.names[look.seat] if look.seat is not None else ""

    def uno_clicked(self) -> None:
        """Say UNO!"""
        name, table = self._name(), self.page.table
        self._talk_action(lambda s: table.say_uno(s), _("{name} says UNO!", name=name),
                          _("{name} says UNO, but it does not count now (E-UNO-5).", name=name))

    def catch_clicked(self, target: int) -> None:
        """Catch ``target`` (who did not say UNO)."""
        table, view = self.page.table, self.page.look().view
        names, n = view.names, view.play.rules.uno_penalty  # E-UNO-2: the rules' count
        if not 0 <= target < len(names):
            return  # not a seat (a crafted choice)
        self._talk_action(lambda s: table.catch(target, s),
                          ngettext("Caught! {name} did not say UNO and draws {n} card.",
                                   "Caught! {name} did not say UNO and draws {n} cards.", n, name=names[target]),
                          _("{name} cannot be caught now: nothing happens (E-UNO-3).", name=names[target]))

    def talk_clicked(self) -> None:
        """Talk while silenced (the rules' talk penalty, E-WDT-2)."""
        name, table = self._name(), self.page.table
        n = self.page.look().view.play.rules.talk_penalty
        self._talk_action(lambda s: table.talk(s),
                          ngettext("{name} is silenced and talked: {n} card (E-WDT-2).",
                                   "{name} is silenced and talked: {n} cards (E-WDT-2).", n, name=name),
                          _("{name} talks; nobody minds.", name=name))

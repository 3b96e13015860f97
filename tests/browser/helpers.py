"""Clicking through a dashboard page the way a person does: read the status line's data
attributes, make one move for the seat this page plays, wait for the page to change."""

from __future__ import annotations

TIMEOUT = 60_000  # ms; generous for two-core CI machines
STATUS = ".uno-status"


def status(page) -> dict[str, str]:
    return page.eval_on_selector(STATUS, "e => Object.assign({}, e.dataset)")


def wait_for_human_or_end(page) -> dict[str, str]:
    page.wait_for_function(
        "() => { const s = document.querySelector('.uno-status');"
        " return s && (s.dataset.humanTurn === '1' || s.dataset.winner !== ''); }",
        timeout=TIMEOUT)
    return status(page)


def wait_for_events_after(page, events: str) -> None:
    """Wait until the engine's event count shown in the status differs from ``events``."""
    page.wait_for_function(
        "n => { const s = document.querySelector('.uno-status'); return s && s.dataset.events !== n; }",
        arg=events, timeout=TIMEOUT)


def hand_codes(page) -> list[str]:
    return page.eval_on_selector_all(".uno-hand-btns .uno-card-btn", "bs => bs.map(b => b.textContent.trim())")


def set_speed(page, label: str) -> None:
    page.locator(".uno-speed button", has_text=label).click()
    page.wait_for_selector(f".uno-speed button.mod-active:has-text('{label}')", timeout=TIMEOUT)


def play_one_human_turn(page, prefer_wild: bool) -> bool:
    """One move for the human, by clicking. Returns True when a wild was played."""
    st = status(page)
    events = st["events"]
    if page.locator(".uno-act-uno:not([disabled])").count():
        page.click(".uno-act-uno")
        wait_for_events_after(page, events)
        st = status(page)
        events = st["events"]
    if st["phase"] == "challenge":
        page.click(".uno-act-accept")
        wait_for_events_after(page, events)
        return False
    # The status is redrawn last; still, wait until some move is on offer.
    page.wait_for_selector(".uno-hand-btns .uno-card-btn.uno-legal, .uno-act-draw:not([disabled]),"
                           " .uno-act-keep:not([disabled]), .uno-act-pass:not([disabled])", timeout=TIMEOUT)
    legal = page.locator(".uno-hand-btns .uno-card-btn.uno-legal")
    if legal.count():
        wilds = page.locator(".uno-hand-btns .uno-card-btn.uno-legal:is(.uno-card-W,.uno-card-Wp4,.uno-card-WDT)")
        target = wilds.first if prefer_wild and wilds.count() else legal.first
        is_wild = prefer_wild and wilds.count() > 0 or target.evaluate(
            "b => ['uno-card-W','uno-card-Wp4','uno-card-WDT'].some(c => b.classList.contains(c))")
        target.click()
        if is_wild:
            page.wait_for_selector(".uno-picker .uno-color-blue", state="visible", timeout=TIMEOUT)
            page.click(".uno-picker .uno-color-blue")
            targets = page.locator(".uno-picker .uno-target-btn")
            # A Wild Don't Talk then asks whom to silence; the other wilds are played at once.
            page.wait_for_function(
                "n => document.querySelector('.uno-status').dataset.events !== n"
                " || document.querySelectorAll('.uno-picker .uno-target-btn').length > 0",
                arg=events, timeout=TIMEOUT)
            if status(page)["events"] == events and targets.count():
                targets.first.click()
        wait_for_events_after(page, events)
        return is_wild
    for sel in (".uno-act-keep", ".uno-act-draw", ".uno-act-pass"):
        button = page.locator(f"{sel}:not([disabled])")
        if button.count() and button.is_visible():
            button.click()
            wait_for_events_after(page, events)
            return False
    raise AssertionError(f"no move offered to the human; status {st}")


def play_hand_to_end(page, *, wild_first: bool = False, after_move=None, max_turns: int = 400) -> bool:
    """Play the human's turns by clicking until someone wins (bots play in between);
    ``wild_first`` plays a wild whenever one is legal until one has been played, and
    ``after_move(n)`` runs after the human's n-th move. Returns whether a wild was played."""
    wild_played = False
    for n in range(1, max_turns + 1):
        if wait_for_human_or_end(page)["winner"]:
            break
        wild_played |= play_one_human_turn(page, prefer_wild=wild_first and not wild_played)
        if after_move is not None:
            after_move(n)
    return wild_played

"""The hub service's signed identity (uno_lessons.voila.identity), the query it passes on, the
teacher rule, the seat book, and a page kernel's refusal without a signed identity."""

from __future__ import annotations

import time
from urllib.parse import parse_qs

from uno_lessons.dashboard.seat_book import SeatBook
from uno_lessons.hub.service import _upstream_query, voila_env
from uno_lessons.table import open_store
from uno_lessons.voila.identity import PARAM, SECRET_ENV, HubUser, is_teacher, new_secret, sign, verify


def test_a_signed_user_is_read_back_and_anything_else_is_not():
    secret = new_secret()
    ana = HubUser("ana", False)
    text = sign(ana, secret, now=1000.0)
    assert verify(text, secret, now=1001.0) == ana
    assert verify(text, new_secret(), now=1001.0) is None  # another service's secret
    assert verify(text, secret, now=1000.0 + 301) is None  # stale
    body, mac = text.split(".")
    forged = sign(HubUser("ana", True), "guess", now=1000.0).split(".")[0]
    assert verify(f"{forged}.{mac}", secret, now=1001.0) is None  # a teacher's claim, unsigned
    assert verify("", secret) is None and verify("garbage", secret) is None


def test_the_service_replaces_a_browser_sent_identity():
    secret = new_secret()
    query = _upstream_query(f"table=ABC&{PARAM}=forged&{PARAM}=again", HubUser("ben", False), secret)
    values = parse_qs(query)
    assert values["table"] == ["ABC"] and len(values[PARAM]) == 1
    assert verify(values[PARAM][0], secret) == HubUser("ben", False)
    assert PARAM not in parse_qs(_upstream_query(f"{PARAM}=forged", None, secret))


def test_teachers_are_admins_or_members_of_the_group():
    assert is_teacher({"name": "t", "admin": True, "groups": []}, "uno-teachers")
    assert is_teacher({"name": "t", "admin": False, "groups": ["uno-teachers"]}, "uno-teachers")
    assert not is_teacher({"name": "l", "admin": False, "groups": ["class-7"]}, "uno-teachers")


def test_the_voila_environment_has_the_secret_and_not_the_hubs_token():
    env = voila_env("s3cret", {"JUPYTERHUB_API_TOKEN": "t", "JPY_API_TOKEN": "t", "UNO_LESSONS_STORE": "x"})
    assert env == {SECRET_ENV: "s3cret", "UNO_LESSONS_STORE": "x"}


def test_the_seat_book_keeps_seats_and_keys_by_hub_user(tmp_path):
    store = open_store(f"sqlite:///{tmp_path / 'tables.db'}")
    code, key = store.create(["Ana", "Ben"], ["human", "human"], seed=3)
    book = SeatBook(store)
    seat = store.join(code, seat=1, name="ben")
    book.keep_seat(code, "ben", seat.token)
    book.keep_teacher_key(code, key)
    again = SeatBook(store)  # another kernel of the same service
    assert store.rejoin(code, again.seat_token(code, "ben")).seat == 1
    assert again.seat_token(code, "ana") is None
    assert again.teacher_key(code) == key
    again.keep_seat(code, "ben", None)
    assert book.seat_token(code, "ben") is None
    book.close()
    again.close()
    store.close()


def test_a_page_without_the_services_identity_shows_nothing(monkeypatch, tmp_path):
    from uno_lessons.dashboard.entry import dashboard_page

    monkeypatch.setenv(SECRET_ENV, new_secret())
    store = open_store(f"sqlite:///{tmp_path / 'tables.db'}")
    code, _key = store.create(["Ana", "Ben"], ["human", "human"], seed=3)
    for query in (f"table={code}", "", f"table={code}&{PARAM}=forged"):
        page = dashboard_page(query, store=store)
        text = " ".join(getattr(w, "value", "") for w in _walk(page.children))
        assert "Sign in to the school&#x27;s JupyterHub" in text, query
        assert "uno-join" not in str([getattr(w, "_dom_classes", ()) for w in _walk(page.children)])
    store.close()


def _walk(children):
    for w in children:
        yield w
        yield from _walk(getattr(w, "children", ()))


def test_a_signed_identity_opens_one_page_only(tmp_path, monkeypatch):
    from uno_lessons.voila.identity import NONCES_ENV, forget_used, use_once

    secret = new_secret()
    ana = HubUser("ana", False)
    text = sign(ana, secret)
    assert sign(ana, secret) != text  # a nonce of its own each time
    assert verify(text, secret, once=lambda n: use_once(n, str(tmp_path))) == ana
    # Replayed (a second page, another kernel reading the same text): refused. Without the
    # nonce check (the weakened kernel of before) the same text opens a page again.
    assert verify(text, secret, once=lambda n: use_once(n, str(tmp_path))) is None
    assert verify(text, secret) == ana
    # Without the folder of used nonces a kernel cannot tell: it refuses (fails closed).
    monkeypatch.delenv(NONCES_ENV, raising=False)
    assert verify(sign(ana, secret), secret, once=use_once) is None
    # The page's own check takes the nonce from the service's folder.
    monkeypatch.setenv(NONCES_ENV, str(tmp_path))
    fresh = sign(ana, secret)
    assert verify(fresh, secret, once=use_once) == ana and verify(fresh, secret, once=use_once) is None
    # Used nonces of stale identities are cleared away; fresh ones are kept.
    assert forget_used(str(tmp_path)) == 0
    assert forget_used(str(tmp_path), now=time.time() + 3600) == 2


def test_a_page_kernel_refuses_a_replayed_identity(monkeypatch, tmp_path):
    from uno_lessons.dashboard.entry import dashboard_page
    from uno_lessons.dashboard.hub_page import reset_signed_in
    from uno_lessons.voila.identity import NONCES_ENV

    secret = new_secret()
    monkeypatch.setenv(SECRET_ENV, secret)
    monkeypatch.setenv(NONCES_ENV, str(tmp_path))
    store = open_store(f"sqlite:///{tmp_path / 'tables.db'}")
    code, _key = store.create(["Ana", "Ben"], ["human", "human"], seed=3)
    signed = sign(HubUser("ana", False), secret)
    try:
        first = dashboard_page(f"table={code}&{PARAM}={signed}", store=store)
        assert "Sign in to the school" not in " ".join(str(getattr(w, "value", "")) for w in _walk(first.children))
        reset_signed_in()
        again = dashboard_page(f"table={code}&{PARAM}={signed}", store=store)
        assert "Sign in to the school&#x27;s JupyterHub" in " ".join(str(getattr(w, "value", "")) for w in _walk(again.children))
    finally:
        reset_signed_in()
        store.close()

"""Making the tables a dashboard page shows: a one-screen game from the New game form's
settings, and a class table in the server's store. No widgets: the page asks, these make.
"""

from __future__ import annotations

from ..table import Store, Table, TableError
from ..widgets.page import log_traceback
from .sentences import something_went_wrong


def local_table(config: dict, *, names: list[str] | None = None, start: str | None = None,
                rules=None) -> Table:
    """A one-screen table of ``config`` (players, seats, rules, house rules, seed, the learned
    seats' policies), or one playing on from a position (``start``, a game's JSON, with its
    ``names`` and ``rules``, which carry their own house rules)."""
    seats = list(config["seats"])
    policies = {s: p for s, p in (config.get("policies") or {}).items() if s < len(seats) and seats[s] == "learned"}
    return Table.local(names if names is not None else config["players"], seats,
                       rules=config["rules"] if rules is None else rules, seed=config["seed"], start=start,
                       house=config.get("house", ()) if rules is None else (), policies=policies)


def open_class_table(config: dict, store: Store | None = None) -> tuple[Table, str]:
    """A new class table of the form's ``config`` (players_names, seats, rules, house, seed) in
    ``store`` (default: the server's), opened as its teacher: the table and the teacher key.

    ``config["seed"]`` is None unless the teacher chose to deal from the form's seed: the
    store then draws a secret one (a known seed tells every hand). Raises ``TableError``
    with a sentence for the page: the store's, or a plain one when the store could not be
    opened (e.g. the data folder cannot be made: its path goes to the server's terminal).
    On the hub, a learner's page is refused before anything is made (only the class's
    teachers open class tables), whatever its form was made to send."""
    from ..table import open_store  # looked up when called: the server's store as configured now
    from .hub_page import check_class_table

    check_class_table()
    try:
        store = store if store is not None else open_store()
        code, key = store.create(config["players_names"], config["seats"], rules=config["rules"],
                                 seed=config["seed"], house=config.get("house", ()),
                                 policies=config.get("policies"))
        return Table.connect(store, code, teacher=key), key
    except OSError as exc:
        log_traceback(exc, "opening the table store")
        raise TableError(something_went_wrong()) from None

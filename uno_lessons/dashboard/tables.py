"""Making the tables a dashboard page shows: a one-screen game from the New game form's
settings, and a class table in the server's store. No widgets: the page asks, these make.
"""

from __future__ import annotations

from ..table import Store, Table, TableConfig, TableError
from ..widgets.page import log_traceback
from .sentences import something_went_wrong


def local_table(config: TableConfig) -> Table:
    """A one-screen table of ``config`` as it is (its seats, rules, seed and learned seats'
    policies; or a position to play on from, its ``start``); TableError if it cannot be dealt."""
    return Table.local_from(config)


def open_class_table(config: TableConfig, store: Store | None = None) -> tuple[Table, str]:
    """A new class table of the form's ``config`` in ``store`` (default: the server's), opened
    as its teacher: the table and the teacher key.

    ``config``'s seed is a secret one unless the teacher chose to deal from the form's seed
    (a known seed tells every hand). Raises ``TableError`` with a sentence for the page: the
    store's, or a plain one when the store could not be opened (e.g. the data folder cannot
    be made: its path goes to the server's terminal). On the hub, a learner's page is refused
    before anything is made (only the class's teachers open class tables), whatever its form
    was made to send."""
    from ..table import open_store  # looked up when called: the server's store as configured now
    from .hub_page import check_class_table

    check_class_table()
    try:
        store = store if store is not None else open_store()
        code, key = store.create_table(config)
        return Table.connect(store, code, teacher=key), key
    except OSError as exc:
        log_traceback(exc, "opening the table store")
        raise TableError(something_went_wrong()) from None

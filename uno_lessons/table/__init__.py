"""Who plays where, and the shared store: class tables that many browsers play at once.

No widgets here (the dashboard draws a :class:`Table`). The layers: ``kinds`` (seat kinds
and page roles), ``config`` (a table before any move, its secrets), ``records`` (moves and
table actions as JSON), ``state`` (the referee that replays them), ``bots`` (the bots' turns
as records), ``views`` (what each page may see), ``handles`` (a seat, a spectator, the teacher), ``store`` with its backends
``sqlite``, ``redis`` and ``memory``, and ``table`` (the controller a page holds).
"""

from .config import TableClosed, TableConfig, TableError
from .faults import StoreError
from .handles import SeatHandle, Spectator, TableHandle, TeacherHandle
from .kinds import Role, SeatKind
from .records import SPEEDS
from .state import TableState
from .store import Store, open_store
from .table import Table
from .views import TableView

__all__ = [
    "open_store", "TableError", "StoreError", "TableClosed", "Store", "Table", "TableConfig", "TableState", "TableView",
    "TableHandle", "SeatHandle", "Spectator", "TeacherHandle", "SeatKind", "Role", "SPEEDS",
]

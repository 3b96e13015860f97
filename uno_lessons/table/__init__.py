"""Who plays where, and the shared store: class tables that many browsers play at once.

No widgets here (the dashboard draws a :class:`Table`). The layers: ``kinds`` (seat kinds
and page roles), ``config`` (a table before any move, its secrets), ``records`` (moves and
table actions as JSON), ``state`` (the referee that replays them), ``bots`` (the bots' turns
as records), ``views`` (what each page may see), ``handles`` (a seat, a spectator, the teacher), ``store``
(who may keep what) composed with a ``backend`` (where the text is kept: ``sqlite``,
``redis`` or ``memory``), ``classroom`` (a class: one code, several tables, the server
seating each learner) and ``table`` (the controller a page holds).
"""

from .backend import Backend
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
    "open_store", "TableError", "StoreError", "TableClosed", "Store", "Backend", "Table", "TableConfig", "TableState", "TableView",
    "TableHandle", "SeatHandle", "Spectator", "TeacherHandle", "SeatKind", "Role", "SPEEDS",
]

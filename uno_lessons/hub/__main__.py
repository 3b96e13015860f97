"""``python -m uno_lessons.hub``: the hub service (:mod:`.service`)."""

import sys

from .service import main

sys.exit(main())

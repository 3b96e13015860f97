"""``python -m uno_lessons.tools.translate``: see :mod:`uno_lessons.tools.translate`."""

import sys

from .cli import main

sys.exit(main())

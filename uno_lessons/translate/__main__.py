"""``python -m uno_lessons.translate``: see :mod:`uno_lessons.translate`."""

import sys

from .cli import main

sys.exit(main())

"""``python -m uno_lessons`` is the ``uno-lessons`` command."""

import sys

from .cli import main

sys.exit(main())

"""``python -m kingscorner_widget``: the ``kingscorner`` command line."""

import sys

from .cli import main

sys.exit(main())

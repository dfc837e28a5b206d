"""``python -m solvers.comrade``: see :mod:`solvers.comrade.cli`."""

import sys

from .cli import main

sys.exit(main())

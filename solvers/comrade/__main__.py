"""``python -m solvers.comrade``: see :mod:`solvers.comrade.cli`."""

import sys

from .cli import run

if __name__ == "__main__":  # not when a spawned worker process imports this module as __mp_main__
    sys.exit(run())

"""Old public names that still import, each with a :class:`DeprecationWarning` naming its new home.

Every game package follows one template (``docs/adding_a_game.md``): ``engine.py`` holds
``<Game>Game``, ``view.py`` ``<Game>View``, ``options.py`` ``<Game>Options``, ``display.py`` the HTML,
``errors.py`` the exceptions.  Names from before the template (``ComradeRules``, ``PlayerView``,
``KrypkilleRound``, ``cardgames.comrade.game`` ...) keep working for saved notebooks and pickles:
a package or an old module sets its ``__getattr__`` with :func:`moved`, which returns the new
object itself and warns.

    >>> import warnings
    >>> __getattr__ = moved("old.place", {"Old": "cardgames.errors:GameError"})
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     new = __getattr__("Old")
    >>> new.__name__, str(caught[0].message)
    ('GameError', 'old.place.Old is deprecated: use cardgames.errors.GameError')
"""

from __future__ import annotations

import importlib
import warnings
from typing import Any, Callable

__all__ = ["OldNameWarning", "moved", "warn_old_name"]


class OldNameWarning(DeprecationWarning):
    """A name from before the game template was used (the repository's own code never does:
    ``pyproject.toml`` makes this warning an error under pytest, and ``tests/test_game_template.py``
    searches the code and the notebooks for the old names)."""


def warn_old_name(old: str, new: str, stacklevel: int = 3) -> None:
    """Warn that ``old`` is deprecated and ``new`` replaces it (an :class:`OldNameWarning`)."""
    warnings.warn(f"{old} is deprecated: use {new}", OldNameWarning, stacklevel=stacklevel)


def moved(module_name: str, aliases: dict[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``module_name``: each old name in ``aliases`` maps to
    ``"new.module:NewName"``; looking it up imports the new module, warns, and returns the object."""

    def __getattr__(name: str) -> Any:
        try:
            target = aliases[name]
        except KeyError:
            raise AttributeError(f"module {module_name!r} has no attribute {name!r}") from None
        module, _, attribute = target.partition(":")
        new = getattr(importlib.import_module(module), attribute)
        warn_old_name(f"{module_name}.{name}", f"{module}.{attribute}")
        return new

    __getattr__.aliases = dict(aliases)  # type: ignore[attr-defined]  # read by the tests
    return __getattr__

"""The class server's one exception, in the package's family (a ``ValueError`` via ``GameError``)."""

from __future__ import annotations

from cardgames.errors import GameError

__all__ = ["ClassServerError"]


class ClassServerError(GameError):
    """A request the class server refuses, or a class file it cannot read: one plain sentence."""

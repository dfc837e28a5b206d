"""The class server: card tables on the classroom's network, one device per seat.

The teacher starts it (``make class``, or ``python -m classroom.server``); students open the printed
address on a phone, tablet or laptop, type the join code and their name, and take a seat.  Each seat's
page shows only that seat's view; the computer plays the seats no student takes.  Every action is
written to one SQLite file as it happens, so a stopped server resumes where it was, and
:func:`load_class_games` gives the class's finished games back to a notebook as engine states.

The rooms: :mod:`~classroom.server.store` (the SQLite file), :mod:`~classroom.server.room` (the live
tables), :mod:`~classroom.server.pages` (the HTML), :mod:`~classroom.server.app` (the web application),
:mod:`~classroom.server.games` (the loader for notebooks) and :mod:`~classroom.server.cli` (the command).
"""

from pathlib import Path

from .games import ClassGame, export_class_file, load_class_games
from .errors import ClassServerError

__all__ = ["ClassGame", "ClassServerError", "ClassStore", "EXAMPLE_CLASS", "export_class_file", "load_class_games",
           "create_app"]

#: An example class's file (lesson 23): four short Comrade deals played by two students and the computer at
#: each table, and by the computer alone at four more (made by ``tools/example_class.py``).
EXAMPLE_CLASS = Path(__file__).with_name("example_class.json")


def __getattr__(name: str):
    """``ClassStore`` on first use: it needs SQLite, which the browser edition of the course lacks."""
    if name == "ClassStore":
        from .store import ClassStore
        return ClassStore
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def create_app(*args, **kwargs):
    """The web application (imported lazily: the loader needs no web framework)."""
    from .app import create_app as make
    return make(*args, **kwargs)

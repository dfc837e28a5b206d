"""Pictures that degrade to one plain line where matplotlib cannot be loaded.

The lessons draw a few pictures with matplotlib (and numpy).  In the JupyterLite edition of the course
(Python in the browser) those two packages are fetched from the internet the first time a picture is
drawn; with no network they are missing, and a bare ``ModuleNotFoundError`` would stop the lesson.  So
every picture cell wraps its drawing in :func:`picture`: where the packages are there, the picture is
drawn as usual; where they are not, the cell prints one line saying why the picture is missing, and
the rest of the lesson runs on.

>>> with picture("the game tree"):
...     raise ModuleNotFoundError("No module named 'matplotlib'", name="matplotlib")
(The picture of the game tree needs the drawing library matplotlib, which could not be loaded here -- the browser edition loads it from the internet. The rest of the lesson works without it.)

Any other error is not hidden:

>>> with picture():
...     raise ModuleNotFoundError("No module named 'no_such_thing'", name="no_such_thing")
Traceback (most recent call last):
...
ModuleNotFoundError: No module named 'no_such_thing'
"""  # noqa: E501 (doctest output line)

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

#: The packages a picture may need that the browser edition cannot load without a network.
PICTURE_PACKAGES = frozenset({"matplotlib", "numpy", "PIL", "kiwisolver", "contourpy", "pyparsing", "cycler",
                              "fonttools", "dateutil"})


def missing_picture_line(what: str = "") -> str:
    """The one line printed in place of a picture that cannot be drawn here."""
    subject = f"The picture of {what}" if what else "This picture"
    return (f"({subject} needs the drawing library matplotlib, which could not be loaded here -- "
            "the browser edition loads it from the internet. The rest of the lesson works without it.)")


@contextmanager
def picture(what: str = "") -> Iterator[None]:
    """Run a cell's drawing code; if matplotlib or numpy is missing, print one line instead of a traceback.

    ``what`` names the picture for that line ("the game tree").  Only a missing drawing package is caught;
    every other error propagates as usual.
    """
    try:
        yield
    except ModuleNotFoundError as exc:
        root = (exc.name or "").split(".")[0]
        if root not in PICTURE_PACKAGES:
            raise
        print(missing_picture_line(what))

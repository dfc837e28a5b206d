"""Helpers every notebook widget uses.

Two conventions keep the widgets testable, by the unit tests and by the browser
tests in ``tests/browser``:

1. **Callbacks run inside an Output widget** (:func:`guarded`): an exception in a
   callback then shows as a traceback right under the widget instead of
   vanishing into JupyterLab's log, so a person sees it and the browser tests fail.
2. **One demo interaction per notebook**: the main widget of each notebook marks
   the control a person would try first with the CSS class ``cg-demo-action``
   (a button to click, or a dropdown to change) and the part of the view that
   should change with ``cg-demo-result``.  :func:`mark_demo` sets both.
"""

from __future__ import annotations

import functools
from typing import Callable

import ipywidgets as W

__all__ = ["guarded", "mark_demo", "DEMO_ACTION_CLASS", "DEMO_RESULT_CLASS"]

DEMO_ACTION_CLASS = "cg-demo-action"
DEMO_RESULT_CLASS = "cg-demo-result"


def guarded(output: W.Output) -> Callable[[Callable], Callable]:
    """Decorator: run a widget callback inside ``output`` so errors are displayed there.

    >>> out = W.Output()
    >>> @guarded(out)
    ... def on_click(button):
    ...     pass
    """

    def decorate(fn: Callable) -> Callable:
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with output:
                return fn(*args, **kwargs)

        return wrapper

    return decorate


def mark_demo(action: W.DOMWidget, result: W.DOMWidget) -> None:
    """Tag the control to try first and the view it changes (see the module docstring)."""
    action.add_class(DEMO_ACTION_CLASS)
    result.add_class(DEMO_RESULT_CLASS)

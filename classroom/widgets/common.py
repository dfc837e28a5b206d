"""Helpers every notebook widget uses.

Two conventions keep the widgets testable, by the unit tests and by the browser
tests in ``tests/browser``:

1. **Callbacks run inside an Output widget** (:func:`guarded`): an exception in a
   callback then shows as a traceback right under the widget instead of
   vanishing into JupyterLab's log, so a person sees it and the browser tests fail.
2. **Demo interactions**: a notebook's main widgets (at least one per notebook
   that shows widgets) mark the control a person would try first with the CSS
   class ``cg-demo-action`` (a button to click, or a dropdown to change) and the
   part of the view that should change with ``cg-demo-result``.  :func:`mark_demo`
   sets both; the play table (:mod:`classroom.table`) marks its own.  The browser
   tests use every marked control in turn, and fail a notebook that shows widgets
   and marks none.
"""

from __future__ import annotations

import functools
from typing import Callable, Sequence

import ipywidgets as W

__all__ = ["guarded", "mark_demo", "InputsView", "Stepper", "DEMO_ACTION_CLASS", "DEMO_RESULT_CLASS"]

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


class InputsView(W.VBox):
    """A row of ``inputs`` above an HTML ``view``: every change of an input redraws the view with the
    subclass's ``show()``, run inside the output area ``out`` below (:func:`guarded`).

    >>> class Doubler(InputsView):
    ...     def __init__(self):
    ...         self.n = W.IntText(value=2)
    ...         super().__init__([self.n])
    ...     def show(self):
    ...         self.view.value = str(2 * self.n.value)
    >>> d = Doubler(); d.n.value = 5; d.view.value
    '10'
    """

    def __init__(self, inputs: Sequence[W.DOMWidget]):
        self.out = W.Output()
        self.view = W.HTML()
        for w in inputs:
            w.observe(guarded(self.out)(lambda _: self.show()), names="value")
        super().__init__([W.HBox(list(inputs)), self.view, self.out])
        self.show()

    def show(self) -> None:
        raise NotImplementedError


class Stepper(W.VBox):
    """"◀ back" and a "next" button over the steps ``0 .. last`` above ``view``; the subclass's
    ``show(step)`` draws one step.  After the last step "next" starts again from the beginning, so a
    click always changes the view.

    >>> class Counter(Stepper):
    ...     def __init__(self):
    ...         super().__init__("next ▶", "90px", last=2, view=W.HTML())
    ...     def show(self, step):
    ...         self.step = step
    >>> c = Counter(); c.next.click(); c.next.click(); c.next.click(); c.step
    0
    """

    def __init__(self, next_text: str, next_width: str, last: int, view: W.DOMWidget):
        self.step = 0
        self.out = W.Output()
        self.back = W.Button(description="◀ back", layout=W.Layout(width="90px"))
        self.next = W.Button(description=next_text, button_style="primary", layout=W.Layout(width=next_width))
        self.label = W.Label()
        self.back.on_click(guarded(self.out)(lambda _: self.show(self.step - 1)))
        self.next.on_click(guarded(self.out)(lambda _: self.show((self.step + 1) % (last + 1))))
        super().__init__([W.HBox([self.back, self.next, self.label]), view, self.out])
        self.show(0)

    def show(self, step: int) -> None:
        raise NotImplementedError

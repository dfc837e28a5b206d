"""ipywidgets views of the game engines and the solvers, for the notebooks.

A thin layer: each view draws with the same HTML functions the engines expose
for static display, so a notebook can show a widget and, beside it, a static
rendering of the same content that still reads on GitHub.  Nothing in the
engines imports this package.
"""

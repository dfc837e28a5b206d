"""ipywidgets views of the solvers, for the notebooks (built like :mod:`cardgames.widgets`)."""

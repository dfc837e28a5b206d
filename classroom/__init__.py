"""The classroom layer: what a lesson shows and how a class plays, above the engines and the solvers.

The arrows run one way: :mod:`cardgames` (the rules engines) ← :mod:`solvers` ← :mod:`classroom` ← the
notebooks.  Nothing in :mod:`cardgames` or :mod:`solvers` imports this package.

* :mod:`classroom.widgets` — ipywidgets views of the engines and the solvers, for the notebooks;
* :mod:`classroom.table` — :class:`~classroom.table.PlayTable`, the one play table for every game, with
  one small adapter per game in :mod:`classroom.tables`;
* :mod:`classroom.coach` — the play table's coach (off by default);
* :mod:`classroom.grader` — the exercise checks of the student and teacher notebooks;
* :mod:`classroom.printables` — the paper material (``make printables``).
"""

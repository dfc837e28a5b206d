"""Studies: the measured experiments behind ``benchmarks/`` and the figures of ``docs/benchmarks.md``.

Nothing in the engines, the solvers or the classroom imports this package; the benchmarks, the
tests, the tools that check stored results and lesson 22 (which reads a stored study) do.

* :mod:`~solvers.studies.comrade_tables` — the price of silence: tables of silent Comrade players
  against perfect cooperation on the same seeded deals; study files with their provenance (code
  hashes, command, machine), and the statistics every benchmark reports (Wilson intervals).
* :mod:`~solvers.studies.hard_deals` — seeded families of Comrade deals that are hard to prove lost,
  for the solver's benchmark and tests.
"""

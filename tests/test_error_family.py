"""One family of exceptions (``cardgames/errors.py``): engines and solvers alike.

Bad input is a :class:`~cardgames.errors.GameError` (a ``ValueError``); the solvers' failures that are not bad
input (a time budget run out, a certificate the engine refuses) are :class:`~cardgames.errors.CardgamesError`
too, but neither ``ValueError`` (``except ValueError`` must not swallow a solver bug) nor ``AssertionError``
(``python -O`` strips asserts, and a check that is an ``AssertionError`` reads as one that may vanish)."""

from __future__ import annotations

import importlib
import inspect
import pickle
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import cardgames
import solvers
from cardgames.errors import CardgamesError, GameError, MustFollowSuitError
from solvers.comrade.certificate import CertificateError
from solvers.comrade.position import PositionError
from solvers.comrade_players.sampling import SampleError
from solvers.comrade.search import SearchTimeout

ROOT = Path(__file__).resolve().parents[1]


def test_the_solvers_errors_join_the_family():
    assert issubclass(SampleError, GameError) and issubclass(SampleError, ValueError)
    for error in (CertificateError, PositionError, SearchTimeout):
        assert issubclass(error, CardgamesError), error
        assert not issubclass(error, ValueError), error           # a solver bug or a timeout is not bad input
        assert not issubclass(error, AssertionError), error
    assert issubclass(PositionError, CertificateError)
    assert issubclass(GameError, CardgamesError) and issubclass(GameError, ValueError)


def test_a_sample_error_survives_a_worker_process():
    error = pickle.loads(pickle.dumps(SampleError("no deal fits the hand sizes")))
    assert type(error) is SampleError and str(error) == "no deal fits the hand sizes"


def test_a_wrong_certificate_is_refused_under_python_O_too():
    """The certificate check is an ``if`` that raises, not an ``assert``: ``python -O`` keeps it."""
    code = (
        "from cardgames.comrade import Deal\n"
        "from solvers.comrade import Certificate, CertificateError\n"
        "assert False, 'asserts are stripped'\n"
        "deal = Deal.from_pbn('N:A.K.. K.A.. Q.Q.. J.J..')\n"
        "bad = Certificate(deal, 0, ((2, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)),\n"
        "                  ('S2',), (('SA', 'SK', 'SQ', 'SJ'), ('HK', 'HA', 'HQ', 'HJ')))\n"
        "try:\n"
        "    bad.replay()\n"
        "except CertificateError as e:\n"
        "    print('refused:', e)\n"
    )
    out = subprocess.run([sys.executable, "-O", "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("refused: the certificate does not win")


def test_one_must_follow_suit_error():
    from cardgames.comrade import MustFollowSuitError as comrade_error
    from cardgames.tiny_trick import MustFollowSuitError as tiny_error

    assert comrade_error is tiny_error is MustFollowSuitError


def _exception_classes():
    """Every exception class defined in the engines and the solvers, by the module that defines it."""
    found = {}
    for package in (cardgames, solvers):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if info.name.endswith("__main__"):
                continue
            module = importlib.import_module(info.name)
            for _, obj in inspect.getmembers(module, inspect.isclass):
                if issubclass(obj, BaseException) and obj.__module__ == info.name:
                    found[(obj.__module__, obj.__name__)] = obj
    return found


def test_no_exception_is_defined_twice_under_one_name():
    classes = _exception_classes()
    names = [name for _, name in classes]
    twice = sorted({n for n in names if names.count(n) > 1})
    assert not twice, f"defined in more than one module: {twice}"


@pytest.mark.parametrize("name", ["SampleError", "PositionError", "SearchTimeout", "CertificateError",
                                  "MustFollowSuitError"])
def test_each_named_error_is_of_the_family(name):
    (error,) = [cls for (_, n), cls in _exception_classes().items() if n == name]
    assert issubclass(error, CardgamesError)

"""The package ships ``py.typed``, so its annotations must mean something: mypy checks them.

* In all three packages every name an annotation uses resolves (no ``name-defined`` error): a
  display module names the engine's types under ``if TYPE_CHECKING`` (tests/test_layout.py).
* The shared API every game and tool builds on -- cards, errors, the state interface, players, the
  registry and the example game -- type-checks with no error at all.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PUBLIC_API = ["cardgames/cards.py", "cardgames/errors.py", "cardgames/game.py", "cardgames/players.py",
              "cardgames/registry.py", "cardgames/tiny_trick"]

pytest.importorskip("mypy")


def mypy(*paths: str) -> list[str]:
    out = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary", "--show-error-codes", *paths],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert out.returncode in (0, 1), out.stderr[-2000:]
    return [line for line in out.stdout.splitlines() if ": error:" in line]


@pytest.fixture(scope="module")
def all_errors() -> list[str]:
    return mypy("cardgames", "solvers", "classroom")


def test_every_annotation_names_something_that_exists(all_errors):
    undefined = [e for e in all_errors if "[name-defined]" in e]
    assert not undefined, "\n".join(undefined)


def test_the_shared_api_type_checks_clean(all_errors):
    ours = [e for e in all_errors if any(e.startswith(p) for p in PUBLIC_API)]
    assert not ours, "\n".join(ours)


def test_the_check_can_fail(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def f(x: NoSuchType) -> int:\n    return 'one'\n")
    errors = mypy(str(bad))
    assert any("[name-defined]" in e for e in errors) and any("[return-value]" in e for e in errors)

"""The README's examples are run, so what a newcomer copies works."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples_run():
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 8, "the README's examples were not found"
    assert result.failed == 0


def test_the_readme_is_a_short_reference_not_a_diary():
    """At most 200 lines, no dates, no issue numbers: the history lives in git and in docs/research/."""
    import re

    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 200
    assert not re.findall(r"\b20\d\d-\d\d-\d\d\b", text), "a date in the README"
    assert not re.findall(r"\bissues?\s*#?\d+|\(#\d+\)|\bthe [\w-]+ issue\b", text, re.I), "an issue in the README"


def test_the_readme_test_command_is_what_ci_runs():
    """The README's test command is ``make test``, and CI (``.ci/run``) runs exactly that."""
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line.strip() for line in ci.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    assert commands[-1] == "make test"
    assert "make test    #" in README.read_text(encoding="utf-8")


def test_the_readme_links_resolve():
    import re

    text = README.read_text(encoding="utf-8")
    missing = [t for t in re.findall(r"\]\(([^)#:]+)\)", text)
               if not (README.parent / t).exists() and t != "docs/publishing.md"]   # publishing.md: the site's page
    assert not missing, missing

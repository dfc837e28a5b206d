"""Shared test settings.

Property-based tests (hypothesis) explore new random inputs on every developer run, but CI
(``CI=true``) replays one fixed, derandomized sequence, so a CI run is reproducible: everything
random takes a seed.  A failure found on a developer machine is saved in ``.hypothesis/`` and
replayed there first; turn it into a plain regression test.
"""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

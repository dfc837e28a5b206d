"""A whole game of each kind played BY CLICKING in a real JupyterLab, as one seat.

For each game a one-cell notebook showing a :class:`~classroom.table.PlayTable` is
written into the server's ``selftest/`` folder and run, and :func:`lab_driver.play_by_clicking`
plays it to the end: a twin table in this process is fed the same clicks (the bots are seeded,
so both tables play the same game), and after every click the rendered page is checked against
the twin's engine state (:mod:`hidden_cards`): no card hidden from the person's seat is drawn
face up or named in the page's text, and the cards drawn are exactly the twin's.  At the end the
review must show every hand of the deal.  (The JupyterLite suite, ``tests/site/``, plays a game
with the same driver.)
"""

from __future__ import annotations

import time

import nbformat
import pytest

from lab_driver import LAB_LOAD_TIMEOUT, RUN_TIMEOUT, _run_all, _wait_idle, open_notebook, play_by_clicking

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: (game, seat, table arguments): small deals and one round, to keep the suite short.
GAMES = {
    "krypkille": (0, dict(num_players=3, seed=2)),        # discard, lead, forced follows, declare
    "comrade": (2, dict(seed=21, hand_size=3)),           # bidding, then three tricks (a win)
    "heart_challenge": (0, dict(num_players=3, seed=1, rounds=1)),  # marker, places, a challenge with flips
}


def _cell(game: str, seat: int, kw: dict) -> str:
    args = ", ".join(f"{k}={v!r}" for k, v in kw.items())
    return (f"from classroom.table import PlayTable\n"
            f"PlayTable({game!r}, seat={seat}, delay=0, {args})")


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_by_clicking_never_shows_a_hidden_card(game, lab_page, lab_server, screenshot_dir):
    from classroom.table import PlayTable

    seat, kw = GAMES[game]
    twin = PlayTable(game, seat=seat, delay=0, **kw)
    path = lab_server.root / "selftest" / f"play_{game}.ipynb"
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(_cell(game, seat, kw))]
    nbformat.write(nb, path)
    page = lab_page
    started = time.monotonic()
    open_notebook(page, lab_server, f"selftest/{path.name}", f"play-{game}")
    _wait_idle(page, LAB_LOAD_TIMEOUT, want_all_run=False)
    _run_all(page)
    _wait_idle(page, RUN_TIMEOUT, want_all_run=True)

    played = play_by_clicking(page, twin, seat)
    page.locator(".cg-play-table").first.screenshot(path=str(screenshot_dir / f"play_table_{game}.png"))
    print(f"{game}: {played.clicks} clicks, {time.monotonic() - started:.1f}s")

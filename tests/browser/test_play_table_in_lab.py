"""A whole game of each kind played BY CLICKING in a real JupyterLab, as one seat.

For each game a one-cell notebook showing a :class:`~classroom.table.PlayTable` is
written into the server's ``selftest/`` folder and run.  The test keeps a twin table in this
process, fed the same clicks (the bots are seeded, so both tables play the same game), and
after every click checks the rendered page against the twin's engine state
(:mod:`hidden_cards`): no card hidden from the person's seat is drawn face up or named in
the page's text, and the cards drawn are exactly the twin's.  At the end the review must
show every hand of the deal.
"""

from __future__ import annotations

import time
from collections import Counter

import nbformat
import pytest

from hidden_cards import CARD_RE, ever_visible, leaks
from lab_driver import LAB_LOAD_TIMEOUT, RUN_TIMEOUT, _run_all, _wait_idle, open_notebook

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: (game, seat, table arguments): small deals and one round, to keep the suite short.
GAMES = {
    "krypkille": (0, dict(num_players=3, seed=2)),        # discard, lead, forced follows, declare
    "comrade": (2, dict(seed=21, hand_size=3)),           # bidding, then three tricks (a win)
    "heart_challenge": (0, dict(num_players=3, seed=1, rounds=1)),  # marker, places, a challenge with flips
}

_JS_TABLE = """() => {
  const t = document.querySelector('.cg-play-table');
  if (!t) return null;
  const panel = window.jupyterapp.shell.currentWidget;
  const q = (sel) => Array.from(t.querySelectorAll(sel)).map(b => b.innerText.trim());
  return {html: t.innerHTML, page: panel.node.innerText, acts: q('.cg-act'), picks: q('.cg-pick'),
          confirm: q('.cg-confirm'),
          review: (t.querySelector('.cg-review') || {innerHTML: ''}).innerHTML};
}"""


def _cell(game: str, seat: int, kw: dict) -> str:
    args = ", ".join(f"{k}={v!r}" for k, v in kw.items())
    return (f"from classroom.table import PlayTable\n"
            f"PlayTable({game!r}, seat={seat}, delay=0, {args})")


def _table_state(page, timeout: float = 20) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = page.evaluate(_JS_TABLE)
        if got and (got["acts"] or got["confirm"] or got["review"]):
            return got
        page.wait_for_timeout(200)
    raise AssertionError(f"the play table shows no action and no review: {got and got['page'][-500:]}")


def _click(page, selector: str, label: str) -> None:
    page.locator(f".cg-play-table {selector}", has_text=label).first.click(timeout=10_000)
    _wait_idle(page, 30, want_all_run=False)


def _synced(page, twin, before_html: str, timeout: float = 15) -> dict:
    """Wait until the page shows the twin's table (the kernel may still be sending updates)."""
    want = Counter(CARD_RE.findall(twin.view_html.value))
    deadline = time.monotonic() + timeout
    got = page.evaluate(_JS_TABLE)
    while time.monotonic() < deadline:
        got = page.evaluate(_JS_TABLE)
        if Counter(CARD_RE.findall(got["html"])) >= want and got["html"] != before_html:
            return got
        page.wait_for_timeout(150)
    return got


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

    def check(dom: dict, what: str) -> None:
        seen = ever_visible(twin.tg.new_state(), twin.actions, seat)
        problems = leaks(twin.state, seat, dom["html"], text=dom["page"], seen=seen)
        assert not problems, f"after {what}: {problems}"
        drawn, want = Counter(CARD_RE.findall(dom["html"])), Counter(CARD_RE.findall(twin.view_html.value))
        assert drawn == want, f"after {what}: the page and its twin differ ({drawn} vs {want})"

    dom = _table_state(page)
    check(dom, "the first draw")
    clicks = 0
    while not twin.state.is_terminal():
        assert clicks < 60, "the game did not end"
        before = dom["html"]
        if dom["confirm"]:                      # a Krypkille discard: one card, then the button
            label = dom["picks"][0]
            _click(page, ".cg-pick", label)
            twin.press(label)
            dom = page.evaluate(_JS_TABLE)
            check(dom, f"choosing {label}")
            _click(page, ".cg-confirm", dom["confirm"][0])
            twin.press(dom["confirm"][0])
            what = f"discarding {label}"
        else:
            label = dom["acts"][0]
            _click(page, ".cg-act", label)
            twin.press(label)
            what = f"clicking {label!r}"
        clicks += 1
        dom = _synced(page, twin, before)
        if not twin.state.is_terminal():
            check(dom, what)
            dom = _table_state(page)
    dom = _table_state(page)
    assert "The game is over" in dom["page"] and "Review: every hand revealed" in dom["page"]
    deal = twin.tg.new_state()
    for s in range(twin.num_players):
        for card in deal.hands[s]:
            ident = card.name if game == "krypkille" else card.code
            assert f'data-card="{ident}"' in dom["review"], f"the review does not show seat {s}'s {ident}"
    page.locator(".cg-play-table").first.screenshot(path=str(screenshot_dir / f"play_table_{game}.png"))
    print(f"{game}: {clicks} clicks, {time.monotonic() - started:.1f}s")

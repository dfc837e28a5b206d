"""The Krypkille discard clicked through in a real JupyterLab: after choosing cards the button names
them (it kept saying "none chosen: keep all"), and a chosen card is drawn in a strong colour with a
tick, not the faint grey of a pressed toggle.  The fast twin: ``tests/test_krypkille_discard_button.py``."""

from __future__ import annotations

import pytest

from lab_driver import _wait_idle
from test_table_defects_in_lab import _open_table

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _rgb(css: str) -> tuple[int, ...]:
    return tuple(int(x) for x in css[css.index("(") + 1:css.index(")")].split(",")[:3])


def test_the_discard_button_follows_the_chosen_cards_in_lab(lab_page, lab_server, screenshot_dir):
    page = lab_page
    _open_table(page, lab_server, "krypkille_discard",
                '"krypkille", num_players=4, seed=5, seat=0, delay=0')

    confirm = page.locator(".jp-OutputArea .cg-confirm").first
    confirm.wait_for(timeout=30_000)
    assert "none chosen" in confirm.inner_text()
    pig = page.locator(".jp-OutputArea .cg-pick", has_text="Pig").first
    plain = page.locator(".jp-OutputArea .cg-pick", has_text="6").first
    grey = _rgb(plain.evaluate("e => getComputedStyle(e).backgroundColor"))
    for label in ("Flowerpot", "Pig"):
        page.locator(".jp-OutputArea .cg-pick", has_text=label).first.click(timeout=15_000)
        _wait_idle(page, 30, want_all_run=False)
    page.wait_for_function(
        "() => { const b = document.querySelector('.jp-OutputArea .cg-confirm');"
        " return b && b.innerText.includes('Flowerpot, Pig'); }", timeout=20_000)
    assert "none chosen" not in confirm.inner_text()
    # the chosen card: a strong colour (far from the unchosen grey) and a tick
    chosen = _rgb(pig.evaluate("e => getComputedStyle(e).backgroundColor"))
    assert sum(abs(a - b) for a, b in zip(chosen, grey)) > 120, (chosen, grey)
    assert pig.locator("i.fa-check, .fa-check").count() == 1
    assert plain.locator(".fa-check").count() == 0
    page.locator(".jp-OutputArea .cg-pick", has_text="Flowerpot").first.click(timeout=15_000)
    _wait_idle(page, 30, want_all_run=False)
    page.wait_for_function(
        "() => document.querySelector('.jp-OutputArea .cg-confirm').innerText.trim()"
        " === 'discard the chosen cards: Pig'", timeout=20_000)
    page.locator(".cg-play-table").first.screenshot(path=str(screenshot_dir / "krypkille_discard.png"))
    confirm.click(timeout=15_000)
    _wait_idle(page, 30, want_all_run=False)
    page.wait_for_function(
        "() => document.querySelector('.jp-OutputArea').innerText.includes('lead any card')", timeout=30_000)

"""The class server in real browsers: one Chromium context per student, clicking as students do.

Each page is checked after every click: it may show no card that its seat may not see now (the
engine's own ``hidden_cards``), and the game ends with every student's page showing the result.
The server runs in this process on 127.0.0.1 (classroom.server.local)."""

from __future__ import annotations

import re
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

from classroom.server import ClassStore  # noqa: E402
from hidden_cards import ever_visible, leaks  # noqa: E402
from classroom.server.local import local_server  # noqa: E402

pytestmark = pytest.mark.browser


def _seat_pages(browser, url, store, seats):
    pages = []
    for seat in seats:
        context = browser.new_context()
        page = context.new_page()
        page.on("dialog", lambda d: d.accept())          # "are you sure?" of an action that loses at once
        page.goto(url + "/")
        page.fill("input[name=code]", store.join_code.lower())
        page.fill("input[name=name]", f"Student {seat}")
        page.click("form[action='/join'] button")
        page.click(f"form:has(input[name=seat][value='{seat}']) button.take-seat")
        page.wait_for_selector("#status")
        pages.append((seat, page))
    return pages


def _check_hidden(table, pages):
    """Every page, once it has caught up with the table, shows nothing its seat may not see
    (hidden_cards.leaks: face-up cards by copy, and hidden cards' names in the text)."""
    for seat, page in pages:
        deadline = time.monotonic() + 10
        while True:
            html = page.inner_html("#live")
            drawn = re.search(r'id="status" data-version="(\d+)"', html)
            with table.lock:
                if drawn and int(drawn.group(1)) == table.version:
                    if not table.state.is_terminal():
                        seen = ever_visible(table.tg.new_state(), table.actions, seat)
                        assert not leaks(table.state, seat, html, seen=seen), (seat, leaks(table.state, seat, html))
                    break
            assert time.monotonic() < deadline, f"seat {seat}'s page did not catch up with the table"
            time.sleep(0.05)


def _play(table, pages, max_clicks=400):
    clicks = 0
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and clicks < max_clicks:
        with table.lock:
            if table.state.is_terminal():
                break
            actor, version = table.actor(), table.version
        page = dict(pages).get(actor)
        if page is None or table.kind(actor) != "student":
            time.sleep(0.05)
            continue
        # the page of the seat to act learns of its turn by itself (the live update), then the student clicks
        page.wait_for_function(f"document.querySelector('#status') && "
                               f"document.querySelector('#status').dataset.version == '{version}'", timeout=15000)
        buttons = page.locator("button.act")
        if buttons.count() == 0:
            time.sleep(0.05)
            continue
        buttons.first.click()
        page.wait_for_load_state()
        clicks += 1
        _check_hidden(table, pages)
    return clicks


def test_four_students_play_a_comrade_game_at_four_devices(browser, tmp_path):
    store = ClassStore(tmp_path / "class.db")
    with local_server(store) as (url, app):
        room = app.state.room
        table = room.open_table("comrade", {}, seed=21, kinds=["open"] * 4)
        pages = _seat_pages(browser, url, store, range(4))
        _check_hidden(table, pages)
        clicks = _play(table, pages)
        assert table.state.is_terminal(), f"the game did not end after {clicks} clicks"
        by = [r["by"] for r in store.actions(table.game_row["id"])]
        assert by.count("student") == clicks and set(by) <= {"student", "forced"}
        for seat, page in pages:
            page.wait_for_selector(".review", timeout=15000)
            assert "The game is over" in page.inner_text("#status")


@pytest.mark.parametrize("game, settings", [("krypkille", {"num_players": 3}),
                                            ("heart_challenge", {"num_players": 3, "rounds": 1})])
def test_two_students_and_the_computer_play(browser, tmp_path, game, settings):
    store = ClassStore(tmp_path / "class.db")
    with local_server(store) as (url, app):
        table = app.state.room.open_table(game, settings, seed=3, kinds=["open", "computer", "open"])
        pages = _seat_pages(browser, url, store, (0, 2))
        _play(table, pages)
        assert table.state.is_terminal()
        for seat, page in pages:
            page.wait_for_selector(".review", timeout=15000)


def test_the_discard_button_names_the_chosen_cards(browser, tmp_path):
    store = ClassStore(tmp_path / "class.db")
    with local_server(store) as (url, app):
        table = app.state.room.open_table("krypkille", {"num_players": 3}, seed=4,
                                          kinds=["open", "computer", "computer"])
        (seat, page), = _seat_pages(browser, url, store, (0,))
        page.wait_for_selector("form.pick-form")
        button = page.locator("form.pick-form button.act")
        assert "none chosen" in button.inner_text()
        page.locator("form.pick-form label.pick").first.click()
        first = page.locator("form.pick-form label.pick span").first.inner_text()
        assert "none chosen" not in button.inner_text() and first in button.inner_text()
        chosen = page.locator("form.pick-form label.pick span").first
        assert chosen.evaluate("e => getComputedStyle(e).fontWeight") in ("700", "bold")
        button.click()
        page.wait_for_load_state()
        assert len(table.state.discards[0]) == 1

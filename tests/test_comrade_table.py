"""The Comrade play table, ready for a class period.

* a 4- or 13-card deal is chosen on the table itself (toggle buttons), not in code;
* a lost game names its real cause: the first action after which no win was possible, checked here
  against the position solver called on every prefix of the game (not through the review's binary
  search), never only the trick on which the loss showed;
* nothing a student reads at the table is developer output (a bot's repr, a rules object's repr).

The same is clicked through in a real JupyterLab in ``tests/browser/test_comrade_table_in_lab.py``.
"""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as W  # noqa: E402

from cardgames.comrade import Deal  # noqa: E402
from classroom.table import PlayTable  # noqa: E402
from classroom.tables import first_choice_game, table_game  # noqa: E402

SETTING_CLASS = "cg-setting"     # written out: the test fails on its own where the class is missing


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def hand_size_choice(table) -> W.ToggleButtons:
    found = [w for w in PlayTable._walk(table) if SETTING_CLASS in getattr(w, "_dom_classes", ())]
    assert len(found) == 1, "the table offers no hand-size choice"
    return found[0]


def own_hand(table) -> int:
    return len(table.state.view(table.seat).hand)


# -- a. 4 or 13 cards, chosen on the table ------------------------------------------------------------
def test_the_table_offers_4_or_13_cards_and_deals_the_same_seed_at_the_chosen_size():
    t = PlayTable("comrade", seed=17, hand_size=4, seat=2, delay=0)
    choice = hand_size_choice(t)
    assert [v for _, v in choice.options] == [4, 13] and choice.value == 4 and own_hand(t) == 4
    choice.value = 13                                  # what a click on "13 (full deal)" does
    assert t.state.deal == Deal.random(17, hand_size=13) and own_hand(t) == 13
    assert t.state.deal.total == 13 and "13 cards each" in t.public_log[0]
    t.new_deal()                                       # "new deal" keeps the chosen size
    assert t.state.deal == Deal.random(18, hand_size=13)
    choice.value = 4
    assert t.state.deal == Deal.random(18, hand_size=4) and own_hand(t) == 4


def test_a_full_deal_table_can_go_down_to_a_mini_deal_and_a_fixed_deal_offers_no_choice():
    t = PlayTable("comrade", seed=3, seat=0, delay=0)
    choice = hand_size_choice(t)
    assert choice.value == 13
    choice.value = 4
    assert t.state.deal == Deal.random(3, hand_size=4)
    three = table_game("comrade", seed=3, players=3, hand_size=4)     # three players: the full deal is 12
    assert [v for _, v in three.settings()[0].options] == [4, 12]
    fixed = PlayTable("comrade", deal=Deal.random(4, hand_size=3), delay=0)
    assert not [w for w in PlayTable._walk(fixed) if SETTING_CLASS in getattr(w, "_dom_classes", ())]


# -- b. the loss message names the first action after which no win was possible --------------------------
def first_lost_prefix(game):
    """Brute force: solve every prefix of the game in turn; the first k with no win left."""
    from solvers.comrade.position import solve_position
    from solvers.comrade_players.review import replay_prefix
    for k in range(len(game.actions) + 1):
        if solve_position(replay_prefix(game, k), time_limit=None).verdict == "no_win":
            return k
    return None


@pytest.mark.parametrize("seed", [3, 16, 17, 22])
def test_a_lost_game_is_blamed_on_the_first_action_after_which_no_win_was_possible(seed):
    tg = table_game("comrade", seed=seed, hand_size=4)
    state, actions = first_choice_game(tg, seat=2)
    assert state.result == "loss"
    k = first_lost_prefix(state)
    said = tg.result_text(state)
    if k == 0:
        assert "could not be won at all" in said
        return
    seat = actions[k - 1][0]
    assert f"the deal was lost at action {k}, when seat {seat} " in said, said
    assert not said.startswith("loss: play lost"), "the message blames the last trick"


def test_the_teachers_deal_no_longer_blames_the_trick_that_only_showed_the_loss():
    """Seed 17, 4 cards, seat 2 taking the first button: the game ends when East wins a club trick, but
    North's ♠2 in trick 2 had already lost it; the table's status and log say so."""
    t = PlayTable("comrade", seed=17, hand_size=4, seat=2, delay=0).autoplay()
    status = text(t.status.value)
    assert "the deal was lost at action 14, when seat 0 (N) played ♠2 in trick 2" in status, status
    assert "after it no win was possible any more" in status
    assert "the deal was lost at action 14" in t.public_log[-1]
    review = text(t.review_html())
    assert "the deal was lost at action 14" in review


def test_a_bid_that_ends_the_game_is_named_with_its_rule():
    t = PlayTable("comrade", seed=16, hand_size=4, seat=2, delay=0)
    t.press("⚠ take ♠ bid 6")
    t.press("yes, take ♠ bid 6")
    said = t.tg.result_text(t.state)
    assert t.state.result == "loss"
    assert re.search(r"the deal was lost at action \d+, when seat 2 \(S\) took ♠ bid 6 in the bidding: "
                     r"a take made the bids add up to more than 4", said), said


# -- c. no developer output at the table --------------------------------------------------------------
REPRS = re.compile(r"\b(CardSearchPlayer|ConventionPlayer|HeuristicPlayer|ComradeOptions|ComradeGame|Deal|BidCard)\(|"
                   r"\brollouts?\b|\bseed=\d")


def everything_on_screen(table) -> str:
    parts = []
    for w in PlayTable._walk(table):
        for attr in ("value", "description", "tooltip"):
            v = getattr(w, attr, None)
            if isinstance(v, str):
                parts.append(v)
        if isinstance(w, W.ToggleButtons):
            parts.extend(label for label, _ in w.options)
    return "\n".join(parts)


@pytest.mark.parametrize("seat", [0, 2])
def test_nothing_on_the_table_is_developer_output(seat):
    t = PlayTable("comrade", seed=17, hand_size=4, seat=seat, delay=0)
    seen = everything_on_screen(t)
    t.autoplay()
    seen += everything_on_screen(t) + "\n".join(t.public_log)
    assert not REPRS.search(seen), REPRS.search(seen)

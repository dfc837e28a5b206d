"""The defects a teacher hit at the play tables and widgets .

Each test replays what the teacher did and checks what the screen then says against the
engine, or against a plain count over the deck.  The same defects are clicked through in a
real JupyterLab in ``tests/browser/test_table_defects_in_lab.py``.
"""

from __future__ import annotations

import copy
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

sys.path.insert(0, str(Path(__file__).parent / "browser"))
from hidden_cards import leaks  # noqa: E402

from cardgames.krypkille.deck import DECK  # noqa: E402
from cardgames.krypkille.engine import DECLARE  # noqa: E402
from cardgames.krypkille.rules import Outcome  # noqa: E402
from classroom.table import PlayTable  # noqa: E402
from classroom.tables import GenericTable  # noqa: E402

#: the CSS classes of classroom.table (written out, so that each test fails on its own where they are missing)
RISKY_CLASS, NEW_DEAL_CLASS = "cg-risky", "cg-new-deal"


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def krypkille_declare_views(seeds=range(12), players=(3, 4, 5)):
    """(state, view) at every declaration turn of whole rounds played by the default bots."""
    from classroom.tables import first_choice_game
    from classroom.tables.krypkille import KrypkilleTable
    for n in players:
        for seed in seeds:
            tg = KrypkilleTable(num_players=n, seed=seed)
            _, actions = first_choice_game(tg, seat=0)
            state = tg.new_state()
            for seat, action in actions:
                if state.phase == "declare":
                    yield state.clone(), state.view(seat)
                state.apply(action, player=seat)


# -- 1. the Krypkille declaration prompt says only what the seat can know ---------------------------
def test_the_teachers_krypkille_round_no_longer_claims_the_mask_is_the_unique_lowest():
    t = PlayTable("krypkille", num_players=4, seed=5, seat=0, coach=True, delay=0)
    t.press("Flowerpot")
    t.press("6")
    t.press(t.button_labels()[-1])
    t.press("Pig")
    t.press("Flowerpot")
    assert t.state.phase == "declare" and t.state.current_player() == 0
    assert [k.label for k in t.state.hands[1]] == ["Mask"]       # seat 1 holds the other Mask
    status = text(t.status.value)
    assert "unique lowest)" not in status and "succeeds for sure" not in status
    assert "1 is as low as yours or lower (Mask)" in status and "declaring fails" in status


def test_the_prompt_counts_the_unseen_low_cards_as_a_plain_count_over_the_deck_does():
    from classroom.tables.krypkille import declare_prompt
    checked = sure = 0
    for state, view in krypkille_declare_views():
        seat, mine = view.seat, view.hand[0]
        # brute force: the deck minus every card this seat has seen with its own eyes
        seen = Counter(view.hand) + Counter(view.discards)
        for trick in list(view.tricks) + [view.current_trick]:
            seen += Counter(k for _, k in trick)
        seen += Counter(k for s, k in view.shown.items() if s != seat)
        unseen = Counter(DECK) - seen
        low = sum(c for k, c in unseen.items() if k <= mine)
        prompt = declare_prompt(view)
        assert f"your final card is {mine.label}." in prompt
        if low == 0:
            assert "succeeds for sure" in prompt
            sure += 1
            trial = state.clone()                       # and it does succeed
            trial.apply(DECLARE, player=seat)
            assert trial.outcome is Outcome.SUCCESS, prompt
        else:
            assert f", {low} {'is' if low == 1 else 'are'} as low as yours or lower" in prompt, prompt
            assert "succeeds for sure" not in prompt
        # what the prompt never does: name a card of another hand
        assert not leaks(state, seat, text=prompt), prompt
        checked += 1
    assert checked > 30 and sure >= 0


# -- 7. the score-case dropdown names what is shown ----------------------------------------------
def test_typing_other_final_cards_switches_the_case_dropdown_off_success():
    from classroom.widgets.krypkille import OWN_CASE, SCORE_CASES, ScoreCaseView
    v = ScoreCaseView()
    assert v.case.value == "success" and "SUCCESS" in v.html.value
    v.cards.value = "Mask 3"
    assert "FAILURE" in v.html.value
    assert v.case.value == OWN_CASE                  # not "success" any more
    v.cards.value = SCORE_CASES["success"][0]        # typing an example's cards again names it
    assert v.case.value == "success" and "SUCCESS" in v.html.value
    v.declarer.value = 3
    assert v.case.value == "failure (declarer not lowest)"
    v.case.value = "void (無効)"                      # choosing a case still loads it
    assert v.cards.value == SCORE_CASES["void (無効)"][0] and "VOID" in v.html.value
    v.cards.value = "Mask nonsense"
    assert v.case.value == OWN_CASE and v.html.value == "" and "nonsense" in v.message.value


# -- 2. the hand scorer: one line, the old result gone -------------------------------------------
def test_the_hand_scorer_shows_one_line_for_a_bad_hand_and_no_old_table():
    from classroom.widgets.heart_challenge import HandScorer
    h = HandScorer()
    assert "<table" in h.view.value
    h.hand.value = "H3 H3"
    assert "<table" not in h.view.value and "H3 is written 2 times" in h.view.value
    assert h.out.outputs == ()                       # no traceback under the widget
    h.hand.value = "5"
    first = h.view.value
    assert "too short" in first and "<table" not in first
    h.hand.value = "HA HA"
    assert "HA is written 2 times" in h.view.value and "too short" not in h.view.value
    assert h.out.outputs == ()
    h.hand.value = "H1 H5 JK"                        # no rank 1 in any lesson: it says how to write the ace
    assert "<table" not in h.view.value and "written A (HA)" in h.view.value and h.out.outputs == ()
    h.hand.value = "HA H5 JK"                        # a good hand again
    assert "<table" in h.view.value and "written" not in h.view.value


# -- 9. hot seat: no hand face up before the first "pass the screen" -----------------------------
@pytest.mark.parametrize("game,kw,people", [("krypkille", dict(num_players=3, seed=2), [1, 2]),
                                            ("comrade", dict(seed=5, hand_size=3), [0, 1]),
                                            ("heart_challenge", dict(num_players=3, seed=2, rounds=1), [0, 1])])
def test_hot_seat_starts_behind_the_screen(game, kw, people):
    t = PlayTable(game, people=people, delay=0, **kw)
    assert t.curtain in people
    assert t.view_html.value == "" and 'class="cg-card"' not in t.view_html.value
    assert t.button_labels() == [f"I am seat {t.curtain}: show my cards"]
    outsider = next(s for s in range(t.num_players) if s not in people)   # sees none of the people's cards
    assert not leaks(t.state, outsider, "\n".join([t.status.value, t.view_html.value, t.log_html.value]))
    t.press(f"I am seat {t.curtain}: show my cards")
    assert t.curtain is None and 'class="cg-card"' in t.view_html.value


# -- 9b. hot seat: a seat whose moves were all played for it sees them before the screen passes on --
class OnlyMoveTable(GenericTable):
    """Tiny Trick with a person's only legal move played for them, as Krypkille's forced follows are:
    the table itself has no case for any game."""

    def forced(self, view, legal):
        return (legal[0], "it is your only legal card") if len(legal) == 1 else None


HOT_SEATS = [(lambda: PlayTable("krypkille", num_players=3, seed=2, people=[1, 2], delay=0), "krypkille"),
             (lambda: PlayTable("krypkille", num_players=3, seed=1, people=[0, 1], delay=None), "krypkille, next"),
             (lambda: PlayTable(OnlyMoveTable("tiny_trick", seed=1, num_players=3), people=[0, 2], delay=0),
              "tiny trick")]


@pytest.mark.parametrize("make", [m for m, _ in HOT_SEATS], ids=[i for _, i in HOT_SEATS])
def test_hot_seat_shows_a_seat_the_moves_played_for_it_before_the_screen_passes_on(make):
    t = make()
    handoffs = 0
    for _ in range(300):
        if t.state.is_terminal():
            break
        if t.curtain is None:
            t.demo_action().click()                 # the person's first choice, or "next computer move"
            continue
        seat, before = t.curtain, len(t.actions)
        t.press(f"I am seat {seat}: show my cards")
        # the seat that pressed "show my cards" sees its own view (its hand face up), whatever was played for it
        assert t.curtain is None and t.seat == seat, f"seat {seat} never saw its hand: {t.status.value}"
        assert t.view_html.value == t.tg.view_html(t.state.view(seat))
        assert 'class="cg-card"' in t.view_html.value or not t.state.view(seat).hand
        played = [a for s, a in t.actions[before:] if s == seat]
        nxt = t.state.current_player()
        if not played or t.state.is_terminal() or nxt == seat or not t.is_person(nxt):
            continue
        handoffs += 1
        said = text(t.message.value)
        assert f"your only legal move was played for you: {t.tg.say_own(played[-1])}," in said, said
        assert t.button_labels() == [f"pass the screen to seat {nxt}"] and f"seat {nxt}" in t.status.value
        state, done = t.state, list(t.actions)
        assert not t.choose(t.state.legal_actions()[0])     # the next seat's move, not this seat's: refused
        assert t.state is state and t.actions == done and t.curtain is None and "refused" in t.message.value
        assert t.button_labels() == [f"pass the screen to seat {nxt}"]
        t.press(f"pass the screen to seat {nxt}")
        # the covered screen: no hand, no word about the last seat's cards
        assert t.curtain == nxt and t.view_html.value == "" and t.message.value == ""
        assert t.button_labels() == [f"I am seat {nxt}: show my cards"]
    else:
        raise AssertionError("the game did not end")
    assert t.state.is_terminal() and handoffs >= 1


# -- 10. the Comrade table: losing bids marked and confirmed, who led and won, a new deal ---------
def bidding_loses_now(game, action) -> bool:
    trial = copy.deepcopy(game)
    trial.apply(action)
    return trial.is_terminal()


def test_the_bids_that_lose_at_once_are_exactly_those_the_engine_ends_the_game_on():
    for seed in range(6):
        t = PlayTable("comrade", seed=seed, hand_size=4, seat=0, delay=0)
        while t.state.phase == "bidding" and not t.state.is_terminal():
            legal = t.state.legal_actions()
            risky = {w.description for w in t._walk(t.controls) if RISKY_CLASS in w._dom_classes}
            want = {t.tg.say_own(a) for a in legal if bidding_loses_now(t.state, a)}
            assert {x.removeprefix("⚠ ") for x in risky} == want
            safe = [x for x in t.button_labels() if not x.startswith("⚠")]
            if not safe:
                break
            t.press(safe[-1])
    t = PlayTable("comrade", seed=3, hand_size=4, seat=0, delay=0)
    assert "⚠ take ♠ bid 5" in t.button_labels() and "take ♠ bid 4" in t.button_labels()


def test_a_losing_bid_asks_first_and_no_changes_nothing():
    t = PlayTable("comrade", seed=3, hand_size=4, seat=0, delay=0)
    before = list(t.state.history)
    t.press("⚠ take ♠ bid 6")
    assert t.state.history == before and "Are you sure?" in t.controls.children[0].value
    assert "more than 4" in t.controls.children[0].value
    t.press("no, choose again")
    assert t.state.history == before and "⚠ take ♠ bid 6" in t.button_labels()
    t.press("⚠ take ♠ bid 6")
    t.press("yes, take ♠ bid 6")
    assert t.state.is_terminal() and t.state.result == "loss"


def test_the_comrade_trick_table_shows_who_led_and_who_won_each_trick():
    t = PlayTable("comrade", seed=17, hand_size=4, seat=2, delay=0).autoplay()
    state = t.state
    assert state.tricks, "the deal reached the play"
    table = t.tg.tricks_html(state.view(2))
    assert table in t.view_html.value
    head, *rows = re.findall(r"<tr.*?</tr>", table, flags=re.S)
    assert "led by (suit)" in text(head) and "won by" in text(head) and len(rows) == len(state.tricks)
    for row, trick in zip(rows, state.tricks):
        leader, winner = trick.plays[0][0], trick.winner
        cells = re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, flags=re.S)
        assert text(cells[-2]).strip().startswith(t.tg._seat(leader) + ",")
        assert text(cells[-1]).strip() == t.tg._seat(winner)
        assert "▶" in cells[1 + leader] and "★" in cells[1 + winner]
        assert sum("★" in c for c in cells) == 1 and sum("▶" in c for c in cells) == 1


def test_new_deal_deals_the_next_seed_and_replay_keeps_the_deal():
    from cardgames.comrade import Deal
    t = PlayTable("comrade", seed=17, hand_size=4, seat=2, delay=0)
    first = [list(h) for h in t.state.hands]
    new = [w for w in t._walk(t) if NEW_DEAL_CLASS in getattr(w, "_dom_classes", ())]
    assert new and new[0].description == "new deal" and new[0].layout.display != "none"
    new[0].click()
    assert t.tg.seed == 18 and t.tg.deal == Deal.random(18, players=4, hand_size=4)
    second = [list(h) for h in t.tg.new_state().hands]
    assert second != first
    t.replay_button.click()
    assert [list(h) for h in t.tg.new_state().hands] == second
    k = PlayTable("krypkille", num_players=3, seed=2, delay=0)
    hands = [list(h) for h in k.state.hands]
    k.new_button.click()
    assert k.tg.seed == 3 and [list(h) for h in k.tg.new_state().hands] != hands
    fixed = PlayTable("comrade", deal=Deal.random(4, hand_size=3), delay=0)
    assert fixed.new_button.layout.display == "none"          # a given deal has no "next"


# -- 11. Heart Challenge: a match, and a result that explains the points ----------------------------
def test_the_heart_challenge_table_plays_the_rules_match_and_explains_each_round():
    from cardgames.heart_challenge import HeartChallengeOptions, card_points
    t = PlayTable("heart_challenge", num_players=3, seed=1, delay=0)
    assert t.tg.options.rounds == HeartChallengeOptions().rounds == 10
    assert "match of 10 rounds" in t.public_log[0] and "round 1 of 10" in t.view_html.value
    t.autoplay(3000)
    state = t.state
    assert len(state.history) == 10 and state.round_no == 10
    result = text(t.tg.result_html(state))
    assert "highest total wins" in result and "A challenge earns cards, not points" in result
    for s in range(3):                                   # the round-by-round table adds up
        assert sum(h["points"][s] for h in state.history) == state.scores[s]
    last = state.history[-1]
    for s, hand in enumerate(last["hands"]):             # the card-by-card points add up to the round's
        assert sum(card_points(c, state.numbers[s]) for c in hand) == last["points"][s]
        for c in hand:
            assert f"{c.symbol} {card_points(c, state.numbers[s]):+d}" in result
    assert "success" in result                           # the successful challenge is named beside its points


def test_between_rounds_the_table_says_how_the_last_round_ended():
    t = PlayTable("heart_challenge", num_players=3, seed=1, delay=0)
    for _ in range(200):
        if t.state.round_no > 1 or t.state.is_terminal():
            break
        labels = t.button_labels()
        t.press(labels[0]) if labels else t.next_move()
    assert not t.state.is_terminal() and t.state.round_no == 2, "the match ended after one round"
    shown = text(t.view_html.value)
    first = t.state.history[0]
    said = "challenge succeeds" if first["result"] == "success" else "challenge fails"
    assert "round 1 ended:" in shown and f"scores: seat 0 {first['points'][0]:+d}" in shown and said in shown
    assert not leaks(t.state, 0, t.view_html.value)

"""The faster search player makes the same decisions as the code it replaced.

``tests/fixtures/comrade_speed_decisions.json`` holds whole games played by four (or three)
:class:`~solvers.comrade_players.cardsearch.CardSearchPlayer` of the base commit named in the file (written by
``benchmarks/bench_comrade_speed.py --record``, which runs that commit's code).  A player draws exactly one
number from its generator per decision, so decision ``k`` of a game can be asked again on its own: replay
the game's first ``k`` actions, make the seat's player, let its generator draw once per earlier decision of
that seat, and ask.  The benchmark compares every decision of more deals; this test a sample.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cardgames.comrade import ComradeGame
from solvers.comrade_players.cardsearch import CardSearchPlayer
from solvers.studies.comrade_tables import deal_for_seed

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "comrade_speed_decisions.json"
GAMES = json.loads(FIXTURE.read_text(encoding="utf-8"))["games"]
#: Decisions asked again: a fixed sample over every game, the bidding and the play.
SAMPLE = 24


def decisions():
    every = [(g["seed"], g["players"], k) for g in GAMES for k in range(len(g["actions"]))]
    return sorted(random.Random(52).sample(every, SAMPLE))


def ask(seed: int, players: int, k: int) -> tuple[str, str]:
    """Today's player's action at decision ``k`` of the stored game, and the stored (old) action."""
    game_record = next(g for g in GAMES if g["seed"] == seed and g["players"] == players)
    actions = game_record["actions"]
    deal, dealer = deal_for_seed(seed, players)
    game = ComradeGame(deal, dealer)
    earlier = [0] * players
    for a in actions[:k]:
        earlier[game.current_player()] += 1
        game.apply(a)
    seat = game.current_player()
    player = CardSearchPlayer(seed=seed * 10 + seat)
    for _ in range(earlier[seat]):
        player.rng.getrandbits(64)
    return str(player.act(game.view(seat), tuple(game.legal_actions()))), actions[k]


def test_the_fixture_says_how_it_was_made_and_covers_both_phases_and_both_sizes():
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert data["made_by"].startswith("benchmarks/bench_comrade_speed.py") and len(data["base_commit"]) == 40
    assert {g["players"] for g in GAMES} == {3, 4}
    assert sum(len(g["actions"]) for g in GAMES) >= 300
    sample = decisions()
    phases = set()
    for seed, players, k in sample:
        g = next(g for g in GAMES if g["seed"] == seed and g["players"] == players)
        phases.add("bidding" if g["actions"][k][0] in "SHDC" and g["actions"][k][1:].isdigit()
                   or g["actions"][k] == "pass" else "play")
    assert phases == {"bidding", "play"}


@pytest.mark.parametrize("seed,players,k", decisions())
def test_the_player_makes_the_stored_decision(seed, players, k):
    got, old = ask(seed, players, k)
    assert got == old, f"deal {seed} ({players} players), decision {k}: {got} instead of {old}"


def test_asking_a_decision_alone_is_what_the_whole_game_asked():
    """The replay of one decision is faithful: the first decisions of a stored game, asked one by one,
    are the stored actions (the generators' draws line up)."""
    g = GAMES[0]
    for k in range(6):
        assert ask(g["seed"], g["players"], k) == (g["actions"][k], g["actions"][k])


@pytest.mark.parametrize("players", [4, 3])
def test_hands_with_the_same_play_key_get_the_same_play(players):
    """``ConventionCard.play_key`` (what the inference memoises a card played on): following suit, the card
    reads only the led suit, so changing the other suits of the hand (for cards another seat holds) changes
    neither the choice nor the policy; leading or discarding, the key is the whole hand."""
    from cardgames.cards import Hand
    from cardgames.players import play_out_seated
    from solvers.comrade_players.convention import ConventionCard, ConventionPlayer, card_mask

    card = ConventionCard()
    rng = random.Random(players)
    follows = whole = 0
    for seed in range(12):
        game = ComradeGame(*deal_for_seed(seed, players))
        seen = []

        class Watch(ConventionPlayer):
            def act(self, view, legal):
                if view.phase == "play" and len(legal) > 1:
                    seen.append((view, list(legal), [list(h) for h in game.hands]))
                return super().act(view, legal)

        play_out_seated(game, [Watch(card) for _ in range(players)])
        for view, legal, hands in seen:
            led = view.current_trick[0][1].suit if view.current_trick else None
            hand = list(view.hand)
            key = card.play_key(hand, led)
            if led is None or not any(c.suit == led for c in hand):
                assert key == card_mask(hand)
                whole += 1
                continue
            others = [c for p, h in enumerate(hands) if p != view.seat for c in h if c.suit != led]
            mine = [c for c in hand if c.suit != led]
            k = min(len(mine), len(others))
            twin = [c for c in hand if c.suit == led] + rng.sample(others, k) + mine[k:]
            other = view.__class__(**{**view.__dict__, "hand": Hand(twin).sorted()})
            assert card.play_key(twin, led) == key
            assert card.choose(other, legal) == card.choose(view, legal)
            assert card.policy(other, legal) == card.policy(view, legal)
            follows += set(twin) != set(hand)
    assert follows > 50 and whole > 50


def test_a_remembered_probability_is_that_of_the_steps_own_action():
    """The inference remembers the card's probability of each public action per step for the whole process
    (``inference.step_memo``).  Two games with the same history before a step but another action there
    must not share it: after a game whose first bid is the card's choice, a game whose first bid is another
    card (the same deal, the same dealer) scores that seat as a fresh process does."""
    from solvers.comrade_players.convention import ConventionCard
    from solvers.comrade_players.inference import Evidence, clear_step_memos

    card = ConventionCard()
    deal, dealer = deal_for_seed(5, 4)
    first = ComradeGame(deal, dealer)
    actor = first.current_player()
    legal = first.legal_actions()
    chosen = card.choose(first.view(actor), legal)
    other = next(a for a in legal if a != chosen)
    watcher = (actor + 1) % 4

    def likelihood(action) -> float:
        game = ComradeGame(deal, dealer)
        game.apply(action)
        return Evidence(game.view(watcher), card).seat_likelihood(actor, list(game.hands[actor]))

    clear_step_memos()
    fresh = likelihood(other)
    clear_step_memos()
    assert likelihood(chosen) > 0.5 > fresh            # the card's choice, and a card it gives little
    assert likelihood(other) == fresh                   # ... read after the first game, as if fresh


@pytest.mark.parametrize("players", [4, 3])
def test_one_actions_probability_is_the_policys_with_the_turns_table_for_any_hand(players):
    """``ConventionCard.probability`` (what the inference asks) is the number ``policy`` gives the action, for
    every legal action, with the bidding's public table worked out once per turn (``bidding_table``) and
    reused for other hands the seat might hold there: it reads nothing of the hand."""
    from cardgames.cards import Hand
    from cardgames.players import play_out_seated
    from solvers.comrade_players.convention import ConventionCard, ConventionPlayer

    card = ConventionCard()
    rng = random.Random(players)
    asked = 0
    for seed in range(6):
        game = ComradeGame(*deal_for_seed(seed, players))
        seen = []

        class Watch(ConventionPlayer):
            def act(self, view, legal):
                if len(legal) > 1:
                    seen.append((view, list(legal), [list(h) for h in game.hands]))
                return super().act(view, legal)

        play_out_seated(game, [Watch(card) for _ in range(players)])
        for view, legal, hands in seen:
            table = card.bidding_table(view, legal) if view.phase == "bidding" else None
            others = [c for p, h in enumerate(hands) if p != view.seat for c in h]
            for _ in range(3):
                mine = list(view.hand)
                k = min(3, len(mine), len(others))
                hand = Hand(rng.sample(others, k) + mine[k:]).sorted()
                v = view.__class__(**{**view.__dict__, "hand": hand})
                moves = legal if view.phase == "bidding" else sorted(
                    {c for c in hand if not view.current_trick or c.suit == view.current_trick[0][1].suit}
                    or set(hand), key=lambda c: c.sort_key)
                policy = card.policy(v, moves)
                for a in moves:
                    assert card.probability(v, moves, a, table) == policy[a]
                    asked += 1
    assert asked > 1000

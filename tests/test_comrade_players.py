"""Silent players see only their seat's view: a peek is caught, sampling is consistent and seeded."""

from __future__ import annotations

import dataclasses
import random

import pytest

from cardgames.cards import Card, parse_cards
from cardgames.comrade import ComradeGame, ComradeOptions, Deal, ComradeView
from cardgames.comrade.players import (HeuristicPlayer, NotAViewError, RandomPlayer, public_voids,
                                       unseen_cards)
from cardgames.game import GameState
from cardgames.players import play_out_seated
from solvers.comrade_players.cardsearch import CardSearchPlayer, InferenceSamplingPlayer
from solvers.comrade_players.convention import ConventionPlayer
from solvers.comrade_players.sampling import SamplingPlayer, game_from_view, sample_hidden_hands

MINI = "N:AK.Q.. QJ.K.. T9.J.. 87.T.."


def walk(obj, seen=None):
    """Every object reachable from ``obj`` through dataclass fields, tuples, lists, dicts and sets."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return
    seen.add(id(obj))
    yield obj
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from walk(getattr(obj, f.name), seen)
    elif isinstance(obj, (tuple, list, set, frozenset)):
        for x in obj:
            yield from walk(x, seen)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from walk(k, seen)
            yield from walk(v, seen)


class Spy:
    """Wraps a player; records every view it is handed and checks it holds nothing hidden."""

    def __init__(self, inner, game):
        self.inner, self.game, self.views = inner, game, []

    def act(self, view, legal):
        self.views.append(view)
        assert isinstance(view, ComradeView)
        hidden = {c for p, h in enumerate(self.game.hands) if p != view.seat for c in h}
        for obj in walk(view):
            assert not isinstance(obj, (GameState, Deal)), f"the view holds a {type(obj).__name__}"
            assert not (isinstance(obj, Card) and obj in hidden), f"the view shows a hidden card {obj}"
        return self.inner.act(view, legal)


@pytest.mark.parametrize("make", [lambda s: RandomPlayer(seed=s), lambda s: HeuristicPlayer(),
                                  lambda s: SamplingPlayer(samples=2, seed=s, time_limit=0.05),
                                  lambda s: CardSearchPlayer(samples=2, seed=s),
                                  lambda s: CardSearchPlayer(samples=2, seed=s, fill_candidates=6, bid_doubt=0.5),
                                  lambda s: InferenceSamplingPlayer(samples=2, seed=s, time_limit=0.05),
                                  lambda s: ConventionPlayer()])
def test_players_get_a_view_without_hidden_cards(make):
    game = ComradeGame(MINI, dealer=1)
    spies = [Spy(make(s), game) for s in range(4)]
    play_out_seated(game, spies)
    assert game.is_terminal() and sum(len(spy.views) for spy in spies) >= 1


def test_the_spy_would_catch_a_peeking_view():
    game = ComradeGame(MINI, dealer=0)
    leaky = dataclasses.replace(game.view(0), hand=game.hands[1])      # East's cards in North's view
    with pytest.raises(AssertionError, match="hidden card"):
        Spy(HeuristicPlayer(), game).act(leaky, game.legal_actions())


@pytest.mark.parametrize("player", [RandomPlayer(seed=1), HeuristicPlayer(), SamplingPlayer(samples=2),
                                    CardSearchPlayer(samples=2), InferenceSamplingPlayer(samples=2),
                                    ConventionPlayer()])
def test_a_bot_given_the_game_instead_of_a_view_refuses(player):
    game = ComradeGame(MINI, dealer=0)
    with pytest.raises(NotAViewError, match="not from a ComradeGame"):
        player.act(game, game.legal_actions())


def swapped(game_text, seats):
    """The same deal with the hands of two seats exchanged."""
    deal = Deal.from_pbn(game_text)
    hands = list(deal.hands)
    a, b = seats
    hands[a], hands[b] = hands[b], hands[a]
    return Deal(hands, deal.variant)


@pytest.mark.parametrize("actions", [[], ["H1", "pass", "pass", "pass"], ["S1", "H1", "pass", "pass"]])
def test_decisions_depend_only_on_the_view(actions):
    """North's view is the same when East and West swap hands, so North must act the same."""
    deal = Deal.random(31, hand_size=4)
    g1 = ComradeGame(deal, dealer=0)
    g2 = ComradeGame(swapped(deal.to_pbn(), (1, 3)), dealer=0)
    legal = [str(a) for a in g1.legal_actions()]
    for a in actions:
        if a not in [str(x) for x in g1.legal_actions()]:
            pytest.skip("action not legal here")
        g1.apply(a)
        g2.apply(a)
    if g1.phase == "over" or g1.current_player() != 0:
        pytest.skip("not North's turn")
    assert g1.view(0) == g2.view(0)
    for make in (lambda: HeuristicPlayer(), lambda: SamplingPlayer(samples=6, seed=4),
                 lambda: CardSearchPlayer(samples=3, seed=4), lambda: ConventionPlayer()):
        assert make().act(g1.view(0), g1.legal_actions()) == make().act(g2.view(0), g2.legal_actions())
    assert legal


def test_voids_are_read_from_the_tricks():
    game = ComradeGame("N:AK... QJ... T9... .87..", dealer=0).play(["S2", "SA", "SQ", "ST", "H8"])
    assert public_voids(game.view(0)) == [set(), set(), set(), {"S"}]
    assert set(unseen_cards(game.view(0))) == set(Deal.random(0).variant.deck) - set(
        Card.parse(c) for c in ["SA", "SK", "SQ", "ST", "H8"])


def test_samples_respect_hand_sizes_voids_and_what_was_seen():
    checked = 0
    any_void = False
    rules = ComradeOptions(stop_at_loss=False)                   # random play goes on after a loss
    for seed in range(12):
        g = ComradeGame(Deal.random(seed), dealer=0, options=rules)
        g.play(["S2", "H3", "D4", "C4"])                       # 13 in lap 1
        if g.phase != "play":
            continue
        rng = random.Random(seed)
        for _ in range(20 + seed % 7):
            if g.phase != "play":
                break
            g.apply(rng.choice(g.legal_actions()))
        if g.phase != "play":
            continue
        seat = g.current_player()
        view = g.view(seat)
        voids = public_voids(view)
        any_void = any_void or any(voids)
        sample_rng = random.Random(1)
        for _ in range(5):
            hidden = sample_hidden_hands(view, sample_rng)
            assert [len(h) for h in hidden] == list(view.hand_sizes)
            assert list(hidden[seat]) == list(view.hand)
            everyone = [c for h in hidden for c in h]
            assert len(set(everyone)) == len(everyone)
            assert set(everyone) - set(view.hand) <= set(unseen_cards(view))
            for p, h in enumerate(hidden):
                assert not {c.suit for c in h} & voids[p]
            sample = game_from_view(view, hidden, rules)
            assert sample.view(seat) == view                   # the same position, as far as the seat sees
        checked += 1
    assert checked >= 5 and any_void


def test_sampling_is_seeded_and_wins_an_easy_mini_deal():
    game = ComradeGame(MINI, dealer=1)
    a = play_out_seated(ComradeGame(MINI, dealer=1), [SamplingPlayer(samples=4, seed=s) for s in range(4)])
    b = play_out_seated(game, [SamplingPlayer(samples=4, seed=s) for s in range(4)])
    assert a.actions == b.actions
    easy = ComradeGame("N:A.K.. K.A.. Q.Q.. J.J..", dealer=0).play(["S1", "H1"])
    assert play_out_seated(easy, [SamplingPlayer(samples=4, seed=s) for s in range(4)]).result == "win"


def test_the_heuristic_player_follows_its_rules():
    h = HeuristicPlayer()
    assert HeuristicPlayer.estimates(parse_cards("SA SK S2 HQ H3 H2 D5 D4 D3 D2 DA C2")) == {"S": 2, "H": 1, "D": 2}
    assert HeuristicPlayer.estimates(parse_cards("SA SK SQ SJ ST S9")) == {"S": 5}
    # North needs a spade trick and holds the top spade: it cashes it
    g = ComradeGame("N:AK... Q.J.. T.9.. 8.7..", dealer=0).play(["S2"])
    assert h.act(g.view(0), g.legal_actions()) == Card.parse("SA")
    # East has bid nothing: it ducks under the ace
    g.apply("SA")
    assert h.act(g.view(1), g.legal_actions()) == Card.parse("SQ")
    with pytest.raises(ValueError, match="no legal action"):
        h.act(g.view(1), [])

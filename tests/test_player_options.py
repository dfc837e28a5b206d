"""The computer players refuse a bad option with :class:`~cardgames.errors.PlayerOptionError`, a
:class:`~cardgames.errors.RuleConfigError` (so a ``ValueError``) that names the option."""

from __future__ import annotations

import pytest

from cardgames.errors import GameError, PlayerOptionError, RuleConfigError
from solvers.comrade_players.cardsearch import CardSearchPlayer
from solvers.comrade_players.sampling import SamplingPlayer


def _refused(make, option: str, shown: str) -> None:
    with pytest.raises(PlayerOptionError) as caught:
        make()
    err = caught.value
    assert err.option == option, f"{err!r} names {err.option!r}, not {option!r}"
    assert str(err).startswith(f"{option} ") and shown in str(err), str(err)
    assert isinstance(err, RuleConfigError) and isinstance(err, GameError) and isinstance(err, ValueError)


@pytest.mark.parametrize("option, value, shown", [
    ("samples", 0, "not 0"),
    ("bid_samples", 2.5, "not 2.5"),
    ("samples", None, "not None"),
    ("candidates", 0, "not 0"),
    ("bid_candidates", -1, "not -1"),
    ("margin", 1.5, "not 1.5"),
    ("bid_margin", -0.1, "not -0.1"),
    ("leaf", "guess", "not 'guess'"),
    ("horizon", -1, "not -1"),
    ("bid_horizon", True, "not True"),
    ("method", "gibbs", "not 'gibbs'"),
    ("oversample", 0, "not 0"),
    ("late_bid_samples", 0, "not 0"),
    ("late_bid_margin", 2, "not 2"),
    ("late_lap", 0, "not 0"),
    ("late_lap", "3", "not '3'"),
    ("fill_candidates", 0, "not 0"),
    ("fill_candidates", "6", "not '6'"),
    ("bid_doubt", 1.5, "not 1.5"),
    ("bid_doubt_margin", -0.2, "not -0.2"),
    ("bid_doubt_lap", 0, "not 0"),
    ("play_doubt", 1.5, "not 1.5"),
    ("play_doubt", "0.5", "not '0.5'"),
    ("play_doubt_margin", -0.2, "not -0.2"),
])
def test_card_search_player_names_the_bad_option(option, value, shown):
    _refused(lambda: CardSearchPlayer(**{option: value}), option, shown)


@pytest.mark.parametrize("option, value, shown", [
    ("samples", 0, "not 0"),
    ("bid_samples", 0, "not 0"),
    ("node_limit", 0, "not 0"),
    ("bid_node_limit", -5, "not -5"),
])
def test_sampling_player_names_the_bad_option(option, value, shown):
    _refused(lambda: SamplingPlayer(**{option: value}), option, shown)


def test_good_options_are_accepted():
    assert CardSearchPlayer(samples=1, candidates=1, bid_candidates=1, margin=0, bid_margin=1,
                            leaf="solver", horizon=0, bid_horizon=None).samples == 1
    assert CardSearchPlayer(samples=3, bid_samples=None).bid_samples == 3
    assert CardSearchPlayer(late_lap=None, late_bid_samples=1, late_bid_margin=0).late_lap is None
    assert CardSearchPlayer(samples=3, bid_samples=2).bid_samples == 2
    assert SamplingPlayer(samples=1, bid_samples=1, node_limit=None, bid_node_limit=1).bid_samples == 1


def test_card_search_settings_and_the_old_keywords_make_the_same_player():
    """``CardSearchPlayer`` takes one frozen :class:`CardSearchSettings`, its fields as keywords, or both (the
    keywords win); the three make the same choices from the same seed."""
    import dataclasses

    from cardgames.comrade import ComradeGame, Deal
    from solvers.comrade_players.cardsearch import CardSearchSettings

    settings = CardSearchSettings(samples=2, bid_samples=2, late_bid_samples=2, seed=5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        settings.samples = 3
    by_settings = CardSearchPlayer(settings)
    by_keywords = CardSearchPlayer(samples=2, bid_samples=2, late_bid_samples=2, seed=5)
    mixed = CardSearchPlayer(dataclasses.replace(settings, seed=9), seed=5)
    assert by_settings.settings == by_keywords.settings and mixed.settings.seed == 5 and mixed.samples == 2
    game = ComradeGame(Deal.random(7), dealer=1)
    acts = [p.act(game.view(1), game.legal_actions()) for p in (by_settings, by_keywords, mixed)]
    assert acts[0] == acts[1] == acts[2]
    _refused(lambda: CardSearchPlayer(CardSearchSettings(), margin=2), "margin", "not 2")
    _refused(lambda: CardSearchPlayer(12), "settings", "not 12")

"""The registry of games: one entry per game, and every game-independent part of the package reads it.

Modelled on OpenSpiel's registered game types and python-chess's variant list.  An entry says what a
game is (its name and title), how to start one (``new_game``), its rule options and view types, the
engine's reference player, a few seeded example states for the tests, and its rules page.  An entry
names nothing above the engines, not even as a string: the upper layers keep their own parts of a game
by its name (the classroom's play-table adapters are in ``classroom.tables.TABLES``), so the arrows run
one way and the layout test sees every one of them.

    >>> [g.name for g in games()]
    ['krypkille', 'comrade', 'heart_challenge', 'tiny_trick']
    >>> get("comrade").title
    'Comrade (カムレッド)'
    >>> get("chess")
    Traceback (most recent call last):
    ...
    cardgames.registry.UnknownGameError: no game named 'chess' (games: krypkille, comrade, heart_challenge, tiny_trick)

Adding a game (``docs/adding_a_game.md``): write its package under ``cardgames/`` from the one template
every game follows (``engine.py`` with ``<Game>Game``, a :class:`~cardgames.game.GameState`; ``view.py`` with
``<Game>View``; ``options.py`` with ``<Game>Options``; ``display.py``, ``errors.py``, ``players.py``) and add one
:func:`register` call below.
The contract tests, the golden playthroughs, the play table (a generic adapter, unless the classroom's
table registry has a line for the game) and the hidden-card check then cover it with no other edit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .errors import GameError
from .game import GameState

__all__ = ["GameType", "UnknownGameError", "register", "games", "get", "names"]


class UnknownGameError(GameError):
    """A game name that is not in the registry."""


@dataclass(frozen=True)
class GameType:
    """One registered game.

    * ``name`` — the registry key (``"comrade"``); ``title`` — for people; ``japanese`` — the Japanese name
      the source uses, if any (Heart Challenge's is the name of the game it adapts);
    * ``new_game(seed=..., **options)`` — a fresh game (options as the game's constructor takes them);
    * ``options`` — the class of its rule options; ``view_type`` — what ``state.view(seat)`` returns;
    * ``player_counts`` — the table sizes the rules allow;
    * ``reference_player(seed)`` — the engine's own player (``act(view, legal_actions)``);
    * ``examples(seed)`` — small, varied seeded states the contract tests and playthroughs drive;
    * ``rules_page`` — the rules as implemented, relative to the repository;
    * ``tags`` — free labels (``"example"`` marks Tiny Trick, the worked example).
    """

    name: str
    title: str
    new_game: Callable[..., GameState]
    options: type | None
    view_type: type
    player_counts: tuple[int, ...]
    reference_player: Callable[[int], Any]
    examples: Callable[[int], GameState]
    rules_page: str
    japanese: str = ""
    tags: tuple[str, ...] = field(default=())


_REGISTRY: dict[str, GameType] = {}


def register(game: GameType) -> GameType:
    """Add ``game`` to the registry (a name may be registered once)."""
    if game.name in _REGISTRY:
        raise GameError(f"a game named {game.name!r} is registered already")
    _REGISTRY[game.name] = game
    return game


def games() -> list[GameType]:
    """Every registered game, in the order registered."""
    return list(_REGISTRY.values())


def names() -> list[str]:
    return list(_REGISTRY)


def get(name: str) -> GameType:
    """The entry for ``name`` (spaces and capitals forgiven: ``"Heart Challenge"``)."""
    key = name.strip().lower().replace(" ", "_").replace("-", "_") if isinstance(name, str) else name
    try:
        return _REGISTRY[key]
    except (KeyError, TypeError):
        raise UnknownGameError(f"no game named {name!r} (games: {', '.join(_REGISTRY)})") from None


# -- the games ------------------------------------------------------------------------------------
def _krypkille() -> GameType:
    from .krypkille import HeuristicPlayer, KrypkilleGame, KrypkilleMatch, KrypkilleOptions, KrypkilleView
    from .krypkille.options import MAX_PLAYERS, MIN_PLAYERS

    def examples(seed: int) -> GameState:
        if seed % 5 == 4:
            return KrypkilleMatch(num_players=3, seed=seed, rounds=2)
        return KrypkilleGame(num_players=2 + seed % 4, dealer=seed % 2, seed=seed)

    return GameType(
        name="krypkille", title="Krypkille",
        new_game=lambda seed=None, **kw: KrypkilleGame(seed=seed, **kw), options=KrypkilleOptions,
        view_type=KrypkilleView, player_counts=tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
        reference_player=lambda seed: HeuristicPlayer(seed=seed), examples=examples,
        rules_page="docs/rules/krypkille.md")


def _comrade() -> GameType:
    from .comrade import ComradeGame, ComradeOptions, ComradeView, Deal
    from .comrade.players import HeuristicPlayer

    def new_game(seed=None, players: int = 4, hand_size: int | None = None, dealer: int = 0,
                 options=None):
        return ComradeGame(Deal.random(seed, players=players, hand_size=hand_size), dealer=dealer, options=options)

    def examples(seed: int) -> GameState:
        if seed % 3 == 2:
            return ComradeGame(Deal.random(seed, players=3), dealer=seed % 3)
        return ComradeGame(Deal.random(seed, hand_size=4 + seed % 4), dealer=seed % 4)

    return GameType(
        name="comrade", title="Comrade (カムレッド)", japanese="カムレッド",
        new_game=new_game, options=ComradeOptions, view_type=ComradeView, player_counts=(3, 4),
        reference_player=lambda seed: HeuristicPlayer(), examples=examples, rules_page="docs/rules/comrade.md")


def _heart_challenge() -> GameType:
    from .heart_challenge import CautiousPlayer, HeartChallengeGame, HeartChallengeOptions, HeartChallengeView

    return GameType(
        name="heart_challenge", title="Heart Challenge", japanese="髑髏と薔薇",
        new_game=lambda seed=None, **kw: HeartChallengeGame(seed=seed, **kw), options=HeartChallengeOptions,
        view_type=HeartChallengeView, player_counts=tuple(range(2, 11)),
        reference_player=lambda seed: CautiousPlayer(seed=seed),
        examples=lambda seed: HeartChallengeGame(num_players=2 + seed % 5, seed=seed),
        rules_page="docs/rules/heart_challenge.md")


def _tiny_trick() -> GameType:
    from .tiny_trick import HighCardPlayer, TinyTrickGame, TinyTrickOptions, TinyTrickView

    return GameType(
        name="tiny_trick", title="Tiny Trick", tags=("example",),
        new_game=lambda seed=None, **kw: TinyTrickGame(seed=seed, **kw), options=TinyTrickOptions,
        view_type=TinyTrickView, player_counts=(2, 3),
        reference_player=lambda seed: HighCardPlayer(seed=seed),
        examples=lambda seed: TinyTrickGame(num_players=2 + seed % 2, seed=seed),
        rules_page="docs/adding_a_game.md")


for _entry in (_krypkille, _comrade, _heart_challenge, _tiny_trick):
    register(_entry())

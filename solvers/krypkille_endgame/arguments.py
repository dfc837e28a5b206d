"""The checks at the door of the endgame explorer: every public argument, refused by name.

Each public function of :mod:`solvers.krypkille_endgame` checks its arguments here before it computes
anything, so a wrong one is refused with :class:`~solvers.krypkille_endgame.common.EndgameError` (a
``ValueError`` of the package's family) that names the argument and says what it should be, never
with a ``TypeError`` from deep inside the counting::

    >>> check_tricks(" ", 3)
    Traceback (most recent call last):
    ...
    solvers.krypkille_endgame.common.EndgameError: tricks must be a list of tricks, each a list of (seat, card) pairs in play order, not ' '
    >>> check_allowed(5, 3)
    Traceback (most recent call last):
    ...
    solvers.krypkille_endgame.common.EndgameError: allowed must be one set of cards (or a bit mask) per position, 3 in all, not 5
    >>> check_tricks([[(0, "Pig"), (1, "2")]], 3)
    (((0, Kind.PIG), (1, Kind.TWO)),)
"""  # noqa: E501 (doctest output lines)

from __future__ import annotations

from numbers import Integral

from cardgames.errors import GameError, shown
from cardgames.krypkille import Kind, parse_kind
from cardgames.krypkille.options import MAX_DISCARDS

from .combinatorics import ALL, kinds_mask
from .common import EndgameError, check_card_groups, check_mixed, check_players, read_cards

__all__ = ["check_tricks", "check_allowed", "check_discard_counts", "check_seed", "check_samples",
           "check_card_groups", "check_policy_player_list", "check_table_players", "check_mixed",
           "check_player_counts", "check_table_names"]

#: What a list of several things may be (a string is text, a set has no order, a dict is a mapping).
_LISTS = (list, tuple)
# (check_card_groups and check_mixed live in .common, next to the StrategyProfile that calls them.)
#: The most weighted draws ``beliefs="policy"`` takes.
MAX_SAMPLES = 10 ** 6


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_tricks(tricks: object, num_players: int) -> tuple:
    """``tricks`` as tuples of ``(seat, Kind)`` pairs: each trick a list of at most ``num_players``
    ``(seat, card)`` pairs in play order, the lead first, no seat twice (``None``: no tricks)."""
    if tricks is None:
        return ()
    shape = "a list of tricks, each a list of (seat, card) pairs in play order"
    if not isinstance(tricks, _LISTS):
        raise EndgameError(f"tricks must be {shape}, not {shown(tricks)}")
    out = []
    for i, trick in enumerate(tricks, 1):
        if not isinstance(trick, _LISTS) or len(trick) > num_players:
            raise EndgameError(f"tricks: trick {i} must be a list of at most {num_players} (seat, card) pairs, "
                               f"not {shown(trick)}")
        plays, seats = [], set()
        for j, play in enumerate(trick, 1):
            if not isinstance(play, _LISTS) or len(play) != 2:
                raise EndgameError(f"tricks: play {j} of trick {i} must be a (seat, card) pair, not {shown(play)}")
            seat, card = play
            if not _whole(seat) or not 0 <= seat < num_players:
                raise EndgameError(f"tricks: play {j} of trick {i} names seat {shown(seat)}, but the seats are "
                                   f"0..{num_players - 1}")
            if seat in seats:
                raise EndgameError(f"tricks: seat {seat} plays twice in trick {i}")
            seats.add(seat)
            try:
                plays.append((seat, parse_kind(card)))
            except GameError as e:
                raise EndgameError(f"tricks: play {j} of trick {i}: {e}") from None
        out.append(tuple(plays))
    return tuple(out)


def check_allowed(allowed: object, num_players: int) -> "tuple | None":
    """``allowed`` (one set of cards or bit mask per position) as bit masks; ``None`` stays ``None``."""
    if allowed is None:
        return None
    if not isinstance(allowed, _LISTS) or len(allowed) != num_players:
        raise EndgameError(f"allowed must be one set of cards (or a bit mask) per position, {num_players} in all, "
                           f"not {shown(allowed)}")
    out = []
    for i, a in enumerate(allowed):
        if isinstance(a, Integral) and not isinstance(a, bool):     # a bit mask (numpy's integers too)
            if a < 0 or int(a) & ~ALL:
                raise EndgameError(f"allowed: position {i}: {shown(a)} is no bit mask of cards "
                                   f"(bits 1..{max(map(int, Kind))})")
            out.append(int(a))
        else:
            out.append(kinds_mask(read_cards(list(a) if isinstance(a, (set, frozenset)) else a,
                                         f"allowed: position {i}")))
    return tuple(out)


def check_discard_counts(discard_counts: object, num_players: int) -> "tuple[int, ...] | None":
    """How many cards each seat drew: one whole number 0..3 per seat (``None``: not given)."""
    if discard_counts is None:
        return None
    if not isinstance(discard_counts, _LISTS) or len(discard_counts) != num_players or not all(
            _whole(c) and 0 <= c <= MAX_DISCARDS for c in discard_counts):
        raise EndgameError(f"discard_counts needs one count 0..{MAX_DISCARDS} per seat ({num_players}), "
                           f"not {shown(discard_counts)}")
    return tuple(discard_counts)


def check_seed(seed: object) -> int:
    """A seed: a whole number >= 0."""
    if not _whole(seed) or seed < 0:
        raise EndgameError(f"seed must be a whole number >= 0, not {shown(seed)}")
    return seed


def check_samples(samples: object) -> int:
    """How many weighted draws: a whole number 1..1000000."""
    if not _whole(samples) or not 1 <= samples <= MAX_SAMPLES:
        raise EndgameError(f"samples must be a whole number 1..{MAX_SAMPLES}, not {shown(samples)}")
    return samples


def check_policy_player_list(players: object, num_players: int) -> object:
    """The heuristic players the ``"policy"`` beliefs model (``None``: the engine's defaults)."""
    if players is None:
        return None
    from cardgames.krypkille.players import HeuristicPlayer

    if not isinstance(players, _LISTS) or len(players) != num_players or not all(
            isinstance(p, HeuristicPlayer) for p in players):
        raise EndgameError(f"players must be {num_players} heuristic players "
                           f"(cardgames.krypkille.players.HeuristicPlayer), one per seat, not {shown(players)}")
    return players


def check_table_players(players: object, num_players: int) -> object:
    """The players of :meth:`Endgame.deal`: one object with an ``act`` method per seat (``None``: the
    engine's heuristic players)."""
    if players is None:
        return None
    if not isinstance(players, _LISTS) or len(players) != num_players or not all(
            callable(getattr(p, "act", None)) for p in players):
        raise EndgameError(f"players must be {num_players} players (objects with an act method), one per seat, "
                           f"not {shown(players)}")
    return players


def check_player_counts(players: object) -> tuple[int, ...]:
    """A list of player counts (2..5) for the threshold tables."""
    if isinstance(players, range):
        players = tuple(players)
    if not isinstance(players, _LISTS) or not players:
        raise EndgameError(f"players must be a list of player counts, e.g. (2, 3, 4, 5), not {shown(players)}")
    return tuple(check_players(n) for n in players)


def check_table_names(tables: object) -> tuple:
    """A list of penalty tables (names or tables) for the threshold tables."""
    if not isinstance(tables, _LISTS) or not tables:
        raise EndgameError(f"tables must be a list of penalty tables, e.g. ('default', 'alternative'), "
                           f"not {shown(tables)}")
    return tuple(tables)

"""Shared pieces of the endgame explorer: the declaring order, the unseen pool, strategy profiles.

Words used throughout (rules digest, "What the endgame explorer is about"):

* **seat** — a player's place at the table, 0..N-1 (clockwise = increasing seat number).
* **declaring order** — who is asked first, second, ...: ``first``, ``first + 1``, ... (mod N).
  A **position** is an index in that order (0 = asked first).
* **pool** — the cards someone cannot see, as a count (0, 1 or 2) per :class:`Kind`.
* **declare set** — the cards with which a position declares; a :class:`StrategyProfile`
  gives one per position.  Passing is everything else.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from numbers import Real
from typing import Any, Iterable

from cardgames.errors import GameError, RuleConfigError, shown
from cardgames.krypkille import COPIES, Kind, parse_kind, parse_kinds

__all__ = [
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "EndgameError",
    "check_players",
    "declaring_order",
    "unseen_pool",
    "pool_text",
    "StrategyProfile",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 5


class EndgameError(GameError):
    """An endgame that cannot happen: too many copies of a kind, a seat out of range, ..."""


def check_players(num_players: int) -> int:
    """Refuse player counts outside 2..5 (rules digest, "One round", rule 1).

    >>> check_players(6)
    Traceback (most recent call last):
    ...
    cardgames.errors.RuleConfigError: Krypkille is played by 2 to 5 players, not 6
    """
    if isinstance(num_players, bool) or not isinstance(num_players, int) or not (
            MIN_PLAYERS <= num_players <= MAX_PLAYERS):
        raise RuleConfigError(f"Krypkille is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                              f"not {shown(num_players)}")
    return num_players


def check_seat(seat: int, num_players: int, what: str = "seat") -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < num_players:
        raise EndgameError(f"{what} {shown(seat)} is not a seat (seats 0..{num_players - 1})")
    return seat


def declaring_order(num_players: int, first: int) -> tuple[int, ...]:
    """Seats in the order they are asked to declare or pass: ``first`` and then clockwise.

    >>> declaring_order(4, 2)
    (2, 3, 0, 1)
    """
    check_players(num_players)
    check_seat(first, num_players, "first")
    return tuple((first + i) % num_players for i in range(num_players))


def unseen_pool(*seen: "Iterable[Kind | int | str]") -> Counter:
    """The cards still unseen: two copies of each kind minus every card in ``seen``.

    Raises :class:`EndgameError` when a kind is seen more than twice.

    >>> pool = unseen_pool(["Mask", "Mask", "7"], ["Pig"])
    >>> pool[Kind.MASK], pool[Kind.SEVEN], pool[Kind.PIG], sum(pool.values())
    (0, 1, 1, 38)
    """
    counts = Counter({k: COPIES for k in Kind})
    for group in seen:
        for kind in parse_kinds(group):
            counts[kind] -= 1
            if counts[kind] < 0:
                raise EndgameError(f"the deck holds only {COPIES} copies of {kind}: it is seen more often")
    return counts


def pool_text(pool: Counter) -> str:
    """Short text for a pool: ``'Mask, 2×7, Pig'`` (weakest first)."""
    parts = []
    for kind in Kind:
        n = pool.get(kind, 0)
        if n:
            parts.append(kind.label if n == 1 else f"{n}×{kind.label}")
    return ", ".join(parts) if parts else "(nothing)"


def read_cards(value: object, what: str) -> list[Kind]:
    """``parse_kinds(value)``, with the argument's name in front of a refusal."""
    if not isinstance(value, (str, Kind, int, list, tuple, set, frozenset)) or isinstance(value, bool):
        raise EndgameError(f"{what} must be cards, e.g. '7 pig' or ['7', 'pig'], not {shown(value)}")
    try:
        return parse_kinds(value)
    except GameError as e:
        raise EndgameError(f"{what}: {e}") from None


def check_card_groups(groups: object, what: str, count: "int | None" = None) -> tuple[tuple[Kind, ...], ...]:
    """A list of card groups (one per seat, or per position), each read by ``parse_kinds``."""
    if not isinstance(groups, (list, tuple)) or (count is not None and len(groups) != count):
        many = f"one per seat ({count})" if count is not None else "a list"
        raise EndgameError(f"{what} must be card groups, {many}, e.g. [['7'], [], ['pig', '2']], not {shown(groups)}")
    return tuple(tuple(read_cards(list(g) if isinstance(g, (set, frozenset)) else g, f"{what} {i}"))
                 for i, g in enumerate(groups))


def check_mixed(mixed: object, positions: int) -> Any:
    """A :class:`StrategyProfile`'s ``mixed``: per position a mapping card -> probability 0..1."""
    if mixed is None or (isinstance(mixed, (list, tuple)) and not mixed):
        return mixed
    if not isinstance(mixed, (list, tuple)) or len(mixed) != positions:
        _bad_mixed(mixed, positions)
    for i, m in enumerate(mixed):
        if isinstance(m, (list, tuple)) and all(isinstance(pair, (list, tuple)) and len(pair) == 2 for pair in m):
            m = dict(m)         # the (card, probability) pairs a profile keeps
        if not isinstance(m, dict):
            raise EndgameError(f"mixed: position {i} must map cards to probabilities, not {shown(m)}")
        for k, p in m.items():
            read_cards([k], f"mixed: position {i}")
            if isinstance(p, bool) or not isinstance(p, (Real, Fraction)) or not math.isfinite(p) \
                    or not 0 <= p <= 1:
                raise EndgameError(f"mixed: position {i}: the probability of {shown(k)} must be a number "
                                   f"0..1, not {shown(p)}")
    return mixed


def _bad_mixed(mixed: object, positions: int):
    raise EndgameError(f"mixed must give, per position ({positions}), a mapping card -> probability, "
                       f"not {shown(mixed)}")


def _prob(p):
    """Keep exact fractions exact (the two-player solver's), everything else as a float."""
    return p if isinstance(p, Fraction) else float(p)


@dataclass(frozen=True)
class StrategyProfile:
    """A declare set per position in the declaring order (position 0 is asked first).

    Position ``i`` declares when its card is in ``declare_sets[i]`` and passes
    otherwise.  Level 2 uses a profile as the model of how the *other* players
    decide; level 3 computes one in which nobody gains by changing their own choice.

    ``mixed`` (optional) gives, per position, ``(kind, probability)`` pairs for
    cards with which the position declares only *sometimes* (a mixed strategy:
    needed when no profile of plain yes/no choices is stable, e.g. with 2 players).

    >>> p = StrategyProfile.threshold_rule(3, "2")
    >>> p.declares(1, "Mask"), p.declares(1, "3"), p.threshold(0)
    (True, False, Kind.TWO)
    >>> q = StrategyProfile(({"Mask"}, set()), mixed=({Kind.ONE: 0.25}, {}))
    >>> q.declare_prob(0, "1"), q.describe(0), q.is_pure
    (0.25, 'Mask, 1 (p=0.25)', False)
    """

    declare_sets: tuple[frozenset, ...]
    mixed: tuple = ()

    def __post_init__(self) -> None:
        sets = tuple(frozenset(g) for g in check_card_groups(self.declare_sets, "declare_sets"))
        object.__setattr__(self, "declare_sets", sets)
        check_mixed(self.mixed, len(sets))
        mixed = tuple(tuple(sorted((parse_kind(k), _prob(p)) for k, p in dict(m).items() if 0 < p < 1))
                      for m in self.mixed) if self.mixed else ()
        if mixed and len(mixed) != len(sets):
            raise EndgameError("mixed needs one entry per position")
        if not any(mixed):
            mixed = ()
        for i, m in enumerate(mixed):
            for k, _ in m:
                if k in sets[i]:
                    raise EndgameError(f"{k} is both always and sometimes declared at position {i + 1}")
        object.__setattr__(self, "mixed", mixed)

    @classmethod
    def threshold_rule(cls, num_players: int, threshold: "Kind | int | str | None") -> "StrategyProfile":
        """Everyone declares exactly when their card is ``threshold`` or weaker (``None``: never)."""
        check_players(num_players)
        if threshold is None:
            return cls(tuple(frozenset() for _ in range(num_players)))
        t = parse_kind(threshold)
        return cls(tuple(frozenset(k for k in Kind if k <= t) for _ in range(num_players)))

    @classmethod
    def never(cls, num_players: int) -> "StrategyProfile":
        """Nobody ever declares."""
        return cls.threshold_rule(num_players, None)

    @property
    def num_players(self) -> int:
        return len(self.declare_sets)

    @property
    def is_pure(self) -> bool:
        """True when every choice is a plain yes or no (no mixing)."""
        return not self.mixed

    def declare_prob(self, position: int, card: "Kind | int | str") -> float:
        """Probability that ``position`` declares holding ``card``."""
        card = parse_kind(card)
        if card in self.declare_sets[position]:
            return 1.0
        if self.mixed:
            for k, p in self.mixed[position]:
                if k == card:
                    return p
        return 0.0

    def weights(self, position: int) -> list[float]:
        """Declare probability indexed by kind value (index 0 unused)."""
        return [0.0] + [self.declare_prob(position, k) for k in Kind]

    def declares(self, position: int, card: "Kind | int | str") -> bool:
        """True when ``position`` always declares with ``card``."""
        return parse_kind(card) in self.declare_sets[position]

    def threshold(self, position: int) -> Kind | None:
        """The strongest card with which ``position`` always declares (``None`` if it never does)."""
        s = self.declare_sets[position]
        return max(s) if s else None

    def threshold_value(self, position: int) -> float:
        """A number for charts: the rank of :meth:`threshold` (0 = never) plus the mixing
        probability of a sometimes-declared card just above it."""
        t = self.threshold(position)
        base = int(t) if t is not None else 0
        extra = self.declare_prob(position, Kind(base + 1)) if base < int(Kind.HARLEQUIN) else 0.0
        return base + (extra if extra < 1.0 else 0.0)

    def is_threshold_strategy(self, position: int, possible: "Iterable[Kind] | None" = None) -> bool:
        """True when every ``possible`` card at or below :meth:`threshold` declares (a plain threshold rule)."""
        t = self.threshold(position)
        if t is None:
            return True
        kinds = list(Kind) if possible is None else list(possible)
        return all(k in self.declare_sets[position] for k in kinds if k <= t)

    def describe(self, position: int, possible: "Iterable[Kind] | None" = None) -> str:
        """``'Mask … 3'``, ``'never'``, or the explicit list when it is not a threshold rule;
        mixed cards are added as ``'4 (p=0.37)'``."""
        s = self.declare_sets[position]
        kinds = list(Kind) if possible is None else sorted(possible)
        shown = [k for k in kinds if k in s]
        mix = [f"{k.label} (p={float(p):.2f})" for k, p in (self.mixed[position] if self.mixed else ()) if k in kinds]
        if not shown:
            text = "never"
        elif self.is_threshold_strategy(position, kinds):
            low = min(shown)
            text = shown[0].label if low == max(shown) else f"{low.label} … {max(shown).label}"
        else:
            text = ", ".join(k.label for k in shown)
        if mix:
            text = ", ".join(mix) if text == "never" else text + ", " + ", ".join(mix)
        return text

    def __repr__(self) -> str:
        return "StrategyProfile(" + "; ".join(self.describe(i) for i in range(self.num_players)) + ")"

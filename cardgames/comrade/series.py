"""A series of Comrade games (プレイ結果によるランキング): four games, the dealer rotating, and the
ranking of the team by games won.

    >>> [rank_for(w) for w in (4, 3, 2, 1, 0)]
    ['Excellent', 'Good', 'Average', 'Bad', 'Low']
"""

from __future__ import annotations

import random
from typing import NamedTuple, Sequence

from ..errors import RuleConfigError, shown
from .deal import Deal
from .engine import ComradeGame
from .options import ComradeOptions, options_or_rules

__all__ = ["Rank", "RANKING", "rank_for", "Series", "ranking_html"]


class Rank(NamedTuple):
    wins: int
    label: str
    comment: str


#: The seed's table for a series of 4 games, with its comments translated.
RANKING: tuple[Rank, ...] = (
    Rank(4, "Excellent", "these players are wonderful comrades (同志)"),
    Rank(3, "Good", "so close: one step to go"),
    Rank(2, "Average", "think about why you lost and aim higher"),
    Rank(1, "Bad", "maybe just bad luck"),
    Rank(0, "Low", "effort and study needed"),
)


def rank_for(wins: int) -> str:
    """The ranking label for ``wins`` games won out of 4."""
    for r in RANKING:
        if r.wins == wins:
            return r.label
    raise RuleConfigError(f"a series has 4 games, so 0 to 4 wins, not {shown(wins)}")


def ranking_html(wins: int | None = None) -> str:
    """The ranking table, with the row for ``wins`` highlighted (HTML built by
    :func:`cardgames.comrade.display.ranking_html`, imported only when called)."""
    from .display import ranking_html as build

    return build(RANKING, wins)


class Series:
    """Four games, each player dealing in turn (seat ``first_dealer`` first).

    ``deals`` are four :class:`Deal` objects or PBN strings.  Play each of :attr:`games`
    (they are ordinary :class:`ComradeGame` objects); :attr:`wins` counts the games won and
    :attr:`rank` gives the label once all four are over.  With 3 players the dealer still
    rotates, so the first dealer deals twice (the seed's table is for four games).
    """

    GAMES = 4

    def __init__(self, deals: Sequence["Deal | str"], first_dealer: int = 0, options: ComradeOptions | None = None,
                 *, rules: ComradeOptions | None = None):
        deals = [d if isinstance(d, Deal) else Deal.from_pbn(d) for d in deals]
        if len(deals) != self.GAMES:
            raise RuleConfigError(f"a series is {self.GAMES} games, so give 4 deals, not {len(deals)}")
        players = deals[0].players
        if any(d.players != players for d in deals):
            raise RuleConfigError("all deals of a series must have the same number of players")
        if isinstance(first_dealer, bool) or not isinstance(first_dealer, int) or not 0 <= first_dealer < players:
            raise RuleConfigError(f"first_dealer must be a seat 0..{players - 1}, not {shown(first_dealer)}")
        self.first_dealer = first_dealer
        options = options_or_rules(options, rules, "Series")
        self.games = [ComradeGame(d, dealer=(first_dealer + i) % players, options=options)
                      for i, d in enumerate(deals)]

    @classmethod
    def random(cls, seed: "int | random.Random | None" = None, players: int = 4, hand_size: int | None = None,
               first_dealer: int = 0, options: ComradeOptions | None = None) -> "Series":
        """Four seeded random deals."""
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        return cls([Deal.random(rng, players, hand_size) for _ in range(cls.GAMES)], first_dealer, options)

    @property
    def results(self) -> list[str | None]:
        return [g.result for g in self.games]

    @property
    def wins(self) -> int:
        return sum(r == "win" for r in self.results)

    @property
    def losses(self) -> int:
        return sum(r == "loss" for r in self.results)

    @property
    def is_over(self) -> bool:
        return all(g.is_terminal() for g in self.games)

    @property
    def current(self) -> ComradeGame | None:
        """The first game not yet over (``None`` when the series is over)."""
        return next((g for g in self.games if not g.is_terminal()), None)

    @property
    def rank(self) -> str | None:
        """``"Excellent"`` ... ``"Low"`` once every game is over, else ``None``."""
        return rank_for(self.wins) if self.is_over else None

    def __repr__(self) -> str:
        return f"<Series {self.wins} won, {self.losses} lost of {self.GAMES}{', ' + self.rank if self.rank else ''}>"

    def _repr_html_(self) -> str:
        from .display import series_html

        return series_html(self, RANKING)

"""The open points of the Krypkille rules, as one frozen dataclass of named options.

Every field is a decision the seed thread leaves open or that Swedish rule pages
answer differently; the defaults are the ones the rules digest
(``docs/rules/krypkille.md``) chose.

    >>> KrypkilleOptions()
    KrypkilleOptions(first_leader='dealer', declaring_starts='last_trick_winner', penalties=PenaltyTable('default'))
    >>> KrypkilleOptions(penalties="alternative").penalties[Kind.HARLEQUIN]
    18
    >>> KrypkilleOptions(first_leader="left")
    Traceback (most recent call last):
    ...
    cardgames.errors.RuleConfigError: unknown first_leader 'left' (choose from: dealer, left_of_dealer)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import RuleConfigError, shown
from .deck import DEFAULT_PENALTIES, Kind, PenaltyTable, penalty_table

__all__ = [
    "KrypkilleOptions",
    "FIRST_LEADERS",
    "DECLARING_STARTS",
    "HAND_SIZE",
    "MAX_DISCARDS",
    "TRICKS",
    "MIN_PLAYERS",
    "MAX_PLAYERS",
]

#: Cards dealt to each player, and the size every hand is refilled to (digest, round step 2-3).
HAND_SIZE = 5
#: The most cards a player may discard before the refill (step 3; 0 is allowed).
MAX_DISCARDS = 3
#: Tricks in a round: after four, each player holds one card (step 8).
TRICKS = 4
#: Player counts the engine accepts (step 1: the seed suggests 4-5; 5 x 8 = 40 <= 42 cards always fit).
MIN_PLAYERS, MAX_PLAYERS = 2, 5

#: Who leads the first trick: the dealer (the seed) or the player left of the dealer (a Swedish page).
FIRST_LEADERS = ("dealer", "left_of_dealer")
#: Who is asked first in the declaration phase: the player on lead now, i.e. the winner of
#: the fourth trick (the digest's reading of the seed), or the player who led the first trick.
DECLARING_STARTS = ("last_trick_winner", "first_leader")


@dataclass(frozen=True)
class KrypkilleOptions:
    """Rule options of a Krypkille round (defaults = the rules digest).

    Attributes
    ----------
    first_leader:
        ``"dealer"`` (default): the seed's rule 3 says "the first lead is made by
        the dealer".  ``"left_of_dealer"``: one Swedish rule page has the player
        to the dealer's left lead instead.
    declaring_starts:
        ``"last_trick_winner"`` (default): the seed says the declarations go
        "from that round's lead player"; the digest reads this as the player who
        is on lead *now*, the winner of the fourth trick.  ``"first_leader"``:
        the other reading, the player who led the round's first trick.
    penalties:
        The :class:`~cardgames.krypkille.deck.PenaltyTable` (or its name) that
        prices a final card.  ``"default"``: Harlequin 50, the table two Swedish
        pages agree on (the seed says there is a fixed penalty but never lists
        it); ``"alternative"``: Harlequin 18, another page's table.
    """

    first_leader: str = "dealer"
    declaring_starts: str = "last_trick_winner"
    penalties: PenaltyTable = DEFAULT_PENALTIES

    def __post_init__(self) -> None:
        if self.first_leader not in FIRST_LEADERS:
            raise RuleConfigError(
                f"unknown first_leader {shown(self.first_leader)} (choose from: {', '.join(FIRST_LEADERS)})")
        if self.declaring_starts not in DECLARING_STARTS:
            raise RuleConfigError(
                f"unknown declaring_starts {shown(self.declaring_starts)} (choose from: {', '.join(DECLARING_STARTS)})")
        object.__setattr__(self, "penalties", penalty_table(self.penalties))

    @classmethod
    def coerce(cls, options: "KrypkilleOptions | dict | None") -> "KrypkilleOptions":
        """Options from ``None`` (the defaults), a dict of fields, or options themselves."""
        if options is None:
            return cls()
        if isinstance(options, cls):
            return options
        if isinstance(options, dict):
            unknown = set(options) - {"first_leader", "declaring_starts", "penalties"}
            if unknown:
                raise RuleConfigError(f"unknown Krypkille option(s): {', '.join(sorted(unknown))}")
            return cls(**options)
        raise RuleConfigError(f"options must be KrypkilleOptions or a dict, not {shown(options)}")


# Kind is imported for the doctest above.
_ = Kind

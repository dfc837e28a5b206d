"""The open points of the Comrade rules, as named options with the digest's defaults.

Every default below is the reading of ``/work/shared/rules/comrade.md``; change one
only to experiment (the notebook does, to show what a rule is for).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ComradeRules", "DEFAULT_RULES"]


@dataclass(frozen=True)
class ComradeRules:
    """Options of the bidding and the trick play.

    * ``max_laps`` — bidding goes round at most this many times; ``None`` = the variant's
      (3).  Digest, Bidding 4: "At most 3 laps".
    * ``passes_to_lose`` — this many passes *in a row* lose the bidding; ``None`` = the
      number of players.  Digest, Bidding 6: "all 4 players pass in a row".
    * ``fit_check_everyone`` — the "nothing left that fits" loss looks at every player
      (can *anyone* take a remaining card without the total exceeding the target?).
      Digest, Bidding 6: "no card left in the middle could be taken by anyone".  With
      ``False`` only players who still have a turn in the remaining laps count.
    * ``stop_at_loss`` — the game ends *at the moment* a player wins a trick outside
      their bid.  Digest, Trick play: "The game is lost at once".  With ``False`` the
      hand is played out (still lost) so a class can see the rest of it.
    """

    max_laps: int | None = None
    passes_to_lose: int | None = None
    fit_check_everyone: bool = True
    stop_at_loss: bool = True


DEFAULT_RULES = ComradeRules()

"""The open points of the Comrade rules, as named options with the digest's defaults.

Every default below is the reading of the rules page ``docs/rules/comrade.md``; change one
only to experiment (the notebook does, to show what a rule is for).

    >>> ComradeOptions().nothing_fits, ComradeOptions().ace_high
    ('player_to_act', True)
    >>> ComradeOptions(nothing_fits="nobody")
    Traceback (most recent call last):
    ...
    cardgames.errors.RuleConfigError: nothing_fits must be one of 'player_to_act', 'anyone', 'turns_left', not 'nobody'
"""

from __future__ import annotations

from dataclasses import dataclass

from .._aliases import warn_old_name
from ..errors import RuleConfigError, shown

__all__ = ["ComradeOptions", "DEFAULT_OPTIONS", "NOTHING_FITS_READINGS", "options_or_rules"]

#: The readings of the fourth way to lose the bidding ("nothing left that fits"), by name.
NOTHING_FITS_READINGS = {
    "player_to_act": "the player to act cannot take any card left in the middle without the total "
                     "passing the target (an overriding take counts by its raise)",
    "anyone": "nobody at all could take a card left in the middle without the total passing the target "
              "(this can never happen: someone can always open a suit with a 1 or raise one by 1)",
    "turns_left": "none of the players who still have a turn in the remaining laps could take a card "
                  "without the total passing the target",
}


@dataclass(frozen=True)
class ComradeOptions:
    """Options of the bidding and the trick play.

    * ``max_laps`` — bidding goes round at most this many times; ``None`` = the variant's
      (3).  Digest, Bidding 4: "At most 3 laps".
    * ``passes_to_lose`` — this many passes *in a row* lose the bidding; ``None`` = the
      number of players.  Digest, Bidding 6: "all 4 players pass in a row".
    * ``nothing_fits`` — whose cards the "nothing left that fits" loss looks at
      (rules page, Bidding 6): ``"player_to_act"`` (the default) — the bidding is lost when
      the player to act cannot take any card left in the middle without the total passing
      the target, an overriding take counting by how much it raises the total;
      ``"anyone"`` — only when *nobody* could (the older reading, under which the rule can
      never fire: the notebook's appendix proves it); ``"turns_left"`` — only the players
      who still have a turn in the remaining laps count.
    * ``ace_high`` — in the trick play the ace is the highest card of its suit (A K Q … 2,
      the default, as in ordinary trick-taking); the bid cards always count the ace as 1.
      With ``False`` the ace is the lowest card in play too.
    * ``stop_at_loss`` — the game ends *at the moment* a player wins a trick outside
      their bid.  Digest, Trick play: "The game is lost at once".  With ``False`` the
      hand is played out (still lost) so a class can see the rest of it.
    """

    max_laps: int | None = None
    passes_to_lose: int | None = None
    nothing_fits: str = "player_to_act"
    stop_at_loss: bool = True
    ace_high: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.nothing_fits, str) or self.nothing_fits not in NOTHING_FITS_READINGS:
            raise RuleConfigError(f"nothing_fits must be one of {', '.join(map(repr, NOTHING_FITS_READINGS))}, "
                                  f"not {shown(self.nothing_fits)}")
        for name in ("stop_at_loss", "ace_high"):
            if not isinstance(getattr(self, name), bool):
                raise RuleConfigError(f"{name} must be True or False, not {shown(getattr(self, name))}")
        for name in ("max_laps", "passes_to_lose"):
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
                raise RuleConfigError(f"{name} must be a whole number from 1, or None, not {shown(value)}")


DEFAULT_OPTIONS = ComradeOptions()


def options_or_rules(options: ComradeOptions | None, rules: ComradeOptions | None, where: str) -> ComradeOptions | None:
    """The options given to ``where`` (``"ComradeGame"``) as ``options=``, or as ``rules=``, the keyword's old
    name (kept for saved notebooks: it warns).  Both at once is a :class:`~cardgames.errors.RuleConfigError`.

        >>> options_or_rules(None, None, "ComradeGame") is None
        True
        >>> options_or_rules(DEFAULT_OPTIONS, DEFAULT_OPTIONS, "ComradeGame")
        Traceback (most recent call last):
        ...
        cardgames.errors.RuleConfigError: give ComradeGame the rule options once, as options= (rules= is its old name)
    """
    if rules is None:
        return options
    if options is not None:
        raise RuleConfigError(f"give {where} the rule options once, as options= (rules= is its old name)")
    warn_old_name(f"{where}(rules=...)", f"{where}(options=...)", stacklevel=4)
    return rules

"""How likely is a challenge to succeed?  An exact fraction under a simple model of what a player sees.

A teaching aid that **ignores special cards** (a J, K or joker only ever helps or
ends a challenge early; here every non-heart is just a safe card).

From seat ``s``'s point of view, the cards it cannot see are the stock, the
other hands and the face-down cards of the other piles: ``unknown`` cards, of
which ``hearts`` are (number) hearts: the hearts still in play less those ``s``
can see.  The model treats every arrangement of those cards as equally likely.
That is an assumption, not the full truth: it ignores what the public numbers
and the play so far reveal (in round 1, for example, each other pile comes from
a hand known to be the cards of that player's number and one special, and the
stock holds the ♠ and ♥ of the unused numbers), and that real players place
hearts on purpose.  Under it the cards a challenger turns from the other piles
are a uniform draw without replacement, whatever order the piles are chosen in,
and

    P(success) = C(unknown - hearts, k) / C(unknown, k)

where ``k`` is the number of cards to turn after the own pile (a heart in the
own pile makes the chance 0; declaring no more than the own pile makes it 1).  The
tests check this against :func:`brute_force_chance` (every arrangement
enumerated) and :func:`simulate_chance` (random arrangements of the real
hidden cards).

    >>> success_chance(unknown=10, hearts=3, flips=2)
    Fraction(7, 15)
    >>> success_chance(10, 3, 0), success_chance(4, 3, 2)
    (Fraction(1, 1), Fraction(0, 1))
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from typing import TYPE_CHECKING, Callable, Sequence

from ..cards import Card
from ..errors import RuleConfigError
from .setup import is_heart

if TYPE_CHECKING:   # for annotations only: never imported at run time (tests/test_layout.py)
    from .engine import HeartChallengeGame
    from .view import HeartChallengeView

# Reads a HeartChallengeView (or clones a HeartChallengeGame) handed to it, without importing either:
# the display imports this module, so the imports stay one way (tests/test_layout.py).

__all__ = ["success_chance", "ChallengeOdds", "challenge_odds", "challenge_chance", "chance_table",
           "brute_force_chance", "simulate_chance"]


def success_chance(unknown: int, hearts: int, flips: int) -> Fraction:
    """Chance that ``flips`` cards drawn without replacement from ``unknown`` cards, ``hearts`` of them
    hearts, contain no heart."""
    if not 0 <= hearts <= unknown or flips < 0:
        raise RuleConfigError(f"need 0 <= hearts <= unknown and flips >= 0, not {unknown=}, {hearts=}, {flips=}")
    if flips > unknown:
        raise RuleConfigError(f"cannot turn {flips} cards out of {unknown}")
    p = Fraction(1)
    for i in range(flips):
        p *= Fraction(unknown - hearts - i, unknown - i)
    return p


class ChallengeOdds:
    """The numbers behind a chance: own pile, unknown cards, hearts among them, face-down cards elsewhere."""

    def __init__(self, own_pile: Sequence[Card], unknown: int, hearts: int, facedown_others: int):
        self.own_pile = tuple(own_pile)
        self.unknown = unknown
        self.hearts = hearts
        self.facedown_others = facedown_others

    def chance(self, n: int) -> Fraction:
        """Chance of success when declaring ``n`` cards."""
        if any(is_heart(c) for c in self.own_pile):
            return Fraction(0)
        flips = min(max(n - len(self.own_pile), 0), self.facedown_others)
        return success_chance(self.unknown, self.hearts, flips)

    def __repr__(self) -> str:
        return (f"ChallengeOdds(own_pile={len(self.own_pile)} cards, unknown={self.unknown}, "
                f"hearts={self.hearts}, facedown_others={self.facedown_others})")


def challenge_odds(view: "HeartChallengeView") -> ChallengeOdds:
    """What the viewing seat knows, for a challenge it would make now (before any card is turned)."""
    seat = view.seat
    if seat is None:
        raise RuleConfigError("the odds are computed for one seat's view, not the all-seeing view")
    own = [c for c, _ in view.piles[seat]]
    seen = list(c for c in view.hands[seat]) + own
    unknown = view.stock_size
    facedown = 0
    for s in range(view.num_players):
        if s == seat:
            continue
        unknown += len(view.hands[s])
        for c, up in view.piles[s]:
            if up:
                seen.append(c)
            else:
                facedown += 1
    unknown += facedown
    hearts = view.hearts_in_play - sum(1 for c in seen if is_heart(c))
    return ChallengeOdds(own, unknown, hearts, facedown)


def challenge_chance(view: "HeartChallengeView", n: int) -> Fraction:
    """Exact chance (ignoring specials) that the viewing seat's challenge of ``n`` cards succeeds."""
    return challenge_odds(view).chance(n)


def chance_table(view: "HeartChallengeView") -> list[tuple[int, Fraction]]:
    """``(n, chance)`` for every number the viewing seat could declare now."""
    odds = challenge_odds(view)
    top = sum(len(p) for p in view.piles)
    return [(n, odds.chance(n)) for n in range(1, top + 1)]


def brute_force_chance(own_pile: Sequence[Card], unknown_cards: Sequence[Card], heights: Sequence[int],
                       n: int, choose_pile: Callable[[list[int]], int] | None = None) -> Fraction:
    """Enumerate every arrangement of ``unknown_cards`` into the face-down slots (the other piles have
    ``heights`` face-down cards; the rest of the unknown cards are in hands or the stock) and flip like a
    challenger: own pile first, then the top card of the pile ``choose_pile(remaining)`` picks (default:
    the tallest).  Returns the fraction of arrangements that succeed.  Small cases only."""
    if any(is_heart(c) for c in own_pile):
        return Fraction(0)
    choose = choose_pile or (lambda rem: max(range(len(rem)), key=lambda i: rem[i]))
    slots = sum(heights)
    wins = total = 0
    for arrangement in itertools.permutations(range(len(unknown_cards)), slots):
        piles, k = [], 0
        for h in heights:
            piles.append([unknown_cards[i] for i in arrangement[k:k + h]])
            k += h
        total += 1
        turned, ok = len(own_pile), True
        remaining = list(heights)
        while turned < n and any(remaining):
            p = choose(remaining)
            remaining[p] -= 1
            card = piles[p][remaining[p]]
            if is_heart(card):
                ok = False
                break
            turned += 1
        wins += ok
    return Fraction(wins, total)


def simulate_chance(game: "HeartChallengeGame", seat: int, n: int, trials: int = 2000,
                    seed: int | None = 0) -> float:
    """Monte-Carlo estimate: deal the cards ``seat`` cannot see at random into the same places (other
    hands, other piles' face-down slots, the stock) and flip ``n`` cards from random piles."""
    rng = random.Random(seed)
    others = [s for s in range(game.num_players) if s != seat]
    hidden = list(game.stock)
    heights = []
    for s in others:
        hidden += game.hands[s]
        down = game.face_down(s)
        hidden += game.piles[s][:down]
        heights.append(down)
    own = game.piles[seat]
    if any(is_heart(c) for c in own):
        return 0.0
    wins = 0
    for _ in range(trials):
        rng.shuffle(hidden)
        piles, k = [], 0
        for h in heights:
            piles.append(hidden[k:k + h])
            k += h
        turned, ok = len(own), True
        while turned < n and any(piles):
            pile = rng.choice([p for p in piles if p])
            if is_heart(pile.pop()):
                ok = False
                break
            turned += 1
        wins += ok
    return wins / trials

"""Beliefs about the others' final cards: the uniform model, and one that reads the forced follows.

Three belief models (chosen with ``beliefs=`` in :func:`~solvers.krypkille_endgame.player_view`);
the first two are here, the third in :mod:`solvers.krypkille_endgame.policy`:

* ``"uniform"`` — the simple one, for teaching: the others' final cards are a
  uniformly random assignment of distinct physical cards from the unseen pool
  (everything the viewer has not seen: the others' hands, their discards and
  the stock).  It ignores how the tricks went.
* ``"play"`` — the same, **conditioned on the public play**: a follow is never
  a choice (rules digest, rule 5: the lowest card at least as strong as the
  trick's top card, else the lowest card), so each follow tells what the
  follower did *not* hold at that moment — and the final card was in the hand
  all along:

  - it followed with ``p`` at least as strong as the top ``t``: its final card
    is not in ``t ≤ f < p`` (else it would have had to play that);
  - it followed with ``p`` weaker than the top ``t`` (it could not reach it):
    its final card is in ``p ≤ f < t`` (nothing at least ``t``; ``p`` the lowest).

  :func:`allowed_finals` intersects these sets per seat; the model is the
  uniform assignment restricted to them.  That is the exact posterior
  (Bayes) if nothing else in the play depends on the final cards: leads are
  free choices and discards are private, so the model assumes they were not
  made with the final card in mind.  Under that assumption the discard
  *counts* (public: everyone sees how many cards each player draws) say
  nothing more — any unseen card is equally likely to be in a hand, in a
  discard pile or in the stock — so they enter only through the pool.
  Computed **exactly** (the restricted sets go into the same counting as
  before), no sampling.  How well each model predicts real rounds is measured
  by ``benchmarks/bench_krypkille_calibration.py``.

On rounds played by the engine's heuristic players that assumption fails —
they lead their strongest card and discard their middle cards — and the
``"play"`` model is too optimistic (up to 0.25 off the diagonal).  The third
model, ``"policy"``, also reads those free choices when the others are the
engine's reference players (:mod:`solvers.krypkille_endgame.policy`); it is the
one on the diagonal, and the default of :meth:`Endgame.view
<solvers.krypkille_endgame.Endgame.view>` for a round the engine's players played.

>>> tricks = [[(0, "Pig"), (1, "Harlequin"), (2, "3")]]     # seat 1 reached the Pig; seat 2 not the Harlequin
>>> a = allowed_finals(tricks, 3)
>>> [k.label for k in mask_kinds(a[2])]                     # so its 3 was its lowest card, nothing reached
['3', '4', '5', '6', '7', '8', '9', '10', '11', '12', 'Inn', 'Cavalier', 'Pig', 'Hussar', 'Cuckoo']
>>> Kind.HUSSAR in mask_kinds(a[1]), Kind.PIG in mask_kinds(a[1])   # nothing from the Pig below the Harlequin
(False, False)
"""

from __future__ import annotations

from typing import Iterable, Sequence

from cardgames.krypkille import Kind, parse_kind
from cardgames.errors import shown

from .combinatorics import ALL, above, count_assignments, mask_kinds, pool_masks
from .common import EndgameError

__all__ = ["BELIEFS", "allowed_finals", "check_beliefs", "unique_lowest_probability", "mask_kinds"]

#: The belief models: name -> one-line description.
BELIEFS = {
    "uniform": "the others' final cards are a uniform draw from the unseen cards (the play is ignored)",
    "play": "the others' final cards are a uniform draw from the unseen cards consistent with every forced "
            "follow they made",
    "policy": "the others are the engine's heuristic players: their final cards are weighed by how well they "
              "explain every public action (discard counts, leads, follows)",
}


def check_beliefs(beliefs: str) -> str:
    """``beliefs`` if it names a model of :data:`BELIEFS`; :class:`EndgameError` naming it otherwise.

    >>> check_beliefs("policy")
    'policy'
    >>> check_beliefs("psychic")
    Traceback (most recent call last):
    ...
    solvers.krypkille_endgame.common.EndgameError: unknown belief model 'psychic': choose one of uniform, play, policy
    """
    if not isinstance(beliefs, str) or beliefs not in BELIEFS:
        raise EndgameError(f"unknown belief model {shown(beliefs)}: choose one of {', '.join(BELIEFS)}")
    return beliefs


def _range(lo: int, hi: int) -> int:
    """Mask of the kind values ``lo <= v < hi``."""
    return sum(1 << v for v in range(max(lo, 1), min(hi, 22)))


def allowed_finals(tricks: Iterable[Sequence], num_players: int) -> tuple[int, ...]:
    """Per seat, the bit mask of final cards consistent with every forced follow of that seat in ``tricks``
    (each trick a sequence of ``(seat, card)`` in play order, the lead first)."""
    allowed = [ALL] * num_players
    for trick in tricks:
        trick = [(seat, parse_kind(card)) for seat, card in trick]
        if not trick:
            continue
        top = int(trick[0][1])
        for seat, card in trick[1:]:
            if not 0 <= seat < num_players:
                raise EndgameError(f"trick names seat {shown(seat)}, but there are {num_players} seats")
            p = int(card)
            if p >= top:
                allowed[seat] &= ALL & ~_range(top, p)
            else:
                allowed[seat] &= _range(p, top)
            top = max(top, p)
    return tuple(allowed)


def unique_lowest_probability(pool, card: Kind, others_allowed: Sequence[int]) -> float:
    """Probability that ``card`` is the unique lowest final card, the others' cards drawn from ``pool``
    (which must not contain ``card`` itself any more) restricted per player to ``others_allowed``."""
    masks = pool_masks(pool)
    total = count_assignments(masks, list(others_allowed))
    if not total:
        raise EndgameError("no assignment of the unseen cards is consistent with the play")
    return count_assignments(masks, [a & above(card) for a in others_allowed]) / total

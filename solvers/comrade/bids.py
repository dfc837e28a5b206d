"""Legal *final* bids of Comrade, and a bidding sequence that reaches them.

A final bid is a matrix ``bids[player][suit]`` (suits in the order S, H, D, C):
how many tricks led in that suit the player must win.  The rules page
(``docs/rules/comrade.md``, *The solver's question*) makes it legal when

* every nonzero entry is the value of a bid card (1-6; 1-4 for 3 players),
* each player holds bids in at most 3 suits (3 laps, one card per turn),
* within one suit the nonzero values of different players differ (each bid card
  *suit, value* exists once), and
* the entries add up to the number of tricks (13; 12 for 3 players; the hand size
  of a mini deal).

Such a bid is reachable by bidding from any dealer under the literal reading of the
"nothing fits" loss (``ComradeOptions(nothing_fits="anyone")``): :func:`direct_bidding`
lets every player take their final cards one per lap and pass otherwise, and its
docstring proves that no loss rule triggers.  Under the default reading (only the
player to act counts) that order can fail near the end, and the solver then looks for
another order (:func:`solvers.comrade.solver._bidding_for`).

    >>> from cardgames.comrade import FOUR_PLAYERS
    >>> b = ((6, 0, 0, 0), (0, 3, 0, 0), (0, 0, 2, 0), (1, 0, 0, 1))
    >>> bid_problems(b, FOUR_PLAYERS, 13)
    []
    >>> direct_bidding(b, dealer=2)
    ['D2', 'S1', 'S6', 'H3', 'pass', 'C1']
    >>> bid_problems(((6, 0, 0, 0), (6, 1, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)), FOUR_PLAYERS, 13)
    ['seat 0 (N) and seat 1 (E) both bid 6 in S: there is only one bid card S6']

The legal final bids also form a small constraint problem, solved with
python-constraint2 (:func:`bid_problem`, :func:`some_legal_bid`): one variable per
(player, suit) cell, with deal-derived upper bounds (a player cannot win more
tricks led in a suit than the cards of that suit they hold).
"""

from __future__ import annotations

import json
import numbers
import re
from itertools import combinations
from typing import Any, Iterable, Iterator, Sequence

import constraint

from cardgames.cards import SUITS
from cardgames.comrade.variant import SEAT_LETTERS, Variant
from cardgames.errors import ParseError, shown, shown_text

__all__ = [
    "BidMatrix",
    "BidsError",
    "bid_problems",
    "is_legal_bid",
    "check_bids",
    "parse_bids",
    "read_json_bids",
    "format_bids",
    "direct_bidding",
    "bid_problem",
    "some_legal_bid",
    "iter_legal_bids",
    "suit_upper_bounds",
    "DistinctNonzero",
    "AtMostNonzero",
]

#: ``bids[player][suit]``, suits in the order S, H, D, C; 0 means "no bid in that suit".
BidMatrix = tuple[tuple[int, ...], ...]


class BidsError(ParseError):
    """Fixed bids that cannot be read, or that no legal bidding can produce.
    ``token`` is the offending piece of text (or the bid matrix)."""


def _seat(p: int) -> str:
    return f"seat {p} ({SEAT_LETTERS[p]})"


def bid_problems(bids: Sequence[Sequence[int]], variant: Variant, total: int) -> list[str]:
    """Every reason why ``bids`` is not a legal final bid (an empty list when it is legal)."""
    problems: list[str] = []
    n = variant.players
    if len(bids) != n or any(len(row) != len(SUITS) for row in bids):
        return [f"bids need {n} rows (one per seat) of 4 numbers (S, H, D, C)"]
    allowed = set(variant.bid_values)
    for p, row in enumerate(bids):
        for s, v in enumerate(row):
            if v != 0 and v not in allowed:
                problems.append(f"{_seat(p)} bids {v} in {SUITS[s]}: bid cards have values "
                                f"{min(allowed)}-{max(allowed)}")
        used = sum(1 for v in row if v)
        if used > variant.max_suits:
            problems.append(f"{_seat(p)} bids in {used} suits: at most {variant.max_suits} "
                            f"({variant.max_laps} laps, one card per turn)")
    for s in range(len(SUITS)):
        for p, q in combinations(range(n), 2):
            v = bids[p][s]
            if v and v == bids[q][s]:
                problems.append(f"{_seat(p)} and {_seat(q)} both bid {v} in {SUITS[s]}: "
                                f"there is only one bid card {SUITS[s]}{v}")
    got = sum(sum(row) for row in bids)
    if got != total:
        problems.append(f"the bids add up to {got}, not {total} (the number of tricks)")
    return problems


def is_legal_bid(bids: Sequence[Sequence[int]], variant: Variant, total: int) -> bool:
    """True when ``bids`` is a legal final bid (see :func:`bid_problems`)."""
    return not bid_problems(bids, variant, total)


#: The largest count a bid matrix may hold before it is refused unread (a deal has at most 13 tricks).
_MAX_COUNT = 10 ** 6
#: JSON bids are rows of counts: two levels of brackets, never more.
_MAX_JSON_DEPTH = 2


def _count(value: object) -> int:
    """One entry of a bid matrix, strictly: a whole number (an ``int``, or anything that is one
    exactly, such as a NumPy integer), never ``True``, ``1.5``, ``nan``, ``inf`` or ``"6"``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise BidsError(f"{shown(value)} is not a whole number (write counts like 2)", value)
    count = int(value)
    if abs(count) > _MAX_COUNT:
        raise BidsError(f"{shown(count)} is far too large a count (a deal has at most 13 tricks)", value)
    return count


def check_bids(bids: Sequence[Sequence[int]], variant: Variant, total: int) -> BidMatrix:
    """``bids`` as a :data:`BidMatrix`; :class:`BidsError` naming the first problem if illegal.

    The entries must be whole numbers: ``1.5``, ``True``, ``float("inf")`` and ``"6"`` are
    refused, not rounded or converted.

    >>> from cardgames.comrade import FOUR_PLAYERS
    >>> check_bids([[1.5, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], FOUR_PLAYERS, 13)
    Traceback (most recent call last):
    ...
    solvers.comrade.bids.BidsError: 1.5 is not a whole number (write counts like 2)
    """
    if isinstance(bids, (str, bytes, bytearray)) or not isinstance(bids, Iterable):
        raise BidsError(f"bids must be rows of whole numbers, not {shown(bids)}", bids)
    rows = list(bids)
    if len(rows) > _MAX_COUNT or any(isinstance(row, (str, bytes, bytearray, dict)) or not isinstance(row, Iterable)
                                     for row in rows):
        raise BidsError(f"bids must be rows of whole numbers, not {shown(bids)}", bids)
    matrix = tuple(tuple(_count(v) for v in row) for row in rows)
    problems = bid_problems(matrix, variant, total)
    if problems:
        raise BidsError("illegal bids: " + "; ".join(problems), matrix)
    return matrix


def read_json_bids(text: str) -> list[list[int]]:
    """Bids given as JSON rows, read strictly: whole numbers only (no ``1.0``, ``1e3``,
    ``true``, ``NaN``, ``Infinity``, no number of more than 6 digits), at most two levels
    of brackets.  The shape and the rules are checked afterwards, by :func:`check_bids`.

    >>> read_json_bids("[[1,0,0,0],[0,1,0,0],[0,0,0,0],[0,0,0,0]]")[1]
    [0, 1, 0, 0]
    >>> read_json_bids("[[0,0,0,0],[0,Infinity,0,0]]")
    Traceback (most recent call last):
    ...
    solvers.comrade.bids.BidsError: Infinity is not a whole number (write counts like 2)
    """
    if not isinstance(text, str):
        raise BidsError(f"JSON bids are a string, not {shown(text)}", text)
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:  # refuse deep nesting before the JSON reader recurses into it
        if in_string:
            escaped, in_string = (False, True) if escaped else (ch == "\\", ch != '"')
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > _MAX_JSON_DEPTH:
                raise BidsError("JSON bids are rows of counts, [[S,H,D,C], ...]: too many nested brackets",
                                text)
        elif ch in "]}":
            depth -= 1

    def no_number(token: str) -> Any:  # a float such as 1.5 or 1e0, or NaN / Infinity
        raise BidsError(f"{shown_text(token)} is not a whole number (write counts like 2)", token)

    def small_int(token: str) -> int:
        if len(token.lstrip("-")) > 6:
            raise BidsError(f"{shown_text(token)} is far too large a count", token)
        return int(token)

    try:
        rows = json.loads(text, parse_float=no_number, parse_constant=no_number, parse_int=small_int)
    except json.JSONDecodeError as e:
        raise BidsError(f"bids {shown(text)} are not valid JSON ({e.msg} at column {e.colno})", text) from None
    except RecursionError:  # pragma: no cover - refused by the depth scan above
        raise BidsError("JSON bids: too many nested brackets", text) from None
    if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
        raise BidsError(f"JSON bids must be a list of rows, [[S,H,D,C], ...], not {shown(text)}", text)
    for row in rows:
        for v in row:
            if type(v) is not int:  # True/False are ints to Python, not counts
                raise BidsError(f"{json.dumps(v)} is not a whole number (write counts like 2)", v)
    return rows


_CARD = re.compile(r"^([SHDC])([1-9])$")
#: Longer text than this is no bid (the longest legal JSON matrix has about 60 characters).
_MAX_TEXT = 10_000


def parse_bids(text: str, variant: Variant, total: int) -> BidMatrix:
    """Read fixed bids, in one of two notations, and check that they are legal.

    * JSON, as the solver prints it: one row per seat of counts for S, H, D, C,
      e.g. ``[[6,0,0,0],[0,3,0,0],[0,0,2,0],[1,0,0,1]]``;
    * bid cards per seat, seats separated by ``/`` in seat order (N, E, S, W),
      ``-`` for a seat that bids nothing: ``"S6 / H3 / D2 / S1 C1"``.

    >>> from cardgames.comrade import FOUR_PLAYERS
    >>> parse_bids("S6 / H3 / D2 / S1 C1", FOUR_PLAYERS, 13)
    ((6, 0, 0, 0), (0, 3, 0, 0), (0, 0, 2, 0), (1, 0, 0, 1))
    >>> parse_bids("S6 / H3 / D2 / S1 C9", FOUR_PLAYERS, 13)
    Traceback (most recent call last):
    ...
    solvers.comrade.bids.BidsError: bid card 'C9' of seat 3 (W): write a suit letter and a value 1-6, like H3
    """
    if not isinstance(text, str):
        return check_bids(text, variant, total)
    if len(text) > _MAX_TEXT:
        raise BidsError(f"bids {shown(text)} are far too long: a final bid names at most "
                        f"{variant.players * variant.max_suits} bid cards", text)
    body = text.strip()
    if body.startswith("["):
        rows = read_json_bids(body)
        return check_bids(rows, variant, total)
    parts = body.split("/")
    n = variant.players
    if len(parts) != n:
        raise BidsError(f"bids {shown(body)} name {len(parts)} seat(s); write {n} groups separated by '/' "
                        f"(use '-' for a seat without bids)", body)
    rows = [[0] * len(SUITS) for _ in range(n)]
    top = max(variant.bid_values)
    for p, part in enumerate(parts):
        for token in part.replace(",", " ").split():
            if token == "-":
                continue
            m = _CARD.match(token.upper())
            if not m or int(m.group(2)) not in variant.bid_values:
                raise BidsError(f"bid card {shown(token)} of {_seat(p)}: write a suit letter and a value "
                                f"1-{top}, like H3", token)
            s = SUITS.index(m.group(1))
            if rows[p][s]:
                raise BidsError(f"{_seat(p)} names two bid cards of suit {m.group(1)}: give only the final one",
                                token)
            rows[p][s] = int(m.group(2))
    return check_bids(rows, variant, total)


def format_bids(bids: BidMatrix) -> str:
    """The bid-card notation read by :func:`parse_bids`: ``'S6 / H3 / D2 / S1 C1'``."""
    return " / ".join(" ".join(f"{SUITS[s]}{v}" for s, v in enumerate(row) if v) or "-" for row in bids)


def direct_bidding(bids: BidMatrix, dealer: int = 0) -> list[str]:
    """A legal bidding sequence from ``dealer`` that ends with exactly ``bids``.

    Lap after lap, each player in turn takes the next of their final bid cards
    (in suit order) and passes once they have taken them all; the sequence stops
    the moment the last card is taken.  Why no loss rule of the digest triggers:

    * no take exceeds the total and no card is ever covered: the running total is
      a partial sum of the final bids, which add up to exactly the total;
    * at most 3 laps: a player has at most 3 final cards, one per lap;
    * never all players pass in a row: the takers of lap *k+1* are a subset of those
      of lap *k*, so between two takes (or before the first) fewer than one full lap of
      passes happens;
    * some card can always still be taken: the next final card of its owner is in
      the middle and its value is at most what is missing from the total.  That is
      the "nothing fits" loss as ``nothing_fits="anyone"`` reads it.  The default
      reading looks only at the player to act, who may be unable to take that card
      (their own pile of its suit may already be higher), so under the default rules
      the order can fail; the solver checks it and searches for another.

    >>> direct_bidding(((2, 0, 0, 0), (0, 1, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)), dealer=3)
    ['pass', 'S2', 'H1']
    """
    n = len(bids)
    queues = [[f"{SUITS[s]}{v}" for s, v in enumerate(row) if v] for row in bids]
    remaining = sum(len(q) for q in queues)
    actions: list[str] = []
    if remaining == 0:
        return actions
    for lap in range(max(len(q) for q in queues)):
        for i in range(n):
            p = (dealer + i) % n
            if lap < len(queues[p]):
                actions.append(queues[p][lap])
                remaining -= 1
                if remaining == 0:
                    return actions
            else:
                actions.append("pass")
    raise AssertionError("unreachable: every final card is taken within the laps")


# -- the constraint problem ------------------------------------------------------------

def suit_upper_bounds(hands_by_suit: Sequence[Sequence[int]], total: int) -> list[list[int]]:
    """Deal-derived bounds: player ``p`` can win at most ``hands_by_suit[p][s]`` tricks
    led in suit ``s`` (the winner of such a trick plays a card of that suit)."""
    return [[min(h, total) for h in row] for row in hands_by_suit]


def bid_problem(variant: Variant, total: int,
                upper: Sequence[Sequence[int]] | None = None,
                lower: Sequence[Sequence[int]] | None = None) -> constraint.Problem:
    """The legal final bids as a python-constraint2 problem.

    Variables are ``(player, suit)`` pairs with values 0 or a bid-card value, at most
    ``upper[p][s]`` and at least ``lower[p][s]`` when given; constraints: the sum is
    ``total``, at most ``max_suits`` nonzero cells per player, and distinct nonzero
    values per suit.
    """
    n = variant.players
    problem = constraint.Problem()
    cells = [(p, s) for p in range(n) for s in range(len(SUITS))]
    for p, s in cells:
        hi = total if upper is None else upper[p][s]
        lo = 0 if lower is None else lower[p][s]
        domain = [v for v in (0, *variant.bid_values) if lo <= v <= hi]
        if not domain:
            domain = [-1]  # no value fits: the problem has no solution
        problem.addVariable((p, s), domain)
    problem.addConstraint(constraint.ExactSumConstraint(total), cells)
    for p in range(n):
        problem.addConstraint(AtMostNonzero(variant.max_suits), [(p, s) for s in range(len(SUITS))])
    for s in range(len(SUITS)):
        problem.addConstraint(DistinctNonzero(), [(p, s) for p in range(n)])
    return problem


class DistinctNonzero(constraint.Constraint):
    """The nonzero values of the variables are all different (one bid card per suit and value).

    Like :class:`constraint.AllDifferentConstraint` but zeros may repeat; it also checks
    partial assignments and hides used values from the other domains (forward checking).
    """

    def __call__(self, variables, domains, assignments, forwardcheck=False, _unassigned=constraint.Unassigned):
        seen = set()
        for variable in variables:
            value = assignments.get(variable, _unassigned)
            if value is not _unassigned and value:
                if value in seen:
                    return False
                seen.add(value)
        if forwardcheck and seen:
            for variable in variables:
                if variable not in assignments:
                    domain = domains[variable]
                    for value in seen:
                        if value in domain:
                            domain.hideValue(value)
                    if not domain:
                        return False
        return True


class AtMostNonzero(constraint.Constraint):
    """At most ``limit`` of the variables are nonzero (a player bids in at most 3 suits)."""

    def __init__(self, limit: int):
        self.limit = limit

    def __call__(self, variables, domains, assignments, forwardcheck=False, _unassigned=constraint.Unassigned):
        used = sum(1 for v in variables if assignments.get(v, 0) not in (0, _unassigned))
        if used > self.limit:
            return False
        if forwardcheck and used == self.limit:
            for variable in variables:
                if variable not in assignments:
                    domain = domains[variable]
                    for value in list(domain):
                        if value:
                            domain.hideValue(value)
                    if not domain:
                        return False
        return True


def _matrix(solution: dict, n: int) -> BidMatrix:
    return tuple(tuple(solution[(p, s)] for s in range(len(SUITS))) for p in range(n))


def some_legal_bid(variant: Variant, total: int,
                   upper: Sequence[Sequence[int]] | None = None,
                   lower: Sequence[Sequence[int]] | None = None) -> BidMatrix | None:
    """One legal final bid within the bounds, or ``None`` if there is none.

    >>> from cardgames.comrade import THREE_PLAYERS
    >>> some_legal_bid(THREE_PLAYERS, 12, upper=[[4, 0, 0, 0], [3, 0, 0, 0], [9, 0, 0, 0]]) is None
    True
    """
    solution = bid_problem(variant, total, upper, lower).getSolution()
    return None if solution is None else _matrix(solution, variant.players)


def iter_legal_bids(variant: Variant, total: int,
                    upper: Sequence[Sequence[int]] | None = None,
                    lower: Sequence[Sequence[int]] | None = None) -> Iterator[BidMatrix]:
    """Every legal final bid within the bounds (there can be very many for 13 tricks)."""
    for solution in bid_problem(variant, total, upper, lower).getSolutionIter():
        yield _matrix(solution, variant.players)

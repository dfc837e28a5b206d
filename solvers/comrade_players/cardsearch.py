"""Silent players on top of the convention card: reading the table, and a search that improves on the card.

The design of the strongest programs for hidden-information card games (bridge: GIB, BEN;
Hanabi: SPARTA, Lerer et al. 2020), in a form a class can follow:

1. every seat follows a **known blueprint**, the convention card
   (:class:`~solvers.comrade_players.convention.ConventionCard`);
2. the hidden hands are sampled **in proportion to how well the card explains** every bid,
   pass and card seen (:func:`~solvers.comrade_players.inference.sample_worlds`);
3. a search **improves on the card only where it is clearly better**: each candidate action
   is tried in every sampled world and the game is played out with **every seat following
   the card afterwards** (a *rollout*).  The card's own choice is kept unless another
   candidate wins at least ``margin`` more of the worlds.

Why rollouts and not the all-hands-visible solver: the solver assumes that after this action
everyone plays perfectly *for that world*, which silent partners cannot do (strategy fusion,
notebook 22).  A rollout assumes exactly what the partners will really do: follow the card.

* :class:`CardSearchPlayer` — the card, the inference and the rollout search (the strongest
  silent player, study kind ``"card+inference+search"`` = ``"best"``);
* :class:`InferenceSamplingPlayer` — the card's bidding and the old perfect-information
  sampling in the play, but on worlds weighted by the card (study kind ``"card+inference"``).

Both see only their seat's view, and are seeded: the same seed and views give the same choices.

    >>> from cardgames.comrade import ComradeGame, Deal
    >>> game = ComradeGame(Deal.random(4), dealer=0)
    >>> p = CardSearchPlayer(samples=4, seed=1)
    >>> p.act(game.view(0), game.legal_actions()) in game.legal_actions()
    True
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, replace
from typing import Any, Hashable, NamedTuple, Sequence, cast

from cardgames.cards import SUITS, Card
from cardgames.comrade import ComradeGame, ComradeView
from cardgames.comrade.bidding import PASS, BidCard, action_words
from cardgames.comrade.play import TrickPlay, play_rank
from cardgames.comrade.players import HeuristicPlayer, require_view
from cardgames.comrade.options import DEFAULT_OPTIONS, ComradeOptions
from cardgames.errors import PlayerOptionError

from .convention import ConventionCard, card_mask, fill_room, mypyc_attr, suit_strength
from .inference import METHODS, TRUST_FLOOR, Worlds, card_key, sample_worlds, seat_view
from solvers.comrade.position import solve_position
from solvers.comrade.picture import position_from_hands
from solvers.comrade.search import PlaySearch
from .sampling import SamplingPlayer, deal_from_view, equivalent_cards, played_cards

#: Positions remembered (the value of a leaf, the solver's verdict) per kind of player, then it starts
#: afresh, see ``CardSearchPlayer._prepare``.
MEMO_LIMIT = 50_000
_MEMOS: dict = {}

#: How a world may score a position the solver could not decide (``CardSearchSettings.unknown``).
UNKNOWN_RULES = ("rollout", "win")


def _unknown_kind(rule: str) -> tuple:
    """What the rule for an undecided verdict adds to the name of a leaf memo (nothing for the default)."""
    return () if rule == "rollout" else ("unknown", rule)


class _Judge(NamedTuple):
    """How one phase's decisions value a position after the card's horizon (its settings, resolved once): the
    process-wide memos of position values and solver verdicts, the solver's budget, whether an undecided
    verdict counts as a win, and the leaf rule."""

    values: dict
    verdicts: dict
    limit: int
    unknown_wins: bool
    leaf: str


def _shared(kind: tuple) -> dict:
    """The process-wide memo of ``kind``: the values of positions for players whose card, rules and budget
    give the same values (one table's four players, the next game's), so a position is judged once."""
    return _MEMOS.setdefault(kind, {})


_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}

__all__ = ["CardSearchPlayer", "CardSearchSettings", "InferenceSamplingPlayer", "rollout", "candidates", "seat_view",
           "fast_clone", "fill_room"]


def fast_clone(game: ComradeGame) -> ComradeGame:
    """A copy of ``game`` whose actions leave ``game`` as it was, without :func:`copy.deepcopy`: the
    bid cards, cards, tricks and bidding steps are immutable and shared, and so is the finished bidding
    of a game in the play (the play never changes it)."""
    new = ComradeGame.__new__(ComradeGame)
    new.__dict__.update(game.__dict__)
    if game.trickplay is None:
        b = copy.copy(game.bidding)
        b.piles = [{s: list(v) for s, v in pile.items()} for pile in game.bidding.piles]
        b.taken = dict(game.bidding.taken)
        b.history = list(game.bidding.history)
        new.bidding = b
    else:
        t = copy.copy(game.trickplay)
        t.hands = [list(h) for h in game.trickplay.hands]
        t.bids = [dict(x) for x in game.trickplay.bids]
        t.tricks = list(game.trickplay.tricks)
        t.current = list(game.trickplay.current)
        t.won = [dict(w) for w in game.trickplay.won]
        new.trickplay = t
    new.history = list(game.history)
    return new


def relaid(game: ComradeGame, view: ComradeView, hands: Sequence[Sequence[Card]]) -> ComradeGame:
    """:func:`~solvers.comrade_players.sampling.game_from_view` ``(view, hands)`` from ``game``, the game at
    ``view``'s position in another layout (left as it was): the same state, without replaying every public
    action.  Only the cards held differ between layouts: the deal (each seat's cards now and the cards it
    played) and, in the play, the cards held (in the deal's order, as the replay leaves them).  A test checks it
    equals the replay.

        >>> from cardgames.comrade import ComradeGame, Deal
        >>> from solvers.comrade_players.sampling import game_from_view
        >>> v = ComradeGame(Deal.random(3), dealer=0).play(["S1", "pass"]).view(0)
        >>> mine, swapped = [list(h) for h in Deal.random(3).hands], [list(h) for h in Deal.random(3).hands]
        >>> swapped[1], swapped[2] = swapped[2], swapped[1]         # another layout of the same view
        >>> relaid(game_from_view(v, mine), v, swapped).deal.hands == game_from_view(v, swapped).deal.hands
        True
    """
    new = fast_clone(game)
    played = played_cards(view)
    new.deal = deal = deal_from_view(view, hands, played)
    if new.trickplay is not None:
        # what the replay leaves: each seat's cards of the deal, in the deal's order, less those it played
        held = []
        for p in range(len(played)):
            gone = {(c.suit, c.rank) for c in played[p]}
            held.append([c for c in deal.hands[p] if (c.suit, c.rank) not in gone])
        new.trickplay.hands = held
    return new


def _apply_legal(game: ComradeGame, action) -> None:
    """``game.apply(action)`` for an action taken from ``game.legal_actions()`` just now: the engine's
    own step without its checks (parsing the action, the game not over, the action legal), which such an
    action passes by construction and which cost as much as the step itself in a rollout."""
    game._apply(action)


def _follow_card(game: ComradeGame, card, target: int | None = None) -> None:
    """Play on in ``game`` with every seat following ``card`` (each from its own view): through the rest of the
    bidding, then the trick play to the end, or with ``target`` until that many tricks are complete.  The
    trick play is stepped by its own loop (the engine's ``_apply`` in the play is the trick play's step and
    one entry of the history); the actions come from ``legal_actions()``, so no check is needed."""
    while game.trickplay is None:
        if game.is_terminal():                           # lost in the bidding
            return
        seat = cast(int, game.current_player())          # a seat: the game is not over
        legal = game.legal_actions()
        _apply_legal(game, legal[0] if len(legal) == 1 else card.choose(seat_view(game, seat, legal), legal))
    tp = cast(TrickPlay, game.trickplay)
    history = game.history
    while True:
        player = tp.current_player()
        if player is None or (target is not None and not tp.current and len(tp.tricks) >= target):
            return
        cards = tp.legal_actions()
        chosen = cards[0] if len(cards) == 1 else card.choose(seat_view(game, player, cards), cards)
        tp._play(chosen)
        history.append((player, chosen))


def rollout(game: ComradeGame, card) -> float:
    """Play ``game`` to the end with every seat following ``card`` (each from its own view in that
    game).  ``game`` is changed.  The value: 1 for a win; for a loss in the play, half the share of
    the tricks completed before it (a loss later is a little better: the decision did less harm;
    this only separates actions when no rollout wins); 0 for a loss in the bidding."""
    _follow_card(game, card)
    if game.result == "win":
        return 1.0
    if game.trickplay is None:
        return 0.0
    return 0.5 * (len(game.trickplay.tricks) - 1) / game.total


def candidates(view: ComradeView, legal: Sequence[Hashable], card, k: int, ace_high: bool = True,
               fills: bool = False) -> list:
    """The actions worth trying, ``k`` at most, the card's choice first.

    The card gives every action it would not make the same small probability, so "the next most
    likely" says little; the other candidates are the natural alternatives instead: the plain
    heuristic player's choice (a second opinion), then in the bidding a pass and the card's bid one
    value lower and higher, and in the play the other end of the chosen suit (the lowest card
    instead of the highest, or the other way round) and the highest and lowest card of the other
    suits.  Cards that are equivalent in every world (:func:`~solvers.comrade_players.sampling.equivalent_cards`)
    are tried once.

    With ``fills`` (a bid of the last laps, where the card fills the total by rule B6), the other ways to
    add as much to the total as the card's bid come next: the same raise in each other suit, the suits with
    the most room first (:func:`fill_room`), then one less in those suits.  Which seat takes which share of
    the missing tricks decides most final biddings that no play can make.
    """
    legal = list(legal)
    choice = card.choose(view, legal)
    wanted = [choice, HeuristicPlayer().act(view, legal)]
    if view.phase == "bidding":
        classes = [[a] for a in legal]
        if isinstance(choice, BidCard):
            wanted += [PASS] + [BidCard(choice.suit, v) for v in (choice.value - 1, choice.value + 1) if 1 <= v <= 6]
            if fills:
                wanted += _fills(view, legal, choice, ace_high)
        else:
            strength = suit_strength(view.hand, card.rules if hasattr(card, "rules") else DEFAULT_OPTIONS,
                                     len(view.hand_sizes))
            for s in sorted(SUITS, key=lambda s: (-strength[s], SUITS.index(s))):
                wanted += [a for a in legal
                           if isinstance(a, BidCard) and a.suit == s and a.value == max(1, strength[s])]
    else:
        classes = equivalent_cards(view, legal, ace_high)
        by_suit: dict = {}
        for c in sorted(cast("list[Card]", legal), key=lambda c: play_rank(c, ace_high)):    # the play: cards
            by_suit.setdefault(c.suit, []).append(c)
        if isinstance(choice, Card):
            mine = by_suit.get(choice.suit, [])
            wanted += [mine[0], mine[-1]]
        for s in SUITS:
            if s in by_suit and not (isinstance(choice, Card) and s == choice.suit):
                wanted += [by_suit[s][-1], by_suit[s][0]]
    where = {str(a): i for i, g in enumerate(classes) for a in g}
    out, used = [], set()
    for a in wanted + legal:
        i = where.get(str(a))
        if i is None or i in used:
            continue
        used.add(i)
        out.append(a)
        if len(out) == k:
            break
    return out


def _fills(view: ComradeView, legal: Sequence[Hashable], choice: BidCard, ace_high: bool) -> list:
    """The other suits' bids that add as much to the total as ``choice`` (then one less), the suits with
    the most :func:`fill_room` first: :func:`candidates` with ``fills``."""
    mine = view.bids[view.seat]
    players = len(view.hand_sizes)
    more = choice.value - mine.get(choice.suit, 0)
    room = {s: fill_room(view.hand, s, mine.get(s, 0), ace_high, players) for s in SUITS}
    order = sorted((s for s in SUITS if s != choice.suit), key=lambda s: (-room[s], SUITS.index(s)))
    out = []
    for step in (more, more - 1):
        if step < 1:
            continue
        for s in order:
            value = mine.get(s, 0) + step
            if value <= 6 and BidCard(s, value) in legal:
                out.append(BidCard(s, value))
    return out


@mypyc_attr(native_class=False)     # compiled (make compiled), a plain class: it checks its fields itself
@dataclass(frozen=True)
class CardSearchSettings:
    """What a :class:`CardSearchPlayer` is told before the game; a bad value raises
    :class:`~cardgames.errors.PlayerOptionError` naming the field.

    * ``samples`` — worlds per decision in the play, ``bid_samples`` in the bidding (``None``: the
      same as ``samples``), and ``late_bid_samples`` with the margin ``late_bid_margin`` from lap
      ``late_lap`` of the bidding on (``None``: no late bids).  Most fatal bids come late in the
      bidding (the card's fill, rule B6), so the late bids get more worlds and a smaller margin.
      The worlds are drawn by :func:`~solvers.comrade_players.inference.sample_worlds` with ``method``:
      ``"mcmc"``, the default, walks from the likeliest of ``oversample`` prior draws per world to
      layouts that explain the table better (a Metropolis chain of card swaps); ``"resample"`` gives
      equally weighted worlds drawn from the prior draws, ``"importance"`` weighted ones;
    * ``candidates`` (``bid_candidates`` in the bidding, default the same) — how many actions to
      try: the card's choice first, then the natural alternatives (:func:`candidates`);
    * ``margin`` (``bid_margin`` in the bidding) — another candidate replaces the card's choice
      only if its score is at least this much higher (a score is a share of worlds).  The rest
      of the time the card is followed: it is what the partners expect and read;
    * ``horizon`` (``bid_horizon``) — how each world is scored.  ``None``: the card plays the game
      to the end (:func:`rollout`).  A number ``h``: the card plays ``h`` more tricks (in the
      bidding: to the end of the bidding and ``h`` tricks), then the position solver
      (``node_limit`` positions, ``bid_node_limit`` in the bidding, ``None``: the same; exact, all hands
      visible) judges the rest: no win possible
      scores 0; a win possible scores 1 with ``leaf="solver"`` (``bid_leaf`` in the bidding, ``None``: the
      same), with ``leaf="mixed"`` (default)
      one half plus one half of the card's rollout from there.  Defaults: ``horizon=0`` in the
      play (the card finishes the trick in progress, then the solver and the card's rollout each
      give half), the solver as soon as the bidding ends in the bidding.  A full rollout alone
      scores every world the card loses alike, so it cannot tell a card after which the partners'
      play loses from one after which no play can win: the solver's half tells them apart;
    * ``seed`` — the player's own generator: each decision draws one number from it;
    * ``card`` — the convention card (default :class:`ConventionCard` with ``rules``);
    * ``trust_floor`` — see :mod:`solvers.comrade_players.inference`.

    * ``rules`` — the game's rules (the card's and the worlds').

    Variants of the bidding decision, off by default (``None``), so the default player decides as the
    stored studies were played (``docs/research/2026-12-07-comrade-bidding-variants.md`` compares them):

    * ``fill_candidates`` — from lap ``late_lap`` on, try this many candidate bids, among them the other
      suits' ways to add as much to the total as the card's bid (:func:`candidates` with ``fills``): the
      card's fill (rule B6) picks one suit by a rule of thumb, and the missing tricks may fit another;
    * ``bid_doubt`` with ``bid_doubt_margin`` — a more cautious acceptance of the card's bid: when the
      card's own bid scores below ``bid_doubt`` (its final bids look unmakeable in most worlds), another
      candidate replaces it if it scores ``bid_doubt_margin`` more (instead of the bid margin); only from lap
      ``bid_doubt_lap`` of the bidding on (default 1: every lap); ``play_doubt`` with ``play_doubt_margin`` the
      same for a card in the play, when the card's own card scores below ``play_doubt``;
    * ``unknown`` (``bid_unknown`` in the bidding, ``None``: the same) — how a world is scored when the solver
      runs out of its ``node_limit`` positions before it can say whether the bids can still be made:
      ``"rollout"`` (default) by the card's rollout alone, as a position no play wins; ``"win"`` as a position
      some play wins (with ``leaf="mixed"`` one half plus one half of the rollout).  Most such positions can be
      made: in the bidding the solver with a larger budget finds a win for nine in ten of those it decides, so
      ``"rollout"`` scores an action that leaves a hard but makeable play below one that leaves an easy one.

    The defaults are the ones the measurements chose.

        >>> CardSearchSettings(samples=4).samples, CardSearchSettings().bid_samples
        (4, 6)
        >>> CardSearchSettings(margin=2)
        Traceback (most recent call last):
        ...
        cardgames.errors.PlayerOptionError: margin is a share of worlds, between 0 and 1, not 2
    """

    samples: int = 12
    candidates: int = 3
    margin: float = 0.15
    seed: int | None = 0
    rules: ComradeOptions = DEFAULT_OPTIONS
    card: Any = None
    trust_floor: float = TRUST_FLOOR
    method: str = "mcmc"
    bid_candidates: int | None = None
    oversample: int = 3
    horizon: int | None = 0
    bid_horizon: int | None = 0
    leaf: str = "mixed"
    bid_leaf: str | None = None
    node_limit: int = 1000
    bid_node_limit: int | None = None
    bid_margin: float = 0.25
    bid_samples: int | None = 6
    late_lap: int | None = 3
    late_bid_samples: int = 18
    late_bid_margin: float = 0.15
    fill_candidates: int | None = None
    bid_doubt: float | None = None
    bid_doubt_margin: float = 0.05
    bid_doubt_lap: int = 1
    unknown: str = "rollout"
    bid_unknown: str | None = None
    play_doubt: float | None = None
    play_doubt_margin: float = 0.05

    def __post_init__(self):
        samples, late_lap, oversample = self.samples, self.late_lap, self.oversample
        for name, n in (("samples", samples), ("bid_samples", self.bid_samples),
                        ("late_bid_samples", self.late_bid_samples)):
            if n is not None and (isinstance(n, bool) or not isinstance(n, int) or n < 1):
                raise PlayerOptionError(f"{name} must be a number of worlds, at least 1, not {n!r}", name)
        if samples is None:
            raise PlayerOptionError("samples must be a number of worlds, at least 1, not None", "samples")
        for name, c in (("candidates", self.candidates), ("bid_candidates", self.bid_candidates),
                        ("fill_candidates", self.fill_candidates)):
            if c is not None and (isinstance(c, bool) or not isinstance(c, int) or c < 1):
                raise PlayerOptionError(f"{name} must be at least 1 (the card's own choice), not {c!r}", name)
        for name, m in (("margin", self.margin), ("bid_margin", self.bid_margin),
                        ("late_bid_margin", self.late_bid_margin), ("bid_doubt", self.bid_doubt),
                        ("bid_doubt_margin", self.bid_doubt_margin), ("play_doubt", self.play_doubt),
                        ("play_doubt_margin", self.play_doubt_margin)):
            if m is None and name in ("bid_doubt", "play_doubt"):
                continue
            if isinstance(m, bool) or not isinstance(m, (int, float)) or not 0 <= m <= 1:
                raise PlayerOptionError(f"{name} is a share of worlds, between 0 and 1, not {m!r}", name)
        if isinstance(self.bid_doubt_lap, bool) or not isinstance(self.bid_doubt_lap, int) or self.bid_doubt_lap < 1:
            raise PlayerOptionError(f"bid_doubt_lap must be a lap of the bidding (1 or more), not "
                                    f"{self.bid_doubt_lap!r}", "bid_doubt_lap")
        if late_lap is not None and (isinstance(late_lap, bool) or not isinstance(late_lap, int) or late_lap < 1):
            raise PlayerOptionError(f"late_lap must be a lap of the bidding (1 or more) or None, not {late_lap!r}",
                                    "late_lap")
        if isinstance(oversample, bool) or not isinstance(oversample, int) or oversample < 1:
            raise PlayerOptionError(f"oversample must be a number of prior draws per world, at least 1, not "
                                    f"{oversample!r}", "oversample")
        if self.method not in METHODS:
            raise PlayerOptionError(f"method must be one of {', '.join(METHODS)}, not {self.method!r}", "method")
        for name, leaf in (("leaf", self.leaf), ("bid_leaf", self.bid_leaf)):
            if leaf not in ("solver", "mixed") and not (leaf is None and name == "bid_leaf"):
                raise PlayerOptionError(f"{name} must be 'solver' or 'mixed', not {leaf!r}", name)
        for name, n in (("node_limit", self.node_limit), ("bid_node_limit", self.bid_node_limit)):
            if not (n is None and name == "bid_node_limit") and \
                    (isinstance(n, bool) or not isinstance(n, int) or n < 1):
                raise PlayerOptionError(f"{name} must be a number of positions, at least 1, not {n!r}", name)
        for name, rule in (("unknown", self.unknown), ("bid_unknown", self.bid_unknown)):
            if rule not in UNKNOWN_RULES and not (rule is None and name == "bid_unknown"):
                raise PlayerOptionError(f"{name} must be one of {', '.join(UNKNOWN_RULES)}, not {rule!r}", name)
        for name, h in (("horizon", self.horizon), ("bid_horizon", self.bid_horizon)):
            if h is not None and (isinstance(h, bool) or not isinstance(h, int) or h < 0):
                raise PlayerOptionError(f"{name} must be a number of tricks (0 or more) or None, not {h!r}", name)


@mypyc_attr(allow_interpreted_subclasses=True)      # compiled (make compiled), still a class to build on
class CardSearchPlayer:
    """A silent partner that follows the convention card, reads the table through it, and leaves it only
    where rollouts show a clearly better action.

    Each decision samples worlds (hidden hands that explain what the table has seen, through the
    card), tries a few candidate actions in every world, and keeps the card's own choice unless
    another candidate scores clearly higher.  Following the card by default is what keeps it a
    partner: the others read the table through the same card.

    The settings (how many worlds, how many candidates, the margins, how a world is scored, the seed and
    the card) are one :class:`CardSearchSettings`; pass it as ``settings``, or its fields as keywords
    (``CardSearchPlayer(samples=4, seed=1)``), or both (the keywords replace the settings' fields).

    After each decision :attr:`last_scores` holds each candidate's score, :attr:`last_worlds` the
    worlds, :attr:`last_reason` why the action was chosen, and :attr:`last_departure` that same
    reason when the search overrode the card (``None`` when the card's choice was played): partners who
    read the table through the card, and a student reading it with the printed card, are misled
    exactly there, so the play table's coach lists these departures.

    The defaults are the ones the measurements chose (``docs/research/2026-12-07-comrade-study.md``);
    the table's current strength is in ``docs/benchmarks.md``.

        >>> from cardgames.comrade import ComradeGame, Deal
        >>> game = ComradeGame(Deal.random(7), dealer=1)
        >>> player = CardSearchPlayer(samples=2, bid_samples=2, late_bid_samples=2, seed=3)
        >>> action = player.act(game.view(1), game.legal_actions())
        >>> action in game.legal_actions() and set(player.last_scores) >= {str(action)}
        True
    """

    def __init__(self, settings: object = None, **options):
        if settings is None:
            settings = CardSearchSettings(**options)
        elif not isinstance(settings, CardSearchSettings):
            raise PlayerOptionError(f"settings must be a CardSearchSettings, not {settings!r}", "settings")
        elif options:
            settings = replace(settings, **options)
        self.settings = s = settings
        self.late_lap = s.late_lap
        self.late_bid_samples = s.late_bid_samples
        self.late_bid_margin = s.late_bid_margin
        self.bid_margin = s.bid_margin
        self.samples = s.samples
        self.bid_samples = s.samples if s.bid_samples is None else s.bid_samples
        self.candidates = s.candidates
        self.bid_candidates = s.candidates if s.bid_candidates is None else s.bid_candidates
        self.margin = s.margin
        self.seed = s.seed
        self.rng = random.Random(s.seed)
        self.rules = s.rules
        self.card: Any = s.card or ConventionCard(s.rules)
        self.trust_floor = s.trust_floor
        self.method = s.method
        self.oversample = s.oversample
        self.horizon = s.horizon
        self.bid_horizon = s.bid_horizon
        self.leaf = s.leaf
        self.bid_leaf = s.leaf if s.bid_leaf is None else s.bid_leaf
        self.node_limit = s.node_limit
        self.bid_node_limit = s.node_limit if s.bid_node_limit is None else s.bid_node_limit
        self.fill_candidates = s.fill_candidates
        self.bid_doubt = s.bid_doubt
        self.bid_doubt_margin = s.bid_doubt_margin
        self.bid_doubt_lap = s.bid_doubt_lap
        self.play_doubt = s.play_doubt
        self.play_doubt_margin = s.play_doubt_margin
        self.unknown = s.unknown
        self.bid_unknown = s.unknown if s.bid_unknown is None else s.bid_unknown
        self.solver_calls = 0
        # what a position is worth (the card's rollout and the solver's verdict) depends on the position, the
        # card, the solver's budget and the rule for an undecided verdict alone: shared by every player of the
        # process with the same ones (the bidding may have a budget and a rule of its own)
        leaf_kind = ("leaf", card_key(self.card), self.rules)
        self._play_judge = _Judge(_shared(leaf_kind + (self.leaf, self.node_limit) + _unknown_kind(self.unknown)),
                                  _shared(("verdict", self.node_limit)), self.node_limit, self.unknown == "win",
                                  self.leaf)
        self._bid_judge = _Judge(_shared(leaf_kind + (self.bid_leaf, self.bid_node_limit)
                                         + _unknown_kind(self.bid_unknown)),
                                 _shared(("verdict", self.bid_node_limit)), self.bid_node_limit,
                                 self.bid_unknown == "win", self.bid_leaf)
        self.last_scores: dict[str, float] = {}
        self.last_worlds: Worlds | None = None
        self.last_reason = ""
        self.last_departure: str | None = None

    def __repr__(self) -> str:
        return (f"CardSearchPlayer(samples={self.samples}, bid_samples={self.bid_samples}, "
                f"margin={self.margin}, seed={self.seed})")

    def budget(self, view: ComradeView) -> tuple[int, float]:
        """The worlds and the margin of a decision at ``view``: ``samples`` and ``margin`` in the play,
        ``bid_samples`` and ``bid_margin`` in the bidding, ``late_bid_samples`` and ``late_bid_margin``
        from lap ``late_lap`` of the bidding on."""
        if view.phase != "bidding":
            return self.samples, self.margin
        if self._late(view):
            return self.late_bid_samples, self.late_bid_margin
        return self.bid_samples, self.bid_margin

    def _late(self, view: ComradeView) -> bool:
        """Whether ``view`` is a bid from lap ``late_lap`` of the bidding on."""
        return view.phase == "bidding" and self.late_lap is not None and view.bidding_lap >= self.late_lap

    def width(self, view: ComradeView) -> tuple[int, bool]:
        """How many candidates a decision at ``view`` tries, and whether they include the other suits' fills
        (:func:`candidates`' ``fills``): ``candidates`` in the play, ``bid_candidates`` in the bidding, and
        with ``fill_candidates`` set, that many (the fills included) from lap ``late_lap`` on."""
        if view.phase != "bidding":
            return self.candidates, False
        if self.fill_candidates is not None and self._late(view):
            return self.fill_candidates, True
        return self.bid_candidates, False

    def doubtful(self, view: ComradeView, card_score: float, margin: float) -> float:
        """The margin a candidate must beat the card's choice by at ``view``, when the card's choice scored
        ``card_score``: ``margin``, unless ``bid_doubt`` is set, this is a bid from lap ``bid_doubt_lap`` on, and
        the card's choice scores below ``bid_doubt`` (its final bids look unmakeable in most worlds); then at most
        ``bid_doubt_margin``.  A doubtful bid of the card costs little to leave: the partners' reading of it was
        likely to be wasted on a lost deal anyway.  In the play ``play_doubt`` and ``play_doubt_margin`` do the
        same for a card, when the card's own card scores below ``play_doubt``."""
        if view.phase != "bidding":
            if self.play_doubt is None or card_score >= self.play_doubt:
                return margin
            return min(margin, self.play_doubt_margin)
        if self.bid_doubt is None or card_score >= self.bid_doubt:
            return margin
        if view.bidding_lap < self.bid_doubt_lap:
            return margin
        return min(margin, self.bid_doubt_margin)

    def scores(self, view: ComradeView, cands: Sequence[Hashable], rng: random.Random) -> dict[str, float]:
        """Each candidate's weighted mean rollout value over the sampled worlds (:func:`rollout`: 1 per win)."""
        return cast("dict[str, float]", self._scores(view, cands, rng, None))    # no margin: every score

    def _scores(self, view: ComradeView, cands: Sequence[Hashable], rng: random.Random,
                margin: float | None) -> dict[str, float | None]:
        """:meth:`scores`; with ``margin``, a candidate other than the first (the card's choice) is
        dropped (its score ``None``) as soon as it cannot reach the first's score plus ``margin``: such a
        candidate is never played (see :meth:`act`).  What a world can still give a candidate is bounded
        first by the cheap part of its value (the card's play, the search's root test, the rollout), and the
        solver is asked only while the candidate can still reach that score."""
        n = self.budget(view)[0]
        worlds = sample_worlds(view, self.card, n, rng, self.trust_floor, method=self.method,
                               oversample=self.oversample, rules=self.rules)
        self.last_worlds = worlds
        live = [(i, w) for i, w in enumerate(worlds.weights) if w > 0]
        # equal worlds give equal values: each (layout, candidate) is scored once per decision
        layouts = [tuple(map(card_mask, worlds.hands[i])) for i, _ in live]
        bases: dict = {}
        values: dict = {}
        waiting: dict = {}

        def prepared(k: int, a) -> tuple:
            """(the value, None), or (a bound on it, what the solver still has to decide)."""
            key = (layouts[k], str(a))
            v = values.get(key)
            if v is not None:
                return v, None
            got = waiting.get(key)
            if got is not None:
                return got
            base = bases.get(layouts[k])
            if base is None:
                # the first world's game replays the view; the others are that game with their own cards
                g0 = worlds.game(live[k][0], self.rules) if not bases else \
                    relaid(next(iter(bases.values()))[0], view, worlds.hands[live[k][0]])
                base = bases[layouts[k]] = (g0, sum(map(card_mask, g0.deal.hands)))
            g = fast_clone(base[0])
            g.apply(a)
            v, rest = self._prepare(g, view.phase, base[1])
            if rest is None:
                values[key] = v
            else:
                waiting[key] = (v, rest)
            return v, rest

        def value(k: int, a) -> float:
            v, rest = prepared(k, a)
            if rest is None:
                return v
            key = (layouts[k], str(a))
            v = values[key] = self._finish(rest)
            del waiting[key]
            return v

        out: dict = {}
        first = None
        for a in cands:
            total = 0.0
            if margin is not None and first is not None:
                bar = first + margin - 1e-9           # below this the candidate is never played
                bounds = self._bounds(live, bar, lambda k: prepared(k, a)[0])
                if bounds is None:                  # it cannot reach the bar even before its first world
                    out[str(a)] = None
                    continue
                left = sum(w * u for (_, w), u in zip(live, bounds))
                for k, (_, w) in enumerate(live):
                    if total + left < bar:
                        total = None
                        break
                    total += w * value(k, a)        # the exact sum, in the order of the worlds
                    left -= w * bounds[k]
            else:
                for k, (_, w) in enumerate(live):
                    total += w * value(k, a)
            if first is None:
                first = total
                if margin is not None:
                    margin = self.doubtful(view, cast(float, first), margin)     # the card's choice: never dropped
            out[str(a)] = total
        return out

    @staticmethod
    def _bounds(live: list, bar: float, bound) -> list | None:
        """``[bound(k) for k in range(len(live))]`` (each world's cheap bound, at most 1), worked out one world at
        a time, or ``None`` as soon as the candidate is seen to be dropped before its first world: when the
        worlds bounded so far, with the others counted at 1 (their most), already sum below ``bar``, the exact
        sum of all the bounds, which :meth:`_scores` compares with ``bar`` first, is below it too.  (A margin of
        1e-9, far above any rounding of a sum of at most a few hundred numbers up to 1, keeps that true however
        the sums are rounded.)  A candidate the card's score leaves no room for then costs no rollout at all."""
        out: list = []
        weights = [w for _, w in live]
        for k in range(len(live)):
            upper = sum(weights[j] * out[j] if j < k else weights[j] for j in range(len(weights)))
            if upper + 1e-9 < bar:
                return None
            out.append(bound(k))
        return out

    def _prepare(self, game: ComradeGame, phase: str, dealt: int | None) -> tuple:
        """The value of one world after one candidate of a decision in ``phase`` (see the class
        docstring: ``horizon``, ``bid_horizon`` and ``leaf``), as far as it needs no search:
        ``(value, None)`` when that settles it, else ``(a bound on the value, what :meth:`_finish`
        needs)``.  ``game`` is changed."""
        horizon = self.bid_horizon if phase == "bidding" else self.horizon
        if horizon is None:
            return rollout(game, self.card), None
        _follow_card(game, self.card, len(game.tricks) + horizon)
        if game.is_terminal():
            return (1.0 if game.result == "win" else 0.0), None
        judge = self._bid_judge if phase == "bidding" else self._play_judge
        memo, verdicts = judge.values, judge.verdicts
        # the rest is a function of the position alone (the solver's verdict and the card's rollout):
        # remembered, since other candidates, worlds and later decisions reach the same positions; the key
        # holds integers and strings only (the hands and the cards dealt as card_mask's integers), which the
        # garbage collector never walks however long the process-wide memo keeps them
        key = None
        if dealt is not None and game.play_loss is None:
            tp = cast(TrickPlay, game.trickplay)            # the play: the bidding is over (not terminal)
            key = (tuple(map(card_mask, tp.hands)), dealt, tuple(tuple(w.items()) for w in tp.won),
                   tuple(tuple(b.items()) for b in tp.bids), tp.current_player(), len(tp.tricks))
            got = memo.get(key)
            if got is not None:
                return got, None
        vkey = self._verdict_key(game)
        verdict = None if vkey is None else verdicts.get(vkey)
        if verdict is None and vkey is not None and self._refuted_at_root(game, vkey):
            verdict = "no_win"
            self._remember(vkey, verdict, verdicts)
        if verdict == "no_win":
            return self._store(key, 0.0, memo), None
        # The card's rollout next: when it wins, a win is possible (the solver is exact: it says "win",
        # or "unknown" when out of budget, never "no_win"), and every verdict then gives 1
        played = rollout(fast_clone(game), self.card)
        if played == 1.0:
            return self._store(key, 1.0, memo), None
        if verdict is not None:
            return self._store(key, self._leaf(verdict, played, judge.unknown_wins, judge.leaf), memo), None
        bound = 1.0 if judge.leaf == "solver" else max(0.5 + 0.5 * played, played)
        return bound, (key, game, vkey, played, judge)

    def _finish(self, rest: tuple) -> float:
        """The value of a position :meth:`_prepare` left to the solver."""
        key, game, vkey, played, judge = rest
        verdict = None if vkey is None else judge.verdicts.get(vkey)
        if verdict is None:
            self.solver_calls += 1
            verdict = solve_position(game, None, check=False, node_limit=judge.limit, engine="search").verdict
            if vkey is not None:
                self._remember(vkey, verdict, judge.verdicts)
        return self._store(key, self._leaf(verdict, played, judge.unknown_wins, judge.leaf), judge.values)

    def _leaf(self, verdict: str, played: float, unknown_wins: bool = False, leaf: str | None = None) -> float:
        """A position's value from the solver's verdict and the card's rollout (``played``); with
        ``unknown_wins`` an undecided verdict counts as a win (``unknown="win"``)."""
        if unknown_wins and verdict == "unknown":
            verdict = "win"
        if verdict == "no_win":
            return 0.0
        leaf = self.leaf if leaf is None else leaf
        if leaf == "solver" and verdict == "win":
            return 1.0
        # "mixed" (or the solver out of budget): half for a win still possible, half for the card's rollout
        return (0.5 if verdict == "win" else 0.0) + (0.5 if leaf == "mixed" and verdict == "win" else 1.0) \
            * played

    def _store(self, key: tuple | None, value: float, memo: dict) -> float:
        if key is not None:
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            memo[key] = value
        return value

    @staticmethod
    def _remember(key: tuple, verdict: str, verdicts: dict) -> None:
        if len(verdicts) >= MEMO_LIMIT:
            verdicts.clear()
        verdicts[key] = verdict

    @staticmethod
    def _verdict_key(game: ComradeGame) -> tuple | None:
        """What :func:`~solvers.comrade.position.solve_position`'s search reads of a position in the play at the
        end of a trick: the owner sequences (rank compression: positions with the same sequences get the same
        verdict), the leader, the counts and the bids; ``None`` elsewhere."""
        tp = game.trickplay
        if tp is None or tp.current or game.play_loss is not None or game.phase != "play":
            return None
        ace_high = game.options.ace_high
        seqs, _ = position_from_hands([[(_SUIT_INDEX[c.suit], play_rank(c, ace_high)) for c in h] for h in tp.hands])
        if not any(seqs):
            return None
        return (seqs, tp.current_player(), tuple(tp.won[p][s] for p in range(tp.players) for s in SUITS),
                tuple(tp.bids[p].get(s, 0) for p in range(tp.players) for s in SUITS), game.variant.name)

    @staticmethod
    def _refuted_at_root(game: ComradeGame, key: tuple) -> bool:
        """The search's own first test (its refutation rules at the root): when it holds, the solver's
        verdict is "no_win" without a search, as :meth:`PlaySearch.run <solvers.comrade.search.PlaySearch.run>`
        finds it."""
        seqs, leader, counts, target, _ = key
        variant = game.variant
        n = game.num_players
        search = PlaySearch(n, max(variant.bid_values), variant.max_suits, target=target, time_limit=None)
        return search.refute and search._refuted_at_root(seqs, leader, counts, sum(map(len, seqs)) // n)

    def act(self, view, legal_actions: Sequence[Hashable]) -> Hashable:
        view = require_view(view)
        legal = list(legal_actions)
        rng = random.Random(self.rng.getrandbits(64))
        self.last_departure = None
        k, fills = self.width(view)
        cands = candidates(view, legal, self.card, k, self.rules.ace_high, fills=fills)
        choice = cands[0]
        if len(cands) == 1:
            self.last_scores, self.last_reason = {str(choice): 1.0}, "the card's choice: nothing else to try"
            return choice
        margin = self.budget(view)[1]
        scores: dict[str, float | None]
        if type(self).scores is CardSearchPlayer.scores:
            scores = self._scores(view, cands, rng, margin)
        else:                   # a subclass scores its own way: every candidate, as it says
            scores = cast("dict[str, float | None]", self.scores(view, cands, rng))
        # a candidate dropped by _scores could not have reached the card's score plus the margin
        margin = self.doubtful(view, scores[str(choice)], margin)  # type: ignore[arg-type]  # kept: a number
        kept = [a for a in cands if scores[str(a)] is not None]
        self.last_scores = {k: v for k, v in scores.items() if v is not None}
        best = max(kept, key=lambda a: (scores[str(a)], a == choice))
        if best != choice and scores[str(best)] >= scores[str(choice)] + margin:  # type: ignore[operator]  # both kept
            self.last_reason = (f"search: {action_words(best)} wins {scores[str(best)]:.0%} of the worlds, the "
                                f"card's {action_words(choice)} {scores[str(choice)]:.0%}")
            self.last_departure = self.last_reason
            return best
        self.last_reason = f"the card's choice ({action_words(choice)}): no candidate is better by {margin:.0%}"
        return choice


@mypyc_attr(native_class=False)     # compiled (make compiled), a plain class: its base class is not compiled
class InferenceSamplingPlayer(SamplingPlayer):
    """The card's bidding, and in the play perfect-information sampling (:class:`SamplingPlayer`)
    on worlds drawn in proportion to how well the card explains the others' actions, ties going to
    the card's choice.  It reads the table, but still assumes everyone sees every card after the
    decision (strategy fusion); the rollout search of :class:`CardSearchPlayer` does not."""

    def __init__(self, samples: int = 8, seed: int | None = 0, rules: ComradeOptions = DEFAULT_OPTIONS, card=None,
                 trust_floor: float = TRUST_FLOOR, **kw):
        super().__init__(samples=samples, seed=seed, rules=rules, **kw)
        self.card = card or ConventionCard(rules)
        self.trust_floor = trust_floor
        self.heuristic = _CardOrder(self.card)     # type: ignore[assignment]  # the card's order

    def __repr__(self) -> str:
        return f"InferenceSamplingPlayer(samples={self.samples}, seed={self.seed})"

    def _hidden_samples(self, view: ComradeView, n: int, rng: random.Random):
        worlds = sample_worlds(view, self.card, n, rng, self.trust_floor, method="resample", rules=self.rules)
        return iter(worlds.hands)

    def act(self, view, legal_actions: Sequence[Hashable]) -> Hashable:
        view = require_view(view)
        if view.phase == "bidding":
            return self.card.choose(view, legal_actions)
        return super().act(view, legal_actions)


class _CardOrder:
    """The tie order of :class:`SamplingPlayer` taken from the card: its choice first, then by policy."""

    def __init__(self, card):
        self.card = card

    def ranked(self, view, legal_actions):
        legal = list(legal_actions)
        choice = self.card.choose(view, legal)
        pol = self.card.policy(view, legal)
        return sorted(legal, key=lambda a: (a != choice, -pol.get(a, 0.0), legal.index(a)))

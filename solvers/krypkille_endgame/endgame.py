"""An endgame: the situation when each player holds one card and the declarations begin.

:class:`Endgame` bundles what the three levels need — final cards, who is asked
first, the public (played) cards and each seat's own discards — and makes them
from hand-set cards (:meth:`Endgame.from_cards`) or from a round dealt and
played by the engine (:meth:`Endgame.deal`, :meth:`Endgame.from_round`).

>>> e = Endgame.from_cards(["Pig", "1", "9"], first=2, played="Mask Mask")
>>> e.order, e.perfect().declarer
((2, 0, 1), 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

from cardgames.display import escape, html_table
from cardgames.krypkille import DEFAULT_PENALTIES, Kind, PenaltyTable, parse_kinds, penalty_table
from cardgames.errors import shown

from .beliefs import BELIEFS, allowed_finals, check_beliefs  # noqa: F401 (BELIEFS: the doctest of view)
from .common import EndgameError, check_players, check_seat, declaring_order, unseen_pool
from .arguments import check_card_groups, check_seed, check_table_players, check_tricks
from .equilibrium import Equilibrium, equilibrium
from .perfect import PerfectInfoSolution, perfect_information
from .view import ViewAnalysis, player_view

__all__ = ["Endgame"]


def _is_reference(player) -> bool:
    """A player that decides as the engine's default heuristic player does (its seed only breaks ties
    it never meets: the heuristic player is deterministic)."""
    from cardgames.krypkille.players import HeuristicPlayer

    default = HeuristicPlayer()
    return (type(player) is HeuristicPlayer and player.lead == default.lead
            and int(player.keep_low) == int(default.keep_low) and int(player.shield) == int(default.shield))


@dataclass(frozen=True)
class Endgame:
    """Final cards (seat order), the seat asked first, the public cards, each seat's discards."""

    final_cards: tuple[Kind, ...]
    first: int = 0
    played: tuple[Kind, ...] = ()
    discards: tuple[tuple[Kind, ...], ...] = ()
    penalties: PenaltyTable = DEFAULT_PENALTIES
    tricks: tuple = field(default=(), compare=False)
    source: str = field(default="set by hand", compare=False)
    #: True when the engine's reference players (default :class:`~cardgames.krypkille.players.HeuristicPlayer`)
    #: discarded and led: then level 2's default beliefs are the calibrated ``"policy"`` model.
    reference_players: bool = field(default=False, compare=False)

    def __post_init__(self) -> None:
        cards = tuple(parse_kinds(self.final_cards))
        n = check_players(len(cards))
        check_seat(self.first, n, "first")
        discards = check_card_groups(self.discards, "discards") or tuple(() for _ in range(n))
        if len(discards) != n:
            raise EndgameError(f"discards are needed for {n} seats, got {len(discards)}")
        object.__setattr__(self, "tricks", check_tricks(self.tricks, n))
        object.__setattr__(self, "final_cards", cards)
        object.__setattr__(self, "played", tuple(parse_kinds(self.played)))
        object.__setattr__(self, "discards", discards)
        object.__setattr__(self, "penalties", penalty_table(self.penalties))
        unseen_pool(cards, self.played, *discards)  # at most two copies of each kind in all

    # -- constructors ----------------------------------------------------------------
    @classmethod
    def from_cards(cls, final_cards: "str | Sequence", first: int = 0, played: "str | Iterable" = (),
                   discards: Sequence = (), penalties: "PenaltyTable | str" = DEFAULT_PENALTIES) -> "Endgame":
        """An endgame set by hand (``played`` may be fewer cards than a real round has)."""
        return cls(tuple(parse_kinds(final_cards)), first, tuple(parse_kinds(played)),
                   check_card_groups(discards, "discards"), penalties)

    @classmethod
    def from_round(cls, rnd, penalties: "PenaltyTable | str | None" = None) -> "Endgame":
        """The endgame of an engine round (:class:`cardgames.krypkille.KrypkilleGame`) in its declare phase."""
        if rnd.phase not in ("declare", "over"):
            raise EndgameError(f"the round is in its {shown(rnd.phase)} phase: the endgame starts after four tricks")
        order = list(rnd.declaring_order())
        table = penalties if penalties is not None else rnd.options.penalties
        tricks = tuple(tuple((s, k) for s, k in t) for t in rnd.tricks)
        return cls(tuple(rnd.final_cards()), order[0], tuple(rnd.played_cards()),
                   tuple(tuple(d) for d in rnd.discards), table, tricks, "dealt by the engine")

    @classmethod
    def deal(cls, num_players: int = 4, seed: int = 0, dealer: int = 0,
             penalties: "PenaltyTable | str" = DEFAULT_PENALTIES, players: Sequence | None = None) -> "Endgame":
        """Deal a round with the engine, let ``players`` (default: the engine's
        :class:`~cardgames.krypkille.players.HeuristicPlayer`, seeded per seat) discard and
        lead, play the four forced tricks and stop at the declarations."""
        from cardgames.krypkille.engine import KrypkilleGame
        from cardgames.krypkille.players import HeuristicPlayer

        check_players(num_players)
        check_seed(seed)
        check_seat(dealer, num_players, "dealer")
        check_table_players(players, num_players)
        rnd = KrypkilleGame(num_players, dealer=dealer, seed=seed, options={"penalties": penalty_table(penalties)})
        reference = players is None or all(_is_reference(p) for p in players)
        players = players or [HeuristicPlayer(seed=seed * 10 + s) for s in range(num_players)]
        while rnd.phase != "declare":
            seat = rnd.current_player()
            rnd.apply(players[seat].act(rnd.view(seat), tuple(rnd.legal_actions())), player=seat)
        end = cls.from_round(rnd, penalties)
        object.__setattr__(end, "source", f"dealt by the engine (seed {seed}, dealer {dealer})")
        object.__setattr__(end, "reference_players", reference)
        return end

    def with_penalties(self, penalties: "PenaltyTable | str") -> "Endgame":
        return Endgame(self.final_cards, self.first, self.played, self.discards, penalties, self.tricks, self.source,
                       self.reference_players)

    # -- the three levels ---------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return len(self.final_cards)

    @property
    def order(self) -> tuple[int, ...]:
        return declaring_order(self.num_players, self.first)

    def perfect(self) -> PerfectInfoSolution:
        """Level 1: everyone sees every final card."""
        return perfect_information(self.final_cards, self.first, self.penalties)

    @property
    def default_beliefs(self) -> str:
        """``"policy"`` when the engine's reference players played the round (the model the calibration
        study finds on the diagonal), else ``"uniform"`` (an endgame set by hand has no tricks to read)."""
        return "policy" if self.reference_players and self.tricks else "uniform"

    def view(self, seat: int, others="equilibrium", beliefs: "str | None" = None) -> ViewAnalysis:
        """Level 2: ``seat``'s expected penalties, others modelled by ``others``, beliefs ``"uniform"``,
        ``"play"`` (conditioned on the forced follows of :attr:`tricks`) or ``"policy"`` (the others are
        the engine's heuristic players); ``None``: :attr:`default_beliefs`.

        >>> BELIEFS["policy"] in Endgame.deal(3, seed=2).view(0).model
        True
        """
        check_seat(seat, self.num_players)
        beliefs = self.default_beliefs if beliefs is None else beliefs
        return player_view(self.num_players, seat, self.final_cards[seat], self.first, self.played,
                           self.discards[seat], self.penalties, others, beliefs, self.tricks,
                           tuple(len(d) for d in self.discards))

    def allowed(self) -> tuple[int, ...]:
        """Per seat, the final cards (bit mask) its forced follows leave possible."""
        return allowed_finals(self.tricks, self.num_players)

    def equilibrium(self, beliefs: str = "uniform") -> Equilibrium:
        """Level 3 for this endgame's public cards (``beliefs="play"``: and what the follows revealed;
        ``"policy"``: and what the heuristic players' discard counts, leads and follows allow)."""
        check_beliefs(beliefs)
        allowed = None
        if beliefs == "play":
            by_seat = self.allowed()
            allowed = tuple(by_seat[s] for s in self.order)
        elif beliefs == "policy":
            from .policy import policy_masks

            by_seat = policy_masks(self)
            allowed = tuple(by_seat[s] for s in self.order)
        return equilibrium(self.num_players, self.played, self.penalties, allowed)

    # -- display ----------------------------------------------------------------------
    def to_html(self) -> str:
        rows = []
        for i, seat in enumerate(self.order):
            rows.append([i + 1, seat, self.final_cards[seat].label,
                         " ".join(k.label for k in self.discards[seat]) or "—"])
        public = " ".join(k.label for k in self.played) or "—"
        cap = f"Endgame ({self.source}), penalty table '{self.penalties.name}'"
        return (html_table(rows, ["asked", "seat", "final card", "own discards (private)"], caption=cap)
                + f"<p>Public cards of the tricks: {escape(public)}</p>")

    def _repr_html_(self) -> str:
        return self.to_html()

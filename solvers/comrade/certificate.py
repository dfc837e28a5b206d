"""A winning certificate: final bids, the bidding that reaches them, and every trick.

A certificate is checked by replaying it through the rules engine
(:class:`cardgames.comrade.ComradeGame`): the bidding actions from the dealer on, then
every card in play order.  The search and the engine are written independently, so a
certificate that the engine scores as a win is a proof that the deal can be won.

    >>> from cardgames.comrade import Deal
    >>> deal = Deal.from_pbn("N:A.K.. K.A.. Q.Q.. J.J..")
    >>> cert = Certificate(deal, 0, ((1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)),
    ...                    ("S1", "H1"), (("SA", "SK", "SQ", "SJ"), ("HK", "HA", "HQ", "HJ")))
    >>> cert.replay().result
    'win'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardgames.cards import SUIT_SYMBOLS, SUITS, cards_html
from cardgames.comrade import ComradeGame, Deal
from cardgames.comrade.display import bidding_history_html, tricks_html
from cardgames.display import html_table
from cardgames.errors import CardgamesError

from .bids import BidMatrix

__all__ = ["Certificate", "CertificateError", "bids_table_html"]


class CertificateError(CardgamesError, RuntimeError):
    """A certificate the rules engine does not score as a win: a bug in the search, never bad input.

    Raised by an ``if`` (not an ``assert``) and not an :class:`AssertionError`, so the check holds under
    ``python -O`` too, and ``except ValueError`` (bad input) does not swallow it."""


@dataclass(frozen=True)
class Certificate:
    """Proof that ``deal`` can be won from ``dealer``.

    * ``bids`` — final bids, ``bids[seat][suit]`` with suits S, H, D, C;
    * ``bidding`` — actions from the dealer on (``"pass"`` or a bid card like ``"H3"``),
      ending when the total is reached;
    * ``tricks`` — every trick as card codes in play order, starting with its leader.
    """

    deal: Deal
    dealer: int
    bids: BidMatrix
    bidding: tuple[str, ...]
    tricks: tuple[tuple[str, ...], ...]
    _game: list = field(default_factory=list, compare=False, repr=False)

    def replay(self) -> ComradeGame:
        """Play the certificate through the engine; :class:`CertificateError` unless it is a win."""
        if self._game:
            return self._game[0]
        game = ComradeGame(self.deal, dealer=self.dealer)
        try:
            for action in self.bidding:
                game.apply(action)
            if game.phase != "play":
                raise CertificateError(f"the bidding {' '.join(self.bidding)} does not lead to the play "
                                       f"({game.loss_reason or 'bidding not finished'})")
            for trick in self.tricks:
                for card in trick:
                    game.apply(card)
        except ValueError as e:  # an illegal action: the engine says why
            raise CertificateError(f"the certificate breaks a rule: {e}") from e
        if game.result != "win":
            raise CertificateError(f"the certificate does not win: {game.loss_reason or 'the play is not finished'}")
        won = [[game.won[p].get(s, 0) for s in SUITS] for p in range(self.deal.players)]
        if [list(r) for r in self.bids] != won:
            raise CertificateError(f"the tricks won {won} differ from the certified bids {self.bids}")
        self._game.append(game)
        return game

    # -- displays -----------------------------------------------------------------------
    def bids_html(self) -> str:
        return bids_table_html(self.deal, self.bids, caption="Final bids (tricks to win, by led suit)")

    def bidding_html(self) -> str:
        return bidding_history_html(self.replay(), caption="A legal bidding from the dealer")

    def tricks_html(self) -> str:
        return tricks_html(self.replay(), caption="Every trick, in play order (leader first)")

    def _repr_html_(self) -> str:
        return self.bids_html() + self.bidding_html() + self.tricks_html()


def bids_table_html(deal: Deal, bids: BidMatrix, *, caption: str = "Bids") -> str:
    """A seat-by-suit table of a bid matrix, with each seat's hand for reference."""
    letters = deal.variant.seat_letters
    rows = []
    for p, row in enumerate(bids):
        rows.append([f"{p} ({letters[p]})"] + [str(v) if v else "·" for v in row] + [str(sum(row)),
                    cards_html(deal.hands[p])])
    header = ["seat"] + [SUIT_SYMBOLS[s] for s in SUITS] + ["total", "hand"]
    return html_table(rows, header, caption=caption, raw=True)

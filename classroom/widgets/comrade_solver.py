"""A notebook view of the Comrade solver: paste or deal a hand, pick the dealer, maybe fix
the bids, press *Solve*.  A thin layer over :func:`solvers.comrade.solve` and the result's
static HTML (:meth:`~solvers.comrade.SolveResult.verdict_html`, the certificate tables),
so a notebook can show the same content without widgets."""

from __future__ import annotations

import ipywidgets as W

from cardgames.comrade import Deal, deal_html
from .common import guarded, mark_demo

from solvers.comrade import SolveResult, solve

__all__ = ["ComradeSolverWidget", "result_html"]


def result_html(result: SolveResult) -> str:
    """Everything the widget shows for one answer: the verdict, then the certificate tables."""
    out = result.verdict_html()
    if result.certificate is not None:
        cert = result.certificate
        out += ('<div style="display:flex;gap:16px;flex-wrap:wrap;align-items:flex-start">'
                + cert.bids_html() + cert.bidding_html() + "</div>" + cert.tricks_html())
    return out


class ComradeSolverWidget(W.VBox):
    """Solve a Comrade deal interactively.

    * the PBN text box (or *Deal at random* with a seed and a hand size),
    * the dealer, and optional fixed bids (``"S6 / H3 / D2 / S1 C1"``),
    * *Solve* shows the verdict (``verdict`` HTML, the demo result) and the certificate.

    A verdict belongs to the inputs it was computed for: any change of the deal, the
    dealer or the fixed bids clears the verdict, the certificate and :attr:`result`
    (an old answer never stands under new hands).
    """

    PROMPT = ("<i>Press <b>Solve</b> to ask: could perfect cooperation, with all hands "
              "visible, win this deal?</i>")
    STALE = ("<i>The deal, dealer or bids changed: press <b>Solve</b> for the verdict "
             "on the new input.</i>")

    def __init__(self, deal: "Deal | str | None" = None, dealer: int = 0, time_limit: float = 10.0):
        deal = Deal.random(1) if deal is None else Deal.from_pbn(deal)
        self.time_limit = time_limit
        self.out = W.Output()
        self.pbn = W.Textarea(value=deal.to_pbn(), description="Deal (PBN)",
                              layout=W.Layout(width="95%", height="48px"))
        self.seed = W.IntText(value=1, description="seed", layout=W.Layout(width="150px"))
        self.size = W.IntSlider(value=deal.hand_size, min=1, max=13, description="cards each")
        self.players = W.ToggleButtons(options=[4, 3], value=deal.players, description="players",
                                       style={"button_width": "40px"})
        self.random_button = W.Button(description="Deal at random", icon="random")
        self.dealer = W.Dropdown(options=self._dealer_options(deal), value=dealer, description="dealer")
        self.bids = W.Text(value="", placeholder="optional, e.g. S6 / H3 / D2 / S1 C1", description="fixed bids",
                           layout=W.Layout(width="60%"))
        self.solve_button = W.Button(description="Solve", button_style="primary", icon="search")
        self.hands = W.HTML(deal_html(deal))
        self.verdict = W.HTML(self.PROMPT)
        self.certificate = W.HTML()
        self.random_button.on_click(guarded(self.out)(self._on_random))
        self.solve_button.on_click(guarded(self.out)(self._on_solve))
        self.pbn.observe(guarded(self.out)(self._on_pbn), names="value")
        for control in (self.pbn, self.dealer, self.bids):
            control.observe(guarded(self.out)(self._clear), names="value")
        mark_demo(self.solve_button, self.verdict)
        super().__init__([
            self.pbn,
            W.HBox([self.random_button, self.seed, self.size, self.players]),
            self.hands,
            W.HBox([self.dealer, self.bids, self.solve_button]),
            self.verdict, self.certificate, self.out,
        ])
        self.result: SolveResult | None = None

    @staticmethod
    def _dealer_options(deal: Deal) -> list[tuple[str, int]]:
        letters = deal.variant.seat_letters
        return [(f"{i} ({letters[i]})", i) for i in range(deal.players)]

    def _clear(self, change=None) -> None:
        """Forget the last answer: it was for other inputs."""
        self.result = None
        self.verdict.value = self.STALE
        self.certificate.value = ""

    def _on_pbn(self, change=None) -> None:
        try:
            deal = Deal.from_pbn(self.pbn.value)
        except ValueError as e:
            self.hands.value = f"<span style='color:#b03a2e'>{e}</span>"
            return
        self.hands.value = deal_html(deal)
        options = self._dealer_options(deal)
        if [v for _, v in options] != [v for _, v in self.dealer.options]:
            self.dealer.options = options
            self.dealer.value = 0

    def _on_random(self, _button=None) -> None:
        players = self.players.value
        size = min(self.size.value, 12 if players == 3 else 13)
        self.pbn.value = Deal.random(self.seed.value, players=players, hand_size=size).to_pbn()
        self.seed.value += 1

    def _on_solve(self, _button=None) -> None:
        """Solve the deal in the text box; bad input shows as a message, not a traceback."""
        try:
            result = solve(self.pbn.value, self.dealer.value, self.bids.value.strip() or None,
                           time_limit=self.time_limit)
        except ValueError as e:
            self.result = None
            self.verdict.value = f"<div style='color:#b03a2e;font-weight:600'>Cannot solve: {e}</div>"
            self.certificate.value = ""
            return
        self.result = result
        self.verdict.value = result.verdict_html() + (
            f"<div style='color:#555;font-size:0.9em'>searched {result.nodes} positions</div>")
        self.certificate.value = result_html(result)[len(result.verdict_html()):]

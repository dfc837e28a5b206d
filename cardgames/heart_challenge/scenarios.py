"""Small staged positions, one per rule worth seeing: each special card, the hand limit, leaving.

Each :class:`Scenario` builds a 3-player game with
:meth:`~cardgames.heart_challenge.engine.HeartChallengeGame.staged` (which refuses
impossible positions, so every scenario is one a real game can reach) and plays a
fixed list of actions.  The tutorial steps through them; the tests check them.

    >>> game = SCENARIOS["K"].run()
    >>> game.log[-9:-7]
    ["R1: seat 0 turns H2 from seat 1's pile", 'R1: seat 0 uses SK']
"""

from __future__ import annotations

from dataclasses import dataclass

from .engine import HeartChallengeGame

__all__ = ["Scenario", "SCENARIOS"]


@dataclass(frozen=True)
class Scenario:
    """A staged position (``hands``, ``piles``: bottom first, ``stock``) and the actions to play from it."""

    key: str
    title: str
    japanese: str
    explanation: str
    hands: tuple[str, ...]
    piles: tuple[str, ...]
    actions: tuple[str, ...]
    stock: str = "S4 H4 S5 H5 S6 H6"
    seed: int = 0

    def build(self) -> HeartChallengeGame:
        """The position before the first action (numbers 1, 2, 3 for seats 0, 1, 2; seat 0 deals)."""
        return HeartChallengeGame.staged(list(self.hands), piles=list(self.piles), stock=self.stock, seed=self.seed)

    def steps(self) -> list[tuple[str, HeartChallengeGame]]:
        """``(action, game after it)`` for each action, starting with ``("start", position)``."""
        game = self.build()
        out = [("start", game.clone())]
        for a in self.actions:
            game.apply(a)
            out.append((a, game.clone()))
        return out

    def run(self) -> HeartChallengeGame:
        """The game after all the actions."""
        return self.build().play(self.actions)


_LIST = [
    Scenario("J", "J from the hand saves an own heart",
             "自身の手札オープンの際にハートと一緒に含まれる。又はオープン直後に場に出した時。",
             "Seat 0 put its own heart down and challenges anyway: when the own pile shows the heart it plays "
             "the J from its hand, and the challenge goes on.",
             ("SJ DA CA", "D2 C2", "D3 C3"), ("HA", "S2", "S3"),
             ("challenge 2", "pass", "pass", "use SJ", "flip 1", "take stock")),
    Scenario("J-pile", "a J in the own pile saves automatically",
             "自身の手札オープンの際にハートと一緒に含まれる。",
             "The J lies in seat 0's own pile together with the heart: it is used at once and goes to the stock.",
             ("DA CA", "D2 C2", "D3 C3"), ("SJ HA", "S2", "S3"),
             ("challenge 3", "pass", "pass", "flip 1", "take stock")),
    Scenario("Q-declare", "Q in the declaring: everyone places one more",
             "使用条件１：チャレンジ枚数宣言中 効果：手札が有る人は追加で１枚カードをふせて置く。",
             "Seat 1 plays a Q during the declaring: each player with cards in hand (from seat 1, clockwise) "
             "places one more card face down; then seat 1 raises — there are more cards to declare now.",
             ("DA CA", "SQ D2 C2", "D3 C3"), ("SA", "S2", "S3"),
             ("challenge 2", "use SQ", "place D2", "place D3", "place DA", "raise 4", "pass", "pass",
              "flip 0", "flip 2", "take stock")),
    Scenario("K", "K: a turned heart does not count",
             "使用条件：チャレンジ中にハートを引いてしまった時 効果：その１回はノーカウントとする。",
             "Seat 0 turns seat 1's heart; it plays its K, the heart does not count, and it flips on.",
             ("SK DA CA", "D2 C2", "D3 C3"), ("SA", "H2", "S3"),
             ("challenge 2", "pass", "pass", "flip 1", "use SK", "flip 2", "take stock")),
    Scenario("Q-cancel", "Q cancels a K",
             "使用条件２：Kが出された時に場に出せる。 効果：Kの効果を無効化する。",
             "As before, but seat 2 answers the K with a Q: the heart counts and the challenge fails.  Seat 0 "
             "holds only 2 cards after using the K, so seat 1 draws from the stock instead of receiving a card.",
             ("SK DA CA", "D2 C2", "SQ D3 C3"), ("SA", "H2", "S3"),
             ("challenge 2", "pass", "pass", "flip 1", "use SK", "use SQ")),
    Scenario("joker-played", "a joker played by another player",
             "誰かがチャレンジ途中で任意のタイミング 効果："
             "チャレンジ枚数に関らず、１枚引き、ハートを引くとチャレンジ成功とする。",
             "Before seat 0's first flip, seat 2 plays a joker: one more card decides, whatever the number.  "
             "Seat 0 turns seat 2's heart: a success!  Seat 0 takes a random heart or Q of seat 2; the joker "
             "goes back to seat 2.",
             ("DA CA S9", "D2 C2", "JK D3 C3"), ("SA", "H2 S8", "H3"),
             ("challenge 2", "pass", "pass", "use JK", "flip 2")),
    Scenario("joker-turned", "a joker turned from a pile, then given away",
             "ジョーカー 使用条件：チャレンジ中に引いた（自身の手札オープン時含む）",
             "Seat 0 turns a joker from seat 1's pile: one more card decides.  It is no heart, so the challenge "
             "fails and seat 1 may give the joker (-3 points) to seat 0.",
             ("DA CA S9", "D2 C2", "D3 C3"), ("SA", "S2 JK", "S3"),
             ("challenge 2", "pass", "pass", "flip 1", "flip 2", "give joker")),
    Scenario("two-jokers", "two jokers out: both go to the stock",
             "ジョーカーが場に２枚出た場合、ジョーカーは山札に戻します。",
             "Seat 0 plays its joker and turns the other joker from seat 1's pile: no heart, a failure, and "
             "both jokers go to the stock.",
             ("JK DA CA", "D2 C2", "D3 C3"), ("SA", "JK", "S3"),
             ("challenge 2", "pass", "pass", "use JK", "flip 1")),
    Scenario("limit", "the hand limit of 5",
             "５枚を超えた場合、任意の１枚を山札に戻し",
             "Seat 0 succeeds and takes a card: with its pile back it holds 7, so it returns two cards of its "
             "choice to the stock.",
             ("DA CA S9 S8 S7", "D2 C2", "D3 C3"), ("SA", "S2", "S3"),
             ("challenge 1", "pass", "pass", "take stock", "return S9", "return S8")),
    Scenario("leave", "leaving the game",
             "自身の手札が２枚以下の状態で、自分からチャレンジ宣言し、誰も乗らずにチャレンジ失敗した場合。",
             "Seat 0 holds 1 card, starts a challenge nobody raises and turns seat 1's heart: it is out, and "
             "its cards go to the stock.",
             ("DA", "D2 C2", "D3 C3"), ("SA", "H2", "S3"),
             ("challenge 2", "pass", "pass", "flip 1")),
    Scenario("redraw", "a special card from a hand of 2",
             "使えます。使用後山札から２枚引く。",
             "Seat 1 holds only the Q and one card; it may still play the Q, and then draws 2 from the stock.",
             ("DA CA", "SQ C2", "D3 C3"), ("SA", "S2", "S3"),
             ("challenge 2", "use SQ")),
]

#: The scenarios by key.
SCENARIOS: dict[str, Scenario] = {s.key: s for s in _LIST}

"""Every rule choice the source page leaves open, in one place.

The Japanese page (quoted in ``docs/rules/heart_challenge.md``) is a sketch.  The rules page settles each
open point; the points it marks **[ours]** are the fields of
:class:`HeartChallengeOptions`, each with the digest's default.  A few further
readings the engine had to make (where even the digest is silent) are listed in
:data:`READINGS`.  Both lists carry the Japanese sentence they settle, so the
tutorial can show them side by side.

    >>> opts = HeartChallengeOptions()
    >>> opts.specials_per_player, opts.hand_limit, opts.rounds
    (1, 5, 10)
    >>> HeartChallengeOptions(specials_per_player=3)
    Traceback (most recent call last):
    ...
    cardgames.errors.RuleConfigError: specials_per_player must be 1 or 2, not 3
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import RuleConfigError, shown

__all__ = ["HeartChallengeOptions", "RuleChoice", "RULE_CHOICES", "READINGS", "NUM_SPECIALS"]

#: J, Q, K of four suits and two jokers.
NUM_SPECIALS = 14


@dataclass(frozen=True)
class HeartChallengeOptions:
    """The **[ours]** rule choices of the digest, with its defaults.

    Attributes
    ----------
    choose_marker:
        Setup 1. Each player puts one of the four cards of their number face up as
        a marker, which stays out of play all game.  ``True``: each player chooses
        which one (an action ``marker S5``); ``False``: the engine puts down a
        non-heart (spade first) for everybody.
    specials_per_player:
        Setup 3. How many of the 14 special cards (J, Q, K, jokers) each player is
        dealt: 1 (default) or 2; the rest go to the stock.
    pass_is_final:
        Declaring. Skull & Roses' auction: a player who passes is out of the
        auction (``True``).  ``False``: a pass only lasts until someone raises.
    own_heart_to_stock:
        Failure. When the heart that stopped the challenger is the challenger's
        own (in their own pile), the random card they must give goes to the stock
        (``True``); ``False``: nothing is given.
    challenger_deals_next:
        Round 8. The challenger becomes the next dealer (親); ``False``: the deal
        passes clockwise.
    rounds:
        Match. The number of rounds (ゲーム) in a match.
    min_active_players:
        Leaving. The match ends early when fewer than this many players remain.
    score_after_each_round:
        Scoring. ``True``: after every round each player still in scores the
        cards in hand, and the match total decides; ``False``: only the hands at
        the end of the match are scored.
    hand_limit:
        The hand limit (手札の上限), 5 in the source; kept as an option for experiments.
    """

    choose_marker: bool = True
    specials_per_player: int = 1
    pass_is_final: bool = True
    own_heart_to_stock: bool = True
    challenger_deals_next: bool = True
    rounds: int = 10
    min_active_players: int = 2
    score_after_each_round: bool = True
    hand_limit: int = 5

    def __post_init__(self) -> None:
        for name in ("choose_marker", "pass_is_final", "own_heart_to_stock", "challenger_deals_next",
                     "score_after_each_round"):
            if not isinstance(getattr(self, name), bool):
                raise RuleConfigError(f"{name} must be True or False, not {shown(getattr(self, name))}")
        for name in ("specials_per_player", "rounds", "min_active_players", "hand_limit"):
            if isinstance(getattr(self, name), bool):
                raise RuleConfigError(f"{name} must be a whole number, not {shown(getattr(self, name))}")
        if self.specials_per_player not in (1, 2):
            raise RuleConfigError(f"specials_per_player must be 1 or 2, not {shown(self.specials_per_player)}")
        if not isinstance(self.rounds, int) or self.rounds < 1:
            raise RuleConfigError(f"rounds must be a positive whole number, not {shown(self.rounds)}")
        if not isinstance(self.min_active_players, int) or self.min_active_players < 2:
            raise RuleConfigError(f"min_active_players must be at least 2, not {shown(self.min_active_players)}")
        if not isinstance(self.hand_limit, int) or self.hand_limit < 3:
            raise RuleConfigError(f"hand_limit must be at least 3, not {shown(self.hand_limit)}")

    def check_players(self, num_players: object) -> int:
        """Validate a player count for these options (2..10, and enough special cards)."""
        if not isinstance(num_players, int) or isinstance(num_players, bool) or not 2 <= num_players <= 10:
            raise RuleConfigError(f"Heart Challenge is for 2 to 10 players, not {shown(num_players)}")
        if num_players * self.specials_per_player > NUM_SPECIALS:
            raise RuleConfigError(
                f"specials_per_player={self.specials_per_player} needs {num_players * self.specials_per_player} "
                f"special cards for {num_players} players, but there are only {NUM_SPECIALS}")
        return num_players


@dataclass(frozen=True)
class RuleChoice:
    """One settled point: the option (or reading) name, our choice, and the Japanese it settles."""

    name: str
    choice: str
    japanese: str
    why: str


#: The digest's **[ours]** choices, one per option field (``name`` is the field).
RULE_CHOICES: tuple[RuleChoice, ...] = (
    RuleChoice("choose_marker",
               "Each player chooses which of the four cards of their number to show; the marker never comes into play.",
               "全員、1枚選んで数字面を表にして場に出しておく（記号は何でもよい）",
               "The page says the suit does not matter, so we let the player choose; a bot shows a non-heart."),
    RuleChoice("specials_per_player",
               "One special card (J, Q, K or joker) to each player; the undealt ones go to the stock.",
               "残っているJ、Q、K、ジョーカーをよく切って全員に配る。",
               "'Deal to everyone' gives no number; one each keeps hands at four cards (the limit is five)."),
    RuleChoice("pass_is_final",
               "Skull & Roses' auction: clockwise, raise or pass, a pass is final; the highest number challenges.",
               "最大枚数を宣言した人がチャレンジを行う。",
               "The page only says the highest number challenges; we keep the base game's auction."),
    RuleChoice("own_heart_to_stock",
               "If the heart that stops the challenger is their own, the random card goes to the stock.",
               "チャレンジ失敗原因となったハートを置いていた人にランダムで１枚渡す。",
               "Giving a card to yourself would be no penalty at all."),
    RuleChoice("challenger_deals_next",
               "The challenger deals (is 親 for) the next round.",
               "最も小さい数字を引いた人が最初の親をやる。",
               "The page names only the first dealer; as in Skull & Roses the challenger starts the next round."),
    RuleChoice("rounds",
               "A match is 10 rounds.",
               "１０ゲーム繰り返し、合計点数の多い人が勝者。",
               "We read ゲーム as one round (place, declare, challenge)."),
    RuleChoice("min_active_players",
               "A player who is out sits out the rest of the match and scores nothing more; the match ends early "
               "if fewer than 2 remain.",
               "手札は山札に混ぜる。",
               "The page says what happens to the hand, not to the player."),
    RuleChoice("score_after_each_round",
               "After each round every player still in scores the cards in hand; the totals decide.",
               "自分のハートは1点、他人のハートは3点、Qのハートは5点、Qのそれ以外は2点とする。",
               "The page gives the points but not when to count them; counting every round rewards holding "
               "good cards for long, which the hand limit then makes hard."),
)

#: Further readings the engine makes where the digest is silent (not options: one way only).
READINGS: tuple[RuleChoice, ...] = (
    RuleChoice("transfers before piles return",
               "Success and failure transfers use the cards held in hand, before the piles go back; so "
               "'2 cards or fewer' counts the hand without the pile.",
               "但し、相手が手札２枚以下の場合は相手から貰う事は出来ない。",
               "The digest orders the steps: transfer (5, 6), then piles back (7)."),
    RuleChoice("the heart's owner is who placed it",
               "The 'owner' of a turned heart is the player in whose pile it lay, whatever its number.",
               "チャレンジ失敗原因となったハートを置いていた人",
               "置いていた人 = the person who had placed it."),
    RuleChoice("J in the own pile is used automatically",
               "A J revealed in the challenger's own pile together with a heart saves them if they have not used "
               "a special this round; it then goes to the stock.",
               "自身の手札オープンの際にハートと一緒に含まれる。",
               "There is never a reason to decline it."),
    RuleChoice("K only for hearts from other piles",
               "A K cancels a heart turned from another player's pile; hearts in the own pile are the J's job.",
               "チャレンジ中にハートを引いてしまった時",
               "The joker's rule says explicitly 'including the own pile'; the K's does not."),
    RuleChoice("one extra card, the challenger's choice",
               "A joker's extra card is the top card of a pile the challenger chooses (the stock's top if "
               "none is left); a heart there is a success, anything else (a joker too) a failure.",
               "チャレンジ枚数に関らず、１枚引き、ハートを引くとチャレンジ成功とする。",
               "Flipping is always the challenger's choice of pile."),
    RuleChoice("the joker's reward",
               "On a joker success the challenger takes at random one heart or Q from the hand and pile of the "
               "player whose pile held the heart; from the stock (or nobody's), they take that heart itself.",
               "そのハート所持者のハートとQの中からランダムで１枚貰う事が出来る。",
               "所持者 = the holder, i.e. whose pile it was."),
    RuleChoice("own heart with 2 cards or fewer",
               "A challenger stopped by their own heart while holding 2 cards or fewer gives nothing and draws "
               "nothing.",
               "但し、自身の手札が２枚以下の場合、山札から１枚引いてもらう。",
               "The 'owner draws' rule would reward the challenger for failing."),
    RuleChoice("special-card windows",
               "Special cards are offered in fixed windows: Q on one's turn in the declaring; after the own pile "
               "shows a heart (J, jokers); after each turned heart (K, jokers); after a K (Q to cancel it); "
               "before each flip (jokers). The challenger is asked first, then the others clockwise.",
               "誰かがチャレンジ途中で任意のタイミング",
               "'At any moment' becomes a finite list of moments so the game stays turn-based."),
    RuleChoice("illegal uses are refused",
               "A special card whose condition is not met cannot be used at all (the engine refuses it and "
               "nothing changes), which is the same as 'it goes back to hand unused'.",
               "使用条件が成立していない場合未使用として、手札に戻す。",
               "An engine can check the condition before the card leaves the hand."),
    RuleChoice("redraw shortfall during the declaring",
               "A Q used in the declaring by a player holding 2 cards or fewer: any shortfall of the 2-card "
               "redraw comes from the player who has named the highest number so far, who is the challenger "
               "if nobody raises.",
               "足りない場合はチャレンジしている人からランダムで貰う。",
               "During the declaring nobody is challenging yet; the highest bidder is who would be."),
    RuleChoice("returns reshuffle",
               "Every card returned to the stock is shuffled in; draws take the top card.",
               "山札にカードが戻るたびによく混ぜる。",
               "The page allows not shuffling (cards then go under the stock); we always shuffle."),
)

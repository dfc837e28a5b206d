"""The rules pages docs/rules/<game>.md: every named option of each game is documented, the Japanese
sentences the engines quote are on the page, the source is named, and nothing points outside the
repository."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

from cardgames import registry
from cardgames.heart_challenge.options import READINGS, RULE_CHOICES
from cardgames.heart_challenge.scoring import SCORING_ROWS
from cardgames.krypkille.deck import PENALTY_TABLES, Kind
from cardgames.krypkille.options import DECLARING_STARTS, FIRST_LEADERS

DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"
#: Every registered game with a rules page of its own (the example game's page is docs/adding_a_game.md).
OPTION_CLASSES = {g.name: g.options for g in registry.games() if g.rules_page == f"docs/rules/{g.name}.md"}
#: How the source is named on each page (title / author as the source text gives them).
SOURCES = {
    "krypkille": ["Krypkille", "django（中村俊也）", "「Krypkilleルール・1」"],
    "comrade": ["カムレッド", "（Comrade）", "ドミッチ", "2016"],
    "heart_challenge": ["髑髏と薔薇", "2013年02月07日", "Skull & Roses"],
}


def page(game: str) -> str:
    return (DOCS / f"{game}.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", list(OPTION_CLASSES))
def test_every_named_option_is_on_the_rules_page(game):
    text = page(game)
    names = [f.name for f in fields(OPTION_CLASSES[game])]
    assert names
    missing = [n for n in names if f"`{n}`" not in text and f"`{n}=" not in text]
    assert not missing, f"docs/rules/{game}.md does not name the option(s) {missing}"


def test_krypkille_option_values_and_match_arguments_are_named():
    text = page("krypkille")
    for value in (*FIRST_LEADERS, *DECLARING_STARTS, *PENALTY_TABLES):
        assert f'`"{value}"`' in text, value
    for argument in ("rounds", "elimination_total"):
        assert f"`{argument}`" in text, argument
    for kind in Kind:
        if not kind.is_numeral:
            assert kind.japanese in text and kind.swedish in text and kind.english in text, kind


def test_heart_challenge_page_quotes_every_sentence_the_engine_quotes():
    text = page("heart_challenge")
    for choice in RULE_CHOICES + READINGS:
        assert choice.japanese in text, choice.name
    for what, _, japanese in SCORING_ROWS:
        assert japanese in text, what
    # the rule that a special acting from a pile does not use up the one use from hand
    assert "伏せて置く分には制限なし。但し、途中で使用できるカードは１回だけ" in text
    assert "does **not** use up" in text


def test_comrade_page_states_the_new_readings():
    from cardgames.comrade.options import NOTHING_FITS_READINGS

    text = page("comrade")
    assert NOTHING_FITS_READINGS
    for reading in NOTHING_FITS_READINGS:
        assert f'`nothing_fits="{reading}"`' in text, reading
    assert "「どれを取っても１３を超える場札しか残っていなかった。」" in text
    assert "the player to act" in text and "never fires with 3 or 4 players" in text
    assert "the ace is the **highest** card" in text
    assert "「合計が１３に達する前に４人全員が連続してパスをした。（連続でなければＯＫです）」" in text


@pytest.mark.parametrize("game", list(OPTION_CLASSES))
def test_each_page_names_its_source_and_marks_choices(game):
    text = page(game)
    for name in SOURCES[game]:
        assert name in text, name
    assert "**Source.**" in text
    assert text.count("**Choice") + text.count("**choice") >= 1
    quotes = re.findall(r"「([^」]+)」", text)
    assert len(quotes) >= 15 and all(re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", q) for q in quotes)


@pytest.mark.parametrize("game", list(OPTION_CLASSES))
def test_no_page_points_outside_the_repository(game):
    text = page(game)
    assert "/work" not in text and "shared/" not in text and "seeds/" not in text
    assert not re.search(r"(^|[\s(`])/(home|tmp|usr|root)/", text)

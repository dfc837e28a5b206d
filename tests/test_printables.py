"""The printables (``python -m classroom.printables OUTDIR``): every PDF is written, has the expected
number of pages and the expected text; the answers stay off the student sheets; the ordinary-deck
mapping for Krypkille is faithful; a missing Japanese font is a clear error.

The page counts are read from the PDF objects themselves; the text is extracted with pypdf (a test
dependency: without it the text checks skip and say so).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardgames.krypkille.deck import Kind
from classroom.printables import PRINTABLES, build_all, fonts
from classroom.printables import comrade as comrade_printables
from classroom.printables.ordinary import (COLOUR_SUITS, ORDINARY, kind_of, left_out, ordinary_cards,
                                           ordinary_deck)

pytestmark = pytest.mark.slow   # building the eight PDFs takes about 10 s of CPU

try:
    import pypdf
except ImportError:       # the page counts below need no library; the text checks skip and say why
    pypdf = None

ROOT = Path(__file__).resolve().parent.parent

EXPECTED_PAGES = {
    "kille_deck.pdf": 5,                    # 42 cards, 9 a page
    "krypkille_ordinary_deck.pdf": 1,
    "comrade_bid_cards.pdf": 3,             # 24 cards, 9 a page
    "comrade_mini_deals.pdf": 3,            # one sheet per class mini deal
    "comrade_mini_deals_teacher.pdf": 1,
    "comrade_convention_card.pdf": 1,
    "rules_krypkille.pdf": 1,
    "rules_comrade.pdf": 1,
    "rules_heart_challenge.pdf": 1,
}


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory):
    try:
        fonts.japanese_font()
    except fonts.NoJapaneseFontError as err:
        pytest.skip(str(err))
    out = tmp_path_factory.mktemp("printables")
    paths = build_all(out)
    texts = {}
    if pypdf is not None:
        for path in paths:
            reader = pypdf.PdfReader(path)
            texts[path.name] = [page.extract_text() for page in reader.pages]
    return {"dir": out, "paths": paths, "pages": texts}


def _page_objects(path: Path) -> int:
    """Pages of a matplotlib PDF: its page objects are plain (not packed in object streams)."""
    return len(re.findall(rb"/Type /Page\b(?!s)", path.read_bytes()))


@pytest.fixture
def texts(pdfs):
    if pypdf is None:
        pytest.skip("the text of the printables is read with pypdf: pip install pypdf")
    return pdfs


def _text(pdfs, name):
    return "\n".join(pdfs["pages"][name])


def test_every_printable_is_written_with_its_page_count(pdfs):
    assert [p.name for p in pdfs["paths"]] == list(PRINTABLES) == list(EXPECTED_PAGES)
    for name, pages in EXPECTED_PAGES.items():
        path = pdfs["dir"] / name
        assert path.read_bytes().startswith(b"%PDF-") and path.stat().st_size > 1000
        assert _page_objects(path) == pages, name
        if pypdf is not None:
            assert len(pypdf.PdfReader(path).pages) == pages, name


def test_kille_deck_has_42_cards_in_three_languages_with_penalties(texts):
    text = _text(texts, "kille_deck.pdf")
    for kind in Kind:
        rank_label = f"rank {kind.value} of 21"
        assert text.count(rank_label) == 2, rank_label          # two copies of each kind
        if kind.is_numeral:
            assert len(re.findall(rf"数字札 {kind.numeral}(?!\d)", text)) == 2, kind
        else:
            assert text.count(kind.japanese) == 2, kind
            assert text.count(kind.swedish) == 2, kind
            assert text.count(kind.english) >= 2, kind
    assert text.count("penalty 50 (alt. 18)") == 2
    assert text.count("penalty 15") == 2 and text.count("penalty 0") == 6
    assert sum(len(re.findall(r"rank \d+ of 21", page)) for page in texts["pages"]["kille_deck.pdf"]) == 42
    assert [len(re.findall(r"rank \d+ of 21", page)) for page in texts["pages"]["kille_deck.pdf"]] == [9, 9, 9, 9, 6]


def test_ordinary_deck_table_says_it_is_faithful_and_lists_every_kind(texts):
    text = _text(texts, "krypkille_ordinary_deck.pdf")
    assert "This mapping is faithful" in text
    for kind in Kind:
        rank, colour = ORDINARY[kind]
        assert f"{colour} {rank} (" in text, kind
    assert "red K (♥K ♦K)" in text and "black 10 (♠10 ♣10)" in text
    assert "Leave in the box (10 cards)" in text


def _strength_from_the_printed_rule(card) -> int:
    """The order as the printed table states it in words, written independently of ORDINARY."""
    rank = {"A": 1, "J": 11, "Q": 12, "K": 13}.get(card.rank_letter, None) or card.rank
    if card.suit in "SC":                         # black: the numerals at face value
        assert rank <= 12
        return 100 + rank
    if rank in (1, 2, 3):                         # red A, 2, 3: Mask, Flowerpot, Wreath, below all black
        return rank
    assert 8 <= rank <= 13, card                  # red 8..K: Inn .. Harlequin, above all black
    return 200 + rank


def test_the_ordinary_deck_mapping_is_faithful():
    deck = ordinary_deck()
    assert len(deck) == len(set(deck)) == 42 and len(left_out()) == 10
    for kind in Kind:
        a, b = ordinary_cards(kind)
        assert a.rank == b.rank and {a.suit, b.suit} in ({*COLOUR_SUITS["black"]}, {*COLOUR_SUITS["red"]})
        assert kind_of(a) == kind_of(b) == kind
    # the order of the kinds is exactly the order of the rule printed on the table
    by_kind = [_strength_from_the_printed_rule(ordinary_cards(k)[0]) for k in sorted(Kind)]
    assert by_kind == sorted(by_kind) and len(set(by_kind)) == 21
    for card in left_out():
        with pytest.raises(ValueError, match="stay in the box"):
            kind_of(card)


def test_bid_cards_are_the_24_of_the_game(texts):
    text = _text(texts, "comrade_bid_cards.pdf")
    for suit, en, ja in [("S", "spades", "スペード"), ("H", "hearts", "ハート"), ("D", "diamonds", "ダイヤ"),
                         ("C", "clubs", "クラブ")]:
        for value in range(1, 7):
            english, japanese = comrade_printables.bid_card_text(suit, value)
            assert re.sub(r"\s+", " ", text).count(english) == 1, english
            assert text.count(japanese) == 1, japanese
    assert "win exactly 7" not in text
    assert "ハートでリードされたトリックを２つ取る" in text


def test_mini_deal_sheets_show_the_hands_but_not_the_answers(texts):
    pages = texts["pages"]["comrade_mini_deals.pdf"]
    for page, name in zip(pages, "ABC"):
        assert f"class mini deal {name}" in page
        assert "North (N)" in page and "West (W)" in page and "deals 親" in page
    assert "♥ Q 8" in pages[0] and "♣ J 7" in pages[0]          # North and South of mini deal A
    student = "\n".join(pages)
    for banned in ("Final bids", "trick 1:", "Result: win", "N leads", "Bidding, North first"):
        assert banned not in student, banned
    teacher = _text(texts, "comrade_mini_deals_teacher.pdf")
    assert teacher.count("Result: win") == 3
    flat = re.sub(r"\s+", " ", teacher)
    for name in "ABC":        # the printed line is the one the engine replays to a win
        game = comrade_printables.replay(name)
        assert str(game.tricks[0]) in flat
        assert "Bidding, North first: " + " ".join(f"{'NESW'[s.seat]} {s.action}" for s in game.bidding_history) in flat


def test_the_winning_lines_win_and_no_answer_is_stored_in_the_package():
    for name in comrade_printables.CLASS_DEALS:
        assert comrade_printables.replay(name).result == "win"
    assert not hasattr(comrade_printables, "WINNING_LINES")     # a student could import it
    notebooks = [p for p in (ROOT / "notebooks").glob("*.ipynb")
                 if "CLASS_DEALS" in "".join("".join(c["source"]) for c in json.loads(p.read_text())["cells"])]
    assert notebooks, "no notebook defines the class mini deals any more"
    for nb in notebooks:
        source = "".join("".join(c["source"]) for c in json.loads(nb.read_text())["cells"])
        for pbn in comrade_printables.CLASS_DEALS.values():
            assert pbn in source, (nb.name, pbn)


def test_a_broken_winning_line_is_refused():
    with pytest.raises(ValueError):                 # HT is East's card: the engine refuses it
        comrade_printables.replay("A", ["D1", "H2", "pass", "pass", "H1", "HT"])
    with pytest.raises(AssertionError, match="does not win"):
        comrade_printables.replay("A", ["pass"] * 4)


def test_the_convention_card_page_prints_every_rule_of_the_card(texts):
    from solvers.comrade_players.convention import RULES
    text = re.sub(r"\s+", " ", _text(texts, "comrade_convention_card.pdf"))
    for rule in RULES:
        assert f"{rule.id} {rule.name}:" in text, rule.id
        assert re.sub(r"\s+", " ", rule.meaning)[:40] in text, rule.id
    assert "BEFORE the game" in text and "相談禁止" in text and "without it" in text
    assert "docs/lessons/comrade_convention_card.md" in text


@pytest.mark.parametrize("game, words", [
    ("krypkille", ["臆病者", "無効", "宣言", "Harlequin 50", "FORCED"]),
    ("comrade", ["場札", "相談禁止", "exactly 13", "the ace is high"]),
    ("heart_challenge", ["髑髏と薔薇", "自分のハート", "Q♥ +5", "one use from hand per round"]),
])
def test_one_page_rules_summaries(texts, game, words):
    text = re.sub(r"\s+", " ", _text(texts, f"rules_{game}.pdf"))
    for word in words:
        assert word in text, word
    assert f"docs/rules/{game}.md" in text


@pytest.mark.parametrize("game", ["krypkille", "comrade", "heart_challenge"])
def test_the_rules_summaries_use_large_type_and_the_whole_page(texts, game):
    """Read back from the PDF: the body type is at least 12 pt (it was 9.5 pt, half the page empty),
    the text runs to the bottom fifth of the page, and no placeholder font (boxes) is embedded."""
    reader = pypdf.PdfReader(texts["dir"] / f"rules_{game}.pdf")
    page = reader.pages[0]
    runs = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            runs.append((text.strip(), size * tm[3] if tm[3] else size, tm[5]))

    page.extract_text(visitor_text=visit)
    footer = [r for r in runs if "the full rules with the Japanese source" in r[0]]
    body = [r for r in runs if r not in footer]
    sizes = sorted(size for _, size, _ in body)
    assert sizes[len(sizes) // 2] >= 12, f"median type size {sizes[len(sizes) // 2]} pt"
    height = float(page.mediabox.height)
    assert min(y for _, _, y in body) < height / 5, "the text stops high on the page"
    fonts_used = {str(f["/BaseFont"]) for f in page["/Resources"]["/Font"].values()}
    assert not [f for f in fonts_used if "LastResort" in f], fonts_used


def test_summary_fit_takes_the_largest_size_that_fits_and_fills_the_page():
    from classroom.printables import summaries as S

    def measure(text, size, bold=False):           # a plain width model: half an em per character
        return len(text) * 0.5 * size * 25.4 / 72 * (1.1 if bold else 1)

    for summary in S.SUMMARIES.values():
        size, placed = S.fit(summary, measure)
        fits = [z for z in S.SIZES if S.layout(summary, z, measure)[1] >= S.BOTTOM]
        assert size == max(fits)                              # the largest size that fits, by trying them all
        assert min(p.y for p in placed) == pytest.approx(S.BOTTOM + 1.3 * size * 25.4 / 72, abs=0.01)
        for p in placed:                                      # every line within the margins
            assert S.LEFT <= p.x and p.x + measure(p.text, p.size, p.bold) <= S.RIGHT + 1e-9, p.text


def test_no_japanese_font_is_a_clear_error(monkeypatch, capsys):
    from classroom.printables.__main__ import main

    monkeypatch.delenv(fonts.ENV_VAR, raising=False)
    monkeypatch.setattr(fonts, "_has_glyphs", lambda path, text=fonts.SAMPLE: False)
    fonts._find.cache_clear()
    try:
        with pytest.raises(fonts.NoJapaneseFontError, match="fonts-ipafont-gothic"):
            fonts.japanese_font()
        assert main([str(ROOT / "build" / "never-written")]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "no font with Japanese glyphs" in err
        assert not (ROOT / "build" / "never-written").exists()
    finally:
        fonts._find.cache_clear()


def test_a_font_file_that_is_not_there_is_named(monkeypatch, tmp_path):
    monkeypatch.setenv(fonts.ENV_VAR, str(tmp_path / "nope.ttf"))
    fonts._find.cache_clear()
    try:
        with pytest.raises(fonts.NoJapaneseFontError, match="nope.ttf"):
            fonts.japanese_font()
    finally:
        fonts._find.cache_clear()


def test_command_line_refuses_an_outdir_that_is_a_file(tmp_path):
    try:
        fonts.japanese_font()
    except fonts.NoJapaneseFontError as err:
        pytest.skip(str(err))
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    run = subprocess.run([sys.executable, "-m", "classroom.printables", str(blocker)],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and "cannot write" in run.stderr and "Traceback" not in run.stderr


def test_the_engines_never_import_the_printables():
    for game in ("krypkille", "comrade", "heart_challenge"):
        for py in (ROOT / "cardgames" / game).glob("*.py"):
            assert "printables" not in py.read_text(encoding="utf-8"), py

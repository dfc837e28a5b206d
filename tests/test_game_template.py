"""Every game package follows one template, as python-chess has one per variant (``docs/adding_a_game.md``).

For each game of :mod:`cardgames.registry`, with ``<Game>`` the CamelCase of its registry name
(``heart_challenge`` -> ``HeartChallenge``):

* the package has the template modules ``engine.py``, ``view.py``, ``options.py``, ``display.py``,
  ``errors.py`` and ``players.py``;
* ``engine.<Game>Game`` is the game state, ``view.<Game>View`` what ``state.view(seat)`` returns,
  ``options.<Game>Options`` the rule options, and the registry's ``view_type`` and ``options`` ARE those classes;
* every exception class defined in the package lives in its ``errors.py`` and is one of the project's
  family (:class:`cardgames.errors.CardgamesError`).

The names from before the template (``ComradeRules``, ``PlayerView``, ``KrypkilleRound`` ...) still import
for saved notebooks, each returning the new object with a :class:`DeprecationWarning`; the repository's own
code and notebooks use none of them (a search below, and ``pyproject.toml`` turns the warning into an error).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import functools
import pickle
import re
import warnings
from pathlib import Path

import pytest
from repo_files import git_files

from cardgames import registry
from cardgames.errors import CardgamesError, RuleConfigError
from cardgames.game import GameState

#: An engine-layer test; its one subprocess is ``git ls-files`` (tests/repo_files.py).
pytestmark = pytest.mark.fast

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = ("engine", "view", "options", "display", "errors", "players")
GAMES = registry.games()


def camel(name: str) -> str:
    """``"heart_challenge"`` -> ``"HeartChallenge"``."""
    return "".join(part.capitalize() for part in name.split("_"))


def game_modules(name: str) -> list[str]:
    """The module names of the package ``cardgames.<name>`` (its files, one level)."""
    package = ROOT / "cardgames" / name
    return [f"cardgames.{name}"] + [f"cardgames.{name}.{p.stem}" for p in sorted(package.glob("*.py"))
                                    if p.stem != "__init__"]


def test_camel_case_of_the_registry_names():
    assert [camel(g.name) for g in GAMES] == ["Krypkille", "Comrade", "HeartChallenge", "TinyTrick"]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_package_has_the_template_modules(game):
    package = ROOT / "cardgames" / game.name
    missing = [m for m in TEMPLATE if not (package / f"{m}.py").is_file()]
    assert not missing, f"cardgames/{game.name}/ lacks {missing}"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_template_classes_are_the_registrys(game):
    stem = camel(game.name)
    package = importlib.import_module(f"cardgames.{game.name}")
    engine = importlib.import_module(f"cardgames.{game.name}.engine")
    view = importlib.import_module(f"cardgames.{game.name}.view")
    options = importlib.import_module(f"cardgames.{game.name}.options")
    game_class = getattr(engine, f"{stem}Game", None)
    view_class = getattr(view, f"{stem}View", None)
    options_class = getattr(options, f"{stem}Options", None)
    assert inspect.isclass(game_class) and issubclass(game_class, GameState), f"engine.{stem}Game"
    assert inspect.isclass(view_class) and view_class.__module__ == view.__name__, f"view.{stem}View"
    assert inspect.isclass(options_class) and options_class.__module__ == options.__name__, f"options.{stem}Options"
    assert game_class.__module__ == engine.__name__
    assert game.view_type is view_class
    assert game.options is options_class
    for cls in (game_class, view_class, options_class):   # the package exports them under the same names
        assert getattr(package, cls.__name__) is cls
    state = game.new_game(seed=3)
    assert type(state) is game_class
    assert type(state.view(0)) is view_class
    assert type(game.examples(0).view(0)) is view_class


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_display_module_draws_the_game_and_the_view(game):
    state = game.new_game(seed=3)
    for shown in (state, state.view(0)):
        html = shown._repr_html_()
        assert isinstance(html, str) and html.lstrip().startswith("<"), type(shown).__name__


def exception_classes(module_name: str) -> dict[str, type]:
    module = importlib.import_module(module_name)
    return {f"{cls.__module__}.{cls.__qualname__}": cls for cls in vars(module).values()
            if inspect.isclass(cls) and issubclass(cls, BaseException)}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_exception_of_a_game_lives_in_its_errors_module(game):
    prefix = f"cardgames.{game.name}"
    found: dict[str, type] = {}
    for module in game_modules(game.name):
        found.update(exception_classes(module))
    own = {name: cls for name, cls in found.items() if cls.__module__.startswith(prefix)}
    elsewhere = sorted(name for name, cls in own.items() if cls.__module__ != f"{prefix}.errors")
    assert not elsewhere, f"exceptions outside {prefix}.errors: {elsewhere}"
    outside_family = sorted(name for name, cls in found.items() if not issubclass(cls, CardgamesError))
    assert not outside_family, f"exceptions not in the cardgames.errors family: {outside_family}"


def test_the_exception_check_can_fail():
    # a module of a game package defining an exception of its own, outside errors.py
    found = exception_classes("cardgames.registry")
    assert any(cls.__module__ == "cardgames.registry" for cls in found.values())   # UnknownGameError
    assert not any(issubclass(cls, CardgamesError) for cls in exception_classes("builtins").values())


# -- the old names ------------------------------------------------------------------------------------
#: (old module, old name, new module, new name): every public name from before the template.
OLD_NAMES = [
    ("cardgames.comrade", "ComradeRules", "cardgames.comrade.options", "ComradeOptions"),
    ("cardgames.comrade", "DEFAULT_RULES", "cardgames.comrade.options", "DEFAULT_OPTIONS"),
    ("cardgames.comrade", "PlayerView", "cardgames.comrade.view", "ComradeView"),
    ("cardgames.comrade.game", "ComradeGame", "cardgames.comrade.engine", "ComradeGame"),
    ("cardgames.comrade.game", "PlayerView", "cardgames.comrade.view", "ComradeView"),
    ("cardgames.comrade.rules", "ComradeRules", "cardgames.comrade.options", "ComradeOptions"),
    ("cardgames.comrade.rules", "DEFAULT_RULES", "cardgames.comrade.options", "DEFAULT_OPTIONS"),
    ("cardgames.comrade.rules", "NOTHING_FITS_READINGS", "cardgames.comrade.options", "NOTHING_FITS_READINGS"),
    ("cardgames.comrade.html", "bid_cards_html", "cardgames.comrade.display", "bid_cards_html"),
    ("cardgames.comrade.html", "game_html", "cardgames.comrade.display", "game_html"),
    ("cardgames.krypkille", "KrypkilleRound", "cardgames.krypkille.engine", "KrypkilleGame"),
    ("cardgames.krypkille", "SeatView", "cardgames.krypkille.view", "KrypkilleView"),
    ("cardgames.krypkille.engine", "KrypkilleRound", "cardgames.krypkille.engine", "KrypkilleGame"),
    ("cardgames.krypkille.engine", "SeatView", "cardgames.krypkille.view", "KrypkilleView"),
    ("cardgames.heart_challenge.engine", "ImpossiblePositionError", "cardgames.heart_challenge.errors",
     "ImpossiblePositionError"),
    ("cardgames.tiny_trick.game", "TinyTrickGame", "cardgames.tiny_trick.engine", "TinyTrickGame"),
    ("cardgames.tiny_trick.game", "TinyTrickView", "cardgames.tiny_trick.view", "TinyTrickView"),
    ("cardgames.tiny_trick.game", "TinyTrickOptions", "cardgames.tiny_trick.options", "TinyTrickOptions"),
    ("cardgames.tiny_trick.game", "HighCardPlayer", "cardgames.tiny_trick.players", "HighCardPlayer"),
]


@pytest.mark.parametrize("old_module, old, new_module, new", OLD_NAMES, ids=lambda x: str(x))
def test_an_old_name_warns_and_gives_the_new_object(old_module, old, new_module, new):
    expected = getattr(importlib.import_module(new_module), new)
    with pytest.warns(DeprecationWarning, match=re.escape(f"{old_module}.{old} is deprecated: use {new_module}.{new}")):
        got = getattr(importlib.import_module(old_module), old)
    assert got is expected
    with pytest.warns(DeprecationWarning, match=re.escape(new)):   # the statement a saved notebook holds
        namespace: dict = {}
        exec(f"from {old_module} import {old}", namespace)
    assert namespace[old] is expected


def test_an_unknown_name_is_still_an_attribute_error():
    import cardgames.comrade
    import cardgames.comrade.game

    with pytest.raises(AttributeError, match="no attribute 'Nonsense'"):
        cardgames.comrade.Nonsense   # noqa: B018
    with pytest.raises(AttributeError, match="no attribute 'Nonsense'"):
        cardgames.comrade.game.Nonsense   # noqa: B018
    assert not hasattr(cardgames.comrade, "__wrapped__")


def test_comrade_game_takes_the_old_rules_keyword_with_a_warning():
    from cardgames.comrade import ComradeGame, ComradeOptions, Series

    options = ComradeOptions(stop_at_loss=False)
    with pytest.warns(DeprecationWarning, match=re.escape("ComradeGame(rules=...) is deprecated")):
        game = ComradeGame("N:A.K.. K.A.. Q.Q.. J.J..", dealer=0, rules=options)
    assert game.options is options
    with pytest.warns(DeprecationWarning, match=re.escape("ComradeGame.rules is deprecated: use ComradeGame.options")):
        assert game.rules is options
    with pytest.raises(RuleConfigError, match="once"):
        ComradeGame("N:A.K.. K.A.. Q.Q.. J.J..", options=options, rules=options)
    with pytest.warns(DeprecationWarning, match=re.escape("Series(rules=...)")):
        series = Series([g.deal for g in Series.random(1, hand_size=3).games], rules=options)
    assert all(g.options is options for g in series.games)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert ComradeGame("N:A.K.. K.A.. Q.Q.. J.J..", options=options).options is options


def test_a_game_pickled_under_the_old_names_loads():
    from cardgames.comrade import ComradeGame, ComradeOptions

    game = ComradeGame("N:A.K.. K.A.. Q.Q.. J.J..", dealer=0, options=ComradeOptions(ace_high=False)).play(["S1"])
    data = pickle.dumps(game, protocol=0)
    assert b"cardgames.comrade.engine" in data and b"Voptions\n" in data
    old = data.replace(b"cardgames.comrade.engine", b"cardgames.comrade.game").replace(b"Voptions\n", b"Vrules\n")
    with pytest.warns(DeprecationWarning, match="ComradeGame"):
        back = pickle.loads(old)
    assert type(back) is ComradeGame and back.options == ComradeOptions(ace_high=False)
    assert back.actions == game.actions and back.legal_actions() == game.legal_actions()


# -- the repository uses the new names only ------------------------------------------------------------
OLD_PATTERNS = [
    re.compile(r"\b(ComradeRules|DEFAULT_RULES|PlayerView|SeatView|KrypkilleRound)\b"),
    re.compile(r"\bcardgames[./](comrade[./](game|html|rules)|tiny_trick[./]game)\b"),
    re.compile(r"\bfrom\s+cardgames\.comrade\s+import\s+(\([^)]*|[^\n(]*)\b(game|html|rules)\b"),
    re.compile(r"\bcomrade/(game|html|rules)\.py\b"),
]
#: The files that keep the old names on purpose: the aliases, the old module paths, this test and the layout
#: test (which checks that the old ``comrade/html.py`` path is only an alias).
KEEPERS = {"cardgames/_aliases.py", "cardgames/comrade/__init__.py", "cardgames/comrade/game.py",
           "cardgames/comrade/html.py", "cardgames/comrade/rules.py", "cardgames/tiny_trick/game.py",
           "cardgames/krypkille/__init__.py", "cardgames/krypkille/engine.py", "tests/test_game_template.py",
           "tests/test_layout.py"}
#: Generated from notebooks/ by make student; built pages; installed packages.
SKIP_DIRS = {"student", "teacher", "_site", "build", "dist", "node_modules", ".venv", ".git", ".ipynb_checkpoints",
             "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache", ".hypothesis"}
SUFFIXES = {".py", ".ipynb", ".md", ".toml", ".cfg", ".txt", ".json", ".yml", ".yaml", ".html", ".js"}


@functools.lru_cache(maxsize=1)
def repository_files() -> tuple[Path, ...]:
    """The repository's tracked text files, without the generated folders."""
    return tuple(ROOT / rel for rel in git_files()
                 if not any(part in SKIP_DIRS or part.endswith(".egg-info") for part in Path(rel).parts[:-1])
                 and (Path(rel).suffix in SUFFIXES or Path(rel).name == "Makefile"))


def old_names_in(text: str) -> list[str]:
    return sorted({m.group(0) for pattern in OLD_PATTERNS for m in pattern.finditer(text)})


def test_the_old_name_search_can_fail():
    assert old_names_in("from cardgames.comrade.game import ComradeGame") == ["cardgames.comrade.game"]
    assert old_names_in("from cardgames.comrade import (Deal,\n  rules)") != []
    assert old_names_in("r = KrypkilleRound(3); v: PlayerView; ComradeRules()") == [
        "ComradeRules", "KrypkilleRound", "PlayerView"]
    assert old_names_in("KrypkilleGame, ComradeView, cardgames.comrade.options, cardgames.krypkille.rules") == []


def test_the_repository_uses_no_old_name():
    files = repository_files()
    assert any(p.suffix == ".ipynb" for p in files) and any(p.name == "README.md" for p in files)
    found = {}
    for path in files:
        rel = path.relative_to(ROOT).as_posix()
        if rel in KEEPERS:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        names = old_names_in(text)
        if names:
            found[rel] = names
    assert not found, f"old names (before the game template) in: {found}"


def comrade_game_calls_with_rules(source: str) -> list[int]:
    """Lines of ``ComradeGame(..., rules=...)`` and ``Series(..., rules=...)`` calls in Python source."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name in ("ComradeGame", "Series") and any(k.arg == "rules" for k in node.keywords):
                lines.append(node.lineno)
    return lines


def test_the_repository_gives_comrade_games_options_not_rules():
    assert comrade_game_calls_with_rules("g = ComradeGame(deal, rules=r)") == [1]   # the check can fail
    found = {}
    for path in repository_files():
        rel = path.relative_to(ROOT).as_posix()
        if rel in KEEPERS:
            continue
        if path.suffix == ".py":
            sources = [path.read_text(encoding="utf-8")]
        elif path.suffix == ".ipynb":
            import json

            cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
            sources = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
            sources = ["\n".join(line for line in s.splitlines() if not line.lstrip().startswith(("%", "!")))
                       for s in sources]
        else:
            continue
        lines = [n for s in sources for n in comrade_game_calls_with_rules(s)]
        if lines:
            found[rel] = lines
    assert not found, f"ComradeGame(rules=...) (now options=) in: {found}"

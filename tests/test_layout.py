"""The layout: three layers whose arrows run one way, engines that import no display code, no import circle.

* The layers, bottom to top: :mod:`cardgames` (the rules engines) ← :mod:`solvers` ← :mod:`classroom`
  (widgets, the play table, the coach, the grader, the printables).  No module imports a module of a
  layer above its own -- at module level, under ``if TYPE_CHECKING`` or inside a function.
* Nor does it name one by string for a later import: no string outside a docstring in the engines or
  the solvers is a dotted path into a layer above (``"classroom.tables.comrade:ComradeTableGame"``,
  ``importlib.import_module("solvers." + name)``).  The upper layers keep their own tables of their parts
  by game name (``classroom.tables.TABLES``), so the import check above sees every arrow.

As python-chess does with ``_repr_svg_``, an engine's rich display
(``_repr_html_``) imports its HTML module lazily, inside the method; the HTML modules import no
engine module back at run time (only under ``if TYPE_CHECKING``, for annotations), so every arrow runs one way.

* Each engine module, imported in a fresh interpreter, loads no display, HTML or widget module
  (ours, nor IPython, ipywidgets, matplotlib, nor the standard library's ``html``).
* The graph of every import statement that runs in the three packages -- at module level and
  inside functions -- has no cycle (imports under ``if TYPE_CHECKING``, which never run, are how a
  display module names the engine types in its annotations).
* An engine module imports a display module only inside a function (the lazy ``_repr_html_`` hook
  or a small function that forwards to the display), never at module level.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: The layers, bottom first: a module may import its own layer and the ones below, never one above.
LAYERS = ("cardgames", "solvers", "classroom")
PACKAGE = ROOT / "cardgames"

#: Our display code: the HTML builders and the widgets.
#: Other modules no engine may load: notebook display machinery, plotting, HTML.
FOREIGN = ("IPython", "ipywidgets", "matplotlib", "html")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


DISPLAY = {m for m in (_module_name(p) for p in (ROOT / "cardgames").rglob("*.py"))
           if m.rsplit(".", 1)[-1] == "display"}   # a game's HTML module is its display.py (the game template)
MODULES = {_module_name(p): p for layer in LAYERS for p in sorted((ROOT / layer).rglob("*.py"))}


def layer(module: str) -> int:
    return LAYERS.index(module.split(".")[0])


def is_display(module: str) -> bool:
    return module in DISPLAY or module.split(".")[0] in LAYERS[1:]


ENGINE_MODULES = sorted(m for m in MODULES if layer(m) == 0 and not is_display(m))


def _resolve(module: str, node: ast.ImportFrom | ast.Import) -> list[str]:
    """The cardgames modules an import statement in ``module`` names."""
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        if node.level:
            package = module if MODULES[module].name == "__init__.py" else module.rsplit(".", 1)[0]
            base = package.split(".")
            base = base[: len(base) - (node.level - 1)]
            prefix = ".".join(base + ([node.module] if node.module else []))
        else:
            prefix = node.module or ""
        names = [prefix] + [f"{prefix}.{a.name}" for a in node.names]
    return [n for n in names if n in MODULES]


def _is_type_checking(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def imports(module: str, type_only: bool = True) -> list[tuple[str, bool]]:
    """(imported module of ours, whether the import runs at module level) for every import statement;
    imports under ``if TYPE_CHECKING:`` (which never run) count as not at module level, and are left
    out with ``type_only=False``."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    found: list[tuple[str, bool]] = []

    def visit(node: ast.AST, top: bool, checking: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)) and (type_only or not checking):
                found.extend((target, top and not checking) for target in _resolve(module, child))
            inside = top and not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            visit(child, inside, checking or _is_type_checking(child))

    visit(tree, True, False)
    return found


#: The imports that run (type-only imports make no circle: they never execute).
GRAPH = {m: sorted({t for t, _ in imports(m, type_only=False) if t != m}) for m in MODULES}


def find_cycle(graph: dict[str, list[str]]) -> list[str] | None:
    """One import circle of ``graph`` (as a list of modules, first = last), or ``None``."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def dfs(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in graph.get(node, []):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = dfs(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in graph:
        if node not in state:
            found = dfs(node)
            if found:
                return found
    return None


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycle({"a": ["b"], "b": ["c"], "c": ["a"]}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": ["b"], "b": [], "c": ["a", "b"]}) is None


def test_the_import_scanner_sees_lazy_and_type_checking_imports():
    """The scanner reads the imports inside functions and TYPE_CHECKING blocks too."""
    found = dict(imports("cardgames.krypkille.engine"))
    assert found.get("cardgames.krypkille.display") is False       # the lazy import in _repr_html_
    assert found.get("cardgames.krypkille.deck") is True
    display = dict(imports("cardgames.krypkille.display"))
    assert display.get("cardgames.krypkille.engine") is False      # under if TYPE_CHECKING: for annotations
    assert "cardgames.krypkille.engine" not in GRAPH["cardgames.krypkille.display"]


def test_no_import_cycles():
    cycle = find_cycle(GRAPH)
    assert cycle is None, "import circle: " + " -> ".join(cycle)


def test_the_layer_check_sees_an_upward_import_inside_a_function(tmp_path, monkeypatch):
    """The check can fail: a solver module with a function-level import of the classroom is caught."""
    fake = tmp_path / "m.py"
    fake.write_text("def f():\n    from classroom.widgets import common\n")
    monkeypatch.setitem(MODULES, "solvers.fake", fake)
    assert "classroom.widgets.common" in upward_imports("solvers.fake")


def upward_imports(module: str) -> list[str]:
    return sorted({t for t, _ in imports(module) if layer(t) > layer(module)})


@pytest.mark.parametrize("module", sorted(m for m in MODULES if layer(m) < len(LAYERS) - 1))
def test_no_module_imports_a_layer_above_its_own(module):
    up = upward_imports(module)
    assert not up, f"{module} imports {up}: the arrows run cardgames <- solvers <- classroom"


#: A string that is a dotted import path, or the start of one (``"classroom.tables."`` in an f-string):
#: ``package.module``, optionally ``:attribute``.
IMPORT_PATH = re.compile(r"(?P<top>[A-Za-z_]\w*)(?:\.\w*)*(?::\w+(?:\.\w+)*)?")
#: The calls that import by name: their first argument is an import target even without a dot.
IMPORT_CALLS = {"import_module", "__import__", "find_spec", "import_string", "resolve_name"}


def upward_strings(module: str) -> list[str]:
    """The strings of ``module`` (docstrings and bare string statements left out) that name a module of a
    layer above its own as an import path: ``"top.module"``, ``"top.module:attribute"`` or the literal
    start of one (``f"top.{name}"``), or a bare ``"top"`` handed to :func:`importlib.import_module` or
    ``__import__``."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    docstrings = {id(node.value) for node in ast.walk(tree)
                  if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
                  and isinstance(node.value.value, str)}
    targets = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args:
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in IMPORT_CALLS:
                targets.add(id(node.args[0]))
    above = set(LAYERS[layer(module) + 1:])
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)) or id(node) in docstrings:
            continue
        match = IMPORT_PATH.fullmatch(node.value.strip())
        if match and match["top"] in above and (match.group(0) != match["top"] or id(node) in targets):
            found.append(node.value)
    return sorted(found)


def test_the_string_check_sees_an_import_path_into_a_layer_above(tmp_path, monkeypatch):
    """The check can fail: the registry entry this project once had, an f-string target, a bare package
    name handed to importlib; and it leaves prose, docstrings and the module's own layer alone."""
    fake = tmp_path / "m.py"
    fake.write_text('"""A docstring naming classroom.tables.comrade:ComradeTableGame is prose."""\n'
                    'import importlib\n'
                    'ENTRY = dict(table="classroom.tables.comrade:ComradeTableGame")\n'
                    'def coach(name):\n'
                    '    """See classroom.coach."""\n'
                    '    return importlib.import_module(f"classroom.coach_{name}")\n'
                    'def solver():\n'
                    '    return __import__("solvers")\n'
                    'SAME = "cardgames.registry:get"\n'
                    'WORDS = "the classroom, the solvers"\n'
                    'TAG = "solvers"\n')
    monkeypatch.setitem(MODULES, "cardgames.fake", fake)
    assert upward_strings("cardgames.fake") == ["classroom.coach_", "classroom.tables.comrade:ComradeTableGame",
                                                "solvers"]
    monkeypatch.setitem(MODULES, "solvers.fake", fake)
    assert upward_strings("solvers.fake") == ["classroom.coach_", "classroom.tables.comrade:ComradeTableGame"]


@pytest.mark.parametrize("module", sorted(m for m in MODULES if layer(m) < len(LAYERS) - 1))
def test_no_module_names_a_layer_above_by_string(module):
    up = upward_strings(module)
    assert not up, (f"{module} names {up} as an import path: a layer above keeps its own parts by game name "
                    "(e.g. classroom.tables.TABLES), the engines and solvers name nothing above them")


@pytest.mark.parametrize("module", ENGINE_MODULES)
def test_engines_import_display_code_only_lazily(module):
    eager = sorted({t for t, top in imports(module) if top and is_display(t)})
    assert not eager, f"{module} imports {eager} at module level"
    assert not any(t.startswith("classroom.widgets") for t, _ in imports(module)), \
        f"{module} imports a widget module"


def _is_alias_shim(path: Path) -> bool:
    """A module that only keeps old names importable: a docstring, ``from .._aliases import moved`` and
    ``__getattr__ = moved(...)`` (``cardgames/comrade/html.py``, the old path of ``display.py``)."""
    body = [n for n in ast.parse(path.read_text(encoding="utf-8")).body
            if not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))]
    return bool(body) and all(
        (isinstance(n, ast.ImportFrom) and n.module == "_aliases")
        or (isinstance(n, ast.Assign) and [getattr(t, "id", None) for t in n.targets] == ["__getattr__"])
        for n in body)


def test_a_games_html_module_is_its_display_py():
    games = sorted(p for p in PACKAGE.iterdir() if (p / "__init__.py").is_file())
    assert len(games) >= 4
    assert [g.name for g in games if not (g / "display.py").is_file()] == []
    others = [p for g in games for p in g.glob("*.py") if p.stem == "html" and not _is_alias_shim(p)]
    assert others == [], f"HTML modules other than display.py: {others}"
    # the shim check can fail: the real display module is no shim, the old html.py path is one
    assert not _is_alias_shim(PACKAGE / "comrade" / "display.py")
    assert _is_alias_shim(PACKAGE / "comrade" / "html.py")


def test_each_engine_module_loads_no_display_module_in_a_fresh_interpreter():
    probe = ("import sys, importlib; importlib.import_module(sys.argv[1]); "
             "print(' '.join(sorted(m for m in sys.modules)))")
    # -S: no site-packages either, so this also shows that the engines need nothing but the standard library
    procs = {m: subprocess.Popen([sys.executable, "-S", "-c", probe, m], cwd=ROOT, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True) for m in ENGINE_MODULES}
    loaded = {}
    for m, proc in procs.items():
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, f"importing {m} failed: {err}"
        loaded[m] = out.split()
    bad = {m: [x for x in mods if is_display(x) or x.split(".")[0] in FOREIGN] for m, mods in loaded.items()}
    bad = {m: x for m, x in bad.items() if x}
    assert not bad, f"engine modules that load display code: {bad}"
    # the probe can fail: the widgets do load display code
    assert "cardgames.display" in subprocess.run(
        [sys.executable, "-c", probe, "cardgames.comrade.display"], cwd=ROOT, capture_output=True,
        text=True).stdout.split()


def private_imports(module: str) -> list[str]:
    """``from X import _name`` statements of ``module`` that reach into another module of ours."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module != "__future__":
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__") and _resolve(module, node):
                    found.append(f"{node.module}.{alias.name}")
    return found


def test_the_private_import_check_can_fail(tmp_path, monkeypatch):
    fake = tmp_path / "m.py"
    fake.write_text("from cardgames.cards import _VALUE_RANK\n")
    monkeypatch.setitem(MODULES, "solvers.fake", fake)
    assert private_imports("solvers.fake") == ["cardgames.cards._VALUE_RANK"]


def test_no_module_imports_another_modules_private_names():
    found = {m: p for m in MODULES if (p := private_imports(m))}
    assert not found, f"private names imported across modules (give them a public name): {found}"

"""Which cells of a notebook a partial run needs: the cells that matter, and the cells they depend on.

Every committed notebook is run top to bottom once, by nbval (``make test``), and its stored outputs
are that run (``tests/test_notebooks_stored.py``).  A later run that only has to show something
else (the widgets in JupyterLab, ``tests/browser/``; the student version's blanks and checks,
``tests/test_classroom.py``) need not run every cell again: :func:`needed_cells` picks, from some
*seed* cells, every cell their run depends on, by the names the cells bind and read (Python's own
scoping rules, :mod:`symtable`), so nothing the seeds see differs from a run of the whole notebook.

It is conservative: a cell is needed when it binds a name a needed cell reads (also inside a function
it calls), or changes such a name in place (``x.attr = ...``, ``x[i] = ...``, and a statement
``x.method(...)``, e.g. ``items.append(1)`` or ``random.seed(1)``); a name is looked for in every cell
before the last needed one (a function may read a global bound after it was defined); a cell with an
IPython magic or shell line (``%``, ``!``) before the last needed cell is needed; a cell that does not
parse makes every cell needed.
"""

from __future__ import annotations

import ast
import symtable


def _global_names(statement) -> tuple[set[str], set[str]]:
    """(names bound, names read) at module level by one top-level statement: a comprehension's loop
    variable or a function's local is neither; a function's global is read."""
    bound: set[str] = set()
    read: set[str] = set()

    def visit(table, top: bool) -> None:
        for sym in table.get_symbols():
            if top or sym.is_global():
                if sym.is_assigned() or sym.is_imported() or (top and sym.is_namespace()):
                    bound.add(sym.get_name())
                if sym.is_referenced():
                    read.add(sym.get_name())
        for child in table.get_children():
            visit(child, False)

    visit(symtable.symtable(ast.unparse(statement), "<cell>", "exec"), True)
    return bound, read


def _root(node):
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call, ast.Starred)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


def has_magic(source: str) -> bool:
    """Does the cell hold an IPython magic or shell line (``%matplotlib inline``, ``!pip ...``)?"""
    return any(line.lstrip().startswith(("%", "!")) for line in source.splitlines())


def cell_names(source: str) -> tuple[set[str], set[str], set[str]]:
    """What a code cell does to the notebook's namespace: (names it binds, names it reads that an
    earlier cell must have bound, names it changes in place).  Raises SyntaxError.

    >>> bound, read, changed = cell_names(
    ...     "r = Round.from_hands(h)\\nr.apply('9')\\nfor seat in range(n):\\n    log.append(seat)")
    >>> sorted(bound), sorted(read), sorted(changed)
    (['r', 'seat'], ['Round', 'h', 'log', 'n', 'range'], ['log', 'r'])
    """
    code = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("%", "!")))
    bound: set[str] = set()
    read: set[str] = set()
    changed: set[str] = set()
    for statement in ast.parse(code).body:
        binds, reads = _global_names(statement)
        read |= reads - bound - _bound_first(statement)   # read before this cell binds it: from an earlier cell
        bound |= binds
        for node in ast.walk(statement):
            targets = []
            if isinstance(node, (ast.Assign, ast.Delete)):
                targets = node.targets
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) \
                    and isinstance(node.value.func, ast.Attribute):
                targets = [node.value.func]     # x.append(...), random.seed(...) as a statement
            changed |= {r for t in targets if isinstance(t, (ast.Attribute, ast.Subscript, ast.Call))
                        for r in [_root(t)] if r and r in reads}
    return bound, read, changed


def _bound_first(statement) -> set[str]:
    """Names a ``for`` or ``with`` statement binds before its body reads them (its loop variables and
    ``as`` targets), unless its own header reads them first."""
    if isinstance(statement, (ast.For, ast.AsyncFor)):
        targets, header = [statement.target], [statement.iter]
    elif isinstance(statement, (ast.With, ast.AsyncWith)):
        targets = [i.optional_vars for i in statement.items if i.optional_vars is not None]
        header = [i.context_expr for i in statement.items]
    else:
        return set()
    names = {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return names - {n.id for h in header for n in ast.walk(h) if isinstance(n, ast.Name)}


def needed_cells(sources: list[str], seeds, forward: bool = False,
                 reads: "dict[int, set[str]] | None" = None) -> list[int]:
    """Indices of the cells (``sources``: the code cells, in order) a run of the ``seeds`` needs.

    ``forward=True``: the seeds are cells that *differ* from the run already made, so every later
    cell that reads a name a needed cell binds or changes is needed too (its result may differ).
    ``reads``: more names a cell reads, by index (e.g. what an otter check cell's test takes).
    """
    try:
        names = [cell_names(s) for s in sources]
    except SyntaxError:
        return list(range(len(sources)))
    extra = reads or {}

    def reads_of(i: int) -> set[str]:
        return names[i][1] | names[i][2] | extra.get(i, set())

    need = {i for i in seeds if sources[i].strip()}
    if forward:
        effects: set[str] = set()
        for i in range(len(sources)):
            if i in need:
                effects |= names[i][0] | names[i][2]
            elif sources[i].strip() and reads_of(i) & effects:
                need.add(i)
                effects |= names[i][0] | names[i][2]
    last = max(need, default=-1)
    todo = sorted(need)
    while todo:
        wanted = reads_of(todo.pop())
        for j in range(last):
            if j not in need and (names[j][0] | names[j][2]) & wanted:
                need.add(j)
                todo.append(j)
    need |= {j for j in range(last) if has_magic(sources[j])}
    return sorted(need)

"""Drawing game trees with matplotlib and a pure-Python layout (no Graphviz needed).

:func:`tree_layout` places the root at the top and each node one row below its
parent; leaves take consecutive columns left to right and a parent sits
centred over its children (the classic "tidy" layout, simple version).
:func:`draw_tree` draws any tree whose nodes carry ``kind`` (``"decision"``,
``"chance"`` or ``"leaf"``), ``label`` and ``chosen``, and whose edges carry
``label`` (or ``action``) and ``chosen``: chosen edges are thick and red.

>>> import networkx as nx
>>> g = nx.DiGraph([("a", "b"), ("a", "c")])
>>> tree_layout(g, "a")
{'b': (0.0, -1.0), 'c': (1.0, -1.0), 'a': (0.5, 0.0)}
"""

from __future__ import annotations

import networkx as nx

__all__ = ["tree_layout", "draw_tree", "find_root"]

_COLORS = {"decision": "#cfe2ff", "chance": "#fff3b0", "leaf": "#e9ecef"}
_HIGHLIGHT = "#d62728"


def find_root(g: nx.DiGraph):
    roots = [n for n in g.nodes if g.in_degree(n) == 0]
    if len(roots) != 1:
        raise ValueError(f"a tree has exactly one root, this graph has {len(roots)}")
    return roots[0]


def tree_layout(g: nx.DiGraph, root=None) -> dict:
    """Positions ``{node: (x, y)}``: y = minus the depth, leaves at x = 0, 1, 2, ..."""
    root = find_root(g) if root is None else root
    pos: dict = {}
    next_x = [0.0]

    def place(node, depth: int) -> float:
        children = list(g.successors(node))
        if not children:
            x = next_x[0]
            next_x[0] += 1.0
        else:
            xs = [place(c, depth + 1) for c in children]
            x = (min(xs) + max(xs)) / 2
        pos[node] = (x, float(-depth))
        return x

    place(root, 0)
    return pos


def draw_tree(g: nx.DiGraph, ax=None, root=None, title: str | None = None, font_size: float = 8):
    """Draw ``g`` top-down; returns the matplotlib axes."""
    import matplotlib.pyplot as plt

    pos = tree_layout(g, root)
    width = max(x for x, _ in pos.values()) + 1
    depth = -min(y for _, y in pos.values()) + 1
    if ax is None:
        _, ax = plt.subplots(figsize=(max(4.0, 1.6 * width), max(2.5, 1.35 * depth)))
    for u, v, data in g.edges(data=True):
        (x1, y1), (x2, y2) = pos[u], pos[v]
        chosen = data.get("chosen", False)
        ax.plot([x1, x2], [y1, y2], color=_HIGHLIGHT if chosen else "#888",
                linewidth=2.6 if chosen else 1.0, zorder=1)
        label = data.get("label", data.get("action", ""))
        if label:
            ax.text((x1 + x2) / 2, (y1 + y2) / 2, str(label), fontsize=font_size - 1, ha="center", va="center",
                    color=_HIGHLIGHT if chosen else "#333",
                    bbox=dict(boxstyle="round,pad=0.15", fc="white", ec="none", alpha=0.9), zorder=2)
    for node, data in g.nodes(data=True):
        x, y = pos[node]
        kind = data.get("kind", "leaf")
        chosen = data.get("chosen", False)
        box = "round,pad=0.3" if kind != "chance" else "square,pad=0.3"
        ax.text(x, y, str(data.get("label", node)), fontsize=font_size, ha="center", va="center", zorder=3,
                bbox=dict(boxstyle=box, fc=_COLORS.get(kind, "#eee"),
                          ec=_HIGHLIGHT if chosen else "#555", lw=2.0 if chosen else 0.8))
    ax.set_xlim(-0.7, width - 0.3)
    ax.set_ylim(-depth + 0.4, 0.6)
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=font_size + 2)
    return ax

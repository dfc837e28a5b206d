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


def _label_lines(text: str) -> tuple[int, int]:
    lines = str(text).split("\n")
    return max(len(x) for x in lines), len(lines)


def draw_tree(g: nx.DiGraph, ax=None, root=None, title: str | None = None, font_size: float = 8):
    """Draw ``g`` top-down; returns the matplotlib axes.

    The figure is made wide enough for its leaves: each leaf gets a column as wide as the longest
    label needs (and an axes passed in is widened to that if it is narrower), so no two leaf boxes
    or probability labels overlap at any player count.  Edge labels sit nearer the child than the
    parent, where the leaves are spread out.  ``ax.tree_texts`` maps each node, and each edge
    ``(u, v)``, to its text artist (the tests measure their boxes).
    """
    import matplotlib.pyplot as plt

    pos = tree_layout(g, root)
    width = max(x for x, _ in pos.values()) + 1
    depth = -min(y for _, y in pos.values()) + 1
    chars = max([_label_lines(d.get("label", n))[0] for n, d in g.nodes(data=True)]
                + [len(str(d.get("label", d.get("action", "")))) for _, _, d in g.edges(data=True)])
    lines = max(_label_lines(d.get("label", n))[1] for n, d in g.nodes(data=True))
    col_in = chars * font_size * 0.62 / 72 + 0.35      # inches per leaf column: the widest label plus padding
    row_in = lines * font_size * 1.35 / 72 + 0.55
    need_w, need_h = max(4.0, col_in * width + 0.4), max(2.5, row_in * depth)
    if ax is None:
        _, ax = plt.subplots(figsize=(need_w, need_h))
    else:   # widen the whole figure until this axes (maybe one of several subplots) is big enough
        fig = ax.figure
        w, h = fig.get_size_inches()
        box = ax.get_position()
        grow_w = max(1.0, need_w / (w * box.width))
        grow_h = max(1.0, need_h / (h * box.height))
        if grow_w > 1.0 or grow_h > 1.0:
            fig.set_size_inches(w * grow_w, h * grow_h)
    texts: dict = {}
    for u, v, data in g.edges(data=True):
        (x1, y1), (x2, y2) = pos[u], pos[v]
        chosen = data.get("chosen", False)
        ax.plot([x1, x2], [y1, y2], color=_HIGHLIGHT if chosen else "#888",
                linewidth=2.6 if chosen else 1.0, zorder=1)
        label = data.get("label", data.get("action", ""))
        if label:
            t = 0.62 if g.out_degree(v) == 0 else 0.5      # toward a leaf, where the columns are spread out
            texts[(u, v)] = ax.text(x1 + t * (x2 - x1), y1 + t * (y2 - y1), str(label), fontsize=font_size - 1,
                                    ha="center", va="center", color=_HIGHLIGHT if chosen else "#333",
                                    bbox=dict(boxstyle="round,pad=0.15", fc="white", ec="none", alpha=0.9),
                                    zorder=2)
    for node, data in g.nodes(data=True):
        x, y = pos[node]
        kind = data.get("kind", "leaf")
        chosen = data.get("chosen", False)
        box = "round,pad=0.3" if kind != "chance" else "square,pad=0.3"
        texts[node] = ax.text(x, y, str(data.get("label", node)), fontsize=font_size, ha="center", va="center",
                              zorder=3, bbox=dict(boxstyle=box, fc=_COLORS.get(kind, "#eee"),
                                                  ec=_HIGHLIGHT if chosen else "#555", lw=2.0 if chosen else 0.8))
    ax.set_xlim(-0.7, width - 0.3)
    ax.set_ylim(-depth + 0.4, 0.6)
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=font_size + 2)
    ax.tree_texts = texts
    return ax

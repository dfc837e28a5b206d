"""Endgame trees read: no two leaf boxes, and no two probability labels, overlap."""

from __future__ import annotations

import itertools

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pytest

from solvers.krypkille_endgame import Endgame, draw_tree


def _texts(ax, g):
    """Node and edge -> text artist, found by the label each one shows (not by the drawing's own map)."""
    pool = list(ax.texts)
    out = {}
    wanted = [(e, str(d.get("label", d.get("action", "")))) for *e, d in g.edges(data=True)]
    wanted += [(n, str(d.get("label", n))) for n, d in g.nodes(data=True)]
    for key, label in wanted:
        for t in pool:
            if t.get_text() == label:
                out[tuple(key) if isinstance(key, list) else key] = t
                pool.remove(t)
                break
    return out


def _boxes(ax, g, keys):
    fig = ax.figure
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    texts = _texts(ax, g)
    return {k: texts[k].get_bbox_patch().get_window_extent(renderer) for k in keys}


def _overlaps(boxes):
    return [(a, b) for (a, ba), (b, bb) in itertools.combinations(boxes.items(), 2) if ba.overlaps(bb)]


def _check(g, ax):
    leaves = [n for n in g if g.out_degree(n) == 0]
    assert not _overlaps(_boxes(ax, g, leaves))
    to_leaves = [(u, v) for u, v, d in g.edges(data=True) if g.out_degree(v) == 0 and d.get("label")]
    assert not _overlaps(_boxes(ax, g, to_leaves))


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_trees_have_no_overlapping_leaves_or_labels(n):
    end = Endgame.deal(n, seed=4)
    g1 = end.perfect().tree
    # the explorer's own (too small) axes: draw_tree must widen the figure
    fig, ax = plt.subplots(figsize=(1.7 * (n + 1), 1.3 * (n + 1)))
    _check(g1, draw_tree(g1, ax=ax))
    plt.close(fig)
    g2 = end.view(end.order[-1]).tree()
    fig, ax = plt.subplots(figsize=(6, 3.2))
    _check(g2, draw_tree(g2, ax=ax))
    plt.close(fig)


def test_trees_in_subplots_do_not_overlap():
    # the notebook's static rendering: two trees and a chart side by side in one figure
    end = Endgame.deal(4, seed=4)
    fig, axes = plt.subplots(1, 3, figsize=(19, 4), gridspec_kw={"width_ratios": [1.2, 1.6, 1]})
    g1, g2 = end.perfect().tree, end.view(1).tree()
    draw_tree(g1, ax=axes[0])
    draw_tree(g2, ax=axes[1])
    _check(g1, axes[0])
    _check(g2, axes[1])
    plt.close(fig)

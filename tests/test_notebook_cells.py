"""notebook_cells.needed_cells: a partial run of a notebook keeps every cell its seeds depend on."""

from __future__ import annotations

from notebook_cells import cell_names, needed_cells

NOTEBOOK = [
    "import random\nfrom helpers import show, slow_study",   # 0
    "items = []",                                           # 1
    "def listed():\n    return items + extra",              # 2: reads a global bound later (4)
    "items.append(1)",                                      # 3: changes items in place
    "extra = [2]",                                          # 4
    "squares = [k * k for k in range(3)]",                  # 5: k is the comprehension's own
    "results = slow_study(1000)",                           # 6: nobody reads results
    "random.seed(7)",                                       # 7: changes random
    "answer = ...",                                         # 8
    "print(answer + 1)",                                    # 9: reads the answer
    "show(listed(), random.random())",                      # 10
]


def test_the_cells_a_seed_reads_from_are_needed_and_no_other():
    assert needed_cells(NOTEBOOK, {10}) == [0, 1, 2, 3, 4, 7, 10]
    assert needed_cells(NOTEBOOK, {5}) == [5]
    assert needed_cells(NOTEBOOK, set()) == []


def test_forward_every_later_reader_of_a_changed_cell_is_needed_too():
    assert needed_cells(NOTEBOOK, {8}) == [8]
    assert needed_cells(NOTEBOOK, {8}, forward=True) == [8, 9]
    # a changed definition of items: every later cell using it, and what those read
    assert needed_cells(NOTEBOOK, {1}, forward=True) == [0, 1, 2, 3, 4, 7, 10]


def test_names_a_cell_reads_without_showing_them_and_cells_that_do_not_parse():
    assert needed_cells(NOTEBOOK, {9}, reads={9: {"results"}}) == [0, 6, 8, 9]
    assert needed_cells(NOTEBOOK + ["print(("], {1}) == list(range(len(NOTEBOOK) + 1))
    assert needed_cells(["%matplotlib inline", "x = 1", "x"], {2}) == [0, 1, 2]


def test_loop_variables_and_calls_that_change_nothing():
    bound, read, changed = cell_names("r = Round.from_hands(h)\n"
                                      "for seat, d in enumerate(r.discards):\n"
                                      "    log[seat] = d")
    assert bound == {"r", "seat", "d"} and read == {"Round", "h", "enumerate", "log"} and changed == {"log"}

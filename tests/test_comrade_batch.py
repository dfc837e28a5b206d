"""solve_many / ordered_map: any executor, in order, lazily, and a dead worker is an error, not a hang."""

from __future__ import annotations

import concurrent.futures as cf
import io
import itertools
import os
import signal
import time

import pytest

from cardgames.comrade import Deal
from solvers.comrade import solve, solve_many
from solvers.comrade.batch import (MAX_LINE_BYTES, BatchLineError, Passed, WorkerDiedError, default_executor,
                                   ordered_map, parse_batch_line, read_batch_lines)

JOBS = [(Deal.random(s, hand_size=5), s % 4) for s in range(8)]


def _verdicts(results):
    return [(r.deal.to_pbn(), r.dealer, r.verdict, r.bids) for r in results]


def test_any_executor_gives_the_same_answers_in_order():
    serial = _verdicts(solve_many(JOBS, processes=1))
    assert serial == [(d.to_pbn(), dealer, solve(d, dealer).verdict, solve(d, dealer).bids) for d, dealer in JOBS]
    with cf.ThreadPoolExecutor(2) as pool:
        assert _verdicts(solve_many(JOBS, executor=pool, window=3)) == serial


def test_the_default_pool_is_not_fork():
    pool = default_executor(2)
    try:
        assert pool._mp_context.get_start_method() in ("forkserver", "spawn")
    finally:
        pool.shutdown()


def test_jobs_are_taken_lazily_with_a_bounded_window():
    pulled = []

    def endless():
        for s in itertools.count():
            pulled.append(s)
            yield Deal.random(s, hand_size=3), 0

    with cf.ThreadPoolExecutor(2) as pool:
        first = list(itertools.islice(solve_many(endless(), executor=pool, window=4), 5))
    assert len(first) == 5
    assert len(pulled) <= 5 + 4  # never more than the window ahead of what was handed on
    assert list(itertools.islice(solve_many(endless(), processes=1), 2))  # and one by one here


def test_passed_items_keep_their_place():
    with cf.ThreadPoolExecutor(2) as pool:
        assert list(ordered_map(abs, [-1, Passed("x"), -3, Passed(None)], executor=pool)) == [1, "x", 3, None]


def _die(x: int) -> int:
    if x == 3:
        os.kill(os.getpid(), signal.SIGKILL)  # like the out-of-memory killer
    return x


def test_a_dead_worker_raises_instead_of_hanging():
    results = []
    with pytest.raises(WorkerDiedError, match="worker process died"):
        for value in ordered_map(_die, range(8), processes=2, window=2):
            results.append(value)
    assert results == [0, 1, 2][:len(results)]


def _slow_abs(x: int) -> int:
    time.sleep(0.02)
    return abs(x)


def test_leaving_our_own_pool_early_cancels_nothing_behind_the_pool_manager(monkeypatch):
    # Cancelling a pending future and then terminating the workers makes CPython 3.11's pool
    # manager thread print a traceback after a Ctrl-C (it sets an exception on the cancelled
    # future): the caller's thread must leave the pending futures to the pool's own shutdown.
    import threading
    cancelled_here = []
    real_cancel = cf.Future.cancel

    def cancel(future):
        if threading.current_thread() is threading.main_thread():
            cancelled_here.append(future)
        return real_cancel(future)

    monkeypatch.setattr(cf.Future, "cancel", cancel)
    results = ordered_map(_slow_abs, range(-40, 0), processes=2, window=16)
    assert next(results) == 40
    results.close()      # what a Ctrl-C or a closed pipe does to the generator
    assert cancelled_here == []
    with cf.ThreadPoolExecutor(1) as pool:     # a caller's executor stays the caller's: cancelled
        results = ordered_map(_slow_abs, range(-40, 0), executor=pool, window=16)
        assert next(results) == 40
        results.close()
    assert cancelled_here


def test_errors_of_the_function_come_back():
    with pytest.raises(ZeroDivisionError):
        list(ordered_map(lambda x: 1 // x, [1, 0], processes=1))


def test_processes_must_be_positive():
    with pytest.raises(ValueError, match="at least 1"):
        list(ordered_map(abs, [1], processes=0))


# -- batch lines -------------------------------------------------------------------------

def test_batch_line_with_dealer_and_comment():
    deal, dealer = parse_batch_line("N:A.K.. K.A.. Q.Q.. J.J..   dealer=s   # two cards each")
    assert deal.hand_size == 2 and dealer == 2
    assert parse_batch_line("   # only a comment") is None and parse_batch_line("\n") is None


@pytest.mark.parametrize("line", ["N:A... K... Q... J... dealer=٣", "N:A... K... Q... J... dealer=4",
                                  "N:A... K... Q... J... dealer=", "dealer=1", "N:A... K... Q... J... dealer=NE"])
def test_bad_dealers_on_a_line(line):
    with pytest.raises(ValueError, match="dealer"):
        parse_batch_line(line)


def test_lines_are_decoded_one_by_one():
    data = (b"\xef\xbb\xbfN:A... K... Q... J...\n"  # the BOM goes
            b"caf\xe9\n"                             # Latin-1, not UTF-8
            b"\xef\xbb\xbfN:A... K... Q... J...\n"  # a BOM after line 1 is text
            + b"x" * (MAX_LINE_BYTES + 10) + b"\n"  # too long, skipped whole
            + b"last")
    lines = list(read_batch_lines(io.BytesIO(data)))
    assert [n for n, _, _ in lines] == [1, 2, 3, 4, 5]
    assert lines[0].text == "N:A... K... Q... J...\n" and lines[0].error is None
    assert isinstance(lines[1].error, BatchLineError) and "0xe9 at column 4" in str(lines[1].error)
    assert lines[2].text.startswith("\ufeff")
    assert lines[3].text is None and "longer than" in str(lines[3].error)
    assert lines[4].text == "last"


def test_an_aborted_pool_leaves_the_exit_hook_nothing_to_fail_on():
    """``_abort`` waits for the pool's manager thread to close its wake-up pipe, and the wake-up that
    concurrent.futures' exit hook sends afterwards ignores a closed pipe: the race behind an
    "Exception ignored ... Bad file descriptor" after Ctrl-C (seen in a full test run)."""
    import concurrent.futures as cf
    import concurrent.futures.process as cfp

    from solvers.comrade.batch import _abort

    pool = cf.ProcessPoolExecutor(1)
    assert pool.submit(abs, -3).result(timeout=60) == 3
    manager = pool._executor_manager_thread
    wakeup = cfp._threads_wakeups[manager]
    _abort(pool)
    assert not manager.is_alive()
    wakeup._closed = False   # as if the hook had checked the pipe just before the manager closed it
    wakeup.wakeup()          # must not raise

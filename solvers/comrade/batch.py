"""Solve many deals on any :class:`concurrent.futures.Executor`, in input order, streaming.

    >>> from cardgames.comrade import Deal
    >>> jobs = [(Deal.random(seed, hand_size=4), seed % 4) for seed in range(3)]
    >>> [r.verdict for r in solve_many(jobs, processes=1)]
    ['win', 'win', 'win']

Each job is a deal (a :class:`~cardgames.comrade.Deal` or PBN string), a pair
``(deal, dealer)`` or a triple ``(deal, dealer, bids)``.  Where the work runs:

* ``processes=1``: here, in this process, one deal after another;
* the default: a local :class:`~concurrent.futures.ProcessPoolExecutor` on all cores,
  started with ``forkserver`` where the platform has it (else ``spawn``) - never
  ``fork``, which is unsafe on macOS and in threaded processes such as a Jupyter kernel;
* ``executor=``: any :class:`concurrent.futures.Executor` you pass, for instance a Dask
  cluster's, unchanged (``pip install 'trick-taking-classroom[dask]'``)::

      from dask.distributed import Client
      with Client("tcp://scheduler:8786") as client:
          for result in solve_many(jobs, executor=client.get_executor()):
              ...

As with any ``spawn``/``forkserver`` pool (Python's default on macOS, and on Linux from
3.14), a *script* that uses the local pool must keep its top level under
``if __name__ == "__main__":``, since each worker imports the main script; a notebook or
an imported module needs nothing.

Jobs are read lazily and at most ``window`` are in flight at once, so a generator of a
million deals runs in bounded memory and the first answer comes back as soon as it is
decided.  Every certificate is replayed through the rules engine in the worker, before
it comes back.  A worker that dies (killed, out of memory) ends the run with
:class:`WorkerDiedError` - never a hang.

:func:`ordered_map` is the same machinery for any picklable function (the study
runners use it).
"""

from __future__ import annotations

import codecs
import collections
import contextlib
import concurrent.futures as cf
import multiprocessing
import os
import queue
import re
import signal
import sys
import threading
from concurrent.futures.process import BrokenProcessPool
from typing import Any, BinaryIO, Callable, Iterable, Iterator, NamedTuple

from cardgames.comrade import Deal
from cardgames.errors import ParseError, shown

from .certificate import Certificate
from .portfolio import check_time_limit
from .solver import DEFAULT_OPTIONS, SolveResult, SolverOptions, solve

__all__ = ["solve_many", "ordered_map", "default_executor", "default_processes", "WorkerDiedError",
           "Passed", "NOT_YET", "prefetch", "parse_batch_line", "read_batch_lines", "count_deal_lines",
           "BatchLineError", "BatchLine", "MAX_LINE_BYTES"]


class WorkerDiedError(RuntimeError):
    """A worker process (or a Dask worker) died while solving: the run cannot go on.

    ``results``: how many results had been handed on before (``None`` when unknown), ``cause``: what
    the pool said.  A caller that shows only some of the results (the command line prints answers,
    not the line numbers it passes through :func:`ordered_map`) rewords it with :meth:`after`.
    """

    def __init__(self, message: str, results: int | None = None, cause: str = ""):
        super().__init__(message)
        self.results, self.cause = results, cause

    def after(self, count: int, what: str = "result(s)") -> "WorkerDiedError":
        """The same error, saying that the run stopped after ``count`` of ``what``."""
        return _died_message(count, self.cause, what)


class BatchLineError(ParseError):
    """One line of a batch file that cannot be read (the message names the line's problem)."""


def default_processes() -> int:
    """All cores this process may use; 1 in the browser (Pyodide has no processes: the solver runs inline)."""
    if sys.platform == "emscripten":
        return 1
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def _start_method() -> str:
    methods = multiprocessing.get_all_start_methods()
    return "forkserver" if "forkserver" in methods else "spawn"


def _quiet_worker() -> None:
    """Workers ignore Ctrl-C: the terminal sends SIGINT to the whole process group, and the
    main process alone decides what happens (it stops the workers and exits quietly)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def default_executor(processes: int | None = None) -> cf.ProcessPoolExecutor:
    """The local process pool :func:`solve_many` uses unless given an executor."""
    procs = default_processes() if processes is None else processes
    return cf.ProcessPoolExecutor(max_workers=procs, mp_context=multiprocessing.get_context(_start_method()),
                                  initializer=_quiet_worker)


def _abort(executor: cf.Executor) -> None:
    """Stop at once: cancel what has not started and end our own worker processes."""
    manager = getattr(executor, "_executor_manager_thread", None)   # (shutdown forgets it)
    if isinstance(executor, cf.ProcessPoolExecutor):
        terminate = getattr(executor, "terminate_workers", None)  # Python 3.14+
        if terminate is not None:
            try:
                terminate()
            except Exception:  # pragma: no cover - already broken or shut down
                pass
        else:
            for process in list((getattr(executor, "_processes", None) or {}).values()):
                try:
                    process.terminate()
                except Exception:  # pragma: no cover - already gone
                    pass
    executor.shutdown(wait=False, cancel_futures=True)
    # Let the pool's manager thread finish closing its wake-up pipe now: otherwise the check
    # and the write of concurrent.futures' exit hook can race with that close (CPython 3.11)
    # and print "Exception ignored ... Bad file descriptor" after a Ctrl-C.
    if manager is not None:
        manager.join(timeout=5)
        _quiet_exit_wakeup(manager)


def _quiet_exit_wakeup(manager) -> None:
    """Should the join above time out on a loaded machine, the race is still open: make the exit hook's
    wake-up of this pool ignore a pipe that is already closed."""
    import concurrent.futures.process as cfp

    wakeup = getattr(cfp, "_threads_wakeups", {}).get(manager)
    if wakeup is None or not hasattr(wakeup, "wakeup"):
        return
    original = wakeup.wakeup

    def wake() -> None:
        with contextlib.suppress(OSError):
            original()

    wakeup.wakeup = wake


#: ``next()`` of a task source may give this: "no new task yet", so finished results can be handed on.
NOT_YET = object()


def _died_message(count: int, cause: str, what: str = "result(s)") -> WorkerDiedError:
    return WorkerDiedError(f"a worker process died while solving (killed, or out of memory?); "
                           f"the run stopped after {count} {what}: {cause}", count, cause)


def _died(error: BaseException, done: int) -> WorkerDiedError:
    """``done``: the results handed on before the one that could not come back."""
    return _died_message(done, f"{type(error).__name__}: {error}")


def _is_worker_death(error: BaseException) -> bool:
    # Dask reports a worker lost too often as distributed.scheduler.KilledWorker.
    return isinstance(error, BrokenProcessPool) or type(error).__name__ == "KilledWorker"


def _ready(value: Any) -> cf.Future:
    future: cf.Future = cf.Future()
    future.set_result(value)
    return future


def _run_here(fn: Callable, arg: Any) -> cf.Future:
    future: cf.Future = cf.Future()
    try:
        future.set_result(fn(arg))
    except Exception as e:
        future.set_exception(e)
    return future


def _in_order(submit: Callable[[Any], cf.Future], tasks: Iterable[Any], window: int,
              cancel: bool = True) -> Iterator[Any]:
    """Results of ``submit(task)`` in task order, at most ``window`` in flight, each handed on
    as soon as it and all before it are done.  On leaving early the futures still pending are
    cancelled, unless ``cancel`` is false (the caller ends the whole pool itself)."""
    pending: collections.deque[cf.Future] = collections.deque()
    source = iter(tasks)
    exhausted = False
    done = 0
    try:
        while True:
            while pending and pending[0].done():
                value = pending.popleft().result()
                done += 1           # counted once it is handed on (a result that raised is not)
                yield value
            if exhausted or len(pending) >= window:
                if not pending:
                    return
                value = pending.popleft().result()
                done += 1
                yield value
                continue
            task = next(source, _END)
            if task is _END:
                exhausted = True
            elif task is NOT_YET:
                if pending:
                    cf.wait([pending[0]], timeout=0.05)
            else:
                pending.append(submit(task))
    except Exception as e:
        if _is_worker_death(e):
            raise _died(e, done) from e
        raise
    finally:
        if cancel:
            for future in pending:
                future.cancel()


_END = object()


def ordered_map(fn: Callable[[Any], Any], items: Iterable[Any], *, executor: cf.Executor | None = None,
                processes: int | None = None, window: int | None = None) -> Iterator[Any]:
    """``fn(item)`` for every item, in order, run on ``executor`` (default: a local process
    pool of ``processes`` workers; ``processes=1`` runs here).  ``fn`` and the items must be
    picklable for a process pool.  Items are taken lazily, at most ``window`` at a time.
    An item ``Passed(value)`` is not run: ``value`` comes back in its place (a bad batch
    line's error, say); an item :data:`NOT_YET` means "no item yet, look again".

    >>> list(ordered_map(abs, [-3, 1, Passed("skipped"), -2], processes=1))
    [3, 1, 'skipped', 2]
    """
    def submit_to(run: Callable[[Any], cf.Future]) -> Callable[[Any], cf.Future]:
        return lambda item: _ready(item.value) if isinstance(item, Passed) else run(item)

    if executor is not None:
        yield from _in_order(submit_to(lambda item: executor.submit(fn, item)), items, window or 64)
        return
    procs = default_processes() if processes is None else processes
    if procs < 1:
        raise ValueError(f"processes must be at least 1, not {procs}")
    if procs == 1:
        yield from _in_order(submit_to(lambda item: _run_here(fn, item)), items, 1)
        return
    pool = default_executor(procs)
    try:
        # cancel=False: _abort ends our pool. A future cancelled here, with its worker then
        # terminated, makes CPython 3.11's pool manager thread print an InvalidStateError
        # traceback (it sets BrokenProcessPool on every pending future, cancelled or not; 3.12 ignores them).
        yield from _in_order(submit_to(lambda item: pool.submit(fn, item)), items, window or 4 * procs, cancel=False)
    except BaseException:  # Ctrl-C, a closed pipe, a dead worker, an early close(): stop now
        _abort(pool)
        raise
    pool.shutdown()


class Passed(NamedTuple):
    """An item of :func:`ordered_map` whose result is already known: handed back in order, not run."""
    value: Any


def _job(job: Any) -> tuple:
    if isinstance(job, (Deal, str)):
        return (job, 0, None)
    job = tuple(job)
    return (job + (0, None)[len(job) - 1:])[:3]


def solve_job(args: tuple) -> SolveResult:
    """One deal of a batch, as a worker process solves it: ``(deal, dealer, bids, time_limit, options)``."""
    deal, dealer, bids, time_limit, options = args
    result = solve(deal, dealer, bids, time_limit=time_limit, options=options)
    if result.certificate is not None:  # already replayed here; send back a light copy
        c = result.certificate
        result.certificate = Certificate(c.deal, c.dealer, c.bids, c.bidding, c.tricks)
    return result


def solve_many(jobs: Iterable[Any], *, executor: cf.Executor | None = None, processes: int | None = None,
               time_limit: float | None = 10.0, options: SolverOptions = DEFAULT_OPTIONS,
               window: int | None = None) -> Iterator[SolveResult]:
    """Solve every job; yields one :class:`SolveResult` per job, in input order, each as
    soon as it (and every job before it) is decided.

    ``executor``: any :class:`concurrent.futures.Executor` (a Dask cluster's
    ``client.get_executor()`` works unchanged); by default a local process pool of
    ``processes`` workers (all cores; ``processes=1`` solves here, in this process).
    ``window``: how many jobs are in flight at most (default 4 per local worker, 64 for
    an executor you pass).  Raises :class:`WorkerDiedError` if a worker dies; a ``time_limit``
    the solvers refuse (:func:`~solvers.comrade.portfolio.check_time_limit`) is refused here, once,
    before any worker starts.
    """
    time_limit = check_time_limit(time_limit)
    args = (j if j is NOT_YET or isinstance(j, Passed) else _job(j) + (time_limit, options) for j in jobs)
    yield from ordered_map(solve_job, args, executor=executor, processes=processes, window=window)


# -- batch files ----------------------------------------------------------------------

#: The longest batch line read (a 13-card deal is about 70 bytes); longer lines are refused.
MAX_LINE_BYTES = 1 << 16

_DEALER = re.compile(r"dealer=(\S*)\Z", re.IGNORECASE)


def _dealer_seat(deal: Deal, text: str) -> int:
    letters = deal.variant.seat_letters
    if re.fullmatch(r"[0-9]{1,3}", text) and int(text) < deal.players:
        return int(text)
    if re.fullmatch(r"[A-Za-z]", text) and text.upper() in letters:
        return letters.index(text.upper())
    raise BatchLineError(f"unknown dealer {shown(text)}: give a seat number 0..{deal.players - 1} "
                         f"or a letter {', '.join(letters)}", text)


def parse_batch_line(line: str, dealer: str = "0") -> tuple[Deal, int] | None:
    """One line of a batch file: a PBN deal, optionally followed by ``dealer=N`` (N a seat
    number or letter; else ``dealer``) and a ``# comment``.  Blank lines and comment lines
    give ``None``.

    >>> deal, dealer = parse_batch_line("N:A... K... Q... J... dealer=2  # a mini deal")
    >>> deal.hand_size, dealer
    (1, 2)
    >>> parse_batch_line("  # just a comment") is None
    True
    """
    text = line.split("#", 1)[0].strip()
    if not text:
        return None
    tokens = text.split()
    match = _DEALER.match(tokens[-1])
    if match:
        tokens.pop()
        dealer = match.group(1)
        if not tokens:
            raise BatchLineError("no deal before 'dealer=': write the deal in PBN, then dealer=N", text)
    deal = Deal.from_pbn(" ".join(tokens))
    return deal, _dealer_seat(deal, dealer)


class BatchLine(NamedTuple):
    """One line of a batch file: its number and its text, or the error that kept it unread."""
    number: int
    text: str | None
    error: BatchLineError | None = None


#: What ends a line of a batch file: ``\\n`` (Unix), ``\\r\\n`` (Windows) or a lone ``\\r`` (old Mac
#: files, and some spreadsheet exports) - Python's universal newlines, as ``open()`` in text mode reads.
_LINE_END = re.compile(rb"\r\n?|\n")
_TOO_LONG = object()


def _raw_lines(stream: BinaryIO, limit: int = MAX_LINE_BYTES, chunk: int = 1 << 16) -> Iterator[Any]:
    """The lines of a binary stream, each with its line end, split at ``\\n``, ``\\r\\n`` and a lone
    ``\\r``; a line of more than ``limit`` bytes gives ``_TOO_LONG`` instead (and is skipped whole).

    Reads what the stream has ready (``read1``), so a line from a slow pipe is handed on as soon as
    its end arrives, and holds at most ``limit`` + ``chunk`` bytes: a file of one 10 MB line, or
    one of a million line ends, is read in bounded memory and time."""
    read = getattr(stream, "read1", None) or stream.read
    buffer = b""
    skip_lf = False         # a \r ended the last piece: a \n that follows belongs to it
    skipping = False        # inside a line that is too long
    while True:
        data = read(chunk)
        if not data:
            if buffer and not skipping:
                yield buffer
            return
        if skip_lf and data.startswith(b"\n"):
            data = data[1:]
        skip_lf = False
        buffer = buffer + data if buffer else data
        pos = 0
        for end in _LINE_END.finditer(buffer):
            if end.end() == len(buffer) and end.group() == b"\r":
                skip_lf = True           # the \n of a \r\n may come with the next read
            if skipping:
                skipping = False
            elif end.start() - pos > limit:
                yield _TOO_LONG
            else:
                yield buffer[pos:end.end()]
            pos = end.end()
        buffer = buffer[pos:]
        if len(buffer) > limit:
            if not skipping:
                yield _TOO_LONG
            skipping, buffer = True, b""


def read_batch_lines(stream: BinaryIO) -> Iterator[BatchLine]:
    """The lines of a batch file opened in binary mode, decoded one by one as UTF-8.

    A line ends at ``\\n``, ``\\r\\n`` or a lone ``\\r`` (a file saved with old Mac line ends reads
    as the lines it shows in an editor, as Python's ``str.splitlines`` and text files read it; the
    line ends themselves are kept in the text).  A byte-order mark at the start is skipped; a line
    that is not UTF-8, or longer than :data:`MAX_LINE_BYTES`, comes with an error instead of its text
    (the other lines are still read).  Never holds more than one line in memory.

    >>> import io
    >>> [tuple(x) for x in read_batch_lines(io.BytesIO(b"\\xef\\xbb\\xbfN:A... K... Q... J...\\n\\xff\\n"))]
    [(1, 'N:A... K... Q... J...\\n', None), (2, None, BatchLineError('line 2 is not UTF-8 text: byte 0xff at column 1'))]
    >>> [x.text for x in read_batch_lines(io.BytesIO(b"one\\rtwo\\r\\nthree"))]
    ['one\\r', 'two\\r\\n', 'three']
    """  # noqa: E501 (doctest output line)
    for number, raw in enumerate(_raw_lines(stream), 1):
        if raw is _TOO_LONG:
            yield BatchLine(number, None, BatchLineError(
                f"line {number} is longer than {MAX_LINE_BYTES} bytes: one deal per line"))
            continue
        if number == 1 and raw.startswith(codecs.BOM_UTF8):
            raw = raw[len(codecs.BOM_UTF8):]
        try:
            yield BatchLine(number, raw.decode("utf-8"))
        except UnicodeDecodeError as e:
            yield BatchLine(number, None, BatchLineError(
                f"line {number} is not UTF-8 text: byte 0x{raw[e.start]:02x} at column {e.start + 1}"))


def count_deal_lines(stream: BinaryIO) -> int:
    """How many lines of a batch file hold something besides blanks and a comment (the lines
    :func:`read_batch_lines` reads, counted without decoding them: a progress bar's total)."""
    return sum(1 for raw in _raw_lines(stream) if raw is _TOO_LONG or raw.split(b"#", 1)[0].strip())


def prefetch(items: Iterable[Any], size: int = 256) -> Iterator[Any]:
    """``items`` read ahead by a background thread, at most ``size`` ahead; gives
    :data:`NOT_YET` while the next item is not there yet (a slow pipe), so results that
    are ready can be printed meanwhile.  Exceptions of the reader are re-raised here."""
    box: queue.Queue = queue.Queue(maxsize=size)
    stop = threading.Event()

    def reader() -> None:
        try:
            for item in items:
                while not stop.is_set():
                    try:
                        box.put((True, item), timeout=0.1)
                        break
                    except queue.Full:
                        continue
                if stop.is_set():
                    return
            box.put((False, None))
        except BaseException as e:  # handed to the consumer
            box.put((False, e))

    thread = threading.Thread(target=reader, name="batch-reader", daemon=True)
    thread.start()
    try:
        while True:
            try:
                more, item = box.get(timeout=0.05)
            except queue.Empty:
                yield NOT_YET
                continue
            if more:
                yield item
            elif item is None:
                return
            else:
                raise item
    finally:
        stop.set()

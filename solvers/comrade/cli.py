"""The command line: ``python -m solvers.comrade`` (installed as ``comrade-solve``).

Examples::

    comrade-solve "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    comrade-solve --dealer 2 --json "N:A.K.. K.A.. Q.Q.. J.J.."
    comrade-solve --bids "S1 / H1 / - / -" "N:A.K.. K.A.. Q.Q.. J.J.."
    comrade-solve --json --batch deals.txt     # one PBN deal per line, optional dealer=N and # comment
    comrade-solve --json --batch - --scheduler tcp://10.0.0.5:8786 < deals.txt   # on a Dask cluster

With ``--json`` each answer is one JSON object on one line (fields ``deal``, ``dealer``,
``verdict``, ``bids``, ``bidding``, ``tricks``, ``nodes``, ``seconds``; in a batch also
``line``); without it, a readable report.

The promises, each tested in ``tests/test_comrade_cli*.py``:

* bad input (a deal, dealer, bids, time limit or option) prints **one line** on stderr
  and exits with status 2, never a traceback;
* a batch is read, solved and printed deal by deal (bounded memory); a bad line prints a
  JSON error object ``{"line": N, "error": "..."}`` in its place, the rest is solved,
  and the run exits with status 2 at the end.  A line ends at LF, CRLF or a lone CR
  (Python's universal newlines: a file saved with old Mac line ends is read line by line,
  as an editor shows it, not as one long line);
* ``--time-limit`` is checked once, as the command line is read, for a single deal and a
  batch alike: above 0 and at most 10**9 seconds (the solvers' bound), or ``none``;
* a closed output pipe (``| head -1``) ends the run quietly (status 1, Python's
  documented ``SIGPIPE`` recipe), Ctrl-C with status 130; every line printed is whole;
* a worker that dies ends the run with one line on stderr and status 1, never a hang; the
  line says how many answers (and error objects) were printed before.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import math
import os
import re
import signal
import sys
from typing import Any, Iterator, Sequence

from cardgames.errors import shown

from .batch import (NOT_YET, Passed, WorkerDiedError, count_deal_lines, solve_job, default_processes,
                    ordered_map, parse_batch_line, prefetch, read_batch_lines)
from .portfolio import ENGINES, MAX_TIME_LIMIT

__all__ = ["main", "run", "build_parser", "parse_time_limit", "read_json_bids", "CommandLineError"]

PROG = "comrade-solve"
DISTRIBUTION = "trick-taking-classroom"


class CommandLineError(ValueError):
    """Bad input on the command line: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (``comrade-solve: error: ...``), status 2."""

    def error(self, message: str):  # type: ignore[override]
        # split() also breaks at the separators \x1c-\x1e, \x85 and \u2028, which end a line as well
        self.exit(2, _writable(f"{self.prog}: error: {' '.join(message.split())} (see --help)\n"))


def _writable(text: str) -> str:
    """``text`` as stderr can write it: a character its encoding cannot hold (such as the lone
    surrogate Python makes of an undecodable command-line byte) becomes a backslash escape."""
    encoding = getattr(sys.stderr, "encoding", None) or "utf-8"
    return text.encode(encoding, "backslashreplace").decode(encoding, "replace")


@functools.lru_cache(maxsize=None)
def version() -> str:
    """The installed distribution's version (``--version``)."""
    from importlib.metadata import PackageNotFoundError, version as dist_version

    try:
        return dist_version(DISTRIBUTION)
    except PackageNotFoundError:  # pragma: no cover - run from a source tree that is not installed
        return "unknown (not installed)"


def parse_time_limit(text: str) -> float | None:
    """``--time-limit``: a number of seconds above 0 and at most
    :data:`~solvers.comrade.portfolio.MAX_TIME_LIMIT` (about 31 years), or ``none`` for no limit.

    The one check for a single deal and for ``--batch`` alike, made while the command line is read,
    so a value the solvers would refuse never reaches a worker.  The bound is the solvers' own: a
    time limit is only compared with the clock, no wait or pool timeout takes it.

    >>> parse_time_limit("2.5"), parse_time_limit("none")
    (2.5, None)
    >>> parse_time_limit("1e308")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: time limit '1e308' is out of range: give a number of seconds above 0 and at most 1000000000 (about 31 years), or 'none'
    """  # noqa: E501 (doctest output line)
    body = text.strip()
    if body.lower() == "none":
        return None
    bounds = f"a number of seconds above 0 and at most {MAX_TIME_LIMIT} (about 31 years), or 'none'"
    if not re.fullmatch(r"[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?|[0-9]+\.", body):
        raise argparse.ArgumentTypeError(f"time limit {shown(text)} is not a number of seconds: give {bounds}")
    value = float(body)
    if not math.isfinite(value) or not 0 < value <= MAX_TIME_LIMIT:
        raise argparse.ArgumentTypeError(f"time limit {shown(text)} is out of range: give {bounds}")
    return value


def _positive_int(text: str) -> int:
    if not re.fullmatch(r"[0-9]{1,4}", text.strip()) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a whole number >= 1")
    return int(text)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog=PROG,
        description="Does this Comrade deal have any winning bidding and play (all hands visible, "
                    "perfect cooperation)?  Prints the verdict and, for a win, a certificate.")
    p.add_argument("deal", nargs="*", help="the deal in PBN, e.g. 'N:AKQJ.T98.765.432 T98.765.432.AKQJ ...'")
    p.add_argument("--dealer", default="0", help="dealer seat: 0-3 or N, E, S, W (default 0 = N); in a batch, "
                                                 "for the lines without dealer=N")
    p.add_argument("--bids", help="fixed final bids: JSON rows of whole numbers [[S,H,D,C],...] or bid cards "
                                  "per seat separated by '/', e.g. 'S6 / H3 / D2 / S1 C1'")
    p.add_argument("--time-limit", type=parse_time_limit, default=10.0, metavar="S",
                   help=f"seconds per deal before answering 'unknown': a number above 0 and at most "
                        f"{MAX_TIME_LIMIT} (about 31 years), or 'none' (default 10)")
    p.add_argument("--engine", choices=ENGINES, default="auto",
                   help="auto (default): the search, then the search and a SAT solver by turns; "
                        "search or sat: only that one (the verdicts are the same, only the time differs)")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.add_argument("--batch", metavar="FILE", help="solve every deal of FILE ('-' = stdin), one PBN deal per "
                                                   "line with optional 'dealer=N' and '# comment'; UTF-8, lines "
                                                   "end with LF, CRLF or a lone CR (old Mac files read line by "
                                                   "line too)")
    p.add_argument("--processes", type=_positive_int, default=None,
                   help="worker processes for --batch (default: all cores; 1 = no pool)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="run --batch on the Dask cluster whose scheduler is at ADDRESS, e.g. tcp://host:8786 "
                        "(needs the 'dask' extra)")
    p.add_argument("--progress", choices=("auto", "always", "never"), default="auto",
                   help="progress bar on stderr for --batch (default: only when stderr is a terminal)")
    p.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    return p


# -- reading the input ----------------------------------------------------------------

def read_json_bids(text: str) -> list[list[int]]:
    """``--bids`` given as JSON rows, read as strictly as the Python API reads them
    (:func:`solvers.comrade.bids.read_json_bids`: whole numbers only, no ``1.0``, ``1e3``,
    ``true``, ``NaN``, ``Infinity``, at most two levels of brackets); a refusal is a
    :class:`CommandLineError` that names the option.

    >>> read_json_bids("[[1,0,0,0],[0,1,0,0],[0,0,0,0],[0,0,0,0]]")[1]
    [0, 1, 0, 0]
    >>> read_json_bids("[[1.9,0,0,0]]")
    Traceback (most recent call last):
    ...
    solvers.comrade.cli.CommandLineError: --bids: 1.9 is not a whole number (write counts like 2)
    """
    from .bids import BidsError, read_json_bids as read

    try:
        return read(text)
    except BidsError as e:
        raise CommandLineError(f"--bids: {e}") from None


def _bids(text: str | None) -> Any:
    if text is None:
        return None
    body = text.strip()
    return read_json_bids(body) if body.startswith("[") else body


def _dealer_text(text: str) -> str:
    if not re.fullmatch(r"\s*(?:[0-9]{1,3}|[A-Za-z])\s*", text):
        raise CommandLineError(f"unknown dealer {shown(text)}: "
                               "give a seat number (0, 1, ...) or a seat letter (N, E, S, W)")
    return text.strip()


#: What reading bad input may raise: our documented ValueErrors, and - guarded here,
#: whatever a parser does - any other ordinary exception, so no traceback escapes.
_INPUT_ERRORS = (ValueError, LookupError, TypeError, AttributeError, ArithmeticError, RecursionError)


def _describe(error: BaseException, what: str = "this input") -> str:
    """One line for an error: the message of our documented errors, the kind of any other."""
    if isinstance(error, ValueError):
        text = str(error)
    else:
        text = f"cannot read {what} ({type(error).__name__}: {error})"
    return " ".join(text.split()) or type(error).__name__


# -- output: whole lines, quiet on a closed pipe and on Ctrl-C -----------------------------

class _Output:
    """Writes whole lines to stdout; a Ctrl-C that arrives while a line is being written
    is held back until the line (and its newline) is out."""

    def __init__(self):
        self.holding = False
        self.interrupted = False

    def on_sigint(self, signum, frame) -> None:
        if self.holding:
            self.interrupted = True
        else:
            raise KeyboardInterrupt

    def line(self, text: str, bar: Any = None) -> None:
        self.holding = True
        try:
            with (bar.external_write_mode() if bar is not None and _isatty(sys.stdout)
                  else contextlib.nullcontext()):  # a progress bar on the same terminal steps aside
                try:
                    sys.stdout.write(text + "\n")
                except UnicodeEncodeError:  # a terminal that cannot show a character of a bad line
                    encoding = sys.stdout.encoding or "ascii"
                    sys.stdout.write((text + "\n").encode(encoding, "backslashreplace").decode(encoding))
                sys.stdout.flush()
        finally:
            self.holding = False
        if self.interrupted:
            raise KeyboardInterrupt


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


# -- the two modes ----------------------------------------------------------------------

def _fail(message: str, status: int = 2) -> int:
    print(_writable(f"{PROG}: error: {' '.join(message.split())}"), file=sys.stderr)
    return status


def _single(args: argparse.Namespace, out: "_Output") -> int:
    from cardgames.comrade import Deal

    from .solver import SolverOptions, solve

    if not args.deal:
        return _fail("give a deal in PBN (or --batch FILE)")
    if args.scheduler:
        return _fail("--scheduler runs a --batch on a Dask cluster; a single deal is solved here")
    text = " ".join(args.deal)
    try:
        deal = Deal.from_pbn(text)
    except _INPUT_ERRORS as e:
        return _fail(_describe(e, f"the deal {shown(text)}"))
    try:
        dealer = _dealer_text(args.dealer)
        bids = _bids(args.bids)
        result = solve(deal, dealer, bids, time_limit=args.time_limit, options=SolverOptions(engine=args.engine))
    except _INPUT_ERRORS as e:
        return _fail(_describe(e))
    out.line(result.to_json() if args.json else result.report())
    return 0


def _batch_tasks(lines, time_limit, problems: list[int], dealer: str = "0", options=None) -> Iterator[Any]:
    """For each good line its number (passed through) then its solver job; for a bad line
    an error record (passed through); ``NOT_YET`` while the input is slow to come."""
    from .solver import DEFAULT_OPTIONS

    options = DEFAULT_OPTIONS if options is None else options
    for item in lines:
        if item is NOT_YET:
            yield item
            continue
        number, text, error = item
        job = None
        if error is None:
            try:
                job = parse_batch_line(text, dealer)
            except _INPUT_ERRORS as e:
                error = e
        if error is not None:
            problems.append(number)
            yield Passed({"line": number, "error": _describe(error, f"line {number}")})
        elif job is not None:
            deal, seat = job
            yield Passed(number)
            yield (deal, seat, None, time_limit, options)


def _progress(args: argparse.Namespace):
    """A tqdm bar on stderr: only when stderr is a terminal (or ``--progress always``)."""
    wanted = args.progress == "always" or (args.progress == "auto" and _isatty(sys.stderr))
    if not wanted:
        return None
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover - tqdm is a dependency
        return None
    total = None if args.batch == "-" or not os.path.isfile(args.batch) else _count_lines(args.batch)
    return tqdm(total=total, unit="deal", file=sys.stderr, leave=True)


def _count_lines(path: str) -> int | None:
    """The deals of a regular file (for the bar's total): one more quick pass, line by line."""
    try:
        with open(path, "rb") as f:
            return count_deal_lines(f)
    except OSError:
        return None


def _executor(args: argparse.Namespace, stack: contextlib.ExitStack):
    if not args.scheduler:
        return None
    try:
        from dask.distributed import Client
    except ImportError:
        raise CommandLineError("--scheduler needs Dask: pip install 'trick-taking-classroom[dask]'") from None
    try:
        client = stack.enter_context(Client(args.scheduler, set_as_default=False))  # dask's connect timeout
    except (OSError, TimeoutError, ValueError) as e:
        raise WorkerDiedError(f"cannot reach the Dask scheduler at {args.scheduler}: {_describe(e)}") from None
    return client.get_executor()


def _batch(args: argparse.Namespace, out: _Output) -> int:
    from .solver import SolverOptions

    if args.deal or args.bids:
        return _fail("--batch reads the deals from the file: give no DEAL and no --bids")
    if args.scheduler and args.processes:
        return _fail("--processes is for the local pool; with --scheduler the Dask cluster decides")
    try:
        stream = sys.stdin.buffer if args.batch == "-" else open(args.batch, "rb")
    except OSError as e:
        return _fail(f"cannot read {args.batch}: {e.strerror}")
    problems: list[int] = []
    with contextlib.ExitStack() as stack:
        stack.enter_context(stream)
        try:
            executor = _executor(args, stack)
        except CommandLineError as e:
            return _fail(str(e))
        bar = _progress(args)
        if bar is not None:
            stack.callback(bar.close)
        processes = args.processes if args.processes else (None if executor else default_processes())
        tasks = _batch_tasks(prefetch(read_batch_lines(stream)), args.time_limit, problems, args.dealer.strip(),
                             SolverOptions(engine=args.engine))
        results = stack.enter_context(contextlib.closing(
            ordered_map(solve_job, tasks, executor=executor, processes=processes)))
        number = None
        printed = 0     # the answers and error objects printed (not the line numbers passed through)
        try:
            for item in results:
                if isinstance(item, int):  # the line number of the result that follows
                    number = item
                    continue
                if isinstance(item, dict):  # a bad line
                    text = (json.dumps(item, separators=(",", ":")) if args.json
                            else f"Line    {item['line']}\nError   {item['error']}\n")
                else:
                    record = {"line": number, **item.to_dict()}
                    text = (json.dumps(record, separators=(",", ":")) if args.json
                            else f"Line    {number}\n{item.report()}\n")
                out.line(text, bar)
                printed += 1
                if bar is not None:
                    bar.update(1)
        except WorkerDiedError as e:
            raise e.after(printed, "answer(s) printed") if e.results is not None else e
        except _INPUT_ERRORS as e:  # a solver's refusal from a worker: one line, not a traceback
            return _fail(f"line {number}: {_describe(e)}")
    if problems:
        shown = ", ".join(map(str, problems[:10])) + (", ..." if len(problems) > 10 else "")
        name = "standard input" if args.batch == "-" else args.batch
        return _fail(f"{len(problems)} bad line(s) in {name} (line {shown}): "
                     f"each is reported by an error object in the output; the other lines were solved")
    return 0


#: The one stdout writer of the command line (its SIGINT handler is installed by :func:`run`).
_OUT = _Output()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 solved, 2 bad input, 1 a run that broke)."""
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as e:  # --help, --version, usage errors
        return e.code if isinstance(e.code, int) else 2
    try:
        return _batch(args, _OUT) if args.batch else _single(args, _OUT)
    except WorkerDiedError as e:
        return _fail(str(e), status=1)


def run(argv: Sequence[str] | None = None) -> int:
    """The console-script entry point: :func:`main` with the process-level promises
    (quiet on a closed pipe, status 130 and whole lines on Ctrl-C)."""
    previous = None
    try:
        previous = signal.signal(signal.SIGINT, _OUT.on_sigint)
    except ValueError:  # pragma: no cover - not the main thread
        pass
    try:
        return main(argv)
    except BrokenPipeError:
        # Python's documented recipe (signal module, "Note on SIGPIPE"): send what is
        # still buffered to devnull, so the flush at exit raises nothing either.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        with contextlib.suppress(OSError):
            sys.stdout.flush()
        return 130
    finally:
        if previous is not None:
            with contextlib.suppress(ValueError, TypeError):
                signal.signal(signal.SIGINT, previous)

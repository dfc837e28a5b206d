"""The command line as a process: ``python -m solvers.comrade`` on files, pipes and signals.

A batch streams (the first answer comes before the input ends), survives bad lines
(non-UTF-8, a byte-order mark, a comment), ends quietly on a closed pipe, exits 130 on
Ctrl-C with whole lines and no traceback from any process, ends with a clear error when
a worker dies, and draws a progress bar only on a terminal.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import signal
import subprocess
import struct
import sys
import termios
import time
from pathlib import Path

import pytest

from cardgames.comrade import Deal

ROOT = Path(__file__).resolve().parents[1]
MINI = "N:A.K.. K.A.. Q.Q.. J.J.."
COMMAND = [sys.executable, "-m", "solvers.comrade"]


def run_cli(*args, stdin: bytes | None = None, timeout: float = 60):
    return subprocess.run([*COMMAND, *args], capture_output=True, cwd=ROOT, input=stdin, timeout=timeout)


def start_cli(*args, **kw) -> subprocess.Popen:
    return subprocess.Popen([*COMMAND, *args], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, **kw)


def read_line(stream, timeout: float) -> bytes:
    """One line from a pipe, or fail after ``timeout`` seconds (never hang the suite)."""
    fd = stream.fileno()
    data = b""
    end = time.monotonic() + timeout
    while not data.endswith(b"\n"):
        left = end - time.monotonic()
        ready, _, _ = select.select([fd], [], [], max(0.0, left))
        if not ready:
            pytest.fail(f"no output line within {timeout} s (got {data!r})")
        chunk = os.read(fd, 1)
        if not chunk:
            break
        data += chunk
    return data


def deals(n: int, hand_size: int = 13) -> bytes:
    return "".join(f"{Deal.random(s, hand_size=hand_size).to_pbn()} dealer={s % 4}\n" for s in range(n)).encode()


def test_batch_streams_the_first_answer_before_the_input_ends():
    proc = start_cli("--json", "--batch", "-", "--processes", "1")
    try:
        proc.stdin.write((MINI + "\n").encode())
        proc.stdin.flush()
        first = json.loads(read_line(proc.stdout, timeout=30))  # stdin is still open
        assert first["line"] == 1 and first["verdict"] == "win"
        proc.stdin.write(b"N:A... K... Q... J... dealer=3\n")
        proc.stdin.close()
        rest = proc.stdout.read().decode().splitlines()
        assert [json.loads(r)["dealer"] for r in rest] == [3]
        assert proc.wait(timeout=30) == 0
    finally:
        proc.kill()
        proc.wait()


def test_bad_lines_get_error_objects_and_the_rest_is_solved(tmp_path):
    path = tmp_path / "deals.txt"
    path.write_bytes(b"\xef\xbb\xbf" + MINI.encode() + b" dealer=1  # a mini deal, BOM before it\n"
                     b"# a comment line\n\n"
                     b"N:A\xff... K... Q... J...\n"                        # not UTF-8
                     + "N:ẗ... K... Q... J...\n".encode()                  # once an IndexError
                     + b"N:A.K.. K.A.. Q.Q.. J.J.. T...\n"                # five hands
                     + MINI.encode() + b" dealer=W\r\n")                  # CRLF
    out = run_cli("--json", "--batch", str(path))
    assert out.returncode == 2, out.stderr
    rows = [json.loads(line) for line in out.stdout.decode().splitlines()]
    assert [r["line"] for r in rows] == [1, 4, 5, 6, 7]
    assert [r.get("verdict") for r in rows] == ["win", None, None, None, "win"]
    assert rows[0]["dealer"] == 1 and rows[-1]["dealer"] == 3
    assert "UTF-8" in rows[1]["error"] and "0xff" in rows[1]["error"]
    assert all(isinstance(r["error"], str) and r["error"] for r in rows[1:4])
    err = out.stderr.decode()
    assert len(err.splitlines()) == 1 and "3 bad line(s)" in err and "Traceback" not in err


def test_readable_batch_reports_bad_lines_in_place():
    out = run_cli("--batch", "-", "--processes", "1", stdin=b"N:A... K... Q... J...\n\xff\n")
    assert out.returncode == 2
    text = out.stdout.decode()
    assert text.index("Line    1") < text.index("Verdict WIN") < text.index("Line    2\nError   line 2 is not UTF-8")


def test_a_good_batch_with_a_bom_exits_0():
    out = run_cli("--json", "--batch", "-", stdin=b"\xef\xbb\xbf" + MINI.encode() + b"\n")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["verdict"] == "win"


def test_closed_pipe_ends_quietly(tmp_path):
    path = tmp_path / "deals.txt"
    path.write_bytes(deals(400, hand_size=4))
    proc = subprocess.Popen([*COMMAND, "--json", "--batch", str(path), "--processes", "2"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    json.loads(read_line(proc.stdout, timeout=60))  # like `| head -1`
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 1
    assert "Traceback" not in err and "BrokenPipe" not in err, err


def test_ctrl_c_exits_130_with_whole_lines_and_no_traceback(tmp_path):
    path = tmp_path / "deals.txt"
    path.write_bytes(deals(3000))
    proc = subprocess.Popen([*COMMAND, "--json", "--batch", str(path), "--processes", "2"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        lines = [read_line(proc.stdout, timeout=60) for _ in range(3)]
        os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C does: SIGINT to the whole process group
        lines += proc.stdout.read().splitlines(keepends=True)
        err = proc.stderr.read().decode()
        assert proc.wait(timeout=60) == 130
        for _ in range(100):  # every process of the group ends: workers, forkserver, resource tracker
            try:
                os.killpg(proc.pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.1)
        else:
            pytest.fail("processes of the interrupted run are still alive")
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    assert err == "", err  # no traceback from the main process nor from any worker
    assert len(lines) < 3000
    for line in lines:
        assert line.endswith(b"\n")
        json.loads(line)


def _descendants(pid: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the worker processes in /proc")
def test_a_killed_worker_ends_the_run_with_a_clear_error():
    proc = start_cli("--json", "--batch", "-", "--processes", "2")
    try:
        proc.stdin.write((MINI + "\n").encode())
        proc.stdin.flush()
        json.loads(read_line(proc.stdout, timeout=60))
        children = set(_children_of(proc.pid))
        # forkserver: the workers are the forkserver's children; spawn: the main process's
        workers = [p for p in _descendants(proc.pid) if p not in children] or [
            p for p in children if b"spawn_main" in Path(f"/proc/{p}/cmdline").read_bytes()]
        assert workers
        for pid in workers:
            os.kill(pid, signal.SIGKILL)
        time.sleep(0.5)
        proc.stdin.write(deals(20, hand_size=6))
        proc.stdin.close()
        assert proc.wait(timeout=60) == 1  # a hang would time out here
        err = proc.stderr.read().decode()
        assert "worker process died" in err and len(err.splitlines()) == 1 and "Traceback" not in err, err
    finally:
        proc.kill()
        proc.wait()


def _children_of(pid: int) -> list[int]:
    return [p for p in _descendants(pid) if int(Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()[1])
            == pid]


def test_progress_bar_only_on_a_terminal(tmp_path):
    path = tmp_path / "deals.txt"
    path.write_bytes(deals(3, hand_size=4))
    quiet = run_cli("--json", "--batch", str(path), "--processes", "1")
    assert quiet.returncode == 0 and quiet.stderr == b""  # stderr is a pipe: no bar
    controller, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))  # a 100-column terminal
    try:
        proc = subprocess.run([*COMMAND, "--json", "--batch", str(path), "--processes", "1"], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=terminal, timeout=60)
        os.close(terminal)
        terminal = None
        shown = b""
        while select.select([controller], [], [], 0.5)[0]:
            try:
                chunk = os.read(controller, 4096)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
    finally:
        if terminal is not None:
            os.close(terminal)
        os.close(controller)
    assert proc.returncode == 0
    assert len(proc.stdout.splitlines()) == 3  # the bar never goes to stdout
    assert b"3/3" in shown and b"deal" in shown, shown


def test_a_bad_line_on_an_ascii_only_output_is_still_one_whole_report():
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    out = subprocess.run([*COMMAND, "--batch", "-", "--processes", "1"], cwd=ROOT, capture_output=True,
                         input="N:A... K... Q... J... dealer=٣\n".encode(), env=env, timeout=60)
    assert out.returncode == 2 and b"Traceback" not in out.stderr, out.stderr
    assert out.stdout.decode("ascii").startswith("Line    1\nError   unknown dealer '\\u0663'")


def test_dealer_option_is_the_batch_default():
    out = run_cli("--json", "--batch", "-", "--dealer", "S", "--processes", "1",
                  stdin=f"{MINI}\n{MINI} dealer=1\n{MINI}\n".encode())
    assert out.returncode == 0, out.stderr
    assert [json.loads(r)["dealer"] for r in out.stdout.splitlines()] == [2, 1, 2]
    bad = run_cli("--json", "--batch", "-", "--dealer", "Q", "--processes", "1", stdin=f"{MINI}\n".encode())
    assert bad.returncode == 2 and "unknown dealer 'Q'" in json.loads(bad.stdout)["error"]

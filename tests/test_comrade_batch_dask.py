"""A Dask cluster runs solve_many and ``--scheduler`` unchanged (a small LocalCluster, in this process)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardgames.comrade import Deal
from solvers.comrade import solve_many

distributed = pytest.importorskip("dask.distributed", reason="pip install -e '.[dask]' installs Dask")

ROOT = Path(__file__).resolve().parents[1]
JOBS = [(Deal.random(s, hand_size=5), s % 4) for s in range(6)]


@pytest.fixture(scope="module")
def cluster():
    # Threads in this process, but a real scheduler on a loopback TCP port, so another
    # process (the command line) can connect to it.
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, host="127.0.0.1",
                                  protocol="tcp", scheduler_port=0, dashboard_address=None) as cluster:
        yield cluster


def test_solve_many_on_a_dask_executor(cluster):
    expected = [(r.deal.to_pbn(), r.dealer, r.verdict, r.bids) for r in solve_many(JOBS, processes=1)]
    with distributed.Client(cluster) as client:
        results = list(solve_many(JOBS, executor=client.get_executor(), window=4))
    assert [(r.deal.to_pbn(), r.dealer, r.verdict, r.bids) for r in results] == expected
    assert results[0].certificate.replay().result == "win"


def test_command_line_scheduler(cluster, tmp_path):
    path = tmp_path / "deals.txt"
    path.write_text("".join(f"{d.to_pbn()} dealer={dealer}\n" for d, dealer in JOBS) + "bad line\n")
    out = subprocess.run([sys.executable, "-m", "solvers.comrade", "--json", "--batch", str(path),
                          "--scheduler", cluster.scheduler_address], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 2, out.stderr  # the bad last line
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["line"] for r in rows] == list(range(1, len(JOBS) + 2))
    assert [r.get("verdict") for r in rows[:-1]] == [r.verdict for r in solve_many(JOBS, processes=1)]
    assert "error" in rows[-1]


def test_unreachable_scheduler_is_one_line():
    env = {**os.environ, "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "1s"}  # give up quickly
    out = subprocess.run([sys.executable, "-m", "solvers.comrade", "--batch", "-", "--scheduler",
                          "tcp://127.0.0.1:9"], cwd=ROOT, capture_output=True, text=True, input="", timeout=120,
                         env=env)
    assert out.returncode == 1
    assert "cannot reach the Dask scheduler" in out.stderr and len(out.stderr.splitlines()) == 1, out.stderr

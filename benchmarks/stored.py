"""How a benchmark script stores its result: ``write_result(path, data)`` writes ``data`` as indented JSON so that
a failed write (a full disk, Ctrl-C) leaves the previous file whole. The text goes to a new temporary file beside
the target, is flushed to the disk, and only then renamed over the target (a rename in one folder is atomic).

    >>> import json, tempfile
    >>> from pathlib import Path
    >>> path = Path(tempfile.mkdtemp()) / "result.json"
    >>> write_result(path, {"meta": {"command": "python benchmarks/bench_x.py"}, "summary": []})
    >>> json.loads(path.read_text())["summary"]
    []
"""

from __future__ import annotations

import json
import os
import platform
import tempfile
from pathlib import Path


def machine(extra: str = "") -> str:
    """The ``machine`` of a result's provenance: ``"x86_64, 2 cores, CPython 3.11.7"`` (and ``extra``)."""
    text = (f"{platform.machine()}, {os.cpu_count()} cores, {platform.python_implementation()} "
            f"{platform.python_version()}")
    return f"{text}, {extra}" if extra else text


def load_averages(before, after, note: str) -> dict:
    """The ``load_average`` of a result's provenance: the 1, 5 and 15 minute load averages at the start
    (``before``) and the end (``after``, both as ``os.getloadavg()`` gives them), and why the figures are fair."""
    return {"before": [round(x, 2) for x in before], "after": [round(x, 2) for x in after],
            "note": "load averages (1, 5, 15 min) of a shared 2-core machine" + note}


def write_result(path: Path | str, data: dict) -> None:
    """Write ``data`` to ``path`` as JSON (one space of indent, a final newline), all or nothing."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            json.dump(data, f, indent=1, ensure_ascii=False)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise

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
import tempfile
from pathlib import Path


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

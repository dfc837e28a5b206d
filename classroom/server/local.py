"""Run a class server inside this process on the loopback address, for tests, benchmarks and demos.

    >>> from classroom.server.store import ClassStore
    >>> with local_server(ClassStore(":memory:"), run_bots=False) as (url, app):
    ...     url.startswith("http://127.0.0.1:")
    True

It listens on 127.0.0.1 only, on a port the system picks, and stops when the ``with`` block ends.
"""

from __future__ import annotations

import socket
import threading
import time
from contextlib import contextmanager
from typing import Iterator

__all__ = ["local_server"]


@contextmanager
def local_server(store, **app_options) -> Iterator[tuple[str, object]]:
    """``(base URL, app)`` of a class server for ``store`` on 127.0.0.1, running in a thread."""
    import uvicorn

    from .app import create_app

    app = create_app(store, **app_options)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, log_level="warning", access_log=False, timeout_graceful_shutdown=1,
                            lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}", app
    finally:
        app.state.room.closing = True            # the live-update streams end first, then the server
        time.sleep(0.3)
        server.should_exit = True
        thread.join(timeout=5)
        app.state.room.close()
        sock.close()

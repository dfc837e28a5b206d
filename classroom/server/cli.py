"""``class-server`` (``make class``): start the class server on the teacher's machine.

    class-server                      # class.db in this folder, port 8765, on the room's network
    class-server --db monday.db       # another class file (an existing one resumes where it was)
    class-server --host 127.0.0.1     # this machine only (for trying it out alone)

It prints the address for the room's network with a QR code, the join code for the board and the
teacher's page with its key.  Stop it with Ctrl-C; start it again on the same file and every table
resumes.  A bad argument is one line and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import socket
import sys

from .store import ClassStore

__all__ = ["run", "room_addresses"]


def room_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, as the system names them (nothing is contacted)."""
    found = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            addr = info[4][0]
            if not addr.startswith("127.") and addr not in found:
                found.append(addr)
    except OSError:
        pass
    return found


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is one line (``class-server: ...``) and exit status 2, without the usage
    block (``--help`` shows it); a line separator inside the bad argument cannot break the line."""

    def error(self, message: str):  # type: ignore[override]
        print(f"class-server: {' '.join(message.split())} (see --help)", file=sys.stderr)
        raise SystemExit(2)


def _file_problem(path: str) -> str:
    """What is wrong with ``path`` as the class's file, in words (never an exception's name)."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        return "it is a folder"
    if not os.path.isdir(folder):
        return "its folder does not exist"
    if not os.access(path if os.path.exists(path) else folder, os.R_OK | os.W_OK):
        return "no permission to read and write it"
    return "it is not a class file (an SQLite file made by class-server)"


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="class-server", description="Card tables on the classroom's network.")
    p.add_argument("--db", default="class.db", help="the class's file (SQLite; made if missing)")
    p.add_argument("--host", default="0.0.0.0", help="the address to listen on (default: every network)")
    p.add_argument("--port", type=int, default=8765, help="the port (default 8765)")
    p.add_argument("--bot-threads", type=int, default=2, help="tables whose computer seats think at once (default 2)")
    p.add_argument("--bot-processes", type=int, default=1,
                   help="processes for the computer's decisions (default 1; 0: in the server's own process)")
    p.add_argument("--no-qr", action="store_true", help="do not print the QR code")
    return p


def run(argv: list[str] | None = None) -> None:
    args = _parser().parse_args(argv)
    if not 0 < args.port < 65536:
        print(f"class-server: the port must be 1 to 65535, not {args.port}", file=sys.stderr)
        raise SystemExit(2)
    if not 1 <= args.bot_threads <= 16 or not 0 <= args.bot_processes <= 16:
        print("class-server: --bot-threads must be 1 to 16, --bot-processes 0 to 16", file=sys.stderr)
        raise SystemExit(2)
    try:
        import uvicorn

        from .app import create_app
    except ImportError as err:
        print(f"class-server: {err.name} is missing: pip install 'trick-taking-classroom[class]'", file=sys.stderr)
        raise SystemExit(2)
    try:
        store = ClassStore(args.db)
    except Exception:          # a folder, a file that is not SQLite, no permission ...
        print(f"class-server: cannot use {args.db!r} as the class's file: {_file_problem(args.db)}", file=sys.stderr)
        raise SystemExit(2)
    hosts = room_addresses() if args.host in ("0.0.0.0", "") else [args.host]
    urls = [f"http://{h}:{args.port}/" for h in hosts] or [f"http://localhost:{args.port}/"]
    app = create_app(store, join_url=urls[0], bot_threads=args.bot_threads, bot_processes=args.bot_processes)
    print(f"Card class on {urls[0]}   (also: {', '.join(urls[1:])})" if len(urls) > 1 else f"Card class on {urls[0]}")
    if not args.no_qr:
        try:
            import segno
            segno.make(urls[0]).terminal(compact=True)
        except ImportError:
            pass
    print(f"Join code for the board: {store.join_code}")
    print(f"Teacher's page: {urls[0]}teacher?key={store.teacher_key}")
    print(f"The class's file: {args.db}  (Ctrl-C stops the server; start it again to resume)")
    sys.stdout.flush()
    config = uvicorn.Config(app, host=args.host, port=args.port, log_level="warning", access_log=False,
                            timeout_graceful_shutdown=2)

    class Server(uvicorn.Server):
        def handle_exit(self, sig, frame):          # Ctrl-C: the live-update streams end before the server
            app.state.room.closing = True
            super().handle_exit(sig, frame)

    try:
        Server(config).run()
    except KeyboardInterrupt:
        pass
    finally:
        app.state.room.close()
        store.close()


if __name__ == "__main__":
    run()

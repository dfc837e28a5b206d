"""The class server's web application (Starlette): the join page, the seats' pages, the teacher's page.

Every request is answered with a page or one plain sentence — never a traceback, on the page or in the
server's log — and the server keeps running whatever it is sent.  A seat acts only through its own
secret token (the link it got when it took the seat); the teacher's pages need the teacher key, given
once as ``/teacher?key=...`` and then kept in a cookie.  Live updates are server-sent events that carry
only a table's version number; the page then fetches its own seat's part again.

>>> from classroom.server.store import ClassStore
>>> app = create_app(ClassStore(":memory:"), run_bots=False)
>>> sorted(r.path for r in app.routes)[:3]
['/', '/join', '/play/{token}']
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from functools import wraps
from typing import Any, Callable
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from cardgames.errors import GameError

from .pages import (join_page, message_page, page, review_block, seat_live, seat_page, teacher_page,
                    teacher_tables)
from .games import rule_option_fields
from .room import Room, game_settings, table_games
from .store import ClassServerError, ClassStore

__all__ = ["create_app", "MAX_BODY"]

log = logging.getLogger("classroom.server")

#: The largest request body the server reads (a click is a few dozen bytes).
MAX_BODY = 8 * 1024
TEACHER_COOKIE = "cg_teacher"


class Refused(Exception):
    """A request refused with one sentence and an HTTP status."""

    def __init__(self, status: int, text: str):
        super().__init__(text)
        self.status, self.text = status, text


def _wants_json(request: Request) -> bool:
    return "application/json" in request.headers.get("accept", "")


def safe(handler: Callable) -> Callable:
    """Answer every failure with one sentence (and JSON clients with ``{"error": ...}``)."""

    @wraps(handler)
    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except Refused as err:
            status, text = err.status, err.text
        except ClassServerError as err:
            status, text = 400, str(err)
        except GameError as err:
            status, text = 400, str(err)
        except Exception as err:                      # never a traceback: one line in the log, one on the page
            log.error("%s %s failed: %s", request.method, request.url.path, type(err).__name__)
            status, text = 500, "something went wrong on the server: try again, or tell your teacher"
        if _wants_json(request):
            return JSONResponse({"error": text}, status_code=status)
        return HTMLResponse(message_page(text), status_code=status)

    return wrapped


async def read_form(request: Request) -> dict[str, list[str]]:
    """The posted form, read with a size limit; anything else is refused in one sentence."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise Refused(413, "that request is too large")
    ctype = request.headers.get("content-type", "application/x-www-form-urlencoded").split(";")[0].strip()
    if ctype not in ("application/x-www-form-urlencoded", ""):
        raise Refused(415, "send the form as a web page does (application/x-www-form-urlencoded)")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise Refused(413, "that request is too large")
    try:
        text = body.decode("utf-8")
        return parse_qs(text, keep_blank_values=True, max_num_fields=100)
    except (UnicodeDecodeError, ValueError):
        raise Refused(400, "that request could not be read") from None


def _one(form: dict[str, list[str]], name: str, default: str = "") -> str:
    values = form.get(name)
    return values[0] if values else default


def _int(text: str, what: str) -> int:
    text = text.strip()
    if not (text.isdigit() and len(text) <= 9):
        raise Refused(400, f"{what} must be a whole number, not {text[:20]!r}")
    return int(text)


def create_app(store: ClassStore, *, run_bots: bool = True, join_url: str = "", bot_threads: int = 2,
               bot_processes: int = 0) -> Starlette:
    """The web application for the class held in ``store`` (tables resume from it); ``bot_processes``
    worker processes make the computer's decisions (0: threads of this process)."""
    room = Room(store, run_bots=run_bots, bot_threads=bot_threads, bot_processes=bot_processes)

    # -- students ---------------------------------------------------------------------
    def open_seats() -> list[tuple[int, str, int]]:
        out = []
        for t in room.tables.values():
            with t.lock:
                out.extend((t.id, f"table {t.id}, {t.title}", s) for s in range(t.num_players) if t.kind(s) == "open")
        return out

    def check_code(code: str) -> None:
        if not secrets.compare_digest(code.strip().upper().encode(), store.join_code.encode()):
            raise Refused(403, "that join code is not right: look at the board again")

    SEAT_COOKIE = "cg_seat"

    @safe
    async def home(request: Request) -> Response:
        """The join page; a device that already has a seat is offered to go back to it."""
        token = request.cookies.get(SEAT_COOKIE, "")
        back = ""
        if token:
            try:
                table, seat = room.find_token(token)
                back = f"/play/{token}"
                label = f"table {table.id}, {table.title}, seat {seat}"
            except ClassServerError:
                back = ""
        return HTMLResponse(join_page(resume=(back, label) if back else None))

    @safe
    async def join(request: Request) -> Response:
        form = await read_form(request)
        code, name = _one(form, "code"), " ".join(_one(form, "name").split())[:40]
        try:
            check_code(code)
        except Refused as err:
            return HTMLResponse(join_page(err.text, code, name), status_code=err.status)
        if not name:
            return HTMLResponse(join_page("write your name first", code), status_code=400)
        return HTMLResponse(join_page("", code.strip().upper(), name, open_seats()))

    @safe
    async def take(request: Request) -> Response:
        form = await read_form(request)
        check_code(_one(form, "code"))
        table, seat = _int(_one(form, "table"), "table"), _int(_one(form, "seat"), "seat")
        token = room.take_seat(table, seat, _one(form, "name"))
        response = RedirectResponse(f"/play/{token}", status_code=303)
        response.set_cookie(SEAT_COOKIE, token, httponly=True, samesite="lax", max_age=12 * 3600)
        return response

    def seat_of(request: Request):
        token = request.path_params["token"]
        table, seat = room.find_token(token)
        return token, table, seat

    @safe
    async def play(request: Request) -> Response:
        token, table, seat = seat_of(request)
        return HTMLResponse(seat_page(table, seat, token))

    @safe
    async def play_part(request: Request) -> Response:
        token, table, seat = seat_of(request)
        return HTMLResponse(seat_live(table, seat, token))

    @safe
    async def play_state(request: Request) -> Response:
        token, table, seat = seat_of(request)
        with table.lock:
            return JSONResponse({"table": table.id, "seat": seat, "version": table.version,
                                 "phase": table.phase(), "turn": table.actor(),
                                 "choices": [{"key": c.key, "label": c.label, "pick": c.pick}
                                             for c in table.choices(seat)]})

    @safe
    async def act(request: Request) -> Response:
        token, table, seat = seat_of(request)
        form = await read_form(request)
        key = _one(form, "key")
        version = _one(form, "version")
        picks = form.get("pick", [])
        try:
            said = await run_in_threadpool(table.act, token, key, picks,
                                           _int(version, "version") if version else None)
        except (ClassServerError, Refused) as err:
            text = err.text if isinstance(err, Refused) else str(err)
            if _wants_json(request):
                return JSONResponse({"error": text}, status_code=409)
            return HTMLResponse(seat_page(table, seat, token, note=text), status_code=409)
        if _wants_json(request):
            return JSONResponse({"ok": said, "version": table.version})
        return RedirectResponse(f"/play/{token}", status_code=303)

    async def version_stream(request: Request, version_of: Callable[[], int]):
        last, idle = None, 0
        for _ in range(20_000):                 # about an hour and a half; the page then reconnects
            if room.closing or await request.is_disconnected():
                return
            now = version_of()
            if now != last:
                last, idle = now, 0
                yield f"data: {now}\n\n"
            else:
                idle += 1
                if idle % 60 == 0:
                    yield ": still here\n\n"
            await asyncio.sleep(0.25)

    @safe
    async def play_events(request: Request) -> Response:
        token, table, seat = seat_of(request)
        return StreamingResponse(version_stream(request, lambda: table.version), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store"})

    # -- the teacher --------------------------------------------------------------------
    def teacher(request: Request) -> None:
        given = request.cookies.get(TEACHER_COOKIE) or request.query_params.get("key", "")
        if not (given and secrets.compare_digest(given.encode(), store.teacher_key.encode())):
            raise Refused(403, "this page is for the teacher: open it with the teacher key")

    def room_version() -> int:
        return sum(t.version for t in room.tables.values()) + len(room.tables)

    def teacher_html(note: str = "") -> str:
        return teacher_page(room, join_url or "this server's address", note, table_games(), room_version())

    @safe
    async def teacher_home(request: Request) -> Response:
        teacher(request)
        response = HTMLResponse(teacher_html())
        if request.query_params.get("key"):
            response.set_cookie(TEACHER_COOKIE, store.teacher_key, httponly=True, samesite="strict")
        return response

    @safe
    async def teacher_part(request: Request) -> Response:
        teacher(request)
        return HTMLResponse(teacher_tables(room))

    @safe
    async def teacher_events(request: Request) -> Response:
        teacher(request)
        return StreamingResponse(version_stream(request, room_version), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store"})

    def back_to_teacher() -> Response:
        return RedirectResponse("/teacher", status_code=303)

    @safe
    async def new_table(request: Request) -> Response:
        teacher(request)
        form = await read_form(request)
        game = _one(form, "game")
        settings: dict[str, Any] = {}
        try:
            allowed = dict(game_settings(game)) if game else {}
            rules = {k: v for k, v in rule_option_fields(game).items() if k not in allowed} if game else {}
        except GameError as err:
            raise Refused(400, str(err)) from None
        typed: dict[str, str] = {}
        for part in _one(form, "settings").replace(",", " ").split():
            name, eq, value = part.partition("=")
            if eq and name in allowed:
                settings[name] = _int(value, name)
            elif eq and name in rules:
                typed[name] = value[:40]
            else:
                raise Refused(400, f"{part[:30]!r} is not a setting of this game "
                                   f"(settings: {', '.join([*allowed, *rules]) or 'none'})")
        if typed:
            settings["rule_options"] = typed
        players = _one(form, "players").strip()
        if players:
            key = "players" if "players" in allowed else "num_players"
            settings[key] = _int(players, "players")
        seed_text = " ".join(_one(form, "seed").split())
        deal = ""
        if seed_text and not seed_text.isdigit():          # a named deal, e.g. "class deal A"
            deal, seed_text = seed_text, ""
        seed = _int(seed_text, "the deal number") if seed_text else None
        table = await run_in_threadpool(lambda: room.open_table(game, settings, seed=seed, deal=deal))
        computer = [_int(s, "a computer seat") for s in _one(form, "computer").replace(",", " ").split()]
        for s in computer:
            table.set_seat(s, "computer")
        return back_to_teacher()

    def table_of(request: Request):
        return room.table(request.path_params["table"])

    @safe
    async def pause(request: Request) -> Response:
        teacher(request)
        form = await read_form(request)
        table_of(request).set_paused(_one(form, "paused") == "1")
        return back_to_teacher()

    @safe
    async def seat_kind(request: Request) -> Response:
        teacher(request)
        form = await read_form(request)
        table_of(request).set_seat(int(request.path_params["seat"]), _one(form, "kind"))
        return back_to_teacher()

    @safe
    async def next_deal(request: Request) -> Response:
        teacher(request)
        await run_in_threadpool(table_of(request).next_game)
        return back_to_teacher()

    @safe
    async def review(request: Request) -> Response:
        teacher(request)
        table = table_of(request)
        with table.lock:
            if not table.state.is_terminal():
                raise Refused(409, "this game is not over yet: its hands stay hidden until it ends")
            body = review_block(table)
        return HTMLResponse(page("Review", f"<h1>Table {table.id}: {table.title}</h1>{body}"))

    @safe
    async def reviews(request: Request) -> Response:
        teacher(request)
        blocks = []
        for t in room.tables.values():
            with t.lock:
                if t.state.is_terminal():
                    blocks.append(f"<div><h2>Table {t.id}: {t.title}</h2>{review_block(t)}</div>")
        body = f'<div class="reviews">{"".join(blocks)}</div>' if blocks else "<p>No table has finished yet.</p>"
        return HTMLResponse(page("Reviews", f"<h1>Every finished table</h1>{body}"))

    @safe
    async def not_found(request: Request) -> Response:
        raise Refused(404, "there is no such page in this class")

    routes = [
        Route("/", home), Route("/join", join, methods=["POST"]), Route("/take", take, methods=["POST"]),
        Route("/play/{token}", play), Route("/play/{token}/part", play_part),
        Route("/play/{token}/state.json", play_state), Route("/play/{token}/events", play_events),
        Route("/play/{token}/act", act, methods=["POST"]),
        Route("/teacher", teacher_home), Route("/teacher/part", teacher_part),
        Route("/teacher/events", teacher_events), Route("/teacher/tables", new_table, methods=["POST"]),
        Route("/teacher/table/{table:int}/pause", pause, methods=["POST"]),
        Route("/teacher/table/{table:int}/seat/{seat:int}", seat_kind, methods=["POST"]),
        Route("/teacher/table/{table:int}/next", next_deal, methods=["POST"]),
        Route("/teacher/table/{table:int}/review", review),
        Route("/teacher/reviews", reviews),
    ]

    async def fallback(request: Request, exc: Exception) -> Response:
        status = getattr(exc, "status_code", 500)
        text = {404: "there is no such page in this class",
                405: "this page cannot be used that way"}.get(status, "that request could not be answered")
        if status >= 500:
            log.error("%s %s failed: %s", request.method, request.url.path, type(exc).__name__)
        return HTMLResponse(message_page(text), status_code=status)

    app = Starlette(routes=routes, exception_handlers={404: fallback, 405: fallback, 500: fallback})
    app.state.room = room
    app.state.store = store
    return app

"""The live tables of a class: engine states in memory, every change recorded in the store first.

A :class:`LiveTable` is one table of the room.  It holds the current game's state (built by the game's
table adapter from :mod:`classroom.tables`, the same one the notebooks' play table uses), applies a
student's click only if it is that seat's turn and the action is legal, records it in the
:class:`~classroom.server.store.ClassStore` in one transaction, and only then makes it the table's
state.  The computer's seats are played in the background, one table at a time per thread, so a slow
decision at one table never holds up the clicks at another; with ``bot_processes`` the decisions
themselves run in other processes (each handed only the seat's view and legal actions), so a strong
player's search does not hold this process's interpreter while students click.

A restarted server builds each table again by replaying its recorded actions (each stored as its
index among the legal actions at that moment, which the seeded engines make exact).

>>> from classroom.server.store import ClassStore
>>> room = Room(ClassStore(":memory:"), run_bots=False)
>>> t = room.open_table("krypkille", {"num_players": 3}, seed=5, kinds=["open", "open", "open"])
>>> token = room.take_seat(t.id, 0, "Aiko")
>>> t.state.current_player() in (0, 1, 2), t.seat_of(token)
(True, 0)
"""

from __future__ import annotations

import inspect
import json
import secrets
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Hashable, Sequence

from cardgames import registry
from cardgames.errors import GameError

from .store import ClassServerError, ClassStore

__all__ = ["Room", "LiveTable", "Choice", "game_settings", "named_deals", "table_games"]

#: Constructor arguments of a table adapter that the teacher does not set in the form.
_NOT_A_SETTING = {"self", "seed", "deal", "rules", "options", "dealer", "name"}


#: The computer players of a worker process, by (game, settings, seed, seat); a few dozen tables at most.
_WORKER_PLAYERS: dict[tuple, Any] = {}


def decide(game: str, settings_json: str, seat: int, view, legal: tuple):
    """A computer seat's decision in a worker process: the table's default player for that seat, made once
    per game (the same seeded player as in the server's own process) and handed the seat's view only."""
    key = (game, settings_json, seat)
    player = _WORKER_PLAYERS.get(key)
    if player is None:
        if len(_WORKER_PLAYERS) > 256:
            _WORKER_PLAYERS.clear()
        player = _WORKER_PLAYERS[key] = _adapter(game, **json.loads(settings_json)).default_players()[seat]
    return player.act(view, legal)


def _adapter(game: str, **options):
    from .games import table_adapter
    return table_adapter(game, options)


def table_games() -> list[registry.GameType]:
    """The games a class can play: every registered game (each has a table adapter or the generic one)."""
    return list(registry.games())


def game_settings(game: str) -> list[tuple[str, Any]]:
    """The whole-number settings a teacher may give a new table of ``game`` with their defaults, read
    from its table adapter's constructor (``num_players``, ``hand_size``, ``rounds`` ...): no per-game code.

    >>> [name for name, _ in game_settings("heart_challenge")]
    ['num_players', 'rounds']
    """
    cls = type(_adapter(game))
    out = []
    for p in inspect.signature(cls.__init__).parameters.values():
        if p.name in _NOT_A_SETTING or p.kind in (p.VAR_KEYWORD, p.VAR_POSITIONAL):  # rule options: see games
            continue
        if isinstance(p.default, bool) or not (p.default is None or isinstance(p.default, int)):
            continue
        out.append((p.name, p.default))
    return out


def named_deals(game: str) -> dict[str, str]:
    """The deals a teacher may pick by name for ``game`` (its table adapter's ``named_deals``)."""
    return type(_adapter(game)).named_deals()


@dataclass
class Choice:
    """One thing a seat can click now: ``key`` is what the page sends back."""

    key: str
    label: str
    group: str
    pick: bool = False          # a card toggle of a "choose several, then confirm" group
    warn: str = ""              # an action that loses at once: the page asks "are you sure?"
    #: a confirm button whose label depends on the chosen cards: its label for each choice, by the
    #: bit mask of the chosen toggles in their order (the page relabels the button as cards are chosen)
    labels: dict[int, str] | None = None


def _confirm_choice(g: int, group) -> Choice:
    """The confirm button of a pick group; a label that is a function of the chosen items is worked out
    for every choice of up to 8 items, so the page can show the right one without asking the server."""
    if not callable(group.confirm):
        return Choice(f"{g}.confirm", str(group.confirm), group.title)
    items = [item for _, item in group.items]
    labels = None
    if len(items) <= 8:
        labels = {mask: str(group.confirm([it for i, it in enumerate(items) if mask >> i & 1]))
                  for mask in range(1 << len(items))}
    return Choice(f"{g}.confirm", str(group.confirm([])), group.title, labels=labels)


class LiveTable:
    """One table of the room and its current game."""

    def __init__(self, room: "Room", row):
        self.room, self.store = room, room.store
        self.id = int(row["id"])
        self.game = row["game"]
        self.options: dict[str, Any] = json.loads(row["options"])
        self.title = row["title"] or registry.get(self.game).title
        self.paused = bool(row["paused"])
        self.lock = threading.RLock()
        self.version = 0
        self.bots_running = False
        self.error = ""
        self.load()

    # -- building the state -----------------------------------------------------------
    def load(self) -> None:
        """Build the current game from the store: the deal, then every recorded action in order."""
        with self.lock:
            self.seats = [dict(r) for r in self.store.seats(self.id)]
            self.game_row = dict(self.store.current_game(self.id))
            options = dict(self.options)
            options["seed"] = self.game_row["seed"]
            self.tg = _adapter(self.game, **options)
            self.players = self.tg.default_players()
            self.state = self.tg.new_state()
            self.log: list[str] = [f"game {self.game_row['number']}: a new {self.tg.title}"]
            self.actions: list[tuple[int, Hashable]] = []
            self._mark = self.tg.log_mark(self.state)
            for rec in self.store.actions(self.game_row["id"]):
                legal = list(self.state.legal_actions())
                self._advance(int(rec["seat"]), legal[int(rec["choice"])])
            self.version += 1

    def _advance(self, seat: int, action: Hashable, step: tuple | None = None) -> None:
        """Make ``action`` the table's (``step``: its :func:`~classroom.tables.play_step`, if made already)."""
        from classroom.tables import play_step
        self.state, lines, self._mark = step or play_step(self.tg, self.state, seat, action, self._mark)
        self.actions.append((seat, action))
        self.log.extend(lines)

    # -- who is where --------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.tg.num_players

    def seat_of(self, token: str) -> int | None:
        for s in self.seats:
            if s["token"] and secrets.compare_digest(s["token"], token):
                return int(s["seat"])
        return None

    def kind(self, seat: int) -> str:
        return self.seats[seat]["kind"]

    def seat_name(self, seat: int) -> str:
        s = self.seats[seat]
        return s["name"] if s["kind"] == "student" else ("computer" if s["kind"] == "computer" else "(open)")

    def phase(self) -> str:
        if self.state.is_terminal():
            return "over"
        return "paused" if self.paused else "playing"

    def actor(self) -> int | None:
        return None if self.state.is_terminal() else self.state.current_player()

    # -- what a seat may do -----------------------------------------------------------------
    def choices(self, seat: int) -> list[Choice]:
        """What ``seat`` can click now (empty unless it is that seat's turn)."""
        with self.lock:
            if self.paused or self.actor() != seat:
                return []
            view = self.state.view(seat)
            out = []
            for g, group in enumerate(self.tg.controls(view, list(self.state.legal_actions()))):
                for i, (label, action) in enumerate(group.items):
                    warn = (group.warn or {}).get(action, "") if group.kind != "pick" else ""
                    out.append(Choice(f"{g}.{i}", str(label), group.title, group.kind == "pick", warn))
                if group.kind == "pick":
                    out.append(_confirm_choice(g, group))
            return out

    def _action_for(self, seat: int, key: str, picks: Sequence[str]) -> Hashable:
        view = self.state.view(seat)
        groups = self.tg.controls(view, list(self.state.legal_actions()))
        g_text, _, i_text = key.partition(".")
        if not g_text.isdigit() or int(g_text) >= len(groups):
            raise ClassServerError("that choice is not on the table now: the page was out of date")
        group = groups[int(g_text)]
        if group.kind == "pick":
            if i_text != "confirm":
                raise ClassServerError("that choice is not on the table now: the page was out of date")
            chosen = []
            for p in picks:
                pg, _, pi = p.partition(".")
                if pg != g_text or not pi.isdigit() or int(pi) >= len(group.items):
                    raise ClassServerError("a chosen card is not in your hand now: the page was out of date")
                item = group.items[int(pi)][1]
                if item not in chosen:
                    chosen.append(item)
            return group.make(chosen)
        if not i_text.isdigit() or int(i_text) >= len(group.items):
            raise ClassServerError("that choice is not on the table now: the page was out of date")
        return group.items[int(i_text)][1]

    def act(self, token: str, key: str, picks: Sequence[str] = (), version: int | None = None) -> str:
        """A student's click: applied only for the token's own seat, on its turn, if legal; returns the
        action in words.  Anything else raises :class:`ClassServerError` and changes nothing."""
        with self.lock:
            seat = self.seat_of(token)
            if seat is None:
                raise ClassServerError("this is not your seat: open the link your seat gave you")
            if self.paused:
                raise ClassServerError("the teacher has paused this table: wait a moment")
            if self.state.is_terminal():
                raise ClassServerError("this game is over")
            if version is not None and version != self.version:
                raise ClassServerError("the table moved on since your page was drawn: look again, then choose")
            if self.actor() != seat:
                raise ClassServerError(f"it is not your turn: seat {self.actor()} is to act")
            action = self._action_for(seat, key, picks)
            self._apply(seat, action, by="student")
            said = self.tg.say_own(action)
        self.room.kick(self)
        return said

    def _apply(self, seat: int, action: Hashable, by: str) -> None:
        """Play ``action`` on a copy, record it, then make the copy the state (a refused one changes nothing)."""
        legal = list(self.state.legal_actions())
        if action not in legal:
            try:          # the engine's own words for why it is illegal
                self.state.clone().apply(action, player=seat)
            except GameError as err:
                raise ClassServerError(f"refused: {err}") from None
            raise ClassServerError("refused: that action is not allowed now")
        from classroom.tables import play_step
        step = play_step(self.tg, self.state, seat, action, self._mark)
        self.store.record(self.game_row["id"], len(self.actions) + 1, seat, legal.index(action), str(action), by)
        self._advance(seat, action, step)
        self.version += 1

    # -- the computer's seats --------------------------------------------------------------
    def step_computer(self) -> bool:
        """One move of a computer seat, or a forced move of a student's seat; False when nothing is to do."""
        with self.lock:
            if self.paused or self.state.is_terminal():
                return False
            actor = self.actor()
            legal = tuple(self.state.legal_actions())
            view = self.state.view(actor)
            if self.kind(actor) != "computer":
                forced = self.tg.forced(view, legal) if self.kind(actor) == "student" else None
                if forced is None:
                    return False
                self._apply(actor, forced[0], by="forced")
                return True
            version, player = self.version, self.players[actor]
            settings = dict(self.options, seed=self.game_row["seed"])
        if self.room.processes is not None:           # in a worker process: this interpreter stays free
            action = self.room.processes.submit(decide, self.game, json.dumps(settings, sort_keys=True), actor,
                                                view, legal).result()
        else:                                          # outside the lock: others may read the table meanwhile
            action = player.act(view, legal)
        with self.lock:
            if self.version != version:                  # the teacher changed the table meanwhile
                return True
            self._apply(actor, action, by="computer")
        return True

    # -- the teacher ------------------------------------------------------------------------
    def set_paused(self, paused: bool) -> None:
        with self.lock:
            self.store.set_paused(self.id, paused)
            self.paused = paused
            self.version += 1
        self.room.kick(self)

    def set_seat(self, seat: int, kind: str) -> None:
        if not (0 <= seat < self.num_players):
            raise ClassServerError(f"this table has seats 0 to {self.num_players - 1}, not {seat}")
        with self.lock:
            self.store.set_seat(self.id, seat, kind)
            self.seats = [dict(r) for r in self.store.seats(self.id)]
            self.version += 1
        self.room.kick(self)

    def next_game(self) -> None:
        """The next deal of the series: the next seed, the same seats."""
        with self.lock:
            seed = self.game_row["seed"]
            if not self.tg.can_deal_new():        # a named deal: the series plays it again
                self.store.start_game(self.id, seed)
                self.load()
                return self.room.kick(self)
            self.store.start_game(self.id, None if seed is None else seed + 1)
            self.load()
        self.room.kick(self)


class Room:
    """Every table of one class, kept in step with its :class:`ClassStore`."""

    def __init__(self, store: ClassStore, *, run_bots: bool = True, bot_threads: int = 2, bot_processes: int = 0):
        self.store = store
        self.run_bots = run_bots
        self.processes = None
        if run_bots and bot_processes:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor
            method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
            self.processes = ProcessPoolExecutor(bot_processes, mp_context=multiprocessing.get_context(method))
        #: Set when the server stops: the live-update streams end by themselves, so nothing is cut off.
        self.closing = False
        self.pool = ThreadPoolExecutor(max_workers=bot_threads, thread_name_prefix="computer-seat")
        self.lock = threading.RLock()
        self.tables: dict[int, LiveTable] = {}
        for row in store.tables():
            self.tables[int(row["id"])] = LiveTable(self, row)
        for t in self.tables.values():
            self.kick(t)

    def open_table(self, game: str, settings: dict[str, Any], *, seed: int | None, kinds: list[str] | None = None,
                   title: str = "", deal: str = "") -> LiveTable:
        """Open a table of a registered game; ``kinds`` per seat: "open" (for a student) or "computer";
        ``deal``: one of the game's named deals (:func:`named_deals`) instead of a seeded one."""
        try:
            entry = registry.get(game)
            if deal:
                named = named_deals(entry.name)
                if deal not in named:
                    raise ClassServerError(f"{entry.title} has no deal called {deal!r}"
                                           + (f" (its deals: {', '.join(named)})" if named else ""))
                settings = dict(settings, deal=named[deal])
            probe = _adapter(entry.name, seed=seed, **settings)
        except GameError as err:
            raise ClassServerError(str(err)) from None
        except TypeError:
            raise ClassServerError(f"{game}: these settings are not the game's") from None
        n = probe.num_players
        kinds = list(kinds) if kinds is not None else ["open"] * n
        if len(kinds) != n:
            raise ClassServerError(f"a table of this game has {n} seats, not {len(kinds)}")
        if seed is None:
            seed = secrets.randbelow(1_000_000)
        with self.lock:
            table_id = self.store.add_table(entry.name, settings, seed=seed, kinds=kinds, title=title)
            self.store.start_game(table_id, seed)
            row = next(r for r in self.store.tables() if r["id"] == table_id)
            table = self.tables[table_id] = LiveTable(self, row)
        self.kick(table)
        return table

    def table(self, table_id: int) -> LiveTable:
        try:
            return self.tables[int(table_id)]
        except (KeyError, ValueError, TypeError):
            raise ClassServerError("there is no such table in this class") from None

    def find_token(self, token: str) -> tuple[LiveTable, int]:
        """The table and seat a seat's secret token belongs to."""
        if not isinstance(token, str) or not 10 <= len(token) <= 64:
            raise ClassServerError("this seat link is not valid: ask your teacher for the join code")
        row = self.store.seat_by_token(token)
        if row is None:
            raise ClassServerError("this seat link is not valid: ask your teacher for the join code")
        return self.table(row["table_id"]), int(row["seat"])

    def take_seat(self, table_id: int, seat: int, name: str) -> str:
        table = self.table(table_id)
        name = " ".join(str(name).split())[:40]
        if not name:
            raise ClassServerError("write your name first")
        if not (isinstance(seat, int) and 0 <= seat < table.num_players):
            raise ClassServerError(f"this table has seats 0 to {table.num_players - 1}")
        with table.lock:
            if table.kind(seat) != "open":
                raise ClassServerError("this seat is taken: choose another one")
            token = self.store.take_seat(table.id, seat, name)
            table.seats = [dict(r) for r in self.store.seats(table.id)]
            table.version += 1
        self.kick(table)
        return token

    def kick(self, table: LiveTable) -> None:
        """Let the computer (and forced moves) play at ``table`` until a person is to act."""
        if not self.run_bots:
            return
        with table.lock:
            if table.bots_running:
                return
            table.bots_running = True
        self.pool.submit(self._run, table)

    def _run(self, table: LiveTable) -> None:
        try:
            while True:
                try:
                    moved = table.step_computer()
                except Exception as err:            # a computer player's fault must not stop the room
                    with table.lock:
                        table.error = f"the computer could not move ({type(err).__name__})"
                    moved = False
                if not moved:
                    break
        finally:
            with table.lock:
                table.bots_running = False
            # a change that came in while we were stopping is picked up by one more look
            with table.lock:
                again = (not table.error and not table.paused and not table.state.is_terminal()
                         and table.kind(table.actor()) == "computer")
            if again:
                self.kick(table)

    def close(self) -> None:
        self.closing = True
        self.pool.shutdown(wait=False, cancel_futures=True)
        if self.processes is not None:
            self.processes.shutdown(wait=False, cancel_futures=True)

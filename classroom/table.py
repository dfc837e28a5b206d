"""One play table for every game: a person takes a seat, computer players take the others.

:class:`PlayTable` drives any :class:`~cardgames.game.GameState` through the shared
interface only (``current_player``, ``legal_actions``, ``apply``, ``is_terminal``,
``returns``, ``view(seat)``).  What differs between games (how a seat's view is
drawn, which buttons a person gets, how an action reads in the public log) lives
in a small *table game* object (:mod:`classroom.tables`).

* The person sees **only their seat's view**: the table is drawn from
  ``state.view(seat)`` and nothing else, so every card hidden from that seat is a back.
* Their legal actions are buttons (a Krypkille discard: card toggles and one button);
  an action the engine refuses shows the engine's message and changes nothing.
* Computer players (``act(view, legal_actions)``, :mod:`cardgames.players`) act one
  at a time, each with a line in the public log: with the "next" button
  (``delay=None``) or by themselves, ``delay`` seconds apart.
* At the end: the result and the scores, then a **review**: every hand revealed,
  the round replayed action by action (:meth:`PlayTable.review_html` is the same
  as static HTML, for readers on GitHub).
* ``coach=True`` (the teacher's switch, off by default) adds the game's hint
  (:mod:`classroom.coach`, imported only when the coach is on).  The coach is offered only where
  :func:`teacher_mode` sees the teacher: the teacher versions and the sources (``teacher/``,
  ``notebooks/``), a checkout of the project, the teacher's JupyterLite site, or the environment variable
  ``CARDGAMES_TEACHER=1`` (e.g. ``CARDGAMES_TEACHER=1 make lab``; the lesson pages say so).  Everywhere
  else -- the student versions, a copy of them in a folder of any name, the student JupyterLite site --
  the coach is off and its switch hidden, whatever the notebook says.
* ``people=[0, 2]`` is the hot-seat mode: several people at one screen, each seat's
  hand hidden behind a "pass the screen to seat N" step (the first one too: no hand is
  face up before its owner has pressed "show my cards").  A person whose only legal move
  was played for them sees it on their own screen ("your only legal move was played for
  you: play Pig, because ...") and passes the screen on with a button: only then is it covered.
* "new deal" deals a fresh one (the next seed: still reproducible); "replay this deal"
  starts the same deal again.
* An action that loses the game at once (a Comrade bid the tricks cannot cover) is
  marked on its button and asks "are you sure?" before it is applied.
* The table marks its demo interaction (:func:`~classroom.widgets.common.mark_demo`, CSS
  classes only: nothing a person sees changes): the drawing of the seat's view is the result, and
  the action is the control a person would use first now (:meth:`PlayTable.demo_action`), so the
  browser tests check that every notebook showing a table really responds to a click.

    >>> t = PlayTable("krypkille", num_players=3, seed=1, seat=0, delay=0)
    >>> t.state.current_player() == 0 or t.state.is_terminal()
    True
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any, Hashable, Sequence

import ipywidgets as W

from cardgames.display import escape
from cardgames.errors import GameError
from classroom.widgets.common import DEMO_ACTION_CLASS, guarded, mark_demo

__all__ = ["PlayTable", "teacher_mode", "TEACHER_ENV", "TEACHER_FOLDERS", "TABLE_CLASS", "ACTION_CLASS", "PICK_CLASS",
           "CONFIRM_CLASS", "NEXT_CLASS", "REVEAL_CLASS", "HANDOFF_CLASS", "REVIEW_CLASS", "RISKY_CLASS",
           "NEW_DEAL_CLASS", "REPLAY_CLASS", "SETTING_CLASS"]

#: CSS classes the browser tests use to find the table and its controls.
TABLE_CLASS = "cg-play-table"
ACTION_CLASS = "cg-act"          # one legal action
PICK_CLASS = "cg-pick"           # a card toggle of a multiple choice (a Krypkille discard)
CONFIRM_CLASS = "cg-confirm"     # the button that applies the chosen cards
NEXT_CLASS = "cg-next"           # "next computer move"
REVEAL_CLASS = "cg-reveal"       # hot seat: "I am seat N, show my cards"
HANDOFF_CLASS = "cg-handoff"     # hot seat: "pass the screen to seat N" (after moves played for a person)
REVIEW_CLASS = "cg-review"       # the review after the end
RISKY_CLASS = "cg-risky"         # an action that loses at once (it asks to confirm)
NEW_DEAL_CLASS = "cg-new-deal"   # "new deal": the next seed
REPLAY_CLASS = "cg-replay"       # "replay this deal": the same deal again
SETTING_CLASS = "cg-setting"     # a choice of the table game's own (Comrade: 4 or 13 cards each)

_WIDE = {"description_width": "initial"}

#: The setting that shows the coach anywhere: ``CARDGAMES_TEACHER=1`` (``0`` hides it everywhere).  The
#: teacher's JupyterLite site sets it in the browser's Python (``tools/build_site.py``); the student site does not.
TEACHER_ENV = "CARDGAMES_TEACHER"
#: Folders whose notebooks are the teacher's (a kernel starts in its notebook's folder): the teacher
#: versions ``make student`` writes, and the source notebooks.
TEACHER_FOLDERS = ("teacher", "notebooks")


def teacher_mode() -> bool:
    """Whether the play table may offer its coach.

    ``CARDGAMES_TEACHER=1`` (or ``true``/``yes``/``on``) says yes and ``CARDGAMES_TEACHER=0`` no, wherever.
    Unset, the coach is offered only where the teacher works: a kernel started in ``teacher/`` or
    ``notebooks/``, or in a checkout of the whole project (a folder holding both).  A student's folder,
    whatever its name, says no -- and so does Python in the browser (JupyterLite, ``sys.platform ==
    "emscripten"``), where no folder says who is reading: the teacher's site sets ``CARDGAMES_TEACHER=1``.

    For example, with the variable unset: ``teacher/20_comrade_rules.ipynb`` -> True (coach offered),
    ``student/20_comrade_rules.ipynb`` or ``my_lessons/20_comrade_rules.ipynb`` -> False, the student
    JupyterLite site -> False.
    """
    setting = os.environ.get(TEACHER_ENV, "").strip().lower()
    if setting:
        return setting in ("1", "true", "yes", "on")
    if sys.platform == "emscripten":
        return False
    here = Path.cwd()
    return here.name in TEACHER_FOLDERS or all((here / name).is_dir() for name in TEACHER_FOLDERS)


def _table_game(game: Any, **options):
    from classroom.tables import table_game
    return table_game(game, **options)


class PlayTable(W.VBox):
    """Play one game (round, deal) at a seat of your choice against computer players.

    ``game`` is ``"krypkille"``, ``"comrade"``, ``"heart_challenge"`` or a table-game
    object; further keyword arguments (``num_players``, ``seed``, ``hand_size`` ...)
    go to its constructor.  ``players`` maps seats to seated bots (default: the
    game's); ``seat`` is the person's seat (a dropdown changes it and deals again);
    ``people`` several seats for the hot-seat mode; ``delay`` seconds between computer
    moves (``None``: a "next" button).
    """

    def __init__(self, game: Any = "krypkille", *, seat: int = 0, players: "dict | Sequence | None" = None,
                 people: Sequence[int] | None = None, delay: float | None = 0.4, coach: bool = False,
                 **options):
        self.tg = _table_game(game, **options)
        self.num_players = self.tg.num_players
        self.delay = delay
        self.people = list(people) if people is not None else None
        if self.people is not None:
            bad = [s for s in self.people if not (isinstance(s, int) and 0 <= s < self.num_players)]
            if bad or not self.people:
                raise GameError(f"people must be seats 0..{self.num_players - 1}, not {people!r}")
        self._players_arg = players
        self.out = W.Output()
        self.seat_choice = W.Dropdown(options=[(f"seat {s}", s) for s in range(self.num_players)],
                                      value=seat if self.people is None else self.people[0],
                                      description="your seat", style=_WIDE, layout=W.Layout(width="150px"),
                                      disabled=self.people is not None)
        self.new_button = W.Button(description="new deal", tooltip="deal new cards (the next seed)",
                                   layout=W.Layout(width="auto"))
        self.new_button.add_class(NEW_DEAL_CLASS)
        self.new_button.layout.display = None if self.tg.can_deal_new() else "none"
        self.replay_button = W.Button(description="replay this deal", tooltip="start again with the same cards",
                                      layout=W.Layout(width="auto"))
        self.replay_button.add_class(REPLAY_CLASS)
        #: the table game's own choices (Comrade: 4 or 13 cards each), one row of buttons each
        self.setting_choices = [self._setting_choice(s) for s in self.tg.settings()]
        self.next_button = W.Button(description="next computer move ▶", button_style="info",
                                    layout=W.Layout(width="auto"))
        self.next_button.add_class(NEXT_CLASS)
        allowed = teacher_mode()     # in a student version: no coach, and no switch to tick
        self.coach_box = W.Checkbox(value=bool(coach) and allowed, description="coach (teacher)", indent=False,
                                    disabled=not allowed,
                                    layout=W.Layout(width="auto", display=None if allowed else "none"))
        self.status = W.HTML()
        self.view_html = W.HTML()
        self.controls = W.VBox()
        self.message = W.HTML()
        self.coach_html = W.HTML()
        self.log_html = W.HTML()
        self.review = W.VBox()
        self.review.add_class(REVIEW_CLASS)
        g = guarded(self.out)
        self.seat_choice.observe(g(lambda _: self.reset()), names="value")
        self.new_button.on_click(g(lambda _: self.new_deal()))
        self.replay_button.on_click(g(lambda _: self.reset()))
        self.next_button.on_click(g(lambda _: self.next_move()))
        self.coach_box.observe(g(lambda _: self.draw()), names="value")
        top = W.HBox([*self.setting_choices, self.seat_choice, self.new_button, self.replay_button, self.next_button,
                      self.coach_box],
                     layout=W.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([top, self.status, self.view_html, self.controls, self.message, self.coach_html,
                          self.log_html, self.review, self.out])
        self.add_class(TABLE_CLASS)
        self.reset()

    def _setting_choice(self, setting) -> W.ToggleButtons:
        """Toggle buttons for one of the table game's settings: a choice deals again with the same seed."""
        box = W.ToggleButtons(options=setting.options, value=setting.value, description=setting.label,
                              style={**_WIDE, "button_width": "auto"})
        box.add_class(SETTING_CLASS)
        box.observe(guarded(self.out)(lambda ch, name=setting.name: self.change_setting(name, ch["new"])),
                    names="value")
        return box

    def change_setting(self, name: str, value) -> None:
        """A person's choice of a table setting (Comrade's hand size): the table game deals again, then
        play starts as in :meth:`reset`."""
        self.tg.change(name, value)
        self.reset()

    # -- seats ---------------------------------------------------------------------
    @property
    def seat(self) -> int:
        """The person's seat (in hot-seat mode: the seat whose screen is shown)."""
        return self.showing

    def person_seats(self) -> list[int]:
        return self.people if self.people is not None else [self.seat_choice.value]

    def _make_players(self) -> dict[int, Any]:
        given = self._players_arg
        if given is None:
            bots = self.tg.default_players()
            return {s: bots[s] for s in range(self.num_players)}
        if isinstance(given, dict):
            bots = self.tg.default_players()
            return {s: given.get(s, bots[s]) for s in range(self.num_players)}
        return dict(enumerate(given))

    # -- the game ------------------------------------------------------------------
    def new_deal(self) -> None:
        """A new deal (the table game's next seed), then play starts as in :meth:`reset`."""
        self.tg.deal_new()
        self.reset()

    def reset(self) -> None:
        """Start this deal again (same seed): the person at the chosen seat, bots elsewhere.
        In hot-seat mode the screen starts covered: the first person presses "show my cards"."""
        self.state = self.tg.new_state()
        self.players = self._make_players()
        self.showing = self.person_seats()[0]
        self.curtain: int | None = self.showing if self.people is not None else None
        #: hot seat: the seat the screen goes to next, while the seat shown still sees the move(s) the
        #: table played for it (its "pass the screen to seat N" button covers the screen)
        self.handoff: int | None = None
        self.pending: tuple[Hashable, str] | None = None   # a risky action waiting for "yes"
        self.public_log: list[str] = [f"a new {self.tg.title}: you are seat {self.showing}" if self.people is None
                               else f"a new {self.tg.title}: people at seats {self.people}"]
        self.actions: list[tuple[int, Hashable]] = []
        #: (seat, action number, reason) for each move where a computer player left its own usual rule
        #: (a bot that says so with a ``last_departure`` attribute, e.g. the Comrade search players
        #: overriding the convention card); the coach lists them
        self.departures: list[tuple[int, int, str]] = []
        self._log_mark = self.tg.log_mark(self.state)
        self.note = ""
        self.draw()
        self.advance(pause=False)   # before the table is on screen a pause would only delay it

    def is_person(self, seat: int | None) -> bool:
        return seat is not None and seat in self.person_seats()

    def _apply(self, seat: int, action: Hashable) -> None:
        """Apply ``action`` for ``seat`` and write the public log line(s)."""
        from classroom.tables import play_step
        self.state, lines, self._log_mark = play_step(self.tg, self.state, seat, action, self._log_mark)
        self.actions.append((seat, action))
        self.public_log.extend(lines)

    def advance(self, pause: bool = True) -> None:
        """Let computer players move (all of them, ``delay`` seconds apart, or none until "next"),
        play the person's forced moves, then draw the person's choices.

        Hot seat: when another person acts next, the screen is covered for them -- at once, or, if a
        move was played for the person at the screen since they last pressed a button, only when they
        press "pass the screen to seat N" (:meth:`pass_screen`), so that they see their hand and the
        move first."""
        played_for_them = False
        while not self.state.is_terminal():
            actor = self.state.current_player()
            if self.is_person(actor):
                if self.curtain is not None:      # the screen is covered: for the person who acts now
                    self.curtain = actor
                    break
                if actor != self.showing:
                    if played_for_them:
                        self.handoff = actor
                    else:
                        self.curtain = actor
                    break
                forced = self.tg.forced(self.state.view(actor), self.state.legal_actions())
                if forced is None:
                    break
                action, why = forced
                self._apply(actor, action)
                played_for_them = True
                self.note = (f"your only legal move was played for you: {escape(self.tg.say_own(action))}, "
                             f"because {escape(why)}")
                self.draw()
                continue
            if self.delay is None:
                break
            self.next_move(redraw_only=True)
            if self.delay and pause:
                time.sleep(self.delay)
        self.draw()

    def next_move(self, redraw_only: bool = False) -> None:
        """One computer player's move (the "next" button)."""
        actor = self.state.current_player()
        if self.state.is_terminal() or self.is_person(actor):
            return
        view = self.state.view(actor)
        action = self.players[actor].act(view, tuple(self.state.legal_actions()))
        departure = getattr(self.players[actor], "last_departure", None)
        self._apply(actor, action)
        if departure:
            self.departures.append((actor, len(self.actions), str(departure)))
        self.draw()
        if not redraw_only:
            self.advance()

    def choose(self, action: Hashable) -> bool:
        """The person's action (a button calls this).  A refused action shows the engine's
        message and changes nothing; returns whether it was applied."""
        seat = self.showing
        self.pending = None
        try:
            self._apply(seat, action)
        except GameError as err:  # the engine's exact words; the state is unchanged
            self.note = f'<span style="color:#b00">refused: {escape(err)}</span>'
            self.draw()
            return False
        self.note = f"you: {escape(self.tg.say_own(action))}"
        self.draw()
        self.advance()
        return True

    def ask(self, action: Hashable, warning: str) -> None:
        """A risky action's first click: show the warning and a "yes" and a "no" button."""
        self.pending = (action, warning)
        self.draw()

    def cancel(self) -> None:
        """"No": back to the choices, nothing applied."""
        self.pending = None
        self.draw()

    def reveal(self) -> None:
        """Hot seat: the person now at the screen shows their cards."""
        if self.curtain is None:
            return
        self.showing, self.curtain = self.curtain, None
        self.note = ""
        self.draw()
        self.advance()

    def pass_screen(self) -> None:
        """Hot seat: the person who has seen the move(s) played for them covers the screen for the next.

        >>> t = PlayTable("krypkille", num_players=3, seed=2, people=[1, 2], delay=0)
        >>> while t.handoff is None:          # seat 1 follows: its only legal card is played for it
        ...     t.demo_action().click()
        >>> t.seat, t.button_labels(), "your only legal move was played for you" in t.message.value
        (1, ['pass the screen to seat 2'], True)
        >>> t.pass_screen()
        >>> t.curtain, t.view_html.value      # covered: no hand on the screen
        (2, '')
        """
        if self.handoff is None:
            return
        self.curtain, self.handoff = self.handoff, None
        self.note = ""
        self.draw()

    # -- drawing ----------------------------------------------------------------------
    def _replace(self, box: W.Box, children: list) -> None:
        """Put new children in ``box`` and close the old ones (a closed widget leaves the kernel
        and the notebook's stored widget state)."""
        old = list(self._walk(box))
        box.children = children
        keep = set(map(id, self._walk(box)))
        for w in old:
            if id(w) not in keep:
                self._close(w)

    @staticmethod
    def _close(w: W.Widget) -> None:
        for part in (getattr(w, "layout", None), getattr(w, "style", None)):
            if isinstance(part, W.Widget):
                part.close()
        w.close()

    def close(self) -> None:
        """Close the table and every widget in it (their layouts and styles too)."""
        for w in list(self._walk(self)):
            self._close(w)
        for part in (self.layout, getattr(self, "style", None)):
            if isinstance(part, W.Widget):
                part.close()
        super().close()

    def draw(self) -> None:
        self._draw()
        self._mark_demo()

    def demo_action(self) -> W.Button | None:
        """The control a person would use first now, which changes the drawing of the seat's view:
        "show my cards" behind the hot-seat screen, and "pass the screen to seat N" after a move played for
        the seat shown (it covers the view); on the person's turn the first
        action that is not risky (a Krypkille discard: the button, nothing chosen, which keeps every
        card; only risky ones: the first, which asks "are you sure?"); "next computer move" while a
        computer player waits for it; "replay this deal" once the game is over.  ``None`` only in
        between (computer players moving by themselves).  :meth:`draw` marks it as the table's demo.

        >>> t = PlayTable("comrade", seed=17, hand_size=4, seat=2, delay=0)
        >>> t.demo_action().description, t.state.current_player() == 2
        ('pass', True)
        >>> before = t.view_html.value
        >>> t.demo_action().click()
        >>> t.view_html.value != before
        True
        """
        if self.curtain is not None or self.pending is not None or self.handoff is not None:
            # the screen's "show my cards" or "pass the screen", or a risky action's "yes" (each draws the view anew)
            buttons = [w for w in self._walk(self.controls) if isinstance(w, W.Button)]
            return buttons[-1] if buttons else None
        if self.state.is_terminal():
            return self.replay_button
        if self.is_person(self.state.current_player()):
            acts = [w for w in self._walk(self.controls)
                    if isinstance(w, W.Button) and (ACTION_CLASS in w._dom_classes or CONFIRM_CLASS in w._dom_classes)]
            safe = [w for w in acts if RISKY_CLASS not in w._dom_classes]
            return (safe or acts or [None])[0]
        return None if self.next_button.disabled or self.next_button.layout.display == "none" else self.next_button

    def _mark_demo(self) -> None:
        """Mark :meth:`demo_action` (and only it) as the demo action, the view as its result."""
        for w in (self.next_button, self.replay_button, *self._walk(self.controls)):
            if DEMO_ACTION_CLASS in getattr(w, "_dom_classes", ()):
                w.remove_class(DEMO_ACTION_CLASS)
        action = self.demo_action()
        if action is not None:
            mark_demo(action, self.view_html)

    def _draw(self) -> None:
        st = self.state
        actor = st.current_player()
        self.next_button.disabled = st.is_terminal() or self.is_person(actor) or self.curtain is not None
        self.next_button.layout.display = None if self.delay is None else "none"
        if self.curtain is not None:
            self.status.value = (f"<b>Pass the screen to seat {self.curtain}.</b> "
                                 "Seat {0}: press the button when nobody else is looking.".format(self.curtain))
            self.view_html.value = ""
            button = W.Button(description=f"I am seat {self.curtain}: show my cards", button_style="warning",
                              layout=W.Layout(width="auto"))
            button.add_class(REVEAL_CLASS)
            button.on_click(guarded(self.out)(lambda _: self.reveal()))
            self._replace(self.controls, [button])
            self.message.value = ""
            self.coach_html.value = ""
            self.log_html.value = self._log_block()
            self._replace(self.review, [])
            return
        seat = self.showing
        view = st.view(seat)
        self.view_html.value = self.tg.view_html(view)
        if st.is_terminal():
            self.status.value = "<b>The game is over.</b> " + escape(self.tg.result_text(st))
        elif self.handoff is not None:
            self.status.value = (f"<b>Seat {seat}: the table played your only legal move</b> (below). "
                                 f"When you have seen it, pass the screen to seat {self.handoff}.")
        elif actor == seat:
            self.status.value = f"<b>Your turn</b> (seat {seat}): {escape(self.tg.prompt(view))}"
        else:
            wait = "press “next computer move”" if self.delay is None and not self.is_person(actor) else "wait"
            self.status.value = f"seat {actor} to act — {wait}"
        mine = actor == seat and not st.is_terminal()
        if self.handoff is not None:
            self._replace(self.controls, [self._handoff_button()])
        else:
            self._replace(self.controls,
                          (self._confirm_row() if self.pending else self._controls(view)) if mine else [])
        self.message.value = self.note
        if self.coach_box.value and st.is_terminal():
            self.coach_html.value = self._coach_review()
        else:
            self.coach_html.value = self._coach(view) if self.coach_box.value and actor == seat else ""
        self.log_html.value = self._log_block()
        if st.is_terminal():
            if not self.review.children:       # built once: the review does not change any more
                self._replace(self.review, self._review())
        else:
            self._replace(self.review, [])

    def _log_block(self) -> str:
        items = "".join(f"<li>{escape(x)}</li>" for x in self.public_log[-14:])
        start = max(len(self.public_log) - 14, 0) + 1
        return (f'<details open><summary><b>Public log</b> (what everybody saw)</summary>'
                f'<ol start="{start}" style="font-size:.9em;margin:2px 0">{items}</ol></details>')

    def _handoff_button(self) -> W.Button:
        button = W.Button(description=f"pass the screen to seat {self.handoff}", button_style="warning",
                          layout=W.Layout(width="auto"))
        button.add_class(HANDOFF_CLASS)
        button.on_click(guarded(self.out)(lambda _: self.pass_screen()))
        return button

    def _confirm_row(self) -> list[W.Widget]:
        action, warning = self.pending
        yes = W.Button(description="yes, " + self.tg.say_own(action), button_style="danger",
                       layout=W.Layout(width="auto"))
        no = W.Button(description="no, choose again", button_style="success", layout=W.Layout(width="auto"))
        for b in (yes, no):
            b.add_class(ACTION_CLASS)
        yes.on_click(guarded(self.out)(lambda _: self.choose(action)))
        no.on_click(guarded(self.out)(lambda _: self.cancel()))
        return [W.HTML(f'<span style="color:#b00"><b>Are you sure?</b> {escape(warning)}</span>'),
                W.HBox([no, yes], layout=W.Layout(flex_flow="row wrap", align_items="center"))]

    def _controls(self, view) -> list[W.Widget]:
        legal = list(self.state.legal_actions())
        rows = []
        for group in self.tg.controls(view, legal):
            if group.kind == "pick":
                rows.append(self._pick_row(group))
                continue
            buttons = []
            for label, action in group.items:
                warning = group.warn.get(action) if group.warn else None
                b = W.Button(description=label, tooltip=warning or str(action), layout=W.Layout(width="auto"))
                b.add_class(ACTION_CLASS)
                if warning:
                    b.add_class(RISKY_CLASS)
                    b.button_style = "danger"
                    b.on_click(guarded(self.out)(lambda _, a=action, w=warning: self.ask(a, w)))
                else:
                    b.on_click(guarded(self.out)(lambda _, a=action: self.choose(a)))
                buttons.append(b)
            rows.append(W.HBox([W.HTML(f"<b>{escape(group.title)}</b>&nbsp;")] + buttons,
                               layout=W.Layout(flex_flow="row wrap", align_items="center")))
        return rows

    def _pick_row(self, group) -> W.Widget:
        """Card toggles and one confirm button.  A chosen card is drawn in a strong colour with a tick
        (``button_style="warning"``, not the faint grey of a pressed toggle), and a ``confirm`` that
        is a function of the chosen items relabels the button at every click."""
        toggles = []
        for label, item in group.items:
            t = W.ToggleButton(description=label, value=False, layout=W.Layout(width="auto"))
            t.add_class(PICK_CLASS)
            t.item = item
            toggles.append(t)
        confirm = W.Button(button_style="primary", layout=W.Layout(width="auto"))
        confirm.add_class(CONFIRM_CLASS)

        def chosen_changed(_change=None) -> None:
            for t in toggles:
                t.button_style, t.icon = ("warning", "check") if t.value else ("", "")
            chosen = [t.item for t in toggles if t.value]
            confirm.description = group.confirm(chosen) if callable(group.confirm) else group.confirm

        for t in toggles:
            t.observe(guarded(self.out)(chosen_changed), names="value")
        chosen_changed()
        confirm.on_click(guarded(self.out)(
            lambda _: self.choose(group.make([t.item for t in toggles if t.value]))))
        return W.HBox([W.HTML(f"<b>{escape(group.title)}</b>&nbsp;")] + toggles + [confirm],
                      layout=W.Layout(flex_flow="row wrap", align_items="center"))

    def _coach(self, view) -> str:
        try:
            return ('<div style="border-left:4px solid #2c7be5;padding-left:8px"><b>Coach</b>: '
                    + self.tg.coach_html(self.state, view) + self.departures_html() + "</div>")
        except GameError as err:
            return f"<div><b>Coach</b>: {escape(err)}</div>"

    def departures_html(self, over: bool = False) -> str:
        """The moves where a computer player left its own usual rule, and why ("" when none did).

        A student who reads the partners through their public rules (the Comrade convention card)
        is misled exactly at these moves, so the coach names them.  During the game only the move and
        the seat: a player's reason may name an action it did not take, such as the card it still holds
        ("the card's D9"), which would show a hidden card.  ``over`` (the review, every hand shown):
        the reasons too."""
        if not self.departures:
            return ""
        items = "".join(f"<li>move {k}, seat {s}" + (f": {escape(why)}" if over else "") + "</li>"
                        for s, k, why in self.departures)
        later = "" if over else " — why, after the game"
        return ("<details><summary>where a computer player left its usual rule "
                f"({len(self.departures)}){later}</summary><ul>{items}</ul></details>")

    def _coach_review(self) -> str:
        """The coach's word after the game, computed once per finished game."""
        key = tuple(self.actions)
        if getattr(self, "_coach_review_key", None) != key:
            try:
                text = self.tg.coach_review_html(self.state)
            except GameError as err:
                text = escape(err)
            self._coach_review_key, self._coach_review_text = key, text
        text = self._coach_review_text + self.departures_html(over=True)
        return ('<div style="border-left:4px solid #2c7be5;padding-left:8px"><b>Coach, after the game</b>: '
                + text + "</div>") if text else ""

    # -- the review ----------------------------------------------------------------------
    def frames(self) -> list[tuple[str, str]]:
        """(caption, HTML with every hand revealed) after 0, 1, 2 ... actions."""
        from classroom.tables import frames
        return frames(self.tg, self.actions)

    def _review(self) -> list[W.Widget]:
        frames = self.frames()
        result = W.HTML(f"<h4>Result</h4>{self.tg.result_html(self.state)}<h4>Review: every hand revealed</h4>")
        slider = W.IntSlider(value=0, min=0, max=len(frames) - 1, description="action",
                             continuous_update=False, style=_WIDE)
        caption, pic = W.HTML(), W.HTML()

        def show(i: int) -> None:
            caption.value = f"<b>{escape(frames[i][0])}</b>"
            pic.value = frames[i][1]

        back = W.Button(description="◀", layout=W.Layout(width="40px"))
        fwd = W.Button(description="▶", layout=W.Layout(width="40px"))
        g = guarded(self.out)
        back.on_click(g(lambda _: setattr(slider, "value", max(0, slider.value - 1))))
        fwd.on_click(g(lambda _: setattr(slider, "value", min(slider.max, slider.value + 1))))
        slider.observe(g(lambda ch: show(ch["new"])), names="value")
        show(0)
        return [result, W.HBox([back, fwd, slider]), caption, pic]

    def review_html(self) -> str:
        """The finished game as static HTML (:func:`~classroom.tables.review_html`)."""
        from classroom.tables import review_html
        return review_html(self.tg, self.actions)

    # -- for programs and tests ---------------------------------------------------------
    def autoplay(self, max_clicks: int = 500) -> "PlayTable":
        """Press the first offered choice until the end (a discard: the first card, then the
        button), as a person who always takes the first button would; for the static example
        of a finished game.  Returns the table."""
        for _ in range(max_clicks):
            if self.state.is_terminal():
                return self
            if self.curtain is not None:
                self.reveal()
                continue
            if self.handoff is not None:
                self.pass_screen()
                continue
            if self.pending is not None:     # as first_choice_game: the first choice, even a risky one
                self.choose(self.pending[0])
                continue
            labels = self.button_labels()
            if not labels:
                self.next_move()
                continue
            confirm = [w for w in self._walk(self.controls) if CONFIRM_CLASS in w._dom_classes]
            if confirm:
                self.press(labels[0])
                confirm[0].click()
            else:
                self.press(labels[0])
        raise GameError(f"the game did not end within {max_clicks} clicks")

    def press(self, label: str) -> None:
        """Click the action button or card toggle called ``label`` (as a person would)."""
        for w in self._walk(self.controls):
            if getattr(w, "description", None) == label:
                if isinstance(w, W.ToggleButton):
                    w.value = not w.value
                else:
                    w.click()
                return
        raise GameError(f"no button {label!r} on the table now")

    def button_labels(self) -> list[str]:
        return [w.description for w in self._walk(self.controls) if isinstance(w, (W.Button, W.ToggleButton))]

    @staticmethod
    def _walk(box):
        for w in getattr(box, "children", ()):
            yield w
            yield from PlayTable._walk(w)

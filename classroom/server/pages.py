"""The class server's pages: plain HTML, one small script for the live updates.

A seat's page is drawn from that seat's view alone (the table adapter's ``view_html(state.view(seat))``,
the public log and the seat's own choices); the other hands appear only as card backs until the game
is over, exactly as at the notebooks' play table.  The teacher's page shows the tables' phases, turns
and results, and a finished game's hands only when the teacher opens its review.
"""

from __future__ import annotations

import json
from html import escape
from typing import Iterable

__all__ = ["page", "message_page", "join_page", "seat_page", "seat_live", "teacher_page", "teacher_tables",
           "review_block", "settings_hint"]

STYLE = """
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:980px;padding:10px;line-height:1.4}
h1{font-size:1.4em} .bar{background:#f4f6fa;padding:6px 10px;border-radius:6px}
button{font-size:1em;padding:6px 10px;margin:2px;border-radius:5px;border:1px solid #888;background:#fff}
button.go{background:#2c7be5;color:#fff;border-color:#2c7be5} button.risky{background:#c0392b;color:#fff}
.pick{display:inline-block;margin:2px} .pick input{position:absolute;opacity:0}
.pick span{display:inline-block;padding:6px 10px;border:2px solid #888;border-radius:5px;cursor:pointer}
.pick input:checked + span{background:#f5c518;border-color:#b8860b;font-weight:bold}
.pick input:focus + span{outline:2px solid #2c7be5}
.msg{color:#b00} .ok{color:#176f2c} table.t{border-collapse:collapse} .t td,.t th{border:1px solid #ccc;padding:4px 6px}
.reviews{display:flex;flex-wrap:wrap;gap:14px} .reviews>div{flex:1 1 420px;border:1px solid #ccc;padding:6px}
"""

LIVE_SCRIPT = """
<script>
document.addEventListener('change', function(e){
  var form=e.target.closest&&e.target.closest('form.pick-form'); if(!form||!form.dataset.labels) return;
  var mask=0; form.querySelectorAll('input[name=pick]').forEach(function(b,i){ if(b.checked) mask|=1<<i; });
  var label=JSON.parse(form.dataset.labels)[mask]; if(label) form.querySelector('button.act').textContent=label;
});
(function(){
  var live=document.getElementById('live'); if(!live||!window.EventSource) return;
  var src=new EventSource(live.dataset.events), last=live.dataset.version;
  src.onmessage=function(e){ if(e.data===last) return; last=e.data;
    fetch(live.dataset.part,{cache:'no-store'}).then(function(r){return r.ok?r.text():null})
      .then(function(t){ if(t!==null){ live.innerHTML=t; } }); };
})();
</script>
"""


def page(title: str, body: str, *, live: bool = False) -> str:
    script = LIVE_SCRIPT if live else ""
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width,initial-scale=1">'
            f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>{body}{script}</body></html>")


def message_page(text: str, back: str = "/") -> str:
    """One clear sentence, and a way back."""
    return page("Card class", f'<h1>Card class</h1><p class="msg" id="message">{escape(text)}</p>'
                              f'<p><a href="{escape(back)}">back</a></p>')


def join_page(error: str = "", code: str = "", name: str = "", open_seats: Iterable = (),
              resume: tuple[str, str] | None = None) -> str:
    """The student's first page: the join code and a name, then the open seats to choose from
    (``resume``: the link and name of the seat this device already has)."""
    err = f'<p class="msg" id="message">{escape(error)}</p>' if error else ""
    if resume:
        err += (f'<p class="bar">You have a seat: <a id="resume" href="{escape(resume[0])}">'
                f"back to {escape(resume[1])}</a></p>")
    seats = list(open_seats)
    if seats:
        rows = "".join(
            f'<li>{escape(title)}: <form method="post" action="/take" style="display:inline">'
            f'<input type="hidden" name="code" value="{escape(code)}">'
            f'<input type="hidden" name="name" value="{escape(name)}">'
            f'<input type="hidden" name="table" value="{tid}"><input type="hidden" name="seat" value="{seat}">'
            f'<button class="go take-seat">take seat {seat}</button></form></li>'
            for tid, title, seat in seats)
        choose = f"<h2>Hello, {escape(name)}! Choose a seat</h2><ul>{rows}</ul>"
    elif code and name and not error:
        choose = "<p>All seats are taken at the moment: ask your teacher to open another table.</p>"
    else:
        choose = ""
    form = ('<form method="post" action="/join" class="bar">'
            f'<label>Join code <input name="code" value="{escape(code)}" size="8" autocomplete="off"></label> '
            f'<label>Your name <input name="name" value="{escape(name)}" size="16" maxlength="40"></label> '
            '<button class="go">join</button></form>')
    return page("Join the card class", f"<h1>Join the card class</h1>{err}{form}{choose}")


def _choices_html(table, choices, token: str) -> str:
    if not choices:
        return ""
    groups: dict[str, list] = {}
    for c in choices:
        groups.setdefault(c.group, []).append(c)
    out = []
    for title, items in groups.items():
        picks = [c for c in items if c.pick]
        if picks:
            confirm = next(c for c in items if not c.pick)
            boxes = "".join(f'<label class="pick"><input type="checkbox" name="pick" value="{c.key}">'
                            f"<span>{escape(c.label)}</span></label>" for c in picks)
            labels = (f" data-labels='{escape(json.dumps(confirm.labels, ensure_ascii=False))}'"
                      if confirm.labels else "")
            out.append(f'<form method="post" action="/play/{token}/act" class="choices pick-form"{labels}>'
                       f'<input type="hidden" name="version" value="{table.version}">'
                       f"<b>{escape(title)}</b> {boxes} "
                       f'<button class="go act" name="key" value="{confirm.key}">{escape(confirm.label)}</button>'
                       "</form>")
            continue
        buttons = "".join(
            f'<button class="act{" risky" if c.warn else ""}" name="key" value="{c.key}"'
            + (f' onclick="return confirm({escape(repr("Are you sure? " + c.warn))})"' if c.warn else "")
            + f">{escape(c.label)}</button>" for c in items)
        out.append(f'<form method="post" action="/play/{token}/act" class="choices">'
                   f'<input type="hidden" name="version" value="{table.version}">'
                   f"<b>{escape(title)}</b> {buttons}</form>")
    return "".join(out)


def review_block(table) -> str:
    """A finished game: the result, where it went wrong (the table adapter's review, when it has one),
    and every hand as dealt."""
    from classroom.tables import frames
    tg, state = table.tg, table.state
    try:
        verdict = tg.coach_review_html(state)
    except Exception:          # the review is a bonus: the result still shows
        verdict = ""
    pics = frames(tg, table.actions)
    return (f'<div class="review"><h3>Review</h3>{tg.result_html(state)}'
            + (f"<p>{verdict}</p>" if verdict else "")
            + f"<h4>The deal, every hand revealed</h4>{pics[0][1]}<h4>At the end</h4>{pics[-1][1]}</div>")


def seat_live(table, seat: int, token: str, note: str = "") -> str:
    """The part of a seat's page that the live updates redraw: only this seat's view."""
    with table.lock:
        st = table.state
        view = st.view(seat)
        actor = table.actor()
        if st.is_terminal():
            status = "<b>The game is over.</b> " + escape(tg_result(table))
        elif table.paused:
            status = "<b>The teacher has paused this table.</b>"
        elif actor == seat:
            status = f"<b>Your turn</b> (seat {seat}): {escape(table.tg.prompt(view))}"
        else:
            status = f"seat {actor} ({escape(table.seat_name(actor))}) to act — wait"
        names = " · ".join(f"seat {s}: {escape(table.seat_name(s))}" for s in range(table.num_players))
        log = "".join(f"<li>{escape(x)}</li>" for x in table.log[-14:])
        start = max(len(table.log) - 14, 0) + 1
        choices = _choices_html(table, table.choices(seat), token)
        review = review_block(table) if st.is_terminal() else ""
        msg = f'<p class="msg" id="message">{escape(note)}</p>' if note else ""
        return (f'<p class="bar" id="status" data-version="{table.version}">{status}</p>{msg}'
                f'<div id="view">{table.tg.view_html(view)}</div>{choices}'
                f'<p style="font-size:.9em">{names}</p>'
                f'<details open><summary><b>Public log</b> (what everybody saw)</summary>'
                f'<ol start="{start}" style="font-size:.9em">{log}</ol></details>{review}')


def tg_result(table) -> str:
    return table.tg.result_text(table.state)


def seat_page(table, seat: int, token: str, note: str = "") -> str:
    body = (f"<h1>{escape(table.title)} — table {table.id}, seat {seat}</h1>"
            f'<div id="live" data-events="/play/{token}/events" data-part="/play/{token}/part" '
            f'data-version="{table.version}">{seat_live(table, seat, token, note)}</div>'
            f"<noscript><p>Reload this page to see the others' moves.</p></noscript>")
    return page(f"{table.title}: seat {seat}", body, live=True)


def teacher_tables(room) -> str:
    """Every table at a glance: phase, turn, seats, result (no hidden card), and its controls."""
    rows = []
    for t in room.tables.values():
        with t.lock:
            seats = "<br>".join(
                f"{s}: {escape(t.seat_name(s))} "
                + (f'<form method="post" action="/teacher/table/{t.id}/seat/{s}" style="display:inline">'
                   f'<button name="kind" value="computer">computer plays</button></form>'
                   if t.kind(s) != "computer" else
                   f'<form method="post" action="/teacher/table/{t.id}/seat/{s}" style="display:inline">'
                   f'<button name="kind" value="open">open for a student</button></form>')
                for s in range(t.num_players))
            actor = t.actor()
            turn = "—" if actor is None else f"seat {actor}"
            result = escape(t.tg.result_text(t.state)) if t.state.is_terminal() else ""
            pause = ("resume" if t.paused else "pause")
            controls = (f'<form method="post" action="/teacher/table/{t.id}/pause" style="display:inline">'
                        f'<button name="paused" value="{0 if t.paused else 1}">{pause}</button></form>'
                        f'<form method="post" action="/teacher/table/{t.id}/next" style="display:inline">'
                        f'<button>next deal</button></form>')
            review = (f'<a href="/teacher/table/{t.id}/review">open the review</a>' if t.state.is_terminal()
                      else "")
            err = f'<br><span class="msg">{escape(t.error)}</span>' if t.error else ""
            rows.append(f'<tr class="table-row" data-table="{t.id}"><td>{t.id}</td><td>{escape(t.title)}<br>'
                        f'game {t.game_row["number"]}, deal {t.game_row["seed"]}</td>'
                        f'<td class="phase">{t.phase()}</td><td>{turn}</td><td>{seats}</td>'
                        f"<td>{result}{err}</td><td>{controls} {review}</td></tr>")
    return ('<table class="t"><tr><th>#</th><th>game</th><th>phase</th><th>turn</th><th>seats</th>'
            f'<th>result</th><th></th></tr>{"".join(rows)}</table>') if rows else "<p>No table yet.</p>"


def _typed(value) -> str:
    """A rule option's value as a teacher types it: yes/no, none, a number or a word."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def settings_hint(games) -> str:
    """One line per game: the settings its table takes and the deals it names."""
    from .games import rule_option_fields
    from .room import game_settings, named_deals
    lines = []
    for g in games:
        parts = [f"{name}={default if default is not None else '…'}" for name, default in game_settings(g.name)]
        taken = {name for name, _ in game_settings(g.name)}
        parts += [f"{name}={_typed(default)}" for name, default in rule_option_fields(g.name).items()
                  if name not in taken]
        deals = list(named_deals(g.name))
        lines.append(f"<b>{escape(g.title)}</b>: settings {escape(', '.join(parts) or 'none')}"
                     + (f"; deals by name: {escape(', '.join(deals))}" if deals else ""))
    return "<br>".join(lines)


def teacher_page(room, join_url: str, note: str = "", games=(), version: int = 0) -> str:
    """The teacher's page: the tables (redrawn live) and the form that opens a table."""
    table = teacher_tables(room)
    options = "".join(f'<option value="{escape(g.name)}">{escape(g.title)}</option>' for g in games)
    new = ('<form method="post" action="/teacher/tables" class="bar"><b>Open a table</b> '
           f'<select name="game">{options}</select> '
           '<label>players <input name="players" size="2" placeholder="default"></label> '
           '<label>deal <input name="seed" size="12" placeholder="number, or e.g. class deal A"></label> '
           '<label>settings <input name="settings" size="18" placeholder="e.g. hand_size=4"></label> '
           '<label>computer seats <input name="computer" size="8" placeholder="e.g. 2 3"></label> '
           '<button class="go">open</button>'
           f'<br><small>{settings_hint(games)}</small></form>')
    msg = f'<p class="msg" id="message">{escape(note)}</p>' if note else ""
    body = (f"<h1>The card class — teacher</h1>{msg}"
            f'<p class="bar">Students open <b>{escape(join_url)}</b> and type the join code '
            f'<b id="join-code">{escape(room.store.join_code)}</b>.</p>'
            f'<div id="live" data-events="/teacher/events" data-part="/teacher/part" '
            f'data-version="{version}">{table}</div>'
            f'{new}<p><a href="/teacher/reviews">every finished table\'s review, side by side</a></p>')
    return page("Card class — teacher", body, live=True)

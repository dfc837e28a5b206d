"""Drive a real JupyterLab in headless Chromium, the way a teacher would.

Two pieces, used by ``conftest.py`` and the tests next to it:

* :class:`LabServer` starts ``jupyter lab`` from this venv on 127.0.0.1 with a
  random free port, a random token and throw-away config/runtime/settings
  directories (so a user's own JupyterLab settings cannot leak in), and always
  stops it again.
* :func:`open_notebook` opens a notebook in a Playwright page (in place, when the
  page already shows JupyterLab: the browser suite shares one page per session).
* :func:`run_notebook_and_check` opens one notebook, runs its cells (all of them
  from the *Run* menu, or, for a committed notebook whose stored outputs are
  nbval's run, only :func:`cells_the_widgets_need`), waits for the kernel, and
  returns a :class:`NotebookReport` listing every problem a person would see:
  tracebacks (also those shown under a widget by ``guarded``, and stored ones),
  widgets that did not render, widgets shown with no demo interaction marked, and a demo
  interaction (``cg-demo-action`` / ``cg-demo-result``, see ``classroom/widgets/common.py``; each
  marked control is used in turn) not changing its view.
* :func:`play_by_clicking` plays a play table to its end by clicking, checking
  every page against a twin table (no hidden card shown); the JupyterLite suite
  (``tests/site/``) uses it too.

The checks live in one function so that ``test_lab_selftest.py`` can prove they
fail on a deliberately broken notebook.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

if str(Path(__file__).resolve().parents[1]) not in sys.path:   # tests/: notebook_cells (shared with
    sys.path.append(str(Path(__file__).resolve().parents[1]))     # tests/test_classroom.py)

from notebook_cells import needed_cells  # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-extensions",
    "--no-first-run",
    "--no-default-browser-check",
    "--mute-audio",
]

DEMO_ACTION = ".cg-demo-action"  # classroom.widgets.common.DEMO_ACTION_CLASS
DEMO_RESULT = ".cg-demo-result"  # classroom.widgets.common.DEMO_RESULT_CLASS
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"

# Bounds (seconds).  Generous for a 2-core CI machine, but a hung notebook fails.
SERVER_START_TIMEOUT = 90
LAB_LOAD_TIMEOUT = 90
RUN_TIMEOUT = 120
WIDGET_RENDER_TIMEOUT = 20
INTERACTION_TIMEOUT = 45

# User settings written into the throw-away settings dir.
LAB_SETTINGS = {
    # Attach every cell to the DOM, so the checks see every output.
    "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
    # Never write the (copied) notebooks back.
    "@jupyterlab/docmanager-extension/plugin": {"autosave": False},
}

#: The repository's JupyterLab overrides, which ``make lab`` uses too (``--LabApp.app_settings_dir``):
#: no "get notified about news?" question popping over the notebook, no update check, no network.
LAB_OVERRIDES = Path(__file__).resolve().parents[2] / "lab-settings" / "overrides.json"
for _plugin, _values in json.loads(LAB_OVERRIDES.read_text()).items():
    LAB_SETTINGS[_plugin.replace(":", "/")] = _values


# --------------------------------------------------------------------------- server


def launch_chromium(request, missing: str):
    """Debian's headless Chromium on the process's one Playwright driver (``playwright_driver`` in
    tests/conftest.py), or a skip that says ``missing`` (what to install) when it is absent or broken."""
    import pytest

    if not CHROMIUM.exists():
        pytest.skip(missing)
    pw = request.getfixturevalue("playwright_driver")
    try:
        return pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
    except Exception as exc:  # noqa: BLE001 - a broken install is missing infrastructure
        pytest.skip(f"{missing}; launching it failed: {exc}")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LabServer:
    """A JupyterLab server serving ``root`` on 127.0.0.1, for the length of a test session."""

    def __init__(self, root: Path, state_dir: Path) -> None:
        self.root = Path(root)
        self.state_dir = Path(state_dir)
        self.token = secrets.token_hex(24)
        self.port = 0
        self.proc: subprocess.Popen | None = None
        self.log_path = self.state_dir / "jupyter-lab.log"

    # -- urls -------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def notebook_url(self, relpath: str, workspace: str) -> str:
        """URL opening ``relpath`` (relative to root) in a fresh, named workspace."""
        path = urllib.parse.quote(relpath)
        ws = urllib.parse.quote(workspace)
        return f"{self.base_url}/lab/workspaces/{ws}/tree/{path}?reset&token={self.token}"

    # -- REST -------------------------------------------------------------------
    def api(self, method: str, path: str, timeout: float = 10) -> object:
        req = urllib.request.Request(
            f"{self.base_url}{path}",
            method=method,
            headers={"Authorization": f"token {self.token}"},
        )
        if method in ("POST", "PUT", "PATCH"):
            req.data = b""
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            body = resp.read()
        return json.loads(body) if body else None

    def shutdown_kernels(self) -> None:
        """Close every session (and so its kernel): one kernel at a time on a 2-core machine."""
        try:
            for session in self.api("GET", "/api/sessions"):
                self.api("DELETE", f"/api/sessions/{session['id']}")
        except (OSError, ValueError):
            pass

    # -- lifecycle --------------------------------------------------------------
    def _environment(self) -> dict[str, str]:
        env = dict(os.environ)
        for var in ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH", "JUPYTERLAB_DIR", "JUPYTER_TOKEN"):
            env.pop(var, None)
        dirs = {
            "JUPYTER_CONFIG_DIR": "config",
            "JUPYTER_RUNTIME_DIR": "runtime",
            "JUPYTER_DATA_DIR": "data",
            "JUPYTERLAB_SETTINGS_DIR": "lab-settings",
            "JUPYTERLAB_WORKSPACES_DIR": "lab-workspaces",
            "IPYTHONDIR": "ipython",
            "MPLCONFIGDIR": "matplotlib",
        }
        for var, name in dirs.items():
            path = self.state_dir / name
            path.mkdir(parents=True, exist_ok=True)
            env[var] = str(path)
        env["PYTHONUNBUFFERED"] = "1"
        return env

    def _write_settings(self, settings_dir: Path) -> None:
        for plugin, values in LAB_SETTINGS.items():
            target = settings_dir / f"{plugin}.jupyterlab-settings"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(json.dumps(values))

    def start(self) -> "LabServer":
        env = self._environment()
        self._write_settings(Path(env["JUPYTERLAB_SETTINGS_DIR"]))
        last_error = ""
        for _attempt in range(3):  # a free port may be taken between probe and bind
            self.port = _free_port()
            cmd = [
                sys.executable, "-m", "jupyterlab",
                "--no-browser",
                "--ServerApp.ip=127.0.0.1",
                f"--ServerApp.port={self.port}",
                "--ServerApp.port_retries=0",
                f"--IdentityProvider.token={self.token}",
                f"--ServerApp.root_dir={self.root}",
                "--LabApp.expose_app_in_browser=True",
                "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
                "--LabApp.extension_manager=readonly",
                "--LanguageServerManager.autodetect=False",
            ]
            if hasattr(os, "geteuid") and os.geteuid() == 0:
                cmd.append("--allow-root")  # CI containers run as root
            log = open(self.log_path, "ab")
            self.proc = subprocess.Popen(
                cmd, cwd=self.root, env=env, stdout=log, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL, start_new_session=True,
            )
            log.close()
            try:
                self._wait_until_ready()
                return self
            except RuntimeError as exc:
                last_error = str(exc)
                self.stop()
        raise RuntimeError(f"JupyterLab did not start: {last_error}")

    def _wait_until_ready(self) -> None:
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                self.api("GET", "/api/status", timeout=2)
                return
            except (OSError, ValueError):
                time.sleep(0.3)
        raise RuntimeError(f"no answer within {SERVER_START_TIMEOUT}s:\n{self.log_tail()}")

    def stop(self) -> None:
        """Shut the server and its kernels down; escalate to SIGKILL of its process group."""
        proc, self.proc = self.proc, None
        if proc is None or proc.poll() is not None:
            return
        try:
            self.api("POST", "/api/shutdown", timeout=5)  # also shuts the kernels down
        except (OSError, ValueError):
            pass
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
        try:  # kernels run in the server's session; leave nothing behind
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        proc.wait(timeout=10)

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"


def copy_notebooks(src: Path, dest: Path) -> Path:
    """Copy ``src`` (the committed notebooks folder) so running cells cannot modify it."""
    shutil.copytree(
        src, dest, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")
    )
    return dest


# --------------------------------------------------------------------------- checks


@dataclass
class NotebookReport:
    """What happened to one notebook in the browser; ``problems`` empty means it works."""

    name: str
    problems: list[str] = field(default_factory=list)
    code_cells: int = 0
    widget_views: int = 0
    interaction: str = "not tried"
    console_errors: list[str] = field(default_factory=list)
    screenshot: Path | None = None
    run_via: str = ""
    timings: dict[str, float] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.problems

    def describe(self) -> str:
        lines = [f"{self.name}: {len(self.problems)} problem(s)"]
        lines += [f"  - {p}" for p in self.problems]
        if self.run_via:
            lines.append(f"  ran: {self.run_via}")
        lines.append(f"  interaction: {self.interaction}")
        if self.timings:
            lines.append("  seconds: " + ", ".join(f"{k} {v:.1f}" for k, v in self.timings.items()))
        if self.console_errors:
            lines.append("  browser console errors (for diagnosis):")
            lines += [f"    {e[:300]}" for e in self.console_errors[:10]]
        if self.screenshot:
            lines.append(f"  screenshot: {self.screenshot}")
        return "\n".join(lines)


def stored_widget_outputs(notebook: Path) -> dict[int, int]:
    """Code-cell index -> number of widget views stored in the committed notebook's outputs."""
    nb = json.loads(notebook.read_text())
    counts: dict[int, int] = {}
    code_index = 0
    for cell in nb.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        n = sum(1 for out in cell.get("outputs", []) if WIDGET_MIME in out.get("data", {}))
        if n:
            counts[code_index] = n
        code_index += 1
    return counts


# --------------------------------------------------------------------------- which cells to run

def cells_the_widgets_need(notebook: Path) -> list[int]:
    """Code-cell indices to run in the browser so that every widget of ``notebook`` is live.

    nbval has already run every cell of the committed notebook in a kernel, and its stored outputs
    are that run (``tests/test_notebooks_stored.py``); what only a browser can check is that the
    widgets render and respond.  So: every cell whose stored outputs show a widget, every cell with
    no stored run (``execution_count`` missing: a new or hand-written cell), and the cells these
    depend on (:func:`notebook_cells.needed_cells`: the earlier cells binding a name they read or
    changing it in place).
    """
    nb = json.loads(Path(notebook).read_text(encoding="utf-8"))
    code = [c for c in nb.get("cells", []) if c.get("cell_type") == "code"]
    sources = ["".join(c.get("source", "")) for c in code]
    seeds = {i for i, cell in enumerate(code)
             if cell.get("execution_count") is None
             or any(WIDGET_MIME in out.get("data", {}) for out in cell.get("outputs", []))}
    return needed_cells(sources, seeds)


# JavaScript run in the page.  ``app`` is window.jupyterapp (LabApp.expose_app_in_browser).
_JS_PANEL = """
() => {
  const app = window.jupyterapp;
  if (!app) return null;
  const w = app.shell.currentWidget;
  return (w && w.content && w.sessionContext) ? w : null;
}
"""

_JS_STATE = r"""
() => {
  const app = window.jupyterapp;
  const panel = app && app.shell.currentWidget;
  if (!panel || !panel.sessionContext || !panel.content) return {ready: false};
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  const cells = panel.content.widgets;
  let pending = 0, running = 0, code = 0;
  for (const cell of cells) {
    if (cell.model.type !== 'code') continue;
    if (!cell.model.sharedModel.getSource().trim()) continue;  // empty cells never get a count
    code += 1;
    const prompt = cell.node.querySelector('.jp-InputArea-prompt');
    if (prompt && prompt.textContent.includes('*')) running += 1;
    if (cell.model.executionCount === null) pending += 1;
  }
  // stderr outputs that are errors (tracebacks), not mere warnings
  const traceback = /Traceback \(most recent call last\)|^\s*[\w.]*(Error|Exception)\b/m;
  const errors = Array.from(panel.content.node.querySelectorAll(
    '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'))
    .filter(e => traceback.test(e.innerText || '')).length;
  return {
    ready: panel.context.isReady && panel.sessionContext.isReady,
    status: kernel ? kernel.status : 'none',
    code, pending, running, errors,
  };
}
"""

_JS_SCAN = r"""
(expected) => {
  const problems = [];
  const app = window.jupyterapp;
  const panel = app.shell.currentWidget;
  const widgetMime = 'application/vnd.jupyter.widget-view+json';
  const traceback = /Traceback \(most recent call last\)|^\s*[\w.]*(Error|Exception)\b/m;
  const renderFailure = new RegExp('Error displaying widget|model not found|Failed to load model class'
                                   + '|Could not create a view|Error rendering', 'i');
  const widgetNames = new Set(expected.widgetClassNames);
  // ipywidgets reprs use keyword arguments: Button(description='Go', style=ButtonStyle()), Output().
  // (matplotlib's Text(0.5, 1.0, 'title') is positional and so never matches.)
  const reprCall = /^\s*([A-Z]\w*)\((\w+=|\))/;
  const widgetSignature = /children=\(|layout=Layout\(|style=\w*Style\(/;
  const short = (s) => s.replace(/\s+/g, ' ').trim().slice(0, 240);
  let codeIndex = -1, views = 0;
  panel.content.widgets.forEach((cell, i) => {
    if (cell.model.type !== 'code') return;
    codeIndex += 1;
    const where = `cell ${i + 1} (code cell ${codeIndex + 1})`;
    // Errors stored in the cell's own outputs (a cell that raised).
    for (let j = 0; j < cell.model.outputs.length; j++) {
      const out = cell.model.outputs.get(j).toJSON();
      if (out.output_type === 'error') {
        problems.push(`${where} raised ${out.ename}: ${short(out.evalue || '')}`);
      }
    }
    // Every rendered output, including those inside Output widgets (guarded callbacks).
    for (const node of cell.node.querySelectorAll('.jp-OutputArea-output')) {
      const mime = node.getAttribute('data-mime-type') || '';
      const text = node.innerText || '';
      if (mime === 'application/vnd.jupyter.stderr' && traceback.test(text)) {
        problems.push(`${where} shows an error: ${short(text)}`);
      }
      if (mime === 'text/plain') {
        const m = text.match(reprCall);
        if (m && (widgetNames.has(m[1]) || widgetSignature.test(text))) {
          problems.push(`${where} shows the text fallback of a widget instead of the widget: ${short(text)}`);
        }
      }
    }
    const text = cell.node.querySelector('.jp-Cell-outputWrapper')?.innerText || '';
    const bad = text.match(renderFailure);
    if (bad) problems.push(`${where} shows "${bad[0]}": ${short(text)}`);
    // Each output the kernel sent as a widget view must be drawn as a widget.
    const nodes = cell.node.querySelectorAll(
      '.jp-Cell-outputArea > .jp-OutputArea-child > .jp-OutputArea-output');
    let sent = 0;
    for (let j = 0; j < cell.model.outputs.length; j++) {
      const out = cell.model.outputs.get(j).toJSON();
      if (!out.data || !(widgetMime in out.data)) continue;
      sent += 1;
      const node = nodes[j];
      if (node && node.querySelector('.jupyter-widgets')) views += 1;
      else problems.push(`${where}: widget view ${sent} is not drawn as a widget `
                         + `(shows: ${short(node ? node.innerText : 'nothing')})`);
    }
    const want = expected.stored[String(codeIndex)] || 0;
    if (sent < want) {
      problems.push(`${where}: the committed notebook shows ${want} widget(s) here, this run displayed ${sent}`);
    }
  });
  return {problems, views, codeCells: codeIndex + 1};
}
"""

_JS_WIDGETS_SETTLED = r"""
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const mime = 'application/vnd.jupyter.widget-view+json';
  for (const cell of panel.content.widgets) {
    if (cell.model.type !== 'code') continue;
    const nodes = cell.node.querySelectorAll(
      '.jp-Cell-outputArea > .jp-OutputArea-child > .jp-OutputArea-output');
    for (let j = 0; j < cell.model.outputs.length; j++) {
      const data = cell.model.outputs.get(j).toJSON().data;
      if (!data || !(mime in data)) continue;
      const node = nodes[j];
      if (!node) return false;
      if (!node.querySelector('.jupyter-widgets') && !/Error|not found/i.test(node.innerText)) return false;
    }
  }
  return true;
}
"""

_JS_CUT_LABELS = r"""
() => {
  // Every widget label, button and dropdown whose text does not fit its box at this width
  // (JupyterLab's default layout in a 1280-pixel window): the browser would show "unseen ca…".
  const panel = window.jupyterapp.shell.currentWidget;
  const canvas = document.createElement('canvas').getContext('2d');
  const cut = [];
  const short = (s) => (s || '').replace(/\s+/g, ' ').trim().slice(0, 80);
  const visible = (el) => el.offsetParent !== null && el.clientWidth > 0;
  panel.content.widgets.forEach((cell, i) => {
    if (cell.model.type !== 'code') return;
    const area = cell.node.querySelector('.jp-Cell-outputWrapper');
    if (!area) return;
    const boxes = area.querySelectorAll(
      '.widget-label, .widget-label-basic, .widget-button, .widget-toggle-button, .widget-readout');
    for (const el of boxes) {
      if (!visible(el) || !short(el.innerText)) continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        cut.push(`cell ${i + 1}: "${short(el.innerText)}" needs ${el.scrollWidth}px, has ${el.clientWidth}px`);
      }
    }
    for (const sel of area.querySelectorAll('.widget-dropdown select')) {
      if (!visible(sel) || sel.selectedIndex < 0) continue;
      const style = getComputedStyle(sel);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = sel.options[sel.selectedIndex].text;
      const room = sel.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const need = canvas.measureText(text).width;
      if (need > room + 1) {
        cut.push(`cell ${i + 1}: dropdown shows "${short(text)}" in ${Math.round(room)}px, needs ${Math.ceil(need)}px`);
      }
    }
  });
  return cut;
}
"""

_JS_RESULTS = """
(sel) => Array.from(document.querySelectorAll(sel)).map(e => e.innerHTML)
"""

_JS_ACTION_KIND = r"""
(el) => {
  const sel = el.matches('select') ? el : el.querySelector('select');
  if (sel) return {kind: 'select', options: Array.from(sel.options).map(o => o.value), index: sel.selectedIndex};
  const toggles = el.querySelectorAll('.widget-toggle-button');
  if (toggles.length) {
    const idx = Array.from(toggles).findIndex(b => !b.classList.contains('mod-active'));
    return {kind: 'toggles', index: idx, count: toggles.length};
  }
  const handle = el.querySelector('.noUi-handle');
  if (handle) {
    const now = Number(handle.getAttribute('aria-valuenow')), max = Number(handle.getAttribute('aria-valuemax'));
    return {kind: 'slider', key: now < max ? 'ArrowRight' : 'ArrowLeft'};
  }
  const box = el.matches('input[type=checkbox]') ? el : el.querySelector('input[type=checkbox]');
  if (box) return {kind: 'checkbox'};
  const radios = el.querySelectorAll('input[type=radio]');
  if (radios.length) {
    return {kind: 'radio', index: Array.from(radios).findIndex(r => !r.checked), count: radios.length};
  }
  return {kind: 'click', tag: el.tagName.toLowerCase(), text: (el.innerText || '').trim().slice(0, 60)};
}
"""


def _widget_class_names() -> list[str]:
    try:
        import ipywidgets
    except ImportError:  # pragma: no cover - ipywidgets is a runtime dependency
        return []
    return sorted(
        name
        for name in dir(ipywidgets)
        if isinstance(getattr(ipywidgets, name), type)
        and issubclass(getattr(ipywidgets, name), ipywidgets.Widget)
    )


def _wait_idle(page, timeout: float, want_all_run: bool) -> dict:
    """Poll until the kernel is idle twice in a row with nothing queued; return the last state."""
    deadline = time.monotonic() + timeout
    stable = 0
    state: dict = {}
    while time.monotonic() < deadline:
        state = page.evaluate(_JS_STATE)
        settled = (
            state.get("ready")
            and state.get("status") == "idle"
            and state.get("running") == 0
            and (not want_all_run or state.get("pending") == 0 or state.get("errors", 0) > 0)
        )
        stable = stable + 1 if settled else 0
        if stable >= 3:
            return state
        page.wait_for_timeout(300)
    state["timed_out"] = True
    return state


_JS_OPEN = r"""
async (path) => {
  // In a JupyterLab page already loaded: close every document (no "save?" question: the
  // server's notebooks are copies) and open ``path``, as File > Open would.
  const app = window.jupyterapp;
  for (const w of Array.from(app.shell.widgets('main'))) w.dispose();
  await app.commands.execute('docmanager:open', {path, factory: 'Notebook'});
}
"""

_JS_CLOSE_ALL = r"""
() => {
  const app = window.jupyterapp;
  if (!app) return false;
  for (const w of Array.from(app.shell.widgets('main'))) w.dispose();
  return true;
}
"""


def open_notebook(page, server, relpath: str, workspace: str | None = None) -> str:
    """Open ``relpath`` in JupyterLab and wait for its panel; return how (``"goto"`` or ``"in-page"``).

    A page that already shows this server's JupyterLab (the session's shared page,
    ``tests/browser/conftest.py``) opens the notebook in place: loading JupyterLab itself
    takes seconds, opening a notebook in it a fraction.  Any other page loads the
    notebook's URL in a fresh, named workspace.
    """
    base = getattr(server, "base_url", None)
    in_page = bool(base) and page.url.startswith(f"{base}/lab") and page.evaluate("() => !!window.jupyterapp")
    if in_page:
        page.evaluate(_JS_OPEN, relpath)
    else:
        page.goto(server.notebook_url(relpath, workspace or Path(relpath).stem), timeout=LAB_LOAD_TIMEOUT * 1000)
    page.wait_for_function(_JS_PANEL, timeout=LAB_LOAD_TIMEOUT * 1000)
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=LAB_LOAD_TIMEOUT * 1000)
    return "in-page" if in_page else "goto"


def close_documents(page) -> bool:
    """Close every document of the page's JupyterLab (True when it has one), without questions."""
    return bool(page.evaluate(_JS_CLOSE_ALL))


def _run_all(page) -> str:
    """Run > Run All Cells from the menu bar, as a person would; fall back to the command."""
    try:
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click(timeout=10_000)
        page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click(timeout=10_000)
        return "menu"
    except Exception:  # noqa: BLE001 - any UI hiccup: use the command registry instead
        page.keyboard.press("Escape")
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        return "command"


_JS_RUN_CELLS = r"""
async (indices) => {
  // Select the chosen code cells, clear their stored outputs and run them (Run > Run Selected Cells).
  const app = window.jupyterapp;
  const nb = app.shell.currentWidget.content;
  const code = nb.widgets.filter(c => c.model.type === 'code');
  const chosen = indices.map(i => code[i]);
  nb.deselectAll();
  nb.activeCellIndex = nb.widgets.indexOf(chosen[0]);
  for (const cell of chosen) nb.select(cell);
  const selected = nb.widgets.filter(c => nb.isSelectedOrActive(c)).length;
  await app.commands.execute('notebook:clear-cell-output');
  app.commands.execute('notebook:run-cell');   // resolves when the cells finish: not awaited here
  return selected;
}
"""


def _run_cells(page, indices: list[int], code_cells: int) -> str:
    """Run the code cells ``indices`` (all of them: Run > Run All Cells, as a person would)."""
    if len(indices) == code_cells:
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
        return _run_all(page)
    if not indices:
        return "nothing: no cell needs the kernel (the stored outputs are nbval's run)"
    selected = page.evaluate(_JS_RUN_CELLS, indices)
    if selected != len(indices):
        raise RuntimeError(f"selected {selected} cells in JupyterLab instead of {len(indices)}")
    return f"the {len(indices)} of {code_cells} code cells the widgets need ({', '.join(str(i + 1) for i in indices)})"


def _interact(page, action, report: NotebookReport) -> str | None:
    """Use the demo control ``action`` as a person would; return what was done (``None``: it could
    not be used, and ``report`` says why)."""
    action.scroll_into_view_if_needed(timeout=10_000)
    kind = action.evaluate(_JS_ACTION_KIND)
    if kind["kind"] == "select":
        options = kind["options"]
        if len(options) < 2:
            report.problems.append(f"demo dropdown has only {len(options)} option(s): nothing to change to")
            return None
        new = options[(kind["index"] + 1) % len(options)]
        target = action if action.evaluate("e => e.matches('select')") else action.locator("select").first
        target.select_option(value=new, timeout=10_000)
        return f"chose option {new!r} in the demo dropdown"
    elif kind["kind"] in ("toggles", "radio"):
        if kind["index"] < 0:
            report.problems.append(f"demo {kind['kind']} has no other option to choose")
            return None
        sel = ".widget-toggle-button" if kind["kind"] == "toggles" else "input[type=radio]"
        action.locator(sel).nth(kind["index"]).click(timeout=10_000)
        return f"chose option {kind['index'] + 1} of the demo {kind['kind']}"
    elif kind["kind"] == "slider":
        action.locator(".noUi-handle").first.focus()
        page.keyboard.press(kind["key"])
        return f"moved the demo slider one step ({kind['key']})"
    elif kind["kind"] == "checkbox":
        box = action if action.evaluate("e => e.matches('input')") else action.locator("input").first
        box.click(timeout=10_000)
        return "toggled the demo checkbox"
    else:
        action.click(timeout=10_000)
        return f"clicked the demo {kind['tag']} {kind['text']!r}"


def _demo_interaction(page, action, report: NotebookReport) -> str | None:
    """Use one demo control and wait until the page's ``cg-demo-result`` views change; return what was
    done, or ``None`` after adding to ``report`` why it failed (an error shown, no change)."""
    before = page.evaluate(_JS_RESULTS, DEMO_RESULT)
    errors_before = page.evaluate(_JS_STATE)["errors"]
    what = _interact(page, action, report)
    if what is None:
        return None
    deadline = time.monotonic() + INTERACTION_TIMEOUT
    after, failed = before, False
    while time.monotonic() < deadline and after == before:
        page.wait_for_timeout(250)
        after = page.evaluate(_JS_RESULTS, DEMO_RESULT)
        if page.evaluate(_JS_STATE)["errors"] > errors_before:
            failed = True
            break  # the callback failed: no point waiting for a change
    _wait_idle(page, INTERACTION_TIMEOUT, want_all_run=False)
    page.wait_for_timeout(300)  # let the last messages render
    if after == before:
        why = "an error appeared" if failed else f"waited {INTERACTION_TIMEOUT}s"
        report.problems.append(f"after the demo interaction ({what}) the cg-demo-result did not change ({why})")
        return None
    return what


#: ``TEST_SCREENSHOTS=all``: photograph every notebook run, not only the ones with problems.
ALL_SCREENSHOTS = os.environ.get("TEST_SCREENSHOTS", "") == "all"


def run_notebook_and_check(
    page,
    server: LabServer,
    relpath: str,
    notebook_file: Path,
    screenshot: Path | None = None,
    workspace: str | None = None,
    run: str = "all",
) -> NotebookReport:
    """Open ``relpath`` in JupyterLab, run its cells, check what a person would see.

    ``notebook_file`` is the .ipynb on disk (its stored outputs tell how many
    widgets each cell should show).  ``run="all"``: clear every output and run
    every cell; ``run="widgets"``: keep the stored outputs and run only
    :func:`cells_the_widgets_need` (the committed notebooks: nbval has run every
    cell already).  Either way every output on the page is checked.  Returns a
    report; it never raises for a notebook problem, only for broken
    infrastructure (e.g. JupyterLab not loading).  ``screenshot``: where to save
    a picture of the whole notebook when the report has problems (or always, with
    the environment variable ``TEST_SCREENSHOTS=all``): a tall notebook takes about
    10 s to photograph, most of a run, and a picture is for finding what went wrong.
    """
    if run not in ("all", "widgets"):
        raise ValueError(f"run must be 'all' or 'widgets', not {run!r}")
    report = NotebookReport(name=relpath)

    def on_pageerror(exc):
        report.console_errors.append(f"pageerror: {exc}")

    def on_console(msg):
        if msg.type == "error":
            report.console_errors.append(msg.text)

    page.on("pageerror", on_pageerror)
    page.on("console", on_console)
    expected = {"stored": {str(k): v for k, v in stored_widget_outputs(notebook_file).items()},
                "widgetClassNames": _widget_class_names()}
    clock = time.monotonic()

    def lap(name: str) -> None:
        nonlocal clock
        now = time.monotonic()
        report.timings[name] = now - clock
        clock = now

    try:
        open_notebook(page, server, relpath, workspace)
        lap("open")
        state = _wait_idle(page, LAB_LOAD_TIMEOUT, want_all_run=False)
        lap("kernel")
        if state.get("timed_out"):
            report.problems.append(f"kernel never became idle after opening: {state}")
            return report
        # The cells this run executes start from a clean output: only what this run produces is checked.
        code_cells = sum(1 for c in json.loads(notebook_file.read_text())["cells"] if c["cell_type"] == "code")
        chosen = list(range(code_cells)) if run == "all" else cells_the_widgets_need(notebook_file)
        report.run_via = how = _run_cells(page, chosen, code_cells)
        state = _wait_idle(page, RUN_TIMEOUT, want_all_run=True)
        lap("run")
        if state.get("timed_out"):
            report.problems.append(f"cells still running after {RUN_TIMEOUT}s ({how}): {state}")
        elif state.get("pending"):
            report.problems.append(f"{state['pending']} code cell(s) never ran (run stopped at an error)")
        try:
            page.wait_for_function(_JS_WIDGETS_SETTLED, timeout=WIDGET_RENDER_TIMEOUT * 1000)
        except Exception:  # noqa: BLE001 - the scan below names the empty views
            pass
        scan = page.evaluate(_JS_SCAN, expected)
        lap("render")
        report.problems += scan["problems"]
        # measured now, reported at the end: a cut label must not stop the interaction check
        cut_labels = [f"label cut off: {c}" for c in page.evaluate(_JS_CUT_LABELS)]
        report.code_cells = scan["codeCells"]
        report.widget_views = scan["views"]

        demos = page.locator(DEMO_ACTION).count()
        if demos == 0:
            report.interaction = "no cg-demo-action in this notebook"
            if report.widget_views:
                report.problems.append(
                    f"the notebook shows {report.widget_views} widget(s) but none is marked with mark_demo(): "
                    "its interaction is not tested")
        elif not report.problems:
            if not page.evaluate(_JS_RESULTS, DEMO_RESULT):
                report.problems.append("the notebook marks a cg-demo-action but no cg-demo-result")
            else:
                done = []
                for i in range(demos):    # each widget's demo, in page order (a table's is redrawn in place)
                    what = _demo_interaction(page, page.locator(DEMO_ACTION).nth(i), report)
                    if what is None:
                        break
                    done.append(what)
                report.interaction = "; ".join(done) or "not done"
                rescan = page.evaluate(_JS_SCAN, expected)
                lap("interaction")
                report.problems += [f"after the demo interaction: {p}" for p in rescan["problems"]]
        else:
            report.interaction = "not tried: the run already has problems"
        report.problems += cut_labels
    finally:
        if screenshot is not None and (report.problems or ALL_SCREENSHOTS):
            try:
                _full_screenshot(page, screenshot)
                report.screenshot = screenshot
                lap("screenshot")
            except Exception:  # noqa: BLE001 - a missing screenshot must not hide the report
                pass
        page.remove_listener("pageerror", on_pageerror)   # the page may serve the next test
        page.remove_listener("console", on_console)
    return report


def _full_screenshot(page, path: Path) -> None:
    """Screenshot the whole notebook: grow the viewport to the notebook's height first."""
    path.parent.mkdir(parents=True, exist_ok=True)
    height, left_open = page.evaluate(
        """() => {
          const app = window.jupyterapp;
          const panel = app && app.shell.currentWidget;
          if (!panel || !panel.node) return [document.body.scrollHeight, false];
          const leftOpen = !app.shell.leftCollapsed;
          app.shell.collapseLeft();
          const outer = panel.node.querySelector('.jp-WindowedPanel-outer') || panel.content.node;
          return [window.innerHeight + Math.max(0, outer.scrollHeight - outer.clientHeight), leftOpen];
        }"""
    )
    before = page.viewport_size or {"width": 1280, "height": 900}
    width = before["width"]
    page.set_viewport_size({"width": width, "height": int(min(max(height, 600), 60000))})
    try:
        _screenshot_at_full_height(page, path)
    finally:  # the page may serve the next test: leave it as it was
        page.set_viewport_size(before)
        if left_open:
            page.evaluate("() => window.jupyterapp.shell.expandLeft()")


def _screenshot_at_full_height(page, path: Path) -> None:
    page.wait_for_timeout(500)
    page.evaluate(
        """() => document.querySelectorAll('.jp-NotebookPanel .jp-WindowedPanel-outer')
                   .forEach(e => { e.scrollTop = 0; })"""
    )
    page.wait_for_timeout(300)
    page.screenshot(path=str(path), full_page=True)


# --------------------------------------------------------------------------- a game by clicking

_JS_TABLE = """(scope) => {
  const root = scope ? document.querySelector(scope) : window.jupyterapp.shell.currentWidget.node;
  const t = root && root.querySelector('.cg-play-table');
  if (!t) return null;
  const q = (sel) => Array.from(t.querySelectorAll(sel)).map(b => b.innerText.trim());
  return {html: t.innerHTML, page: root.innerText, acts: q('.cg-act'), picks: q('.cg-pick'),
          confirm: q('.cg-confirm'), review: (t.querySelector('.cg-review') || {innerHTML: ''}).innerHTML};
}"""


def _card_identity(card) -> str:
    """The ``data-card`` the play table draws a card with: ``Card.code``, or ``Kind.name`` (Krypkille)."""
    return getattr(card, "code", None) or card.name


@dataclass
class ClickedGame:
    """A game played to its end by :func:`play_by_clicking`: how many clicks, and the last table drawn."""

    clicks: int
    dom: dict


def play_by_clicking(page, twin, seat: int, scope: str | None = None, max_clicks: int = 60,
                     sync_timeout: float = 20) -> ClickedGame:
    """Play the game of the page's play table to its end by clicking, as the person at ``seat`` would.

    ``twin`` is a :class:`~classroom.table.PlayTable` in this process with the same game and seeds
    as the one on the page, fed the same clicks (the bots are seeded, so both tables play the same
    game).  Each time the first action offered is clicked (a Krypkille discard: the first card, then
    the button).  After the first draw and after every click the page is checked against the twin's
    engine state (:mod:`hidden_cards`): no card hidden from ``seat`` is drawn face up or named in
    the text, and the cards drawn are exactly the twin's.  At the end the page must say the game is
    over and its review must show every hand of the deal.  ``scope``: a CSS selector of the part of
    the page that holds the table (default: the current notebook panel).  Raises AssertionError.
    Used by the JupyterLab suite (``test_play_table_in_lab.py``) and the JupyterLite one
    (``tests/site/test_site.py``).
    """
    from collections import Counter

    from hidden_cards import CARD_RE, ever_visible, leaks

    def table(timeout: float = 30) -> dict:
        deadline = time.monotonic() + timeout
        got = None
        while time.monotonic() < deadline:
            got = page.evaluate(_JS_TABLE, scope)
            if got and (got["acts"] or got["confirm"] or got["review"]):
                return got
            page.wait_for_timeout(200)
        raise AssertionError(f"the play table shows no action and no review: {got and got['page'][-500:]}")

    def click(selector: str, label: str) -> None:
        where = f"{scope} .cg-play-table" if scope else ".cg-play-table"
        page.locator(f"{where} {selector}", has_text=label).first.click(timeout=10_000)
        _wait_idle(page, 30, want_all_run=False)

    def synced(before_html: str) -> dict:
        """Wait until the page shows the twin's table (the kernel may still be sending updates)."""
        want = Counter(CARD_RE.findall(twin.view_html.value))
        deadline = time.monotonic() + sync_timeout
        got = page.evaluate(_JS_TABLE, scope)
        while time.monotonic() < deadline and not (
                Counter(CARD_RE.findall(got["html"])) >= want and got["html"] != before_html):
            page.wait_for_timeout(150)
            got = page.evaluate(_JS_TABLE, scope)
        return got

    def check(dom: dict, what: str) -> None:
        seen = ever_visible(twin.tg.new_state(), twin.actions, seat)
        problems = leaks(twin.state, seat, dom["html"], text=dom["page"], seen=seen)
        assert not problems, f"after {what}: {problems}"
        drawn, want = Counter(CARD_RE.findall(dom["html"])), Counter(CARD_RE.findall(twin.view_html.value))
        assert drawn == want, f"after {what}: the page and its twin differ ({drawn} vs {want})"

    dom = table()
    check(dom, "the first draw")
    clicks = 0
    while not twin.state.is_terminal():
        assert clicks < max_clicks, f"the game did not end in {max_clicks} clicks"
        before = dom["html"]
        if dom["confirm"]:                      # a Krypkille discard: one card, then the button
            label = dom["picks"][0]
            click(".cg-pick", label)
            twin.press(label)
            dom = page.evaluate(_JS_TABLE, scope)
            check(dom, f"choosing {label}")
            click(".cg-confirm", dom["confirm"][0])
            twin.press(dom["confirm"][0])
            what = f"discarding {label}"
        else:
            label = dom["acts"][0]
            click(".cg-act", label)
            twin.press(label)
            what = f"clicking {label!r}"
        clicks += 1
        dom = synced(before)
        if not twin.state.is_terminal():
            check(dom, what)
            dom = table()
    dom = table()
    assert "The game is over" in dom["page"] and "Review: every hand revealed" in dom["page"], dom["page"][-500:]
    deal = twin.tg.new_state()
    for s in range(twin.num_players):
        for card in deal.hands[s]:
            ident = _card_identity(card)
            assert f'data-card="{ident}"' in dom["review"], f"the review does not show seat {s}'s {ident}"
    return ClickedGame(clicks, dom)

"""Golden playthroughs: each file in tests/playthroughs/ replays to the same text (OpenSpiel's idea).

A file records a whole game, action by action: whose turn, the legal actions, what each seat sees,
the action taken, the returns.  Replaying its actions on a fresh game must give the file back; a
difference fails with a diff.  After a deliberate change: ``python tools/playthroughs.py --regenerate``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from cardgames import registry
from cardgames.errors import IllegalActionError

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("playthroughs_tool", ROOT / "tools" / "playthroughs.py")
tool = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = tool          # @dataclass looks its module up there
_spec.loader.exec_module(tool)


@pytest.mark.parametrize("case", tool.CASES, ids=[c.name for c in tool.CASES])
def test_playthrough_replays_to_the_recorded_text(case):
    diff = tool.difference(case)
    assert diff is None, "\n" + diff


def test_every_file_is_a_known_playthrough_and_every_game_has_one():
    files = {p.stem for p in tool.FOLDER.glob("*.txt")}
    assert files == {c.name for c in tool.CASES}, "stray or missing files: python tools/playthroughs.py --regenerate"
    assert {c.game for c in tool.CASES} == set(registry.names())     # a new registered game gets its files
    for case in tool.CASES:
        assert isinstance(case.make(), type(registry.get(case.game).new_game(seed=0))), case.name
    # each file plays a whole game: its end and its returns are recorded
    for case in tool.CASES:
        text = case.path.read_text(encoding="utf-8")
        assert "== terminal" in text and "\nreturns: " in text, case.name


def test_a_changed_engine_shows_as_a_diff(tmp_path, monkeypatch):
    """The check can fail: a file whose recorded action differs, or whose recorded view differs, gives a diff."""
    case = next(c for c in tool.CASES if c.game == "krypkille")
    text = case.path.read_text(encoding="utf-8")
    monkeypatch.setattr(tool, "FOLDER", tmp_path)
    seen = text.replace("  hand_sizes: ", "  hand_sizes: (9, 9), was ", 1)
    (tmp_path / case.path.name).write_text(seen, encoding="utf-8")
    diff = tool.difference(case)
    assert diff is not None and "-  hand_sizes: (9, 9), was" in diff and "--regenerate " + case.name in diff
    assert diff.startswith(f"{case.path.name}: the replay differs from line ") and "(step 0)" in diff.split("\n")[0]
    # an action the game refuses: the replay stops there and says why
    first = tool.recorded_actions(text)[0]
    legal = text.split("legal actions", 1)[1].split("\n", 1)[0]
    assert "xyzzy" not in legal
    (tmp_path / case.path.name).write_text(text.replace(f"action: {first}\n", "action: xyzzy\n", 1), encoding="utf-8")
    diff = tool.difference(case)
    assert diff is not None and diff.split("\n")[1].startswith("(refused: ") and "xyzzy" in diff
    case.path.unlink()
    assert "is missing" in tool.difference(case)


def test_observation_text_is_stable_and_refuses_an_address():
    assert tool.stable(frozenset({"b", "a", "c"})) == "{'a', 'b', 'c'}"
    assert tool.observation_text({"log": ("a", "b"), "phase": "play"}, {"log": ("a",), "phase": "play"}) \
        == ["log += ('b',)"]
    assert tool.stable((1,)) == "(1,)" and tool.stable([None, True]) == "[None, True]"
    with pytest.raises(TypeError, match="address"):
        tool.stable(object())


def test_an_unknown_name_is_refused_on_the_command_line(capsys):
    assert tool.main(["no-such-game"]) == 2
    err = capsys.readouterr().err
    assert "no-such-game" in err and err.count("\n") == 1
    assert issubclass(IllegalActionError, ValueError)   # what the replay catches when a recorded action is refused

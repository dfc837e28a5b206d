"""``class-server``'s command line: a bad argument or an unusable class file is one line on stderr and exit
status 2, in words (no usage block, no traceback, no exception name); the server is never started."""

from __future__ import annotations

import pytest

from classroom.server import cli


def _fails(capsys, argv: list[str]) -> str:
    with pytest.raises(SystemExit) as stop:
        cli.run(argv)
    out, err = capsys.readouterr()
    assert stop.value.code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err and "usage" not in err, err
    return err


@pytest.mark.parametrize("argv, said", [
    (["--nonsense"], "unrecognized arguments: --nonsense"),
    (["-\x1e"], "unrecognized arguments"),
    (["--port", "eighty"], "invalid int value: 'eighty'"),
    (["--port", "70000"], "the port must be 1 to 65535, not 70000"),
    (["--bot-threads", "0"], "--bot-threads must be 1 to 16"),
])
def test_a_bad_argument_is_one_line(capsys, argv, said):
    assert said in _fails(capsys, argv)


def test_a_folder_as_the_class_file_is_said_in_words(capsys, tmp_path):
    err = _fails(capsys, ["--db", str(tmp_path), "--host", "127.0.0.1"])
    assert "cannot use" in err and "it is a folder" in err and "Error" not in err


def test_a_file_that_is_not_a_class_file_is_said_in_words(capsys, tmp_path):
    bad = tmp_path / "notes.db"
    bad.write_text("these are my lesson notes, not a database\n" * 50)
    err = _fails(capsys, ["--db", str(bad), "--host", "127.0.0.1"])
    assert "is not a class file" in err and "Error" not in err


def test_a_missing_folder_is_said_in_words(capsys, tmp_path):
    err = _fails(capsys, ["--db", str(tmp_path / "no" / "such" / "class.db"), "--host", "127.0.0.1"])
    assert "its folder does not exist" in err

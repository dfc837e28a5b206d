"""The JupyterLab overrides that ``make lab`` and the browser tests share (no browser needed)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from lab_driver import LAB_OVERRIDES, LAB_SETTINGS


def _schema(plugin: str) -> dict:
    package, name = plugin.split(":")
    root = Path(sys.prefix) / "share" / "jupyter" / "lab" / "schemas"
    path = root / package / f"{name}.json"
    if not path.exists():
        pytest.skip(f"JupyterLab's schema {path} is not installed here")
    return json.loads(path.read_text())


def test_the_news_question_is_switched_off_with_values_the_schema_accepts():
    overrides = json.loads(LAB_OVERRIDES.read_text())
    values = overrides["@jupyterlab/apputils-extension:notification"]
    assert values["fetchNews"] == "false" and values["checkForUpdates"] is False
    props = _schema("@jupyterlab/apputils-extension:notification")["properties"]
    assert "false" in [o["const"] for o in props["fetchNews"]["oneOf"]]
    assert props["checkForUpdates"]["type"] == "boolean"


def test_the_browser_tests_use_the_same_overrides():
    assert LAB_SETTINGS["@jupyterlab/apputils-extension/notification"]["fetchNews"] == "false"

"""``scripts/demo.py`` as ``scripts/demo`` runs it: every step passes and the popup is saved in each state.

Its screenshots are what the README shows and what a person checks by eye (the code large, the
controlled tab's title, log lines naming what was clicked); this test holds what a machine can
check: the demo exits 0, each state's file is a PNG the size of the popup, the site question's
file exists exactly when the extension asked, and the popup's log named the agent's last click.
"""

from __future__ import annotations

import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import scaled

pytestmark = [pytest.mark.chromium, pytest.mark.processes]

DEMO = Path(__file__).resolve().parents[3] / "scripts" / "demo.py"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
ALWAYS_SAVED = ("popup-1-unpaired.png", "popup-2-paired-no-session.png", "popup-4-session-log.png")


def png_size(path: Path) -> tuple[int, int]:
    raw = path.read_bytes()
    assert raw.startswith(PNG_SIGNATURE), f"{path.name} is not a PNG"
    width, height = struct.unpack(">II", raw[16:24])
    return width, height


def test_the_demo_passes_and_saves_the_popup_in_each_state(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "HERMES_HOME", "HERMES_API_KEY")}
    done = subprocess.run(
        [sys.executable, DEMO], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=scaled(300)
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    output = tmp_path / "demo-output"
    asked = "the popup asks: " in done.stdout
    saved = sorted(path.name for path in output.glob("popup-*.png"))
    assert saved == sorted([*ALWAYS_SAVED, *(["popup-3-site-question.png"] if asked else [])])
    for name in saved:
        width, height = png_size(output / name)
        assert 300 <= width <= 500 and height >= 150, (name, width, height)  # the popup, not the whole window
    log_lines = [line for line in done.stdout.splitlines() if line.strip().startswith("log: ")]
    assert any('clicked button "Send ticket"' in line for line in log_lines), log_lines

"""``python -m hermes_host install``: the manifest Chrome reads and the launcher it runs.

(``hermes-browser install-host`` runs the same command; ``tests/server/agents/test_cli.py`` checks that.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hermes_host.install import manifest_folder
from hermes_wire.native import HERMES_EXTENSION_ID, HOST_NAME
from tests.conftest import scaled
from tests.host.helpers import LENGTH, frame


def run_cli(*args: str, home: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hermes_host", *args],
        capture_output=True,
        text=True,
        env=os.environ | {"HERMES_HOME": str(home)} | env,
        timeout=scaled(30),
    )


@pytest.mark.parametrize(
    ("platform", "browser", "expected"),
    [
        ("linux", "chrome", ".config/google-chrome/NativeMessagingHosts"),
        ("linux", "chromium", ".config/chromium/NativeMessagingHosts"),
        ("darwin", "chrome", "Library/Application Support/Google/Chrome/NativeMessagingHosts"),
        ("darwin", "chromium", "Library/Application Support/Chromium/NativeMessagingHosts"),
        ("linux", "edge", ".config/microsoft-edge/NativeMessagingHosts"),
        ("linux", "brave", ".config/BraveSoftware/Brave-Browser/NativeMessagingHosts"),
        ("darwin", "edge", "Library/Application Support/Microsoft Edge/NativeMessagingHosts"),
        ("darwin", "brave", "Library/Application Support/BraveSoftware/Brave-Browser/NativeMessagingHosts"),
    ],
)
def test_user_level_locations(platform: str, browser: str, expected: str) -> None:
    assert manifest_folder(browser, None, platform=platform, home=Path("/h")) == Path("/h") / expected


@pytest.mark.processes
def test_install_is_exact_idempotent_and_uninstalls(tmp_path: Path) -> None:
    profile = tmp_path / "profile"
    other_id = "b" * 32
    install = (
        "install",
        "--user-data-dir",
        str(profile),
        "--extension-id",
        HERMES_EXTENSION_ID,
        "--extension-id",
        other_id,
    )
    first = run_cli(*install, home=tmp_path / "home")
    assert first.returncode == 0, first.stderr
    folder = profile / "NativeMessagingHosts"
    manifest_file, launcher = folder / f"{HOST_NAME}.json", folder / "hermes-native-host"
    manifest = json.loads(manifest_file.read_text())
    assert manifest == {
        "name": HOST_NAME,
        "description": manifest["description"],
        "path": str(launcher),
        "type": "stdio",
        "allowed_origins": [f"chrome-extension://{HERMES_EXTENSION_ID}/", f"chrome-extension://{other_id}/"],
    }
    assert manifest_file.stat().st_mode & 0o777 == 0o644
    assert launcher.stat().st_mode & 0o777 == 0o700
    before = (manifest_file.read_bytes(), launcher.read_bytes())

    again = run_cli(*install, home=tmp_path / "home")
    assert again.returncode == 0
    assert (manifest_file.read_bytes(), launcher.read_bytes()) == before
    assert sorted(p.name for p in folder.iterdir()) == sorted([manifest_file.name, launcher.name])

    # The launcher really starts the host for an allowed origin, with the HERMES_HOME of install time.
    started = subprocess.run(
        [str(launcher), f"chrome-extension://{other_id}/"],
        env={"PATH": os.environ["PATH"]},
        input=frame({"type": "status", "id": 1}),
        capture_output=True,
        timeout=scaled(30),
    )
    (length,) = LENGTH.unpack(started.stdout[:4])
    assert json.loads(started.stdout[4 : 4 + length])["reply_to"] == 1
    assert (tmp_path / "home" / "logs" / "native-host.log").exists()

    removed = run_cli("install", "--user-data-dir", str(profile), "--uninstall", home=tmp_path / "home")
    assert removed.returncode == 0
    assert list(folder.iterdir()) == []


@pytest.mark.processes
def test_a_bad_extension_id_is_refused(tmp_path: Path) -> None:
    done = run_cli("install", "--user-data-dir", str(tmp_path), "--extension-id", "NOT-AN-ID", home=tmp_path / "home")
    assert done.returncode == 2 and "not a Chrome extension id" in done.stderr
    assert not (tmp_path / "NativeMessagingHosts").exists()


@pytest.mark.processes
@pytest.mark.skipif(sys.platform != "linux", reason="the per-user folder checked is Linux's")
def test_browser_picks_the_per_user_folder(tmp_path: Path) -> None:
    done = run_cli("install", "--browser", "chromium", home=tmp_path / "home", HOME=str(tmp_path))
    assert done.returncode == 0, done.stderr
    manifest = json.loads((tmp_path / ".config/chromium/NativeMessagingHosts" / f"{HOST_NAME}.json").read_text())
    assert manifest["allowed_origins"] == [f"chrome-extension://{HERMES_EXTENSION_ID}/"]
    assert not (tmp_path / ".config/google-chrome").exists()
    unknown = run_cli("install", "--browser", "netscape", home=tmp_path / "home", HOME=str(tmp_path))
    assert unknown.returncode == 2 and "invalid choice" in unknown.stderr

"""``hermes-browser setup`` and ``doctor`` as a newcomer runs them: real processes in a temporary HOME."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hermes_extension import extension_dir
from hermes_wire.native import HERMES_EXTENSION_ID, HOST_NAME
from tests.conftest import scaled
from tests.server.agents.launched_browser import connected_session, launched_browser
from tests.support.local_stack import running_server

pytestmark = pytest.mark.processes

BROWSER_FOLDERS = {
    "chrome": ".config/google-chrome",
    "chromium": ".config/chromium",
    "edge": ".config/microsoft-edge",
    "brave": ".config/BraveSoftware/Brave-Browser",
}


def hermes(command: str, home: Path) -> subprocess.CompletedProcess[str]:
    """Run ``python -m hermes_server COMMAND`` with HOME = ``home`` and HERMES_HOME inside it."""
    return subprocess.run(
        [sys.executable, "-m", "hermes_server", command],
        capture_output=True,
        text=True,
        env=os.environ | {"HOME": str(home), "HERMES_HOME": str(home / "hermes")},
        timeout=scaled(60),
    )


def manifest_path(home: Path, browser: str) -> Path:
    return home / BROWSER_FOLDERS[browser] / "NativeMessagingHosts" / f"{HOST_NAME}.json"


def installed_files(home: Path) -> dict[Path, bytes]:
    return {path: path.read_bytes() for path in sorted(home.rglob("*")) if path.is_file()}


def lines_starting(output: str, status: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith(status)]


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A home where Chromium and Brave have been run (their profile folders exist), and no other browser."""
    for browser in ("chromium", "brave"):
        (tmp_path / BROWSER_FOLDERS[browser]).mkdir(parents=True)
    return tmp_path


@pytest.mark.skipif(sys.platform != "linux", reason="the per-user folders made here are Linux's")
def test_setup_installs_for_the_browsers_found_and_a_second_run_changes_nothing(home: Path) -> None:
    first = hermes("setup", home)
    assert first.returncode == 0, first.stderr
    key_file = home / "hermes" / "browser-control" / "api_key"
    assert key_file.stat().st_mode & 0o777 == 0o600
    assert len(key_file.read_text().strip()) >= 32
    for browser in ("chromium", "brave"):
        manifest = json.loads(manifest_path(home, browser).read_text())
        assert manifest["name"] == HOST_NAME
        assert manifest["allowed_origins"] == [f"chrome-extension://{HERMES_EXTENSION_ID}/"]
        assert os.access(manifest["path"], os.X_OK)
    for browser in ("chrome", "edge"):
        assert not (home / BROWSER_FOLDERS[browser]).exists()
    assert str(extension_dir()) in first.stdout
    assert "Load unpacked" in first.stdout and "Approve" in first.stdout

    before = installed_files(home)
    second = hermes("setup", home)
    assert second.returncode == 0, second.stderr
    assert installed_files(home) == before
    assert "already exists" in second.stdout
    assert second.stdout.count("already installed") == 2
    assert "installed /" not in second.stdout  # nothing reported as newly installed


def test_setup_with_no_browser_says_how_to_install_for_a_profile(tmp_path: Path) -> None:
    done = hermes("setup", tmp_path)
    assert done.returncode == 0, done.stderr
    assert "No Chrome, Chromium, Edge, Brave or Vivaldi profile found" in done.stdout
    assert "hermes-browser install-host --user-data-dir DIR" in done.stdout
    assert not list(tmp_path.rglob(f"{HOST_NAME}.json"))


@pytest.mark.skipif(sys.platform != "linux", reason="the per-user folders made here are Linux's")
def test_doctor_names_the_fix_for_no_server_and_a_broken_manifest(home: Path) -> None:
    assert hermes("setup", home).returncode == 0
    healthy = hermes("doctor", home)
    assert healthy.returncode == 1  # no server running
    assert lines_starting(healthy.stdout, "FAIL") == ["FAIL server: not running"]
    assert "fix: start it: hermes-browser serve" in healthy.stdout
    assert len([line for line in lines_starting(healthy.stdout, "ok") if "native host for" in line]) == 2

    launcher = Path(json.loads(manifest_path(home, "brave").read_text())["path"])
    launcher.unlink()
    broken = hermes("doctor", home)
    assert broken.returncode == 1
    (brave_line,) = [line for line in lines_starting(broken.stdout, "FAIL") if "brave" in line]
    assert f"launcher {launcher} is missing" in brave_line
    after = broken.stdout.splitlines()
    assert after[after.index(brave_line) + 1].strip() == "fix: hermes-browser setup"
    assert any(line.startswith("ok") and "chromium" in line for line in after)


@pytest.mark.skipif(sys.platform != "linux", reason="the per-user folders made here are Linux's")
async def test_doctor_against_a_running_server_reports_a_session_without_controller(home: Path) -> None:
    assert (await asyncio.to_thread(hermes, "setup", home)).returncode == 0
    key = (home / "hermes" / "browser-control" / "api_key").read_text().strip()
    async with running_server(home=home / "hermes", api_key=key) as running, running.client() as client:
        session = await client.create_session(label="newcomer", browser_lane="extension")
        done = await asyncio.to_thread(hermes, "doctor", home)
    assert f"ok   server running at {running.url} (pid {os.getpid()})" in done.stdout.splitlines()
    session_lines = [line for line in done.stdout.splitlines() if session["id"] in line]
    assert session_lines == [f"FAIL session {session['id']} (newcomer): controller awaiting_controller"]
    assert "fix: open the Hermes popup in the browser / approve the pairing there" in done.stdout
    assert done.returncode == 1


@pytest.mark.skipif(sys.platform != "linux", reason="the per-user folders made here are Linux's")
async def test_doctor_says_when_the_server_refuses_the_key(home: Path) -> None:
    assert (await asyncio.to_thread(hermes, "setup", home)).returncode == 0
    async with running_server(home=home / "hermes"):  # a fresh key of its own, not the one in the key file
        done = await asyncio.to_thread(hermes, "doctor", home)
    (server_line,) = [line for line in lines_starting(done.stdout, "FAIL") if "server" in line]
    assert "refused the key" in server_line
    assert done.returncode == 1


@pytest.mark.chromium
@pytest.mark.skipif(sys.platform != "linux", reason="the per-user folders made here are Linux's")
async def test_setup_then_doctor_with_a_launched_browser_paired_is_all_ok(home: Path) -> None:
    """The newcomer's whole path: setup, the server, ``hermes-browser browser --approve``, a session, doctor."""
    assert (await asyncio.to_thread(hermes, "setup", home)).returncode == 0
    key = (home / "hermes" / "browser-control" / "api_key").read_text().strip()
    async with (
        running_server(home=home / "hermes", api_key=key) as running,
        launched_browser(home / "hermes", "--headless", "--approve") as browser,
    ):
        await browser.expect("Ready:")
        device_id = browser.printed(r"^Paired as device (\S+)\.$").group(1)
        session_id = await connected_session(running)
        done = await asyncio.to_thread(hermes, "doctor", home)
    assert done.returncode == 0, done.stdout
    lines = done.stdout.splitlines()
    assert not [line for line in lines if not line.startswith("ok")], done.stdout  # no warn, no FAIL, no fix
    paired = [line for line in lines if line.startswith(f"ok   paired device {device_id} (profile ")]
    assert len(paired) == 1, done.stdout
    assert f"ok   session {session_id} (no label): controller connected" in lines

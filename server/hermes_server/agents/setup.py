"""``hermes-browser setup`` and ``hermes-browser doctor``: get a newcomer from install to a working tab.

``setup`` does every step a command can do (the API key, the native host for each browser
found on this machine) and prints the clicks only a person can make.  Running it again is
safe: it says what already existed and changes nothing that was right.

``doctor`` checks each link of the chain, one line per check (``ok``, ``warn`` or ``FAIL``),
and says under each line that is not ``ok`` what to run or click.  It exits 1 when any
check FAILs, so a script can use it as a gate.

The native host is installed by running ``python -m hermes_host install`` in a subprocess:
the server never imports the host (``tests/test_layers.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePath, PureWindowsPath
from typing import Any

import aiohttp

from hermes_extension import extension_dir
from hermes_server.agents.client import BrowserClient
from hermes_server.agents.host_checks import Check, browsers_found, fail, host_checks, manifest_file, ok, warn
from hermes_server.config import default_key_file, load_config, write_new_key
from hermes_server.errors import ApiError, ConfigError
from hermes_server.pairing.store import PairingFile
from hermes_wire.home import hermes_home, pairings_path, read_runtime, server_process_gone
from hermes_wire.native import BROWSERS, HOST_NAME, LAUNCHER_NAME
from hermes_wire.windows_hosts import (
    HKEY_CURRENT_USER,
    INSTALL_FOLDER,
    LAUNCHER_FILE,
    NATIVE_HOSTS_KEYS,
    USER_DATA_FOLDERS,
    DiskFiles,
    WindowsFiles,
    WinregApi,
    default_value,
    host_key,
    system_winreg,
)

EXIT_FAILED = 1
#: How long ``doctor`` waits for the server to answer one request.
SERVER_TIMEOUT_S = 5.0

CLICKS_LEFT = """Then, in the browser:
  1. open chrome://extensions and turn on Developer mode
  2. click "Load unpacked" and pick the folder above
  3. click the Hermes icon in the toolbar and press Approve"""


def _contents(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


# ----- setup -----------------------------------------------------------------------------------------


def setup_arguments(parser: argparse.ArgumentParser) -> None:
    """No options: everything it does follows from $HOME and $HERMES_HOME."""


def _ensure_key() -> None:
    key_file = default_key_file()
    if key_file.exists():
        print(f"API key: already exists at {key_file} (kept)")
    else:
        write_new_key(key_file)
        print(f"API key: created {key_file} (mode 0600)")


#: Runs the host's installer with these arguments; returns its exit status and what it wrote to stderr.
Installer = Callable[[list[str]], tuple[int, str]]


def _run_installer(argv: list[str]) -> tuple[int, str]:
    """``python -m hermes_host install ...`` in a subprocess: the server never imports the host."""
    installer = [sys.executable, "-m", "hermes_host", "install", *argv]
    done = subprocess.run(installer, capture_output=True, text=True, check=False)
    return done.returncode, done.stderr.strip()


@dataclass(frozen=True)
class Machine:
    """What ``setup`` works on: this machine's unless a test gives its own (a Windows one, on Linux)."""

    home: Path
    platform: str
    environ: Mapping[str, str]
    registry: WinregApi | None = None
    files: WindowsFiles | None = None

    def windows(self) -> tuple[WinregApi, WindowsFiles, PureWindowsPath]:
        folder = PureWindowsPath(self.environ.get("LOCALAPPDATA", ""))
        return self.registry or system_winreg(), self.files or DiskFiles(), folder

    def browsers_found(self) -> list[str]:
        if self.platform != "win32":
            return browsers_found(self.home, self.platform)
        _, files, local_app_data = self.windows()
        return [browser for browser in BROWSERS if files.is_dir(local_app_data / USER_DATA_FOLDERS[browser])]

    def installed_state(self, browser: str) -> tuple[PurePath, tuple[object, ...]]:
        """The manifest ``browser`` reads, and everything the installer writes for it, as it stands now."""
        if self.platform != "win32":
            manifest = manifest_file(browser, self.home, self.platform)
            return manifest, (_contents(manifest), _contents(manifest.parent / LAUNCHER_NAME))
        registry, files, local_app_data = self.windows()
        folder = local_app_data / INSTALL_FOLDER
        keys = (default_value(registry, HKEY_CURRENT_USER, host_key(key)) for key in NATIVE_HOSTS_KEYS[browser])
        shared_manifest = folder / f"{HOST_NAME}.json"
        return shared_manifest, (files.read_text(shared_manifest), files.read_text(folder / LAUNCHER_FILE), *keys)


def _install_host(browser: str, machine: Machine, run_installer: Installer) -> bool:
    """Run the host's installer for ``browser``; print whether anything changed.  False if it failed."""
    manifest, before = machine.installed_state(browser)
    status, errors = run_installer(["--browser", browser])
    if status != 0:
        print(f"native host for {browser}: FAILED ({errors})")
        return False
    _, after = machine.installed_state(browser)
    if before == after:
        print(f"native host for {browser}: already installed at {manifest} (unchanged)")
    else:
        state = "installed" if None in before else "updated"
        print(f"native host for {browser}: {state} {manifest}")
    return True


def run_setup(options: argparse.Namespace) -> int:
    """Create what is missing, say what already existed, and print the clicks left."""
    _ensure_key()
    return install_hosts(Machine(Path.home(), sys.platform, os.environ), _run_installer)


def install_hosts(machine: Machine, run_installer: Installer) -> int:
    """Install the host for every browser found; print the extension's folder and the clicks left."""
    found = machine.browsers_found()
    installed = [_install_host(browser, machine, run_installer) for browser in found]
    if not found and machine.platform == "win32":
        print(
            "No Chrome, Chromium, Edge, Brave or Vivaldi profile found under %LOCALAPPDATA%; to install the "
            "native host for one browser run:\n  hermes-browser install-host --browser chrome"
        )
    elif not found:
        print(
            "No Chrome, Chromium, Edge, Brave or Vivaldi profile found under "
            f"{machine.home}; to install the native host for a specific profile run:\n"
            "  hermes-browser install-host --user-data-dir DIR"
        )
    print(f"\nThe extension's folder: {extension_dir()}")
    print(CLICKS_LEFT)
    print("Check everything with: hermes-browser doctor")
    return 0 if all(installed) else EXIT_FAILED


# ----- doctor ----------------------------------------------------------------------------------------


def pairing_checks() -> Iterator[Check]:
    pairings = PairingFile(pairings_path(hermes_home())).load()
    if not pairings:
        yield warn("paired devices: none", "click the Hermes icon in the browser and press Approve")
    for pairing in pairings.values():
        yield ok(f"paired device {pairing.device_id} (profile {pairing.browser_profile_id}) {pairing.label}".rstrip())


def session_check(session: dict[str, Any]) -> Check:
    """An extension session works only while its controller (the extension) is connected."""
    controller = session.get("controller") or {}
    state = controller.get("state")
    what = f"session {session.get('id')} ({session.get('label') or 'no label'}): controller {state}"
    if state == "connected":
        return ok(what)
    return fail(what, "open the Hermes popup in the browser / approve the pairing there")


async def _server_checks(url: str, pid: int, api_key: str) -> list[Check]:
    timeout = aiohttp.ClientTimeout(total=SERVER_TIMEOUT_S)
    async with aiohttp.ClientSession(timeout=timeout) as http, BrowserClient(url, api_key, http=http) as client:
        try:
            await client.capabilities()
        except ApiError as refused:
            return [fail(f"server at {url} refused the key: {refused.code}", "hermes-browser setup, then restart it")]
        except (aiohttp.ClientError, TimeoutError):
            return [fail(f"server at {url} (pid {pid}) does not answer", "restart it: hermes-browser serve")]
        checks = [ok(f"server running at {url} (pid {pid})")]
        sessions = [s for s in await client.list_sessions() if s.get("browser_lane") == "extension"]
        checks += [session_check(session) for session in sessions]
        if not sessions:
            checks.append(ok("extension sessions: none open"))
        return checks


def server_checks() -> list[Check]:
    """Is a server running (live runtime file), does it accept our key, and are its sessions controlled?"""
    record = read_runtime(hermes_home())
    if record is None or server_process_gone(record):
        return [fail("server: not running", "start it: hermes-browser serve")]
    try:
        api_key = load_config().api_key
    except ConfigError as error:
        return [fail(f"API key: {error}", "hermes-browser setup")]
    return asyncio.run(_server_checks(record["url"], record["pid"], api_key))


def doctor_arguments(parser: argparse.ArgumentParser) -> None:
    """No options: it checks the setup of $HOME and $HERMES_HOME."""


def run_doctor(options: argparse.Namespace) -> int:
    """Print every check; exit 1 when any FAILs."""
    checks = [*server_checks(), *host_checks(Path.home(), sys.platform, os.environ), *pairing_checks()]
    for check in checks:
        print("\n".join(check.lines()))
    return EXIT_FAILED if any(check.status == "FAIL" for check in checks) else 0

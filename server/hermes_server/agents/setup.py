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
import json
import os
import shlex
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp

from hermes_extension import extension_dir
from hermes_server.agents.client import BrowserClient
from hermes_server.config import default_key_file, load_config, write_new_key
from hermes_server.errors import ApiError, ConfigError
from hermes_server.pairing.store import PairingFile
from hermes_wire.home import hermes_home, pairings_path, read_runtime, server_process_gone
from hermes_wire.native import BROWSERS, DEFAULT_ALLOWED_ORIGINS, HOST_NAME, LAUNCHER_NAME, user_profile_folder

EXIT_FAILED = 1
#: How long ``doctor`` waits for the server to answer one request.
SERVER_TIMEOUT_S = 5.0

CLICKS_LEFT = """Then, in the browser:
  1. open chrome://extensions and turn on Developer mode
  2. click "Load unpacked" and pick the folder above
  3. click the Hermes icon in the toolbar and press Approve"""


def browsers_found(home: Path, platform: str = sys.platform) -> list[str]:
    """The browsers whose per-user profile folder exists: those a user has run on this machine."""
    return [browser for browser in BROWSERS if user_profile_folder(browser, home, platform).is_dir()]


def manifest_file(browser: str, home: Path, platform: str = sys.platform) -> Path:
    return user_profile_folder(browser, home, platform) / "NativeMessagingHosts" / f"{HOST_NAME}.json"


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


def _install_host(browser: str, home: Path) -> bool:
    """Run the host's installer for ``browser``; print whether the manifest changed.  False if it failed."""
    manifest = manifest_file(browser, home)
    before = (_contents(manifest), _contents(manifest.parent / LAUNCHER_NAME))
    installer = [sys.executable, "-m", "hermes_host", "install", "--browser", browser]
    done = subprocess.run(installer, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        print(f"native host for {browser}: FAILED ({done.stderr.strip()})")
        return False
    after = (_contents(manifest), _contents(manifest.parent / LAUNCHER_NAME))
    if before == after:
        print(f"native host for {browser}: already installed at {manifest} (unchanged)")
    else:
        state = "installed" if before[0] is None else "updated"
        print(f"native host for {browser}: {state} {manifest}")
    return True


def run_setup(options: argparse.Namespace) -> int:
    """Create what is missing, say what already existed, and print the clicks left."""
    _ensure_key()
    home = Path.home()
    found = browsers_found(home)
    installed = [_install_host(browser, home) for browser in found]
    if not found:
        print(
            "No Chrome, Chromium, Edge or Brave profile found under "
            f"{home}; to install the native host for a specific profile run:\n"
            "  hermes-browser install-host --user-data-dir DIR"
        )
    print(f"\nThe extension's folder: {extension_dir()}")
    print(CLICKS_LEFT)
    print("Check everything with: hermes-browser doctor")
    return 0 if all(installed) else EXIT_FAILED


# ----- doctor ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Check:
    """One line of the report: ``status`` is ``ok``, ``warn`` or ``FAIL``; ``fix`` says what to do."""

    status: str
    what: str
    fix: str = ""

    def lines(self) -> list[str]:
        return [f"{self.status:<4} {self.what}", *([f"     fix: {self.fix}"] if self.fix else [])]


def ok(what: str) -> Check:
    return Check("ok", what)


def warn(what: str, fix: str) -> Check:
    return Check("warn", what, fix)


def fail(what: str, fix: str) -> Check:
    return Check("FAIL", what, fix)


def _pinned_python(launcher: Path) -> str | None:
    """The interpreter the launcher ``exec``s (the installer pins the one it ran with)."""
    for line in launcher.read_text(encoding="utf-8").splitlines():
        words = shlex.split(line)
        if words[:1] == ["exec"] and len(words) > 1:
            return words[1]
    return None


def manifest_problem(manifest: dict[str, Any]) -> str | None:
    """What is wrong with an installed manifest, or None when Chrome can start the host from it."""
    if manifest.get("name") != HOST_NAME:
        return f"its name is {manifest.get('name')!r}, not {HOST_NAME!r}"
    origins = manifest.get("allowed_origins")
    if not isinstance(origins, list) or not set(DEFAULT_ALLOWED_ORIGINS) <= set(origins):
        return f"allowed_origins does not name the Hermes extension ({DEFAULT_ALLOWED_ORIGINS[0]})"
    launcher = Path(str(manifest.get("path", "")))
    if not launcher.is_file() or not os.access(launcher, os.X_OK):
        return f"its launcher {launcher} is missing or not executable"
    python = _pinned_python(launcher)
    if python is None or not os.access(python, os.X_OK):
        return f"the Python its launcher runs ({python}) is missing"
    return None


def host_checks(home: Path) -> Iterator[Check]:
    """One line per browser that is installed or has the host; a warning when none has it."""
    found = set(browsers_found(home))
    any_installed = False
    for browser in BROWSERS:
        path = manifest_file(browser, home)
        if not path.exists():
            if browser in found:
                yield warn(f"native host for {browser}: not installed", "hermes-browser setup")
            continue
        any_installed = True
        try:
            problem = manifest_problem(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, AttributeError) as unreadable:
            problem = f"it cannot be read as JSON ({unreadable})"
        if problem is None:
            yield ok(f"native host for {browser}: {path}")
        else:
            yield fail(f"native host for {browser}: {path}: {problem}", "hermes-browser setup")
    if not any_installed:
        yield warn(
            "native host: not installed for any browser's default profile",
            "hermes-browser setup (or hermes-browser install-host --user-data-dir DIR for another profile)",
        )


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
    checks = [*server_checks(), *host_checks(Path.home()), *pairing_checks()]
    for check in checks:
        print("\n".join(check.lines()))
    return EXIT_FAILED if any(check.status == "FAIL" for check in checks) else 0

"""A local headless Chromium for the CDP lane: found on PATH (or configured), with its own temporary profile.

Why it is launched this way:

* **``--remote-debugging-port=0``** lets Chromium pick a free port, so two servers (or a
  server and a test) never collide; the port is read from ``DevToolsActivePort`` in the
  profile folder, which Chromium writes once it listens.
* **A fresh temporary ``--user-data-dir``**, removed when the process stops: the agent's
  browsing never touches the user's profile, and nothing (cookies, history) survives the server.
* **Its own process group** (``start_new_session``), so stopping it also ends the renderer
  and helper processes it started, and nothing outlives the server.
* **Output to a log file** in the profile folder, not a pipe nobody reads (a full pipe would
  block Chromium); its tail explains a launch that failed.
* **It dies with the server** (Linux): ``PR_SET_PDEATHSIG`` sends it SIGTERM when the server's
  process ends, even by SIGKILL, when no cleanup code can run.
* ``--no-sandbox`` only when running as root, where Chromium refuses to start with its sandbox.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import os
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

from hermes_server.errors import LaunchError

PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    """In the child, before exec: ask the kernel for SIGTERM when the parent (the server) goes away."""
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


#: Names tried on PATH, in order, when ``browser.chromium_path`` is not set.
EXECUTABLE_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
FLAGS = (
    "--headless=new",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--no-first-run",
    "--no-default-browser-check",
    "--mute-audio",
    "--password-store=basic",
    "--use-mock-keychain",
    "--site-per-process",  # cross-site iframes in their own process (OOPIF), as on desktop Chrome
    "--window-size=1280,800",
    "--remote-debugging-port=0",
)
PORT_POLL_S = 0.02
STOP_TIMEOUT_S = 5.0
LOG_TAIL_LINES = 15


def find_chromium(configured: str | None = None) -> str:
    """The Chromium executable to launch: ``configured`` if given, else the first of ``EXECUTABLE_NAMES`` on PATH."""
    if configured:
        return configured
    for name in EXECUTABLE_NAMES:
        found = shutil.which(name)
        if found:
            return found
    raise LaunchError(
        f"No Chromium found on PATH (tried {', '.join(EXECUTABLE_NAMES)}). Install Chromium, set "
        "browser.chromium_path in the configuration, or point browser.cdp_url / BROWSER_CDP_URL at a running Chrome."
    )


class ChromiumProcess:
    """A running headless Chromium.  Made by ``launch``; ``stop`` ends it and removes its profile."""

    def __init__(self, process: asyncio.subprocess.Process, profile: Path, ws_url: str) -> None:
        self._process = process
        self._profile = profile
        #: The browser-level DevTools WebSocket URL (``ws://127.0.0.1:<port>/devtools/browser/<id>``).
        self.ws_url = ws_url

    @classmethod
    async def launch(cls, executable: str, *, timeout_s: float) -> ChromiumProcess:
        profile = Path(tempfile.mkdtemp(prefix="hermes-chromium-"))
        flags = [*FLAGS, f"--user-data-dir={profile}"]
        if os.geteuid() == 0:
            flags.append("--no-sandbox")
        log_file = profile / "chromium.log"
        try:
            with log_file.open("wb") as log:
                process = await asyncio.create_subprocess_exec(
                    executable,
                    *flags,
                    "about:blank",
                    stdin=asyncio.subprocess.DEVNULL,
                    stdout=log,
                    stderr=log,
                    start_new_session=True,
                    preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None,
                )
        except OSError as error:
            shutil.rmtree(profile, ignore_errors=True)
            raise LaunchError(f"cannot run Chromium {executable!r}: {error.strerror}") from None
        try:
            ws_url = await _wait_for_devtools(process, profile / "DevToolsActivePort", timeout_s)
        except LaunchError:
            await _end(process)
            message = f"{_tail(log_file)}"
            shutil.rmtree(profile, ignore_errors=True)
            raise LaunchError(f"Chromium {executable!r} did not start its DevTools endpoint.{message}") from None
        return cls(process, profile, ws_url)

    @property
    def alive(self) -> bool:
        """False once the process has exited and been reaped (which can lag its death by a moment)."""
        return self._process.returncode is None

    async def exited(self, within_s: float) -> bool:
        """Whether the process exits within ``within_s``: tells a dead Chromium not yet reaped from a live one."""
        try:
            await asyncio.wait_for(self._process.wait(), within_s)
        except TimeoutError:
            return False
        return True

    @property
    def pid(self) -> int:
        return self._process.pid

    async def stop(self) -> None:
        """End Chromium and every process it started, then remove its temporary profile."""
        await _end(self._process)
        shutil.rmtree(self._profile, ignore_errors=True)


async def _wait_for_devtools(process: asyncio.subprocess.Process, port_file: Path, timeout_s: float) -> str:
    """Poll (bounded) for ``DevToolsActivePort``: Chromium's only signal that it listens, and which port it took."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.returncode is not None:
            raise LaunchError(f"exited with status {process.returncode}")
        with contextlib.suppress(OSError):
            lines = port_file.read_text().splitlines()
            if len(lines) >= 2 and lines[0].isdigit() and lines[1].startswith("/devtools/browser/"):
                return f"ws://127.0.0.1:{lines[0]}{lines[1]}"
        await asyncio.sleep(PORT_POLL_S)
    raise LaunchError("timed out")


async def _end(process: asyncio.subprocess.Process) -> None:
    if process.returncode is None:
        process.terminate()
        try:
            await asyncio.wait_for(process.wait(), STOP_TIMEOUT_S)
        except TimeoutError:
            process.kill()
            await process.wait()
    # Renderers and helpers share the process group Chromium leads; end any that outlived it.
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)


def _tail(log_file: Path) -> str:
    try:
        lines = log_file.read_text(errors="replace").splitlines()[-LOG_TAIL_LINES:]
    except OSError:
        return ""
    return ("\nLast lines of its log:\n  " + "\n  ".join(lines)) if lines else ""

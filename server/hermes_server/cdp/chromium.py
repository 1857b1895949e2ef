"""A local headless Chromium for the CDP lane: found on PATH (or configured), with its own temporary profile.

Why it is launched this way:

* **DevTools over a pipe, never a port** (``--remote-debugging-pipe``): a DevTools port on
  loopback would let any local process list the agent's tabs and run script in them without
  the server's API key.  The pipes are made here (``os.pipe``) and become Chromium's fd 3 (it
  reads commands) and fd 4 (it writes replies and events); only the server holds the other
  ends (``pipe.BrowserPipe``).  Putting them at 3 and 4 is done in the child before ``exec``
  (``_child_setup``): ``subprocess``'s ``pass_fds`` keeps descriptors at the numbers they
  have, and needs 3 and 4 to be open in the server already, which nothing guarantees.  So the
  child is started with ``close_fds=False`` and relies on every other descriptor of the
  server being close-on-exec, as Python makes them (PEP 446) and the two pipe ends kept here
  are not: only 0-4 reach Chromium.
* **A fresh temporary ``--user-data-dir``**, removed when the process stops: the agent's
  browsing never touches the user's profile, and nothing (cookies, history) survives the server.
* **Its profile says whose it is**: its name starts with ``PROFILE_PREFIX`` and the file
  ``OWNER_FILE`` in it holds the server's process id.  A server killed outright (SIGKILL) runs
  no cleanup, so every launch first sweeps the profiles whose server is gone
  (``sweep_stale_profiles``); a profile of a running server, or a folder without our owner
  record (another program's, or one being made right now), is never touched.  The folders of the
  sessions' upload copies (``UPLOAD_COPIES_PREFIX``, the backend's) record their owner and are swept alike.
* **Its own process group** (``start_new_session``), so stopping it also ends the renderer
  and helper processes it started, and nothing outlives the server.
* **Output to a log file** in the profile folder, not a pipe nobody reads (a full pipe would
  block Chromium); its tail explains a launch that failed.
* **It dies with the server** (Linux): ``PR_SET_PDEATHSIG`` sends it SIGTERM when the server's
  process ends, even by SIGKILL, when no cleanup code can run.  ``prctl`` is looked up here,
  in the server, so the child between ``fork`` and ``exec`` only makes system calls.
* ``--no-sandbox`` only when running as root, where Chromium refuses to start with its sandbox.
* **Page tasks are not held back after input** (``DeferRendererTasksAfterInput`` off): typing into a plain
  field settles after one task turn of the page (engine/dom.js), not after the next frame, which the browser
  would otherwise make that turn wait for.
* **No omnibox popup made for each window** (``WebUIOmniboxPopup`` and ``WebUIOmniboxAimPopup`` off): each session's
  tab opens in a window of its own (``supervisor.open_tab``), and Chromium builds every new window two web pages of
  its own for an address bar's suggestion popup that a headless browser never shows: a renderer's work each, 0.36
  against 0.20 s of CPU per window opened and closed, measured. (A feature name a version does not know is ignored.)
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import fcntl
import os
import shutil
import signal
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from hermes_server.cdp.connection import CDPConnection
from hermes_server.cdp.pipe import BrowserPipe
from hermes_server.errors import CDPDisconnected, LaunchError
from hermes_wire.files import write_private_file
from hermes_wire.home import process_running

#: Names tried on PATH, in order, when ``browser.chromium_path`` is not set.
EXECUTABLE_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
FLAGS = (
    "--headless=new",
    # After real input Chromium holds the page's tasks (timers, messages) until its next frame; the engine's settle
    # after typing into a plain field waits one task turn for what the page's handlers deferred, which would then
    # take that whole frame (engine/dom.js, settle's readBack). Without the hold the page runs them at once.
    # One switch: Chromium reads only the last --disable-features it is given.
    "--disable-features=DeferRendererTasksAfterInput,WebUIOmniboxPopup,WebUIOmniboxAimPopup",
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
    "--remote-debugging-pipe",
)
#: Chromium reads DevTools commands from this descriptor and writes to the next one.
CHROMIUM_READS_FD = 3
CHROMIUM_WRITES_FD = 4
PROFILE_PREFIX = "hermes-chromium-"
#: The folders of a session's upload copies (``backend``): swept alike, as a killed server leaves them too.
UPLOAD_COPIES_PREFIX = "hermes-upload-"
OWNER_FILE = "hermes-owner"
STOP_TIMEOUT_S = 5.0
LOG_TAIL_LINES = 15
PR_SET_PDEATHSIG = 1

_prctl: Callable[[int, int], int] | None = (
    ctypes.CDLL(None, use_errno=True).prctl if sys.platform.startswith("linux") else None
)


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

    def __init__(self, process: asyncio.subprocess.Process, profile: Path, pipe: BrowserPipe) -> None:
        self._process = process
        self._profile = profile
        #: Its DevTools, which only this server can reach (the lane's ``connection.Endpoint``).
        self.pipe = pipe

    @classmethod
    async def launch(cls, executable: str, *, timeout_s: float) -> ChromiumProcess:
        await asyncio.to_thread(sweep_stale_profiles)  # removing whole profiles must not hold up other sessions
        profile = owned_temporary_folder(PROFILE_PREFIX)
        flags = [*FLAGS, f"--user-data-dir={profile}"]
        if os.geteuid() == 0:
            flags.append("--no-sandbox")
        log_file = profile / "chromium.log"
        try:
            process, pipe = await start_with_pipe(executable, [*flags, "about:blank"], log_file)
        except LaunchError:
            shutil.rmtree(profile, ignore_errors=True)
            raise
        try:
            await _answers(pipe, timeout_s)
        except (CDPDisconnected, TimeoutError) as error:
            pipe.close()
            await end_process_group(process)
            reason = "it exited" if isinstance(error, CDPDisconnected) else f"nothing within {timeout_s:g}s"
            message = f"Chromium {executable!r} did not answer on its DevTools pipe ({reason}).{_tail(log_file)}"
            shutil.rmtree(profile, ignore_errors=True)
            raise LaunchError(message) from None
        return cls(process, profile, pipe)

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
        await end_process_group(self._process)
        self.pipe.close()
        shutil.rmtree(self._profile, ignore_errors=True)


async def start_with_pipe(
    executable: str, arguments: list[str], log_file: Path
) -> tuple[asyncio.subprocess.Process, BrowserPipe]:
    """Start ``executable`` (with ``--remote-debugging-pipe`` among ``arguments``) in its own process group, its
    output to ``log_file``, and take over its DevTools pipe (see the module docstring).  Also used by
    ``hermes-browser browser``, which launches the user's own Chromium or Chrome the same way."""
    # Both ends start close-on-exec (os.pipe); Chromium's are moved above 4 so that placing one at 3 or 4
    # in the child cannot overwrite the other.
    chromium_reads, we_write = os.pipe()
    we_read, chromium_writes = os.pipe()
    chromium_reads, chromium_writes = _above_fd_4(chromium_reads), _above_fd_4(chromium_writes)
    try:
        with log_file.open("wb") as log:
            process = await asyncio.create_subprocess_exec(
                executable,
                *arguments,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=log,
                stderr=log,
                start_new_session=True,
                close_fds=False,  # see the module docstring: fds 3 and 4 are placed by _child_setup
                preexec_fn=_child_setup(chromium_reads, chromium_writes),
            )
    except OSError as error:
        for descriptor in (we_read, we_write):
            os.close(descriptor)
        raise LaunchError(f"cannot run Chromium {executable!r}: {error.strerror}") from None
    finally:
        # Chromium has its own copies now; ours would keep the pipe open after it exits.
        os.close(chromium_reads)
        os.close(chromium_writes)
    return process, await BrowserPipe.connect(we_read, we_write)


def _above_fd_4(descriptor: int) -> int:
    """``descriptor`` moved to the lowest free number above 4 (close-on-exec, as before)."""
    moved = fcntl.fcntl(descriptor, fcntl.F_DUPFD_CLOEXEC, CHROMIUM_WRITES_FD + 1)
    os.close(descriptor)
    return moved


def _child_setup(reads: int, writes: int) -> Callable[[], None]:
    """What the child does before ``exec``: the pipes at fds 3 and 4 (``dup2`` clears close-on-exec), and on
    Linux a SIGTERM when the server goes away."""

    def set_up() -> None:
        os.dup2(reads, CHROMIUM_READS_FD)
        os.dup2(writes, CHROMIUM_WRITES_FD)
        if _prctl is not None:
            _prctl(PR_SET_PDEATHSIG, signal.SIGTERM)

    return set_up


async def _answers(pipe: BrowserPipe, timeout_s: float) -> None:
    """Wait (bounded) for Chromium to answer a first command on its pipe: it is up, and its DevTools work."""
    connection = await CDPConnection.open(pipe, lambda event: None, timeout_s=timeout_s)
    pump = asyncio.create_task(connection.pump())
    try:
        async with asyncio.timeout(timeout_s):
            await connection.send("Browser.getVersion")
    finally:
        await connection.close()
        await pump


def owned_temporary_folder(prefix: str) -> Path:
    """A new private (0700) temporary folder that records this server as its owner, for ``sweep_stale_profiles``."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    write_private_file(folder / OWNER_FILE, f"{os.getpid()}\n")
    return folder


def sweep_stale_profiles() -> None:
    """Remove the profiles and upload copies that servers killed outright left in the temporary folder (see the
    module docstring)."""
    temporary = Path(tempfile.gettempdir())
    for folder in [*temporary.glob(PROFILE_PREFIX + "*"), *temporary.glob(UPLOAD_COPIES_PREFIX + "*")]:
        owner = _owner(folder)
        if owner is not None and not process_running(owner):
            shutil.rmtree(folder, ignore_errors=True)


def _owner(profile: Path) -> int | None:
    """The server process recorded in ``profile``; None if it is not a profile of ours (or not one yet)."""
    try:
        if profile.is_symlink() or not profile.is_dir() or profile.stat().st_uid != os.geteuid():
            return None
        recorded = (profile / OWNER_FILE).read_text().strip()
    except OSError:
        return None
    return int(recorded) if recorded.isdigit() else None


async def end_process_group(process: asyncio.subprocess.Process) -> None:
    """Stop ``process`` (SIGTERM, SIGKILL after ``STOP_TIMEOUT_S``) and every process left in its group."""
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

"""``hermes-browser browser``: the user's Chromium or Chrome, started ready to pair with one click.

What it does, in order, and why:

* **Finds the browser**: ``--browser PATH``, else the cdp lane's names on ``PATH`` (``chromium``,
  ``google-chrome``, …), else the usual install paths on Linux and macOS.
* **A profile of its own**: ``--profile DIR`` (kept afterwards, so the pairing survives), else a fresh
  temporary one, removed on exit.  Never the user's everyday profile by accident.
* **The native host for that profile**: ``python -m hermes_host install --user-data-dir DIR`` in a
  subprocess (the host's public entry; the server never imports the host), pinned to this
  ``HERMES_HOME``, so the extension in this profile reaches this server.
* **DevTools over a pipe** (``--remote-debugging-pipe``, through ``cdp.chromium.start_with_pipe``): the
  launcher itself loads the extension, opens the popup page, can click Approve (``--approve``) and
  close the browser cleanly, and no other local process can reach the browser, as no DevTools port
  is opened.
* **The extension loaded over that pipe** (``Extensions.loadUnpacked``, allowed by
  ``--enable-unsafe-extension-debugging`` to the pipe's holder only) from the installed package
  (``extension_dir()``), and its id checked.  Not ``--load-extension``: Google Chrome 137 and later
  ignore that switch, and this way works on Chrome and Chromium alike.  In a kept profile the
  extension's storage (its device key, so the pairing) survives to the next launch.
* **The popup page opened in a tab**, so a person clicks Approve there (or ``--approve`` does, over
  DevTools, with real mouse input at the button).  Once paired the popup tab is closed: the tab in
  front is then the one an agent's extension session controls.
* ``--act-without-asking`` sets the popup's ``#modeSelect`` to ``act`` (the user-control mode); a
  popup without that control is an error, never silently ignored.
* Runs until interrupted: Ctrl-C (SIGINT, SIGTERM, SIGHUP) closes the browser through DevTools
  (``Browser.close``, so the profile is saved), and ends its process group if it lingers.

Exit status: 0 when stopped by a signal or when the user closed the browser, 1 when no server runs or
the browser could not be made ready (with the reason), 2 for a usage problem (no browser found, a bad
``--profile``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from hermes_extension import extension_dir
from hermes_server.cdp.chromium import EXECUTABLE_NAMES, end_process_group, start_with_pipe
from hermes_server.cdp.connection import CDPConnection
from hermes_server.errors import CDPError, ConfigError, LaunchError
from hermes_wire.home import hermes_home, read_runtime, server_process_gone
from hermes_wire.native import HERMES_EXTENSION_ID, HOST_NAME

T = TypeVar("T")

EXIT_FAILED = 1
POPUP_URL = f"chrome-extension://{HERMES_EXTENSION_ID}/popup/popup.html"
#: Where Chromium and Chrome are installed when they are not on PATH.
INSTALL_PATHS = {
    "linux": (
        "/usr/bin/chromium",
        "/usr/bin/chromium-browser",
        "/snap/bin/chromium",
        "/opt/google/chrome/chrome",
    ),
    "darwin": (
        "/Applications/Chromium.app/Contents/MacOS/Chromium",
        "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
        "~/Applications/Chromium.app/Contents/MacOS/Chromium",
        "~/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    ),
}
FLAGS = (
    "--no-first-run",
    "--no-default-browser-check",
    "--remote-debugging-pipe",
    "--enable-unsafe-extension-debugging",  # lets the pipe's holder (only us) load the unpacked extension
)
HEADLESS_FLAGS = ("--headless=new", "--window-size=1280,800")
#: How long the browser gets to answer on its pipe, load the extension, and show the popup's state.
START_TIMEOUT_S = 30.0
#: How long pairing may take once Approve is clicked (the host starts, asks the server, the popup re-renders).
PAIRED_TIMEOUT_S = 30.0
#: How long ``Browser.close`` gets before the process group is ended.
CLOSE_TIMEOUT_S = 10.0
#: How often a state we wait for (the extension's worker, the popup's sections) is looked at again.
POLL_S = 0.1
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
LOG_TAIL_LINES = 15

#: The popup's state as the user sees it: which section is shown, and its text.
READ_POPUP = """(() => {
  const shown = (id) => { const e = document.getElementById(id); return Boolean(e && !e.hidden); };
  const text = (id) => (document.getElementById(id)?.textContent || "").trim();
  return {
    paired: shown("paired") ? text("deviceId") : null,
    code: shown("pairing") && text("verificationCode") !== "…" ? text("verificationCode") : null,
    not_running: shown("notRunning") ? text("hostMessage") || "the Hermes server is not running" : null,
    error: shown("error") ? text("error") : null,
  };
})()"""

#: The centre of an element in the popup's viewport, or null when it is missing or not displayed.
BUTTON_CENTRE = """((id) => {
  const e = document.getElementById(id);
  if (!e || e.disabled) return null;
  const box = e.getBoundingClientRect();
  return box.width && box.height ? {x: box.x + box.width / 2, y: box.y + box.height / 2} : null;
})(%s)"""

#: Choose "act" in the popup's mode control as a user does (a change event); what it holds afterwards.
SET_MODE_ACT = """(() => {
  const select = document.getElementById("modeSelect");
  if (!(select instanceof HTMLSelectElement)) return {missing: true};
  if (![...select.options].some((option) => option.value === "act")) return {missing: true};
  if (select.disabled) return {fixed: select.value};
  select.value = "act";
  select.dispatchEvent(new Event("change", {bubbles: true}));
  return {value: select.value};
})()"""

#: The mode the popup shows once it has rendered the extension's stored state (null before that), or
#: {missing: true} for a popup without a mode control.
READ_MODE = """(() => {
  const select = document.getElementById("modeSelect");
  if (!(select instanceof HTMLSelectElement)) return {missing: true};
  if (!select.value) return null;
  const stored = document.getElementById("control")?.dataset.mode;
  return {value: stored || select.value, label: select.selectedOptions[0]?.textContent.trim() || select.value};
})()"""


def find_browser(given: str | None, platform: str = sys.platform) -> str:
    """The browser to start: ``given``, else a Chromium or Chrome on PATH, else one at its usual install path."""
    if given:
        found = shutil.which(given) or (given if os.access(given, os.X_OK) else None)
        if found is None:
            raise ConfigError(f"--browser {given}: not an executable file")
        return found
    for name in EXECUTABLE_NAMES:
        on_path = shutil.which(name)
        if on_path:
            return on_path
    for path in INSTALL_PATHS.get(platform, ()):
        expanded = os.path.expanduser(path)
        if os.access(expanded, os.X_OK):
            return expanded
    tried = ", ".join([*EXECUTABLE_NAMES, *INSTALL_PATHS.get(platform, ())])
    raise ConfigError(f"no Chromium or Chrome found (tried {tried}); name one with --browser PATH")


def browser_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--browser", metavar="PATH", help="the Chromium or Chrome to start (default: found)")
    parser.add_argument(
        "--profile", metavar="DIR", type=Path, help="use (and keep) this profile folder (default: a fresh one)"
    )
    parser.add_argument("--headless", action="store_true", help="no window (for machines without a display)")
    parser.add_argument("--approve", action="store_true", help="click Approve in the popup for you (no display needed)")
    parser.add_argument(
        "--act-without-asking",
        action="store_true",
        help="set the popup's mode to 'act': the agent acts on every site without asking first",
    )


def install_host(profile: Path) -> Path:
    """Install the native host into ``profile`` with the host's own installer; returns the manifest's path."""
    installer = [sys.executable, "-m", "hermes_host", "install", "--user-data-dir", str(profile)]
    done = subprocess.run(installer, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise LaunchError(f"installing the native host into {profile} failed: {done.stderr.strip()}")
    return profile / "NativeMessagingHosts" / f"{HOST_NAME}.json"


async def _until(probe: Callable[[], Awaitable[T | None]], timeout_s: float, what: str) -> T:
    """``probe()`` once it gives something other than None, looked at every ``POLL_S`` for at most ``timeout_s``."""
    try:
        async with asyncio.timeout(timeout_s):
            while True:
                found = await probe()
                if found is not None:
                    return found
                await asyncio.sleep(POLL_S)
    except TimeoutError:
        raise LaunchError(f"{what}: nothing within {timeout_s:g}s") from None


@dataclass
class Popup:
    """The popup page in a tab of the launched browser, reached over its DevTools session."""

    connection: CDPConnection
    target_id: str
    session_id: str

    async def evaluate(self, expression: str) -> Any:
        reply = await self.connection.send(
            "Runtime.evaluate", {"expression": expression, "returnByValue": True}, session_id=self.session_id
        )
        if "exceptionDetails" in reply:
            raise LaunchError(f"the popup page failed to answer: {reply['exceptionDetails'].get('text')}")
        return reply.get("result", {}).get("value")

    async def state(self) -> dict[str, Any]:
        state: dict[str, Any] = await self.evaluate(READ_POPUP)
        return state

    async def click(self, element_id: str) -> None:
        """A real left click at the middle of the element (as a user's, not a script's ``click()``)."""
        centre = await self.evaluate(BUTTON_CENTRE % json.dumps(element_id))
        if centre is None:
            raise LaunchError(f"the popup's #{element_id} is not shown")
        for kind in ("mousePressed", "mouseReleased"):
            await self.connection.send(
                "Input.dispatchMouseEvent",
                {"type": kind, "x": centre["x"], "y": centre["y"], "button": "left", "clickCount": 1},
                session_id=self.session_id,
            )


async def _extension_running(connection: CDPConnection) -> bool | None:
    """True once the extension's service worker runs in the browser (it is loaded); None before."""
    targets = (await connection.send("Target.getTargets"))["targetInfos"]
    prefix = f"chrome-extension://{HERMES_EXTENSION_ID}/"
    return True if any(t["type"] == "service_worker" and t["url"].startswith(prefix) for t in targets) else None


async def _open_popup(connection: CDPConnection) -> Popup:
    target_id = (await connection.send("Target.createTarget", {"url": POPUP_URL}))["targetId"]
    attached = await connection.send("Target.attachToTarget", {"targetId": target_id, "flatten": True})
    return Popup(connection, target_id, attached["sessionId"])


def _say(line: str) -> None:
    print(line, flush=True)


async def _pair(popup: Popup, *, approve: bool) -> str:
    """Wait for the popup to show a code (and click Approve when told to) or to be paired; the device id."""

    last: dict[str, Any] = {}

    async def shown() -> dict[str, Any] | None:
        # "not running" shows while the native host starts and first asks the server: not an answer yet.
        last.update(await popup.state())
        return last if last["paired"] or last["code"] else None

    try:
        state = await _until(shown, START_TIMEOUT_S, "the popup showing a pairing code")
    except LaunchError as timeout:
        problem = last.get("not_running") or last.get("error")
        if problem:
            raise LaunchError(
                f"the popup cannot pair: {problem}. Is the server running? hermes-browser doctor"
            ) from None
        raise timeout
    if state["paired"]:
        _say(f"Already paired as device {state['paired']}.")
        return str(state["paired"])
    _say(f"Pairing code {state['code']} (compare it with the line 'verification code …' in the server's log).")
    if approve:
        await popup.click("approveButton")
        _say("Clicked Approve in the popup (--approve).")
    else:
        _say("Click Approve in the popup tab to pair this browser.")

    async def paired() -> str | None:
        state = await popup.state()
        if state["error"]:
            raise LaunchError(f"pairing failed: {state['error']}")
        return str(state["paired"]) if state["paired"] else None

    # A person may take their time to click; --approve must complete promptly.
    device_id = await (_until(paired, PAIRED_TIMEOUT_S, "pairing") if approve else _forever(paired))
    _say(f"Paired as device {device_id}.")
    return device_id


async def _forever(probe: Callable[[], Awaitable[T | None]]) -> T:
    """``probe()`` once it gives something, however long a person takes (Ctrl-C ends the wait)."""
    while (found := await probe()) is None:
        await asyncio.sleep(POLL_S)
    return found


async def _act_without_asking(popup: Popup) -> None:
    answer = await popup.evaluate(SET_MODE_ACT)
    if answer.get("missing"):
        raise LaunchError(
            "--act-without-asking: this extension's popup has no mode control (#modeSelect with 'act'); "
            "it always acts without asking"
        )
    if "fixed" in answer:
        raise LaunchError(
            f"--act-without-asking: the mode is fixed at {answer['fixed']!r} by your administrator's policy"
        )

    async def stored() -> bool | None:
        mode = await popup.evaluate(READ_MODE)
        return True if mode and mode.get("value") == "act" else None

    await _until(stored, START_TIMEOUT_S, "the extension to take the mode 'act'")
    _say("Chose 'act without asking' in the popup (--act-without-asking).")


async def _say_mode(popup: Popup) -> None:
    """Print the mode the popup shows, so the user knows whether the agent asks before it acts."""
    mode = await _until(lambda: popup.evaluate(READ_MODE), START_TIMEOUT_S, "the popup to show the mode")
    if mode.get("missing"):
        return
    _say(f"Mode: {mode['label']} ({mode['value']}); change it in the popup.")


async def _load_extension(connection: CDPConnection) -> None:
    """Load the unpacked extension over the pipe, and wait for its service worker to run."""
    loaded = await connection.send("Extensions.loadUnpacked", {"path": str(extension_dir())})
    if loaded.get("id") != HERMES_EXTENSION_ID:
        raise LaunchError(f"the browser loaded {extension_dir()} as {loaded.get('id')!r}, not {HERMES_EXTENSION_ID}")
    await _until(lambda: _extension_running(connection), START_TIMEOUT_S, "the Hermes extension to start")
    _say(f"Extension loaded from {extension_dir()}.")


async def _make_ready(connection: CDPConnection, options: argparse.Namespace) -> None:
    await _load_extension(connection)
    popup = await _open_popup(connection)
    _say(f"Opened the popup: {POPUP_URL}")
    await _pair(popup, approve=options.approve)
    if options.act_without_asking:
        await _act_without_asking(popup)
    await _say_mode(popup)
    await connection.send("Target.closeTarget", {"targetId": popup.target_id})
    _say(
        "Ready: the tab in front is the one an agent's extension session will control "
        "(click the Hermes icon for the popup). Ctrl-C closes the browser."
    )


def _server_problem() -> str | None:
    record = read_runtime(hermes_home())
    if record is None or server_process_gone(record):
        return f"no Hermes server is running for HERMES_HOME={hermes_home()}; start it with: hermes-browser serve"
    return None


async def _close(connection: CDPConnection, process: asyncio.subprocess.Process) -> None:
    """Close the browser as its own menu would (the profile is saved), then end whatever is left."""
    if process.returncode is None:
        with contextlib.suppress(CDPError, TimeoutError):
            async with asyncio.timeout(CLOSE_TIMEOUT_S):
                await connection.send("Browser.close")
                await process.wait()
    await end_process_group(process)


async def _launch_and_wait(executable: str, profile: Path, options: argparse.Namespace) -> int:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signal_number in STOP_SIGNALS:
        loop.add_signal_handler(signal_number, stop.set)
    flags = [*FLAGS, *(HEADLESS_FLAGS if options.headless else ()), f"--user-data-dir={profile}"]
    if os.geteuid() == 0:
        flags.append("--no-sandbox")  # Chromium refuses to start its sandbox as root
    log_file = profile / "hermes-browser.log"
    process, pipe = await start_with_pipe(executable, [*flags, "about:blank"], log_file)
    _say(f"Started {executable} (pid {process.pid}){' headless' if options.headless else ''}.")
    try:
        transport = await pipe.open(timeout_s=START_TIMEOUT_S)
    except CDPError:  # it exited before we could even talk to it
        await end_process_group(process)
        print(f"hermes-browser: browser: {executable} exited at start (status {process.returncode})", file=sys.stderr)
        _print_log_tail(log_file)
        return EXIT_FAILED
    connection = CDPConnection(transport, lambda event: None)
    pump = asyncio.create_task(connection.pump())
    ready = asyncio.create_task(_make_ready(connection, options))
    stopped = asyncio.create_task(stop.wait())
    exited = asyncio.create_task(process.wait())
    try:
        await asyncio.wait({ready, stopped, exited}, return_when=asyncio.FIRST_COMPLETED)
        if ready.done() and ready.exception() is None:
            await asyncio.wait({stopped, exited}, return_when=asyncio.FIRST_COMPLETED)
        status = _outcome(ready, exited)
        if status != 0:
            _print_log_tail(log_file)
        return status
    finally:
        for task in (ready, stopped, exited):
            task.cancel()
        await _close(connection, process)
        pipe.close()
        await asyncio.gather(pump, ready, return_exceptions=True)
        _say("Closed the browser.")


def _outcome(ready: asyncio.Task[None], exited: asyncio.Task[int]) -> int:
    """0 for a stop by signal or a browser the user closed after it was ready; 1 (with the reason) otherwise."""
    if ready.done() and not ready.cancelled() and ready.exception() is not None:
        error = ready.exception()
        message = error.message if isinstance(error, LaunchError | CDPError) else repr(error)
        print(f"hermes-browser: browser: {message}", file=sys.stderr)
        return EXIT_FAILED
    if exited.done() and not ready.done():
        print(f"hermes-browser: browser: it exited (status {exited.result()}) before it was ready", file=sys.stderr)
        return EXIT_FAILED
    return 0


def _print_log_tail(log_file: Path) -> None:
    """The browser's last words, to explain a launch that failed (a temporary profile is removed on exit)."""
    try:
        lines = log_file.read_text(errors="replace").splitlines()[-LOG_TAIL_LINES:]
    except OSError:
        return
    if lines:
        print(f"Last lines of the browser's log ({log_file}):\n  " + "\n  ".join(lines), file=sys.stderr)


def run_browser(options: argparse.Namespace) -> int:
    """Start the browser ready to pair, and keep it until interrupted."""
    executable = find_browser(options.browser)
    if options.profile is not None and options.profile.exists() and not options.profile.is_dir():
        raise ConfigError(f"--profile {options.profile}: not a folder")
    problem = _server_problem()
    if problem:  # the popup asks the server for a pairing code as soon as it opens
        print(f"hermes-browser: browser: {problem}", file=sys.stderr)
        return EXIT_FAILED
    kept = options.profile is not None
    profile = options.profile.resolve() if kept else Path(tempfile.mkdtemp(prefix="hermes-browser-profile-"))
    profile.mkdir(parents=True, exist_ok=True)
    try:
        _say(f"Profile: {profile} ({'kept' if kept else 'temporary, removed on exit'}).")
        _say(f"Native host: installed {install_host(profile)}.")
        return asyncio.run(_launch_and_wait(executable, profile, options))
    except LaunchError as error:
        print(f"hermes-browser: browser: {error.message}", file=sys.stderr)
        return EXIT_FAILED
    finally:
        if not kept:
            shutil.rmtree(profile, ignore_errors=True)

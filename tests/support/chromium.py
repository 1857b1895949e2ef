"""The one Chromium launcher of the tests, benchmarks and demo: Debian's Chromium, a fresh profile, no network.

Two ways to drive what it launches:

* ``launch_chromium()`` starts Chromium itself with ``--remote-debugging-port=0`` and yields its
  browser-level DevTools WebSocket URL, for tests that speak CDP (the cdp lane's tests, which hand
  it to the lane as an existing Chrome, and the snapshot engine's tests);
* ``selenium_chromium(profile)`` starts it the same way and attaches Debian's chromedriver to it, for the
  extension lane, where a test or script acts as the user (opens the popup, clicks Approve, opens tabs).

Both use ``chromium_flags``: headless (new mode) unless told otherwise; ``--no-sandbox`` because
the sandbox cannot start as root in a container; the background, component-update and sync
services off (the machine has no network, and their traffic would only add noise); a fresh
``--user-data-dir`` per browser, so nothing leaks between runs; ``--site-per-process`` so that a
cross-site iframe is out of process as on desktop Chrome; the window size of the cdp lane's
own Chromium, so both lanes lay a page out alike; and no web pages of Chromium's own for the address bar's
suggestion popup, which nobody opens here (two per window, each a renderer's work: the cdp lane's launcher
leaves them out too).

The launcher is the harness's own, not the product's ``hermes_server.cdp.chromium``: the tests of
the cdp lane then drive a browser the lane did not start, and a defect in the lane's launcher
cannot hide behind the harness using the same code.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import tempfile
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hermes_server.errors import LaunchError
from tests.support.waiting import wait_for

if TYPE_CHECKING:
    from selenium import webdriver

CHROMIUM = os.environ.get("HERMES_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = "/usr/bin/chromedriver"
#: The cdp lane's own Chromium opens its windows at this size (``hermes_server.cdp.chromium``).
WINDOW_SIZE = (1280, 800)
FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--site-per-process",
    f"--window-size={WINDOW_SIZE[0]},{WINDOW_SIZE[1]}",
    "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
)
#: The switches chromedriver adds when it starts Chromium itself, but ``--enable-automation`` (its infobar takes 56 px
#: off the page's height): ``selenium_chromium`` starts Chromium for chromedriver, and the browser stays the one the
#: extension lane's tests were written against (popups open, no repost prompt, no hang monitor...).
CHROMEDRIVER_FLAGS = (
    "--disable-popup-blocking",
    "--disable-hang-monitor",
    "--disable-prompt-on-repost",
    "--disable-client-side-phishing-detection",
    "--disable-default-apps",
    "--no-service-autorun",
    "--password-store=basic",
    "--use-mock-keychain",
    "--test-type=webdriver",
    "--allow-pre-commit-input",
)
LAUNCH_TIMEOUT_S = 30.0
STOP_TIMEOUT_S = 10.0
LOG_TAIL_LINES = 15


def require_chromium(*, driver: bool = False) -> None:
    """Fail at once, with the install command, when Debian's Chromium (or its chromedriver) is missing."""
    needed = (CHROMIUM, CHROMEDRIVER) if driver else (CHROMIUM,)
    missing = [path for path in needed if not Path(path).exists()]
    if missing:
        raise LaunchError(f"{missing[0]} is missing: apt-get install -y chromium chromium-driver")


def chromium_flags(profile: Path, *extra: str, headless: bool = True) -> list[str]:
    """Every flag a harness Chromium starts with, in ``profile``, plus ``extra``."""
    return [*(["--headless=new"] if headless else []), *FLAGS, f"--user-data-dir={profile}", *extra]


@contextlib.contextmanager
def fresh_profile() -> Iterator[Path]:
    """An empty profile folder, removed afterwards (Chromium may still be writing to it: errors are ignored)."""
    with tempfile.TemporaryDirectory(prefix="hermes-test-chromium-", ignore_cleanup_errors=True) as profile:
        yield Path(profile)


@dataclass(frozen=True)
class Chromium:
    """A Chromium started by ``launch_chromium``: its process id and browser-level DevTools WebSocket URL."""

    pid: int
    ws_url: str


@contextlib.contextmanager
def launch_chromium(*extra_flags: str) -> Iterator[Chromium]:
    """Headless Chromium with DevTools on a free port, stopped (with every process it started) on exit."""
    with fresh_profile() as profile, _running_chromium(profile, *extra_flags) as chromium:
        yield chromium


@contextlib.contextmanager
def _running_chromium(profile: Path, *extra_flags: str, headless: bool = True) -> Iterator[Chromium]:
    """Chromium in ``profile`` with DevTools on a free port, stopped (with every process it started) on exit."""
    require_chromium()
    log = profile / "chromium.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [
                CHROMIUM,
                *chromium_flags(profile, "--remote-debugging-port=0", *extra_flags, headless=headless),
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=output,
            start_new_session=True,
        )
    try:
        ws_url = wait_for(lambda: _devtools_url(process, profile), LAUNCH_TIMEOUT_S, "Chromium's DevTools port")
        yield Chromium(process.pid, ws_url)
    finally:
        _stop(process)


def _devtools_url(process: subprocess.Popen[bytes], profile: Path) -> str | None:
    """The DevTools URL once Chromium has written ``DevToolsActivePort`` (its only "I listen" signal)."""
    if process.poll() is not None:
        lines = (profile / "chromium.log").read_text(errors="replace").splitlines()[-LOG_TAIL_LINES:]
        raise LaunchError(f"Chromium exited with status {process.returncode}:\n" + "\n".join(lines))
    with contextlib.suppress(OSError, ValueError):  # not written yet, or half written
        port, path, *_ = (profile / "DevToolsActivePort").read_text().splitlines()
        if path.startswith("/devtools/browser/"):
            return f"ws://127.0.0.1:{int(port)}{path}"
    return None


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Terminate Chromium, kill it if it lingers, and end the renderers left in its process group."""
    process.terminate()
    try:
        process.wait(STOP_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)


@contextlib.contextmanager
def selenium_chromium(profile: Path, *extra_flags: str, headless: bool = True) -> Iterator[webdriver.Chrome]:
    """Chromium in ``profile``, driven through Debian's chromedriver, stopped on exit.

    The harness starts Chromium and chromedriver attaches to it, on a fresh tab that replaced the one the browser
    started with. With an extension that holds the ``declarativeNetRequest`` permission, Chromium defers the start
    tab's first navigation until the extension's rules are ready, and now and then (on a loaded machine, in a fresh
    profile) never resumes it: that tab keeps an empty URL forever, and chromedriver, which waits for a window's
    pending navigation before each command, would hang on it. A tab opened once the browser is up is not held.
    Selenium is imported here, not at the top: only the extension lane needs it.
    """
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException

    require_chromium(driver=True)
    with _running_chromium(profile, *CHROMEDRIVER_FLAGS, *extra_flags, headless=headless) as chromium:
        address, tab = _fresh_start_tab(chromium)
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        options.debugger_address = address
        try:
            driver = webdriver.Chrome(service=webdriver.ChromeService(CHROMEDRIVER), options=options)
        except WebDriverException as error:
            raise LaunchError(f"chromedriver could not attach to Chromium: {error.msg}") from None
        try:
            driver.switch_to.window(tab)  # chromedriver may have picked the start tab, closed by now
            yield driver
        finally:
            driver.quit()  # ends chromedriver's session; the browser is stopped by _running_chromium


def _fresh_start_tab(chromium: Chromium) -> tuple[str, str]:
    """Opens a blank tab and closes every other page (see ``selenium_chromium``): the DevTools ``host:port`` and the
    new tab's id (chromedriver's handle of its window)."""
    address = chromium.ws_url.removeprefix("ws://").split("/", 1)[0]

    def devtools(path: str, method: str = "GET") -> Any:
        request = urllib.request.Request(f"http://{address}/json/{path}", method=method)
        with urllib.request.urlopen(request, timeout=LAUNCH_TIMEOUT_S) as response:
            return json.loads(response.read() or b"null") if path.startswith(("new", "list")) else None

    fresh = devtools("new?about:blank", method="PUT")
    for target in devtools("list"):
        if target["type"] == "page" and target["id"] != fresh["id"]:
            devtools(f"close/{target['id']}")
    return address, str(fresh["id"])

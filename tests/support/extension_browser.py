"""A local Chromium with the unpacked Hermes extension, as a user would have it, for scripts and tests.

``local_chromium(home, profile)`` installs the native-host manifest into a fresh profile (so
Chromium launches ``hermes_host`` with that ``HERMES_HOME``), starts Debian's Chromium through
its chromedriver with ``--load-extension``, and quits it on exit.  ``Popup`` is the extension's
popup page opened in a tab: the one-click pairing, read or clicked like a user.

Selenium drives the browser because chromedriver is what Debian ships beside Chromium; it is
imported here lazily, so the server never needs it.  Used by ``scripts/demo.py``, the extension
benchmark and the end-to-end tests.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from hermes_extension import extension_dir
from hermes_host import install as manifest
from hermes_server.errors import LaunchError
from hermes_wire.native import HERMES_EXTENSION_ID

if TYPE_CHECKING:
    from selenium import webdriver

EXTENSION_DIR = extension_dir()
POPUP_URL = f"chrome-extension://{HERMES_EXTENSION_ID}/popup.html"
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
#: As root in a sandbox, Chromium needs --no-sandbox; the rest keeps it off the (closed) network.
FLAGS = (
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--window-size=1280,900",
)
T = TypeVar("T")


def wait_for(check: Callable[[], T | None], timeout_s: float, what: str) -> T:
    """Poll ``check`` until it returns something truthy, at most ``timeout_s`` seconds."""
    deadline = time.monotonic() + timeout_s
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout_s:g} s waiting for {what}")
        time.sleep(0.05)


@contextmanager
def local_chromium(home: Path, profile: Path, *, headless: bool | None = None) -> Iterator[webdriver.Chrome]:
    """Chromium with the extension loaded and the native host installed in ``profile``.

    ``headless`` defaults to "when there is no display".
    """
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException

    if not EXTENSION_DIR.is_dir() or not Path(CHROMIUM).exists() or not Path(CHROMEDRIVER).exists():
        raise LaunchError(
            f"needs the extension at {EXTENSION_DIR} and Debian's chromium and chromium-driver "
            "(apt-get install -y chromium chromium-driver)"
        )
    manifest.install(manifest.manifest_folder("chromium", profile), [HERMES_EXTENSION_ID], home)
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    if headless if headless is not None else not os.environ.get("DISPLAY"):
        options.add_argument("--headless=new")
    for flag in (*FLAGS, f"--user-data-dir={profile}", f"--load-extension={EXTENSION_DIR}"):
        options.add_argument(flag)
    try:
        driver = webdriver.Chrome(service=webdriver.ChromeService(CHROMEDRIVER), options=options)
    except WebDriverException as error:
        raise LaunchError(f"Chromium did not start: {error.msg}") from None
    try:
        yield driver
    finally:
        driver.quit()


class Popup:
    """The extension's popup page, opened in its own tab of ``driver``."""

    def __init__(self, driver: webdriver.Chrome) -> None:
        self.driver = driver
        self.previous = driver.current_window_handle
        driver.switch_to.new_window("tab")
        driver.get(POPUP_URL)

    def text_when_shown(self, section: str, element: str) -> str | None:
        from selenium.webdriver.common.by import By

        if not self.driver.find_element(By.ID, section).is_displayed():
            return None
        text = self.driver.find_element(By.ID, element).text.strip()
        return text if text and text != "…" else None

    def verification_code(self, timeout_s: float) -> str:
        return wait_for(lambda: self.text_when_shown("pairing", "verificationCode"), timeout_s, "the pairing code")

    def approve(self) -> None:
        from selenium.webdriver.common.by import By

        self.driver.find_element(By.ID, "approveButton").click()

    def device_id(self, timeout_s: float) -> str:
        return wait_for(lambda: self.text_when_shown("paired", "deviceId"), timeout_s, "pairing to complete")

    def close(self) -> None:
        self.driver.close()
        self.driver.switch_to.window(self.previous)

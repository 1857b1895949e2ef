"""Chromium with the unpacked Hermes extension, as a user would have it, and its popup's one-click pairing.

``local_chromium(home)`` installs the native-host manifest into a fresh profile (so Chromium
launches ``hermes_host`` with that ``HERMES_HOME``), starts Chromium through chromedriver with
``--load-extension`` (``selenium_chromium``), and quits it on exit.  ``Popup`` is the extension's
popup page opened in a tab, read and clicked like a user; ``pair_through_popup`` is the whole click.

Used by the extension-lane stack of the tests, the extension benchmark and ``scripts/demo.py``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from hermes_extension import extension_dir
from hermes_host import install as manifest
from hermes_server.errors import LaunchError
from hermes_wire.native import HERMES_EXTENSION_ID
from tests.support.chromium import fresh_profile, selenium_chromium
from tests.support.waiting import wait_for

if TYPE_CHECKING:
    from selenium import webdriver

EXTENSION_DIR = extension_dir()
#: The optional companion of the trusted-input mode (it holds the debugger permission the main extension does not).
TRUSTED_INPUT_DIR = EXTENSION_DIR / "trusted_input"
POPUP_URL = f"chrome-extension://{HERMES_EXTENSION_ID}/popup/popup.html"


@contextmanager
def local_chromium(
    home: Path, *, headless: bool | None = None, trusted_input: bool = False, downloads: Path | None = None
) -> Iterator[webdriver.Chrome]:
    """Chromium with the extension loaded and the native host installed in a fresh profile.

    ``headless`` defaults to "when there is no display"; ``trusted_input`` loads the trusted-input companion too, as
    a user who wants that mode installs it; ``downloads`` is the profile's download folder (the user's setting, in
    its preferences), so that no test saves into the real ~/Downloads.
    """
    if not EXTENSION_DIR.is_dir():
        raise LaunchError(f"the unpacked extension is missing at {EXTENSION_DIR}")
    with fresh_profile() as profile:
        manifest.install(manifest.manifest_folder("chromium", profile), [HERMES_EXTENSION_ID], home)
        if downloads is not None:
            (profile / "Default").mkdir()
            preferences = {"download": {"default_directory": str(downloads), "prompt_for_download": False}}
            (profile / "Default" / "Preferences").write_text(json.dumps(preferences))
        headless = headless if headless is not None else not os.environ.get("DISPLAY")
        loaded = ",".join(str(folder) for folder in [EXTENSION_DIR, *([TRUSTED_INPUT_DIR] if trusted_input else [])])
        with selenium_chromium(profile, f"--load-extension={loaded}", headless=headless) as driver:
            yield driver


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

    def shown_text(self, element: str) -> str | None:
        """The text of ``element`` while it is displayed, else None (for ``wait_for``)."""
        return self.text_when_shown(element, element)

    def click(self, button: str) -> None:
        """Click a control by its id, as the user does (it must be displayed)."""
        from selenium.webdriver.common.by import By

        self.driver.find_element(By.ID, button).click()

    def click_listed(self, selector: str, timeout_s: float) -> None:
        """Click the first control that ``selector`` finds in one of the popup's lists (sessions, sites), once it
        is shown. The popup re-draws its lists on every change it hears of, so an element found may be replaced
        before the click reaches it: find it again then, as a user's next look would."""
        from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
        from selenium.webdriver.common.by import By

        def click() -> bool:
            try:
                self.driver.find_element(By.CSS_SELECTOR, selector).click()
            except (StaleElementReferenceException, NoSuchElementException):
                return False
            return True

        wait_for(click, timeout_s, f"the popup's {selector}")

    def set_mode(self, mode: str, timeout_s: float) -> None:
        """Choose the mode in ``#modeSelect`` ("ask" or "act"), and wait until the extension has stored it
        (``#control``'s ``data-mode`` is the stored mode, rendered from the service worker's answer)."""
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.select import Select

        def stored() -> str | None:
            return self.driver.find_element(By.ID, "control").get_attribute("data-mode")

        wait_for(stored, timeout_s, "the popup to show the mode")
        Select(self.driver.find_element(By.ID, "modeSelect")).select_by_value(mode)
        wait_for(lambda: stored() == mode, timeout_s, f'the mode "{mode}" to be stored')

    def set_trusted_input(self, on: bool, timeout_s: float) -> None:
        """Tick or untick the trusted-input box, and wait until the extension has stored it (``#trustedInput``'s
        ``data-on`` is the stored setting, rendered from the service worker's answer)."""
        from selenium.webdriver.common.by import By

        def stored() -> str | None:
            return self.driver.find_element(By.ID, "trustedInput").get_attribute("data-on")

        wait_for(stored, timeout_s, "the popup to show the trusted-input setting")
        if (stored() == "true") != on:
            self.driver.find_element(By.ID, "trustedInputToggle").click()
        wait_for(lambda: stored() == str(on).lower(), timeout_s, f"the trusted-input setting {on} to be stored")

    def companion_shown(self, timeout_s: float) -> bool:
        """Whether the popup says the trusted-input companion is installed."""
        from selenium.webdriver.common.by import By

        shown = wait_for(
            lambda: self.driver.find_element(By.ID, "trustedInput").get_attribute("data-companion"),
            timeout_s,
            "the popup to say whether the companion is installed",
        )
        return shown == "true"

    def wait_for_companion(self, timeout_s: float) -> None:
        """Until the popup, opened afresh each time it says no, says the trusted-input companion answers."""

        def answers() -> bool:
            if self.companion_shown(timeout_s):
                return True
            self.driver.refresh()
            return False

        wait_for(answers, timeout_s, "the trusted-input companion extension to answer")

    def close(self) -> None:
        self.driver.close()
        self.driver.switch_to.window(self.previous)


def pair_through_popup(
    driver: webdriver.Chrome, check_code: Callable[[str], None], timeout_s: float, *, mode: str = "act"
) -> str:
    """The user's one click: open the popup, let ``check_code`` compare its code with the server's, click Approve;
    then choose the agent's ``mode`` in the popup, as a user would.

    The extension's default is "ask": the agent's first action on each site waits for the user. Nobody answers
    in a harness, so every stack chooses "act" (acts without asking) but the tests of the user's control
    (tests/extension/test_user_control.py), which choose "ask" and answer the popup themselves.
    ``check_code`` raises if the code is not the server's.  Returns the paired device's id.
    """
    popup = Popup(driver)
    check_code(popup.verification_code(timeout_s))
    popup.approve()
    device_id = popup.device_id(timeout_s)
    popup.set_mode(mode, timeout_s)
    popup.close()
    return device_id

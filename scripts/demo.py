"""The main job: an agent works on the page in front of the user, through the Hermes extension.

Run by ``scripts/demo`` (which installs everything first).  Every piece is the real one:

1. the server (``hermes-browser serve``, in a throw-away ``HERMES_HOME``);
2. Debian's Chromium with the unpacked extension and the native host installed in a fresh profile
   (headless when there is no display, headed when there is one);
3. the one-click pairing in the extension's popup: clicked by this script when headless, left to
   you when headed;
4. an agent session on the extension lane that fills and sends a support form served from
   loopback, the way an agent does it: snapshot, find by role and name, type, click, screenshot.

Each step is printed; the screenshots and a JSON transcript go to ``demo-output/``, with the
popup as the user sees it in each state: ``popup-1-unpaired.png`` (the code to check),
``popup-2-paired-no-session.png``, ``popup-3-site-question.png`` (when the extension asks before the
agent's first action on the site, in its "ask" mode; the demo answers Always) and
``popup-4-session-log.png`` (the connected session, its tab and its live log).  Exit status 0 when
every step did what it should, 1 otherwise.
"""

from __future__ import annotations

import sys
from pathlib import Path

# ``python scripts/demo.py`` puts only scripts/ on sys.path; the harness is in the repository's tests/support.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import asyncio
import base64
import json
import os
import re
import shutil
import threading
import time
from collections.abc import Awaitable
from typing import Any

from selenium import webdriver
from selenium.webdriver.common.by import By

from hermes_server.agents.client import BrowserClient
from hermes_server.routing.outcome import ToolOutcome
from hermes_wire.errors import HermesError
from tests.support.extension_browser import Popup, local_chromium
from tests.support.local_stack import ServerProcess, wait_for_lane_state
from tests.support.pages import PageServer, serve_pages
from tests.support.waiting import wait_for

SITE = Path(__file__).parent / "sample_site"
OUTPUT = Path("demo-output")
PAIRING_TIMEOUT_S = 300.0  # a person clicking Approve in a headed browser gets five minutes
CONNECT_TIMEOUT_S = 20.0
QUESTION_TIMEOUT_S = 30.0


class StepFailed(Exception):
    """A step did not do what it should; the demo stops there."""


#: What the site answers when its form is posted to ``/submit``; the page server records the post.
TICKET_SENT = "<title>Ticket sent</title><main><h1>Thanks, your ticket is on its way</h1></main>"


class Agent:
    """Calls tools like an agent and keeps the transcript (password text never written down)."""

    def __init__(self, client: BrowserClient, session_id: str, user: User) -> None:
        self.client = client
        self.session_id = session_id
        self.user = user
        self.transcript: list[dict[str, Any]] = []

    async def use(self, tool: str, **arguments: Any) -> Any:
        started = time.perf_counter()
        reply = await self.user.answering(self.client.call(self.session_id, tool, arguments))
        elapsed_ms = round((time.perf_counter() - started) * 1000, 1)
        shown = dict(arguments)
        if isinstance(reply.result, dict) and reply.result.get("password"):
            shown["text"] = "•••"  # the extension says it typed into a password field
        entry: dict[str, Any] = {"tool": tool, "arguments": shown, "ok": reply.ok, "ms": elapsed_ms}
        if not reply.ok:
            entry["error"] = {"code": reply.error_code, "message": reply.error_message}
            self.transcript.append(entry)
            raise StepFailed(f"{tool} failed: {reply.error_code}: {reply.error_message}")
        entry["result"] = summarise(tool, reply.result)
        self.transcript.append(entry)
        print(f"   {tool}({json.dumps(shown)}) -> ok in {elapsed_ms} ms")
        return reply.result

    async def snapshot(self) -> str:
        return str((await self.use("browser_snapshot"))["snapshot"])

    async def screenshot(self, name: str) -> Path:
        shot = await self.use("browser_screenshot")
        path = OUTPUT / name
        path.write_bytes(base64.b64decode(shot["data"]))
        print(f"   saved {path} ({path.stat().st_size} bytes)")
        return path


def popup_screenshot(popup: Popup, name: str) -> Path:
    """The popup as the user sees it (its page is as wide as the toolbar popup), saved to demo-output/."""
    path = OUTPUT / name
    popup.driver.find_element(By.TAG_NAME, "body").screenshot(str(path))
    print(f"   saved {path} (the popup)")
    return path


def question_shown(driver: webdriver.Chrome) -> bool:
    found = driver.find_elements(By.ID, "siteQuestion")
    return bool(found) and found[0].is_displayed()


class User:
    """The person at the browser, for the agent's first actions on the site.

    In the extension's "ask" mode its first action on a site waits until the user answers the
    question the popup shows.  So until a question has been answered, or an action has gone
    through without one, each call is watched: the popup is opened beside it, and if the question
    appears it is saved as a screenshot and answered Always (``#allowAlwaysButton``).
    """

    def __init__(self, driver: webdriver.Chrome) -> None:
        self.driver = driver
        self.settled = False

    async def answering(self, call: Awaitable[ToolOutcome]) -> ToolOutcome:
        if self.settled:
            return await call
        task = asyncio.ensure_future(call)
        finished = threading.Event()
        task.add_done_callback(lambda _: finished.set())
        asked = await asyncio.to_thread(self._answer_if_asked, finished)
        result = await task
        self.settled = asked or result.ok
        return result

    def _answer_if_asked(self, finished: threading.Event) -> bool:
        """Open the popup; answer its site question if one shows before the call finishes.  Whether it did."""
        popup = Popup(self.driver)
        try:
            asked = wait_for(
                lambda: "asked" if question_shown(self.driver) else "finished" if finished.is_set() else None,
                QUESTION_TIMEOUT_S,
                "the agent's action or the popup's site question",
            )
            if asked == "finished":
                return False
            question = self.driver.find_element(By.ID, "siteQuestion").text.splitlines()[0]
            print(f"   the popup asks: {question!r}; the user answers Always")
            popup_screenshot(popup, "popup-3-site-question.png")
            self.driver.find_element(By.ID, "allowAlwaysButton").click()
            return True
        finally:
            popup.close()


def summarise(tool: str, result: Any) -> Any:
    if tool == "browser_screenshot":
        return {"mime_type": result["mime_type"], "bytes": len(base64.b64decode(result["data"]))}
    if tool == "browser_snapshot":
        return {"characters": len(result["snapshot"]), "title": result.get("title")}
    return result


def find(snapshot: str, role: str, name: str) -> str:
    """The ref of the element with this role and accessible name: how an agent reads a snapshot."""
    found = re.search(rf'- {re.escape(role)} "{re.escape(name)}"[^\n]*?(@e\d+)', snapshot)
    if not found:
        raise StepFailed(f'no {role} "{name}" on the page')
    return found.group(1)


def step(number: int, text: str) -> None:
    print(f"\n{number}. {text}")


async def run() -> None:
    shutil.rmtree(OUTPUT, ignore_errors=True)
    OUTPUT.mkdir()
    headed = bool(os.environ.get("DISPLAY"))
    step(1, "Start the Hermes server")
    async with ServerProcess.start(extension_control=True, home_prefix="hermes-demo-") as server:
        print(f"   {server.url} (HERMES_HOME {server.home})")
        step(2, f"Start Chromium ({'headed' if headed else 'headless'}) with the Hermes extension loaded")
        with (
            serve_pages({"/submit": TICKET_SENT}, folder=SITE) as site,
            local_chromium(server.home, headless=not headed) as driver,
        ):
            driver.get(site.url("index.html"))
            print(f"   the user's tab shows {site.url('index.html')}")

            step(3, "Pair the browser with one click in the extension's popup")
            popup = Popup(driver)
            code = popup.verification_code(30)
            popup_screenshot(popup, "popup-1-unpaired.png")
            logged = server.log_text()
            print(
                f"   the popup shows code {code}; the server's log says: "
                f"{'the same code' if code in logged else 'NOT this code'}"
            )
            if code not in logged:
                raise StepFailed("the popup's code does not match the server's")
            if headed:
                print("   click Approve in the Hermes popup (waiting up to five minutes)…")
            else:
                popup.approve()
                print("   clicked Approve")
            print(f"   paired as device {popup.device_id(PAIRING_TIMEOUT_S)}")
            popup_screenshot(popup, "popup-2-paired-no-session.png")
            popup.close()

            async with server.client() as client:
                step(4, "The agent opens a session on the extension lane: it controls the tab in front of you")
                session_id = (await client.create_session(label="demo", browser_lane="extension"))["id"]
                try:
                    await wait_for_lane_state(server, session_id, "connected", CONNECT_TIMEOUT_S)
                except TimeoutError:
                    raise StepFailed("the extension did not connect to the session") from None
                agent = Agent(client, session_id, User(driver))
                print(f"   session {session_id} is connected")
                try:
                    await drive_the_form(agent, site)
                    step(8, "The user opens the popup: the session, its tab and the live log of what the agent did")
                    await asyncio.to_thread(show_the_log, driver)
                finally:
                    (OUTPUT / "transcript.json").write_text(json.dumps(agent.transcript, indent=2) + "\n")
                    print(f"\n   transcript: {OUTPUT / 'transcript.json'} ({len(agent.transcript)} tool calls)")


def show_the_log(driver: webdriver.Chrome) -> None:
    """Open the popup once its log names the agent's last click, and save it."""
    popup = Popup(driver)
    try:
        wait_for(
            lambda: (log := driver.find_element(By.ID, "actionLog").text) and "Send ticket" in log and log,
            CONNECT_TIMEOUT_S,
            "the popup's log to name the last click",
        )
        for line in driver.find_element(By.ID, "actionLog").text.splitlines()[:8]:
            print(f"   log: {line}")
        popup_screenshot(popup, "popup-4-session-log.png")
    finally:
        popup.close()


async def drive_the_form(agent: Agent, site: PageServer) -> None:
    step(5, "Read the page (accessibility-tree snapshot with refs)")
    page = await agent.snapshot()
    print("   " + "\n   ".join(page.splitlines()[:14]))

    step(6, "Fill the form, finding each field by role and name")
    await agent.use("browser_type", ref=find(page, "textbox", "Your name"), text="Wile E. Coyote")
    await agent.use("browser_type", ref=find(page, "textbox", "Email"), text="wile@acme.example")
    await agent.use("browser_type", ref=find(page, "combobox", "Product"), text="Rocket skates")
    await agent.use(
        "browser_type", ref=find(page, "textbox", "What happened?"), text="The skates ignite before I press the button."
    )
    await agent.use("browser_click", ref=find(page, "checkbox", "This is urgent"))
    await agent.screenshot("01-form-filled.png")

    step(7, "Send it and collect the evidence")
    await agent.use("browser_click", ref=find(page, "button", "Send ticket"))
    after = await agent.snapshot()
    if "Thanks, your ticket is on its way" not in after:
        raise StepFailed("the confirmation page did not appear")
    await agent.screenshot("02-ticket-sent.png")
    expected = {
        "name": "Wile E. Coyote",
        "email": "wile@acme.example",
        "product": "rocket",
        "details": "The skates ignite before I press the button.",
        "urgent": "yes",
    }
    if site.received != [expected]:
        raise StepFailed(f"the site received {site.received}, expected {[expected]}")
    print(f"   the site received: {site.received[0]}")


def main() -> int:
    print("Hermes browser control: an agent drives the tab in front of you")
    try:
        asyncio.run(run())
    except (StepFailed, HermesError, TimeoutError) as failure:
        print(f"\ndemo FAILED: {failure}", file=sys.stderr)
        return 1
    print("\ndemo: every step did what it should.")
    return 0


if __name__ == "__main__":
    sys.exit(main())

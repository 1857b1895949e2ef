"""Run by the Python of a clean virtual environment that has only the built wheel installed.

It must not import anything from the checkout (the test runs it from a temporary folder):
it proves that an installed ``hermes-browser-control`` serves the cdp lane (navigate, snapshot,
click) with the engine files it carries, and that its extension folder loads in Chromium.  Then
the newcomer's path, in a fresh HOME where Chromium has been run: ``hermes-browser setup``, the
server, ``hermes-browser browser --headless --approve`` (launched and paired), a session, and
``hermes-browser doctor`` with every line ok; and the reference generator, which needs a
checkout, says so.  Prints one line per check; exits non-zero at the first failure.
"""

from __future__ import annotations

import asyncio
import http.server
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

from hermes_extension import ENGINE_FILES, extension_dir
from hermes_server.agents.client import BrowserClient
from hermes_wire.home import read_runtime
from hermes_wire.native import HERMES_EXTENSION_ID

TIMEOUT_S = 60 * float(os.environ.get("HERMES_TEST_TIMEOUT_SCALE", "1"))
PAGE = b"""<!doctype html><title>Smoke</title>
<button onclick="document.querySelector('p').textContent = 'clicked'">Press me</button><p>waiting</p>"""


def until(check: Callable[[], bool], what: str) -> None:
    """Poll ``check`` (Chromium's target list: it has no event for a loaded extension) within the bound."""
    deadline = time.monotonic() + TIMEOUT_S
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    raise SystemExit(f"FAIL: timed out waiting for {what}")


def serve_page() -> str:
    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(PAGE)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/"


async def drive_cdp_lane(base_url: str, api_key: str, page_url: str) -> None:
    async with BrowserClient(base_url, api_key) as client:
        session = await client.create_session(browser_lane="cdp")
        navigated = await client.call(session["id"], "browser_navigate", {"url": page_url})
        assert navigated.ok, navigated
        snapshot = await client.call(session["id"], "browser_snapshot")
        assert snapshot.ok, snapshot
        match = re.search(r'button "Press me" (@e\d+)', snapshot.result["snapshot"])
        assert match, snapshot.result["snapshot"]
        clicked = await client.call(session["id"], "browser_click", {"ref": match.group(1)})
        assert clicked.ok, clicked
        after = await client.call(session["id"], "browser_snapshot")
        assert after.ok and "clicked" in after.result["snapshot"], after
    print("ok: the cdp lane navigates, snapshots and clicks from the installed wheel")


def check_extension_folder() -> Path:
    printed = subprocess.run(["hermes-browser", "extension-path"], capture_output=True, text=True, check=True)
    folder = Path(printed.stdout.strip())
    assert folder == extension_dir(), (folder, extension_dir())
    assert Path(sys.prefix) in folder.parents, f"{folder} is not inside the virtual environment {sys.prefix}"
    for name in ("manifest.json", *ENGINE_FILES):
        assert (folder / name).is_file(), f"{name} is missing from {folder}"
    print(f"ok: hermes-browser extension-path prints {folder}, with the manifest and the engine")
    return folder


def check_chromium_loads(folder: Path) -> None:
    profile = Path(tempfile.mkdtemp(prefix="hermes-smoke-profile-"))
    chromium = subprocess.Popen(
        [
            "chromium",
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            f"--user-data-dir={profile}",
            "--remote-debugging-port=0",
            f"--load-extension={folder}",
            f"--disable-extensions-except={folder}",
            "about:blank",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert chromium.stderr is not None
        port = None
        for line in chromium.stderr:  # Chromium announces its DevTools endpoint once it listens
            if line.startswith("DevTools listening on ws://127.0.0.1:"):
                port = line.split(":")[2].split("/")[0]
                break
        assert port, "Chromium exited without opening its DevTools port"

        def extension_worker() -> bool:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=5) as reply:
                targets = json.load(reply)
            return any(
                t["type"] == "service_worker" and t["url"].startswith(f"chrome-extension://{HERMES_EXTENSION_ID}/")
                for t in targets
            )

        until(extension_worker, "the extension's service worker")
        print(f"ok: Chromium loads the installed extension ({HERMES_EXTENSION_ID}) and runs its service worker")
    finally:
        chromium.terminate()
        chromium.wait(timeout=TIMEOUT_S)
        shutil.rmtree(profile, ignore_errors=True)  # Chromium has exited: nothing writes into the profile any more


def hermes_browser(*arguments: str) -> str:
    """Run the installed command; its output (exit on failure, with what it said)."""
    done = subprocess.run(["hermes-browser", *arguments], capture_output=True, text=True, timeout=TIMEOUT_S)
    if done.returncode != 0:
        raise SystemExit(
            f"FAIL: hermes-browser {' '.join(arguments)} exited {done.returncode}:\n{done.stdout}{done.stderr}"
        )
    return done.stdout


def check_setup(user_home: Path) -> None:
    printed = hermes_browser("setup")
    manifest = user_home / ".config" / "chromium" / "NativeMessagingHosts" / "com.hermes.browser_control.json"
    assert manifest.is_file(), printed
    assert str(extension_dir()) in printed, printed
    print("ok: hermes-browser setup creates the key and installs the native host for Chromium")


def check_launched_browser_and_doctor(api_key: str, base_url: str) -> None:
    """``hermes-browser browser --headless --approve`` pairs; with a session on it, ``doctor`` is all ok."""
    browser = subprocess.Popen(
        ["hermes-browser", "browser", "--headless", "--approve"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert browser.stdout is not None
        printed = []
        for line in browser.stdout:  # bounded: the launcher gives up with an error within its own timeouts
            printed.append(line)
            if line.startswith("Ready:"):
                break
        assert printed and printed[-1].startswith("Ready:"), "".join(printed) + (
            browser.stderr.read() if browser.stderr else ""
        )
        paired = [line for line in printed if line.startswith("Paired as device ")]
        assert paired, printed

        async def connected_session() -> str:
            async with BrowserClient(base_url, api_key) as client:
                session = await client.create_session(label="smoke", browser_lane="extension")
                while True:
                    states = {s["id"]: (s["controller"] or {}).get("state") for s in await client.list_sessions()}
                    if states[session["id"]] == "connected":
                        break
                    await asyncio.sleep(0.05)
                return str(session["id"])

        session_id = asyncio.run(asyncio.wait_for(connected_session(), TIMEOUT_S))
        report = hermes_browser("doctor")
        lines = report.splitlines()
        assert all(line.startswith("ok") for line in lines), report
        assert any(line.startswith("ok   paired device dev_") for line in lines), report
        assert f"ok   session {session_id} (smoke): controller connected" in lines, report
        print("ok: hermes-browser browser --headless --approve pairs; hermes-browser doctor then says:")
        print("\n".join("    " + line for line in lines))
    finally:
        browser.send_signal(signal.SIGINT)
        browser.wait(timeout=TIMEOUT_S)
    assert browser.returncode == 0, browser.returncode


def check_reference_needs_a_checkout() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "hermes_server.agents.reference", "--check"], capture_output=True, text=True
    )
    assert done.returncode == 2 and "is part of a source checkout" in done.stderr, (done.returncode, done.stderr)
    print("ok: the reference generator says it needs a checkout")


def main() -> None:
    user_home = Path(tempfile.mkdtemp(prefix="hermes-smoke-user-"))
    (user_home / ".config" / "chromium").mkdir(parents=True)  # a home where Chromium has been run
    home = user_home / ".hermes"
    os.environ["HOME"] = str(user_home)
    os.environ["HERMES_HOME"] = str(home)
    try:
        newcomer_path(user_home, home)
        check_chromium_loads(check_extension_folder())
        check_reference_needs_a_checkout()
    finally:
        shutil.rmtree(user_home, ignore_errors=True)


def newcomer_path(user_home: Path, home: Path) -> None:
    """setup, serve, the cdp lane, then a launched and paired browser and doctor."""
    environment = dict(os.environ)
    check_setup(user_home)
    config = home / "hermes.yaml"
    with socket.socket() as probe:  # a free port for the server
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config.write_text(f"api_server:\n  port: {port}\nbrowser:\n  extension_control:\n    enabled: true\n")
    server = subprocess.Popen(
        ["hermes-browser", "serve", "--config", str(config)],
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None and server.stderr is not None
        banner = server.stdout.readline()  # printed once the socket is bound and the runtime file written
        runtime = read_runtime(home)
        if runtime is None or runtime["url"] not in banner:
            server.kill()
            raise SystemExit(f"FAIL: the server did not start: {banner}{server.stderr.read()[-2000:]}")
        api_key = (home / "browser-control" / "api_key").read_text().strip()
        asyncio.run(asyncio.wait_for(drive_cdp_lane(runtime["url"], api_key, serve_page()), TIMEOUT_S))
        check_launched_browser_and_doctor(api_key, runtime["url"])
    finally:
        server.terminate()
        server.wait(timeout=TIMEOUT_S)


if __name__ == "__main__":
    main()

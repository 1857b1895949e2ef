"""``hermes-browser browser`` run as a user runs it: the installed console script, in a child process.

``launched_browser(home, *options)`` starts it against the server of ``home``, reads what it prints
line by line (``expect``), and on exit interrupts it as Ctrl-C does if the test has not.  Used by
the launcher's own tests and by the tests of what a launched, paired browser makes possible
(``doctor``, MCP clients).
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from tests.conftest import scaled
from tests.support.local_stack import RunningServer

#: The console script ``pip install`` made for this environment (the command a user types).
HERMES_BROWSER = str(Path(sys.executable).with_name("hermes-browser"))
READY_TIMEOUT_S = 90.0
STOP_TIMEOUT_S = 30.0
CONNECT_TIMEOUT_S = 20.0


class LaunchedBrowser:
    """A running ``hermes-browser browser`` and everything it has printed so far."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.lines: list[str] = []

    async def expect(self, prefix: str, timeout_s: float = READY_TIMEOUT_S) -> str:
        """The next printed line that starts with ``prefix`` (fails with all output if it exits or times out)."""
        assert self.process.stdout is not None
        async with asyncio.timeout(scaled(timeout_s)):
            while line := (await self.process.stdout.readline()).decode():
                self.lines.append(line.rstrip("\n"))
                if line.startswith(prefix):
                    return line.rstrip("\n")
        raise AssertionError(f"it exited before printing {prefix!r}: {await self.output()}")

    async def output(self) -> str:
        """Once it has exited: every line it printed (``lines`` has them all then), and its stderr."""
        assert self.process.stdout is not None and self.process.stderr is not None
        await asyncio.wait_for(self.process.wait(), scaled(STOP_TIMEOUT_S))
        self.lines += (await self.process.stdout.read()).decode().splitlines()
        return "\n".join(self.lines) + "\nstderr: " + (await self.process.stderr.read()).decode()

    def printed(self, pattern: str) -> re.Match[str]:
        """The first line printed so far that matches ``pattern``."""
        found = next((m for line in self.lines if (m := re.search(pattern, line))), None)
        assert found is not None, f"nothing printed matches {pattern!r}: {self.lines}"
        return found

    async def interrupt(self) -> int:
        """Ctrl-C: SIGINT, then the rest of its output; its exit status."""
        self.process.send_signal(signal.SIGINT)
        assert self.process.stdout is not None
        async with asyncio.timeout(scaled(STOP_TIMEOUT_S)):
            rest = (await self.process.stdout.read()).decode()
            self.lines += rest.splitlines()
            return await self.process.wait()


def launcher_env(home: Path) -> dict[str, str]:
    """The user's environment with ``home`` as HERMES_HOME (no key or session of the caller's)."""
    clean = {k: v for k, v in os.environ.items() if k not in ("HERMES_API_KEY", "HERMES_SESSION")}
    return clean | {"HERMES_HOME": str(home)}


@asynccontextmanager
async def launched_browser(home: Path, *options: str) -> AsyncIterator[LaunchedBrowser]:
    """``hermes-browser browser OPTIONS`` for the server of ``home``; interrupted (and checked) on exit."""
    process = await asyncio.create_subprocess_exec(
        HERMES_BROWSER,
        "browser",
        *options,
        env=launcher_env(home),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    browser = LaunchedBrowser(process)
    try:
        yield browser
    finally:
        if process.returncode is None:  # the test did not stop it: stop it, whatever happened
            try:
                await browser.interrupt()
            except TimeoutError:
                process.kill()
                await process.wait()


async def connected_session(server: RunningServer) -> str:
    """A new extension session, once the launched browser's controller has connected to it."""
    async with server.client() as client:
        session_id = str((await client.create_session(browser_lane="extension"))["id"])
        async with asyncio.timeout(scaled(CONNECT_TIMEOUT_S)):
            while True:
                states = {s["id"]: s["controller"]["state"] for s in await client.list_sessions()}
                if states[session_id] == "connected":
                    return session_id
                await asyncio.sleep(0.05)

"""The real server, and a channel-check controller, as local child processes, for scripts.

Usage::

    async with LocalServer.start() as server, server.client() as client:
        session = await client.create_session(browser_lane="extension")
        await server.start_channel_check_controller(session["id"])
        reply = await client.call(session["id"], "controller.noop")

Used by the benchmark (``bench/roundtrip.py``) and the demo (``scripts/demo.py``).
The tests start the app in-process instead (``tests/server/helpers.py``); this module
is for runs that must look exactly like a user's, so every piece is a real process:
``python -m hermes_server serve`` and ``python -m tests.support.controller``.

Why it does what it does:

* **A throw-away ``HERMES_HOME``, config file, port and API key.**  A run must not touch
  the user's ``~/.hermes`` or collide with a server already on 8642.  The key is random
  per run and only travels in the children's environment, never on a command line.
* **Output to log files, not pipes.**  Nobody reads the server's access log while it
  runs, and a full pipe would block the server.  The logs are only read (their last
  lines) to explain a child that did not start, in a ``LaunchError``.
* **Readiness by polling ``GET /v1/capabilities``**, a bounded number of times: the
  server has no other "I am listening" signal, and the bound turns a server that cannot
  start into a clear error instead of a hang.
* **The controller's ``ready`` line** is printed once its ticket WebSocket is open, so
  from then on the session's lane is routable.
* **Everything is stopped on exit** (terminate, then kill if it lingers), even when the
  block raises, and the temporary home is removed after its processes are gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import socket
import sys
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path

from hermes_server.agents.client import BrowserClient
from hermes_server.errors import LaunchError

READY_ATTEMPTS = 150  # x READY_POLL_S: how long the server gets to start listening
READY_POLL_S = 0.1
CONTROLLER_READY_TIMEOUT_S = 15.0
STOP_TIMEOUT_S = 5.0
LOG_TAIL_LINES = 20


class LocalServer:
    """A running ``python -m hermes_server serve`` child and the helper processes started against it.

    Made by ``LocalServer.start()``, not directly.  Attributes:

    * ``url``: the server's base URL, ``http://127.0.0.1:<port>``;
    * ``api_key``: the run's random API key;
    * ``home``: the temporary ``HERMES_HOME`` (config file and logs live here; removed on exit);
    * ``env``: the environment the children run with (``HERMES_HOME``, ``HERMES_API_KEY``).
    """

    def __init__(self, *, url: str, api_key: str, home: Path, env: dict[str, str]) -> None:
        self.url = url
        self.api_key = api_key
        self.home = home
        self.env = env
        self._server: asyncio.subprocess.Process | None = None
        self._helpers: list[asyncio.subprocess.Process] = []

    @classmethod
    @contextlib.asynccontextmanager
    async def start(
        cls, *, extension_control: bool = True, home_prefix: str = "hermes-local-"
    ) -> AsyncIterator[LocalServer]:
        """Start the server in a fresh temporary home and yield once it answers HTTP.

        ``home_prefix`` names the temporary directory, so a leftover one (after a crash)
        tells which script made it.  Raises ``LaunchError`` if the server does not start.
        """
        with tempfile.TemporaryDirectory(prefix=home_prefix) as temporary:
            home = Path(temporary)
            api_key = secrets.token_urlsafe(32)
            port = _free_loopback_port()
            env = dict(os.environ, HERMES_HOME=str(home), HERMES_API_KEY=api_key, PYTHONUNBUFFERED="1")
            server = cls(url=f"http://127.0.0.1:{port}", api_key=api_key, home=home, env=env)
            try:
                await server._start_server(port, extension_control)
                yield server
            finally:
                await server._stop_all()

    @property
    def pid(self) -> int:
        """The server process's id (to show, or to find it in ``ps``)."""
        assert self._server is not None, "LocalServer.start() sets the server process before yielding"
        return self._server.pid

    def client(self) -> BrowserClient:
        """A ``BrowserClient`` for this server and key; use it as ``async with server.client() as client``."""
        return BrowserClient(self.url, self.api_key)

    async def start_channel_check_controller(self, session_id: str) -> asyncio.subprocess.Process:
        """Start ``python -m tests.support.controller`` for a session and wait for its ``ready`` line.

        That controller registers only ``controller.noop``.  The process is returned so the
        caller can watch it (``pid``, ``wait()``); it is stopped when the ``async with`` ends.
        """
        log = self.home / f"controller-{len(self._helpers) + 1}.log"  # one each: "wb" would truncate
        with log.open("wb") as errors:
            controller = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tests.support.controller", "--server", self.url, "--session", session_id,
                env=self.env, stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE, stderr=errors,
            )
        self._helpers.append(controller)
        assert controller.stdout is not None  # stdout=PIPE above
        try:
            line = await asyncio.wait_for(controller.stdout.readline(), CONTROLLER_READY_TIMEOUT_S)
        except TimeoutError:
            await _stop(controller)
            raise LaunchError(
                f"the controller did not print 'ready' within {CONTROLLER_READY_TIMEOUT_S:g} s:\n{_tail(log)}"
            ) from None
        if line.strip() != b"ready":
            if not line:
                # End of output: it is exiting by itself.  Wait for it rather than signal it, because
                # a signal sent now reaps it behind asyncio's back and its exit status reads 255.
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(controller.wait(), STOP_TIMEOUT_S)
            await _stop(controller)  # before the message, so that it can report the exit status
            said = f"printed {line[:200]!r}" if line else f"exited (status {controller.returncode})"
            raise LaunchError(f"the controller {said} instead of printing 'ready':\n{_tail(log)}")
        return controller

    async def _start_server(self, port: int, extension_control: bool) -> None:
        config = self.home / "config.yaml"
        config.write_text(
            "api_server:\n"
            "  host: 127.0.0.1\n"
            f"  port: {port}\n"
            "browser:\n"
            "  extension_control:\n"
            f"    enabled: {'true' if extension_control else 'false'}\n",
            encoding="utf-8",
        )
        log = self.home / "server.log"
        with log.open("wb") as output:
            self._server = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "hermes_server", "serve", "--config", str(config),
                env=self.env, stdin=asyncio.subprocess.DEVNULL, stdout=output, stderr=asyncio.subprocess.STDOUT,
            )
        await self._wait_until_serving(self._server, log)

    async def _wait_until_serving(self, server: asyncio.subprocess.Process, log: Path) -> None:
        last_error = "no attempt made"
        async with self.client() as client:
            for _ in range(READY_ATTEMPTS):
                if server.returncode is not None:
                    raise LaunchError(f"the server exited with status {server.returncode}:\n{_tail(log)}")
                try:
                    await client.capabilities()
                    return
                except Exception as error:  # refused connection, reset, early 5xx...: all mean "not yet"
                    last_error = f"{type(error).__name__}: {error}"
                await asyncio.sleep(READY_POLL_S)
        raise LaunchError(
            f"the server at {self.url} did not answer GET /v1/capabilities within "
            f"{READY_ATTEMPTS * READY_POLL_S:g} s (last error: {last_error}):\n{_tail(log)}"
        )

    async def _stop_all(self) -> None:
        """Helpers first, newest first, then the server, so that no helper sees its server vanish under it."""
        for process in reversed(self._helpers):
            await _stop(process)
        if self._server is not None:
            await _stop(self._server)


def _free_loopback_port() -> int:
    """A port nobody listens on right now (the kernel picks it; there is a tiny race until the server binds)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _tail(log: Path) -> str:
    """The end of a child's log, to explain why it failed."""
    try:
        text = log.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return "(no log)"
    return "\n".join(text.splitlines()[-LOG_TAIL_LINES:]) or "(empty log)"


async def _stop(process: asyncio.subprocess.Process) -> None:
    """Terminate a child, then kill it if it lingers.  Safe to call on one that already exited."""
    if process.returncode is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        process.terminate()
    try:
        await asyncio.wait_for(process.wait(), STOP_TIMEOUT_S)
    except TimeoutError:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        await process.wait()

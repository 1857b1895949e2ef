"""The one local stack: the real Hermes server on loopback, in a throw-away home with a random API key, and a client.

Two ways to run the same server, for two needs:

* ``running_server()`` runs it **in this process**, on the caller's event loop.  Tests use it: it
  starts in milliseconds, and a test can reach into the app (its pairings, its broker) to check
  what the server really holds.  Its cdp lane is a stand-in given by the test, nothing at all
  (``UnavailableBackend``, so that no test launches a browser by accident), or, with
  ``own_chromium=True``, the real lane, which launches its own headless Chromium on a cdp
  session's first call as ``hermes-browser serve`` does.
* ``ServerProcess.start()`` runs it as **a child process**, ``python -m hermes_server serve``,
  exactly as a user does.  The benchmarks and the demo use it: an in-process server would share
  their event loop and hide the cost of the hops they measure or show.

What both do, and why:

* **A throw-away ``HERMES_HOME``, port and API key.**  A run must not touch the user's
  ``~/.hermes`` or collide with a server already on 8642.  The key is random per run; a child
  gets it in its environment, never on a command line.
* **Everything is stopped on exit**, even when the block raises, and the temporary home is
  removed after the processes that use it are gone.

For the child, also: output to a log file, not a pipe (nobody reads the access log while it
runs, and a full pipe would block the server; its tail explains a child that did not start);
readiness by polling ``GET /v1/capabilities`` a bounded number of times (the server has no
other "I am listening" signal); and helpers (``start_channel_check_controller``) stopped before
the server, newest first.
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
from dataclasses import replace
from pathlib import Path
from typing import Any

from aiohttp import web

from hermes_server.agents.client import BrowserClient
from hermes_server.app import start_server
from hermes_server.config import ServerConfig
from hermes_server.errors import LaunchError
from hermes_server.routing.lanes import Backend, UnavailableBackend
from tests.conftest import scaled

#: Allowed besides the real extension's origin, for tests that register as a made-up extension.
EXTENSION_ORIGIN = "chrome-extension://" + "a" * 32
READY_ATTEMPTS = 150  # x READY_POLL_S: how long a child server gets to start listening
READY_POLL_S = 0.1
CONTROLLER_READY_TIMEOUT_S = 15.0
STOP_TIMEOUT_S = 5.0
LANE_STATE_TIMEOUT_S = 5.0
LANE_STATE_POLL_S = 0.01
LOG_TAIL_LINES = 20


class LocalServer:
    """A running server: its base URL (``http://127.0.0.1:<port>``), API key and temporary ``HERMES_HOME``."""

    def __init__(self, *, url: str, api_key: str, home: Path) -> None:
        self.url = url
        self.api_key = api_key
        self.home = home

    def client(self, api_key: str | None = None) -> BrowserClient:
        """A ``BrowserClient`` for this server (with its key unless told otherwise): ``async with server.client()``."""
        return BrowserClient(self.url, api_key or self.api_key)


# ----- in this process -------------------------------------------------------------------------------


class RunningServer(LocalServer):
    """A server in this process; ``app`` is its aiohttp application, ``config`` what it was started with."""

    def __init__(self, *, url: str, app: web.Application, config: ServerConfig) -> None:
        super().__init__(url=url, api_key=config.api_key, home=config.home)
        self.app = app
        self.config = config


@contextlib.asynccontextmanager
async def running_server(
    cdp_backend: Backend | None = None,
    *,
    own_chromium: bool = False,
    home: Path | None = None,
    port: int = 0,
    **settings: Any,
) -> AsyncIterator[RunningServer]:
    """Start the server here on 127.0.0.1 with a fresh key, extension control on unless ``settings`` say otherwise.

    The cdp lane is ``cdp_backend``, the real one with ``own_chromium``, or none at all.
    ``home`` is its HERMES_HOME (a fresh temporary one unless given, e.g. to restart on the same pairings).
    """
    if own_chromium and cdp_backend is not None:
        raise ValueError("give a cdp_backend or own_chromium, not both")
    with tempfile.TemporaryDirectory(prefix="hermes-test-home-") as scratch:
        defaults: dict[str, Any] = {"extension_control_enabled": True, "allowed_origins": (EXTENSION_ORIGIN,)}
        config = replace(
            ServerConfig(api_key=secrets.token_urlsafe(32), port=port, home=home or Path(scratch)),
            **(defaults | settings),
        )
        # start_server builds the real cdp lane from the configuration when given no backend.
        backend = None if own_chromium else cdp_backend or UnavailableBackend()
        runner, url = await start_server(config, cdp_backend=backend)
        try:
            yield RunningServer(url=url, app=runner.app, config=config)
        finally:
            await runner.cleanup()


# ----- as a child process ----------------------------------------------------------------------------


class ServerProcess(LocalServer):
    """A running ``python -m hermes_server serve`` child and the helper processes started against it.

    Made by ``ServerProcess.start()``.  ``env`` is the environment the children run with
    (``HERMES_HOME``, ``HERMES_API_KEY``); the server's log is ``home / "server.log"``.
    """

    def __init__(self, *, url: str, api_key: str, home: Path, env: dict[str, str]) -> None:
        super().__init__(url=url, api_key=api_key, home=home)
        self.env = env
        self._server: asyncio.subprocess.Process | None = None
        self._helpers: list[asyncio.subprocess.Process] = []

    @classmethod
    @contextlib.asynccontextmanager
    async def start(
        cls, *, extension_control: bool = True, home_prefix: str = "hermes-local-"
    ) -> AsyncIterator[ServerProcess]:
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
        assert self._server is not None, "ServerProcess.start() sets the server process before yielding"
        return self._server.pid

    def log_text(self) -> str:
        """What the server has logged so far (the pairing code, for instance)."""
        return (self.home / "server.log").read_text(encoding="utf-8", errors="replace")

    async def start_channel_check_controller(self, session_id: str) -> asyncio.subprocess.Process:
        """Start ``python -m tests.support.controller`` for a session and wait for its ``ready`` line.

        That controller registers only ``controller.noop``.  The process is returned so the
        caller can watch it (``pid``, ``wait()``); it is stopped when the ``async with`` ends.
        """
        log = self.home / f"controller-{len(self._helpers) + 1}.log"  # one each: "wb" would truncate
        with log.open("wb") as errors:
            controller = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "tests.support.controller",
                "--server",
                self.url,
                "--session",
                session_id,
                env=self.env,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE,
                stderr=errors,
                cwd=Path(__file__).resolve().parents[2],  # where ``tests`` is importable from
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
                sys.executable,
                "-m",
                "hermes_server",
                "serve",
                "--config",
                str(config),
                env=self.env,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=output,
                stderr=asyncio.subprocess.STDOUT,
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


# ----- either way --------------------------------------------------------------------------------------


async def wait_for_lane_state(server: LocalServer, session_id: str, state: str, timeout_s: float | None = None) -> None:
    """Poll the session list until the session's controller lane is in ``state``.

    The server pushes no lane-state events to agents, so this polls, within ``timeout_s``
    (a scaled test timeout unless given).
    """
    seen = "unknown"
    try:
        async with server.client() as client, asyncio.timeout(timeout_s or scaled(LANE_STATE_TIMEOUT_S)):
            while seen != state:
                sessions = {session["id"]: session for session in await client.list_sessions()}
                seen = sessions[session_id]["controller"]["state"]
                if seen != state:
                    await asyncio.sleep(LANE_STATE_POLL_S)
    except TimeoutError:
        raise TimeoutError(f"the lane of session {session_id} stayed {seen!r}, never {state!r}") from None

"""Round-trip benchmark: how long one ``controller.noop`` takes end to end, against an HTTP-only baseline.

Run it as ``python bench/roundtrip.py [--calls N] [--concurrency K] [--warmup W]``.
It is a benchmark, not a test: it prints figures and a verdict against the target
(p50 below 2 ms) and exits 0 whatever the verdict; only a broken run (the server
or the controller does not start, a call fails) exits non-zero.

Why each part exists:

* **Real processes, nothing in-process.**  The server runs as ``python -m hermes_server
  serve`` and the controller as ``python -m hermes_server.controller_client``, each its own
  process, exactly as they run for a user.  An in-process server would share the
  benchmark's event loop and hide the cost of the scheduling and socket hops we want
  to measure.
* **A throw-away ``HERMES_HOME``, config file, port and key.**  The run must not touch the
  user's ``~/.hermes`` or collide with a server already on 8642; the key is random per
  run and only ever travels in the environment of the child processes.
* **Readiness by polling ``GET /v1/capabilities``** (bounded): the server has no other
  "I am listening" signal, and a bound on the attempts turns a server that cannot start
  into a clear error instead of a hang.
* **The controller's ``ready`` line**: it is printed once its ticket WebSocket is open,
  so from then on the session's lane is routable.
* **Warm-up** (default 100 calls on each path) so that connection set-up, first-call
  imports and allocator growth are not counted in the figures.
* **The HTTP-only baseline** (``GET /v1/capabilities`` with the same client) is timed in
  the same run, on the same machine and the same moment: the ratio of the two p50s tells
  how much the WebSocket hop and the controller add, independently of how fast this
  machine is.
* **``--concurrency``** splits the calls between K callers running at once, to see the
  throughput when several agents' calls are in flight together.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.metadata
import os
import platform
import secrets
import socket
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from hermes_server.client import BrowserClient
from hermes_server.errors import HermesError

TARGET_P50_MS = 2.0
READY_ATTEMPTS = 150  # x READY_POLL_S: how long the server gets to start listening
READY_POLL_S = 0.1
CONTROLLER_READY_TIMEOUT_S = 15.0
STOP_TIMEOUT_S = 5.0


class BenchError(Exception):
    """The run itself broke (as opposed to a slow result): reported on stderr, exit status 1."""


@dataclass(frozen=True)
class Figures:
    """Latency and throughput of one path."""

    name: str
    latencies_ms: list[float]
    wall_s: float

    @property
    def p50(self) -> float:
        return statistics.median(self.latencies_ms)

    @property
    def p99(self) -> float:
        if len(self.latencies_ms) < 2:
            return self.latencies_ms[0]
        return statistics.quantiles(self.latencies_ms, n=100, method="inclusive")[98]

    @property
    def mean(self) -> float:
        return statistics.fmean(self.latencies_ms)

    @property
    def calls_per_s(self) -> float:
        return len(self.latencies_ms) / self.wall_s


# ----- processes -------------------------------------------------------------------------------------


def free_loopback_port() -> int:
    """A port nobody listens on right now (the kernel picks it; there is a tiny race until the server binds)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def write_config(home: Path, port: int) -> Path:
    """The smallest config that turns extension control on, on loopback and the chosen port."""
    path = home / "config.yaml"
    path.write_text(
        "api_server:\n"
        "  host: 127.0.0.1\n"
        f"  port: {port}\n"
        "browser:\n"
        "  extension_control:\n"
        "    enabled: true\n",
        encoding="utf-8",
    )
    return path


def child_environment(home: Path, api_key: str) -> dict[str, str]:
    env = dict(os.environ)
    env["HERMES_HOME"] = str(home)
    env["HERMES_API_KEY"] = api_key
    env["PYTHONUNBUFFERED"] = "1"
    return env


def tail(path: Path, lines: int = 20) -> str:
    """The end of a child's log, to explain why it failed."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return "(no log)"
    return "\n".join(text.splitlines()[-lines:]) or "(empty log)"


async def start_server(home: Path, config: Path, env: dict[str, str]) -> asyncio.subprocess.Process:
    """Start the real server.  Its output goes to a file: the access log would fill (and block) a pipe."""
    with (home / "server.log").open("wb") as log:
        return await asyncio.create_subprocess_exec(
            sys.executable, "-m", "hermes_server", "serve", "--config", str(config),
            env=env, stdin=asyncio.subprocess.DEVNULL, stdout=log, stderr=asyncio.subprocess.STDOUT,
        )


async def wait_until_serving(client: BrowserClient, server: asyncio.subprocess.Process, log: Path) -> None:
    """Poll ``GET /v1/capabilities`` until it answers, a bounded number of times."""
    last_error = "no attempt made"
    for _ in range(READY_ATTEMPTS):
        if server.returncode is not None:
            raise BenchError(f"the server exited with status {server.returncode}:\n{tail(log)}")
        try:
            await client.capabilities()
            return
        except Exception as error:  # refused connection, reset, early 5xx...: all mean "not yet", within the bound
            last_error = f"{type(error).__name__}: {error}"
        await asyncio.sleep(READY_POLL_S)
    raise BenchError(
        f"the server at {client.base_url} did not answer GET /v1/capabilities within "
        f"{READY_ATTEMPTS * READY_POLL_S:g} s (last error: {last_error}):\n{tail(log)}"
    )


async def start_controller(
    base_url: str, session_id: str, home: Path, env: dict[str, str]
) -> asyncio.subprocess.Process:
    """Start the channel-check controller in its own process and wait for its ``ready`` line."""
    log = home / "controller.log"
    with log.open("wb") as errors:
        controller = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "hermes_server.controller_client", "--server", base_url, "--session", session_id,
            env=env, stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE, stderr=errors,
        )
    assert controller.stdout is not None
    try:
        line = await asyncio.wait_for(controller.stdout.readline(), CONTROLLER_READY_TIMEOUT_S)
    except TimeoutError:
        await stop(controller)
        raise BenchError(
            f"the controller did not print 'ready' within {CONTROLLER_READY_TIMEOUT_S:g} s:\n{tail(log)}"
        ) from None
    if line.strip() != b"ready":
        await stop(controller)
        said = f"printed {line[:200]!r}" if line else f"exited (status {controller.returncode})"
        raise BenchError(f"the controller {said} instead of printing 'ready':\n{tail(log)}")
    return controller


async def stop(process: asyncio.subprocess.Process | None) -> None:
    """Terminate a child, then kill it if it lingers.  Safe to call on one that already exited."""
    if process is None or process.returncode is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        process.terminate()
    try:
        await asyncio.wait_for(process.wait(), STOP_TIMEOUT_S)
    except TimeoutError:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        await process.wait()


# ----- measuring -------------------------------------------------------------------------------------


async def measure(name: str, call: Callable[[], Awaitable[None]], calls: int, concurrency: int) -> Figures:
    """Run ``calls`` calls split between ``concurrency`` callers; each caller runs its share one after another."""
    latencies: list[float] = []
    shares = [calls // concurrency + (1 if i < calls % concurrency else 0) for i in range(concurrency)]

    async def caller(share: int) -> None:
        for _ in range(share):
            started = time.perf_counter_ns()
            await call()
            latencies.append((time.perf_counter_ns() - started) / 1e6)

    started = time.perf_counter()
    await asyncio.gather(*(caller(share) for share in shares if share))
    return Figures(name, latencies, time.perf_counter() - started)


def print_report(noop: Figures, http: Figures, *, calls: int, concurrency: int, warmup: int) -> None:
    aiohttp_version = importlib.metadata.version("aiohttp")
    print(
        f"Hermes round trip: {calls} calls per path, {concurrency} concurrent caller(s), warm-up {warmup} "
        f"(Python {platform.python_version()}, aiohttp {aiohttp_version}, {platform.machine()}, {os.cpu_count()} CPUs)"
    )
    print(f"{'path':<48} {'p50 ms':>8} {'p99 ms':>8} {'mean ms':>8} {'calls/s':>9}")
    for figures in (noop, http):
        print(
            f"{figures.name:<48} {figures.p50:>8.3f} {figures.p99:>8.3f} {figures.mean:>8.3f} "
            f"{figures.calls_per_s:>9.0f}"
        )
    print(f"ratio noop p50 / HTTP-only p50: {noop.p50 / http.p50:.2f}x")
    verdict = "PASS" if noop.p50 < TARGET_P50_MS else "FAIL"
    note = "" if concurrency == 1 else f" (measured under {concurrency} concurrent callers; the target is sequential)"
    print(f"target: p50 < {TARGET_P50_MS:g} ms -> {verdict}{note}")


async def run(calls: int, concurrency: int, warmup: int) -> None:
    server: asyncio.subprocess.Process | None = None
    controller: asyncio.subprocess.Process | None = None
    with tempfile.TemporaryDirectory(prefix="hermes-bench-") as temporary:
        home = Path(temporary)
        port = free_loopback_port()
        api_key = secrets.token_urlsafe(32)
        env = child_environment(home, api_key)
        base_url = f"http://127.0.0.1:{port}"
        try:
            server = await start_server(home, write_config(home, port), env)
            async with BrowserClient(base_url, api_key) as client:
                await wait_until_serving(client, server, home / "server.log")
                session = await client.create_session(label="bench", browser_lane="extension")
                controller = await start_controller(base_url, session["id"], home, env)

                async def noop() -> None:
                    reply = await client.call(session["id"], "controller.noop")
                    if not reply.ok:
                        raise BenchError(f"controller.noop failed: {reply.error_code}: {reply.error_message}")

                async def capabilities() -> None:
                    body = await client.capabilities()
                    if "features" not in body:
                        raise BenchError(f"GET /v1/capabilities answered an unexpected body: {str(body)[:200]}")

                for path in (noop, capabilities):
                    await measure("warm-up", path, warmup, concurrency)
                noop_figures = await measure(
                    "controller.noop (HTTP -> server -> WS -> ctrl)", noop, calls, concurrency
                )
                http_figures = await measure("GET /v1/capabilities (HTTP only)", capabilities, calls, concurrency)
                await client.close_session(session["id"])
            print_report(noop_figures, http_figures, calls=calls, concurrency=concurrency, warmup=warmup)
        finally:
            await stop(controller)
            await stop(server)


def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=positive, default=2000, help="timed calls per path (default 2000)")
    parser.add_argument("--concurrency", type=positive, default=1, help="concurrent callers (default 1)")
    parser.add_argument("--warmup", type=int, default=100, help="untimed calls per path first (default 100)")
    options = parser.parse_args()
    concurrency = min(options.concurrency, options.calls)
    try:
        asyncio.run(run(options.calls, concurrency, max(0, options.warmup)))
    except (BenchError, HermesError) as error:
        print(f"roundtrip: the run broke: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Round-trip benchmark: how long one ``controller.noop`` takes end to end, against an HTTP-only baseline.

Run it as ``python bench/roundtrip.py [--calls N] [--concurrency K] [--warmup W]``.
It is a benchmark, not a test: it prints figures and a verdict against the target
(p50 below 2 ms) and exits 0 whatever the verdict; only a broken run (the server
or the controller does not start, a call fails) exits non-zero.

Why each part exists:

* **Real processes, nothing in-process.**  The server runs as ``python -m hermes_server
  serve`` and the controller as ``python -m tests.support.controller``, each its own
  process, exactly as they run for a user.  An in-process server would share the
  benchmark's event loop and hide the cost of the scheduling and socket hops we want
  to measure.  ``tests.support.local_stack.ServerProcess`` starts them, in a throw-away ``HERMES_HOME``
  with its own port and random key (so the run never touches ``~/.hermes`` or a server
  already on 8642), waits until each is ready (bounded) and stops them at the end.
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

import sys
from pathlib import Path

# ``python bench/<script>.py`` puts only bench/ on sys.path; the harness is in the repository's tests/support.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import argparse
import asyncio
import importlib.metadata
import os
import platform
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from latency import LatencyFigures

from hermes_wire.errors import HermesError
from tests.support.local_stack import ServerProcess

TARGET_P50_MS = 2.0


class BenchError(Exception):
    """The run itself broke (as opposed to a slow result): reported on stderr, exit status 1."""


@dataclass(frozen=True)
class Figures(LatencyFigures):
    """Latency and throughput of one path."""

    wall_s: float = 0.0

    @property
    def calls_per_s(self) -> float:
        return len(self.latencies_ms) / self.wall_s


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
    async with ServerProcess.start(home_prefix="hermes-bench-") as server, server.client() as client:
        session = await client.create_session(label="bench", browser_lane="extension")
        await server.start_channel_check_controller(session["id"])

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
        noop_figures = await measure("controller.noop (HTTP -> server -> WS -> ctrl)", noop, calls, concurrency)
        http_figures = await measure("GET /v1/capabilities (HTTP only)", capabilities, calls, concurrency)
        await client.close_session(session["id"])
    print_report(noop_figures, http_figures, calls=calls, concurrency=concurrency, warmup=warmup)


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

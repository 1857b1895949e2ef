"""Selenium Grid benchmark: N agent sessions in parallel on the cdp lane, their browsers from a Selenium Grid (a hub
and two Chromium nodes on loopback) and from the local launcher, in one run.

Run it as ``python bench/grid.py [--sessions N] [--rounds R] [--slots S]`` (``tests/grid/install`` first: Java and
the Grid's jar).  It is a benchmark, not a test: it prints, per source, the throughput (calls per second over the
whole parallel run, and sessions per minute) and the p50/p95 of each call, and exits 0; a call that fails exits 1.

What is measured, and why:

* **The product as a user runs it**: each source is a server child process (``ServerProcess``); the Grid's is
  pointed at the hub by ``SELENIUM_GRID_URL`` in its environment alone, as a user would. Every timed call is an
  agent's HTTP call through every hop (server, the Grid's DevTools proxy, the node's Chromium).
* **The same work per session**: create the session; ``browser_navigate`` to the contract page (its first call: the
  Grid's New Session and a browser start, timed apart as "first navigate"); then R rounds of snapshot, click,
  type and navigate back to the page; close the session (which deletes the Grid session). Refs are read from each
  round's snapshot, as an agent reads them, and every answer is checked: the click's page line, the typed value.
* **N sessions at once** (default 4: the Grid's two nodes with ``--slots`` 2 sessions each, all busy). With N above
  the Grid's slots, the extra sessions wait in the Grid's queue; their first navigate shows that wait.
* The two sources run one after another, never side by side, on the same pages (served on loopback).
"""

from __future__ import annotations

import sys
from pathlib import Path

# ``python bench/<script>.py`` puts only bench/ on sys.path; the harness is in the repository's tests/support.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import argparse
import asyncio
import os
import re
import statistics
import time
from collections import defaultdict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from hermes_server.agents.client import BrowserClient
from hermes_wire.tool_spec import CDP_LANE
from tests.lanes.pages import PAGES
from tests.support.local_stack import ServerProcess
from tests.support.pages import PageServer, serve_pages
from tests.support.selenium_grid import local_grid

REF = re.compile(r"@e\d+")
CALL_TIMEOUT_S = 120.0  # a session queued in the Grid waits for a slot within its first call


@dataclass
class Figures:
    """One source's run: each call's latencies (ms), the calls made and the run's wall time."""

    latencies_ms: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    wall_s: float = 0.0

    @property
    def calls(self) -> int:
        return sum(len(values) for values in self.latencies_ms.values())


async def timed(
    client: BrowserClient, figures: Figures, name: str, session_id: str, tool: str, **arguments: object
) -> Any:
    started = time.perf_counter()
    outcome = await client.call(session_id, tool, dict(arguments), timeout_s=CALL_TIMEOUT_S)
    figures.latencies_ms[name].append((time.perf_counter() - started) * 1000)
    if not outcome.ok:
        raise SystemExit(f"{tool} failed in session {session_id}: {outcome.error_code}: {outcome.error_message}")
    return outcome.result


async def one_session(client: BrowserClient, pages: PageServer, rounds: int, figures: Figures, n: int) -> None:
    session_id = (await client.create_session(label=f"grid-bench-{n}", browser_lane=CDP_LANE))["id"]
    try:
        await timed(client, figures, "first navigate", session_id, "browser_navigate", url=pages.url("/contract"))
        for round_number in range(rounds):
            snapshot = (await timed(client, figures, "snapshot", session_id, "browser_snapshot"))["snapshot"]
            button, field = ref_of(snapshot, '- button "Press me"'), ref_of(snapshot, '- textbox "Name"')
            clicked = await timed(client, figures, "click", session_id, "browser_click", ref=button, see="changes")
            if "Clicked once" not in str(clicked):
                raise SystemExit(f"the click did not show on the page in session {session_id}: {clicked}")
            text = f"round {round_number}"
            typed = await timed(client, figures, "type", session_id, "browser_type", ref=field, text=text)
            if typed.get("value") != text:
                raise SystemExit(f"the typed value is not the field's in session {session_id}: {typed}")
            await timed(client, figures, "navigate", session_id, "browser_navigate", url=pages.url("/contract"))
    finally:
        await client.close_session(session_id)


def ref_of(snapshot: str, line_start: str) -> str:
    """The ref on the snapshot's line that starts with ``line_start``."""
    for line in snapshot.splitlines():
        found = REF.search(line)
        if line.strip().startswith(line_start) and found:
            return found[0]
    raise SystemExit(f"no {line_start!r} line with a ref in:\n{snapshot}")


@asynccontextmanager
async def server_on(grid_url: str | None) -> AsyncIterator[ServerProcess]:
    """A server child process whose cdp lane takes its browsers from the Grid at ``grid_url`` (None: the launcher)."""
    saved = os.environ.pop("SELENIUM_GRID_URL", None)
    if grid_url is not None:
        os.environ["SELENIUM_GRID_URL"] = grid_url  # ServerProcess gives the child this process's environment
    try:
        async with ServerProcess.start(extension_control=False, home_prefix="hermes-grid-bench-") as server:
            yield server
    finally:
        os.environ.pop("SELENIUM_GRID_URL", None)
        if saved is not None:
            os.environ["SELENIUM_GRID_URL"] = saved


async def run(grid_url: str | None, pages: PageServer, sessions: int, rounds: int) -> Figures:
    figures = Figures()
    async with server_on(grid_url) as server, server.client() as client:
        started = time.perf_counter()
        await asyncio.gather(*(one_session(client, pages, rounds, figures, n) for n in range(sessions)))
        figures.wall_s = time.perf_counter() - started
    return figures


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def report(results: dict[str, Figures], sessions: int) -> None:
    """One column per source: the run's throughput, then each call's p50 / p95 in ms."""
    names = ["first navigate", "snapshot", "click", "type", "navigate"]
    rows = [
        ("calls per second", [f"{f.calls / f.wall_s:.1f}" for f in results.values()]),
        ("sessions per minute", [f"{sessions / f.wall_s * 60:.1f}" for f in results.values()]),
    ]
    for name in names:
        cells = [
            f"{statistics.median(f.latencies_ms[name]):.0f} / {percentile(f.latencies_ms[name], 0.95):.0f}"
            for f in results.values()
        ]
        rows.append((f"{name} p50 / p95 (ms)", cells))
    print(f"\n{'':<28}" + "".join(f"{source:>22}" for source in results))
    for label, cells in rows:
        print(f"{label:<28}" + "".join(f"{cell:>22}" for cell in cells))
    print("\n(calls per second: every timed call of the run over its wall time, the sessions in parallel)")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=4, help="sessions run in parallel (default 4)")
    parser.add_argument("--rounds", type=int, default=10, help="rounds of snapshot, click, type, navigate (10)")
    parser.add_argument("--slots", type=int, default=2, help="sessions per Grid node (default 2; two nodes)")
    options = parser.parse_args()
    print(f"{os.cpu_count()} CPUs; {options.sessions} sessions in parallel, {options.rounds} rounds each")
    results: dict[str, Figures] = {}
    with serve_pages(PAGES) as pages:
        results["local launcher"] = await run(None, pages, options.sessions, options.rounds)
        with local_grid(nodes=2, max_sessions=options.slots) as grid:
            label = f"Grid (2 nodes x {options.slots})"
            results[label] = await run(grid.url, pages, options.sessions, options.rounds)
    report(results, options.sessions)


if __name__ == "__main__":
    asyncio.run(main())

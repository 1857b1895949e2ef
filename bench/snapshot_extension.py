"""Extension-lane benchmark: ``browser_snapshot`` and ``controller.noop`` via the installed extension vs Playwright MCP.

Run it as ``python bench/snapshot_extension.py [--runs N] [--warmup W]``.
It is a benchmark, not a test: it prints figures, ratios and a verdict per target
(snapshot time at most 0.5x Playwright MCP's; full snapshot at most 0.8x Playwright's
characters with every link, button and textbox still there; ``controller.noop`` p50
under 5 ms) and exits 0 whatever the verdicts.  A broken run (something does not start,
a call fails) exits 1; a missing ``python3.11-doc`` exits 2 with how to install it.

Why each part exists:

* **The whole product, as a user runs it.**  The real server is a child process
  (``ServerProcess``), Chromium is Debian's with the unpacked extension and the native-host
  manifest in a fresh profile (``local_chromium``), and pairing is the one click in the real
  popup.  A timed ``browser_snapshot`` therefore crosses every hop an agent's call crosses:
  HTTP -> server -> ticket WebSocket -> native host -> extension service worker -> the snapshot
  engine injected in the page -> back.  Anything slow on that path shows in the figure.
* **One real, large page.**  ``library/stdtypes.html`` from Debian's ``python3.11-doc`` is
  long, link-heavy and has a search box: a compact snapshot must cut it, and a full one is
  big enough that the text format's size matters.  It is served over loopback HTTP on a
  kernel-chosen port (Playwright MCP refuses ``file:`` URLs, and a fixed port can collide with
  another run on the same machine).
* **The peer is what agents use today**: Playwright MCP (npm ``@playwright/mcp``), driven over
  stdio with the official ``mcp`` SDK client exactly as an agent would, on the same Chromium
  binary (``--executable-path``) so it never downloads a browser of its own.  It is installed
  into ``bench/.peers/`` (gitignored) on first use.  It runs after the Hermes stack has been
  stopped, so the two browsers never compete for the CPU.
* **Counting links, buttons and textboxes** in both texts is how "smaller but nothing an
  agent can act on is lost" is checked: a smaller snapshot that drops controls would be a
  false win.  Both formats put one element per line as ``- role "name" ...``.
* **Warm-up before timing** (default 1 snapshot of each kind, 50 no-ops), so the first
  injection of the engine, connection set-up and JIT warm-up are not counted; the median and
  the minimum of the timed runs are shown (the minimum is the path's floor, the median what an
  agent typically waits).
* **``controller.noop``** measures the lane itself with no page work, so a slow snapshot can be
  told apart from a slow channel.

What it shares with ``snapshot_cdp.py`` (installing and launching the peer, serving the page,
timing, counting controls, exit statuses) is in ``peers.py`` next to it, so both measure alike.
"""

from __future__ import annotations

import sys
from pathlib import Path

# ``python bench/<script>.py`` puts only bench/ on sys.path; the harness is in the repository's tests/support.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import argparse
import os
import platform
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import peers
from latency import LatencyFigures

from hermes_server.agents.client import BrowserClient
from tests.support.chromium import WINDOW_SIZE
from tests.support.extension_browser import local_chromium, pair_through_popup
from tests.support.local_stack import ServerProcess, wait_for_lane_state

PAGE = "library/stdtypes.html"
VIEWPORT = "{}x{}".format(*WINDOW_SIZE)  # the window local_chromium opens, so both browsers lay the page out alike

TARGET_TIME_RATIO = 0.5
TARGET_CHARS_RATIO = 0.8
TARGET_NOOP_P50_MS = 5.0
#: Issue 12 (snapshots that read like the page) must not cost the lead: stricter than the targets above.
LEAD_CHARS_RATIO = 0.45
LEAD_TIME_RATIO = 0.2

PAIRING_TIMEOUT_S = 30.0
CONNECT_TIMEOUT_S = 20.0


# ----- figures ---------------------------------------------------------------------------------------


def snapshot_figures(lane: str, times: list[float], text: str) -> peers.SnapshotFigures:
    """A Hermes snapshot's figures: its text is what the agent reads, so it is both measured and counted whole."""
    return peers.SnapshotFigures(lane, PAGE, times, len(text), peers.Controls.of(text, peers.DASH_LINES))


# ----- Hermes through the extension ------------------------------------------------------------------


@dataclass(frozen=True)
class HermesFigures:
    """What the extension lane measured, and the Chromium it ran on (printed, to compare runs)."""

    full: peers.SnapshotFigures
    compact: peers.SnapshotFigures
    noop: LatencyFigures
    chromium: str


def check_code_in_log(server: ServerProcess) -> Callable[[str], None]:
    """The check of the popup's code: the server logs the code of each pairing request it holds."""

    def check(code: str) -> None:
        logged = server.log_text()
        if "verification code" in logged and code not in logged:
            raise peers.BenchError(f"the popup shows code {code}, which is not the one the server logged")

    return check


async def ok(
    client: BrowserClient,
    session_id: str,
    tool: str,
    arguments: dict[str, Any] | None = None,
    timeout_s: float | None = None,
) -> Any:
    """Call a tool; a failed call breaks the run (a benchmark of failures measures nothing)."""
    reply = await client.call(session_id, tool, arguments, timeout_s=timeout_s)
    if not reply.ok:
        raise peers.BenchError(f"{tool} failed: {reply.error_code}: {reply.error_message}")
    return reply.result


async def measure_hermes(url: str, runs: int, warmup: int, noop_calls: int, noop_warmup: int) -> HermesFigures:
    """Server, Chromium with the extension, the popup click, one extension session: then the timed calls.

    Everything is stopped (browser, native host, server) and its temporary directories removed
    before this returns, so the peer that runs next has the machine to itself.
    """
    async with ServerProcess.start(extension_control=True, home_prefix="hermes-bench-ext-") as server:
        with local_chromium(server.home, headless=True) as driver:
            chromium = str(driver.capabilities.get("browserVersion", "?"))
            pair_through_popup(driver, check_code_in_log(server), PAIRING_TIMEOUT_S)
            async with server.client() as client:
                session_id = (await client.create_session(label="bench-snapshot", browser_lane="extension"))["id"]
                await wait_for_lane_state(server, session_id, "connected", CONNECT_TIMEOUT_S)
                loaded = await ok(client, session_id, "browser_navigate", {"url": url}, peers.SNAPSHOT_TIMEOUT_S)
                if "Built-in Types" not in str(loaded.get("title", "")):
                    raise peers.BenchError(f"the controlled tab did not load {url}: {loaded}")

                def snapshot(full: bool) -> Callable[[], Awaitable[str]]:
                    arguments = {"full": True} if full else {}

                    async def call() -> str:
                        result = await ok(client, session_id, "browser_snapshot", arguments, peers.SNAPSHOT_TIMEOUT_S)
                        return str(result["snapshot"])

                    return call

                full = snapshot_figures("Hermes extension, full", *await peers.timed(snapshot(True), runs, warmup))
                compact = snapshot_figures(
                    "Hermes extension, compact", *await peers.timed(snapshot(False), runs, warmup)
                )

                async def noop() -> None:
                    await ok(client, session_id, "controller.noop")

                latencies, _ = await peers.timed(noop, noop_calls, noop_warmup)
                await client.close_session(session_id)
    return HermesFigures(full, compact, LatencyFigures("controller.noop", latencies), chromium)


# ----- the peer: Playwright MCP ----------------------------------------------------------------------


def aria_block(text: str) -> str:
    """The aria snapshot inside Playwright MCP's answer (its ```yaml block); the whole text if there is none."""
    found = re.search(r"```yaml\n(.*?)```", text, re.DOTALL)
    return found.group(1) if found else text


async def measure_playwright(url: str, runs: int, warmup: int) -> peers.SnapshotFigures:
    """Playwright MCP on the same page: its whole answer is what the agent reads, its aria block what is counted."""
    async with peers.peer_session(peers.playwright_mcp(VIEWPORT)) as peer:
        navigated = await peer.navigate(url)
        if "Built-in Types" not in navigated:
            raise peers.BenchError(f"Playwright MCP did not load {url}:\n{navigated[:500]}")
        times, text = await peers.timed(peer.snapshot, runs, warmup)
    controls = peers.Controls.of(aria_block(text), peers.DASH_LINES)
    return peers.SnapshotFigures("Playwright MCP", PAGE, times, len(text), controls)


# ----- report ----------------------------------------------------------------------------------------


def print_report(
    hermes: HermesFigures,
    peer: peers.SnapshotFigures,
    *,
    runs: int,
    warmup: int,
    noop_calls: int,
    noop_warmup: int,
    peer_version: str,
) -> None:
    print(
        f"browser_snapshot of {PAGE} (python3.11-doc): {runs} timed runs after {warmup} warm-up per lane "
        f"(Chromium {hermes.chromium}, {peers.PLAYWRIGHT_PACKAGE} {peer_version}, Python {platform.python_version()}, "
        f"{platform.machine()}, {os.cpu_count()} CPUs)"
    )
    print(f"{'lane':<28} {'median ms':>10} {'min ms':>9} {'chars':>9} {'links':>6} {'buttons':>8} {'textboxes':>10}")
    for figures in (hermes.full, hermes.compact, peer):
        counts = [figures.controls.count(kind) for kind in peers.KINDS]
        print(
            f"{figures.lane:<28} {figures.median:>10.1f} {figures.minimum:>9.1f} {figures.chars:>9} "
            f"{counts[0]:>6} {counts[1]:>8} {counts[2]:>10}"
        )
    time_ratio = hermes.full.median / peer.median
    chars_ratio = hermes.full.chars / peer.chars
    print(f"ratio Hermes full time / Playwright time (medians): {time_ratio:.2f}x")
    print(f"ratio Hermes full chars / Playwright chars: {chars_ratio:.2f}x")
    missing = ", ".join(f"{kind} {peer.controls.missing_from(hermes.full.controls, kind)}" for kind in peers.KINDS)
    unnamed = ", ".join(
        f"{figures.lane} " + "/".join(str(figures.controls.unnamed(kind)) for kind in peers.KINDS)
        for figures in (hermes.full, peer)
    )
    print(f"Playwright's named elements with no same-named one in Hermes full: {missing}")
    print(f"unnamed links/buttons/textboxes: {unnamed}")
    noop = hermes.noop
    print(
        f"controller.noop (HTTP -> server -> WS -> host -> extension SW -> back), {noop_calls} sequential calls "
        f"after {noop_warmup} warm-up: p50 {noop.p50:.2f} ms, p99 {noop.p99:.2f} ms"
    )
    all_present = all(hermes.full.controls.count(kind) >= peer.controls.count(kind) for kind in peers.KINDS)
    print(f"target: time <= {TARGET_TIME_RATIO:g}x Playwright -> {peers.verdict(time_ratio <= TARGET_TIME_RATIO)}")
    print(
        f"target: full chars <= {TARGET_CHARS_RATIO:g}x Playwright with every link, button and textbox present "
        f"(counts >= Playwright's) -> {peers.verdict(chars_ratio <= TARGET_CHARS_RATIO and all_present)}"
    )
    print(f"target: noop p50 < {TARGET_NOOP_P50_MS:g} ms -> {peers.verdict(noop.p50 < TARGET_NOOP_P50_MS)}")
    lead = time_ratio <= LEAD_TIME_RATIO and chars_ratio <= LEAD_CHARS_RATIO and all_present
    print(
        f"issue 12 lead: full chars <= {LEAD_CHARS_RATIO:g}x and time <= {LEAD_TIME_RATIO:g}x Playwright, nothing it "
        f"names missing -> {peers.verdict(lead)}"
    )


async def run(runs: int, warmup: int, noop_calls: int, noop_warmup: int) -> None:
    peers.check_docs((PAGE,))
    # before Hermes: an install that fails should not cost a whole run
    peer_version = peers.ensure_peers({peers.PLAYWRIGHT_PACKAGE: peers.PLAYWRIGHT_MCP})[peers.PLAYWRIGHT_PACKAGE]
    with peers.serve_docs((PAGE,)) as base_url:
        url = base_url + PAGE
        hermes = await measure_hermes(url, runs, warmup, noop_calls, noop_warmup)
        peer = await measure_playwright(url, runs, warmup)
    print_report(
        hermes,
        peer,
        runs=runs,
        warmup=warmup,
        noop_calls=noop_calls,
        noop_warmup=noop_warmup,
        peer_version=peer_version,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=peers.positive, default=5, help="timed snapshots per lane and kind (default 5)")
    parser.add_argument("--warmup", type=int, default=1, help="untimed snapshots first (default 1)")
    parser.add_argument(
        "--noop-calls", type=peers.positive, default=500, help="timed controller.noop calls (default 500)"
    )
    parser.add_argument("--noop-warmup", type=int, default=50, help="untimed controller.noop calls first (default 50)")
    options = parser.parse_args()
    return peers.exit_status(
        "snapshot_extension",
        run(options.runs, max(0, options.warmup), options.noop_calls, max(0, options.noop_warmup)),
    )


if __name__ == "__main__":
    sys.exit(main())

"""CDP-lane benchmark: ``browser_snapshot`` (compact and full) vs Playwright MCP and Chrome DevTools MCP.

Run it as ``python bench/snapshot_cdp.py [--runs N] [--warmup W]``.
It is a benchmark, not a test: it prints time and characters for every lane on three pages of
Python's HTML documentation (``library/stdtypes.html`` among them), the ratios, and a verdict
per target, and exits 0 whatever the verdicts.  The targets: faster than both peers, and in full
mode smaller than both, with nothing interactive lost.  A broken run (something does not start,
a call fails) exits 1; a missing ``python3.11-doc`` exits 2 with how to install it.

Setup.  The peers come from npm and are installed on first use into ``bench/.peers/``
(gitignored), the equivalent of::

    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --prefix bench/.peers @playwright/mcp chrome-devtools-mcp

Both run Debian's ``/usr/bin/chromium`` (they never download a browser of their own); the pages
need ``apt-get install -y python3.11-doc``.

Why each part exists:

* **The product as a user runs it.**  The server is a child process (``ServerProcess``) with the
  default configuration, so the cdp lane launches its own headless Chromium on the session's
  first call, exactly as ``hermes-browser serve`` does; a timed call crosses HTTP -> server ->
  DevTools socket -> the snapshot engine in every frame -> back.
* **The peers as agents use them**: each driven over stdio with the official ``mcp`` SDK client,
  headless, on the same Chromium binary, with an in-memory or temporary profile.  The three
  lanes run one after another, never side by side, so they do not compete for the CPU.
* **Characters are what the agent reads**: Hermes' snapshot as its MCP surface renders it (the
  text, then the metadata as JSON: dialogs and frame tree), and each peer's whole tool answer.
* **Counting links, buttons and textboxes** (by name) in every text is how "smaller, and nothing
  interactive lost" is checked: a smaller snapshot that dropped controls would be a false win.
* **Three long pages**, served over loopback HTTP on a kernel-chosen port (Playwright MCP refuses
  ``file:`` URLs): the compact snapshot must cut them, and the full one is big enough that the text
  format's size matters.  Warm-up calls first, then the median and minimum of the timed runs.

What it shares with ``snapshot_extension.py`` (installing and launching the peers, serving the pages,
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

import peers

from hermes_server.agents.mcp_stdio import call_result
from hermes_wire.tools import TOOLS
from tests.support.chromium import WINDOW_SIZE
from tests.support.local_stack import ServerProcess

PAGES = ("library/stdtypes.html", "library/functions.html", "reference/datamodel.html")
DEVTOOLS_PACKAGE = "chrome-devtools-mcp"
DEVTOOLS_MCP = peers.PEERS_DIR / "node_modules" / ".bin" / "chrome-devtools-mcp"
VIEWPORT = "{}x{}".format(*WINDOW_SIZE)  # the cdp lane's window, so every browser lays the pages out alike

#: One element per line in all three formats: Hermes' and Playwright MCP's ``- link "name" ...``, and
#: Chrome DevTools MCP's ``uid=1_2 link "name" url=...``; a combobox (it takes typed text too) counts as a textbox.
CONTROL_SYNTAX = peers.ControlSyntax.of(r"- |uid=\S+ ", {**peers.DASH_LINES.kind_of_role, "combobox": "textboxes"})

PEERS = (
    peers.playwright_mcp(VIEWPORT),
    # --no-sandbox: Chromium's sandbox cannot start as root in a container; --isolated: a temporary profile;
    # --no-page-id-routing: one page, as an agent with one tab uses it (pageId becomes optional).
    peers.Peer(
        "Chrome DevTools MCP",
        DEVTOOLS_MCP,
        (
            "--headless",
            "--executablePath",
            peers.CHROMIUM,
            "--isolated",
            "--chromeArg=--no-sandbox",
            "--viewport",
            VIEWPORT,
            "--no-page-id-routing",
            "--no-usage-statistics",
            "--no-performance-crux",
        ),
        "navigate_page",
        "take_snapshot",
        {"CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS": "1"},
    ),
)


# ----- Hermes' cdp lane ------------------------------------------------------------------------------


async def measure_hermes(base_url: str, runs: int, warmup: int) -> list[peers.SnapshotFigures]:
    figures: list[peers.SnapshotFigures] = []
    async with (
        ServerProcess.start(extension_control=False, home_prefix="hermes-bench-cdp-") as server,
        server.client() as client,
    ):
        session_id = (await client.create_session(label="bench-snapshot-cdp", browser_lane="cdp"))["id"]
        for page in PAGES:
            reply = await client.call(
                session_id, "browser_navigate", {"url": base_url + page}, timeout_s=peers.SNAPSHOT_TIMEOUT_S
            )
            if not reply.ok:
                raise peers.BenchError(f"browser_navigate {page} failed: {reply.error_code}: {reply.error_message}")
            for full in (False, True):

                async def snapshot(full: bool = full) -> str:
                    reply = await client.call(
                        session_id,
                        "browser_snapshot",
                        {"full": full} if full else {},
                        timeout_s=peers.SNAPSHOT_TIMEOUT_S,
                    )
                    if not reply.ok:
                        raise peers.BenchError(f"browser_snapshot failed: {reply.error_code}: {reply.error_message}")
                    # What an MCP client reads: the text, then the metadata (dialogs, frame tree) as JSON.
                    rendered = call_result(TOOLS["browser_snapshot"], reply)
                    return "\n".join(item.text for item in rendered.content if item.type == "text")

                times, text = await peers.timed(snapshot, runs, warmup)
                lane = f"Hermes cdp {'full' if full else 'compact'}"
                controls = peers.Controls.of(text, CONTROL_SYNTAX)
                figures.append(peers.SnapshotFigures(lane, page, times, len(text), controls))
        await client.close_session(session_id)
    return figures


# ----- the peers -------------------------------------------------------------------------------------


async def measure_peer(peer: peers.Peer, base_url: str, runs: int, warmup: int) -> list[peers.SnapshotFigures]:
    """One peer on every page in one session, as an agent would browse them; its whole answer is what is counted."""
    figures: list[peers.SnapshotFigures] = []
    async with peers.peer_session(peer) as session:
        for page in PAGES:
            await session.navigate(base_url + page)
            times, text = await peers.timed(session.snapshot, runs, warmup)
            controls = peers.Controls.of(text, CONTROL_SYNTAX)
            figures.append(peers.SnapshotFigures(peer.lane, page, times, len(text), controls))
    return figures


# ----- report ----------------------------------------------------------------------------------------


def print_report(figures: list[peers.SnapshotFigures], *, runs: int, warmup: int, versions: dict[str, str]) -> None:
    """Print every figure, the ratios and the verdicts."""
    peer_versions = ", ".join(f"{package} {version}" for package, version in versions.items())
    print(
        f"\nbrowser_snapshot, {runs} timed runs after {warmup} warm-up per lane and page "
        f"({peer_versions}, {peers.CHROMIUM}, Python {platform.python_version()}, {platform.machine()}, "
        f"{os.cpu_count()} CPUs)"
    )
    print(
        f"{'page':<26} {'lane':<22} {'median ms':>10} {'min ms':>9} {'chars':>9} {'links':>6} {'buttons':>8} "
        f"{'textboxes':>10}"
    )
    for item in figures:
        counts = [item.controls.count(kind) for kind in peers.KINDS]
        print(
            f"{item.page:<26} {item.lane:<22} {item.median:>10.1f} {item.minimum:>9.1f} {item.chars:>9} "
            f"{counts[0]:>6} {counts[1]:>8} {counts[2]:>10}"
        )
    met = True
    by = {(item.page, item.lane): item for item in figures}
    for page in PAGES:
        compact, full = by[(page, "Hermes cdp compact")], by[(page, "Hermes cdp full")]
        print(f"\n{page}")
        for peer in PEERS:
            other = by[(page, peer.lane)]
            faster = compact.median < other.median and full.median < other.median
            smaller = full.chars < other.chars
            lost = sum(other.controls.missing_from(full.controls, kind) for kind in peers.KINDS)
            counts_kept = all(full.controls.count(kind) >= other.controls.count(kind) for kind in peers.KINDS)
            print(
                f"  vs {peer.lane}: time compact {compact.median / other.median:.2f}x, full "
                f"{full.median / other.median:.2f}x -> {peers.verdict(faster)}; full chars "
                f"{full.chars / other.chars:.2f}x -> {peers.verdict(smaller)}; {peer.lane}'s named "
                f"links/buttons/textboxes with no same-named one in Hermes full: {lost}, counts kept: "
                f"{'yes' if counts_kept else 'no'} "
                f"-> {peers.verdict(counts_kept and lost == 0)}"
            )
            met = met and faster and smaller and counts_kept and lost == 0
    print(f"\ntargets (faster than both; full smaller than both with nothing interactive lost): {peers.verdict(met)}")
    print_issue_12(by)


#: Issue 12 (snapshots that read like the page) must not cost the lead: on this page, against this peer, the
#: full snapshot at most this share of its characters, and both snapshots at most this share of its time.
LEAD_PAGE, LEAD_PEER, LEAD_CHARS, LEAD_TIME = "library/stdtypes.html", "Playwright MCP", 0.45, 0.2


def print_issue_12(by: dict[tuple[str, str], peers.SnapshotFigures]) -> None:
    compact, full = by[(LEAD_PAGE, "Hermes cdp compact")], by[(LEAD_PAGE, "Hermes cdp full")]
    other = by[(LEAD_PAGE, LEAD_PEER)]
    chars, time = full.chars / other.chars, max(compact.median, full.median) / other.median
    lost = sum(other.controls.missing_from(full.controls, kind) for kind in peers.KINDS)
    met = chars <= LEAD_CHARS and time <= LEAD_TIME and lost == 0
    print(
        f"issue 12 lead on {LEAD_PAGE} vs {LEAD_PEER}: full chars {chars:.2f}x (<= {LEAD_CHARS}), time {time:.2f}x "
        f"(<= {LEAD_TIME}), named links/buttons/textboxes missing: {lost} -> {peers.verdict(met)}"
    )


async def run(runs: int, warmup: int) -> None:
    # first: an install that fails should not cost a whole Hermes run
    versions = peers.ensure_peers({peers.PLAYWRIGHT_PACKAGE: peers.PLAYWRIGHT_MCP, DEVTOOLS_PACKAGE: DEVTOOLS_MCP})
    with peers.serve_docs(PAGES) as base_url:
        figures = await measure_hermes(base_url, runs, warmup)
        for peer in PEERS:
            figures += await measure_peer(peer, base_url, runs, warmup)
    figures.sort(key=lambda item: (PAGES.index(item.page), item.lane))
    print_report(figures, runs=runs, warmup=warmup, versions=versions)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--runs", type=peers.positive, default=5, help="timed snapshots per lane, page and mode (default 5)"
    )
    parser.add_argument("--warmup", type=int, default=1, help="untimed snapshots first (default 1)")
    options = parser.parse_args()
    return peers.exit_status("snapshot_cdp", run(options.runs, max(0, options.warmup)))


if __name__ == "__main__":
    sys.exit(main())

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

* **The product as a user runs it.**  The server is a child process (``LocalServer``) with the
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
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import http.server
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from hermes_server.errors import HermesError
from hermes_server.local_stack import LocalServer
from hermes_server.mcp_server import call_result
from hermes_server.tools import TOOLS

DOCS_DIR = Path("/usr/share/doc/python3.11/html")
PAGES = ("library/stdtypes.html", "library/functions.html", "reference/datamodel.html")
CHROMIUM = "/usr/bin/chromium"
PEERS_DIR = Path(__file__).resolve().parent / ".peers"
PEER_PACKAGES = ("@playwright/mcp", "chrome-devtools-mcp")
PLAYWRIGHT_MCP = PEERS_DIR / "node_modules" / ".bin" / "playwright-mcp"
DEVTOOLS_MCP = PEERS_DIR / "node_modules" / ".bin" / "chrome-devtools-mcp"
VIEWPORT = "1280x800"  # the window the cdp lane's Chromium has, so every browser lays the pages out alike

SNAPSHOT_TIMEOUT_S = 120.0
NPM_INSTALL_TIMEOUT_S = 300.0
PEER_CALL_TIMEOUT_S = 120.0

#: One element per line in all three formats: ``- link "name" @e4`` (Hermes), ``- link "name" [ref=e5]``
#: (Playwright MCP), ``uid=1_2 link "name" url=...`` (Chrome DevTools MCP).
CONTROL_LINE = re.compile(r'^(?:- |uid=\S+ )(link|button|textbox|searchbox|combobox)\b(?: "((?:[^"\\]|\\.)*)")?')
KINDS = ("links", "buttons", "textboxes")
KIND_OF_ROLE = {"link": "links", "button": "buttons", "textbox": "textboxes", "searchbox": "textboxes",
                "combobox": "textboxes"}


class BenchError(Exception):
    """The run itself broke (as opposed to a slow result): reported on stderr, exit status 1."""


class MissingDocs(Exception):
    """The pages under test are not installed: exit status 2, with the command that installs them."""


# ----- figures ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Controls:
    """Names of the links, buttons and textboxes a snapshot text lists (a multiset per kind)."""

    names: dict[str, Counter[str]]

    @classmethod
    def of(cls, text: str) -> Controls:
        names: dict[str, Counter[str]] = {kind: Counter() for kind in KINDS}
        for line in text.splitlines():
            found = CONTROL_LINE.match(line.lstrip())
            if found:
                names[KIND_OF_ROLE[found.group(1)]][found.group(2) or ""] += 1
        return cls(names)

    def count(self, kind: str) -> int:
        return sum(self.names[kind].values())

    def missing_from(self, other: Controls) -> int:
        """How many of ``self``'s *named* elements have no element of the same kind and name in ``other``.

        Unnamed ones are left out: a peer that prints a link's name on a child line instead of
        its own (Playwright MCP does for links around ``<code>``) would count them all as lost;
        the per-kind counts (``count``) cover them instead.
        """
        return sum(sum((self.names[kind] - other.names[kind]).values()) - max(0, self.names[kind][""]
                                                                              - other.names[kind][""])
                   for kind in KINDS)


@dataclass(frozen=True)
class Figures:
    """Timed snapshots of one lane on one page, and what the last one contained."""

    lane: str
    page: str
    times_ms: list[float]
    chars: int
    controls: Controls

    @property
    def median(self) -> float:
        return statistics.median(self.times_ms)

    @property
    def minimum(self) -> float:
        return min(self.times_ms)


async def timed(call: Callable[[], Awaitable[str]], runs: int, warmup: int) -> tuple[list[float], str]:
    """Run ``call`` ``warmup`` times untimed, then ``runs`` times timed, one after another; return the last text."""
    for _ in range(warmup):
        await call()
    times: list[float] = []
    text = ""
    for _ in range(runs):
        started = time.perf_counter_ns()
        text = await call()
        times.append((time.perf_counter_ns() - started) / 1e6)
    return times, text


# ----- the pages -------------------------------------------------------------------------------------


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serve_docs() -> Iterator[str]:
    """Serve the Python docs on 127.0.0.1 (kernel-chosen port) from a thread; yield the base URL."""
    missing = [page for page in PAGES if not (DOCS_DIR / page).is_file()]
    if missing:
        raise MissingDocs(f"{DOCS_DIR / missing[0]} is missing; install Debian's Python documentation: "
                          "apt-get install -y python3.11-doc")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler,
                                                                                 directory=str(DOCS_DIR)))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, name="docs-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


# ----- Hermes' cdp lane ------------------------------------------------------------------------------


async def measure_hermes(base_url: str, runs: int, warmup: int) -> list[Figures]:
    figures: list[Figures] = []
    async with LocalServer.start(extension_control=False, home_prefix="hermes-bench-cdp-") as server, \
            server.client() as client:
        session_id = (await client.create_session(label="bench-snapshot-cdp", browser_lane="cdp"))["id"]
        for page in PAGES:
            reply = await client.call(session_id, "browser_navigate", {"url": base_url + page},
                                      timeout_s=SNAPSHOT_TIMEOUT_S)
            if not reply.ok:
                raise BenchError(f"browser_navigate {page} failed: {reply.error_code}: {reply.error_message}")
            for full in (False, True):

                async def snapshot(full: bool = full) -> str:
                    reply = await client.call(session_id, "browser_snapshot", {"full": full} if full else {},
                                              timeout_s=SNAPSHOT_TIMEOUT_S)
                    if not reply.ok:
                        raise BenchError(f"browser_snapshot failed: {reply.error_code}: {reply.error_message}")
                    # What an MCP client reads: the text, then the metadata (dialogs, frame tree) as JSON.
                    rendered = call_result(TOOLS["browser_snapshot"], reply)
                    return "\n".join(item.text for item in rendered.content if item.type == "text")

                times, text = await timed(snapshot, runs, warmup)
                lane = f"Hermes cdp {'full' if full else 'compact'}"
                figures.append(Figures(lane, page, times, len(text), Controls.of(text)))
        await client.close_session(session_id)
    return figures


# ----- the peers -------------------------------------------------------------------------------------


def ensure_peers() -> dict[str, str]:
    """Install the peers into ``bench/.peers`` unless they are there; return their versions."""
    if not (PLAYWRIGHT_MCP.exists() and DEVTOOLS_MCP.exists()):
        npm = shutil.which("npm")
        if npm is None:
            raise BenchError("npm is needed to install the peers (apt-get install -y npm)")
        print(f"installing {', '.join(PEER_PACKAGES)} into {PEERS_DIR} (first run only)…", flush=True)
        PEERS_DIR.mkdir(exist_ok=True)
        try:
            done = subprocess.run(
                [npm, "install", "--prefix", str(PEERS_DIR), "--no-audit", "--no-fund", *PEER_PACKAGES],
                env=dict(os.environ, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD="1", PUPPETEER_SKIP_DOWNLOAD="1"),
                capture_output=True, text=True, timeout=NPM_INSTALL_TIMEOUT_S, check=False,
            )
        except subprocess.TimeoutExpired:
            raise BenchError(f"npm install took over {NPM_INSTALL_TIMEOUT_S:g} s") from None
        if done.returncode != 0 or not (PLAYWRIGHT_MCP.exists() and DEVTOOLS_MCP.exists()):
            tail = "\n".join((done.stdout + done.stderr).splitlines()[-15:])
            raise BenchError(f"npm install failed (status {done.returncode}):\n{tail}")
    versions = {}
    for package in PEER_PACKAGES:
        manifest = PEERS_DIR / "node_modules" / package / "package.json"
        versions[package] = str(json.loads(manifest.read_text(encoding="utf-8")).get("version", "?"))
    return versions


def tool_text(result: Any, lane: str, tool: str) -> str:
    """The text an MCP tool result hands the agent; an error result breaks the run."""
    text = "\n".join(item.text for item in result.content if getattr(item, "type", None) == "text")
    if result.is_error:
        raise BenchError(f"{lane} {tool} failed: {text[:500]}")
    return text


def innermost(error: BaseException) -> BaseException:
    """The first real exception inside (possibly nested) exception groups."""
    while isinstance(error, BaseExceptionGroup) and error.exceptions:
        error = error.exceptions[0]
    return error


def _tail(log: TextIO) -> str:
    log.flush()
    log.seek(0)
    return "\n".join(log.read().splitlines()[-15:]) or "(empty log)"


@dataclass(frozen=True)
class Peer:
    lane: str
    command: Path
    args: tuple[str, ...]
    navigate: str
    snapshot: str
    env: tuple[tuple[str, str], ...] = ()

    def navigate_arguments(self, url: str) -> dict[str, Any]:
        return {"url": url}


PEERS = (
    # --isolated: an in-memory profile; --no-sandbox: Chromium's sandbox cannot start as root in a container.
    Peer("Playwright MCP", PLAYWRIGHT_MCP,
         ("--headless", "--executable-path", CHROMIUM, "--browser", "chromium", "--no-sandbox", "--isolated",
          "--viewport-size", VIEWPORT),
         "browser_navigate", "browser_snapshot",
         (("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1"),)),
    # --no-page-id-routing: one page, as an agent with one tab uses it (pageId becomes optional).
    Peer("Chrome DevTools MCP", DEVTOOLS_MCP,
         ("--headless", "--executablePath", CHROMIUM, "--isolated", "--chromeArg=--no-sandbox",
          "--viewport", VIEWPORT, "--no-page-id-routing", "--no-usage-statistics", "--no-performance-crux"),
         "navigate_page", "take_snapshot",
         (("CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS", "1"),)),
)


@contextlib.asynccontextmanager
async def peer_client(peer: Peer, scratch: Path, log: TextIO) -> AsyncIterator[Any]:
    from mcp import Client, StdioServerParameters
    from mcp.client.stdio import stdio_client

    parameters = StdioServerParameters(
        command=str(peer.command), args=[*peer.args, *(("--output-dir", str(scratch / "output"))
                                                      if peer.lane == "Playwright MCP" else ())],
        env=dict(peer.env) | {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(scratch)},
        cwd=str(scratch),
    )
    async with Client(stdio_client(parameters, errlog=log), mode="legacy",
                      read_timeout_seconds=PEER_CALL_TIMEOUT_S) as client:
        yield client


async def measure_peer(peer: Peer, base_url: str, runs: int, warmup: int) -> list[Figures]:
    figures: list[Figures] = []
    with tempfile.TemporaryDirectory(prefix="hermes-bench-peer-") as scratch, \
            open(Path(scratch) / "stderr.log", "w+", encoding="utf-8") as log:
        try:
            async with peer_client(peer, Path(scratch), log) as client:
                for page in PAGES:
                    tool_text(await client.call_tool(peer.navigate, peer.navigate_arguments(base_url + page)),
                              peer.lane, peer.navigate)

                    async def snapshot() -> str:
                        return tool_text(await client.call_tool(peer.snapshot, {}), peer.lane, peer.snapshot)

                    times, text = await timed(snapshot, runs, warmup)
                    figures.append(Figures(peer.lane, page, times, len(text), Controls.of(text)))
        except Exception as error:  # the SDK's task groups wrap what went wrong in exception groups
            cause = innermost(error)
            if isinstance(cause, BenchError):
                raise cause from None
            raise BenchError(f"{peer.lane} broke: {type(cause).__name__}: {cause}\n{_tail(log)}") from error
    return figures


# ----- report ----------------------------------------------------------------------------------------


def verdict(passed: bool) -> str:
    return "PASS" if passed else "FAIL"


def print_report(figures: list[Figures], *, runs: int, warmup: int, versions: dict[str, str]) -> bool:
    """Print every figure, the ratios and the verdicts; return whether every target was met."""
    peers = ", ".join(f"{package} {version}" for package, version in versions.items())
    print(f"\nbrowser_snapshot, {runs} timed runs after {warmup} warm-up per lane and page "
          f"({peers}, {CHROMIUM}, Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs)")
    print(f"{'page':<26} {'lane':<22} {'median ms':>10} {'min ms':>9} {'chars':>9} {'links':>6} {'buttons':>8} "
          f"{'textboxes':>10}")
    for item in figures:
        counts = [item.controls.count(kind) for kind in KINDS]
        print(f"{item.page:<26} {item.lane:<22} {item.median:>10.1f} {item.minimum:>9.1f} {item.chars:>9} "
              f"{counts[0]:>6} {counts[1]:>8} {counts[2]:>10}")
    met = True
    by = {(item.page, item.lane): item for item in figures}
    for page in PAGES:
        compact, full = by[(page, "Hermes cdp compact")], by[(page, "Hermes cdp full")]
        print(f"\n{page}")
        for peer in PEERS:
            other = by[(page, peer.lane)]
            faster = compact.median < other.median and full.median < other.median
            smaller = full.chars < other.chars
            lost = other.controls.missing_from(full.controls)
            counts_kept = all(full.controls.count(kind) >= other.controls.count(kind) for kind in KINDS)
            print(f"  vs {peer.lane}: time compact {compact.median / other.median:.2f}x, full "
                  f"{full.median / other.median:.2f}x -> {verdict(faster)}; full chars {full.chars / other.chars:.2f}x "
                  f"-> {verdict(smaller)}; {peer.lane}'s named links/buttons/textboxes with no same-named one in "
                  f"Hermes full: {lost}, counts kept: {'yes' if counts_kept else 'no'} "
                  f"-> {verdict(counts_kept and lost == 0)}")
            met = met and faster and smaller and counts_kept and lost == 0
    print(f"\ntargets (faster than both; full smaller than both with nothing interactive lost): {verdict(met)}")
    return met


async def run(runs: int, warmup: int) -> None:
    versions = ensure_peers()  # first: an install that fails should not cost a whole Hermes run
    with serve_docs() as base_url:
        figures = await measure_hermes(base_url, runs, warmup)
        for peer in PEERS:
            figures += await measure_peer(peer, base_url, runs, warmup)
    figures.sort(key=lambda item: (PAGES.index(item.page), item.lane))
    print_report(figures, runs=runs, warmup=warmup, versions=versions)


def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=positive, default=5, help="timed snapshots per lane, page and mode (default 5)")
    parser.add_argument("--warmup", type=int, default=1, help="untimed snapshots first (default 1)")
    options = parser.parse_args()
    try:
        asyncio.run(run(options.runs, max(0, options.warmup)))
    except MissingDocs as missing:
        print(f"snapshot_cdp: {missing}", file=sys.stderr)
        return 2
    except (BenchError, HermesError, TimeoutError) as error:
        print(f"snapshot_cdp: the run broke: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    except Exception as error:  # aiohttp, the MCP SDK...: still a broken run, but show where it broke
        traceback.print_exc()
        print(f"snapshot_cdp: the run broke: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Extension-lane benchmark: ``browser_snapshot`` and ``controller.noop`` via the installed extension vs Playwright MCP.

Run it as ``python bench/snapshot_extension.py [--runs N] [--warmup W]``.
It is a benchmark, not a test: it prints figures, ratios and a verdict per target
(snapshot time at most 0.5x Playwright MCP's; full snapshot at most 0.8x Playwright's
characters with every link, button and textbox still there; ``controller.noop`` p50
under 5 ms) and exits 0 whatever the verdicts.  A broken run (something does not start,
a call fails) exits 1; a missing ``python3.11-doc`` exits 2 with how to install it.

Why each part exists:

* **The whole product, as a user runs it.**  The real server is a child process
  (``LocalServer``), Chromium is Debian's with the unpacked extension and the native-host
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

from hermes_server.client import BrowserClient
from hermes_server.errors import HermesError
from hermes_server.local_browser import Popup, local_chromium
from hermes_server.local_stack import LocalServer

DOCS_DIR = Path("/usr/share/doc/python3.11/html")
PAGE = "library/stdtypes.html"
CHROMIUM = "/usr/bin/chromium"
PEERS_DIR = Path(__file__).resolve().parent / ".peers"
PLAYWRIGHT_MCP = PEERS_DIR / "node_modules" / ".bin" / "playwright-mcp"
PLAYWRIGHT_PACKAGE = "@playwright/mcp"
VIEWPORT = "1280x900"  # the size local_chromium gives its window, so both browsers lay the page out alike

TARGET_TIME_RATIO = 0.5
TARGET_CHARS_RATIO = 0.8
TARGET_NOOP_P50_MS = 5.0

PAIRING_TIMEOUT_S = 30.0
CONNECT_TIMEOUT_S = 20.0
SNAPSHOT_TIMEOUT_S = 120.0  # per call: a full snapshot of a long page must not be cut by the 30 s default
NPM_INSTALL_TIMEOUT_S = 300.0
PEER_CALL_TIMEOUT_S = 120.0

#: One element per line in both formats: ``- link "name" @e4`` (Hermes), ``- link "name" [ref=e5]`` (Playwright).
CONTROL_LINE = re.compile(r'^- (link|button|textbox|searchbox)\b(?: "((?:[^"\\]|\\.)*)")?')
KINDS = ("links", "buttons", "textboxes")
KIND_OF_ROLE = {"link": "links", "button": "buttons", "textbox": "textboxes", "searchbox": "textboxes"}


class BenchError(Exception):
    """The run itself broke (as opposed to a slow result): reported on stderr, exit status 1."""


class MissingDocs(Exception):
    """The page under test is not installed: exit status 2, with the command that installs it."""


# ----- figures ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Controls:
    """Names of the links, buttons and textboxes a snapshot text lists (a multiset per kind)."""

    names: dict[str, Counter[str]]

    @classmethod
    def of(cls, text: str) -> Controls:
        """Count ``- link``, ``- button``, ``- textbox``/``- searchbox`` lines, whatever their indentation."""
        names: dict[str, Counter[str]] = {kind: Counter() for kind in KINDS}
        for line in text.splitlines():
            found = CONTROL_LINE.match(line.lstrip())
            if found:
                names[KIND_OF_ROLE[found.group(1)]][found.group(2) or ""] += 1
        return cls(names)

    def count(self, kind: str) -> int:
        return sum(self.names[kind].values())

    def unnamed(self, kind: str) -> int:
        return self.names[kind][""]

    def missing_from(self, other: Controls, kind: str) -> int:
        """How many of ``self``'s named elements of ``kind`` have no element of the same name in ``other``.

        Unnamed ones cannot be matched by name (Playwright prints a link whose text is a ``<code>``
        child without a name), so the counts carry the check and this only points at what differs.
        """
        named = Counter({name: n for name, n in self.names[kind].items() if name})
        return sum((named - other.names[kind]).values())


@dataclass(frozen=True)
class SnapshotFigures:
    """Timed snapshots of one lane, and what the last one contained."""

    name: str
    times_ms: list[float]
    chars: int
    controls: Controls

    @property
    def median(self) -> float:
        return statistics.median(self.times_ms)

    @property
    def minimum(self) -> float:
        return min(self.times_ms)


@dataclass(frozen=True)
class LatencyFigures:
    """Sequential round trips of one call."""

    name: str
    latencies_ms: list[float]

    @property
    def p50(self) -> float:
        return statistics.median(self.latencies_ms)

    @property
    def p99(self) -> float:
        if len(self.latencies_ms) < 2:
            return self.latencies_ms[0]
        return statistics.quantiles(self.latencies_ms, n=100, method="inclusive")[98]


async def timed(call: Callable[[], Awaitable[str | None]], runs: int, warmup: int) -> tuple[list[float], str | None]:
    """Run ``call`` ``warmup`` times untimed, then ``runs`` times timed, one after another; return the last text."""
    for _ in range(warmup):
        await call()
    times: list[float] = []
    text: str | None = None
    for _ in range(runs):
        started = time.perf_counter_ns()
        text = await call()
        times.append((time.perf_counter_ns() - started) / 1e6)
    return times, text


def snapshot_figures(name: str, times: list[float], text: str | None) -> SnapshotFigures:
    assert text is not None, "timed() ran at least once"
    return SnapshotFigures(name, times, len(text), Controls.of(text))


# ----- the page --------------------------------------------------------------------------------------


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static files without an access log line per request on the benchmark's output."""

    def log_message(self, *args: Any) -> None:
        pass


def check_docs() -> None:
    """Stop at once, with the install command, when the page under test is not there."""
    if not (DOCS_DIR / PAGE).is_file():
        raise MissingDocs(
            f"{DOCS_DIR / PAGE} is missing; install Debian's Python documentation: apt-get install -y python3.11-doc"
        )


@contextlib.contextmanager
def serve_docs() -> Iterator[str]:
    """Serve the Python docs on 127.0.0.1 (kernel-chosen port) from a thread; yield the base URL.

    A thread, not the event loop: Selenium's calls block the loop, and a page load must never
    wait on them.
    """
    check_docs()
    handler = functools.partial(_QuietHandler, directory=str(DOCS_DIR))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, name="docs-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


# ----- Hermes through the extension ------------------------------------------------------------------


@dataclass(frozen=True)
class HermesFigures:
    """What the extension lane measured, and the Chromium it ran on (printed, to compare runs)."""

    full: SnapshotFigures
    compact: SnapshotFigures
    noop: LatencyFigures
    chromium: str


def pair_through_popup(server: LocalServer, driver: Any) -> str:
    """The user's one click: open the popup, check its code against the server's log, click Approve."""
    popup = Popup(driver)
    code = popup.verification_code(PAIRING_TIMEOUT_S)
    logged = (server.home / "server.log").read_text(encoding="utf-8", errors="replace")
    if "verification code" in logged and code not in logged:
        raise BenchError(f"the popup shows code {code}, which is not the one the server logged")
    popup.approve()
    device_id = popup.device_id(PAIRING_TIMEOUT_S)
    popup.close()
    return device_id


async def wait_connected(client: BrowserClient, session_id: str) -> None:
    """Poll ``GET /v1/sessions`` until the session's controller lane is ``connected`` (bounded)."""
    deadline = time.monotonic() + CONNECT_TIMEOUT_S
    state = "unknown"
    while time.monotonic() < deadline:
        sessions = {session["id"]: session for session in await client.list_sessions()}
        state = sessions[session_id]["controller"]["state"]
        if state == "connected":
            return
        await asyncio.sleep(0.1)
    raise BenchError(f"the extension did not connect to the session within {CONNECT_TIMEOUT_S:g} s (state {state})")


async def ok(client: BrowserClient, session_id: str, tool: str, arguments: dict[str, Any] | None = None,
             timeout_s: float | None = None) -> Any:
    """Call a tool; a failed call breaks the run (a benchmark of failures measures nothing)."""
    reply = await client.call(session_id, tool, arguments, timeout_s=timeout_s)
    if not reply.ok:
        raise BenchError(f"{tool} failed: {reply.error_code}: {reply.error_message}")
    return reply.result


async def measure_hermes(url: str, runs: int, warmup: int, noop_calls: int, noop_warmup: int) -> HermesFigures:
    """Server, Chromium with the extension, the popup click, one extension session: then the timed calls.

    Everything is stopped (browser, native host, server) and its temporary directories removed
    before this returns, so the peer that runs next has the machine to itself.
    """
    async with LocalServer.start(extension_control=True, home_prefix="hermes-bench-ext-") as server:
        with tempfile.TemporaryDirectory(prefix="hermes-bench-profile-") as profile, \
                local_chromium(home=server.home, profile=Path(profile), headless=True) as driver:
            chromium = str(driver.capabilities.get("browserVersion", "?"))
            pair_through_popup(server, driver)
            async with server.client() as client:
                session_id = (await client.create_session(label="bench-snapshot", browser_lane="extension"))["id"]
                await wait_connected(client, session_id)
                loaded = await ok(client, session_id, "browser_navigate", {"url": url}, SNAPSHOT_TIMEOUT_S)
                if "Built-in Types" not in str(loaded.get("title", "")):
                    raise BenchError(f"the controlled tab did not load {url}: {loaded}")

                def snapshot(full: bool) -> Callable[[], Awaitable[str]]:
                    arguments = {"full": True} if full else {}

                    async def call() -> str:
                        result = await ok(client, session_id, "browser_snapshot", arguments, SNAPSHOT_TIMEOUT_S)
                        return str(result["snapshot"])

                    return call

                full = snapshot_figures("Hermes extension, full", *await timed(snapshot(True), runs, warmup))
                compact = snapshot_figures("Hermes extension, compact", *await timed(snapshot(False), runs, warmup))

                async def noop() -> None:
                    await ok(client, session_id, "controller.noop")
                    return None

                latencies, _ = await timed(noop, noop_calls, noop_warmup)
                await client.close_session(session_id)
    return HermesFigures(full, compact, LatencyFigures("controller.noop", latencies), chromium)


# ----- the peer: Playwright MCP ----------------------------------------------------------------------


def ensure_playwright_mcp() -> str:
    """Install ``@playwright/mcp`` into ``bench/.peers`` unless it is there; return its version.

    ``PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD`` keeps npm from fetching a browser: the peer runs the
    same Debian Chromium as Hermes, and nothing but the npm registry is reachable anyway.
    """
    if not PLAYWRIGHT_MCP.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise BenchError(f"npm is needed to install the peer {PLAYWRIGHT_PACKAGE} (apt-get install -y npm)")
        print(f"installing {PLAYWRIGHT_PACKAGE} into {PEERS_DIR} (first run only)…", flush=True)
        PEERS_DIR.mkdir(exist_ok=True)
        try:
            done = subprocess.run(
                [npm, "install", "--prefix", str(PEERS_DIR), "--no-audit", "--no-fund", PLAYWRIGHT_PACKAGE],
                env=dict(os.environ, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD="1"), capture_output=True, text=True,
                timeout=NPM_INSTALL_TIMEOUT_S, check=False,
            )
        except subprocess.TimeoutExpired:
            raise BenchError(f"npm install {PLAYWRIGHT_PACKAGE} took over {NPM_INSTALL_TIMEOUT_S:g} s") from None
        if done.returncode != 0 or not PLAYWRIGHT_MCP.exists():
            tail = "\n".join((done.stdout + done.stderr).splitlines()[-15:])
            raise BenchError(f"npm install {PLAYWRIGHT_PACKAGE} failed (status {done.returncode}):\n{tail}")
    package = PEERS_DIR / "node_modules" / "@playwright" / "mcp" / "package.json"
    return str(json.loads(package.read_text(encoding="utf-8")).get("version", "?"))


def tool_text(result: Any, tool: str) -> str:
    """The text an MCP tool result hands the agent; an error result breaks the run."""
    text = "\n".join(item.text for item in result.content if getattr(item, "type", None) == "text")
    if result.is_error:
        raise BenchError(f"Playwright MCP {tool} failed: {text[:500]}")
    return text


def aria_block(text: str) -> str:
    """The aria snapshot inside Playwright MCP's answer (its ```yaml block); the whole text if there is none."""
    found = re.search(r"```yaml\n(.*?)```", text, re.DOTALL)
    return found.group(1) if found else text


def innermost(error: BaseException) -> BaseException:
    """The first real exception inside (possibly nested) exception groups, to report what actually failed."""
    while isinstance(error, BaseExceptionGroup) and error.exceptions:
        error = error.exceptions[0]
    return error


def _tail(log: TextIO) -> str:
    log.flush()
    log.seek(0)
    return "\n".join(log.read().splitlines()[-15:]) or "(empty log)"


@contextlib.asynccontextmanager
async def playwright_mcp(scratch: Path, log: TextIO) -> AsyncIterator[Any]:
    """Playwright MCP on stdio, headless on Debian's Chromium, its profile in memory, its files in ``scratch``.

    ``--no-sandbox`` because Chromium's sandbox cannot start as root in a container;
    ``--isolated`` so no profile is left on disk; ``--output-dir``, the working directory and
    ``TMPDIR`` so its snapshot and console files, browser profile and artifacts all land in the
    temporary directory (removed at the end, also after a failed launch), not in the repository.
    ``mode="legacy"``: the peer speaks the classic ``initialize`` handshake, so no discovery probe.
    """
    from mcp import Client, StdioServerParameters
    from mcp.client.stdio import stdio_client

    parameters = StdioServerParameters(
        command=str(PLAYWRIGHT_MCP),
        args=[
            "--headless", "--executable-path", CHROMIUM, "--browser", "chromium", "--no-sandbox", "--isolated",
            "--viewport-size", VIEWPORT, "--output-dir", str(scratch / "output"),
        ],
        env={
            "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1",
            "PLAYWRIGHT_BROWSERS_PATH": str(scratch / "browsers"),
            "TMPDIR": str(scratch),  # its browser profile and artifacts dirs, left behind when a launch fails
        },
        cwd=str(scratch),
    )
    async with Client(stdio_client(parameters, errlog=log), mode="legacy",
                      read_timeout_seconds=PEER_CALL_TIMEOUT_S) as client:
        yield client


async def measure_playwright(url: str, runs: int, warmup: int) -> SnapshotFigures:
    with tempfile.TemporaryDirectory(prefix="hermes-bench-playwright-") as scratch, \
            open(Path(scratch) / "stderr.log", "w+", encoding="utf-8") as log:
        try:
            async with playwright_mcp(Path(scratch), log) as client:
                navigated = tool_text(await client.call_tool("browser_navigate", {"url": url}), "browser_navigate")
                if "Built-in Types" not in navigated:
                    raise BenchError(f"Playwright MCP did not load {url}:\n{navigated[:500]}")

                async def snapshot() -> str:
                    return tool_text(await client.call_tool("browser_snapshot", {}), "browser_snapshot")

                times, text = await timed(snapshot, runs, warmup)
        except Exception as error:  # the SDK's task groups wrap what went wrong in exception groups
            cause = innermost(error)
            if isinstance(cause, BenchError):
                raise cause from None
            raise BenchError(f"Playwright MCP broke: {type(cause).__name__}: {cause}\n{_tail(log)}") from error
    assert text is not None, "timed() ran at least once"
    return SnapshotFigures("Playwright MCP", times, len(text), Controls.of(aria_block(text)))


# ----- report ----------------------------------------------------------------------------------------


def verdict(passed: bool) -> str:
    return "PASS" if passed else "FAIL"


def print_report(hermes: HermesFigures, peer: SnapshotFigures, *, runs: int, warmup: int, noop_calls: int,
                 noop_warmup: int, peer_version: str) -> None:
    print(
        f"browser_snapshot of {PAGE} (python3.11-doc): {runs} timed runs after {warmup} warm-up per lane "
        f"(Chromium {hermes.chromium}, {PLAYWRIGHT_PACKAGE} {peer_version}, Python {platform.python_version()}, "
        f"{platform.machine()}, {os.cpu_count()} CPUs)"
    )
    print(f"{'lane':<28} {'median ms':>10} {'min ms':>9} {'chars':>9} {'links':>6} {'buttons':>8} {'textboxes':>10}")
    for figures in (hermes.full, hermes.compact, peer):
        counts = [figures.controls.count(kind) for kind in KINDS]
        print(
            f"{figures.name:<28} {figures.median:>10.1f} {figures.minimum:>9.1f} {figures.chars:>9} "
            f"{counts[0]:>6} {counts[1]:>8} {counts[2]:>10}"
        )
    time_ratio = hermes.full.median / peer.median
    chars_ratio = hermes.full.chars / peer.chars
    print(f"ratio Hermes full time / Playwright time (medians): {time_ratio:.2f}x")
    print(f"ratio Hermes full chars / Playwright chars: {chars_ratio:.2f}x")
    missing = ", ".join(f"{kind} {peer.controls.missing_from(hermes.full.controls, kind)}" for kind in KINDS)
    unnamed = ", ".join(
        f"{figures.name} " + "/".join(str(figures.controls.unnamed(kind)) for kind in KINDS)
        for figures in (hermes.full, peer)
    )
    print(f"Playwright's named elements with no same-named one in Hermes full: {missing}")
    print(f"unnamed links/buttons/textboxes: {unnamed}")
    noop = hermes.noop
    print(
        f"controller.noop (HTTP -> server -> WS -> host -> extension SW -> back), {noop_calls} sequential calls "
        f"after {noop_warmup} warm-up: p50 {noop.p50:.2f} ms, p99 {noop.p99:.2f} ms"
    )
    all_present = all(hermes.full.controls.count(kind) >= peer.controls.count(kind) for kind in KINDS)
    print(f"target: time <= {TARGET_TIME_RATIO:g}x Playwright -> {verdict(time_ratio <= TARGET_TIME_RATIO)}")
    print(
        f"target: full chars <= {TARGET_CHARS_RATIO:g}x Playwright with every link, button and textbox present "
        f"(counts >= Playwright's) -> {verdict(chars_ratio <= TARGET_CHARS_RATIO and all_present)}"
    )
    print(f"target: noop p50 < {TARGET_NOOP_P50_MS:g} ms -> {verdict(noop.p50 < TARGET_NOOP_P50_MS)}")


async def run(runs: int, warmup: int, noop_calls: int, noop_warmup: int) -> None:
    check_docs()
    peer_version = ensure_playwright_mcp()  # before Hermes: an install that fails should not cost a whole run
    with serve_docs() as base_url:
        url = base_url + PAGE
        hermes = await measure_hermes(url, runs, warmup, noop_calls, noop_warmup)
        peer = await measure_playwright(url, runs, warmup)
    print_report(hermes, peer, runs=runs, warmup=warmup, noop_calls=noop_calls, noop_warmup=noop_warmup,
                 peer_version=peer_version)


def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=positive, default=5, help="timed snapshots per lane and kind (default 5)")
    parser.add_argument("--warmup", type=int, default=1, help="untimed snapshots first (default 1)")
    parser.add_argument("--noop-calls", type=positive, default=500, help="timed controller.noop calls (default 500)")
    parser.add_argument("--noop-warmup", type=int, default=50, help="untimed controller.noop calls first (default 50)")
    options = parser.parse_args()
    try:
        asyncio.run(run(options.runs, max(0, options.warmup), options.noop_calls, max(0, options.noop_warmup)))
    except MissingDocs as missing:
        print(f"snapshot_extension: {missing}", file=sys.stderr)
        return 2
    except (BenchError, HermesError, TimeoutError) as error:
        print(f"snapshot_extension: the run broke: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    except Exception as error:  # Selenium, aiohttp...: still a broken run, but show where it broke
        traceback.print_exc()
        print(f"snapshot_extension: the run broke: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

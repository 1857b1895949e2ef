"""What the snapshot benchmarks share: the docs pages, the MCP peers, the timing and the counting of controls.

``snapshot_extension.py`` and ``snapshot_cdp.py`` import it as a plain module (``import peers``): run as
``python bench/<script>.py``, Python puts the script's own folder first on ``sys.path``, so ``bench`` needs
no package and nothing has to be installed.  One copy, so that both benchmarks launch a peer the same way
(same flags, same isolation in a temporary directory), time the same way and count controls the same way:
their figures stay comparable, and a fix to one cannot miss the other.

Why each part exists:

* **The peers are what agents use today** (npm ``@playwright/mcp``, ``chrome-devtools-mcp``), installed
  into ``bench/.peers/`` (gitignored) on first use and driven over stdio with the official ``mcp`` SDK
  client exactly as an agent would, on Debian's Chromium so they never download a browser of their own.
* **The pages** are Python's HTML documentation from Debian's ``python3.11-doc``: long, link-heavy real
  pages, served over loopback HTTP on a kernel-chosen port by the harness's page server
  (``tests.support.pages``; Playwright MCP refuses ``file:`` URLs, and a fixed port can collide with
  another run on the same machine).  The script that imports this module has put the repository root
  on ``sys.path`` for it.
* **Counting links, buttons and textboxes** by name is how "smaller, and nothing an agent can act on is
  lost" is checked: a smaller snapshot that dropped controls would be a false win.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO, TypeVar

from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from hermes_wire.errors import HermesError
from tests.support.pages import serve_pages

DOCS_DIR = Path("/usr/share/doc/python3.11/html")
CHROMIUM = "/usr/bin/chromium"
PEERS_DIR = Path(__file__).resolve().parent / ".peers"
PLAYWRIGHT_PACKAGE = "@playwright/mcp"
PLAYWRIGHT_MCP = PEERS_DIR / "node_modules" / ".bin" / "playwright-mcp"

SNAPSHOT_TIMEOUT_S = 120.0  # per Hermes call: a full snapshot of a long page must not be cut by the 30 s default
NPM_INSTALL_TIMEOUT_S = 300.0
PEER_CALL_TIMEOUT_S = 120.0
LOG_TAIL_LINES = 15  # of npm's output or a peer's stderr, when it broke: enough to see why, short enough to read

KINDS = ("links", "buttons", "textboxes")

T = TypeVar("T")


class BenchError(Exception):
    """The run itself broke (as opposed to a slow result): reported on stderr, exit status 1."""


class MissingDocs(Exception):
    """The pages under test are not installed: exit status 2, with the command that installs them."""


# ----- figures ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ControlSyntax:
    """How a snapshot format writes an element on a line of its own: the line's pattern and each role's kind.

    A format is described by data, not by code, because the formats differ only in how a line starts
    and in which roles they have (``- link "name" @e4``, ``uid=1_2 link "name" url=...``).
    """

    line: re.Pattern[str]
    kind_of_role: Mapping[str, str]

    @classmethod
    def of(cls, line_start: str, kind_of_role: Mapping[str, str]) -> ControlSyntax:
        """Lines that start with ``line_start`` (a regex), then one of the roles, then the name in quotes if any."""
        roles = "|".join(map(re.escape, kind_of_role))
        return cls(re.compile(rf'^(?:{line_start})({roles})\b(?: "((?:[^"\\]|\\.)*)")?'), dict(kind_of_role))


#: Hermes (``- link "name" @e4``) and Playwright MCP (``- link "name" [ref=e5]``) write one element a line alike.
DASH_LINES = ControlSyntax.of(
    "- ", {"link": "links", "button": "buttons", "textbox": "textboxes", "searchbox": "textboxes"}
)


@dataclass(frozen=True)
class Controls:
    """Names of the links, buttons and textboxes a snapshot text lists (a multiset per kind)."""

    names: dict[str, Counter[str]]

    @classmethod
    def of(cls, text: str, syntax: ControlSyntax) -> Controls:
        """Count the lines ``syntax`` recognises, whatever their indentation."""
        names: dict[str, Counter[str]] = {kind: Counter() for kind in KINDS}
        for line in text.splitlines():
            found = syntax.line.match(line.lstrip())
            if found:
                names[syntax.kind_of_role[found.group(1)]][found.group(2) or ""] += 1
        return cls(names)

    def count(self, kind: str) -> int:
        return sum(self.names[kind].values())

    def unnamed(self, kind: str) -> int:
        return self.names[kind][""]

    def missing_from(self, other: Controls, kind: str) -> int:
        """How many of ``self``'s named elements of ``kind`` have no element of the same name in ``other``.

        Unnamed ones cannot be matched by name (Playwright MCP prints the name of a link around
        ``<code>`` on a child line, not on the link's own), so the counts carry the check for them
        and this only points at what differs.
        """
        named = Counter({name: n for name, n in self.names[kind].items() if name})
        return sum((named - other.names[kind]).values())


@dataclass(frozen=True)
class SnapshotFigures:
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


async def timed(call: Callable[[], Awaitable[T]], runs: int, warmup: int) -> tuple[list[float], T]:
    """Run ``call`` ``warmup`` times untimed, then ``runs`` (at least one) times timed, one after another.

    The warm-up keeps first-call costs (an engine's first injection, connection set-up, JIT) out of the
    figures; the calls never overlap, so each time is one call's.  Returns the times in milliseconds and
    the last call's result, the one whose size and controls are reported.
    """
    for _ in range(warmup):
        await call()
    times: list[float] = []
    while True:
        started = time.perf_counter_ns()
        result = await call()
        times.append((time.perf_counter_ns() - started) / 1e6)
        if len(times) >= runs:
            return times, result


def verdict(passed: bool) -> str:
    return "PASS" if passed else "FAIL"


# ----- the pages -------------------------------------------------------------------------------------


def check_docs(pages: Iterable[str]) -> None:
    """Stop at once, with the install command, when a page under test is not there."""
    missing = [page for page in pages if not (DOCS_DIR / page).is_file()]
    if missing:
        raise MissingDocs(
            f"{DOCS_DIR / missing[0]} is missing; install Debian's Python documentation: "
            "apt-get install -y python3.11-doc"
        )


@contextlib.contextmanager
def serve_docs(pages: Iterable[str]) -> Iterator[str]:
    """Serve the Python docs on 127.0.0.1 (kernel-chosen port); yield the base URL, ending in ``/``.

    The page server runs on its own thread, so blocking calls on the benchmark's event loop
    (Selenium's) never hold up a page load.
    """
    check_docs(pages)
    with serve_pages(folder=DOCS_DIR) as server:
        yield server.url("/")


# ----- the peers -------------------------------------------------------------------------------------


def _tail(text: str) -> str:
    return "\n".join(text.splitlines()[-LOG_TAIL_LINES:])


def ensure_peers(commands: Mapping[str, Path]) -> dict[str, str]:
    """Install the npm packages (name -> the command it provides) into ``bench/.peers`` unless they are there.

    Returns each package's version, for the report.  ``PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD`` and
    ``PUPPETEER_SKIP_DOWNLOAD`` keep npm from fetching a browser: every peer runs Debian's Chromium,
    and nothing but the npm registry is reachable anyway.
    """
    if not all(command.exists() for command in commands.values()):
        names = " ".join(commands)
        npm = shutil.which("npm")
        if npm is None:
            raise BenchError(f"npm is needed to install {names} (apt-get install -y npm)")
        print(f"installing {', '.join(commands)} into {PEERS_DIR} (first run only)…", flush=True)
        PEERS_DIR.mkdir(exist_ok=True)
        try:
            done = subprocess.run(
                [npm, "install", "--prefix", str(PEERS_DIR), "--no-audit", "--no-fund", *commands],
                env=dict(os.environ, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD="1", PUPPETEER_SKIP_DOWNLOAD="1"),
                capture_output=True,
                text=True,
                timeout=NPM_INSTALL_TIMEOUT_S,
                check=False,
            )
        except subprocess.TimeoutExpired:
            raise BenchError(f"npm install {names} took over {NPM_INSTALL_TIMEOUT_S:g} s") from None
        if done.returncode != 0 or not all(command.exists() for command in commands.values()):
            output = _tail(done.stdout + done.stderr)
            raise BenchError(f"npm install {names} failed (status {done.returncode}):\n{output}")
    versions = {}
    for package in commands:
        manifest = PEERS_DIR / "node_modules" / package / "package.json"
        versions[package] = str(json.loads(manifest.read_text(encoding="utf-8")).get("version", "?"))
    return versions


@dataclass(frozen=True)
class Peer:
    """An MCP server agents use today: how it is launched, and its tools that navigate and take a snapshot."""

    lane: str
    command: Path
    args: tuple[str, ...]
    navigate: str
    snapshot: str
    env: Mapping[str, str] = field(default_factory=dict)
    output_dir_option: str | None = None  # the option that says where it writes its files, if it has one


def playwright_mcp(viewport: str) -> Peer:
    """Playwright MCP, headless on Debian's Chromium (``--executable-path``, so it never downloads one).

    ``viewport`` is the window of the Hermes lane it is compared with, so both browsers lay the page out
    alike.  ``--no-sandbox`` because Chromium's sandbox cannot start as root in a container;
    ``--isolated`` so its profile stays in memory.
    """
    return Peer(
        "Playwright MCP",
        PLAYWRIGHT_MCP,
        (
            "--headless",
            "--executable-path",
            CHROMIUM,
            "--browser",
            "chromium",
            "--no-sandbox",
            "--isolated",
            "--viewport-size",
            viewport,
        ),
        "browser_navigate",
        "browser_snapshot",
        {"PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1"},
        output_dir_option="--output-dir",
    )


def innermost(error: BaseException) -> BaseException:
    """The first real exception inside (possibly nested) exception groups, to report what actually failed."""
    while isinstance(error, BaseExceptionGroup) and error.exceptions:
        error = error.exceptions[0]
    return error


@dataclass(frozen=True)
class PeerSession:
    """A running peer, called as an agent calls it; every answer's text is what the agent reads."""

    peer: Peer
    client: Client
    #: Its working directory: the workspace root, the only folder Playwright MCP reads files from by default.
    workspace: Path

    async def navigate(self, url: str) -> str:
        return self._text(await self.client.call_tool(self.peer.navigate, {"url": url}), self.peer.navigate)

    async def snapshot(self) -> str:
        return self._text(await self.client.call_tool(self.peer.snapshot, {}), self.peer.snapshot)

    async def call(self, tool: str, arguments: dict[str, Any]) -> str:
        """Any other tool of the peer (a click, typing) with its own arguments; its answer's text."""
        return self._text(await self.client.call_tool(tool, arguments), tool)

    def _text(self, result: Any, tool: str) -> str:
        """The text of an MCP tool result; an error result breaks the run (a benchmark of failures measures nothing)."""
        text = "\n".join(item.text for item in result.content if getattr(item, "type", None) == "text")
        if result.is_error:
            raise BenchError(f"{self.peer.lane} {tool} failed: {text[:500]}")
        return text


@contextlib.asynccontextmanager
async def peer_session(peer: Peer) -> AsyncIterator[PeerSession]:
    """Launch ``peer`` on stdio with the ``mcp`` SDK client; stop it and remove everything it wrote at the end.

    Its working directory, ``HOME``, ``TMPDIR`` and output directory are all one temporary directory,
    so its browser profile, caches, snapshot files and artifacts never land in the repository or in
    ``/tmp`` (a failed Chromium launch leaves its profile and artifact directories behind in ``TMPDIR``).
    Its stderr goes to a log there, whose tail is shown when it breaks.  ``mode="legacy"``: the peers
    speak the classic ``initialize`` handshake, so no discovery probe.  The SDK's task groups wrap what
    went wrong in exception groups; the first real exception is what is reported.
    """
    with (
        tempfile.TemporaryDirectory(prefix="hermes-bench-peer-") as scratch,
        open(Path(scratch) / "stderr.log", "w+", encoding="utf-8") as log,
    ):
        output_dir = (peer.output_dir_option, str(Path(scratch) / "output")) if peer.output_dir_option else ()
        parameters = StdioServerParameters(
            command=str(peer.command),
            args=[*peer.args, *output_dir],
            env={**peer.env, "HOME": scratch, "TMPDIR": scratch},  # the SDK adds PATH and the like
            cwd=scratch,
        )
        try:
            async with Client(
                stdio_client(parameters, errlog=log), mode="legacy", read_timeout_seconds=PEER_CALL_TIMEOUT_S
            ) as client:
                yield PeerSession(peer, client, Path(scratch))
        except Exception as error:
            cause = innermost(error)
            if isinstance(cause, BenchError):
                raise cause from None
            raise BenchError(f"{peer.lane} broke: {type(cause).__name__}: {cause}\n{_log_tail(log)}") from error


def _log_tail(log: TextIO) -> str:
    log.flush()
    log.seek(0)
    return _tail(log.read()) or "(empty log)"


# ----- running a benchmark ---------------------------------------------------------------------------


def positive(text: str) -> int:
    """An ``argparse`` type for counts of timed calls: a figure needs at least one."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def exit_status(name: str, benchmark: Coroutine[Any, Any, None]) -> int:
    """Run ``benchmark`` and turn how it ended into the exit status the scripts document.

    0 whatever the verdicts; 2 when the pages are missing (with the command that installs them);
    1 when the run broke.  Something unexpected (Selenium, aiohttp, the MCP SDK...) is a broken run
    too, with its traceback, to show where it broke.
    """
    try:
        asyncio.run(benchmark)
    except MissingDocs as missing:
        print(f"{name}: {missing}", file=sys.stderr)
        return 2
    except (BenchError, HermesError, TimeoutError) as error:
        print(f"{name}: the run broke: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    except Exception as error:
        traceback.print_exc()
        print(f"{name}: the run broke: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    return 0

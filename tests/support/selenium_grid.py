"""A real Selenium Grid 4 on loopback: a hub and Chromium nodes, for the Grid provider's tests and ``bench/grid.py``.

The server jar is the one ``tests/grid/install`` puts in ``tests/grid/node_modules`` (npm's
``@nightwatch/selenium-server``); Java 17 runs it.  Each node's configuration (TOML) turns driver
detection off and names one driver: Debian's ``/usr/bin/chromedriver``, with ``/usr/bin/chromium`` as
the Chrome binary in its stereotype (``--no-sandbox`` too when the tests run as root, where Chromium
refuses its sandbox).  A node may be given a pool label (``hermes:pool`` in its stereotype), so that
a request naming the pool (``browser.selenium_grid_capabilities``) reaches that node only.

Every process gets its own process group, so that killing a node (``kill_node``: as a machine that
dies) also kills the chromedriver and Chromium it started; everything is killed on exit.  Ports are
picked free; readiness is the hub's ``/status`` listing the node as ``UP`` (bounded polls: the Grid
has no other signal).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.support.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]
JAR = ROOT / "tests/grid/node_modules/@nightwatch/selenium-server/lib/selenium-server-4.20.0.jar"
JAVA = shutil.which("java") or "/usr/bin/java"
#: Quick start-up for short-lived JVMs (C1 only), and a small heap: the machine is shared with the browsers.
JAVA_OPTIONS = ("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx256m")
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
START_TIMEOUT_S = 60.0
POOL = "hermes:pool"
#: The pool of the nodes ``local_grid`` starts; a request naming no pool may reach any node.
SHARED_POOL = "shared"
HEALTHCHECK_S = 2


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def grid_status(grid_url: str) -> dict[str, Any]:
    with urllib.request.urlopen(grid_url + "/status", timeout=10) as response:
        value: dict[str, Any] = json.loads(response.read())["value"]
        return value


def node_configuration(max_sessions: int, session_timeout_s: int, pool: str | None) -> str:
    """A node's TOML: Chromium through Debian's chromedriver, no driver detection."""
    options: dict[str, Any] = {"binary": CHROMIUM}
    if os.geteuid() == 0:
        options["args"] = ["--no-sandbox"]
    stereotype: dict[str, Any] = {"browserName": "chrome", "goog:chromeOptions": options}
    if pool is not None:
        stereotype[POOL] = pool
    return f"""[node]
detect-drivers = false
max-sessions = {max_sessions}
session-timeout = {session_timeout_s}

[[node.driver-configuration]]
display-name = "Chromium"
max-sessions = {max_sessions}
webdriver-executable = "{CHROMEDRIVER}"
stereotype = '{json.dumps(stereotype)}'
"""


@dataclass
class GridNode:
    port: int
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def uri(self) -> str:
        return f"http://127.0.0.1:{self.port}"


@dataclass
class LocalGrid:
    """A hub on loopback (``url``) and its nodes."""

    folder: Path
    port: int
    events: tuple[int, int]
    hub: subprocess.Popen[bytes] | None = None
    nodes: list[GridNode] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def status(self) -> dict[str, Any]:
        return grid_status(self.url)

    def node_states(self) -> dict[str, str]:
        """Each registered node's URI and availability (UP, DOWN, DRAINING)."""
        return {node["uri"]: node["availability"] for node in self.status().get("nodes", [])}

    def session_ids(self) -> list[str]:
        """The sessions the Grid's nodes hold now."""
        return self.sessions_at(self.url)

    @staticmethod
    def sessions_at(grid_url: str) -> list[str]:
        """The sessions the nodes of the Grid at ``grid_url`` hold now (the hub's ``/status``)."""
        return [
            slot["session"]["sessionId"]
            for node in grid_status(grid_url).get("nodes", [])
            for slot in node["slots"]
            if slot.get("session")
        ]

    def start_hub(self) -> None:
        publish, subscribe = self.events
        arguments = ["hub", "--host", "127.0.0.1", "--port", str(self.port)]
        # A dead node is noticed within seconds (the default is two minutes), as a Grid that must not route to it.
        arguments += ["--healthcheck-interval", str(HEALTHCHECK_S)]
        arguments += ["--publish-events", f"tcp://127.0.0.1:{publish}"]
        arguments += ["--subscribe-events", f"tcp://127.0.0.1:{subscribe}"]
        self.hub = self._java(arguments, self.folder / "hub.log")

    def add_node(
        self, *, max_sessions: int = 2, session_timeout_s: int = 300, pool: str | None = None, wait: bool = True
    ) -> GridNode:
        """Start a node that registers with the hub; with ``wait``, return once the hub lists it UP."""
        port = free_port()
        config = self.folder / f"node-{port}.toml"
        config.write_text(node_configuration(max_sessions, session_timeout_s, pool))
        publish, subscribe = self.events
        arguments = ["node", "--config", str(config), "--host", "127.0.0.1", "--port", str(port)]
        arguments += ["--publish-events", f"tcp://127.0.0.1:{publish}"]
        arguments += ["--subscribe-events", f"tcp://127.0.0.1:{subscribe}"]
        node = GridNode(port, self._java(arguments, self.folder / f"node-{port}.log"), self.folder / f"node-{port}.log")
        self.nodes.append(node)
        if wait:
            self.wait_for_node(node)
        return node

    def wait_for_node(self, node: GridNode) -> None:
        def registered() -> bool:
            if node.process.poll() is not None:
                raise RuntimeError(f"the Grid node exited:\n{_tail(node.log)}")
            with contextlib.suppress(OSError, ValueError, KeyError):
                return self.node_states().get(node.uri) == "UP"
            return False

        wait_until(registered, START_TIMEOUT_S, f"the Grid node {node.uri} to register with the hub")

    def kill_node(self, node: GridNode) -> None:
        """Kill the node and every process it started at once (SIGKILL to its process group), as a machine dies."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(node.process.pid, signal.SIGKILL)
        node.process.wait()

    def stop(self) -> None:
        for process in [node.process for node in self.nodes] + ([self.hub] if self.hub else []):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()

    def _java(self, arguments: list[str], log: Path) -> subprocess.Popen[bytes]:
        if not JAR.exists():
            raise RuntimeError(f"no Selenium server jar at {JAR}: run tests/grid/install")
        with log.open("wb") as output:
            return subprocess.Popen(
                [JAVA, *JAVA_OPTIONS, "-jar", str(JAR), *arguments],
                stdin=subprocess.DEVNULL,
                stdout=output,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: killing it ends its drivers and browsers too
            )


@contextlib.contextmanager
def local_grid(nodes: int = 1, max_sessions: int = 2) -> Iterator[LocalGrid]:
    """A hub and ``nodes`` Chromium nodes on loopback, each with ``max_sessions`` slots; all killed on exit."""
    with tempfile.TemporaryDirectory(prefix="hermes-grid-") as temporary:
        grid = LocalGrid(Path(temporary), free_port(), (free_port(), free_port()))
        try:
            grid.start_hub()
            started = [grid.add_node(max_sessions=max_sessions, pool=SHARED_POOL, wait=False) for _ in range(nodes)]
            for node in started:
                grid.wait_for_node(node)
            yield grid
        finally:
            grid.stop()


def _tail(log: Path, lines: int = 20) -> str:
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""

"""Where Hermes keeps its files, and the runtime file: how a local process finds the running server.

Everything lives under ``$HERMES_HOME`` (default ``~/.hermes``), in ``browser-control/``.

``$HERMES_HOME/browser-control/runtime.json`` (mode 0600) holds the server's URL, its pid and a
random pairing secret made fresh at every start.  The native host reads it; nothing else
carries the secret, and it never crosses the wire (see ``signatures``).  The server withdraws
it on every exit it can catch; one it could not (SIGKILL, a crash) names a pid that is gone,
and ``server_process_gone`` tells the reader so.  A reused pid is caught one step later: the
host proves the server's identity key before it sends anything (``signatures``).

``server_key.pem`` beside it is the server's long-lived Ed25519 identity key, made once.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hermes_wire import strict_json
from hermes_wire.files import write_private_file


def hermes_home(environ: Mapping[str, str] | None = None) -> Path:
    env = os.environ if environ is None else environ
    return Path(env.get("HERMES_HOME") or Path.home() / ".hermes")


def browser_control_dir(home: Path) -> Path:
    return home / "browser-control"


def runtime_path(home: Path) -> Path:
    return browser_control_dir(home) / "runtime.json"


def pairings_path(home: Path) -> Path:
    return browser_control_dir(home) / "pairings.json"


def server_key_path(home: Path) -> Path:
    return browser_control_dir(home) / "server_key.pem"


def publish_runtime(home: Path, url: str, pairing_secret: str) -> None:
    record = {"url": url, "pid": os.getpid(), "pairing_secret": pairing_secret}
    write_private_file(runtime_path(home), json.dumps(record) + "\n")


def withdraw_runtime(home: Path) -> None:
    """Remove the runtime file if it is still ours (a newer server may have replaced it)."""
    record = read_runtime(home)
    if record is not None and record.get("pid") == os.getpid():
        with contextlib.suppress(FileNotFoundError):
            runtime_path(home).unlink()


def read_runtime(home: Path) -> dict[str, Any] | None:
    """The runtime record, or None when no server has published one (or it is unreadable or malformed)."""
    try:
        record = strict_json.loads(runtime_path(home).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(record, dict) or not all(isinstance(record.get(k), str) for k in ("url", "pairing_secret")):
        return None
    pid = record.get("pid")
    if not isinstance(pid, int) or isinstance(pid, bool) or pid <= 0:
        return None  # 0 and negative pids name process groups to os.kill: never trust one
    return record


def server_process_gone(record: dict[str, Any]) -> bool:
    """Whether the process that wrote ``record`` is gone, so the record is a leftover."""
    return not process_running(record["pid"])


def process_running(pid: int) -> bool:
    """Whether process ``pid`` runs: it exists (another user's counts) and, where ``/proc`` tells, is no zombie.

    A killed process stays a zombie until its parent reaps it, and an orphan's parent may be an
    init that never does (a container's, say): that process is gone all the same.  The owner of a
    runtime file and of a temporary Chromium profile are both judged by this one rule.
    """
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):  # no such process, or no process could have that pid
        return False
    except PermissionError:
        return True  # it exists, as another user's process (the host's identity check still refuses it)
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return True

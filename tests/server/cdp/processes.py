"""What ``/proc`` tells about the processes a test started: alive or not, their children, their command lines,
and the TCP ports they listen on.  Linux only, as the lane's parent-death signal is."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable
from pathlib import Path

#: ``st`` in ``/proc/net/tcp*``: the socket listens.
TCP_LISTEN = "0A"


def alive(pid: int) -> bool:
    """Running and not a zombie (an orphan's zombie may wait a while for a reaper)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def group_alive(pgid: int) -> bool:
    """Whether a process of process group ``pgid`` runs (a Chromium leads the group of its helper processes)."""
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(FileNotFoundError, ProcessLookupError):
                state, _, group = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[:3]
                if int(group) == pgid and state != "Z":
                    return True
    return False


def children(pid: int) -> list[int]:
    """The processes ``pid`` started that are still its children (an exited one is skipped)."""
    found: list[int] = []
    with contextlib.suppress(FileNotFoundError):
        for task in os.listdir(f"/proc/{pid}/task"):
            with contextlib.suppress(FileNotFoundError), open(f"/proc/{pid}/task/{task}/children") as listing:
                found += [int(child) for child in listing.read().split()]
    return found


def descendants(pid: int) -> list[int]:
    """``pid``'s children, their children, and so on."""
    found = children(pid)
    for child in list(found):
        found += descendants(child)
    return found


def command_line(pid: int) -> list[str]:
    """The arguments ``pid`` was started with (empty once it has exited)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").split("\0")[:-1]
    except FileNotFoundError:
        return []


def chromium_children(pid: int) -> list[int]:
    """The Chromiums the cdp lane of server ``pid`` launched: its children with a ``hermes-chromium`` profile."""
    return [child for child in children(pid) if any("hermes-chromium" in arg for arg in command_line(child))]


def profile_of(pid: int) -> Path:
    """The ``--user-data-dir`` Chromium ``pid`` runs in."""
    (folder,) = [arg.split("=", 1)[1] for arg in command_line(pid) if arg.startswith("--user-data-dir=")]
    return Path(folder)


def listening_ports(pids: Iterable[int]) -> set[int]:
    """The TCP ports (IPv4 and IPv6, any address) that a socket held by one of ``pids`` listens on.

    A socket is matched by its inode: ``/proc/<pid>/fd`` links to ``socket:[inode]``, and each
    process's ``net/tcp`` and ``net/tcp6`` (its network namespace's) list the listening ones.
    """
    ports: set[int] = set()
    for pid in pids:
        inodes: set[str] = set()
        with contextlib.suppress(FileNotFoundError):
            for fd in os.listdir(f"/proc/{pid}/fd"):
                with contextlib.suppress(FileNotFoundError):
                    link = os.readlink(f"/proc/{pid}/fd/{fd}")
                    if link.startswith("socket:["):
                        inodes.add(link.removeprefix("socket:[").removesuffix("]"))
        for table in ("tcp", "tcp6"):
            with contextlib.suppress(FileNotFoundError):
                for line in Path(f"/proc/{pid}/net/{table}").read_text().splitlines()[1:]:
                    fields = line.split()
                    if fields[3] == TCP_LISTEN and fields[9] in inodes:
                        ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports

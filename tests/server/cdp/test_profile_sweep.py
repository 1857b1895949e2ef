"""The sweep of the temporary Chromium profiles that killed servers left, without a browser: whose is removed, and
whose never is.  (``test_launch_chromium`` checks it end to end, with a server really killed.)"""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from hermes_server.cdp.chromium import (
    OWNER_FILE,
    PROFILE_PREFIX,
    UPLOAD_COPIES_PREFIX,
    owned_temporary_folder,
    sweep_stale_profiles,
)
from tests.conftest import scaled


def profile_owned_by(pid: int | str) -> Path:
    """A profile folder as a launch makes it, recording ``pid`` as its server."""
    profile = Path(tempfile.mkdtemp(prefix=PROFILE_PREFIX))
    (profile / OWNER_FILE).write_text(f"{pid}\n")
    (profile / "Default").mkdir()
    (profile / "Default" / "Cookies").write_text("secrets of the session")
    return profile


def state_of(pid: int) -> str:
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]


@pytest.fixture
def zombie() -> Iterator[int]:
    """A process that has exited and that its parent (this test) has not reaped yet."""
    process = subprocess.Popen(["true"])
    deadline = time.monotonic() + scaled(5)
    while state_of(process.pid) != "Z":
        assert time.monotonic() < deadline, "the child did not exit"
        time.sleep(0.01)
    yield process.pid
    process.wait()


@pytest.fixture
def running() -> Iterator[int]:
    """A process that runs until the test ends (another server, as far as the sweep can tell)."""
    process = subprocess.Popen(["sleep", "600"])
    yield process.pid
    process.kill()
    process.wait()


def test_only_the_profiles_of_servers_that_are_gone_are_removed(temporary: Path, zombie: int, running: int) -> None:
    exited = subprocess.Popen(["true"])
    exited.wait()
    gone = [profile_owned_by(exited.pid), profile_owned_by(zombie)]
    elsewhere = Path(tempfile.mkdtemp(prefix="elsewhere-", dir=temporary))
    (elsewhere / OWNER_FILE).write_text(f"{exited.pid}\n")
    link = temporary / f"{PROFILE_PREFIX}link"
    link.symlink_to(elsewhere)
    kept = [
        profile_owned_by(running),  # another server's, in use
        profile_owned_by(os.getpid()),  # this server's own
        profile_owned_by("not a process id"),
        Path(tempfile.mkdtemp(prefix=PROFILE_PREFIX)),  # no owner recorded: another program's, or one being made
        link,  # a link is followed nowhere, so nothing outside the temporary folder is removed through it
    ]
    sweep_stale_profiles()
    assert [profile.exists() for profile in gone] == [False, False]
    assert [profile.exists() for profile in kept] == [True] * len(kept)
    assert (elsewhere / OWNER_FILE).exists()


def test_the_upload_copies_of_servers_that_are_gone_are_removed_too(temporary: Path, running: int) -> None:
    """The cdp lane's browser reads private copies of the files a session uploads; a killed server leaves them."""
    exited = subprocess.Popen(["true"])
    exited.wait()
    mine = owned_temporary_folder(UPLOAD_COPIES_PREFIX)
    assert mine.parent == temporary and (mine / OWNER_FILE).read_text() == f"{os.getpid()}\n"
    assert mine.stat().st_mode & 0o077 == 0  # private: another user cannot read the copies
    others = Path(tempfile.mkdtemp(prefix=UPLOAD_COPIES_PREFIX))
    (others / OWNER_FILE).write_text(f"{running}\n")
    left = Path(tempfile.mkdtemp(prefix=UPLOAD_COPIES_PREFIX))
    (left / OWNER_FILE).write_text(f"{exited.pid}\n")
    (left / "invoice.pdf").write_bytes(b"a copy")
    sweep_stale_profiles()
    assert not left.exists()
    assert mine.is_dir() and others.is_dir()

"""Private files: written atomically with mode 0600 inside folders of mode 0700.

Keys, pairing records and the runtime file are secrets or decide who may drive the
browser, so a reader must never see a half-written file and no other user may read one.
Every folder made on the way gets 0700 too, not only the last: ``Path.mkdir(parents=True,
mode=...)`` gives the parents it creates the umask's default (typically 0755).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path


def make_private_folder(folder: Path) -> None:
    """Create ``folder`` and every missing parent with mode 0700 (folders that exist are left as they are)."""
    missing: list[Path] = []
    while not folder.exists():
        missing.append(folder)
        folder = folder.parent
    for created in reversed(missing):
        try:
            created.mkdir(mode=0o700)
        except FileExistsError:
            continue  # another process made it meanwhile: its mode is that process's business
        os.chmod(created, 0o700)  # mkdir's mode is masked by the umask


def ensure_private_file(path: Path) -> None:
    """Make sure ``path`` exists with mode 0600 (its folders 0700), for a file that is appended to, like a log."""
    make_private_folder(path.parent)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        os.fchmod(descriptor, 0o600)
    finally:
        os.close(descriptor)


def write_private_file(path: Path, text: str) -> None:
    """Replace ``path`` atomically with ``text`` (mode 0600); missing folders are created with mode 0700."""
    make_private_folder(path.parent)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, 0o600)
        os.replace(temporary, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path.lock`` so read-modify-write cycles of ``path`` never interleave."""
    import fcntl  # POSIX only: imported here so that the Windows installer, which writes files here too, can import us

    make_private_folder(path.parent)
    descriptor = os.open(path.with_name(path.name + ".lock"), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)

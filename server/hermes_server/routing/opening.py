"""Opening a file below a folder without following a link met on the way: the walk uploads and downloads share.

Both check a resolved path first, then open it again to read it. Each component is opened inside the one before with
``O_NOFOLLOW``, so a link put in place after the check makes the open fail instead of being followed. ``O_NONBLOCK``
means a FIFO swapped in for the file does not hang the open.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

#: The errors of an open that met a link, a file where a folder was, or nothing: the path changed after its check.
SWAPPED_ERRNOS = frozenset({errno.ELOOP, errno.ENOTDIR, errno.ENOENT})


def open_below(folder: Path, parts: tuple[str, ...]) -> int:
    """The descriptor of the file ``parts`` names below ``folder`` (read-only); ``OSError`` when it cannot be opened
    (``swapped`` tells whether the path changed since it was checked)."""
    directory = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        for part in parts[:-1]:
            inner = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=directory)
            os.close(directory)
            directory = inner
        return os.open(parts[-1], os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=directory)
    finally:
        os.close(directory)


def swapped(error: OSError) -> bool:
    """Whether ``open_below`` failed because the path changed after its check (a link or a folder swapped in)."""
    return error.errno in SWAPPED_ERRNOS

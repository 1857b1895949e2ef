"""Which files an agent may upload (browser_file_upload): only files inside the folders the user allowed, sent as
the bytes that were checked.

The folders are ``$HERMES_HOME/uploads`` (created 0700 at start-up) and any the configuration lists under
``browser.uploads.allow_dirs``. A path is resolved first (``~`` expanded, a relative path taken inside the uploads
folder, every symlink followed), so a link inside an allowed folder that points out of it is refused, as is ``..``.
Then each file is opened once, walking down from its allowed folder with ``O_NOFOLLOW`` on every component, so a
path swapped for a link between the check and the open fails to open instead of reaching out. The open descriptor is
what is checked (``fstat``: a regular file, one link, within the per-file cap; the files within the per-call cap
together) and what is read, and a file that changes while it is read is refused. The lanes get those bytes and never
the path (``checked_files``, the one function here that reads a file): the extension lane as ``attachments``, the
cdp lane as a private copy it hands its browser. Plain functions: the router calls them, the tests call them.
"""

from __future__ import annotations

import base64
import hashlib
import mimetypes
import os
from dataclasses import dataclass
from pathlib import Path
from stat import S_ISREG
from typing import Any

from hermes_server.routing.opening import open_below, swapped
from hermes_wire.errors import ToolError

#: The folder inside ``$HERMES_HOME`` a user puts files in for the agent.
UPLOADS_FOLDER = "uploads"
DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024
DEFAULT_MAX_CALL_BYTES = 10 * 1024 * 1024


@dataclass(frozen=True)
class UploadPolicy:
    """The folders files may come from (resolved), and the caps."""

    folders: tuple[Path, ...]
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES
    max_call_bytes: int = DEFAULT_MAX_CALL_BYTES

    @classmethod
    def for_home(
        cls,
        home: Path,
        allow_dirs: tuple[Path, ...] = (),
        max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
        max_call_bytes: int = DEFAULT_MAX_CALL_BYTES,
    ) -> UploadPolicy:
        """The policy of a server whose home is ``home``: its uploads folder is created (0700) if missing."""
        home.mkdir(mode=0o700, parents=True, exist_ok=True)
        uploads = home / UPLOADS_FOLDER
        uploads.mkdir(mode=0o700, exist_ok=True)
        folders = tuple(dict.fromkeys(folder.expanduser().resolve() for folder in (uploads, *allow_dirs)))
        return cls(folders, max_file_bytes, max_call_bytes)

    @property
    def uploads(self) -> Path:
        return self.folders[0]


@dataclass(frozen=True)
class UploadFile:
    """A file an upload sends: where it was read (for messages and tests only: no lane opens it again), what the page
    is told of it, and its bytes as they were read from the descriptor the checks looked at."""

    path: Path
    name: str
    size: int
    type: str
    content: bytes

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.content).hexdigest()


@dataclass(frozen=True)
class _Opened:
    """A file opened for an upload: the path the agent gave, the real path, its descriptor and what ``fstat`` said."""

    raw: str
    path: Path
    descriptor: int
    facts: os.stat_result


def checked_files(paths: list[str], policy: UploadPolicy) -> list[UploadFile]:
    """The files ``paths`` name, each inside an allowed folder and within the caps, read once; ``upload_refused``
    otherwise, naming the allowed folders. Every file is opened and checked before any is read, so a file over a cap
    is refused before a byte is read."""
    opened: list[_Opened] = []
    try:
        for raw in paths:
            opened.append(_opened(raw, policy))
        total = sum(file.facts.st_size for file in opened)
        if total > policy.max_call_bytes:
            raise _refused(
                f"the files come to {_size(total)}, over the {_size(policy.max_call_bytes)} one upload may send",
                policy,
            )
        return [_read(file, policy) for file in opened]
    finally:
        for file in opened:
            os.close(file.descriptor)


def _opened(raw: str, policy: UploadPolicy) -> _Opened:
    if not policy.folders:
        raise _refused("this server allows no folder", policy)
    try:
        given = Path(raw).expanduser()  # ~user of no such user: RuntimeError
        path = (given if given.is_absolute() else policy.uploads / given).resolve(strict=True)
    except (OSError, RuntimeError, ValueError):  # missing, a broken link, a loop of links, a NUL in the path
        raise _refused(f"there is no file {raw!r}", policy) from None
    folder = next((folder for folder in policy.folders if path.is_relative_to(folder)), None)
    if folder is None:
        raise _refused(f"{raw!r} is outside the folders the user allowed", policy)
    descriptor = _open_below(folder, path.relative_to(folder).parts, raw, policy)
    try:
        facts = os.fstat(descriptor)
        if not S_ISREG(facts.st_mode):
            raise _refused(f"{raw!r} is not a readable file", policy)
        if facts.st_nlink != 1:  # a hard link: the same file has a name outside the folders, which vouch for nothing
            raise _refused(
                f"{raw!r} is a hard link to a file that may live outside the folders the user allowed", policy
            )
        if facts.st_size > policy.max_file_bytes:
            raise _refused(f"{raw!r} is {_size(facts.st_size)}, over the {_size(policy.max_file_bytes)} cap", policy)
    except BaseException:
        os.close(descriptor)
        raise
    return _Opened(raw, path, descriptor, facts)


def _open_below(folder: Path, parts: tuple[str, ...], raw: str, policy: UploadPolicy) -> int:
    """The descriptor of the file ``parts`` names below ``folder`` (``opening.open_below``): ``parts`` come from a
    resolved path, so a link met now was put there after the check, and the open fails rather than follow it."""
    if not parts:
        raise _refused(f"{raw!r} is not a readable file", policy)
    try:
        return open_below(folder, parts)
    except OSError as error:
        if swapped(error):
            raise _refused(
                f"{raw!r} changed while it was checked (a link or a folder was swapped in); retry", policy
            ) from None
        raise _refused(f"{raw!r} cannot be read", policy) from None


def _read(file: _Opened, policy: UploadPolicy) -> UploadFile:
    """The bytes of ``file``, from its descriptor; refused if the file changed while it was read (its size, its
    modification or its inode's change time moved), rather than sent different from what the checks passed."""
    chunks: list[bytes] = []
    left = file.facts.st_size + 1  # one byte more than checked: a file that grew shows it
    try:
        while left > 0:
            chunk = os.read(file.descriptor, min(left, 1024 * 1024))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        after = os.fstat(file.descriptor)
    except OSError:
        raise _refused(f"{file.raw!r} cannot be read", policy) from None
    content = b"".join(chunks)
    before = file.facts
    if len(content) != before.st_size or _version(after) != _version(before):
        raise _refused(f"{file.raw!r} changed while it was read; retry once it is written", policy)
    kind = mimetypes.guess_type(file.path.name)[0] or ""  # a type the browser does not know is "", as its chooser gives
    return UploadFile(file.path, file.path.name, before.st_size, kind, content)


def _version(facts: os.stat_result) -> tuple[int, int, int, int]:
    return facts.st_size, facts.st_mtime_ns, facts.st_ctime_ns, facts.st_nlink


def attachments(files: list[UploadFile]) -> list[dict[str, Any]]:
    """The files as a lane that cannot read this disk gets them (the extension's): ``{name, size, type, sha256,
    data}``, ``data`` the bytes in base64 and ``sha256`` their digest, which the browser checks."""
    return [
        {
            "name": file.name,
            "size": file.size,
            "type": file.type,
            "sha256": file.sha256,
            "data": base64.b64encode(file.content).decode("ascii"),
        }
        for file in files
    ]


def _refused(why: str, policy: UploadPolicy) -> ToolError:
    folders = ", ".join(str(folder) for folder in policy.folders)
    return ToolError(
        "upload_refused",
        f"Nothing was uploaded: {why}. An agent may upload only files inside {folders} (the user adds folders with "
        "browser.uploads.allow_dirs); put the file there, or ask the user to.",
    )


def _size(count: int) -> str:
    return f"{count / (1024 * 1024):.1f} MB" if count >= 1024 * 1024 else f"{max(1, round(count / 1024))} KB"

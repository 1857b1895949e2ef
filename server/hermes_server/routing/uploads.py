"""Which files an agent may upload (browser_file_upload): only files inside the folders the user allowed.

The folders are ``$HERMES_HOME/uploads`` (created 0700 at start-up) and any the configuration lists under
``browser.uploads.allow_dirs``. A path is resolved first (``~`` expanded, a relative path taken inside the uploads
folder, every symlink followed), so a link inside an allowed folder that points out of it is refused, as is ``..``.
A file over the per-file cap, or files over the per-call cap together, are refused before anything is read. The
cdp lane gets the resolved paths; the extension lane, whose browser cannot read this disk, gets the bytes
(``attachments``, the one function here that reads a file). Plain functions: the router and the extension lane call
them, the tests call them.
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
    """A file an upload may send: its real path, and what the page is told of it."""

    path: Path
    name: str
    size: int
    type: str


def checked_files(paths: list[str], policy: UploadPolicy) -> list[UploadFile]:
    """The files ``paths`` name, each inside an allowed folder and within the caps; ``upload_refused`` otherwise,
    naming the allowed folders. Nothing is read here."""
    files = [_checked(raw, policy) for raw in paths]
    total = sum(file.size for file in files)
    if total > policy.max_call_bytes:
        raise _refused(
            f"the files come to {_size(total)}, over the {_size(policy.max_call_bytes)} one upload may send", policy
        )
    return files


def _checked(raw: str, policy: UploadPolicy) -> UploadFile:
    if not policy.folders:
        raise _refused("this server allows no folder", policy)
    try:
        given = Path(raw).expanduser()  # ~user of no such user: RuntimeError
        path = (given if given.is_absolute() else policy.uploads / given).resolve(strict=True)
    except (OSError, RuntimeError, ValueError):  # missing, a broken link, a loop of links, a NUL in the path
        raise _refused(f"there is no file {raw!r}", policy) from None
    if not any(path.is_relative_to(folder) for folder in policy.folders):
        raise _refused(f"{raw!r} is outside the folders the user allowed", policy)
    try:
        facts = path.stat()
    except OSError:
        raise _refused(f"{raw!r} cannot be read", policy) from None
    if not S_ISREG(facts.st_mode) or not os.access(path, os.R_OK):
        raise _refused(f"{raw!r} is not a readable file", policy)
    if facts.st_size > policy.max_file_bytes:
        raise _refused(f"{raw!r} is {_size(facts.st_size)}, over the {_size(policy.max_file_bytes)} cap", policy)
    kind = mimetypes.guess_type(path.name)[0] or ""  # a type the browser does not know is "", as its chooser gives
    return UploadFile(path, path.name, facts.st_size, kind)


def attachments(files: list[UploadFile]) -> list[dict[str, Any]]:
    """The files as a lane that cannot read this disk gets them (the extension's): ``{name, size, type, sha256,
    data}``, ``data`` the bytes in base64 and ``sha256`` their digest, which the browser checks. A file whose size
    changed since it was checked is refused rather than sent different from what the caps passed."""
    attached = []
    for file in files:
        try:
            with file.path.open("rb") as opened:
                content = opened.read(file.size + 1)
        except OSError:
            raise ToolError("upload_refused", f"Nothing was uploaded: {file.name!r} cannot be read.") from None
        if len(content) != file.size:
            raise ToolError("upload_refused", f"Nothing was uploaded: {file.name!r} changed while it was read; retry.")
        attached.append(
            {
                "name": file.name,
                "size": file.size,
                "type": file.type,
                "sha256": hashlib.sha256(content).hexdigest(),
                "data": base64.b64encode(content).decode("ascii"),
            }
        )
    return attached


def _refused(why: str, policy: UploadPolicy) -> ToolError:
    folders = ", ".join(str(folder) for folder in policy.folders)
    return ToolError(
        "upload_refused",
        f"Nothing was uploaded: {why}. An agent may upload only files inside {folders} (the user adds folders with "
        "browser.uploads.allow_dirs); put the file there, or ask the user to.",
    )


def _size(count: int) -> str:
    return f"{count / (1024 * 1024):.1f} MB" if count >= 1024 * 1024 else f"{max(1, round(count / 1024))} KB"

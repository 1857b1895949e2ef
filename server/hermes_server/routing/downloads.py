"""What a session downloaded, on either lane: its records, the caps, and the one way a downloaded file is read.

The lanes keep the records (the cdp lane from the browser's download events, ``cdp/downloads.py``; the extension
from ``chrome.downloads``, ``background/downloads.js``) and answer ``browser_downloads`` and
``browser_read_download`` with them, the file's path included. The router then reads the file here, the same way for
both lanes, and only inside the session's download folder: ``$HERMES_HOME/downloads/<session>/`` for the cdp lane,
the ``hermes/`` subfolder of the user's download folder for the extension lane (``DownloadPolicy.folder_for``). A
path a lane reports is resolved (every symlink followed) and must lie in that folder; the file is then opened walking
down from the folder with ``O_NOFOLLOW`` on every component (as ``uploads`` does), checked on its descriptor (a
regular file, one link, within the size cap) and read from that descriptor, which is what the text extractor reads
too (``/dev/fd/N``): a file swapped for a link after the check is never followed out of the folder.

Page strings are data: a file's name is the page's suggestion made into one harmless name (``safe_name``), never
a path; the lanes save the file under a name of their own choosing.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from stat import S_ISREG
from typing import Any, TypeVar

from hermes_server.documents import ExtractedText
from hermes_server.errors import DocumentError
from hermes_server.routing.opening import open_below, swapped
from hermes_wire.errors import ToolError
from hermes_wire.tool_spec import (
    DOWNLOAD_MAX_COUNT,
    DOWNLOAD_MAX_FILE_BYTES,
    EXTENSION_LANE,
    READ_DOWNLOAD_CHARS_DEFAULT,
)

#: The folder inside ``$HERMES_HOME`` the cdp lane's browser saves each session's downloads in (one folder a session).
DOWNLOADS_FOLDER = "downloads"
#: The subfolder of the user's download folder the extension saves the agent's downloads in.
EXTENSION_SUBFOLDER = "hermes"
STATES = ("in_progress", "complete", "failed", "refused")
#: The longest file name kept from a page's suggestion (most file systems take 255 bytes).
NAME_MAX_CHARACTERS = 120
#: The keys of a record as the agent sees it (``browser_downloads``).
RECORD_KEYS = ("id", "name", "state", "size", "mime_type", "sha256", "path", "url", "reason")
T = TypeVar("T")
_UNSAFE = re.compile(r"[\x00-\x1f\x7f<>:\"|?*\u202a-\u202e\u2066-\u2069]")


@dataclass(frozen=True)
class DownloadCaps:
    """How big one download may be, and how many one session may make."""

    max_file_bytes: int = DOWNLOAD_MAX_FILE_BYTES
    max_count: int = DOWNLOAD_MAX_COUNT

    def refusal(self, *, size: int | None, earlier: int) -> str | None:
        """Why a download of ``size`` bytes (None: not known yet), after ``earlier`` of the session's, is refused;
        None when it may go on."""
        if earlier >= self.max_count:
            return f"the session has made {earlier} downloads, the most it may make ({self.max_count})"
        if size is not None and size > self.max_file_bytes:
            return f"it is {human_size(size)}, over the {human_size(self.max_file_bytes)} cap"
        return None


@dataclass(frozen=True)
class DownloadPolicy:
    """Where each lane's downloads live, and the caps (``browser.downloads`` in the configuration)."""

    #: ``$HERMES_HOME/downloads``: the cdp lane's folder of each session's folders.
    cdp_folder: Path
    #: The user's download folder, where the extension's Chrome saves files (in its ``hermes/`` subfolder).
    extension_folder: Path
    caps: DownloadCaps = DownloadCaps()

    def folder_for(self, lane: str, session_id: str) -> Path:
        """The one folder a session's downloads may be read from."""
        if lane == EXTENSION_LANE:
            return self.extension_folder.expanduser() / EXTENSION_SUBFOLDER
        return self.cdp_folder / session_folder_name(session_id)


def session_folder_name(session_id: str) -> str:
    """The session's folder's name: its id, which the server made (never a page's or an agent's string)."""
    if not re.fullmatch(r"[A-Za-z0-9_-]{1,128}", session_id):
        raise ValueError(f"not a session id: {session_id!r}")
    return session_id


def safe_name(suggested: str) -> str:
    """A page's suggested file name made into one plain name: its last path component, without control or
    direction characters and leading dots, at most ``NAME_MAX_CHARACTERS``; "download" when nothing is left."""
    last = re.split(r"[/\\]", suggested)[-1]
    cleaned = _UNSAFE.sub("_", last).strip().lstrip(".").strip()
    if len(cleaned) > NAME_MAX_CHARACTERS:
        _, dot, extension = cleaned.rpartition(".")
        keep = extension if dot and 0 < len(extension) <= 10 else ""
        cleaned = cleaned[: NAME_MAX_CHARACTERS - len(keep) - 1].rstrip() + ("." + keep if keep else "")
    return cleaned or "download"


def human_size(count: int) -> str:
    """A size as people read it: 840 bytes, 84 KB, 12.5 MB."""
    if count < 1024:
        return f"{count} bytes"
    if count < 1024 * 1024:
        return f"{int(count / 1024 + 0.5)} KB"  # halves up, as the extension's sizeText (Math.round)
    return f"{count / (1024 * 1024):.1f} MB"


def listed(records: Any, folder: Path, caps: DownloadCaps) -> list[dict[str, Any]]:
    """A lane's ``browser_downloads`` records as the agent sees them: each complete one with the size and SHA-256
    of its file on disk, read inside ``folder``; one whose file is gone or outside it says so (state failed)."""
    shown = []
    for record in _records(records):
        if record.get("state") == "complete":
            try:
                facts = _opened_facts(record, folder, caps, lambda descriptor, size: (size, _digest(descriptor)))
                record = record | {"size": facts[0], "sha256": facts[1]}
            except ToolError as unreadable:
                record = record | {"state": "failed", "reason": unreadable.message, "sha256": None}
        shown.append({key: record.get(key) for key in RECORD_KEYS if key in record or key != "reason"})
    return shown


def read(
    record: Any,
    folder: Path,
    caps: DownloadCaps,
    max_chars: int | None,
    extract: Callable[[Path, str, int], ExtractedText],
) -> dict[str, Any]:
    """``browser_read_download``'s answer for the lane's ``record`` of the asked download: its facts and text, read
    from the file inside ``folder``; ``controller_error`` (download_not_complete, download_unreadable) otherwise.
    ``extract`` is the text extractor (``documents.extract_text``), given the descriptor's path."""
    checked = _records([record])[0]
    if checked.get("state") != "complete":
        why = f" ({checked['reason']})" if checked.get("reason") else ""
        raise ToolError(
            "controller_error",
            f"download_not_complete: {checked['id']} ({checked.get('name')!r}) is {checked.get('state')}{why}; only "
            "a complete download can be read.",
        )
    chars = max_chars or READ_DOWNLOAD_CHARS_DEFAULT

    mime_type = str(checked.get("mime_type") or "")

    def extracted(descriptor: int, size: int) -> tuple[int, str, dict[str, Any]]:
        digest = _digest(descriptor)
        try:  # the very file the checks passed: its descriptor, opened again through /dev/fd
            text = _text_fields(extract(Path(f"/dev/fd/{descriptor}"), mime_type, chars), mime_type)
        except DocumentError as unreadable:
            text = {"note": f"Its text could not be read: {unreadable.message}"}
        return size, digest, text

    size, digest, text = _opened_facts(checked, folder, caps, extracted)
    answer: dict[str, Any] = {
        "id": checked["id"],
        "name": checked.get("name"),
        "size": size,
        "mime_type": mime_type,
        "sha256": digest,
    }
    shown: dict[str, Any] = answer | text
    return shown


def _text_fields(extracted: ExtractedText, mime_type: str) -> dict[str, Any]:
    """The extractor's answer as result keys: text, pages, truncated (each only when it has a value), or a note."""
    if extracted.text is None:
        return {"note": f"A file of type {mime_type or 'unknown'} has no text to read: its name, size and type only."}
    fields = {"text": extracted.text, "pages": extracted.pages, "truncated": extracted.truncated}
    return {name: value for name, value in fields.items() if value not in (None, False)}


def _records(raw: Any) -> list[dict[str, Any]]:
    """A lane's records, checked for shape: a lane that answers in another shape is a bug, not the agent's fault."""
    if not isinstance(raw, list) or not all(
        isinstance(item, dict) and isinstance(item.get("id"), str) and item.get("state") in STATES for item in raw
    ):
        raise ToolError(
            "controller_error", "download_unreadable: the browser described the downloads in a wrong shape."
        )
    return raw


def _opened_facts(record: dict[str, Any], folder: Path, caps: DownloadCaps, work: Callable[[int, int], Any]) -> Any:
    """``work(descriptor, size)`` on the record's file, opened inside ``folder`` (see the module docstring)."""
    path = record.get("path")
    if not isinstance(path, str) or not path:
        raise _unreadable(record, "the browser reported no file for it")
    try:
        real = Path(path).resolve(strict=True)
        base = folder.resolve(strict=True)
    except (OSError, RuntimeError, ValueError):
        raise _unreadable(record, "its file is gone") from None
    if not real.is_relative_to(base) or real == base:
        raise _unreadable(record, f"its file is not inside the session's download folder {base}")
    descriptor = _open_below(base, real.relative_to(base).parts, record)
    try:
        facts = os.fstat(descriptor)
        if not S_ISREG(facts.st_mode) or facts.st_nlink != 1:
            raise _unreadable(record, "its file is not a plain file of its own (a link, a folder or a device)")
        if facts.st_size > caps.max_file_bytes:
            raise _unreadable(record, f"its file is {human_size(facts.st_size)}, over the cap")
        return work(descriptor, facts.st_size)
    finally:
        os.close(descriptor)


def _open_below(folder: Path, parts: tuple[str, ...], record: dict[str, Any]) -> int:
    """The file ``parts`` names below ``folder``, each component opened inside the last with ``O_NOFOLLOW``."""
    try:
        return open_below(folder, parts)
    except OSError as error:
        if swapped(error):
            raise _unreadable(record, "its file changed while it was checked (a link was swapped in)") from None
        raise _unreadable(record, "its file cannot be read") from None


def _digest(descriptor: int) -> str:
    digest = hashlib.sha256()
    while chunk := os.read(descriptor, 1024 * 1024):
        digest.update(chunk)
    return digest.hexdigest()


def _unreadable(record: dict[str, Any], why: str) -> ToolError:
    return ToolError("controller_error", f"download_unreadable: {record.get('id')} ({record.get('name')!r}): {why}.")

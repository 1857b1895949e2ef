"""The cdp lane's downloads: where the browser saves them, the session's records of them, and the caps.

Each session's browser context saves into ``$HERMES_HOME/downloads/<session>/`` (``Browser.setDownloadBehavior``,
behavior ``allowAndName``): the browser names each file by its download's guid, so a page's suggested name (say
``../../x``) never becomes a path; the name the agent sees is that suggestion made harmless (``safe_name``). The
tab's own session reports each download (``Page.downloadWillBegin``, ``Page.downloadProgress``: routed to this
session's connection only, so one session never sees another's), and ``DownloadWatch`` (no I/O) keeps the records
and decides: a download past the session's count, or over the size cap (by its announced length, or by the bytes
received so far when the length is unknown), is cancelled (``Browser.cancelDownload``), its files removed and its
record refused. ``watch_downloads`` carries those decisions out; ``with_download`` adds an action's first download
to its answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import mimetypes
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hermes_server.cdp.events import CDPEvent
from hermes_server.cdp.supervisor import CDPSupervisor
from hermes_server.errors import CDPCommandFailed, CDPError
from hermes_server.routing.downloads import DownloadCaps, safe_name
from hermes_wire.errors import ToolError

log = logging.getLogger(__name__)

#: How long an action whose navigation ended without a document waits for the download it started to be announced.
DOWNLOAD_BEGIN_GRACE_S = 3.0
#: The wait after a navigation that ended without a document: its answer's headers are in, so a download it
#: started is announced a moment after, if at all (a 204 starts none, and its click should not wait long).
DROPPED_NAVIGATION_GRACE_S = 1.0
#: How long giving a shared browser its download behaviour back may take when the session ends.
STOP_TIMEOUT_S = 2.0
#: The longest URL a record keeps.
URL_MAX_CHARACTERS = 2000


@dataclass
class Download:
    """One download of the session, as the browser reported it."""

    id: str
    guid: str
    name: str
    url: str
    mime_type: str
    state: str = "in_progress"
    size: int | None = None
    path: str | None = None
    reason: str | None = None

    def record(self) -> dict[str, Any]:
        """The record the router reads the file by (``routing.downloads``)."""
        shown: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "state": self.state,
            "size": self.size,
            "mime_type": self.mime_type,
            "sha256": None,
            "path": self.path,
            "url": self.url,
        }
        return shown | ({"reason": self.reason} if self.reason else {})

    def brief(self) -> dict[str, Any]:
        """What an action's answer says of it."""
        return {"id": self.id, "name": self.name, "state": self.state}


@dataclass(frozen=True)
class CancelDownload:
    """Stop the download ``guid`` and remove what it wrote."""

    guid: str


@dataclass(frozen=True)
class RemoveFiles:
    """Remove what the download ``guid`` left in the session's folder (its file, or a partial one)."""

    guid: str


DownloadEffect = CancelDownload | RemoveFiles


@dataclass
class DownloadWatch:
    """One session's downloads (its records outlive a replaced browser), and the decisions about them. No I/O."""

    folder: Path
    caps: DownloadCaps
    records: list[Download] = field(default_factory=list)
    #: Whether the browser took the folder (``watch_downloads``): one that refused it (a cloud browser's own rules)
    #: saves where the server cannot read, and its downloads end failed.
    saves_here: bool = True

    def find(self, download_id: str) -> Download:
        """The session's download ``download_id``; ``controller_error: unknown_download`` if it has none."""
        for download in self.records:
            if download.id == download_id:
                return download
        raise ToolError(
            "controller_error",
            f"unknown_download: this session has no download {download_id}; browser_downloads lists its downloads.",
        )

    def feed(self, event: CDPEvent) -> list[DownloadEffect]:
        """Take one of the tab's download events; what must be done about it."""
        if event.method == "Page.downloadWillBegin":
            return self._began(event.params)
        if event.method == "Page.downloadProgress":
            return self._progressed(event.params)
        return []

    def _began(self, params: dict[str, Any]) -> list[DownloadEffect]:
        guid = str(params.get("guid") or "")
        if not guid or any(download.guid == guid for download in self.records):
            return []
        name = safe_name(str(params.get("suggestedFilename") or ""))
        download = Download(
            id=f"d{len(self.records) + 1}",
            guid=guid,
            name=name,
            url=str(params.get("url") or "")[:URL_MAX_CHARACTERS],
            mime_type=mimetypes.guess_type(name)[0] or "application/octet-stream",
        )
        kept = sum(1 for earlier in self.records if earlier.state in ("in_progress", "complete"))
        self.records.append(download)
        refusal = self.caps.refusal(size=None, earlier=kept)
        return self._refuse(download, refusal) if refusal else []

    def _progressed(self, params: dict[str, Any]) -> list[DownloadEffect]:
        guid = str(params.get("guid") or "")
        download = next((d for d in self.records if d.guid == guid), None)
        if download is None:
            return []
        state = params.get("state")
        if download.state == "refused":  # cancelled on our word: what it left may appear only now
            return [RemoveFiles(guid)] if state == "canceled" else []
        if download.state != "in_progress":
            return []
        total, received = int(params.get("totalBytes") or 0), int(params.get("receivedBytes") or 0)
        download.size = total or None
        refusal = self.caps.refusal(size=max(total, received) or None, earlier=0)
        if refusal:
            return self._refuse(download, refusal)
        if state == "completed" and not self.saves_here:
            download.state = "failed"
            download.reason = "this browser saves downloads where the server cannot read them (it refused the folder)"
        elif state == "completed":
            download.state, download.size, download.path = "complete", received, str(self.folder / guid)
        elif state == "canceled":
            download.state = "failed"
            download.reason = "the browser stopped it (the site broke off, the page cancelled it, or the disk refused)"
            return [RemoveFiles(guid)]
        return []

    @staticmethod
    def _refuse(download: Download, why: str) -> list[DownloadEffect]:
        download.state, download.path = "refused", None
        download.reason = f"{why}; it was cancelled and nothing of it was kept"
        return [CancelDownload(download.guid), RemoveFiles(download.guid)]


async def watch_downloads(supervisor: CDPSupervisor, watch: DownloadWatch) -> None:
    """Make the session's browser context save into the watch's folder, and feed the watch the tab's download events.

    A browser the session does not have a context of its own in (``BROWSER_CDP_URL``, a cloud browser) takes the
    setting for its default context: the session's folder, until another session sets its own."""
    await asyncio.to_thread(watch.folder.mkdir, mode=0o700, parents=True, exist_ok=True)
    context = supervisor.browser_context
    params: dict[str, Any] = {"behavior": "allowAndName", "downloadPath": str(watch.folder)}
    if context is not None:
        params["browserContextId"] = context

    def on_event(event: CDPEvent) -> None:
        for effect in watch.feed(event):
            supervisor.background(_carry_out(supervisor, watch, effect))

    supervisor.tap(on_event)
    try:
        await supervisor.send("Browser.setDownloadBehavior", params)
    except CDPCommandFailed as refused:  # a download never breaks the session: it says why it failed instead
        log.warning("the browser refused the downloads folder: %s", refused)
        watch.saves_here = False
    else:
        watch.saves_here = True


async def stop_watching(supervisor: CDPSupervisor) -> None:
    """The session ends: a browser it shared (no context of its own) gets its own download behaviour back, so that
    the user's Chrome at ``BROWSER_CDP_URL`` saves their downloads where it did before. A context of the session's
    own goes away with it; the launched Chromium's context that sessions share is set again by the next session
    (reset, it would save the downloads of a session still running into the machine's download folder)."""
    if supervisor.browser_context is not None or supervisor.shares_context or not supervisor.alive:
        return
    with contextlib.suppress(CDPError, TimeoutError):
        async with asyncio.timeout(STOP_TIMEOUT_S):
            await supervisor.send("Browser.setDownloadBehavior", {"behavior": "default"})


async def _carry_out(supervisor: CDPSupervisor, watch: DownloadWatch, effect: DownloadEffect) -> None:
    if isinstance(effect, CancelDownload):
        params: dict[str, Any] = {"guid": effect.guid}
        if supervisor.browser_context is not None:
            params["browserContextId"] = supervisor.browser_context
        with contextlib.suppress(CDPError):  # over already: its files go below all the same
            await supervisor.send("Browser.cancelDownload", params)
    await asyncio.to_thread(_remove_files, watch.folder, effect.guid)


def _remove_files(folder: Path, guid: str) -> None:
    """Remove the download's file and its partial file (``<guid>``, ``<guid>.crdownload``) from the folder."""
    with contextlib.suppress(FileNotFoundError, NotADirectoryError):
        for entry in os.scandir(folder):
            if entry.name == guid or entry.name.startswith(guid + "."):
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(entry.path)


async def with_download(
    supervisor: CDPSupervisor, watch: DownloadWatch, result: Any, *, mark: int, dropped: int
) -> Any:
    """An action's ``result`` with ``download``: the first download it started (``mark``: how many the session had
    before it). When none was announced yet but the action followed a download link (the engine's ``downloading``)
    or a navigation of it ended without a document (``dropped``: how many had before; a file sent as an attachment),
    the download is waited for, at most ``DOWNLOAD_BEGIN_GRACE_S`` (``DROPPED_NAVIGATION_GRACE_S`` after a dropped
    navigation, whose headers are in already): the browser announces it once the answer's headers are in."""
    if not isinstance(result, dict):
        return result
    followed = bool(result.pop("downloading", False))
    expected = followed or supervisor.state.navigations.dropped_anywhere() > dropped
    if len(watch.records) == mark and expected:
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(DOWNLOAD_BEGIN_GRACE_S if followed else DROPPED_NAVIGATION_GRACE_S):
                await supervisor.until(lambda: len(watch.records) > mark)
    if len(watch.records) == mark:
        return result
    return result | {"download": watch.records[mark].brief()}

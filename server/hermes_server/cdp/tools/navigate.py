"""browser_navigate, browser_back, browser_forward, browser_reload: a new document in the controlled tab."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from hermes_server.cdp.dialogs import DialogRecord
from hermes_server.cdp.downloads import DOWNLOAD_BEGIN_GRACE_S
from hermes_server.cdp.supervisor import CDPSupervisor
from hermes_server.cdp.tools.acting import act, page_info, settle, until
from hermes_server.cdp.tools.table import Arguments, Browsing, handles
from hermes_wire.errors import ToolError

#: What Page.navigate answers for a URL the browser does not show: a file it downloads (or a 204).
ABORTED = "net::ERR_ABORTED"


@handles("browser_navigate")
async def navigate(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    supervisor = browsing.supervisor
    dialogs = supervisor.state.dialogs
    target, session = supervisor.tab_session()
    since = dialogs.opened
    last_closed = dialogs.recent[-1] if dialogs.recent else None
    downloads = len(browsing.downloads.records) if browsing.downloads is not None else None
    reply = await act(supervisor, supervisor.send("Page.navigate", {"url": args["url"]}, session_id=session))
    if reply.get("errorText") == ABORTED and downloads is not None and await _began(browsing, downloads):
        return await page_info(supervisor, target)  # the URL is a file: the page stays (CDPBackend adds download)
    if reply.get("errorText"):
        kept = [r for r in _closed_since(supervisor, last_closed) if r.dialog.type == "beforeunload"]
        why = f" A beforeunload dialog was dismissed ({kept[-1].closed_by}), which keeps the page." if kept else ""
        raise ToolError(
            "controller_error", f"navigation_failed: {args['url']} did not load ({reply['errorText']}).{why}"
        )
    if reply.get("loaderId"):
        await settle(supervisor, target, str(reply["loaderId"]), since)
    return await page_info(supervisor, target)


async def _began(browsing: Browsing, before: int) -> bool:
    """Whether a download of the session began since it had ``before``, waited for at most
    ``DOWNLOAD_BEGIN_GRACE_S``: a URL that is a file ends its navigation aborted, and the download is announced
    about then."""
    watch = browsing.downloads
    assert watch is not None
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(DOWNLOAD_BEGIN_GRACE_S):
            await browsing.supervisor.until(lambda: len(watch.records) > before)
    return len(watch.records) > before


@handles("browser_back")
async def back(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    return await _history_step(browsing, -1)


@handles("browser_forward")
async def forward(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    return await _history_step(browsing, +1)


async def _history_step(browsing: Browsing, step: int) -> dict[str, Any]:
    """Go ``step`` entries through the tab's history (back -1, forward +1) and wait for the page there."""
    supervisor = browsing.supervisor
    target, session = supervisor.tab_session()
    history = await supervisor.send("Page.getNavigationHistory", session_id=session)
    index = int(history.get("currentIndex", 0)) + step
    if not 0 <= index < len(history.get("entries", [])):
        where = "previous" if step < 0 else "next"
        raise ToolError("controller_error", f"no_history: There is no {where} page in this tab's history.")
    entry = {"entryId": history["entries"][index]["id"]}
    return await _next_document(supervisor, target, "Page.navigateToHistoryEntry", entry, session)


@handles("browser_reload")
async def reload(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    supervisor = browsing.supervisor
    target, session = supervisor.tab_session()
    return await _next_document(supervisor, target, "Page.reload", {}, session)


async def _next_document(
    supervisor: CDPSupervisor, target: str, method: str, params: dict[str, Any], session: str
) -> dict[str, str]:
    """``method`` (a history step, a reload), then the tab's next document: its commit, and its load unless the
    back-forward cache restored it (that page has no load to wait for); the page's ``{url, title}``."""
    state = supervisor.state
    before, since = state.navigations.commits(target), state.dialogs.opened
    await act(supervisor, supervisor.send(method, params, session_id=session))
    await until(supervisor, target, lambda: state.navigations.commits(target) > before, since)
    top = state.frames.get(target)
    if top is not None and top.loader_id and not top.restored:
        await settle(supervisor, target, top.loader_id, since)
    return await page_info(supervisor, target)


def _closed_since(supervisor: CDPSupervisor, last: DialogRecord | None) -> list[DialogRecord]:
    """The dialogs closed after ``last`` (the newest record before an action)."""
    recent = list(supervisor.state.dialogs.recent)
    return recent[recent.index(last) + 1 :] if last in recent else recent

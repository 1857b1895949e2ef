"""The tabs and windows an action opens, and the tab it closes (a popup whose Save closes it): ``following_tabs``."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from hermes_server.cdp.supervisor import CDPSupervisor
from hermes_server.cdp.tools.acting import LOAD_GRACE_S, page_info, tab_targets
from hermes_server.cdp.tools.table import Browsing
from hermes_server.errors import CDPError
from hermes_wire.errors import ToolError

log = logging.getLogger(__name__)
T = TypeVar("T")


async def following_tabs(
    browsing: Browsing, target: str, action: Callable[[], Awaitable[dict[str, Any]]], so_far: dict[str, Any]
) -> dict[str, Any]:
    """``action()``'s result in the tab ``target``, with the tabs and windows it opened (``opened``); if it
    closed its own tab (a popup whose Save closes it), ``so_far`` with ``closed`` and the opener back in control."""
    tabs_before = {info["targetId"]: info for info in await tab_targets(browsing)}
    opener = tabs_before[target].get("openerId") if target in tabs_before else None
    try:
        done = await _unless_closed(browsing.supervisor, target, action())
        # the engine saw the window closing as the action settled (a popup's Save that calls window.close(): the
        # tab goes a moment later), or the document it navigated to closed it: the tab's removal ends this wait
        # (or the call's deadline does)
        closing = done is not None and done.pop("closing", False)
        if closing or (done is not None and done.get("navigated") and await _closing_itself(browsing, target)):
            done = await _unless_closed(browsing.supervisor, target, asyncio.get_running_loop().create_future())
    except (CDPError, ToolError):
        if not await _closed_by_action(browsing, target):
            raise
        done = None
    tabs_after = await tab_targets(browsing)
    if done is None or target not in {info["targetId"] for info in tabs_after}:
        return await _return_to_opener(browsing, so_far, opener)
    opened = await _opened_by_action(browsing, target, tabs_after, set(tabs_before))
    return done | ({"opened": opened} if opened else {})


async def _unless_closed(supervisor: CDPSupervisor, target: str, work: Awaitable[T]) -> T | None:
    """``work``'s result, or None if the tab ``target`` closes first: its commands in flight are never answered."""
    task = asyncio.ensure_future(work)
    gone = asyncio.ensure_future(supervisor.until(lambda: supervisor.state.targets.tab_session(target) is None))
    try:
        await asyncio.wait({task, gone}, return_when=asyncio.FIRST_COMPLETED)
        return task.result() if task.done() else None
    finally:
        for waiting in (task, gone):
            waiting.cancel()
        await asyncio.gather(task, gone, return_exceptions=True)


async def _closing_itself(browsing: Browsing, target: str) -> bool:
    """Whether the document an action navigated to has closed its window, or its tab is gone: the answer page of
    Django's "+" popup tells the opener and closes the window while it loads, and the tab goes a moment after the
    navigation is followed. ``window.closed`` turns true at once; it is read in the engine's world (the page's
    own cannot fake it)."""
    top = browsing.supervisor.state.frames.get(target)
    if top is None:
        return True
    try:
        return await browsing.engine().evaluate(top, "window.closed") is True
    except (CDPError, ToolError):
        return await _closed_by_action(browsing, target)


async def _closed_by_action(browsing: Browsing, target: str) -> bool:
    """Whether the tab the action ran in is gone (a popup that closed itself), by the browser's own list."""
    return target not in {info["targetId"] for info in await tab_targets(browsing)}


async def _return_to_opener(browsing: Browsing, result: dict[str, Any], opener: str | None) -> dict[str, Any]:
    """The action closed its tab: the session controls the tab that opened it again (``controls``), if it is open."""
    supervisor = browsing.supervisor
    done = dict(result)
    if opener is None or opener not in {info["targetId"] for info in await tab_targets(browsing)}:
        return done | {"closed": True, "controls": None}
    await supervisor.send("Target.activateTarget", {"targetId": opener})
    await supervisor.control(opener)
    browsing.active_target = opener
    page = await page_info(supervisor, opener)
    return done | {"closed": True, "controls": {"id": supervisor.state.targets.tab_id(opener), **page}}


async def _opened_by_action(
    browsing: Browsing, target: str, tabs: list[dict[str, Any]], known: set[str]
) -> list[dict[str, Any]]:
    """The tabs and windows the page opened during the action (in ``tabs``, not in ``known``), each once loaded:
    ``[{id, url, title}]``. Each is attached (which is how its lifecycle events reach us) and the session's
    control stays where it was.
    """
    supervisor = browsing.supervisor
    fresh = [i["targetId"] for i in tabs if i["targetId"] not in known and i.get("openerId") == target]
    opened = []
    for new in fresh:
        session = await supervisor.control(new)
        await supervisor.control(target)
        await _loaded_elsewhere(supervisor, new, session)
        opened.append({"id": supervisor.state.targets.tab_id(new), **await page_info(supervisor, new)})
    return opened


#: Whether a tab's document is loaded, and not the blank one a window opened by script starts with.
_LOADED_PAGE = "document.readyState === 'complete' && location.href !== 'about:blank'"


async def _loaded_elsewhere(supervisor: CDPSupervisor, tab: str, session: str) -> None:
    """Wait (at most ``LOAD_GRACE_S``) until a tab other than the controlled one has loaded its page."""
    navigations = supervisor.state.navigations

    def loaded() -> bool:
        top = supervisor.state.frames.get(tab)
        return navigations.loaded(tab, None, "load") and top is not None and top.url not in ("", "about:blank")

    reply = await supervisor.send(
        "Runtime.evaluate", {"expression": _LOADED_PAGE, "returnByValue": True}, session_id=session
    )
    if (reply.get("result") or {}).get("value") is True:
        return
    try:
        async with asyncio.timeout(LOAD_GRACE_S):
            await supervisor.until(loaded)
    except TimeoutError:
        log.info("a tab the action opened did not load within %gs; reporting it as it is", LOAD_GRACE_S)

"""browser_tabs (list, new, close) and browser_tab_activate: which tab the session controls."""

from __future__ import annotations

import asyncio
from typing import Any

from hermes_server.cdp.tools.acting import page_info, tab_targets
from hermes_server.cdp.tools.navigate import navigate
from hermes_server.cdp.tools.table import Arguments, Browsing, handles
from hermes_wire.errors import ToolError


@handles("browser_tabs")
async def tabs(browsing: Browsing, args: Arguments) -> Any:
    action = args.get("action", "list")
    if action == "new":
        return await _new_tab(browsing, args)
    if action == "close":
        return await _close_tab(browsing, args)
    if "url" in args or "id" in args:
        raise ToolError("invalid_arguments", "url goes with action new, id with action close.")
    supervisor = browsing.supervisor
    return [
        {
            "id": supervisor.state.targets.tab_id(info["targetId"]),
            "title": info.get("title", ""),
            "url": info.get("url", ""),
            "active": info["targetId"] == browsing.active_target,
            "controlled": info["targetId"] == supervisor.controlled_target,
        }
        for info in await tab_targets(browsing)
    ]


async def _new_tab(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    """A tab of the session's own, in front and controlled, that loads ``url`` as browser_navigate would."""
    if "url" not in args or "id" in args:
        raise ToolError("invalid_arguments", "action new takes a url (and no id).")
    supervisor = browsing.supervisor
    before = supervisor.controlled_target
    target = await supervisor.open_tab(isolated=browsing.lease.isolated)
    if before is not None:
        browsing.opened_from[target] = before
    await supervisor.send("Target.activateTarget", {"targetId": target})
    browsing.active_target = target
    page = await navigate(browsing, {"url": args["url"]})
    return {"id": supervisor.state.targets.tab_id(target), **page, "controlled": True}


#: How long closing a tab waits for the browser to say it is gone.
CLOSE_WAIT_S = 10.0


async def _close_tab(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    """Close a tab the session may close (``not_your_tab`` otherwise); closing the controlled one gives control to
    the tab it was opened from, if that is still open."""
    if "id" not in args or "url" in args:
        raise ToolError("invalid_arguments", "action close takes the id of a tab (and no url).")
    supervisor = browsing.supervisor
    target = supervisor.state.targets.target_of_tab(args["id"])
    infos = {info["targetId"]: info for info in await tab_targets(browsing)}
    if target is None or target not in infos:
        raise ToolError("invalid_arguments", f"No tab {args['id']}; call browser_tabs for the ids.")
    if not _sessions_tab(browsing, target, infos):
        raise ToolError(
            "controller_error",
            f"not_your_tab: Tab {args['id']} was opened by the user, not by this session: an agent closes only the "
            "tabs it opened and the one it controls.",
        )
    controlled = target == supervisor.controlled_target
    await supervisor.send("Target.closeTarget", {"targetId": target})
    if supervisor.state.targets.tab_session(target) is not None:
        # closed once the browser has let go of it: a list of the tabs taken after this answer does not show it
        await asyncio.wait_for(
            supervisor.until(lambda: supervisor.state.targets.tab_session(target) is None), CLOSE_WAIT_S
        )
    back_to = str(browsing.opened_from.pop(target, None) or infos[target].get("openerId") or "")
    if not controlled:
        return {
            "closed": args["id"],
            "controls": None if supervisor.controlled_target is None else await _shown(browsing),
        }
    if back_to not in infos or back_to == target:
        return {"closed": args["id"], "controls": None}
    await supervisor.send("Target.activateTarget", {"targetId": back_to})
    await supervisor.control(back_to)
    browsing.active_target = back_to
    return {"closed": args["id"], "controls": await _shown(browsing)}


def _sessions_tab(browsing: Browsing, target: str, infos: dict[str, dict[str, Any]]) -> bool:
    """Whether the session may close ``target``: it controls it, opened it, or one of its tabs' pages opened it (a
    link to a new tab, window.open), or a tab one of those opened."""
    supervisor = browsing.supervisor
    seen: set[str] = set()
    while target and target not in seen:
        if target == supervisor.controlled_target or supervisor.opened(target):
            return True
        seen.add(target)
        target = str(infos.get(target, {}).get("openerId") or "")
    return False


async def _shown(browsing: Browsing) -> dict[str, Any]:
    """``{id, url, title}`` of the controlled tab."""
    target, _ = browsing.supervisor.tab_session()
    return {"id": browsing.supervisor.state.targets.tab_id(target), **await page_info(browsing.supervisor, target)}


@handles("browser_tab_activate")
async def tab_activate(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    supervisor = browsing.supervisor
    target = supervisor.state.targets.target_of_tab(args["tab_id"])
    info = {info["targetId"]: info for info in await tab_targets(browsing)}.get(target or "")
    if target is None or info is None:
        raise ToolError("invalid_arguments", f"No tab {args['tab_id']}; call browser_tabs for the ids.")
    url = str(info.get("url", ""))
    if not _is_web_page(url):
        scheme = url.split(":")[0] or "no"
        raise ToolError(
            "controller_error",
            f"not_a_web_page: Tab {args['tab_id']} shows a {scheme}: page, not a web page; an agent controls web "
            "pages only. Call browser_tabs and pick a tab with an http(s) page.",
        )
    await supervisor.send("Target.activateTarget", {"targetId": target})
    await supervisor.control(target)
    browsing.active_target = target
    return {"id": args["tab_id"], **await page_info(supervisor, target), "controlled": True}


#: The New Tab page counts as a blank page: it is the empty tab a user opens to hand over.
NEW_TAB_PAGES = frozenset({"chrome://newtab/", "chrome://new-tab-page/", "chrome://new-tab-page-third-party/"})


def _is_web_page(url: str) -> bool:
    """A page an agent may control: http(s) or a blank one (what browser_navigate takes); never the browser's own
    (chrome://, devtools://...) nor an extension's."""
    return url.split(":")[0].lower() in {"http", "https"} or url in {"about:blank", *NEW_TAB_PAGES}

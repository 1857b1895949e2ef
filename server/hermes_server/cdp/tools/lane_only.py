"""The two tools that exist on the cdp lane only: browser_dialog (answer a JavaScript dialog) and browser_cdp."""

from __future__ import annotations

from typing import Any

from hermes_server.cdp.tools.acting import act
from hermes_server.cdp.tools.table import Arguments, Browsing, handles
from hermes_wire.errors import ToolError

#: browser_cdp never reaches the whole browser: those domains act beyond the session's own tab.
REFUSED_CDP_DOMAINS = ("Browser.", "Target.")


@handles("browser_dialog")
async def dialog(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    supervisor = browsing.supervisor
    answered = await supervisor.respond_to_dialog(args["action"], args.get("prompt_text"), args.get("dialog_id"))
    return {
        "answered": answered.as_json() | {"action": args["action"]},
        "pending_dialogs": supervisor.state.dialogs.pending_json(),
    }


@handles("browser_cdp")
async def cdp(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    supervisor = browsing.supervisor
    method = args["method"]
    if method.startswith(REFUSED_CDP_DOMAINS):
        raise ToolError(
            "capability_not_allowed",
            f"{method} acts on the whole browser, beyond this session's tab, so browser_cdp refuses the Browser "
            "and Target domains; use browser_tabs / browser_tab_activate for tabs.",
        )
    target, session = supervisor.tab_session()
    if args.get("frame_id"):
        session = supervisor.state.frames.session_for(args["frame_id"], target)
    return {"result": await act(supervisor, supervisor.send(method, args.get("params") or {}, session_id=session))}

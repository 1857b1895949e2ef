"""CDP events as the browser sends them, and a state with one tab attached: the inputs of the state tests."""

from __future__ import annotations

from typing import Any

from hermes_server.cdp import bridge
from hermes_server.cdp.events import CDPEvent
from hermes_server.cdp.state import SupervisorState

TAB, PAGE = "TAB1", "S-PAGE"


def state_with_tab(**settings: Any) -> SupervisorState:
    """A state whose tab ``TAB`` (session ``PAGE``) is attached and shows https://example.com/."""
    state = SupervisorState(**settings)
    state.tab_attached(PAGE, TAB)
    state.feed(navigated(TAB, "https://example.com/", PAGE), 1.0)
    return state


def navigated(frame_id: str, url: str, session: str, parent: str | None = None, kind: str = "Navigation") -> CDPEvent:
    frame = {"id": frame_id, "url": url, "securityOrigin": url.rstrip("/"), "loaderId": "L-" + frame_id}
    if parent:
        frame["parentId"] = parent
    return CDPEvent("Page.frameNavigated", {"frame": frame, "type": kind}, session)


def frame_attached(frame_id: str, parent: str = TAB, session: str = PAGE) -> CDPEvent:
    return CDPEvent("Page.frameAttached", {"frameId": frame_id, "parentFrameId": parent}, session)


def frame_detached(frame_id: str, reason: str = "remove", session: str = PAGE) -> CDPEvent:
    return CDPEvent("Page.frameDetached", {"frameId": frame_id, "reason": reason}, session)


def dialog_opening(kind: str = "confirm", message: str = "Sure?", session: str = PAGE, frame: str = TAB) -> CDPEvent:
    return CDPEvent(
        "Page.javascriptDialogOpening",
        {"type": kind, "message": message, "defaultPrompt": "dflt", "frameId": frame},
        session,
    )


def bridge_paused(kind: str, message: str, session: str = PAGE, frame: str = TAB, request: str = "R1") -> CDPEvent:
    url = f"http://{bridge.BRIDGE_HOST}{bridge.BRIDGE_PATH}?type={kind}&message={message}&default_prompt=x"
    return CDPEvent("Fetch.requestPaused", {"requestId": request, "frameId": frame, "request": {"url": url}}, session)


def child_attached(
    target: str, child_session: str, parent_session: str = PAGE, parent_frame: str = TAB, kind: str = "iframe"
) -> CDPEvent:
    return CDPEvent(
        "Target.attachedToTarget",
        {
            "sessionId": child_session,
            "waitingForDebugger": True,
            "targetInfo": {"targetId": target, "type": kind, "url": "", "parentFrameId": parent_frame},
        },
        parent_session,
    )


def session_detached(session: str, target: str, via: str | None = None) -> CDPEvent:
    """``Target.detachedFromTarget`` on ``via`` (None: the browser's own connection)."""
    return CDPEvent("Target.detachedFromTarget", {"sessionId": session, "targetId": target}, via)

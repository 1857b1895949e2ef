"""The pointer's tools: browser_click (a hover too), browser_drag, browser_scroll."""

from __future__ import annotations

from typing import Any

from hermes_server.cdp.engine import ref_key
from hermes_server.cdp.frames import FrameInfo
from hermes_server.cdp.tools.acting import Before, act, after_action, answering_dialog, follow, pressing
from hermes_server.cdp.tools.input_events import Gesture, click_at, mouse_events, send_mouse
from hermes_server.cdp.tools.opened_tabs import following_tabs
from hermes_server.cdp.tools.table import Arguments, Browsing, handles
from hermes_server.errors import CDPCommandFailed
from hermes_wire.errors import ToolError


@handles("browser_click")
async def click(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    return await pressing(lambda: _click_once(browsing, args))


async def _click_once(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    supervisor = browsing.supervisor
    _, session = supervisor.tab_session()
    hover = bool(args.get("hover"))
    gesture = Gesture.of(args)

    async def arrive(px: float, py: float) -> None:
        await send_mouse(supervisor, session, mouse_events(px, py, gesture.arriving()))

    # The pointer arrives while the engine aims: a dialog the arrival opens (a mouseover handler's alert) stops
    # the page's JavaScript, so the aim cannot answer, and the click ends here with the dialog.
    aiming = browsing.engine().aim(args["ref"], hover=hover, arrive=None if hover else arrive)
    x, y, aimed, frame = await act(supervisor, aiming, so_far={"ok": True, "ref": ref_key(args["ref"])})
    result = {
        "ok": True,
        "ref": aimed["ref"],
        "role": aimed.get("role"),
        "name": aimed.get("name"),
        "x": round(x),
        "y": round(y),
    }
    result |= {key: aimed[key] for key in ("opens", "hint") if aimed.get(key)}
    before = Before.now(supervisor, frame)

    async def clicked() -> dict[str, Any]:
        pressed = click_at(browsing, session, frame, aimed, (x, y), gesture, result)
        await answering_dialog(supervisor, before.target, args, pressed, result)
        done = await after_action(browsing, frame, int(aimed["watch"]), result, before)
        if hover and "navigated" not in done:
            done |= await _hover_taken(browsing, frame, aimed["ref"], done)
        return done

    return await following_tabs(browsing, before.target, clicked, result)


async def _hover_taken(browsing: Browsing, frame: FrameInfo, ref: str, so_far: dict[str, Any]) -> dict[str, Any]:
    """What a hover did, once the page has settled after it: ``hovered`` (the element matches ``:hover``) and,
    when not, the engine's ``notice``, as the extension lane's click reports it (the engine's ``hoverState``).
    A real pointer sets ``:hover``; it stays off when something else is drawn over the element."""
    try:
        state = await act(browsing.supervisor, browsing.engine().call(frame, "hoverState", ref), so_far=so_far)
    except CDPCommandFailed:  # the frame's document went away since the hover: nothing to report of it
        return {}
    return {key: state[key] for key in ("hovered", "notice") if key in state}


@handles("browser_drag")
async def drag(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    """The engine's drag in the frame of ``ref`` (drag.js: pressed, moved and released at clear points, with the
    pointer, mouse and HTML5 drag events a mouse gives), the same events as on the extension lane; then what it
    caused is followed as a click's is (a navigation, tabs it opened)."""
    engine = browsing.engine()
    frame = await engine.owner_of(args["ref"])
    if (await engine.owner_of(args["to_ref"])).frame_id != frame.frame_id:
        raise ToolError("invalid_arguments", "ref and to_ref are in different frames: a drag stays in one frame.")
    before = Before.now(browsing.supervisor, frame)
    result: dict[str, Any] = {"ok": True, "ref": ref_key(args["ref"])}

    async def dragged() -> dict[str, Any]:
        done = await act(
            browsing.supervisor,
            engine.call(frame, "drag", ref_key(args["ref"]), ref_key(args["to_ref"])),
            so_far=result,
        )
        return await follow(browsing.supervisor, frame, result | done, before)

    return await following_tabs(browsing, before.target, dragged, result)


@handles("browser_scroll")
async def scroll(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    engine = browsing.engine()
    ref, direction, options = args.get("ref"), args.get("direction"), {"pages": args.get("pages")}
    if ref is None:
        return await engine.call(engine.frames()[0], "scroll", None, direction, options)
    ref = ref_key(ref)
    return await engine.call(await engine.owner_of(ref), "scroll", ref, direction, options)

"""The tools that read the page: browser_snapshot (with its waits for text), browser_find, browser_get_images,
browser_screenshot."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from hermes_server.cdp.engine import quoted_page_text
from hermes_server.cdp.tools.acting import act, page_info
from hermes_server.cdp.tools.table import Arguments, Browsing, handles
from hermes_server.errors import CDPCommandFailed
from hermes_wire.errors import ToolError
from hermes_wire.tool_spec import DOWNLOAD_MAX_FILE_BYTES, IMAGES_DEFAULT, SCREENSHOT_MAX_HEIGHT, WAIT_TIMEOUT_DEFAULT_S

#: The most of a PDF shown in the tab that browser_snapshot and browser_find read (its bytes go to the router, which
#: reads their text: routing/pdf_tab.py): the cap of a download, as the same file downloaded would have.
PDF_MAX_BYTES = DOWNLOAD_MAX_FILE_BYTES


@handles("browser_snapshot")
async def snapshot(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    supervisor = browsing.supervisor
    await _wait_for_text(browsing, args)
    target, _ = supervisor.tab_session()
    blocking = supervisor.state.dialogs.pending_on(target)
    if blocking:  # the page's JavaScript is stopped: its engine cannot answer, so say why instead
        dialog = blocking[0]
        text = (
            f"A {dialog.type} dialog ({dialog.id}) is open and blocks the page: {quoted_page_text(dialog.message)}. "
            "Answer it with browser_dialog (action accept or dismiss), then take a new snapshot."
        )
        result = {"snapshot": text, **await page_info(supervisor, target)}
    else:
        result = await browsing.engine().snapshot(
            reader=browsing.reader,
            full=bool(args.get("full")),
            changes=bool(args.get("changes")),
            pdf_max_bytes=PDF_MAX_BYTES,
        )
    return result | supervisor.state.snapshot_metadata(target)


async def _wait_for_text(browsing: Browsing, args: Arguments) -> None:
    """``browser_snapshot``'s ``wait_for`` / ``wait_for_gone``: wait in the top frame (from its DOM changes) until
    the text is shown / no longer shown, within ``wait_timeout_s``; ``wait_timeout`` past it.

    A document that goes away meanwhile (the page navigated) is waited on again in the next one.
    """
    conditions = [(args[key], key == "wait_for_gone") for key in ("wait_for", "wait_for_gone") if args.get(key)]
    timeout_s = float(args.get("wait_timeout_s") or WAIT_TIMEOUT_DEFAULT_S)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    for text, gone in conditions:
        while (remaining := deadline - loop.time()) > 0:
            engine = browsing.engine()
            try:
                waited = await act(
                    browsing.supervisor, engine.call(engine.frames()[0], "waitForText", text, gone, remaining * 1000)
                )
            except CDPCommandFailed:
                continue  # the document went away while we waited
            if waited.get("met"):
                break
        else:
            shown, state = json.dumps(text[:80]), "still shown" if gone else "not shown"
            raise ToolError(
                "controller_error",
                f"wait_timeout: {shown} was {state} on the page after {timeout_s:g} s; "
                "take a snapshot to see what it shows, or wait longer with wait_timeout_s.",
            )


@handles("browser_find")
async def find(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    query: dict[str, Any] = {key: args[key] for key in ("text", "role", "name", "limit") if key in args}
    return await browsing.engine().find(query, pdf_max_bytes=PDF_MAX_BYTES)


@handles("browser_get_images")
async def get_images(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    return await browsing.engine().images(int(args.get("limit", IMAGES_DEFAULT)))


@handles("browser_screenshot")
async def screenshot(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    """The window, one element or the whole page, clipped by the browser; with annotate, where each element with a
    ref is, relative to the image (the router draws the labels: routing/screenshots.py)."""
    supervisor = browsing.supervisor
    _, session = supervisor.tab_session()
    engine = browsing.engine()
    params: dict[str, Any] = {"format": "png"}
    answer: dict[str, Any] = {}
    origin = {"x": 0.0, "y": 0.0}
    if args.get("ref"):
        box = await engine.box(args["ref"])
        metrics = await supervisor.send("Page.getLayoutMetrics", session_id=session)
        page_x, page_y = (float(metrics["cssVisualViewport"][key]) for key in ("pageX", "pageY"))
        height = min(box["height"], SCREENSHOT_MAX_HEIGHT)
        if box["width"] < 1 or height < 1:
            raise ToolError("controller_error", "not_visible: The element has no size on the page, so it has no image.")
        params |= {"captureBeyondViewport": True, "clip": box | {"height": height, "scale": 1}}
        params["clip"] |= {"x": box["x"] + page_x, "y": box["y"] + page_y}
        origin = {"x": box["x"], "y": box["y"]}
        answer["clipped"] = height < box["height"]
    elif args.get("full_page"):
        metrics = await supervisor.send("Page.getLayoutMetrics", session_id=session)
        content = metrics["cssContentSize"]
        height = min(float(content["height"]), SCREENSHOT_MAX_HEIGHT)
        clip = {"x": 0, "y": 0, "width": float(content["width"]), "height": height, "scale": 1}
        params |= {"captureBeyondViewport": True, "clip": clip}
        answer["clipped"] = height < float(content["height"])
    if args.get("annotate"):
        boxes = await engine.labels(page=bool(args.get("full_page")))
        answer["boxes"] = [box | {"x": box["x"] - origin["x"], "y": box["y"] - origin["y"]} for box in boxes]
        if "clip" in params:
            answer["css_width"] = params["clip"]["width"]
        else:  # the window, scrollbar included, as the capture holds it
            answer["css_width"] = float(await engine.evaluate(engine.frames()[0], "innerWidth"))
    shot = await act(supervisor, supervisor.send("Page.captureScreenshot", params, session_id=session))
    return answer | {"mime_type": "image/png", "data": shot["data"]}

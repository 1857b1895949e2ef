"""browser_file_upload: files into a file input, or dropped on a drop zone."""

from __future__ import annotations

from typing import Any

from hermes_server.cdp.engine import ref_key
from hermes_server.cdp.frames import FrameInfo
from hermes_server.cdp.tools.acting import Before, act, after_action, follow
from hermes_server.cdp.tools.table import Arguments, Browsing, handles
from hermes_wire.errors import ToolError


@handles("browser_file_upload")
async def file_upload(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    """The files (real paths the router checked against the user's folders) into the file input ``ref`` names, as
    the browser's chooser gives them (``DOM.setFileInputFiles``), read back; or, for anything else, dropped on it:
    the browser puts them in a file input of the engine's own, unseen by the page, and the engine drops them."""
    engine = browsing.engine()
    key = ref_key(args["ref"]) if "ref" in args else None
    frame = await engine.owner_of(key) if key is not None else _chooser_frame(browsing)
    target = await engine.call(frame, "fileTarget", key)
    supervisor = browsing.supervisor
    before = Before.now(supervisor, frame)
    result: dict[str, Any] = {"ok": True} | ({"ref": key} if key is not None else {})
    if target["input"]:
        if len(args["paths"]) > 1 and not target.get("multiple"):
            raise ToolError(
                "invalid_arguments", f"The file input {key or 'of the file chooser'} takes one file; give one path."
            )
        token = await engine.watch(frame)
        await engine.set_input_files(frame, key, args["paths"])
        held = await engine.call(frame, "filesHeld", key)
        if key is None:
            browsing.chooser_frame = None  # answered
        return await after_action(browsing, frame, token, result | held, before)
    dropped = await act(supervisor, engine.drop_files(frame, key, args["paths"]), so_far=result)
    return await follow(supervisor, frame, result | dropped, before)


def _chooser_frame(browsing: Browsing) -> FrameInfo:
    """The frame whose last action opened a file chooser; ``no_file_chooser`` if none did or it is gone."""
    frame = next((f for f in browsing.engine().frames() if f.frame_id == browsing.chooser_frame), None)
    if frame is None:
        raise ToolError(
            "controller_error",
            "no_file_chooser: No file chooser is open: click the uploader's button first (its answer says "
            "file_chooser), or give ref (the file input or the drop zone).",
        )
    return frame

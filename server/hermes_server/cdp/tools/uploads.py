"""browser_file_upload: files into a file input, or dropped on a drop zone.

The browser gets the bytes the router checked and read (``routing.uploads``), never the path the agent named: the
lane writes them to a private folder of the server's (``stage_copies``: 0700, one per session), each file under its
own name, and hands the browser those copies; the backend deletes the folder when the session ends.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hermes_server.cdp.engine import ref_key
from hermes_server.cdp.frames import FrameInfo
from hermes_server.cdp.tools.acting import Before, act, after_action, follow
from hermes_server.cdp.tools.table import Arguments, Browsing, handles
from hermes_server.routing.uploads import UploadFile
from hermes_wire.errors import ToolError


@handles("browser_file_upload")
async def file_upload(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    """The files (the server's private copies of the bytes the router checked: ``stage_copies``) into the file
    input ``ref`` names, as the browser's chooser gives them (``DOM.setFileInputFiles``), read back; or, for anything
    else, dropped on it: the browser puts them in a file input of the engine's own, unseen by the page, and the engine
    drops them."""
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


def stage_copies(folder: Path, files: Sequence[UploadFile]) -> list[str]:
    """Private copies of ``files``' bytes in ``folder`` (the session's, 0700), for the browser to read: each call's
    in a folder of its own (``mkdtemp``: 0700), each file read-only under its own name in a folder of its own, so
    that two files of one name both arrive. They stay until the session ends: the browser reads a chosen file
    lazily, when the page reads it or posts its form, and a file gone by then would arrive empty or not at all."""
    call_folder = Path(tempfile.mkdtemp(dir=folder))
    copies = []
    for number, file in enumerate(files):
        place = call_folder / str(number)
        place.mkdir(mode=0o700)
        copy = place / file.name
        descriptor = os.open(copy, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o400)
        with os.fdopen(descriptor, "wb") as written:
            written.write(file.content)
        copies.append(str(copy))
    return copies

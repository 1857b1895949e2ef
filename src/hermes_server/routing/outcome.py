"""Reading tool results by their declared shape (``ToolSpec.result_kind``), for the agent surfaces.

The MCP server and the command line both turn a browser's result into something
else (image content, a PNG file, plain text).  The browser is a remote peer, so a
result without its declared shape is refused here with ``controller_error`` instead
of being passed on as if it were valid.
"""

from __future__ import annotations

import base64
import binascii
from typing import Any

from hermes_wire.errors import ToolError


def image_of(result: Any) -> tuple[str, bytes]:
    """The ``(mime_type, bytes)`` of an ``"image"`` result ``{"mime_type": "image/…", "data": "<base64>"}``."""
    if isinstance(result, dict):
        mime_type, data = result.get("mime_type"), result.get("data")
        if isinstance(mime_type, str) and mime_type.startswith("image/") and isinstance(data, str):
            try:
                return mime_type, base64.b64decode(data, validate=True)
            except binascii.Error:
                pass
    raise ToolError(
        "controller_error",
        "The browser returned a malformed image (expected {\"mime_type\": \"image/…\", \"data\": \"<base64>\"}). "
        "Retry once; if it persists, the extension or browser backend needs updating.",
    )


def snapshot_of(result: Any) -> tuple[str, dict[str, Any]]:
    """The text of a ``"snapshot"`` result, and its remaining keys (dialogs, frame tree, …)."""
    if isinstance(result, dict) and isinstance(result.get("snapshot"), str):
        return result["snapshot"], {k: v for k, v in result.items() if k != "snapshot"}
    raise ToolError(
        "controller_error",
        "The browser returned a malformed snapshot (expected {\"snapshot\": \"<text>\", ...}). "
        "Retry once; if it persists, the extension or browser backend needs updating.",
    )

"""``ToolOutcome``: how one tool call ended, the one type every layer passes on.

A lane produces it (the broker from a controller's result frame, the cdp lane from its
handlers), the router stamps the lane that answered, the HTTP handler sends ``as_json()``,
the client reads it back with ``from_json()``, and MCP and the command line render it.

Results are read by their declared shape (``ToolSpec.result_kind``) with ``image_of`` and
``snapshot_of``.  The browser is a remote peer, so a result without its declared shape is
refused there with ``controller_error`` instead of being passed on as if it were valid.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from dataclasses import dataclass, replace
from typing import Any

from hermes_wire.errors import USER_CONTROL_CODES, ToolError

#: Failure codes a controller may report as its own; anything else reaches the agent as ``controller_error``.
PASS_THROUGH_CONTROLLER_CODES = frozenset({"invalid_arguments", "capability_not_allowed"}) | USER_CONTROL_CODES
#: What JSON leaves as it is in a string (without ``ensure_ascii``) that some reader takes for the end of a line:
#: DEL, the C1 controls (NEL among them) and U+2028 / U+2029.  JSON escapes the C0 controls itself.
_LINE_BREAKING_IN_JSON = re.compile("[\x7f-\x9f\u2028\u2029]")


@dataclass(frozen=True)
class ToolOutcome:
    """A result, or a stable error code and an actionable message; ``backend`` names the lane that answered."""

    ok: bool
    result: Any = None
    error_code: str | None = None
    error_message: str | None = None
    backend: str | None = None

    @classmethod
    def success(cls, result: Any) -> ToolOutcome:
        return cls(True, result=result)

    @classmethod
    def failure(cls, code: str, message: str) -> ToolOutcome:
        return cls(False, error_code=code, error_message=message)

    @classmethod
    def of_error(cls, error: ToolError) -> ToolOutcome:
        return cls.failure(error.code, error.message)

    def answered_by(self, backend: str) -> ToolOutcome:
        return replace(self, backend=backend)

    def as_json(self) -> dict[str, Any]:
        """The agent-facing reply ``{ok, result | error: {code, message}, backend}``."""
        if self.ok:
            return {"ok": True, "result": self.result, "backend": self.backend}
        return {"ok": False, "error": {"code": self.error_code, "message": self.error_message}, "backend": self.backend}

    @classmethod
    def from_json(cls, body: dict[str, Any]) -> ToolOutcome:
        error = body.get("error") or {}
        return cls(body["ok"], body.get("result"), error.get("code"), error.get("message"), body.get("backend"))


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
        'The browser returned a malformed image (expected {"mime_type": "image/…", "data": "<base64>"}). '
        "Retry once; if it persists, the extension or browser backend needs updating.",
    )


def json_text(value: Any, *, indent: int | None = None) -> str:
    """``value`` as JSON for an agent to read: other scripts as they are, but no string a page wrote (a title,
    a dialog's message) can start a line of its own (docs/http-api.md, "Snapshot text format")."""
    text = json.dumps(value, ensure_ascii=False, indent=indent)
    return _LINE_BREAKING_IN_JSON.sub(lambda char: f"\\u{ord(char[0]):04x}", text)


def snapshot_of(result: Any) -> tuple[str, dict[str, Any]]:
    """The text of a ``"snapshot"`` result, and its remaining keys (dialogs, frame tree, …)."""
    if isinstance(result, dict) and isinstance(result.get("snapshot"), str):
        return result["snapshot"], {k: v for k, v in result.items() if k != "snapshot"}
    raise ToolError(
        "controller_error",
        'The browser returned a malformed snapshot (expected {"snapshot": "<text>", ...}). '
        "Retry once; if it persists, the extension or browser backend needs updating.",
    )

"""What a browser tool is: ``ToolSpec``, the keys of its result, the lanes, and the limits its schemas name.

``hermes_wire.tools`` holds the table of every tool (``TOOLS``); this module holds the types and figures that the
declarations, the servers and the extension's generated contract share.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, get_args

from hermes_wire.tool_schema import check_value

EXTENSION_LANE = "extension"
CDP_LANE = "cdp"
LANES = (EXTENSION_LANE, CDP_LANE)
ALL_LANES = frozenset(LANES)
ResultKind = Literal["json", "snapshot", "image"]
RESULT_KINDS = frozenset(get_args(ResultKind))
CDP_ONLY = frozenset({CDP_LANE})
EXTENSION_ONLY = frozenset({EXTENSION_LANE})
#: The configuration key that turns browser_cdp on: it bypasses every guard the other tools keep.
RAW_CDP_SWITCH = "browser.cdp.raw_tool"


@dataclass(frozen=True)
class ResultField:
    """One key of a tool's result, documented next to the tool so ``docs/tools.md`` is generated, not written."""

    name: str
    meaning: str
    #: The lanes whose result carries this key (some metadata exists on one lane only).
    lanes: frozenset[str] = ALL_LANES


@dataclass(frozen=True, kw_only=True)
class ToolSpec:
    name: str
    description: str
    #: The argument schema: always an object with ``additionalProperties: false``.
    schema: dict[str, Any]
    read_only: bool
    destructive: bool = False
    #: The lanes that can serve the tool; a session on any other lane fails the call and never lists it.
    lanes: frozenset[str] = ALL_LANES
    #: The configuration key (a boolean, false by default) without which no server serves or lists the tool: a
    #: tool that bypasses the guards the others keep is off until the user turns it on.  None: always served.
    switched_on_by: str | None = None
    #: An open JavaScript dialog holds the page's thread: the cdp lane refuses these until it is answered.
    blocked_by_dialog: bool = False
    #: How the result is shaped (see the module docstring).
    result_kind: ResultKind = "json"
    #: The keys the result carries (for a list result: the keys of each entry), per lane.
    result_fields: tuple[ResultField, ...] = ()
    #: The argument (seconds) that bounds a wait the call may make itself, and its value when not given: the call's
    #: deadline is at least that and a margin (OWN_WAIT_MARGIN_S), so that the wait fails with its own error, never
    #: with the command's timeout (a wait of 40 s was cut at the server's 30). None: the call makes no such wait.
    own_wait: tuple[str, float] | None = None

    def validate(self, arguments: Any) -> dict[str, Any]:
        """Return the arguments if they match the schema, else raise ``ToolError('invalid_arguments')``."""
        check_value(self.schema, arguments, "arguments")
        checked: dict[str, Any] = arguments
        return checked


def arguments(properties: dict[str, Any] | None = None, *, required: tuple[str, ...] = ()) -> dict[str, Any]:
    """An argument schema: an object with exactly these properties."""
    return {
        "type": "object",
        "properties": properties or {},
        "required": list(required),
        "additionalProperties": False,
    }


REF_PATTERN = r"^@?e[0-9]{1,7}$"
#: The most fields browser_fill_form takes in one call.
FILL_FORM_MAX_FIELDS = 100
#: browser_snapshot's wait_timeout_s when none is given (the extension's capabilities.js holds the same figure).
WAIT_TIMEOUT_DEFAULT_S = 10
#: What a call's deadline leaves beyond the wait it makes itself (ToolSpec.own_wait): the read after the wait.
OWN_WAIT_MARGIN_S = 10.0
#: How many images browser_get_images lists when no limit is given (the extension's capabilities.js holds the same).
IMAGES_DEFAULT = 50
#: The tallest full-page or element screenshot, in CSS pixels: a longer page is cut there (clipped).
SCREENSHOT_MAX_HEIGHT = 8000
#: A download's id in the session's records (browser_downloads, browser_read_download).
DOWNLOAD_ID_PATTERN = r"^d[0-9]{1,12}$"
#: The caps on what a session downloads, by default (``browser.downloads`` in the configuration; the extension lane
#: applies these figures, from its contract): a file over the size is cancelled and refused, as is one past the count.
DOWNLOAD_MAX_FILE_BYTES = 10 * 1024 * 1024
DOWNLOAD_MAX_COUNT = 20
#: browser_read_download's max_chars when none is given, and its most.
READ_DOWNLOAD_CHARS_DEFAULT = 20_000
READ_DOWNLOAD_CHARS_MAX = 200_000
#: How long browser_read_download waits for a download still in progress (below the default call timeout).
READ_DOWNLOAD_WAIT_S = 20
#: Keys held during a click: "Shift", "Control+Shift", ...
MODIFIERS_PATTERN = r"^(Alt|Control|Meta|Shift)(\+(Alt|Control|Meta|Shift)){0,3}$"

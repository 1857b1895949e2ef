"""The tools that read the page: the controller's no-op, navigate, snapshot, find and images.

Each is one ``ToolSpec``; ``hermes_wire.tools`` puts them in one table, in the order the tool lists show them.
"""

from __future__ import annotations

from hermes_wire.tool_fields import (
    DIALOG_OPENED,
    DOWNLOAD,
    NOTICE_FIELD,
    PDF,
    SEE,
    SEEN,
    TITLE,
    URL,
)
from hermes_wire.tool_spec import (
    CDP_ONLY,
    IMAGES_DEFAULT,
    WAIT_TIMEOUT_DEFAULT_S,
    ResultField,
    ToolSpec,
    arguments,
)

PAGE_TOOLS = (
    ToolSpec(
        name="controller.noop",
        description="Do nothing in the browser; checks that the controller answers.",
        schema=arguments(),
        read_only=True,
        result_fields=(),
    ),
    ToolSpec(
        name="browser_navigate",
        description="Open a URL in the controlled tab and wait for it to load.",
        schema=arguments(
            {
                "url": {
                    "type": "string",
                    "maxLength": 8192,
                    "pattern": r"^(https?://\S+|about:blank)$",
                    "description": "An http(s) URL, or about:blank.",
                },
                "see": SEE,
            },
            required=("url",),
        ),
        read_only=False,
        blocked_by_dialog=True,
        result_fields=(URL, TITLE, DOWNLOAD, *DIALOG_OPENED, NOTICE_FIELD, *SEEN),
    ),
    ToolSpec(
        name="browser_snapshot",
        description="Describe the page as an accessibility tree, with @eN refs for the elements you can act on. "
        "The compact default follows the viewport and keeps the page's headings and landmarks as an outline; its "
        "last line says what was left out above and below (browser_scroll brings it into view). Pass full=true "
        "for everything, or changes=true for only what changed since your previous snapshot of this page. An "
        "element keeps its ref while it stays on the page, so refs from an earlier snapshot still work. A PDF the "
        "tab shows reads as its text, page by page (clicks inside Chrome's PDF viewer are not supported).",
        schema=arguments(
            {
                "full": {"type": "boolean", "description": "Return the whole tree, not the compact one."},
                "changes": {
                    "type": "boolean",
                    "description": "Return only the lines added (+), removed (-) or changed (~) anywhere on the page "
                    "since your previous snapshot of this document, each under its ancestors' outline (lines "
                    "marked with two spaces); the compact page instead after a navigation.",
                },
                "wait_for": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 500,
                    "description": "Before reading, wait until this text is shown on the page.",
                },
                "wait_for_gone": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 500,
                    "description": "Before reading, wait until this text is no longer shown on the page.",
                },
                "wait_timeout_s": {
                    "type": "number",
                    "minimum": 0.1,
                    "maximum": 60,
                    "description": f"How long wait_for / wait_for_gone may wait (default {WAIT_TIMEOUT_DEFAULT_S} s); "
                    "past it the call fails with wait_timeout.",
                },
            }
        ),
        read_only=True,
        own_wait=("wait_timeout_s", WAIT_TIMEOUT_DEFAULT_S),
        result_kind="snapshot",
        result_fields=(
            ResultField("snapshot", "The accessibility tree as indented text, with @eN refs."),
            URL,
            TITLE,
            ResultField("truncated", "True when the compact tree was cut to fit; pass full=true for all of it."),
            ResultField(
                "changes",
                "With changes=true, when the snapshot holds changes: {added, removed, changed}, how many lines of "
                "each. Absent when the snapshot is the page (a new document, or more changes than a page's worth).",
            ),
            ResultField("unchanged", "With changes=true, true when nothing changed (the snapshot is then empty)."),
            PDF,
            ResultField(
                "recent_dialogs",
                "The dialogs that closed lately and how: [{id, type, message, opened_at, closed_at, closed_by}] "
                "on the cdp lane; the dialog guard's records of the page's alert/confirm/prompt on the extension "
                "lane.",
            ),
            ResultField(
                "pending_dialogs",
                "The open dialogs that block the page [{id, type, message, opened_at}]; while one is open the "
                "snapshot text says so instead of describing the page.",
                CDP_ONLY,
            ),
            ResultField(
                "frame_tree",
                "{top: {frame_id, url, origin}, children: [{frame_id, url, is_oopif, session_id?}], truncated}: "
                "the tab's frames; a frame_id here is what browser_cdp's frame_id takes.",
                CDP_ONLY,
            ),
            ResultField(
                "console_errors",
                "Present when the page logged errors since the previous snapshot (this document only): the first "
                "5 console errors and uncaught exceptions [{level, text (at most 300 characters), at}].",
                CDP_ONLY,
            ),
            ResultField(
                "console_errors_more",
                "Present when more errors came since the previous snapshot than console_errors shows: how many.",
                CDP_ONLY,
            ),
            NOTICE_FIELD,
        ),
    ),
    ToolSpec(
        name="browser_find",
        description="Search the whole page, not only what is in view, for the elements you need: the lines of a "
        "full snapshot that match every criterion given (text anywhere in the line, an exact role, words of the "
        "name; case does not matter), each marked > with its ref, under the outline of its ancestors. Cheaper "
        "than reading a whole long page; it does not change what browser_snapshot changes=true compares with. In a "
        "PDF the tab shows, it searches the PDF's text, each match under its page line.",
        schema=arguments(
            {
                "text": {"type": "string", "minLength": 1, "maxLength": 500, "description": "Text in the line."},
                "role": {
                    "type": "string",
                    "pattern": "^[a-z]{1,32}$",
                    "description": "The element's role as snapshots show it: button, link, textbox, row, …",
                },
                "name": {"type": "string", "minLength": 1, "maxLength": 500, "description": "Words of its name."},
                "limit": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 200,
                    "description": "At most this many matches shown (default 20).",
                },
            }
        ),
        read_only=True,
        blocked_by_dialog=True,
        result_kind="snapshot",
        result_fields=(
            ResultField(
                "snapshot",
                "The matching lines, each after > , under their ancestors' lines (after two spaces); empty when "
                "nothing matches.",
            ),
            ResultField("matches", "How many lines match in all."),
            ResultField("shown", "How many of them are shown (at most limit)."),
            URL,
            TITLE,
            PDF,
        ),
    ),
    ToolSpec(
        name="browser_get_images",
        description="List the page's images, frames included, in page order: the ones a user sees (not tracking "
        "pixels, spacers or hidden images), each with the ref of what a click on it presses (when a link or button "
        "holds it, or it takes clicks itself), its alt text, its source (a data: URL only by its type and length), "
        "its natural size and the size it is drawn at.",
        schema=arguments(
            {
                "limit": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 500,
                    "description": f"At most this many images (default {IMAGES_DEFAULT}).",
                }
            }
        ),
        read_only=True,
        blocked_by_dialog=True,
        result_fields=(
            ResultField(
                "images",
                "[{ref?, alt, src, natural: {width, height}, rendered: {width, height}, broken?, frame?}]: frame is "
                "the URL of the frame that shows the image, for an image in a child frame; broken, an image that "
                "did not load.",
            ),
            ResultField("total", "How many images the page shows in all (more than listed when over limit)."),
        ),
    ),
)

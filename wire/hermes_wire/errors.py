"""The base of every Hermes exception tree, and the errors that belong to the wire itself.

Each error carries a stable ``code`` (machine-readable, never reworded) and a ``message`` that
tells a person what to do next.  Each package grows its own tree from ``HermesError``
(``hermes_server.errors``, ``hermes_host.errors``); this module holds only what both sides of a
hop raise:

``HermesError``
├── ``ToolError``             a browser tool call failed; ``code`` is one of ``TOOL_ERROR_CODES``,
│                             which is exactly what the agent sees.
└── ``PeerError``             a remote peer misbehaved (as opposed to local misuse).
    └── ``ProtocolViolation`` a controller sent a frame that breaks protocol v1;
                              the socket is closed with ``close_code``.

Secrets (API keys, tickets, pairing secrets) never go into a message.
"""

from __future__ import annotations

#: The error codes an agent can see in ``{"ok": false, "error": {"code": ...}}``.
TOOL_ERROR_CODES = frozenset(
    {
        "controller_missing",
        "controller_disconnected",
        "controller_ambiguous",
        "capability_not_allowed",
        "controller_detached",
        "command_timeout",
        "command_cancelled",
        "controller_error",
        "invalid_arguments",
        "backend_unavailable",
        "permission_pending",
        "site_blocked",
        "user_declined",
        "paused_by_user",
        "upload_refused",
    }
)
#: The codes by which the user, through the extension's popup, keeps control (extension lane only): the
#: server passes them through unchanged, and no surface retries them.
USER_CONTROL_CODES = frozenset({"permission_pending", "site_blocked", "user_declined", "paused_by_user"})

#: What an agent should do next on each code of ``TOOL_ERROR_CODES`` (rendered into docs/tools.md).
TOOL_ERROR_ADVICE: dict[str, str] = {
    "controller_missing": "The extension session has no controller yet (or since unbind): open Chrome with the "
    "Hermes extension paired to this server, then call again.",
    "controller_disconnected": "The browser side went away. Extension lane: the controller reconnects by itself; "
    "call again shortly. cdp lane: the browser went away during the call; the next call starts a new one and "
    "its result carries a notice. Either way the action may or may not have happened: take a snapshot first.",
    "controller_ambiguous": "Two controllers claim this session: close the second Chrome profile or window "
    "running the extension, then call again.",
    "capability_not_allowed": "This tool is not served on this session's lane, or the server's configuration has "
    "not turned it on (browser_cdp: browser.cdp.raw_tool, off by default), or browser_cdp was given a Browser.* / "
    "Target.* method: use the tools the session lists, or ask the user to turn the tool on.",
    "controller_detached": "The controller detached: unbind the lane (POST /v1/sessions/{id}/browser-control/unbind) "
    "so a controller can register again, or create a new session.",
    "command_timeout": "No result in time; what was done stays done. Take a browser_snapshot to see the page, "
    "then decide whether to repeat the call (or pass a larger timeout_s).",
    "command_cancelled": "The call was cancelled (session closed, controller replaced, lane unbound or pairing "
    "revoked); it is never re-sent. Check the session, then call again if it still makes sense.",
    "controller_error": "The browser refused the action; the message starts with a detail code (table below) "
    "that says what to do.",
    "invalid_arguments": "Fix the arguments: the message names the one that is wrong and why.",
    "backend_unavailable": "The cdp lane has no browser (no Chromium, the provider refused, the endpoint is "
    "down): the message says what to install or configure.",
    "permission_pending": "The user has not yet said whether the agent may act on this site; the question is "
    "in the Hermes popup. Tell the user, wait for their answer, then call again.",
    "site_blocked": "The user (or their administrator) blocked the agent on this site: do not retry; ask the "
    "user to allow the site in the Hermes popup if the task needs it.",
    "user_declined": "The user refused this action in the Hermes popup; nothing was done. Do not retry it "
    "without asking the user.",
    "paused_by_user": "The user paused the agent in the Hermes popup; the running action was cancelled. Wait "
    "until the user resumes, then take a snapshot before acting again.",
    "upload_refused": "browser_file_upload sends only files inside the folders the user allowed ($HERMES_HOME/uploads "
    "and browser.uploads.allow_dirs), each within the size caps: the message names the folders. Put the file there, "
    "or ask the user to; nothing was uploaded.",
}

#: The detail codes at the start of a ``controller_error`` message (``"<detail>: <message>"``): the lanes that
#: report each, and what to do next (rendered into docs/tools.md; a test checks every one the code raises is here).
CONTROLLER_ERROR_DETAILS: dict[str, tuple[tuple[str, ...], str]] = {
    "stale_ref": (("extension", "cdp"), "The ref is from an older page or snapshot: take a new browser_snapshot."),
    "invalid_ref": (("extension", "cdp"), "The ref is not of the form @eN: use a ref from browser_snapshot."),
    "not_visible": (
        ("extension", "cdp"),
        "The element is hidden or has no size: take a new snapshot, scroll, or open what contains it.",
    ),
    "disabled": (
        ("extension", "cdp"),
        "The element is disabled, and stayed so for the second a click waits for the page to enable it: do what "
        "enables it first.",
    ),
    "click_intercepted": (
        ("extension", "cdp"),
        "Nothing was pressed: at every point tried, with the element scrolled to the centre, the bottom and the "
        "top of the view, a press would have landed on something else, which the message names (role, name, "
        "tag#id, its ref, and whether it is invisible). Close the banner or dialog in the way (or dismiss the "
        "overlay), or scroll the element clear of it, then take a snapshot and try again.",
    ),
    "not_typable": (
        ("extension", "cdp"),
        "The element takes no text: type into an input, textarea, select or editable element.",
    ),
    "readonly": (
        ("extension", "cdp"),
        "The field is read-only, also once clicked as typing clicks it (a page may make a field writable on the "
        "press: Ant Design Vue's pickers): no key was sent. The message says what a person does instead: a field "
        "that opens a picker on a click (Flatpickr's date field: a calendar, or a list) is set by choosing there, "
        "in the picker the click opened; a page that takes keys on it (a select that chooses the item typed) gets "
        "them from browser_press.",
    ),
    "option_not_found": (
        ("extension", "cdp"),
        "The <select> has no option with that label: use a label the snapshot shows.",
    ),
    "invalid_value": (
        ("extension", "cdp"),
        "The input cannot hold that value (the message says the format it takes, or its range or step): a date, "
        "time, month, week or colour input takes its own value format (2014-05-05, 13:45, 2014-05, 2014-W19, "
        "#1e90ff), a range input a number. Nothing was changed: type the value in that format.",
    ),
    "type_mismatch": (
        ("extension", "cdp"),
        "After typing, the element held other text than was asked for (the message shows what it holds): the "
        "page changed or refused some of it (a length limit, a format, an editor's own completion). Take a "
        "snapshot, then type again or adapt the text; never assume the text is there.",
    ),
    "wait_timeout": (
        ("extension", "cdp"),
        "browser_snapshot's wait_for / wait_for_gone text did not appear / go within wait_timeout_s: take a "
        "snapshot to see the page, or wait longer.",
    ),
    "unknown_frame": (("extension", "cdp"), "The element's frame is gone: take a new snapshot."),
    "trusted_input_failed": (
        ("extension",),
        "The user's trusted-input mode could not give the page the browser's real input (the message says why; "
        "the press was not made, or only in part): take a snapshot to see what the page holds, then try again.",
    ),
    "no_target": (
        ("extension", "cdp"),
        "Nothing had the focus to receive the key: click or type into an element first.",
    ),
    "snapshot_failed": (("extension", "cdp"), "The page could not be read: wait for it to load and try again."),
    "no_history": (
        ("extension", "cdp"),
        "There is no previous page (browser_back) or next page (browser_forward): use browser_navigate.",
    ),
    "tab_crashed": (
        ("extension", "cdp"),
        "The controlled tab's page crashed and its state is lost (reported once): browser_navigate loads a page again.",
    ),
    "invalid_key": (
        ("extension",),
        "Unknown key name: use a single character or a named key such as Enter, "
        "Tab, Escape, ArrowDown, optionally with modifiers (Shift+Tab).",
    ),
    "focus_in_child_frame": (
        ("extension",),
        "The focus is inside a frame the key could not reach: click the element in that frame first.",
    ),
    "screenshot_failed": (
        ("extension",),
        "The tab could not be captured (another tab kept coming to the front, or Chrome refused): try again.",
    ),
    "not_a_web_page": (
        ("extension", "cdp"),
        "browser_tab_activate refuses a tab that is not a web page (chrome://, the extension's own pages): "
        "call browser_tabs and pick a tab with an http(s) page.",
    ),
    "not_your_tab": (
        ("extension", "cdp"),
        "browser_tabs closes only the tabs this session opened (action new, or a link or script of its pages) and "
        "the one it controls, never a tab the user opened: leave that tab to the user.",
    ),
    "tab_held_by_other_session": (
        ("extension",),
        "browser_tab_activate refuses a tab another agent session controls (one tab, one session): pick another tab "
        "in browser_tabs, or open one with browser_tabs action new.",
    ),
    "tab_closed": (("extension",), "The controlled tab was closed: call browser_tabs, then browser_tab_activate."),
    "no_tab": (("extension",), "There is no open web page to control: open one in a Chrome window."),
    "no_file_chooser": (
        ("extension", "cdp"),
        "browser_file_upload without ref answers only the file chooser the session's last action opened, within "
        "60 s, and none is open: click the uploader's button first (its answer says file_chooser), or give ref.",
    ),
    "upload_not_taken": (
        ("extension", "cdp"),
        "browser_file_upload's ref named neither a file input (nor its label) nor a drop zone that takes the drop: "
        "nothing holds the files. An uploader's button that opens a file chooser is clicked first (its answer says "
        "file_chooser), then browser_file_upload without ref answers the chooser.",
    ),
    "upload_incomplete": (
        ("extension",),
        "An upload's bytes did not reach the browser whole (nothing was given to the page): call browser_file_upload "
        "again.",
    ),
    "unknown_download": (
        ("extension", "cdp"),
        "No download of this session has that id (an id of another session is none of this one's): call "
        "browser_downloads for the ids.",
    ),
    "download_not_complete": (
        ("extension", "cdp"),
        "The download is still in progress, failed or was refused (the message says which and why): call "
        "browser_downloads to see its state, and read it once complete.",
    ),
    "download_unreadable": (
        ("extension", "cdp"),
        "The downloaded file is no longer where the browser saved it, or is not a plain file inside the download "
        "folder (moved, deleted, replaced by a link): nothing was read. Download it again.",
    ),
    "extension_error": (
        ("extension",),
        "The extension failed unexpectedly: call again; if it repeats, reload the extension.",
    ),
    "dialog_open": (("cdp",), "A JavaScript dialog blocks the page: answer it with browser_dialog."),
    "navigation_failed": (
        ("cdp",),
        "The URL did not load (the message says why, and whether a beforeunload "
        "dialog kept the page): check the URL or answer the dialog.",
    ),
    "cdp_error": (
        ("cdp",),
        "The browser refused a DevTools command: for browser_cdp, check the method and "
        "params; otherwise take a new snapshot and try again.",
    ),
    "engine_error": (("cdp",), "The snapshot engine failed in the page: take a new snapshot and try again."),
    "browser_restarted": (
        ("cdp",),
        "The browser or tab was replaced before the call and the result could not carry a notice: call again.",
    ),
}


class HermesError(Exception):
    """Base class: a stable ``code`` plus an actionable ``message``."""

    code = "hermes_error"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code

    def __str__(self) -> str:
        return self.message


class ToolError(HermesError):
    """A tool call failed with one of the stable codes in ``TOOL_ERROR_CODES``."""

    def __init__(self, code: str, message: str) -> None:
        if code not in TOOL_ERROR_CODES:
            raise ValueError(f"unknown tool error code {code!r}")
        super().__init__(message, code=code)


class PeerError(HermesError):
    """A remote peer (controller, host, server) broke the protocol."""

    code = "peer_error"


class ProtocolViolation(PeerError):
    """A controller frame is malformed; the WebSocket closes with ``close_code`` and the message as reason."""

    code = "protocol_violation"

    def __init__(self, message: str, *, close_code: int) -> None:
        super().__init__(message)
        self.close_code = close_code

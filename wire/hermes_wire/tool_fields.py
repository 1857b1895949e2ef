"""The pieces several tool declarations share: the ref argument, what an action shows after it (``see``), and
the keys that recur in results (an element, a navigation, a download, the tabs an action opened, a dialog)."""

from __future__ import annotations

from hermes_wire.tool_spec import (
    CDP_ONLY,
    EXTENSION_ONLY,
    REF_PATTERN,
    ResultField,
)

REF = {
    "type": "string",
    "pattern": REF_PATTERN,
    "description": "An element ref from the latest browser_snapshot, such as @e5.",
}

URL = ResultField("url", "The URL of the document now in the tab.")
TITLE = ResultField("title", "The document's title.")
PDF = ResultField(
    "pdf",
    "Present when the tab shows a PDF (Chrome's viewer): {url, pages, bytes, truncated, note}, or {url, error, "
    "note} when its text cannot be read (over the download size cap, refused, malformed). The snapshot is then "
    "the PDF's text, read from its bytes fetched with the tab's credentials: a page line per page, each line of "
    "text as page text; the note says clicks inside the viewer are not supported.",
)
ELEMENT = (
    ResultField("ok", "Always true on success."),
    ResultField("ref", "The element's ref, such as @e5."),
    ResultField("role", "The element's accessible role."),
    ResultField("name", "The element's accessible name."),
)
#: Every action waits for what it caused (a new document, or the page quiet again) before it answers.
NAVIGATED = ResultField(
    "navigated",
    "Present when the action started a navigation: the URL of the new document, which had loaded when the "
    "action answered (the frame's, for a navigation inside a frame).",
)
#: How many requests the page sent while the action's effects were waited for: with nothing the snapshot shows
#: changed, the sign that the page told its server (the page's own hook counts them, so it is a hint).
REQUESTS = ResultField(
    "requests",
    "Present when the page started requests while the action's effects were waited for (fetch, XMLHttpRequest, a "
    "message on a WebSocket): how many. With unchanged, the page may still have told its server something (a value "
    "sent on Enter); the page counts them itself, so take it as a hint.",
)
#: An action, or a URL opened, that downloads a file says so.
DOWNLOAD = ResultField(
    "download",
    "Present when the action started a download (a link to a file, a button that saves one, a URL that is a file): "
    "{id, name, state} of the first, as it was when the action answered (state in_progress, complete, failed or "
    "refused); the page stays as it was. browser_downloads lists them all, browser_read_download reads one.",
)
#: A click or a key press follows the tabs and windows it opens or closes, and a file chooser it opens.
FOLLOWED_TABS = (
    ResultField(
        "file_chooser",
        "Present when the action opened a file chooser (a click on a file input, or on an uploader's button that "
        "opens one): {multiple, accept, and ref if its input has one}. No native dialog opened: browser_file_upload "
        "without ref answers it.",
    ),
    ResultField(
        "opened",
        "Present when the action opened tabs or windows (a link to a new tab, window.open): [{id, url, title}] "
        "of each, once loaded; they are in browser_tabs, and browser_tab_activate controls one. On the extension "
        "lane, a tab the user's site rules refused is {id, refused: the site}, never its URL or title.",
    ),
    DOWNLOAD,
    ResultField(
        "closed",
        "Present (true) when the action closed the controlled tab itself (a popup whose Save closes it): not "
        "an error; the session now controls the tab that opened it (controls).",
    ),
    ResultField(
        "controls",
        "With closed: {id, url, title} of the tab the session controls again (the one that opened the "
        "closed tab), or null if that tab is gone too.",
    ),
)
#: What an action answers with besides its own result (the router reads the page after it: see ``SEE_DEFAULT``).
SEE_MODES = ("changes", "page", "none")
SEE_DEFAULT = "changes"
SEE = {
    "type": "string",
    "enum": list(SEE_MODES),
    "description": "What the answer shows of the page after the action (default changes): changes, only what the "
    "action changed, as browser_snapshot changes=true gives it (the compact page after a navigation); page, the "
    "compact page; none, nothing.",
}
SEEN = (
    ResultField(
        "snapshot",
        "Unless see is none: what the action changed on the page (see=changes, marked + - ~ as browser_snapshot "
        "changes=true shows them; the compact page after a navigation), or the compact page (see=page).",
    ),
    ResultField("changes", "With see=changes, when the snapshot holds changes: {added, removed, changed}."),
    ResultField(
        "unchanged",
        "With see=changes, true when the action changed nothing the snapshot shows (a page may still have told its "
        "server: a value sent on Enter, which requests counts where the action has it; or drawn a state no role or "
        "attribute says: a toggle's class).",
    ),
    ResultField(
        "snapshot_error",
        "Instead of snapshot, when the action succeeded but the page could not be read after it: {code, message}.",
    ),
)
#: What the extension lane's click, key press and typing report when the user turned its trusted-input mode on
#: (docs/user-control.md#trusted-input-optional): whether the browser's real input made the action.
TRUSTED_INPUT = (
    ResultField(
        "trusted",
        "Only when the user turned the extension's trusted-input mode on: true when the action was made with the "
        "browser's real input events (a key press then reports no target, action or prevented, as on the cdp "
        "lane); false when it was made with synthetic events after all (trusted_note says why).",
        EXTENSION_ONLY,
    ),
    ResultField("trusted_note", "With trusted false: why real input could not be used.", EXTENSION_ONLY),
)
#: What an action reports on the cdp lane when a dialog it caused now blocks the page (``DialogOpened``).
DIALOG_OPENED = (
    ResultField(
        "pending_dialogs",
        "Present when the action opened a JavaScript dialog that now blocks the page: the open dialogs "
        "[{id, type, message, opened_at}]. Answer with browser_dialog.",
        CDP_ONLY,
    ),
)

#: browser_click's and browser_press's own answer to a JavaScript dialog that the action itself opens.
DIALOG_ANSWER = {
    "dialog": {
        "type": "string",
        "enum": ["accept", "dismiss"],
        "description": "How to answer an alert, confirm or prompt that this very action opens (the first one, and "
        "only in the frame acted on): a dialog the page opens at another time follows the user's dialog policy. "
        "In the extension's ask mode, accepting a confirm asks the user first, with the dialog's message: the "
        "action then goes once with the dialog dismissed and, once the user agrees, again with it accepted.",
    },
    "prompt_text": {
        "type": "string",
        "maxLength": 20000,
        "description": 'With dialog "accept": the text a prompt() this action opens returns (default: its default '
        "text).",
    },
}
#: What an action that named ``dialog`` reports of it.
DIALOG_ANSWERED = ResultField(
    "dialog",
    "With the dialog argument: the dialog this action opened and how it was answered {type, message, answer, "
    "user_refused?} (message: the page's text, quoted), or null when the action opened none. user_refused: in ask "
    "mode the user did not let the agent accept the confirm, and it was dismissed.",
)


#: Added to any object result on the cdp lane when its browser or tab was replaced before the call.
NOTICE_FIELD = ResultField(
    "notice",
    "Present when something the agent did not ask for happened: the browser or the controlled tab was "
    "replaced before the call (its page state is lost), or the action opened a dialog (then with url, title "
    "and pending_dialogs).",
    CDP_ONLY,
)

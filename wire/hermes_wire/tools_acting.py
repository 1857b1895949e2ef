"""The tools that act on the page as a user does: click, drag, upload, type, fill a form, press a key, scroll.

Each is one ``ToolSpec``; ``hermes_wire.tools`` puts them in one table, in the order the tool lists show them.
"""

from __future__ import annotations

from hermes_wire.tool_fields import (
    DIALOG_ANSWER,
    DIALOG_ANSWERED,
    DIALOG_OPENED,
    ELEMENT,
    FOLLOWED_TABS,
    NAVIGATED,
    NOTICE_FIELD,
    REF,
    REQUESTS,
    SEE,
    SEEN,
    TRUSTED_INPUT,
)
from hermes_wire.tool_spec import (
    EXTENSION_ONLY,
    FILL_FORM_MAX_FIELDS,
    MODIFIERS_PATTERN,
    ResultField,
    ToolSpec,
    arguments,
)

ACTION_TOOLS = (
    ToolSpec(
        name="browser_click",
        description="Click the element with the given ref, as a user would. A click presses only that element: "
        "it is scrolled into view and pressed at a point where nothing else is drawn over it (its label, or the "
        "face a page draws for a hidden checkbox, counts as the element; a date or time field drawn in segments is "
        "pressed on its first segment, where typing into it starts); when something else (a sticky footer, "
        "a cookie banner, an invisible overlay) would take the press at every point tried, nothing is pressed "
        "and the call fails with click_intercepted, naming what is in the way. hover follows the same rule.",
        schema=arguments(
            {
                "ref": REF,
                "button": {"type": "string", "enum": ["left", "right", "middle"], "description": "Default left."},
                "double": {"type": "boolean", "description": "Double-click."},
                "modifiers": {
                    "type": "string",
                    "pattern": MODIFIERS_PATTERN,
                    "description": "Keys held during the click, joined by +: Alt, Control, Meta, Shift.",
                },
                "hover": {
                    "type": "boolean",
                    "description": "Only move the pointer over the element (hover events, no click): for menus "
                    "that open on hover. The result says whether the element took the hover (hovered). On the "
                    "extension lane the events are synthetic: menus that JavaScript opens on mouseover or "
                    "mouseenter open, but the browser's :hover state does not change, so a menu that opens only "
                    "through CSS :hover stays closed (hovered false); open it with a click there.",
                },
                **DIALOG_ANSWER,
                "see": SEE,
            },
            required=("ref",),
        ),
        read_only=False,
        destructive=True,
        blocked_by_dialog=True,
        result_fields=(
            *ELEMENT,
            ResultField("x", "Where the click landed, in viewport CSS pixels."),
            ResultField("y", "Where the click landed, in viewport CSS pixels."),
            ResultField("opens", "Present when the element is a link that opens another window or tab: {url, target}."),
            ResultField("hint", "Present when a click is not how to use the element (a <select>): what to do."),
            ResultField(
                "hovered",
                "With hover (unless the hover navigated): whether the element matches CSS :hover once the page "
                "has settled, that is whether the page took the hover and its :hover styles apply. False on the "
                "extension lane, whose events are synthetic, unless the user's own pointer is there; false on "
                "either lane when the hover removed the element.",
            ),
            *TRUSTED_INPUT,
            NAVIGATED,
            REQUESTS,
            *FOLLOWED_TABS,
            DIALOG_ANSWERED,
            *DIALOG_OPENED,
            ResultField(
                "notice",
                "On the cdp lane, "
                + NOTICE_FIELD.meaning[0].lower()
                + NOTICE_FIELD.meaning[1:]
                + " With hover, on either lane, present when hovered "
                "is false: that the element does not match CSS :hover, so a menu that opens only through CSS "
                ":hover stays closed (what opens on the pointer's events, as a tooltip, may be open; open such a "
                "menu with a click, or take a snapshot to see what opened), or that the element is gone after the "
                "hover.",
            ),
            *SEEN,
        ),
    ),
    ToolSpec(
        name="browser_drag",
        description="Drag the element with ref onto the element with to_ref, as a mouse does: press on it, move in "
        "steps, release past the target's middle in the direction of travel (so a sortable list reads it as onto "
        "that item). Works for pointer-driven libraries and for HTML5 drag and drop. A drag whose element or "
        "target something else covers presses nothing (click_intercepted).",
        schema=arguments(
            {
                "ref": REF | {"description": "What is dragged: a ref from the latest snapshot."},
                "to_ref": REF | {"description": "What it is dropped onto: a ref from the latest snapshot."},
                "see": SEE,
            },
            required=("ref", "to_ref"),
        ),
        read_only=False,
        destructive=True,
        blocked_by_dialog=True,
        result_fields=(
            *ELEMENT,
            ResultField("to", "{ref, role, name} of the target, as it was before the drag."),
            ResultField(
                "released_over", "{role, name, and ref if it has one} of what was under the pointer when it let go."
            ),
            ResultField(
                "dropped",
                "Present for an HTML5 drag (the press made something draggable): whether a drop target took it.",
            ),
            NAVIGATED,
            *DIALOG_OPENED,
            NOTICE_FIELD,
            *SEEN,
        ),
    ),
    ToolSpec(
        name="browser_file_upload",
        description="Give files to the file input (or the drop zone) with ref, or without ref to the file chooser "
        "the last action opened (a click on an uploader's button answers file_chooser; answerable by the very next "
        "action, within 60 s, else no_file_chooser): only files inside the folders "
        "the user allowed ($HERMES_HOME/uploads, where a relative path points, and browser.uploads.allow_dirs), each "
        "within the size caps (else upload_refused). A file input gets them as the browser's own file chooser "
        "would give them; anything else gets them dropped on it, and a drop the page does not take is upload_not_taken "
        "(nothing is clicked: click the uploader's button with browser_click, whose answer says file_chooser, then "
        "call this without ref). No native file dialog ever opens.",
        schema=arguments(
            {
                "paths": {
                    "type": "array",
                    "minItems": 1,
                    "maxItems": 20,
                    "items": {"type": "string", "minLength": 1, "maxLength": 4096},
                    "description": "The files, absolute or relative to $HERMES_HOME/uploads.",
                },
                "ref": REF
                | {
                    "description": "The file input, its label, or the drop zone: a ref from a snapshot. Without it, "
                    "the file chooser the last action opened."
                },
                "see": SEE,
            },
            required=("paths",),
        ),
        read_only=False,
        destructive=True,
        blocked_by_dialog=True,
        result_fields=(
            *ELEMENT,
            ResultField("files", "[{name, size, type}] of the files the input now holds (read back), or dropped."),
            ResultField("dropped", "For a drop zone: true, the page took the drop (else upload_not_taken)."),
            NAVIGATED,
            *DIALOG_OPENED,
            NOTICE_FIELD,
            *SEEN,
        ),
    ),
    ToolSpec(
        name="browser_type",
        description="Type text into the input with the given ref (replacing its value), clicked into first as a "
        "user does (a field with something else drawn over it is refused with click_intercepted and nothing is "
        "typed; the open field of a combobox, which a click would close, is typed into as it is); on a <select>, "
        "choose the option with that label (on a multiple <select>, exactly the options named, one label per "
        "line, in any order); on a combobox whose click opens a list with the focus on its option and no field, "
        "the option's name is typed there and Enter chooses it, as a person does (a name no option has chooses "
        "nothing, closes the list, and fails with not_typable; several names, one a line, are each clicked in the "
        "list, which is then closed); on a box that opens a list of options on a click "
        "and takes no text (aria-haspopup listbox, with a read-only field or none), the box is clicked, then the "
        "option named (one name a line where the list takes several; those chosen already are left so), and a "
        "name the list does not have closes it again and fails with not_typable; on a combobox whose field "
        "filters the list it shows, a text that is the whole name of one option shown (in any case) is typed, then "
        "that option is clicked, as a person does, for such a field keeps no text nobody chose (an option only "
        "assistive technology is shown, which the keys are on, is taken with Enter; one in a search "
        "form is only typed into). A date, time, datetime-local, "
        "month, week, colour "
        "or range input is set to the value in its own "
        "format (2014-05-05, 13:45 or 1:45 PM, 2014-05-05T13:45, 2014-05, 2014-W19, #1e90ff, 50), with the "
        "events of a user's edit; a range value is snapped to its step and clamped to its min and max, as its "
        "slider would; a value the input cannot hold (2014-02-30, a colour name), or a date or time outside its "
        "min, max or step, fails with invalid_value and changes nothing. A slider the page draws (role slider, "
        "no input) takes a number from its min to its max: it is clicked, then moved by its own keys (Home, End, "
        "the arrows, one at a time) as a person moves it, until it holds the number; one its keys do not move, "
        "or whose steps miss the number, fails with type_mismatch and says what it holds. What the element then "
        "holds is read back: if it is not the text asked for, the call fails with type_mismatch and says what "
        "is there; a field that completes the text in place (it holds the text and, selected after it, the rest of a "
        "suggestion, as a person sees it) took it, and the answer's value is what it holds. An editor (not a field) "
        "that rewrote the keys as they came (a code editor closing brackets and quotes, indenting new lines) gets "
        "the text pasted instead, as a person would put it in (Control+A, then Control+V with the text; neither the "
        "session's clipboard nor the user's is touched), and it is read back again (pasted says so).",
        schema=arguments(
            {"ref": REF, "text": {"type": "string", "maxLength": 20000}, "see": SEE}, required=("ref", "text")
        ),
        read_only=False,
        blocked_by_dialog=True,
        result_fields=(
            *ELEMENT,
            ResultField(
                "value",
                "What the element holds after typing, read back (a multiple <select>: the chosen labels as a JSON "
                "array, in the page's order); absent for a password field.",
            ),
            ResultField(
                "password",
                "True for a password field, whose value is never echoed: type=password, or one in disguise "
                "(autocomplete current-password, new-password or one-time-code, masked by CSS, or named password, "
                "PIN or CVV: docs/user-control.md lists them).",
            ),
            ResultField(
                "pasted",
                "Present (true) when the keys did not land as typed in an editor that rewrites them (a code editor "
                "closing brackets, indenting new lines) and the text went in as a paste instead, then read back.",
            ),
            *TRUSTED_INPUT,
            NAVIGATED,
            REQUESTS,
            *DIALOG_OPENED,
            NOTICE_FIELD,
            *SEEN,
        ),
    ),
    ToolSpec(
        name="browser_fill_form",
        description="Fill several fields of a form in one call, in the order given: each text field, textarea, "
        "<select>, date, time, number or range input, and each slider the page draws, is set exactly as "
        "browser_type sets it (the same value formats, read back); a checkbox, radio button, switch or toggle "
        'button (aria-pressed) takes "true" (checked, pressed) or "false" '
        "(unchecked) and is clicked only when it is not so already. The first field that fails stops the call: "
        "the error has browser_type's code, names that field, the fields set before it (they keep their new values) "
        "and those not tried. Once every field is set, each is read again: one the page changed afterwards (as the "
        "focus left it, or as a later field was set) fails the call with type_mismatch, saying what it held and what "
        "it holds (the others keep their values); one changed only in form (its letters and digits begin as they "
        'did: "1000" written out as "1,000.00") is told in adjusted. Nothing is submitted: click the form\'s '
        "button afterwards.",
        schema=arguments(
            {
                "fields": {
                    "type": "array",
                    "minItems": 1,
                    "maxItems": FILL_FORM_MAX_FIELDS,
                    "items": arguments(
                        {
                            "ref": REF,
                            "value": {
                                "type": "string",
                                "maxLength": 20000,
                                "description": 'The text or option label, as browser_type takes it; "true" or '
                                '"false" for a checkbox, radio button or switch.',
                            },
                        },
                        required=("ref", "value"),
                    ),
                },
                "see": SEE,
            },
            required=("fields",),
        ),
        read_only=False,
        blocked_by_dialog=True,
        result_fields=(
            ResultField("ok", "Always true on success: every field was set and read back as asked."),
            ResultField("filled", "How many fields were set (all of them)."),
            ResultField(
                "adjusted",
                "Present when some fields hold their value in another form than it was given (a range snapped to its "
                "step, an option label in another case, an amount the page wrote out as money once the focus left "
                "it): [{ref, value}] of those, as read back; never a password's.",
            ),
            NAVIGATED,
            *DIALOG_OPENED,
            NOTICE_FIELD,
            *SEEN,
        ),
    ),
    ToolSpec(
        name="browser_press",
        description="Press a key (Enter, Escape, Tab, ArrowDown, …) in the focused element. Control+C, Control+X "
        "and Control+V (or Meta+…, Control+Insert, Shift+Delete, Shift+Insert) copy, cut and paste through a "
        "clipboard private to this session, never the user's own.",
        schema=arguments(
            {"key": {"type": "string", "minLength": 1, "maxLength": 32}, **DIALOG_ANSWER, "see": SEE},
            required=("key",),
        ),
        read_only=False,
        destructive=True,
        blocked_by_dialog=True,
        result_fields=(
            ResultField("ok", "Always true on success."),
            ResultField("key", "The key as given."),
            ResultField("target", "{role, name} of the element that had the focus.", EXTENSION_ONLY),
            ResultField(
                "action",
                "What the key did: submit, click, insert, delete, focus, select, select_all, scroll, none; "
                "close_request: Escape asked the page to close its newest open dialog, popover or close watcher, as "
                "a real Escape does (the snapshot shows what closed).",
                EXTENSION_ONLY,
            ),
            ResultField("prevented", "True when the page cancelled the key's default action.", EXTENSION_ONLY),
            ResultField(
                "clipboard",
                "A copy or cut: {copied: length, text} (the first 200 characters); in a password or payment field "
                "{copied: false, password: true}: nothing leaves it, the session's clipboard keeps what it held; a "
                "paste: {pasted: length} (0: nothing took it). With action copy, cut or paste on both lanes.",
            ),
            *TRUSTED_INPUT,
            NAVIGATED,
            REQUESTS,
            *FOLLOWED_TABS,
            DIALOG_ANSWERED,
            *DIALOG_OPENED,
            NOTICE_FIELD,
            *SEEN,
        ),
    ),
    ToolSpec(
        name="browser_scroll",
        description="Scroll the page, or the box around the element with the given ref: by pages up or down, or to "
        "the top or bottom. With a ref and no direction, scroll that element into view.",
        schema=arguments(
            {
                "direction": {"type": "string", "enum": ["up", "down", "top", "bottom"]},
                "ref": REF,
                "pages": {
                    "type": "number",
                    "minimum": 0.1,
                    "maximum": 100,
                    "description": "How far up or down, in screens of the page or box (default 1).",
                },
                "see": SEE,
            }
        ),
        read_only=False,
        blocked_by_dialog=True,
        result_fields=(
            ResultField("ok", "Always true on success."),
            ResultField("direction", "The direction as given (absent when a ref alone was scrolled into view)."),
            ResultField("scrolled", "How far the page or box moved, in CSS pixels (negative: up)."),
            ResultField("position", "The scroll offset afterwards, in CSS pixels."),
            ResultField("max", "The largest scroll offset."),
            ResultField("atStart", "True at the top."),
            ResultField("atEnd", "True at the bottom."),
            ResultField("target", '"page", or the role of the element that scrolled.'),
            ResultField("ref", "The ref as given, when one was."),
            ResultField("scrolledRef", "The ref of the element that actually scrolled, if not the one given."),
            ResultField(
                "cancelled",
                "True when the page cancelled the wheel over the element (as some lists do at their end), so nothing "
                "scrolled, as nothing does for a person's wheel there.",
            ),
            NOTICE_FIELD,
            *SEEN,
        ),
    ),
)

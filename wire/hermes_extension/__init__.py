"""Where the Hermes Chrome extension's files are, in a checkout or in an installed wheel.

In a checkout the extension is the top-level ``extension/`` folder, the one a user picks with "Load
unpacked".  A wheel carries the same folder as package data, at ``hermes_extension/unpacked/`` (the
build maps it there; Chrome refuses a folder holding Python files, so this package cannot live inside
it).  ``engine/`` holds the snapshot engine, which the extension injects into pages and the cdp lane
injects into the frames of the Chromium it drives: both read the very same files.
This package imports nothing of ours.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
#: Inside an installed wheel.
_INSTALLED = _PACKAGE / "unpacked"
#: In a checkout (this file is ``wire/hermes_extension/__init__.py``), editable installs included.
_CHECKOUT = _PACKAGE.parents[1] / "extension"

#: The engine's files, relative to the extension's folder, in injection order (each defines what the next ones use).
ENGINE_FILES: tuple[str, ...] = (
    "engine/core.js",
    "engine/dom.js",
    "engine/fields.js",
    "engine/words.js",
    "engine/refs.js",
    "engine/roles.js",
    "engine/names.js",
    "engine/twins.js",
    "engine/states.js",
    "engine/frames.js",
    "engine/tree.js",
    "engine/render.js",
    "engine/snapshot.js",
    "engine/outline.js",
    "engine/images.js",
    "engine/scroll.js",
    "engine/landing.js",
    "engine/gesture.js",
    "engine/hover.js",
    "engine/focus.js",
    "engine/date_fields.js",
    "engine/guard.js",
    "engine/select.js",
    "engine/pointer.js",
    "engine/drag.js",
    "engine/focus_order.js",
    "engine/keyboard.js",
    "engine/values.js",
    "engine/segments.js",
    "engine/typing.js",
    "engine/paste_typing.js",
    "engine/type_ahead.js",
    "engine/list_choice.js",
    "engine/api.js",
)


def extension_dir() -> Path:
    """The unpacked extension folder on disk (what ``chrome://extensions`` → Load unpacked wants).

    A wheel's copy wins when there is one, so an installed product never reads a stray checkout.
    """
    if (_INSTALLED / "manifest.json").is_file():
        return _INSTALLED
    return _CHECKOUT


def _joined(names: tuple[str, ...]) -> str:
    """The extension's files ``names``, in that order, as one script."""
    folder = extension_dir()
    return "\n".join((folder / name).read_text(encoding="utf-8") for name in names)


def engine_source() -> str:
    """The snapshot engine as one script, for injection over CDP."""
    return _joined(ENGINE_FILES)


#: The engine's hooks in the page's own world (run at document_start, before the page's scripts): one notes which
#: elements have click listeners, for the snapshot (``engine/tree.js``); one keeps custom elements' ElementInternals,
#: whose role and states the snapshot reads (``engine/roles.js``, ``ariaOf``); one announces the requests the page
#: starts and ends, for the quiet period after an action (``engine/dom.js``, ``settle``); one announces the file
#: choosers the page opens, for browser_file_upload without ref (``engine/dom.js``, ``watch``). The manifest lists
#: them as MAIN-world content scripts; the cdp lane registers them, as one script, for every new document.
PAGE_HOOK_FILES: tuple[str, ...] = (
    "page/click_listeners.js",
    "page/element_internals.js",
    "page/requests.js",
    "page/file_choosers.js",
)


def page_hook_source() -> str:
    """The engine's page-world hooks as one script, for injection over CDP."""
    return _joined(PAGE_HOOK_FILES)

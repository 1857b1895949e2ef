"""The Hermes Chrome extension, shipped as package data so that a wheel carries it.

``unpacked/`` is the folder a user loads with "Load unpacked"; ``unpacked/engine/`` holds the
snapshot engine, which the extension injects into pages and the cdp lane injects into the frames
of the Chromium it drives.  Both read the very same files, from a checkout or an installed wheel.
This package imports nothing of ours.
"""

from __future__ import annotations

from importlib.resources import as_file, files
from pathlib import Path

#: The engine's files, relative to ``unpacked/``, in injection order (each defines what the next ones use).
ENGINE_FILES: tuple[str, ...] = (
    "engine/core.js",
    "engine/dom.js",
    "engine/refs.js",
    "engine/roles.js",
    "engine/names.js",
    "engine/states.js",
    "engine/frames.js",
    "engine/tree.js",
    "engine/render.js",
    "engine/snapshot.js",
    "engine/scroll.js",
    "engine/pointer.js",
    "engine/fields.js",
    "engine/keyboard.js",
    "engine/typing.js",
    "engine/api.js",
)


def extension_dir() -> Path:
    """The unpacked extension folder on disk (what ``chrome://extensions`` → Load unpacked wants)."""
    with as_file(files(__name__) / "unpacked") as folder:
        return Path(folder)


def engine_source() -> str:
    """The snapshot engine as one script, for injection over CDP."""
    engine = files(__name__) / "unpacked"
    return "\n".join((engine / name).read_text(encoding="utf-8") for name in ENGINE_FILES)


#: The engine's hooks in the page's own world (run at document_start, before the page's scripts): one notes which
#: elements have click listeners, for the snapshot (``engine/tree.js``); one announces the requests the page
#: starts and ends, for the quiet period after an action (``engine/dom.js``, ``settle``). The manifest lists them
#: as MAIN-world content scripts; the cdp lane registers them, as one script, for every new document.
PAGE_HOOK_FILES: tuple[str, ...] = ("page/click_listeners.js", "page/requests.js")


def page_hook_source() -> str:
    """The engine's page-world hooks as one script, for injection over CDP."""
    page = files(__name__) / "unpacked"
    return "\n".join((page / name).read_text(encoding="utf-8") for name in PAGE_HOOK_FILES)

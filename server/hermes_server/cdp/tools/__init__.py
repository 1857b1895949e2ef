"""The cdp lane's tools: one handler per tool that ``hermes_wire.tools`` declares for the lane, in one table.

The table is ``HANDLERS`` (``table``): each handler registers itself there with
``@handles("browser_click")``, and a test checks that the table covers exactly
``tools_for_lane(CDP_LANE)``.  What every call shares (the timeout, refusing tools that a dialog
blocks, turning errors into a ``ToolOutcome``, the browser-restart notice) is done once, around the
handler, by ``CDPBackend.run``.

The ten extension tools take the same arguments and give the same results as on the
extension lane, with the same snapshot engine (``engine``); clicks and typing are real input
events (``Input.dispatchMouseEvent`` / ``Input.insertText`` / key events) at the element's
position.  Two tools exist on this lane only: ``browser_dialog`` and ``browser_cdp``.

Modules:

``table``         ``HANDLERS``, ``handles``, and ``Browsing``: one session's hold on its browser.
``acting``        what an action shares: a dialog it opens (``DialogOpened``), the document it loads, what it caused.
``opened_tabs``   the tabs an action opens, and the tab it closes.
``input_events``  real mouse and key events, sent as a hand gives them.
``navigate``      browser_navigate, browser_back, browser_forward, browser_reload.
``reading``       browser_snapshot, browser_find, browser_get_images, browser_screenshot.
``pointer``       browser_click, browser_drag, browser_scroll.
``keyboard``      browser_type, browser_press.
``forms``         browser_fill_form (each field by browser_type's or browser_click's own path).
``downloads``     browser_downloads, browser_read_download (the records; the router reads the files).
``tabs``          browser_tabs, browser_tab_activate.
``uploads``       browser_file_upload.
``lane_only``     browser_dialog, browser_cdp.

Importing this package imports every tool module, so that every handler is in ``HANDLERS``.
"""

from __future__ import annotations

from hermes_server.cdp.tools import downloads, forms, keyboard, lane_only, navigate, pointer, reading, tabs, uploads
from hermes_server.cdp.tools.acting import DialogOpened, dialog_opened_result
from hermes_server.cdp.tools.table import HANDLERS, Browsing, ChannelCheck, handles

# With the tool modules, imported for their handlers (each fills HANDLERS as it is imported).
__all__ = [
    "HANDLERS",
    "Browsing",
    "ChannelCheck",
    "DialogOpened",
    "dialog_opened_result",
    "downloads",
    "forms",
    "handles",
    "keyboard",
    "lane_only",
    "navigate",
    "pointer",
    "reading",
    "tabs",
    "uploads",
]

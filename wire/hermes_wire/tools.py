"""The browser tools an agent can call: every tool is declared once, and ``TOOLS`` holds them all.

The declarations live by family in ``tools_reading`` (the page read), ``tools_acting`` (the page acted on) and
``tools_browsing`` (history, tabs, files, screenshots); what they share in ``tool_spec`` (the types, lanes and
limits) and ``tool_fields`` (the ref argument, ``see``, and the result keys that recur).

A ``ToolSpec`` holds everything any part of Hermes needs about a tool: its name,
description, JSON-schema for arguments, its read-only / destructive hints, the lanes
that can serve it, whether an open JavaScript dialog blocks it, and the shape of its
result.  From these declarations come the controller allowlist (``controller``), the
HTTP and MCP tool lists, the cdp lane's handler table (which must cover exactly the
cdp tools), the extension's ``background/contract.js`` (generated, checked by a test) and the
agent's tool reference ``docs/tools.md`` (also from ``result_fields``; ``hermes_server.agents.reference``).
Arguments are checked against the schema here, before anything is routed to a browser.  A tool
that bypasses the guards the others keep (``browser_cdp``) names the configuration key that turns
it on (``switched_on_by``): until that key is true, no list shows it and no call reaches it.

Result shapes (``ToolSpec.result_kind``), so every surface renders a result the same way:

``"json"``      any JSON value (most tools return an object).
``"snapshot"``  ``{"snapshot": "<accessibility-tree text>", ...}``; further keys (say
                ``pending_dialogs`` or ``frame_tree`` on the CDP lane) are metadata.
``"image"``     ``{"mime_type": "image/png", "data": "<base64 of the image bytes>"}``.

The schemas use a small subset of JSON Schema (object / string / integer / number
/ boolean, ``required``, ``enum``, ``pattern``, length and range bounds, and
``additionalProperties: false``); ``ToolSpec.validate`` checks exactly that subset
(``hermes_wire.tool_schema``; so does the extension's copy), and a test keeps the declarations inside it.
"""

from __future__ import annotations

from collections.abc import Collection

from hermes_wire.tool_spec import ToolSpec
from hermes_wire.tools_acting import ACTION_TOOLS
from hermes_wire.tools_browsing import BROWSING_TOOLS
from hermes_wire.tools_reading import PAGE_TOOLS

TOOLS: dict[str, ToolSpec] = {spec.name: spec for spec in (*PAGE_TOOLS, *ACTION_TOOLS, *BROWSING_TOOLS)}


#: Every configuration key that turns a tool on (``ToolSpec.switched_on_by``).
TOOL_SWITCHES = frozenset(spec.switched_on_by for spec in TOOLS.values() if spec.switched_on_by is not None)


def tools_for_lane(lane: str, switched_on: Collection[str] = frozenset()) -> list[ToolSpec]:
    """The tools a session on ``lane`` is served, in declaration order.

    ``switched_on`` holds the configuration keys that are true: a tool whose ``switched_on_by`` is not
    among them is left out, so by default no tool that bypasses the guards is listed or served.
    """
    return [
        spec
        for spec in TOOLS.values()
        if lane in spec.lanes and (spec.switched_on_by is None or spec.switched_on_by in switched_on)
    ]

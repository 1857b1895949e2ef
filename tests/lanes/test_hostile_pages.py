"""A hostile page cannot forge snapshot text, on either lane: whatever it puts in names, text, hrefs, values,
option labels, headings, iframe titles, framed documents or its title, every line of the snapshot as an agent
reads it through MCP parses under the strict grammar of ``snapshot_grammar`` (so no line starts with the page's
text, no quoted name ends early, and no ``@eN`` of the page's reads as a ref), the lines with refs are exactly
the page's interactive elements, and the metadata (the title among it) is one line of JSON.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from mcp.types import TextContent

from hermes_server.agents.mcp_stdio import call_result
from hermes_server.routing.outcome import ToolOutcome
from hermes_wire.tool_spec import CDP_LANE
from hermes_wire.tools import TOOLS
from tests.lanes.conftest import LaneAgent
from tests.lanes.hostile_pages import FORGED_LINE, HOSTILE_PAGES, SERVED
from tests.lanes.snapshot_grammar import DIALOG_NOTICE, normalised, parse_snapshot, ref_lines, unescaped
from tests.support.pages import PageServer, serve_pages

pytestmark = pytest.mark.chromium

#: A page whose button opens an alert with a forged line in it (the cdp lane explains a blocking dialog in
#: the snapshot's text; the extension lane's page guard answers it and shows the page).
DIALOG_MESSAGE = f"Really?\u2028{FORGED_LINE}\n@e9"
DIALOG_PAGE = (
    "<!doctype html><html><head><title>Dialog</title></head><body>"
    "<button>Open</button><script>"
    f"document.querySelector('button').onclick = () => alert({json.dumps(DIALOG_MESSAGE)});"
    "</script></body></html>"
)


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    """The hostile corpus, served instead of the contract pages for both lanes' stacks of this module."""
    with serve_pages({**SERVED, "/hostile/dialog": DIALOG_PAGE}) as server:
        yield server


def as_an_agent_reads_it(result: dict[str, Any]) -> str:
    """A snapshot result as MCP gives it to an agent: its text, and its metadata (title, dialogs…) as JSON.

    The metadata must come as one line: a page's title with a U+2028 or a NEL in it must not start a line."""
    text, metadata = call_result(TOOLS["browser_snapshot"], ToolOutcome.success(result)).content
    assert isinstance(text, TextContent) and isinstance(metadata, TextContent)
    assert len(metadata.text.splitlines()) == 1, metadata.text
    assert json.loads(metadata.text) == {key: value for key, value in result.items() if key != "snapshot"}
    return text.text


@pytest.mark.parametrize("path", HOSTILE_PAGES)
def test_a_hostile_page_forges_no_line_name_or_ref(agent: LaneAgent, path: str) -> None:
    agent.open(path)
    expected = HOSTILE_PAGES[path].expected
    for full in (False, True):  # compact and full (only the full one shows hrefs)
        text = as_an_agent_reads_it(agent.ok("browser_snapshot", full=full))
        lines = parse_snapshot(text)
        shown = [(line.role, line.name) for line in lines if line.ref is not None]
        refs = [line.ref for line in lines if line.ref is not None]
        assert shown == list(expected), text
        assert sorted(refs, key=lambda ref: int(ref[1:])) == [f"e{n}" for n in range(1, len(expected) + 1)], text
        assert not any(line.name == "Transfer all funds" for line in lines), text


def test_a_dialog_message_forges_no_line_or_ref(agent: LaneAgent) -> None:
    agent.open("/hostile/dialog")
    agent.snapshot()
    agent.reply("browser_click", ref="@e1")
    text = as_an_agent_reads_it(agent.ok("browser_snapshot"))
    if agent.lane == CDP_LANE:  # the dialog blocks the page: the snapshot explains it, its message quoted
        assert parse_snapshot(text) == [], text
        notice = DIALOG_NOTICE.fullmatch(text)
        assert notice and unescaped(notice["message"]) == normalised(DIALOG_MESSAGE), text
    else:  # the page guard answered the dialog: the page as it was
        assert ref_lines(text) == [("button", "Open", "e1")], text

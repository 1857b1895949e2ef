"""The cdp lane's snapshot carries only fresh console errors, on real headless Chromium (issue 12): those since the
tab's previous snapshot, from the document it shows now, the first few of a bounded length, and a count of the
rest."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from hermes_server.cdp.console import CONSOLE_ERRORS_SHOWN, CONSOLE_TEXT_MAX
from tests.server.cdp.chromium_stack import Agent
from tests.support.pages import PageServer, serve_pages

pytestmark = [pytest.mark.asyncio(loop_scope="module"), pytest.mark.chromium]

#: Eight errors while loading, the first one longer than the cap, then one more on a click.
NOISY = """<!doctype html><html><head><title>Noisy</title></head><body>
<button onclick="console.error('after the click')">Fail again</button>
<script>
console.error("first " + "x".repeat(2000));
for (let n = 2; n <= 7; n++) console.error("error " + n);
setTimeout(() => { throw new TypeError("thrown late"); });
</script></body></html>"""
QUIET = "<!doctype html><html><head><title>Quiet</title></head><body><p>Nothing wrong here.</p></body></html>"


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_pages({"/noisy": NOISY, "/quiet": QUIET}) as server:
        yield server


async def test_errors_since_the_previous_snapshot_of_this_document_only(agent: Agent, pages: PageServer) -> None:
    await agent.call("browser_navigate", url=pages.url("/noisy"))
    # a timer set now runs after the page's throwing one; Chromium reports the exception before this answer
    await agent.evaluate("new Promise(done => setTimeout(done))")
    first = await agent.call("browser_snapshot")
    shown = first["console_errors"]
    assert len(shown) == CONSOLE_ERRORS_SHOWN and first["console_errors_more"] == 3  # errors 6, 7 and the throw
    assert shown[0]["text"].startswith("first xxx") and len(shown[0]["text"]) == CONSOLE_TEXT_MAX
    assert [e["text"] for e in shown[1:]] == ["error 2", "error 3", "error 4", "error 5"]
    # the next snapshot has nothing old to say; an error after it is news
    again = await agent.call("browser_snapshot")
    assert "console_errors" not in again and "console_errors_more" not in again
    await agent.call("browser_click", ref=agent.ref_of(again["snapshot"], 'button "Fail again"'))
    await agent.until(lambda: agent.supervisor.state.console.errors or None)
    clicked = await agent.call("browser_snapshot")
    assert [e["text"] for e in clicked["console_errors"]] == ["after the click"]
    # another document: the errors the old one logged before the navigation are not its news
    await agent.evaluate("console.error('left behind'); 0")
    await agent.call("browser_navigate", url=pages.url("/quiet"))
    quiet = await agent.call("browser_snapshot")
    assert "console_errors" not in quiet, quiet["console_errors"]

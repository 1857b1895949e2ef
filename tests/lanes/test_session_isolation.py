"""What the cdp lane's sessions share in the Chromium the server launches (``browser.isolate_sessions``).

By default each session has a browser context of its own: a cookie one session's page sets is not there for the
next. With ``browser.isolate_sessions: false`` the sessions share the browser's default context: the cookie (a
login) carries over, yet each session lists and closes only its own tabs and the tabs those opened. The
judge is the page itself: the cookie it reads, and the WebSocket each page holds to the page server, which ends
when its tab goes (a beacon at pagehide would be lost with a browser context disposed of before it is sent).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.browser_stack import ServerStack, cdp_stack
from tests.support.pages import PageServer, serve_pages
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium

#: Each page holds a WebSocket to the page server, which sees it end when the tab goes: how the test sees a tab closed.
GONE = "<script>new WebSocket('ws://' + location.host + '/held?page=%s');</script>"
PAGES = {
    # sets the cookie, then titles itself with the cookies it reads
    "/login": "<!doctype html><title>login</title><script>document.cookie = 'who=agent-a; path=/';"
    " document.title = 'cookies:' + document.cookie;</script><a href='/popup' target='_blank'>Open the receipt</a>"
    + GONE
    % "login",
    "/read": "<!doctype html><title>read</title><script>document.title = 'cookies:' + document.cookie;</script>"
    + GONE % "read",
    "/popup": "<!doctype html><title>receipt</title><p>Receipt</p>" + GONE % "popup",
    # titles itself, at every frame it draws, with whether it is shown and how many frames it has drawn
    "/frames": "<!doctype html><title>frames</title><script>let drawn = 0; (function draw() { drawn += 1;"
    " document.title = document.visibilityState + ' ' + drawn; requestAnimationFrame(draw); })();</script>",
}


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_pages(PAGES) as server:
        yield server


@pytest.fixture(scope="module", params=[True, False], ids=["isolated", "shared"])
def stack(request: pytest.FixtureRequest, pages: PageServer) -> Iterator[ServerStack]:
    with cdp_stack(pages, isolate_sessions=request.param) as stack:
        yield stack


def test_a_sessions_tab_stays_shown_and_drawing_when_another_session_opens_its_own(stack: ServerStack) -> None:
    """A session's tab opens in a window of its own when another session's tab shows a page. Opened as tabs of one
    window, the newest hid every other: their pages drew no frames (a menu that opens with a transition stayed
    closed) and ran their timers throttled."""
    first = stack.new_session()
    second: str | None = None
    try:
        stack.ok(first, "browser_navigate", url=stack.pages.url("/frames"))
        second = stack.new_session()
        title_of(stack, second, "/read")

        def frames_drawn() -> int:
            shown, drawn = str(stack.ok(first, "browser_snapshot")["title"]).split()
            assert shown == "visible", f"the first session's page is {shown} once the second opened its tab"
            return int(drawn)

        since = frames_drawn()
        wait_until(lambda: frames_drawn() > since + 2, 10, "the first session's page to draw frames")
    finally:
        stack.close_session(first)
        if second is not None:
            stack.close_session(second)


def title_of(stack: ServerStack, session: str, path: str) -> str:
    return str(stack.ok(session, "browser_navigate", url=stack.pages.url(path))["title"])


def holding(pages: PageServer) -> set[str]:
    """The pages whose WebSocket the page server has seen open."""
    return {line.split("=", 1)[1] for line in pages.requested if line.startswith("WS /held?page=")}


def gone(pages: PageServer) -> set[str]:
    """The pages whose tab has gone (closed, or navigated away)."""
    return {line.split("=", 1)[1] for line in pages.requested if line.startswith("WS closed /held?page=")}


def test_a_cookie_one_session_sets_reaches_the_next_only_when_they_share_the_context(stack: ServerStack) -> None:
    first, second = stack.new_session(), stack.new_session()
    try:
        assert title_of(stack, first, "/login") == "cookies:who=agent-a"
        shared = stack.server.config.isolate_sessions is False
        assert title_of(stack, second, "/read") == ("cookies:who=agent-a" if shared else "cookies:")
    finally:
        stack.close_session(first)
        stack.close_session(second)


def test_each_session_lists_and_closes_only_its_own_tabs(stack: ServerStack) -> None:
    first, second = stack.new_session(), stack.new_session()
    shared = stack.server.config.isolate_sessions is False
    try:
        title_of(stack, first, "/login")
        title_of(stack, second, "/read")
        snapshot = stack.ok(first, "browser_snapshot")["snapshot"]
        link = next(line for line in snapshot.splitlines() if "Open the receipt" in line).split()[-1]
        assert len(stack.ok(first, "browser_click", ref=link)["opened"]) == 1
        assert sorted(tab["url"] for tab in stack.ok(first, "browser_tabs")) == sorted(
            [stack.pages.url("/login"), stack.pages.url("/popup")]
        )
        # a session's tab ids are its own: the other session has no id for the receipt, and lists only its page
        assert [tab["url"] for tab in stack.ok(second, "browser_tabs")] == [stack.pages.url("/read")]
        wait_until(lambda: holding(stack.pages) >= {"login", "popup", "read"}, 10, "each page's WebSocket")
        stack.pages.requested.clear()
        stack.close_session(first)  # its tab and the receipt it opened go with it, the other session's stays
        wait_until(lambda: gone(stack.pages) >= {"login", "popup"}, 10, "the first session's tabs to close")
        assert "read" not in gone(stack.pages)
        assert stack.ok(second, "browser_snapshot")["title"] == "cookies:" + ("who=agent-a" if shared else "")
    finally:
        stack.close_session(second)

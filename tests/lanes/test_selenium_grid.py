"""The cdp lane on a real Selenium Grid 4 (a hub and a Chromium node on loopback, ``tests/support/selenium_grid``).

The lane contract's core cases run here with the server's browsers from the Grid
(``browser.cloud_provider: selenium-grid``): the same calls and the same results as on the local
launcher.  Then what only a Grid has: its session is deleted when the Hermes session ends and when
the server stops; a request no node can take fails ``backend_unavailable`` at the queue bound; the
provider's watch keeps an idle session alive past its node's ``session-timeout``, and when the node
is killed mid-session it fails the call in flight at once (not at the call's deadline), and the next
one ``backend_unavailable``.  One Grid (a hub and a node) serves the whole run; the last test adds a
node of its own, and kills it.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import pytest

from hermes_server.cdp.backend import CDPBackend
from hermes_server.cdp.selenium_grid import WATCH_S, SeleniumGrid
from hermes_server.routing.lanes import ToolCall
from hermes_server.routing.outcome import ToolOutcome
from hermes_server.routing.sessions import Session
from hermes_wire.tool_spec import CDP_LANE
from hermes_wire.tools import TOOLS
from tests.conftest import scaled
from tests.lanes.test_contract import (  # the core cases, collected again here with this module's ``stack``
    test_a_click_that_changes_the_page_shows_in_the_next_snapshot,
    test_a_screenshot_is_a_png_of_the_viewport,
    test_a_stale_ref_is_refused_with_the_same_code,
    test_back_returns_to_the_previous_page,
    test_enter_in_a_text_field_submits_its_form,
    test_navigate_then_snapshot_names_every_control_with_the_same_refs,
    test_scroll_moves_the_page_down_and_back_to_the_top,
    test_the_tab_list_holds_the_controlled_page,
    test_typed_text_is_the_value_the_snapshot_shows,
    test_typing_an_option_label_selects_it,
)
from tests.support.background_loop import background_loop
from tests.support.browser_stack import SERVER_TIMEOUT_S, ServerStack
from tests.support.local_stack import running_server
from tests.support.pages import PageServer
from tests.support.selenium_grid import POOL, LocalGrid, local_grid
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium
T = TypeVar("T")

#: The contract's cases that run here (pytest collects them as this module's tests; named so that they are used).
CORE_CASES = (
    test_navigate_then_snapshot_names_every_control_with_the_same_refs,
    test_a_click_that_changes_the_page_shows_in_the_next_snapshot,
    test_typed_text_is_the_value_the_snapshot_shows,
    test_typing_an_option_label_selects_it,
    test_enter_in_a_text_field_submits_its_form,
    test_scroll_moves_the_page_down_and_back_to_the_top,
    test_back_returns_to_the_previous_page,
    test_the_tab_list_holds_the_controlled_page,
    test_a_screenshot_is_a_png_of_the_viewport,
    test_a_stale_ref_is_refused_with_the_same_code,
)
#: Long enough for any call here; a call that took it would be the hang these tests are about.
CALL_TIMEOUT_S = 60.0


@pytest.fixture(scope="session")
def selenium_grid() -> Iterator[LocalGrid]:
    """One hub and one Chromium node (two sessions) for the whole run."""
    with local_grid(nodes=1, max_sessions=2) as grid:
        yield grid


@pytest.fixture(scope="module")
def stack(selenium_grid: LocalGrid, pages: PageServer) -> Iterator[ServerStack]:
    """The server with its cdp lane's browsers from the Grid (the contract cases' ``stack``)."""
    settings = {"cloud_provider": "selenium-grid", "selenium_grid_url": selenium_grid.url, "cdp_raw_tool": True}
    with background_loop("hermes-server") as loop:
        server = loop.enter(running_server(own_chromium=True, **settings), scaled(SERVER_TIMEOUT_S))
        yield ServerStack(server, pages, loop, CDP_LANE)


def grid_backend(
    grid: LocalGrid, *, queue_timeout_s: float = 20.0, pool: str | None = None, watch_s: float = WATCH_S
) -> CDPBackend:
    extra = {POOL: pool} if pool else {}
    return CDPBackend(
        SeleniumGrid(grid.url, queue_timeout_s=queue_timeout_s, extra_capabilities=extra, watch_s=watch_s)
    )


async def timed_call(backend: CDPBackend, tool: str, session_id: str, **arguments: Any) -> tuple[ToolOutcome, float]:
    session = Session(session_id, "local", "", "cdp", 0.0)
    started = time.monotonic()
    outcome = await backend.run(ToolCall(session, TOOLS[tool], arguments, "call_1", scaled(CALL_TIMEOUT_S)))
    return outcome, time.monotonic() - started


def test_the_grid_session_is_deleted_when_the_hermes_session_ends(stack: ServerStack) -> None:
    grid_before = set(stack_grid_sessions(stack))
    session_id = stack.new_session("grid")
    stack.ok(session_id, "browser_navigate", url=stack.pages.url("/contract"))
    [created] = wait_until(lambda: set(stack_grid_sessions(stack)) - grid_before, 10, "the new Grid session")
    stack.close_session(session_id)
    wait_until(lambda: created not in stack_grid_sessions(stack), 10, "the Grid session to be deleted")


def stack_grid_sessions(stack: ServerStack) -> list[str]:
    grid_url = stack.server.config.selenium_grid_url
    assert grid_url is not None
    return LocalGrid.sessions_at(grid_url)


async def waited(check: Callable[[], T | None], timeout_s: float, what: str) -> T:
    """``wait_until`` from an async test: polled in a thread, so that the server's tasks (the watch) go on."""
    return await asyncio.to_thread(wait_until, check, timeout_s, what)


def new_sessions(grid: LocalGrid, before: set[str], count: int) -> set[str] | None:
    """The Grid's sessions not in ``before``, once there are ``count`` of them."""
    found = set(grid.session_ids()) - before
    return found if len(found) == count else None


async def test_the_server_stopping_deletes_every_grid_session(selenium_grid: LocalGrid) -> None:
    backend = grid_backend(selenium_grid)
    before = set(selenium_grid.session_ids())
    outcomes = await asyncio.gather(*(timed_call(backend, "browser_tabs", f"sess_{n}") for n in range(2)))
    assert all(outcome.ok for outcome, _ in outcomes), outcomes
    # The hub's /status shows a slot taken or freed a moment after the node did.
    created = await waited(lambda: new_sessions(selenium_grid, before, 2), 10, "the two Grid sessions")
    await backend.aclose()
    await waited(lambda: created.isdisjoint(selenium_grid.session_ids()), 10, "the Grid sessions to be deleted")


async def test_a_request_no_node_takes_fails_backend_unavailable_at_the_queue_bound(selenium_grid: LocalGrid) -> None:
    backend = grid_backend(selenium_grid, queue_timeout_s=scaled(2), pool="nowhere")
    outcome, took = await timed_call(backend, "browser_tabs", "sess_queued")
    await backend.aclose()
    assert (outcome.ok, outcome.error_code) == (False, "backend_unavailable"), outcome
    assert f"no browser within {scaled(2):g}s" in (outcome.error_message or ""), outcome.error_message
    assert took < scaled(2) + scaled(5), took


async def test_the_watch_keeps_a_session_past_its_nodes_timeout_and_fails_calls_at_once_when_the_node_dies(
    selenium_grid: LocalGrid,
) -> None:
    # A node of its own (only requests naming its pool reach it), which ends a session idle for 5 s; the watch runs
    # every second here (every 5 s by default, against the nodes' 300 s).
    node = selenium_grid.add_node(max_sessions=2, session_timeout_s=5, pool="doomed")
    # The queue bound covers the node starting its Chromium too: seconds on a loaded machine (the bench's first
    # navigate: 6.5 s at its median with four sessions).
    queue_s = scaled(15)
    backend = grid_backend(selenium_grid, queue_timeout_s=queue_s, pool="doomed", watch_s=1)
    unwatched = SeleniumGrid(selenium_grid.url, queue_timeout_s=scaled(20), extra_capabilities={POOL: "doomed"})
    try:
        before = set(selenium_grid.session_ids())
        opened, _ = await timed_call(backend, "browser_navigate", "sess_doomed", url="about:blank")
        assert opened.ok, opened.error_message
        [watched] = await waited(lambda: new_sessions(selenium_grid, before, 1), 10, "the session's Grid session")
        # A session no watch keeps alive, beside it: the node ending it shows that its session-timeout went by.
        control = await unwatched.new_session()
        await waited(lambda: control.id not in selenium_grid.session_ids(), 60, "the node to end the idle session")
        assert watched in selenium_grid.session_ids()
        still, _ = await timed_call(backend, "browser_snapshot", "sess_doomed")
        assert still.ok and not still.result.get("notice"), still  # the same browser, not a new one

        selenium_grid.kill_node(node)
        in_flight, took = await timed_call(backend, "browser_snapshot", "sess_doomed")
        # Sent on the socket the Grid keeps open: the provider's watch notices the node is gone.
        assert (in_flight.ok, in_flight.error_code) == (False, "controller_disconnected"), in_flight
        assert took < scaled(5), took
        after, took = await timed_call(backend, "browser_snapshot", "sess_doomed")
        assert (after.ok, after.error_code) == (False, "backend_unavailable"), after
        assert "Selenium Grid" in (after.error_message or "") and took < queue_s + scaled(5), (after, took)
    finally:
        selenium_grid.kill_node(node)
        await backend.aclose()
        await unwatched.aclose()
        # The hub must route no other request to the dead node: wait until its health check has seen it.
        await waited(lambda: selenium_grid.node_states().get(node.uri) != "UP", 15, "the hub to see the node dead")

"""The rest of the supervisor's state, with no I/O: engine worlds, lifecycle, crashes, console, tab numbers.

Dialogs are in ``test_dialogs``, frames in ``test_frames``; the events are built in ``state_events``.
"""

from __future__ import annotations

from hermes_server.cdp.console import CONSOLE_ERRORS_SHOWN, CONSOLE_TEXT_MAX
from hermes_server.cdp.dialogs import MUST_RESPOND
from hermes_server.cdp.events import CDPEvent
from hermes_server.cdp.state import SupervisorState, TabCrashed
from tests.server.cdp.state_events import (
    PAGE,
    TAB,
    child_attached,
    dialog_opening,
    frame_attached,
    navigated,
    state_with_tab,
)


def test_engine_world_contexts_are_tracked_per_frame_until_destroyed() -> None:
    state = state_with_tab(engine_world="hermes-snapshot")

    def created(context_id: int, name: str, frame: str, session: str = PAGE) -> CDPEvent:
        return CDPEvent(
            "Runtime.executionContextCreated",
            {"context": {"id": context_id, "name": name, "auxData": {"frameId": frame, "isDefault": not name}}},
            session,
        )

    state.feed(created(2, "hermes-snapshot", TAB), 1.0)
    state.feed(created(1, "", TAB), 1.0)  # the page's own main world
    state.feed(created(5, "other-world", TAB), 1.0)
    assert state.worlds.context(PAGE, TAB) == 2
    state.feed(CDPEvent("Runtime.executionContextDestroyed", {"executionContextId": 2}, PAGE), 2.0)
    assert state.worlds.context(PAGE, TAB) is None
    state.feed(created(3, "hermes-snapshot", TAB), 3.0)
    state.feed(CDPEvent("Runtime.executionContextsCleared", {}, PAGE), 4.0)
    assert state.worlds.context(PAGE, TAB) is None


def test_engine_worlds_die_with_their_frame_and_their_session() -> None:
    state = state_with_tab(engine_world="hermes-snapshot")
    state.feed(frame_attached("A"), 1.0)
    state.feed(child_attached("X", "S-X"), 1.0)
    for context_id, frame, session in ((1, "A", PAGE), (2, "X", "S-X")):
        state.feed(
            CDPEvent(
                "Runtime.executionContextCreated",
                {"context": {"id": context_id, "name": "hermes-snapshot", "auxData": {"frameId": frame}}},
                session,
            ),
            1.0,
        )
    state.feed(CDPEvent("Page.frameDetached", {"frameId": "A", "reason": "remove"}, PAGE), 2.0)
    assert state.worlds.context(PAGE, "A") is None and state.worlds.context("S-X", "X") == 2
    state.feed(CDPEvent("Target.detachedFromTarget", {"sessionId": "S-X", "targetId": "X"}, PAGE), 3.0)
    assert state.worlds.context("S-X", "X") is None


def test_no_engine_world_tracks_nothing() -> None:
    state = state_with_tab()
    state.feed(
        CDPEvent(
            "Runtime.executionContextCreated", {"context": {"id": 1, "name": "", "auxData": {"frameId": TAB}}}, PAGE
        ),
        1.0,
    )
    assert state.worlds.context(PAGE, TAB) is None


def test_lifecycle_is_per_document() -> None:
    state = state_with_tab()

    def life(loader: str, name: str) -> CDPEvent:
        return CDPEvent("Page.lifecycleEvent", {"frameId": TAB, "loaderId": loader, "name": name}, PAGE)

    state.feed(life("L1", "DOMContentLoaded"), 1.0)
    state.feed(life("L1", "load"), 1.0)
    assert state.navigations.loaded(TAB, "L1", "load") and state.navigations.loaded(TAB, None, "load")
    state.feed(life("L2", "init"), 2.0)
    assert not state.navigations.loaded(TAB, "L1", "load")
    assert not state.navigations.loaded(TAB, "L2", "DOMContentLoaded")


def test_a_navigation_that_stops_without_its_document_is_dropped() -> None:
    """A 204 or a file to save: the frame stops loading with the navigation's loader never committed."""
    state = state_with_tab()

    def event(method: str, **params: str) -> CDPEvent:
        return CDPEvent(method, {"frameId": TAB, **params}, PAGE)

    state.feed(event("Page.lifecycleEvent", loaderId="L1", name="init"), 1.0)
    state.feed(event("Page.frameStartedNavigating", loaderId="L2", navigationType="differentDocument"), 2.0)
    state.feed(event("Page.frameStoppedLoading"), 2.0)
    assert state.navigations.dropped(TAB) == 1 and state.navigations.loader(TAB) == "L1"
    # one that commits is not dropped, nor is a navigation within the document, nor a stop with none started
    state.feed(event("Page.frameStartedNavigating", loaderId="L3", navigationType="differentDocument"), 3.0)
    state.feed(event("Page.lifecycleEvent", loaderId="L3", name="init"), 3.0)
    state.feed(event("Page.frameStoppedLoading"), 3.0)
    state.feed(event("Page.frameStartedNavigating", loaderId="L3", navigationType="sameDocument"), 4.0)
    state.feed(event("Page.frameStoppedLoading"), 4.0)
    state.feed(event("Page.frameStoppedLoading"), 5.0)
    assert state.navigations.dropped(TAB) == 1


def test_navigations_are_counted_per_frame_and_forgotten_with_it() -> None:
    state = state_with_tab()
    state.feed(frame_attached("A"), 1.0)
    state.feed(navigated("A", "https://example.com/a", PAGE, parent=TAB), 1.0)
    state.feed(navigated("A", "https://example.com/b", PAGE, parent=TAB), 1.0)
    assert (state.navigations.commits(TAB), state.navigations.commits("A")) == (1, 2)
    state.feed(CDPEvent("Page.frameDetached", {"frameId": "A", "reason": "remove"}, PAGE), 2.0)
    assert state.navigations.commits("A") == 0


def test_a_crashed_tab_is_marked_until_it_navigates_again() -> None:
    state = state_with_tab()
    state.feed(child_attached("X", "S-X"), 1.0)
    effects = state.feed(CDPEvent("Inspector.targetCrashed", {}, PAGE), 2.0)
    assert state.targets.is_crashed(TAB)
    # What waits on the tab, its out-of-process iframes included, will never be answered: fail it at once.
    assert effects == [TabCrashed(TAB, frozenset({PAGE, "S-X"}))]
    state.feed(navigated(TAB, "https://example.com/", PAGE), 3.0)
    assert not state.targets.is_crashed(TAB)


def test_a_crashed_oopif_does_not_mark_its_tab() -> None:
    state = state_with_tab()
    state.feed(child_attached("X", "S-X"), 1.0)
    assert state.feed(CDPEvent("Inspector.targetCrashed", {}, "S-X"), 2.0) == []
    assert not state.targets.is_crashed(TAB)


def console_error(text: str, session: str = PAGE) -> CDPEvent:
    return CDPEvent("Runtime.consoleAPICalled", {"type": "error", "args": [{"value": text}]}, session)


def test_a_snapshot_shows_the_first_console_errors_since_the_last_one_and_counts_the_rest() -> None:
    state = state_with_tab()
    state.feed(CDPEvent("Runtime.consoleAPICalled", {"type": "log", "args": [{"value": "fine"}]}, PAGE), 1.0)
    state.feed(
        CDPEvent(
            "Runtime.exceptionThrown",
            {"exceptionDetails": {"text": "Uncaught", "exception": {"description": "TypeError: x is undefined"}}},
            PAGE,
        ),
        2.0,
    )
    for n in range(CONSOLE_ERRORS_SHOWN + 2):
        state.feed(console_error(f"e{n}" + "x" * 1000), 3.0)
    state.feed(child_attached("X", "S-X"), 3.0)
    state.feed(console_error("from the framed document", "S-X"), 4.0)  # an OOPIF's errors are its tab's
    first = state.snapshot_metadata(TAB)
    shown = first["console_errors"]
    assert shown[0] == {"level": "exception", "text": "TypeError: x is undefined", "at": 2.0}
    assert [e["text"][:2] for e in shown[1:]] == ["e0", "e1", "e2", "e3"]
    assert all(len(e["text"]) == CONSOLE_TEXT_MAX and e["text"].endswith("…") for e in shown[1:])
    assert first["console_errors_more"] == 4  # e4, e5, e6 and the framed document's
    # the next snapshot shows only what came after this one
    again = state.snapshot_metadata(TAB)
    assert "console_errors" not in again and "console_errors_more" not in again
    state.feed(console_error("later"), 5.0)
    assert state.snapshot_metadata(TAB)["console_errors"] == [{"level": "error", "text": "later", "at": 5.0}]


def test_console_errors_of_a_document_the_tab_left_are_not_shown() -> None:
    state = state_with_tab()
    state.feed(console_error("old page"), 1.0)
    state.feed(navigated(TAB, "https://example.org/", PAGE), 2.0)
    state.feed(console_error("new page"), 3.0)
    assert [e["text"] for e in state.snapshot_metadata(TAB)["console_errors"]] == ["new page"]
    # a child frame's navigation is not the tab's document changing
    state.feed(console_error("still this page"), 4.0)
    state.feed(frame_attached("A"), 4.0)
    state.feed(navigated("A", "https://example.org/ad", PAGE, parent=TAB), 5.0)
    assert [e["text"] for e in state.snapshot_metadata(TAB)["console_errors"]] == ["still this page"]


def test_events_without_a_session_concern_the_browser_and_are_ignored() -> None:
    state = state_with_tab()
    assert state.feed(CDPEvent("Page.javascriptDialogOpening", {"type": "alert", "message": "?"}), 1.0) == []
    assert state.dialogs.pending == {}


def test_tab_ids_are_small_stable_integers() -> None:
    state = SupervisorState()
    assert [state.targets.tab_id("T-a"), state.targets.tab_id("T-b"), state.targets.tab_id("T-a")] == [1, 2, 1]
    assert (state.targets.target_of_tab(2), state.targets.target_of_tab(3)) == ("T-b", None)


def test_snapshot_metadata_has_exactly_the_documented_fields() -> None:
    state = state_with_tab(policy=MUST_RESPOND)
    assert set(state.snapshot_metadata(TAB)) == {"pending_dialogs", "recent_dialogs", "frame_tree"}
    assert set(state.frames.tree(TAB)) == {"top", "children", "truncated"}
    state.feed(dialog_opening(), 2.0)
    assert [d["id"] for d in state.snapshot_metadata(TAB)["pending_dialogs"]] == ["d-1"]

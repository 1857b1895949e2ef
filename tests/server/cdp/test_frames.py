"""Frames and the sessions that describe them, with no I/O: CDP events in, the frame tree and effects out."""

from __future__ import annotations

import pytest

from hermes_server.cdp.events import CDPEvent
from hermes_server.cdp.frames import FRAME_TREE_MAX_ENTRIES
from hermes_server.cdp.state import RefreshFrameTree, ReleaseChild, SetUpChild
from hermes_wire.errors import ToolError
from tests.server.cdp.state_events import (
    PAGE,
    TAB,
    child_attached,
    frame_attached,
    frame_detached,
    navigated,
    session_detached,
    state_with_tab,
)


def test_frames_attach_navigate_and_detach_with_their_subtree() -> None:
    state = state_with_tab()
    state.feed(frame_attached("A"), 1.0)
    state.feed(navigated("A", "https://example.com/a", PAGE, parent=TAB), 1.0)
    state.feed(frame_attached("B", parent="A"), 1.0)
    tree = state.frames.tree(TAB)
    assert tree["top"] == {"frame_id": TAB, "url": "https://example.com/", "origin": "https://example.com"}
    assert tree["children"] == [
        {"frame_id": "A", "url": "https://example.com/a", "is_oopif": False},
        {"frame_id": "B", "url": "", "is_oopif": False},
    ]
    state.feed(frame_detached("A"), 2.0)
    assert state.frames.tree(TAB)["children"] == [] and set(state.frames) == {TAB}


def test_a_new_document_drops_the_old_documents_frames() -> None:
    state = state_with_tab()
    state.feed(frame_attached("A"), 1.0)
    state.feed(frame_attached("B", parent="A"), 1.0)
    state.feed(child_attached("X", "S-X"), 1.0)
    assert state.feed(navigated(TAB, "https://example.com/next", PAGE), 2.0) == []
    assert state.frames.tree(TAB)["children"] == [] and set(state.frames) == {TAB}
    assert state.feed(navigated(TAB, "https://example.com/", PAGE, kind="BackForwardCacheRestore"), 3.0) == [
        RefreshFrameTree(PAGE)
    ]  # its frames come back unannounced: ask for them
    assert state.frames[TAB].restored


def test_a_same_document_navigation_changes_the_url_and_counts() -> None:
    state = state_with_tab()
    before = state.navigations.commits(TAB)
    state.feed(CDPEvent("Page.navigatedWithinDocument", {"frameId": TAB, "url": "https://example.com/#two"}, PAGE), 2.0)
    assert state.frames[TAB].url == "https://example.com/#two"
    assert state.navigations.commits(TAB) == before + 1


def test_the_frame_tree_loaded_on_attach_fills_in_only_what_events_did_not_say() -> None:
    state = state_with_tab()
    state.feed(frame_attached("A"), 1.0)
    state.frame_tree_loaded(
        PAGE,
        {
            "frame": {"id": TAB, "url": "https://stale.example/", "securityOrigin": "https://stale.example"},
            "childFrames": [{"frame": {"id": "A", "parentId": TAB, "url": "https://example.com/a"}}],
        },
    )
    assert state.frames[TAB].url == "https://example.com/"  # an event said so already
    assert state.frames["A"].url == "https://example.com/a"  # known only by id until now


def test_an_oopif_gets_its_child_session_and_survives_the_swap_detach() -> None:
    state = state_with_tab()
    state.feed(frame_attached("X"), 1.0)
    assert state.feed(child_attached("X", "S-X"), 1.0) == [SetUpChild("S-X")]
    state.feed(frame_detached("X", reason="swap"), 1.0)
    state.feed(navigated("X", "https://ads.example.net/", "S-X", parent=TAB), 1.0)
    assert state.frames.tree(TAB)["children"] == [
        {"frame_id": "X", "url": "https://ads.example.net/", "is_oopif": True, "session_id": "S-X"}
    ]
    assert state.frames.session_for("X", TAB) == "S-X"
    state.feed(session_detached("S-X", "X", via=PAGE), 2.0)
    assert state.frames.tree(TAB)["children"] == [] and "S-X" not in state.targets


def test_a_worker_attached_paused_is_let_run_and_left() -> None:
    """A page's worker waits for a debugger like every child the auto-attach gives (Taipy's uploads hung on it): it is
    released, and it is no target or frame of the lane's."""
    state = state_with_tab()
    for kind in ("worker", "shared_worker", "service_worker"):
        assert state.feed(child_attached("W", "S-W", kind=kind), 1.0) == [ReleaseChild("S-W", PAGE)]
    assert "S-W" not in state.targets and "W" not in state.frames


def test_a_child_target_of_an_unknown_session_is_ignored() -> None:
    state = state_with_tab()
    assert state.feed(child_attached("X", "S-X", parent_session="S-UNKNOWN"), 1.0) == []
    assert "S-X" not in state.targets and "X" not in state.frames


def test_a_closing_tab_takes_its_oopif_sessions_along() -> None:
    state = state_with_tab()
    state.feed(child_attached("X", "S-X"), 1.0)
    state.feed(session_detached(PAGE, TAB), 2.0)  # on the browser's own connection
    assert "S-X" not in state.targets and PAGE not in state.targets and len(state.frames) == 0


def test_a_same_process_frame_has_no_session_and_the_error_points_to_content_window() -> None:
    state = state_with_tab()
    state.feed(frame_attached("A"), 1.0)
    with pytest.raises(ToolError, match="contentWindow") as raised:
        state.frames.session_for("A", TAB)
    assert raised.value.code == "invalid_arguments"
    with pytest.raises(ToolError, match="No frame NOPE"):
        state.frames.session_for("NOPE", TAB)


def test_the_frame_tree_is_capped_at_thirty_entries() -> None:
    state = state_with_tab()
    for n in range(40):
        state.feed(frame_attached(f"F{n}"), 1.0)
    tree = state.frames.tree(TAB)
    assert len(tree["children"]) == FRAME_TREE_MAX_ENTRIES and tree["truncated"] is True
    assert len(state.frames.of_tab(TAB)) == 41  # the engine still sees every frame


def test_oopifs_deeper_than_two_levels_are_cut_and_flagged() -> None:
    state = state_with_tab()
    parent_session, parent_frame = PAGE, TAB
    for depth in (1, 2, 3):
        target = f"O{depth}"
        state.feed(child_attached(target, f"S-{target}", parent_session, parent_frame), 1.0)
        state.feed(navigated(target, f"https://d{depth}.example/", f"S-{target}", parent=parent_frame), 1.0)
        parent_session, parent_frame = f"S-{target}", target
    tree = state.frames.tree(TAB)
    assert [c["frame_id"] for c in tree["children"]] == ["O1", "O2"] and tree["truncated"] is True


def test_a_shallow_tree_is_not_truncated() -> None:
    state = state_with_tab()
    state.feed(child_attached("O1", "S-O1"), 1.0)
    assert state.frames.tree(TAB)["truncated"] is False

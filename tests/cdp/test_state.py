"""The supervisor's state transitions, with no I/O: CDP events in, state and effects out."""

from __future__ import annotations

from typing import Any

import pytest

from hermes_server.cdp import bridge
from hermes_server.cdp.connection import CDPEvent
from hermes_server.cdp.state import (
    AUTO_ACCEPT,
    AUTO_DISMISS,
    CONSOLE_ERRORS_MAX,
    FRAME_TREE_MAX_ENTRIES,
    MUST_RESPOND,
    RECENT_DIALOGS_MAX,
    AnswerDialog,
    ArmWatchdog,
    ContinueRequest,
    RefreshFrameTree,
    SetUpChild,
    SupervisorState,
)
from hermes_wire.errors import ToolError

TAB, PAGE = "TAB1", "S-PAGE"


def state_with_tab(**settings: Any) -> SupervisorState:
    state = SupervisorState(**settings)
    state.tab_attached(PAGE, TAB)
    state.feed(navigated(TAB, "https://example.com/", PAGE), 1.0)
    return state


def navigated(frame_id: str, url: str, session: str, parent: str | None = None, kind: str = "Navigation") -> CDPEvent:
    frame = {"id": frame_id, "url": url, "securityOrigin": url.rstrip("/"), "loaderId": "L-" + frame_id}
    if parent:
        frame["parentId"] = parent
    return CDPEvent("Page.frameNavigated", {"frame": frame, "type": kind}, session)


def dialog_opening(kind: str = "confirm", message: str = "Sure?", session: str = PAGE, frame: str = TAB) -> CDPEvent:
    return CDPEvent("Page.javascriptDialogOpening",
                    {"type": kind, "message": message, "defaultPrompt": "dflt", "frameId": frame}, session)


def child_attached(target: str, child_session: str, parent_session: str = PAGE, parent_frame: str = TAB) -> CDPEvent:
    return CDPEvent("Target.attachedToTarget", {
        "sessionId": child_session, "waitingForDebugger": True,
        "targetInfo": {"targetId": target, "type": "iframe", "url": "", "parentFrameId": parent_frame},
    }, parent_session)


# ----- dialogs -----------------------------------------------------------------------------------------


def test_must_respond_keeps_the_dialog_pending_and_arms_the_watchdog() -> None:
    state = state_with_tab(dialog_timeout_s=42.0)
    effects = state.feed(dialog_opening(), 10.0)
    assert effects == [ArmWatchdog("d-1", 42.0)]
    assert [d.as_json() for d in state.pending_on(TAB)] == [
        {"id": "d-1", "type": "confirm", "message": "Sure?", "opened_at": 10.0}
    ]
    assert state.dialogs_opened == 1 and list(state.recent) == []


@pytest.mark.parametrize(("policy", "accept"), [(AUTO_DISMISS, False), (AUTO_ACCEPT, True)])
def test_auto_policies_answer_at_once_and_record_auto_policy(policy: str, accept: bool) -> None:
    state = state_with_tab(policy=policy)
    [effect] = state.feed(dialog_opening("prompt", "Name?"), 10.0)
    assert isinstance(effect, AnswerDialog)
    # Accepting a prompt returns its default text, as a user pressing OK without typing gets.
    assert (effect.accept, effect.prompt_text, effect.dialog.cdp_session_id) == (accept, "dflt" if accept else "", PAGE)
    assert state.pending == {} and state.dialogs_opened == 0
    assert [r.as_json()["closed_by"] for r in state.recent] == ["auto_policy"]


def test_a_dialog_closed_by_the_browser_is_recorded_as_remote() -> None:
    state = state_with_tab()
    state.feed(dialog_opening(), 10.0)
    state.feed(CDPEvent("Page.javascriptDialogClosed", {"frameId": TAB, "result": False, "userInput": ""}, PAGE), 10.5)
    assert state.pending == {}
    assert state.recent[-1].as_json() == {"id": "d-1", "type": "confirm", "message": "Sure?", "opened_at": 10.0,
                                          "closed_at": 10.5, "closed_by": "remote"}


def test_the_agents_answer_closes_it_and_the_later_closed_event_changes_nothing() -> None:
    state = state_with_tab()
    state.feed(dialog_opening("prompt"), 10.0)
    dialog, effects = state.answer("accept", "Ada", None, TAB, 11.0)
    assert effects == [AnswerDialog(dialog, True, "Ada")]
    closed = CDPEvent("Page.javascriptDialogClosed", {"frameId": TAB, "result": True, "userInput": "Ada"}, PAGE)
    state.feed(closed, 11.1)
    assert [(r.dialog.id, r.closed_by, r.closed_at) for r in state.recent] == [("d-1", "agent", 11.0)]


def test_answer_needs_an_id_when_several_are_open_and_names_them() -> None:
    state = state_with_tab()
    state.feed(dialog_opening(), 1.0)
    state.feed(dialog_opening("alert", session=PAGE, frame="OTHER"), 2.0)
    with pytest.raises(ToolError, match=r"2 dialogs are open \(d-1, d-2\); pass dialog_id"):
        state.answer("dismiss", None, None, TAB, 3.0)
    with pytest.raises(ToolError, match="No pending dialog d-9; pending: d-1, d-2"):
        state.answer("dismiss", None, "d-9", TAB, 3.0)
    dialog, [effect] = state.answer("dismiss", "ignored", "d-2", TAB, 3.0)
    assert (dialog.id, effect) == ("d-2", AnswerDialog(dialog, False, ""))


def test_answer_with_nothing_open_says_how_the_last_one_ended() -> None:
    state = state_with_tab(policy=AUTO_DISMISS)
    state.feed(dialog_opening(), 1.0)
    with pytest.raises(ToolError, match=r"No dialog is open\. The last one, d-1, was closed by auto_policy") as raised:
        state.answer("accept", None, None, TAB, 2.0)
    assert raised.value.code == "invalid_arguments"


def test_the_watchdog_dismisses_only_a_dialog_still_open() -> None:
    state = state_with_tab()
    state.feed(dialog_opening(), 1.0)
    [effect] = state.watchdog_fired("d-1", 301.0)
    assert isinstance(effect, AnswerDialog) and effect.accept is False
    assert state.recent[-1].closed_by == "watchdog"
    assert state.watchdog_fired("d-1", 302.0) == []


def test_recent_dialogs_keep_the_last_twenty() -> None:
    state = state_with_tab(policy=AUTO_ACCEPT)
    for n in range(25):
        state.feed(dialog_opening("alert", f"m{n}"), float(n))
    assert len(state.recent) == RECENT_DIALOGS_MAX
    assert state.recent[0].dialog.message == "m5"


def test_a_closing_tab_closes_its_dialogs_as_remote() -> None:
    state = state_with_tab()
    state.feed(dialog_opening(), 1.0)
    state.feed(CDPEvent("Target.detachedFromTarget", {"sessionId": PAGE, "targetId": TAB}), 2.0)
    assert state.pending == {} and state.recent[-1].closed_by == "remote"
    assert state.tab_session(TAB) is None and state.frame_tree(TAB)["top"] is None


# ----- the dialog bridge -------------------------------------------------------------------------------


def bridge_paused(kind: str, message: str, session: str = PAGE, frame: str = TAB, request: str = "R1") -> CDPEvent:
    url = f"http://{bridge.BRIDGE_HOST}{bridge.BRIDGE_PATH}?type={kind}&message={message}&default_prompt=x"
    return CDPEvent("Fetch.requestPaused", {"requestId": request, "frameId": frame, "request": {"url": url}}, session)


def test_a_bridged_dialog_is_pending_like_a_native_one_and_answered_through_its_request() -> None:
    state = state_with_tab()
    state.feed(bridge_paused("confirm", "Pay%3F"), 1.0)
    [dialog] = state.pending_on(TAB)
    assert (dialog.type, dialog.message, dialog.bridge_request_id) == ("confirm", "Pay?", "R1")
    _, [effect] = state.answer("accept", None, None, TAB, 2.0)
    assert isinstance(effect, AnswerDialog) and effect.dialog.bridge_request_id == "R1" and effect.accept


def test_any_other_paused_request_is_let_through() -> None:
    state = state_with_tab()
    event = CDPEvent("Fetch.requestPaused", {"requestId": "R7", "request": {
        "url": f"http://127.0.0.1:9/{bridge.BRIDGE_HOST}/dialog?type=alert"}}, PAGE)
    assert state.feed(event, 1.0) == [ContinueRequest(PAGE, "R7")]
    assert state.pending == {}


def test_a_bridged_dialog_dies_with_its_frames_document() -> None:
    state = state_with_tab()
    state.feed(CDPEvent("Page.frameAttached", {"frameId": "F1", "parentFrameId": TAB}, PAGE), 1.0)
    state.feed(bridge_paused("alert", "hi", frame="F1"), 1.0)
    state.feed(CDPEvent("Page.frameDetached", {"frameId": "F1", "reason": "remove"}, PAGE), 2.0)
    assert state.pending == {} and state.recent[-1].closed_by == "remote"


@pytest.mark.parametrize("url", [
    f"http://{bridge.BRIDGE_HOST}/dialog?type=alert&message=x",
    f"https://{bridge.BRIDGE_HOST}/dialog?type=prompt&message=x&default_prompt=y",
])
def test_bridge_requests_are_recognised(url: str) -> None:
    assert bridge.parse_request(url) is not None


@pytest.mark.parametrize("url", [
    f"http://{bridge.BRIDGE_HOST}/other?type=alert",
    f"http://{bridge.BRIDGE_HOST}/dialog?type=beforeunload",
    f"http://{bridge.BRIDGE_HOST}:8080/dialog?type=alert",
    f"http://{bridge.BRIDGE_HOST}.example/dialog?type=alert",
    f"http://user@{bridge.BRIDGE_HOST}/dialog?type=alert",
    f"ftp://{bridge.BRIDGE_HOST}/dialog?type=alert",
])
def test_near_misses_are_not_bridge_requests(url: str) -> None:
    assert bridge.parse_request(url) is None


def test_the_fulfilled_answer_is_readable_cross_origin_json() -> None:
    import base64
    import json

    params = bridge.fulfill_params("R1", accept=True, prompt_text="Ada")
    headers = {h["name"]: h["value"] for h in params["responseHeaders"]}
    assert headers["Access-Control-Allow-Origin"] == "*" and params["responseCode"] == 200
    assert json.loads(base64.b64decode(params["body"])) == {"accept": True, "prompt_text": "Ada"}


# ----- frames ------------------------------------------------------------------------------------------


def test_frames_attach_navigate_and_detach_with_their_subtree() -> None:
    state = state_with_tab()
    state.feed(CDPEvent("Page.frameAttached", {"frameId": "A", "parentFrameId": TAB}, PAGE), 1.0)
    state.feed(navigated("A", "https://example.com/a", PAGE, parent=TAB), 1.0)
    state.feed(CDPEvent("Page.frameAttached", {"frameId": "B", "parentFrameId": "A"}, PAGE), 1.0)
    tree = state.frame_tree(TAB)
    assert tree["top"] == {"frame_id": TAB, "url": "https://example.com/", "origin": "https://example.com"}
    assert tree["children"] == [{"frame_id": "A", "url": "https://example.com/a", "is_oopif": False},
                                {"frame_id": "B", "url": "", "is_oopif": False}]
    state.feed(CDPEvent("Page.frameDetached", {"frameId": "A", "reason": "remove"}, PAGE), 2.0)
    assert state.frame_tree(TAB)["children"] == []


def test_a_new_document_drops_the_old_documents_frames() -> None:
    state = state_with_tab()
    state.feed(CDPEvent("Page.frameAttached", {"frameId": "A", "parentFrameId": TAB}, PAGE), 1.0)
    state.feed(CDPEvent("Page.frameAttached", {"frameId": "B", "parentFrameId": "A"}, PAGE), 1.0)
    state.feed(child_attached("X", "S-X"), 1.0)
    assert state.feed(navigated(TAB, "https://example.com/next", PAGE), 2.0) == []
    assert state.frame_tree(TAB)["children"] == [] and set(state.frames) == {TAB}
    assert state.feed(navigated(TAB, "https://example.com/", PAGE, kind="BackForwardCacheRestore"), 3.0) == [
        RefreshFrameTree(PAGE)]  # its frames come back unannounced: ask for them


def test_an_oopif_gets_its_child_session_and_survives_the_swap_detach() -> None:
    state = state_with_tab()
    state.feed(CDPEvent("Page.frameAttached", {"frameId": "X", "parentFrameId": TAB}, PAGE), 1.0)
    assert state.feed(child_attached("X", "S-X"), 1.0) == [SetUpChild("S-X")]
    state.feed(CDPEvent("Page.frameDetached", {"frameId": "X", "reason": "swap"}, PAGE), 1.0)
    state.feed(navigated("X", "https://ads.example.net/", "S-X", parent=TAB), 1.0)
    assert state.frame_tree(TAB)["children"] == [
        {"frame_id": "X", "url": "https://ads.example.net/", "is_oopif": True, "session_id": "S-X"}
    ]
    assert state.session_for_frame("X", TAB) == "S-X"
    state.feed(CDPEvent("Target.detachedFromTarget", {"sessionId": "S-X", "targetId": "X"}, PAGE), 2.0)
    assert state.frame_tree(TAB)["children"] == []


def test_a_same_process_frame_has_no_session_and_the_error_points_to_content_window() -> None:
    state = state_with_tab()
    state.feed(CDPEvent("Page.frameAttached", {"frameId": "A", "parentFrameId": TAB}, PAGE), 1.0)
    with pytest.raises(ToolError, match="contentWindow") as raised:
        state.session_for_frame("A", TAB)
    assert raised.value.code == "invalid_arguments"
    with pytest.raises(ToolError, match="No frame NOPE"):
        state.session_for_frame("NOPE", TAB)


def test_the_frame_tree_is_capped_at_thirty_entries() -> None:
    state = state_with_tab()
    for n in range(40):
        state.feed(CDPEvent("Page.frameAttached", {"frameId": f"F{n}", "parentFrameId": TAB}, PAGE), 1.0)
    tree = state.frame_tree(TAB)
    assert len(tree["children"]) == FRAME_TREE_MAX_ENTRIES and tree["truncated"] is True
    assert len(state.frames_of(TAB)) == 41  # the engine still sees every frame


def test_oopifs_deeper_than_two_levels_are_cut_and_flagged() -> None:
    state = state_with_tab()
    parent_session, parent_frame = PAGE, TAB
    for depth in (1, 2, 3):
        target = f"O{depth}"
        state.feed(child_attached(target, f"S-{target}", parent_session, parent_frame), 1.0)
        state.feed(navigated(target, f"https://d{depth}.example/", f"S-{target}", parent=parent_frame), 1.0)
        parent_session, parent_frame = f"S-{target}", target
    tree = state.frame_tree(TAB)
    assert [c["frame_id"] for c in tree["children"]] == ["O1", "O2"] and tree["truncated"] is True


def test_a_shallow_tree_is_not_truncated() -> None:
    state = state_with_tab()
    state.feed(child_attached("O1", "S-O1"), 1.0)
    assert state.frame_tree(TAB)["truncated"] is False


# ----- contexts, lifecycle, console, tabs --------------------------------------------------------------


def test_engine_world_contexts_are_tracked_per_frame_until_destroyed() -> None:
    state = state_with_tab(engine_world="hermes-snapshot")

    def created(context_id: int, name: str, frame: str) -> CDPEvent:
        return CDPEvent("Runtime.executionContextCreated", {"context": {
            "id": context_id, "name": name, "auxData": {"frameId": frame, "isDefault": not name}}}, PAGE)

    state.feed(created(1, "", TAB), 1.0)
    state.feed(created(2, "hermes-snapshot", TAB), 1.0)
    assert state.engine_contexts == {(PAGE, TAB): 2}
    state.feed(CDPEvent("Runtime.executionContextDestroyed", {"executionContextId": 2}, PAGE), 2.0)
    assert state.engine_contexts == {}
    state.feed(created(3, "hermes-snapshot", TAB), 3.0)
    state.feed(CDPEvent("Runtime.executionContextsCleared", {}, PAGE), 4.0)
    assert state.engine_contexts == {}


def test_lifecycle_is_per_document() -> None:
    state = state_with_tab()

    def life(loader: str, name: str) -> CDPEvent:
        return CDPEvent("Page.lifecycleEvent", {"frameId": TAB, "loaderId": loader, "name": name}, PAGE)

    state.feed(life("L1", "DOMContentLoaded"), 1.0)
    state.feed(life("L1", "load"), 1.0)
    assert state.loaded(TAB, "L1", "load")
    state.feed(life("L2", "init"), 2.0)
    assert not state.loaded(TAB, "L1", "load") and not state.loaded(TAB, "L2", "DOMContentLoaded")


def test_console_errors_and_exceptions_keep_the_last_fifty() -> None:
    state = state_with_tab()
    state.feed(CDPEvent("Runtime.consoleAPICalled", {"type": "log", "args": [{"value": "fine"}]}, PAGE), 1.0)
    for n in range(CONSOLE_ERRORS_MAX + 5):
        state.feed(CDPEvent("Runtime.consoleAPICalled", {"type": "error", "args": [{"value": f"e{n}"}]}, PAGE), 1.0)
    state.feed(CDPEvent("Runtime.exceptionThrown", {"exceptionDetails": {
        "text": "Uncaught", "exception": {"description": "TypeError: x is undefined"}}}, PAGE), 2.0)
    assert len(state.console_errors) == CONSOLE_ERRORS_MAX
    assert state.console_errors[-1].as_json() == {"level": "exception", "text": "TypeError: x is undefined", "at": 2.0}
    assert "fine" not in [e.text for e in state.console_errors]
    assert state.snapshot_metadata(TAB)["console_errors"][-1]["level"] == "exception"


def test_tab_ids_are_small_stable_integers() -> None:
    state = SupervisorState()
    assert [state.tab_id("T-a"), state.tab_id("T-b"), state.tab_id("T-a")] == [1, 2, 1]
    assert (state.target_of_tab(2), state.target_of_tab(3)) == ("T-b", None)


def test_snapshot_metadata_has_exactly_the_documented_fields() -> None:
    state = state_with_tab(policy=MUST_RESPOND)
    assert set(state.snapshot_metadata(TAB)) == {"pending_dialogs", "recent_dialogs", "frame_tree"}
    assert set(state.frame_tree(TAB)) == {"top", "children", "truncated"}

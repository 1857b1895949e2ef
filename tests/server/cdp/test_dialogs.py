"""Dialogs, native and bridged, with no I/O: CDP events in, pending and recent dialogs and effects out."""

from __future__ import annotations

import base64
import json

import pytest

from hermes_server.cdp import bridge
from hermes_server.cdp.dialogs import (
    AUTO_ACCEPT,
    AUTO_DISMISS,
    INPUT_REPLY_GRACE_S,
    RECENT_DIALOGS_MAX,
    AnswerDialog,
    ArmWatchdog,
    AwaitInputReply,
)
from hermes_server.cdp.events import CDPEvent
from hermes_server.cdp.state import ContinueRequest
from hermes_wire.errors import ToolError
from tests.server.cdp.state_events import (
    PAGE,
    TAB,
    bridge_paused,
    child_attached,
    dialog_opening,
    frame_attached,
    frame_detached,
    navigated,
    session_detached,
    state_with_tab,
)


def test_must_respond_keeps_the_dialog_pending_and_arms_the_watchdog() -> None:
    state = state_with_tab(dialog_timeout_s=42.0)
    effects = state.feed(dialog_opening(), 10.0)
    assert effects == [ArmWatchdog("d-1", 42.0)]
    assert [d.as_json() for d in state.dialogs.pending_on(TAB)] == [
        {"id": "d-1", "type": "confirm", "message": "Sure?", "opened_at": 10.0}
    ]
    assert state.dialogs.opened == 1 and state.dialogs.recent == ()


@pytest.mark.parametrize(("policy", "accept"), [(AUTO_DISMISS, False), (AUTO_ACCEPT, True)])
def test_auto_policies_answer_at_once_and_record_auto_policy(policy: str, accept: bool) -> None:
    state = state_with_tab(policy=policy)
    [effect] = state.feed(dialog_opening("prompt", "Name?"), 10.0)
    assert isinstance(effect, AnswerDialog)
    # Accepting a prompt returns its default text, as a user pressing OK without typing gets.
    assert (effect.accept, effect.prompt_text, effect.dialog.cdp_session_id) == (accept, "dflt" if accept else "", PAGE)
    assert state.dialogs.pending == {} and state.dialogs.opened == 0
    assert [r.as_json()["closed_by"] for r in state.dialogs.recent] == ["auto_policy"]


def test_a_dialog_closed_by_the_browser_is_recorded_as_remote() -> None:
    state = state_with_tab()
    state.feed(dialog_opening(), 10.0)
    state.feed(CDPEvent("Page.javascriptDialogClosed", {"frameId": TAB, "result": False, "userInput": ""}, PAGE), 10.5)
    assert state.dialogs.pending == {}
    assert state.dialogs.recent[-1].as_json() == {
        "id": "d-1",
        "type": "confirm",
        "message": "Sure?",
        "opened_at": 10.0,
        "closed_at": 10.5,
        "closed_by": "remote",
    }


def test_the_agents_answer_closes_it_and_the_later_closed_event_changes_nothing() -> None:
    state = state_with_tab()
    state.feed(dialog_opening("prompt"), 10.0)
    dialog, effects = state.dialogs.answer("accept", "Ada", None, TAB, 11.0)
    assert effects == [AnswerDialog(dialog, True, "Ada")]
    closed = CDPEvent("Page.javascriptDialogClosed", {"frameId": TAB, "result": True, "userInput": "Ada"}, PAGE)
    state.feed(closed, 11.1)
    assert [(r.dialog.id, r.closed_by, r.closed_at) for r in state.dialogs.recent] == [("d-1", "agent", 11.0)]


def test_answer_needs_an_id_when_several_are_open_and_names_them() -> None:
    state = state_with_tab()
    state.feed(dialog_opening(), 1.0)
    state.feed(dialog_opening("alert", session=PAGE, frame="OTHER"), 2.0)
    with pytest.raises(ToolError, match=r"2 dialogs are open \(d-1, d-2\); pass dialog_id"):
        state.dialogs.answer("dismiss", None, None, TAB, 3.0)
    with pytest.raises(ToolError, match="No pending dialog d-9; pending: d-1, d-2"):
        state.dialogs.answer("dismiss", None, "d-9", TAB, 3.0)
    dialog, [effect] = state.dialogs.answer("dismiss", "ignored", "d-2", TAB, 3.0)
    assert (dialog.id, effect) == ("d-2", AnswerDialog(dialog, False, ""))


def test_answer_with_nothing_open_says_how_the_last_one_ended() -> None:
    state = state_with_tab(policy=AUTO_DISMISS)
    state.feed(dialog_opening(), 1.0)
    with pytest.raises(ToolError, match=r"No dialog is open\. The last one, d-1, was closed by auto_policy") as raised:
        state.dialogs.answer("accept", None, None, TAB, 2.0)
    assert raised.value.code == "invalid_arguments"


def test_the_watchdog_dismisses_only_a_dialog_still_open() -> None:
    state = state_with_tab()
    state.feed(dialog_opening(), 1.0)
    [effect] = state.dialogs.watchdog_fired("d-1", 301.0)
    assert isinstance(effect, AnswerDialog) and effect.accept is False
    assert state.dialogs.recent[-1].closed_by == "watchdog"
    assert state.dialogs.watchdog_fired("d-1", 302.0) == []


def test_recent_dialogs_keep_the_last_twenty() -> None:
    state = state_with_tab(policy=AUTO_ACCEPT)
    for n in range(25):
        state.feed(dialog_opening("alert", f"m{n}"), float(n))
    assert len(state.dialogs.recent) == RECENT_DIALOGS_MAX
    assert state.dialogs.recent[0].dialog.message == "m5"


def test_a_closing_tab_closes_its_dialogs_as_remote() -> None:
    state = state_with_tab()
    state.feed(dialog_opening(), 1.0)
    state.feed(session_detached(PAGE, TAB), 2.0)
    assert state.dialogs.pending == {} and state.dialogs.recent[-1].closed_by == "remote"
    assert state.targets.tab_session(TAB) is None and state.frames.tree(TAB)["top"] is None


def test_a_crashed_tab_closes_its_dialogs_as_remote() -> None:
    state = state_with_tab()
    state.feed(dialog_opening(), 1.0)
    state.feed(CDPEvent("Inspector.targetCrashed", {}, PAGE), 2.0)
    assert state.dialogs.pending == {} and state.dialogs.recent[-1].closed_by == "remote"


def test_an_oopif_going_away_closes_the_dialogs_opened_through_it() -> None:
    state = state_with_tab()
    state.feed(child_attached("X", "S-X"), 1.0)
    state.feed(dialog_opening("alert", session="S-X", frame="X"), 1.0)
    state.feed(dialog_opening("alert", "on the tab"), 1.0)
    state.feed(session_detached("S-X", "X", via=PAGE), 2.0)
    assert [d.message for d in state.dialogs.pending.values()] == ["on the tab"]
    assert [(r.dialog.cdp_session_id, r.closed_by) for r in state.dialogs.recent] == [("S-X", "remote")]


# ----- the dialog bridge -------------------------------------------------------------------------------


def test_a_bridged_dialog_is_pending_like_a_native_one_and_answered_through_its_request() -> None:
    state = state_with_tab()
    state.feed(bridge_paused("confirm", "Pay%3F"), 1.0)
    [dialog] = state.dialogs.pending_on(TAB)
    assert (dialog.type, dialog.message, dialog.bridge_request_id) == ("confirm", "Pay?", "R1")
    _, [effect] = state.dialogs.answer("accept", None, None, TAB, 2.0)
    assert isinstance(effect, AnswerDialog) and effect.dialog.bridge_request_id == "R1" and effect.accept


def test_any_other_paused_request_is_let_through() -> None:
    state = state_with_tab()
    event = CDPEvent(
        "Fetch.requestPaused",
        {"requestId": "R7", "request": {"url": f"http://127.0.0.1:9/{bridge.BRIDGE_HOST}/dialog?type=alert"}},
        PAGE,
    )
    assert state.feed(event, 1.0) == [ContinueRequest(PAGE, "R7")]
    assert state.dialogs.pending == {}


def test_a_bridged_dialog_dies_with_its_frames_document() -> None:
    state = state_with_tab()
    state.feed(frame_attached("F1"), 1.0)
    state.feed(bridge_paused("alert", "hi", frame="F1"), 1.0)
    state.feed(frame_detached("F1"), 2.0)
    assert state.dialogs.pending == {} and state.dialogs.recent[-1].closed_by == "remote"


def test_a_bridged_dialog_dies_when_its_frame_navigates_but_a_native_one_waits() -> None:
    state = state_with_tab()
    state.feed(bridge_paused("alert", "bridged"), 1.0)
    state.feed(dialog_opening("beforeunload", "native"), 1.0)
    state.feed(navigated(TAB, "https://example.com/next", PAGE), 2.0)
    assert [d.message for d in state.dialogs.pending.values()] == ["native"]
    assert [r.dialog.message for r in state.dialogs.recent] == ["bridged"]


@pytest.mark.parametrize(
    "url",
    [
        f"http://{bridge.BRIDGE_HOST}/dialog?type=alert&message=x",
        f"https://{bridge.BRIDGE_HOST}/dialog?type=prompt&message=x&default_prompt=y",
    ],
)
def test_bridge_requests_are_recognised(url: str) -> None:
    assert bridge.parse_request(url) is not None


@pytest.mark.parametrize(
    "url",
    [
        f"http://{bridge.BRIDGE_HOST}/other?type=alert",
        f"http://{bridge.BRIDGE_HOST}/dialog?type=beforeunload",
        f"http://{bridge.BRIDGE_HOST}:8080/dialog?type=alert",
        f"http://{bridge.BRIDGE_HOST}.example/dialog?type=alert",
        f"http://user@{bridge.BRIDGE_HOST}/dialog?type=alert",
        f"ftp://{bridge.BRIDGE_HOST}/dialog?type=alert",
    ],
)
def test_near_misses_are_not_bridge_requests(url: str) -> None:
    assert bridge.parse_request(url) is None


def test_the_fulfilled_answer_is_readable_cross_origin_json() -> None:
    params = bridge.fulfill_params("R1", accept=True, prompt_text="Ada")
    headers = {h["name"]: h["value"] for h in params["responseHeaders"]}
    assert headers["Access-Control-Allow-Origin"] == "*" and params["responseCode"] == 200
    assert json.loads(base64.b64decode(params["body"])) == {"accept": True, "prompt_text": "Ada"}


def test_an_actions_own_answer_takes_its_first_dialog_on_its_tab_only() -> None:
    """Issue 32: ``arm`` answers the first alert, confirm or prompt on the action's tab with the agent's answer,
    whatever the policy (closed by the agent, never pending); a second one, a beforeunload, another tab's, or one
    after ``disarm`` follows the policy."""
    state = state_with_tab()  # must_respond
    armed = state.dialogs.arm(TAB, "accept", "Quarterly")
    assert armed.as_json() is None  # nothing opened yet
    assert state.feed(dialog_opening("prompt", "Name?"), 10.0) == [AwaitInputReply("d-1", INPUT_REPLY_GRACE_S)]
    assert armed.as_json() is None and state.dialogs.pending == {}  # whose it is waits on the input's reply
    [effect] = state.dialogs.input_settled("d-1", replied=False, now=10.3)  # the dialog holds the reply: its own
    assert isinstance(effect, AnswerDialog) and (effect.accept, effect.prompt_text) == (True, "Quarterly")
    assert armed.as_json() == {"type": "prompt", "message": "Name?", "answer": "accept"}
    assert state.dialogs.pending == {} and state.dialogs.opened == 0
    assert [r.closed_by for r in state.dialogs.recent] == ["agent"]
    assert state.feed(dialog_opening("confirm", "Again?"), 10.1) == [ArmWatchdog("d-2", 300.0)]  # the second: policy
    state.dialogs.answer("dismiss", None, "d-2", TAB, 10.2)
    state.dialogs.disarm()
    assert state.feed(dialog_opening("confirm", "Later?"), 11.0) == [ArmWatchdog("d-3", 300.0)]  # after the action

    other = state_with_tab(policy=AUTO_DISMISS)
    other_armed = other.dialogs.arm("ANOTHER-TAB", "accept", None)
    [effect] = other.feed(dialog_opening("confirm", "Sure?"), 10.0)
    assert isinstance(effect, AnswerDialog) and effect.accept is False and other_armed.as_json() is None
    other.dialogs.arm(TAB, "accept", None)
    [effect] = other.feed(dialog_opening("beforeunload", ""), 10.5)
    assert isinstance(effect, AnswerDialog) and effect.accept is False  # a beforeunload follows the policy
    other.feed(dialog_opening("alert", "Saved"), 11.0)
    [effect] = other.dialogs.input_settled("d-3", replied=False, now=11.3)
    assert isinstance(effect, AnswerDialog) and effect.accept is True


def test_a_dialog_after_the_actions_input_was_handled_follows_the_policy() -> None:
    """A dialog that opens once the page has answered the action's input (a timer's) is not the action's own."""
    state = state_with_tab(policy=AUTO_DISMISS)
    handling = [True]
    armed = state.dialogs.arm(TAB, "accept", None, lambda: handling[0])
    handling[0] = False  # the input's reply came in
    [effect] = state.feed(dialog_opening("confirm", "Later?"), 10.0)
    assert isinstance(effect, AnswerDialog) and effect.accept is False and armed.as_json() is None
    assert [r.closed_by for r in state.dialogs.recent] == ["auto_policy"]


def test_a_dialog_whose_event_overtakes_the_inputs_reply_follows_the_policy() -> None:
    """A dialog from the page's next task can reach the supervisor before the reply of the input that queued it:
    once that reply comes within the grace, the dialog is the policy's; one that opens after the action ended, or
    whose tab goes while its input is on its way, is not the agent's either."""
    state = state_with_tab()  # must_respond
    armed = state.dialogs.arm(TAB, "accept", None)
    assert state.feed(dialog_opening("confirm", "Soon?"), 10.0) == [AwaitInputReply("d-1", INPUT_REPLY_GRACE_S)]
    assert state.dialogs.input_settled("d-1", replied=True, now=10.01) == [ArmWatchdog("d-1", 300.0)]
    assert list(state.dialogs.pending) == ["d-1"] and state.dialogs.opened == 1 and armed.as_json() is None
    state.dialogs.answer("dismiss", None, "d-1", TAB, 10.1)

    state.feed(dialog_opening("confirm", "Late?"), 11.0)
    state.dialogs.disarm()  # the action was cancelled before the reply came
    assert state.dialogs.input_settled("d-2", replied=False, now=11.3) == [ArmWatchdog("d-2", 300.0)]
    state.dialogs.answer("dismiss", None, "d-2", TAB, 11.4)

    state.dialogs.arm(TAB, "accept", None)
    state.feed(dialog_opening("confirm", "Gone?"), 12.0)
    state.dialogs.tab_gone(TAB, 12.1)
    assert state.dialogs.input_settled("d-3", replied=False, now=12.3) == []
    assert [(r.dialog.id, r.closed_by) for r in state.dialogs.recent][-1] == ("d-3", "remote")

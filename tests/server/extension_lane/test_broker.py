"""The broker's rules as transition tables: messages in, effects out, on an injected clock.

Each step is ``(now, operation, argument, expected)``.  Effects are summarised as tuples:
``("send", connection, frame type, command id)``, ``("close", connection, close code)`` and
``("finish", command id, "ok" or error code)``.  A ``submit`` step expects either the summary of
its effects or the ``ToolError`` code it must raise.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

from hermes_server.errors import TicketRejected
from hermes_server.extension_lane.broker import (
    Broker,
    CloseConnection,
    ControllerScope,
    Effect,
    FinishCommand,
    SendFrame,
)
from hermes_wire import controller as protocol
from hermes_wire.errors import ToolError

PRINCIPAL = "local"


def scope(
    controller: str = "c1",
    profile: str = "p1",
    session: str = "s1",
    capabilities: tuple[str, ...] = protocol.CAPABILITY_ALLOWLIST,
) -> ControllerScope:
    return ControllerScope(PRINCIPAL, session, controller, profile, capabilities)


def result(command_id: str, ok: Any = True, **extra: Any) -> str:
    return json.dumps({"type": protocol.RESULT, "command_id": command_id, "ok": ok, **extra})


def summarise(effects: list[Effect]) -> list[tuple[Any, ...]]:
    summary: list[tuple[Any, ...]] = []
    for effect in effects:
        if isinstance(effect, SendFrame):
            summary.append(("send", effect.connection_id, effect.frame["type"], effect.frame.get("command_id")))
        elif isinstance(effect, CloseConnection):
            summary.append(("close", effect.connection_id, effect.code))
        elif isinstance(effect, FinishCommand):
            summary.append(("finish", effect.command_id, "ok" if effect.outcome.ok else effect.outcome.error_code))
    return summary


def new_broker() -> Broker:
    counter = itertools.count(1)
    broker = Broker(new_command_id=lambda: f"cmd{next(counter)}")
    broker.bind_session("s1", PRINCIPAL)
    return broker


def run_table(steps: list[tuple[float, str, Any, Any]], broker: Broker | None = None) -> Broker:
    broker = broker or new_broker()
    for number, (now, operation, argument, expected) in enumerate(steps, 1):
        where = f"step {number}: {operation} {argument!r}"
        if operation == "submit":
            action, timeout_s = argument if isinstance(argument, tuple) else (argument, 30.0)
            try:
                _, effects = broker.submit("s1", action, {}, tool_call_id="t", timeout_s=timeout_s, now=now)
            except ToolError as error:
                assert error.code == expected, where
                continue
        elif operation == "connect":
            connection, identity = argument
            effects = broker.connect(connection, identity, now)
        elif operation == "disconnect":
            broker.disconnect(argument, now)
            effects = []
        elif operation == "receive":
            connection, text = argument
            effects = broker.receive(connection, text, now)
        elif operation == "expire":
            effects = broker.expire(now)
        elif operation == "cancel":
            effects = broker.cancel(argument, "agent went away")
        elif operation == "unbind":
            effects = broker.unbind_controller("s1")
        elif operation == "close_session":
            effects = broker.close_session("s1")
        else:
            raise AssertionError(f"unknown operation {operation}")
        assert summarise(effects) == expected, where
    return broker


# ----- tickets ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("redeem_at", "outcome"),
    [(0.0, "ok"), (15.0, "ok"), (29.999, "ok"), (30.0, "expired"), (31.0, "expired"), (3600.0, "unknown")],
)
def test_ticket_lives_exactly_thirty_seconds(redeem_at: float, outcome: str) -> None:
    broker = new_broker()
    ticket, expires_at = broker.issue_ticket(scope(), now=0.0)
    assert expires_at == 30.0
    broker.issue_ticket(scope(), now=redeem_at)  # later activity purges old tickets, as in a live server
    if outcome == "ok":
        assert broker.redeem_ticket(ticket, redeem_at) == scope()
    else:
        with pytest.raises(TicketRejected) as rejected:
            broker.redeem_ticket(ticket, redeem_at)
        assert rejected.value.reason == outcome
        assert rejected.value.status == 401


@pytest.mark.parametrize(
    ("attempts", "reasons"),
    [
        (["issued", "issued"], ["ok", "reused"]),
        (["issued", "issued", "issued"], ["ok", "reused", "reused"]),
        (["A" * 43], ["unknown"]),
        (["short"], ["malformed"]),
        (["issued!" + "x" * 36], ["malformed"]),
        (["", "issued"], ["malformed", "ok"]),
    ],
)
def test_ticket_is_single_use_and_checked(attempts: list[str], reasons: list[str]) -> None:
    broker = new_broker()
    ticket, _ = broker.issue_ticket(scope(), now=0.0)
    for attempt, expected in zip(attempts, reasons, strict=True):
        candidate = ticket if attempt == "issued" else attempt
        if expected == "ok":
            assert broker.redeem_ticket(candidate, 1.0).session_id == "s1"
        else:
            with pytest.raises(TicketRejected) as rejected:
                broker.redeem_ticket(candidate, 1.0)
            assert rejected.value.reason == expected


def test_burned_ticket_cannot_be_used() -> None:
    broker = new_broker()
    ticket, _ = broker.issue_ticket(scope(), now=0.0)
    broker.burn_ticket(ticket)
    with pytest.raises(TicketRejected):
        broker.redeem_ticket(ticket, 1.0)


def test_ticket_message_names_no_secret() -> None:
    broker = new_broker()
    ticket, _ = broker.issue_ticket(scope(), now=0.0)
    broker.redeem_ticket(ticket, 0.0)
    with pytest.raises(TicketRejected) as rejected:
        broker.redeem_ticket(ticket, 0.0)
    assert ticket not in str(rejected.value) and ticket not in json.dumps(rejected.value.as_body())


# ----- lanes ------------------------------------------------------------------------------------------

C1 = scope("c1")
C2 = scope("c2")
OTHER_PROFILE = scope("c1", "p2")
NOOP_ONLY = scope(capabilities=("controller.noop",))


def test_results_are_matched_to_their_commands() -> None:
    run_table(
        [
            (0, "connect", ("A", C1), []),
            (0, "submit", "controller.noop", [("send", "A", protocol.COMMAND, "cmd1")]),
            (0, "submit", "browser_tabs", [("send", "A", protocol.COMMAND, "cmd2")]),
            (1, "receive", ("A", result("cmd2", result={"tabs": []})), [("finish", "cmd2", "ok")]),
            (
                1,
                "receive",
                ("A", result("cmd1", False, error={"code": "boom", "message": "x"})),
                [("finish", "cmd1", "controller_error")],
            ),
            (2, "receive", ("A", result("cmd1")), []),  # already finished: a duplicate counts for nothing
        ]
    )


def test_controller_error_codes_are_mapped_to_stable_codes() -> None:
    broker = run_table(
        [
            (0, "connect", ("A", C1), []),
            (0, "submit", "browser_click", [("send", "A", protocol.COMMAND, "cmd1")]),
        ]
    )
    effects = broker.receive("A", result("cmd1", False, error={"code": "invalid_arguments", "message": "stale ref"}), 1)
    assert summarise(effects) == [("finish", "cmd1", "invalid_arguments")]
    broker.submit("s1", "browser_click", {}, tool_call_id="t", timeout_s=5, now=1)
    (finish,) = broker.receive("A", result("cmd2", False, error="plain text"), 1)
    assert isinstance(finish, FinishCommand)
    assert (finish.outcome.error_code, finish.outcome.error_message) == ("controller_error", "plain text")


def test_timeout_sends_cancel_and_late_results_are_dropped() -> None:
    run_table(
        [
            (0, "connect", ("A", C1), []),
            (0, "submit", ("browser_click", 5.0), [("send", "A", protocol.COMMAND, "cmd1")]),
            (4.9, "expire", None, []),
            (5.0, "expire", None, [("send", "A", protocol.CANCEL, "cmd1"), ("finish", "cmd1", "command_timeout")]),
            (6.0, "receive", ("A", result("cmd1")), []),
            (7.0, "expire", None, []),
        ]
    )


def test_agent_cancel_sends_cancel_frame_once() -> None:
    run_table(
        [
            (0, "connect", ("A", C1), []),
            (0, "submit", "browser_click", [("send", "A", protocol.COMMAND, "cmd1")]),
            (1, "cancel", "cmd1", [("send", "A", protocol.CANCEL, "cmd1"), ("finish", "cmd1", "command_cancelled")]),
            (1, "cancel", "cmd1", []),
            (2, "receive", ("A", result("cmd1")), []),
        ]
    )


def test_detach_cancels_at_once_and_fails_closed_until_unbound() -> None:
    detach = json.dumps({"type": protocol.DETACH})
    run_table(
        [
            (0, "connect", ("A", C1), []),
            (0, "submit", "browser_click", [("send", "A", protocol.COMMAND, "cmd1")]),
            (0, "submit", "browser_type", [("send", "A", protocol.COMMAND, "cmd2")]),
            (
                1,
                "receive",
                ("A", detach),
                [
                    ("send", "A", protocol.DETACH, None),
                    ("send", "A", protocol.CANCEL, "cmd1"),
                    ("finish", "cmd1", "controller_detached"),
                    ("send", "A", protocol.CANCEL, "cmd2"),
                    ("finish", "cmd2", "controller_detached"),
                    ("close", "A", protocol.CLOSE_NORMAL),
                ],
            ),
            (2, "submit", "controller.noop", "controller_detached"),
            (3, "connect", ("B", C1), [("close", "B", protocol.CLOSE_SESSION_CLOSED)]),  # still detached
            (4, "submit", "controller.noop", "controller_detached"),
            (5, "unbind", None, []),
            (6, "submit", "controller.noop", "controller_missing"),
            (7, "connect", ("B", C2), []),
            (8, "submit", "controller.noop", [("send", "B", protocol.COMMAND, "cmd3")]),
        ]
    )


def test_replacement_cancels_old_work_before_new_controller_is_routable() -> None:
    broker = run_table(
        [
            (0, "connect", ("A", C1), []),
            (0, "submit", "browser_click", [("send", "A", protocol.COMMAND, "cmd1")]),
            (
                1,
                "connect",
                ("B", C2),
                [
                    ("send", "A", protocol.CANCEL, "cmd1"),
                    ("finish", "cmd1", "command_cancelled"),
                    ("close", "A", protocol.CLOSE_REPLACED),
                ],
            ),
            (2, "receive", ("A", result("cmd1")), []),  # the old controller's answer no longer counts
            (2, "submit", "controller.noop", [("send", "B", protocol.COMMAND, "cmd2")]),
        ]
    )
    assert broker.lane("s1").identity == ("c2", "p1")


def test_other_browser_profile_is_a_replacement_too() -> None:
    run_table(
        [
            (0, "connect", ("A", C1), []),
            (0, "submit", "browser_click", [("send", "A", protocol.COMMAND, "cmd1")]),
            (
                1,
                "connect",
                ("B", OTHER_PROFILE),
                [
                    ("send", "A", protocol.CANCEL, "cmd1"),
                    ("finish", "cmd1", "command_cancelled"),
                    ("close", "A", protocol.CLOSE_REPLACED),
                ],
            ),
        ]
    )


def test_a_controller_back_within_the_grace_still_delivers_its_result() -> None:
    run_table(
        [
            (0, "connect", ("A", C1), []),
            (0, "submit", ("browser_click", 30.0), [("send", "A", protocol.COMMAND, "cmd1")]),
            (1, "disconnect", "A", []),
            (2, "submit", "controller.noop", "controller_disconnected"),
            (5.9, "expire", None, []),  # 4.9 s without a socket: still waiting, socket loss is recoverable
            (5.9, "connect", ("A2", C1), []),  # same identity: no replacement, nothing re-sent
            (7, "expire", None, []),  # back in time: the grace no longer runs
            (12, "receive", ("A2", result("cmd1", result="clicked")), [("finish", "cmd1", "ok")]),
        ]
    )


def test_a_controller_away_for_the_grace_fails_pending_commands_and_its_late_result_is_ignored() -> None:
    run_table(
        [
            (0, "connect", ("A", C1), []),
            (0, "submit", ("browser_click", 30.0), [("send", "A", protocol.COMMAND, "cmd1")]),
            (0, "submit", ("browser_type", 60.0), [("send", "A", protocol.COMMAND, "cmd2")]),
            (1, "disconnect", "A", []),
            (5.999, "expire", None, []),
            (
                6,  # 5 s without a live socket: no cancel frame (there is no socket to send it to)
                "expire",
                None,
                [("finish", "cmd1", "controller_disconnected"), ("finish", "cmd2", "controller_disconnected")],
            ),
            (7, "connect", ("A2", C1), []),  # it comes back over a new socket: nothing is re-sent
            (7, "receive", ("A2", result("cmd1", result="clicked")), []),  # too late: ignored
            (8, "submit", "controller.noop", [("send", "A2", protocol.COMMAND, "cmd3")]),  # the lane works again
            (61, "expire", None, [("send", "A2", protocol.CANCEL, "cmd3"), ("finish", "cmd3", "command_timeout")]),
        ]
    )


def test_the_grace_runs_from_the_last_drop_and_only_while_no_socket_is_live() -> None:
    broker = Broker(reconnect_grace_s=2.0, new_command_id=lambda: "cmd1")
    broker.bind_session("s1", PRINCIPAL)
    run_table(
        [
            (0, "connect", ("A", C1), []),
            (0, "submit", ("browser_click", 30.0), [("send", "A", protocol.COMMAND, "cmd1")]),
            (1, "connect", ("A2", C1), []),  # two sockets, one identity: ambiguous
            (2, "disconnect", "A", []),  # one is still live: no grace runs
            (10, "expire", None, []),
            (10, "disconnect", "A2", []),  # the last one drops: the grace (2 s, as configured) starts
            (11, "connect", ("A3", C1), []),
            (11, "disconnect", "A3", []),  # back and gone again: the grace starts over
            (12.9, "expire", None, []),
            (13, "expire", None, [("finish", "cmd1", "controller_disconnected")]),
        ],
        broker,
    )


def test_the_next_deadline_is_the_end_of_the_grace_while_the_controller_is_away() -> None:
    broker = run_table(
        [
            (0, "connect", ("A", C1), []),
            (0, "submit", ("browser_click", 30.0), [("send", "A", protocol.COMMAND, "cmd1")]),
        ]
    )
    assert broker.next_deadline() == 30.0
    broker.disconnect("A", 1.0)
    assert broker.next_deadline() == 6.0  # the deadline watcher must wake for it
    broker.connect("A2", C1, 2.0)
    assert broker.next_deadline() == 30.0


def test_disconnected_command_still_times_out_at_its_deadline() -> None:
    run_table(
        [
            (0, "connect", ("A", C1), []),
            (0, "submit", ("browser_click", 5.0), [("send", "A", protocol.COMMAND, "cmd1")]),
            (1, "disconnect", "A", []),
            (5, "expire", None, [("finish", "cmd1", "command_timeout")]),  # no socket, so no cancel frame to send
            (6, "connect", ("A2", C1), []),
            (7, "receive", ("A2", result("cmd1")), []),
        ]
    )


def test_two_eligible_controllers_are_ambiguous() -> None:
    run_table(
        [
            (0, "connect", ("A", C1), []),
            (0, "connect", ("A2", C1), []),
            (1, "submit", "controller.noop", "controller_ambiguous"),
            (2, "disconnect", "A", []),
            (3, "submit", "controller.noop", [("send", "A2", protocol.COMMAND, "cmd1")]),
        ]
    )


def test_missing_and_incapable_controllers_fail_closed() -> None:
    run_table(
        [
            (0, "submit", "controller.noop", "controller_missing"),
            (0, "connect", ("A", NOOP_ONLY), []),
            (1, "submit", "browser_click", "capability_not_allowed"),
            (1, "submit", "browser_evaluate", "capability_not_allowed"),
            (1, "submit", "controller.noop", [("send", "A", protocol.COMMAND, "cmd1")]),
        ]
    )


def test_unbound_session_has_no_lane() -> None:
    broker = new_broker()
    with pytest.raises(ToolError) as failed:
        broker.submit("other", "controller.noop", {}, tool_call_id="t", timeout_s=1, now=0)
    assert failed.value.code == "controller_missing"


@pytest.mark.parametrize(
    ("text", "close_code"),
    [
        ("not json", protocol.CLOSE_INVALID_FRAME),
        ("[1, 2]", protocol.CLOSE_INVALID_FRAME),
        ('{"type": "browser.controller.evaluate"}', protocol.CLOSE_UNSUPPORTED),
        ('{"no_type": 1}', protocol.CLOSE_UNSUPPORTED),
        (result("cmd1", "true"), protocol.CLOSE_INVALID_FRAME),
        (result("cmd1", 1), protocol.CLOSE_INVALID_FRAME),
        (result("cmd1", None), protocol.CLOSE_INVALID_FRAME),
        (json.dumps({"type": protocol.RESULT, "ok": True}), protocol.CLOSE_INVALID_FRAME),
        (result("cmd1", False), protocol.CLOSE_INVALID_FRAME),  # a failure needs an error
        (result("cmd1", False, error={"code": 3, "message": "x"}), protocol.CLOSE_INVALID_FRAME),
        (json.dumps({"type": protocol.HEARTBEAT, "nonce": {"a": 1}}), protocol.CLOSE_INVALID_FRAME),
        (json.dumps({"type": protocol.HEARTBEAT, "nonce": True}), protocol.CLOSE_INVALID_FRAME),
        ("[" * 100_000, protocol.CLOSE_INVALID_FRAME),
        # Python reads these, but they are not JSON, or not a value the agent's JSON can carry on:
        (result("cmd1", result="x").replace('"x"', "NaN"), protocol.CLOSE_INVALID_FRAME),
        (result("cmd1", result="x").replace('"x"', "1e400"), protocol.CLOSE_INVALID_FRAME),
        (result("cmd1", result="x").replace('"x"', "9" * 4000), protocol.CLOSE_INVALID_FRAME),
        (result("cmd1", result=json.loads("[" * 150 + "]" * 150)), protocol.CLOSE_INVALID_FRAME),  # 150 levels
    ],
)
def test_malformed_frames_close_the_socket(text: str, close_code: int) -> None:
    run_table(
        [
            (0, "connect", ("A", C1), []),
            (0, "submit", "browser_click", [("send", "A", protocol.COMMAND, "cmd1")]),
            (1, "receive", ("A", text), [("close", "A", close_code)]),
        ]
    )


def test_heartbeat_is_echoed() -> None:
    broker = run_table([(0, "connect", ("A", C1), [])])
    (reply,) = broker.receive("A", json.dumps({"type": protocol.HEARTBEAT, "nonce": "n-1"}), 1)
    assert reply == SendFrame("A", {"type": protocol.HEARTBEAT, "nonce": "n-1", "ok": True})


def test_closing_the_session_cancels_pending_and_closes_sockets() -> None:
    broker = run_table(
        [
            (0, "connect", ("A", C1), []),
            (0, "submit", "browser_click", [("send", "A", protocol.COMMAND, "cmd1")]),
            (
                1,
                "close_session",
                None,
                [
                    ("send", "A", protocol.CANCEL, "cmd1"),
                    ("finish", "cmd1", "command_cancelled"),
                    ("close", "A", protocol.CLOSE_SESSION_CLOSED),
                ],
            ),
            (2, "receive", ("A", result("cmd1")), []),
        ]
    )
    assert broker.lane("s1") is None


def test_command_frame_carries_the_upstream_fields() -> None:
    broker = run_table([(0, "connect", ("A", C1), [])])
    _, (send,) = broker.submit(
        "s1", "browser_navigate", {"url": "http://x/"}, tool_call_id="call-9", timeout_s=5, now=0
    )
    assert isinstance(send, SendFrame)
    assert send.frame == {
        "type": "browser.controller.command",
        "command_id": "cmd1",
        "action": "browser_navigate",
        "arguments": {"url": "http://x/"},
        "controller_id": "c1",
        "browser_profile_id": "p1",
        "tool_call_id": "call-9",
        "timeout_ms": 5000,  # the command's own deadline, so the browser can end a wait for the user first
    }


def test_an_uploads_files_travel_with_its_command() -> None:
    broker = run_table([(0, "connect", ("A", C1), [])])
    files = [{"name": "a.txt", "size": 2, "type": "text/plain", "sha256": "0" * 64, "data": "aGk="}]
    arguments = {"paths": ["/home/u/uploads/a.txt"], "ref": "@e1"}
    _, (send,) = broker.submit(
        "s1", "browser_file_upload", arguments, tool_call_id="call-1", timeout_s=5, now=0, files=files
    )
    assert isinstance(send, SendFrame)
    assert send.frame["files"] == files and send.frame["arguments"] == arguments

"""The host's routing as transition tables (see test_routing.py): the extension's own requests (status, sessions,
detach, hello, pairing), the messages that are not requests, and the status pushed when it changes."""

from __future__ import annotations

from typing import Any

import pytest

from hermes_host.actions import Identity, Paired, PairingDenied, PairingOpened, Perform, ToExtension
from hermes_host.errors import FramingError, HostError
from hermes_host.routing import DETACH_WAIT_S, Routing
from hermes_wire import controller as protocol
from hermes_wire import native as m
from hermes_wire.controller import LaneState
from tests.host.test_routing import (
    ME,
    command,
    connected,
    hello,
    pushed_statuses,
    request,
    run_table,
    session,
    summarise,
)

# ----- the extension's requests -----------------------------------------------------------------------


def test_status_and_sessions_are_answered_at_once() -> None:
    routing = connected("s1", "s2")
    routing.link_down("s2", 1006, 0.0)
    (status,) = routing.from_extension(request(m.STATUS), 0.0)
    assert isinstance(status, ToExtension) and status.message["ok"] and status.message["reply_to"] == "r1"
    assert status.message["status"]["device_id"] == ME.device_id
    (sessions,) = routing.from_extension(request(m.SESSIONS, "r2"), 0.0)
    assert isinstance(sessions, ToExtension)
    assert sessions.message == {
        "type": m.SESSIONS,
        "reply_to": "r2",
        "ok": True,
        "sessions": [
            {"session_id": "s1", "label": "label s1", "state": LaneState.CONNECTED},
            {"session_id": "s2", "label": "label s2", "state": LaneState.DISCONNECTED},
        ],
    }


def test_detach_is_answered_when_the_server_closes_the_socket() -> None:
    routing = run_table(
        [
            (0, "extension", request(m.DETACH, session_id="s1"), [("server", "s1", protocol.DETACH, None)]),
            (1, "server", protocol.detach_reply(), []),
            # A listing that already sees the session detached keeps the link until its socket closes.
            (1, "listed", [session("s1", LaneState.DETACHED, ME.controller_id)], []),
            (1, "down", protocol.CLOSE_NORMAL, [("extension", m.DETACH, "r1")]),
            (2, "listed", [session("s1", LaneState.DETACHED, ME.controller_id)], [("close", "s1")]),
        ]
    )
    assert routing.status()["sessions"] == []


def test_detach_answer_names_the_final_state() -> None:
    routing = connected()
    routing.from_extension(request(m.DETACH, session_id="s1"), 0.0)
    (reply, *_) = routing.link_down("s1", protocol.CLOSE_NORMAL, 1.0)
    assert isinstance(reply, ToExtension)
    assert reply.message == {
        "type": m.DETACH,
        "reply_to": "r1",
        "ok": True,
        "session_id": "s1",
        "state": LaneState.DETACHED,
    }


def test_a_detach_the_server_does_not_confirm_times_out() -> None:
    routing = run_table(
        [
            (0, "extension", request(m.DETACH, session_id="s1"), [("server", "s1", protocol.DETACH, None)]),
            (DETACH_WAIT_S - 0.01, "tick", None, []),
            (DETACH_WAIT_S, "tick", None, [("extension", m.DETACH, "r1")]),
        ]
    )
    assert "did not confirm the detach" in routing.status()["last_error"]


@pytest.mark.parametrize("session_id", ["s1", "nope"])
def test_detach_needs_a_connected_session(session_id: str) -> None:
    routing = connected()
    routing.link_down("s1", 1006, 0.0)
    (reply, *_) = routing.from_extension(request(m.DETACH, session_id=session_id), 0.0)
    assert isinstance(reply, ToExtension)
    assert (reply.message["ok"], reply.message["error"]["code"]) == (False, "not_connected")
    assert routing.status()["last_error"] == "that session is not connected"


@pytest.mark.parametrize(
    ("message", "code", "reply_to"),
    [
        ({"type": "evaluate", "id": "x"}, "unknown_type", "x"),
        ({"id": "x"}, "unknown_type", "x"),
        ({"type": m.STATUS}, "missing_id", None),
        ({"type": m.STATUS, "id": True}, "missing_id", None),
        ({"type": m.STATUS, "id": 1.5}, "missing_id", None),
    ],
)
def test_messages_that_are_not_requests_get_an_error(message: dict[str, Any], code: str, reply_to: Any) -> None:
    (error,) = Routing().from_extension(message, 0.0)
    assert isinstance(error, ToExtension)
    assert (error.message["type"], error.message["error"]["code"], error.message["reply_to"]) == (
        m.ERROR,
        code,
        reply_to,
    )


def test_an_unreadable_message_gets_an_error() -> None:
    (error,) = Routing().bad_message(FramingError("the message is not valid JSON", code="invalid_json"))
    assert isinstance(error, ToExtension)
    assert error.message == {
        "type": m.ERROR,
        "reply_to": None,
        "ok": False,
        "error": {"code": "invalid_json", "message": "the message is not valid JSON"},
    }


def test_hello_is_performed_by_the_relay_and_answered_with_the_status() -> None:
    routing = Routing()
    assert summarise(routing.from_extension(request(m.HELLO, version=1, browser_profile_id="p"), 0.0)) == [
        ("perform", m.HELLO)
    ]
    (perform,) = routing.from_extension(request(m.HELLO, "r2", version=1, browser_profile_id="p"), 0.0)
    assert isinstance(perform, Perform)
    reply, pushed = routing.performed(perform.request, ME, 0.0)
    assert isinstance(reply, ToExtension) and isinstance(pushed, ToExtension)
    assert reply.message["reply_to"] == "r2" and reply.message["version"] == m.HOST_PROTOCOL_VERSION
    assert reply.message["timeouts_s"] == m.REQUEST_TIMEOUTS_S
    assert reply.message["status"]["paired"] and reply.message["status"]["device_id"] == ME.device_id


def test_hello_in_another_version_is_refused() -> None:
    (reply, *_) = Routing().from_extension(request(m.HELLO, version=2, browser_profile_id="p"), 0.0)
    assert isinstance(reply, ToExtension) and reply.message["error"]["code"] == "version_unsupported"


@pytest.mark.parametrize("kind", [m.PAIR_START, m.PAIR_APPROVE, m.PAIR_DENY])
def test_pairing_before_hello_is_refused(kind: str) -> None:
    (reply, *_) = Routing().from_extension(request(kind, request_id="p1"), 0.0)
    assert isinstance(reply, ToExtension) and reply.message["error"]["code"] == "hello_required"


def test_pairing_start_then_approve() -> None:
    routing = Routing()
    hello(routing, Identity("profile1", "dev-me", paired=False))
    (start,) = routing.from_extension(request(m.PAIR_START, "r1", label="laptop"), 1.0)
    assert isinstance(start, Perform)
    reply, pushed = routing.performed(start.request, PairingOpened("pr1", "123-456"), 1.0)
    assert isinstance(reply, ToExtension)
    assert reply.message == {
        "type": m.PAIR_START,
        "reply_to": "r1",
        "ok": True,
        "request_id": "pr1",
        "verification_code": "123-456",
    }
    assert pushed_statuses([pushed])[0]["pairing"] == {"request_id": "pr1", "verification_code": "123-456"}

    wrong = routing.from_extension(request(m.PAIR_APPROVE, "r2", request_id="other"), 2.0)
    assert summarise(wrong) == [("extension", m.PAIR_APPROVE, "r2")]
    assert routing.status()["last_error"] == "no such pairing request is waiting; start pairing again"

    (approve,) = routing.from_extension(request(m.PAIR_APPROVE, "r3", request_id="pr1"), 3.0)
    assert isinstance(approve, Perform)
    reply, *_ = routing.performed(approve.request, Paired(ME.device_id), 3.0)
    assert isinstance(reply, ToExtension) and reply.message["device_id"] == ME.device_id
    status = routing.status()
    assert (status["paired"], status["device_id"], status["pairing"], status["last_error"]) == (
        True,
        ME.device_id,
        None,
        None,
    )
    assert summarise(routing.tick(3.0)) == [("list",)]  # the sessions at once


def test_a_failed_pairing_step_is_reported_and_deny_ends_the_request() -> None:
    routing = Routing()
    hello(routing, Identity("profile1", "dev-me", paired=False))
    (start,) = routing.from_extension(request(m.PAIR_START, "r1"), 0.0)
    assert isinstance(start, Perform)
    refused = HostError("Hermes server not running", code="server_not_running")
    reply, *_ = routing.performed(start.request, refused, 0.0)
    assert isinstance(reply, ToExtension) and reply.message["error"]["code"] == "server_not_running"
    assert routing.status()["last_error"] == "Hermes server not running"
    (start,) = routing.from_extension(request(m.PAIR_START, "r2"), 1.0)
    assert isinstance(start, Perform)
    routing.performed(start.request, PairingOpened("pr1", "123-456"), 1.0)
    (deny,) = routing.from_extension(request(m.PAIR_DENY, "r3", request_id="pr1"), 1.0)
    assert isinstance(deny, Perform)
    reply, *_ = routing.performed(deny.request, PairingDenied(), 1.0)
    assert isinstance(reply, ToExtension) and reply.message["ok"]
    assert routing.status()["pairing"] is None and not routing.status()["paired"]
    assert summarise(routing.from_extension(request(m.PAIR_APPROVE, "r4", request_id="pr1"), 2.0)) == [
        ("extension", m.PAIR_APPROVE, "r4")
    ]  # nothing waits any more


# ----- status pushes ----------------------------------------------------------------------------------


def test_the_status_is_pushed_only_when_it_changed() -> None:
    routing = Routing()
    first = pushed_statuses(hello(routing))
    assert len(first) == 1 and first[0]["sessions"] == []
    routing.tick(0.0)
    assert pushed_statuses(routing.sessions_listed([session("s1")])) == [routing.status()]
    assert pushed_statuses(routing.sessions_listed([session("s1")])) == []  # nothing changed
    pushed = pushed_statuses(routing.link_up("s1"))
    assert [s["sessions"][0]["state"] for s in pushed] == [LaneState.CONNECTED]
    assert pushed_statuses(routing.from_server("s1", command("cmd1"))) == []

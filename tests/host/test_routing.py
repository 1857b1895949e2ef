"""The host's routing as transition tables: messages in, actions out, on an injected clock.

Each step is ``(now, operation, argument, expected)``.  Actions are summarised as tuples:
``("extension", message type, reply_to or command id)``, ``("server", session, frame type, command id)``,
``("open", session)``, ``("close", session)``, ``("list",)``, ``("check",)``, ``("forget",)`` and
``("perform", request type)``.  Status pushes are left out of the tables (``pushed_statuses`` reads them),
and so are the polls a ``tick`` step starts (they have tests of their own), so that each table shows
one rule.
"""

from __future__ import annotations

import base64
import hashlib
import math
from typing import Any

import pytest

from hermes_host.actions import (
    Action,
    CheckServer,
    CloseLink,
    ForgetPairing,
    Identity,
    ListSessions,
    OpenLink,
    Perform,
    ToExtension,
    ToServer,
)
from hermes_host.framing import encode
from hermes_host.routing import BACKOFF_S, MAX_QUEUED_RESULTS, POLL_S, Routing
from hermes_wire import controller as protocol
from hermes_wire import native as m
from hermes_wire.controller import LaneState

ME = Identity("profile1", "dev-me", paired=True)
OTHER = "hermes-host.dev-other"


def summarise(actions: list[Action], *, statuses: bool = False) -> list[tuple[Any, ...]]:
    summary: list[tuple[Any, ...]] = []
    for action in actions:
        if isinstance(action, ToExtension):
            message = action.message
            if message["type"] == m.STATUS and "reply_to" not in message and not statuses:
                continue
            key = message["reply_to"] if "reply_to" in message else message.get("command_id")
            summary.append(("extension", message["type"], key))
        elif isinstance(action, ToServer):
            summary.append(("server", action.session_id, action.frame["type"], action.frame.get("command_id")))
        elif isinstance(action, OpenLink):
            assert action.controller_id == ME.controller_id
            summary.append(("open", action.session_id))
        elif isinstance(action, CloseLink):
            summary.append(("close", action.session_id))
        elif isinstance(action, ListSessions):
            summary.append(("list",))
        elif isinstance(action, CheckServer):
            summary.append(("check",))
        elif isinstance(action, ForgetPairing):
            summary.append(("forget",))
        else:
            summary.append(("perform", action.request.kind))
    return summary


def without_polls(actions: list[Action]) -> list[tuple[Any, ...]]:
    return [step for step in summarise(actions) if step not in (("list",), ("check",))]


def pushed_statuses(actions: list[Action]) -> list[dict[str, Any]]:
    return [
        a.message["status"]
        for a in actions
        if isinstance(a, ToExtension) and a.message["type"] == m.STATUS and "reply_to" not in a.message
    ]


def session(
    session_id: str = "s1", state: LaneState = LaneState.AWAITING_CONTROLLER, controller_id: str | None = None
) -> dict[str, Any]:
    return {
        "id": session_id,
        "label": f"label {session_id}",
        "controller": {"state": state, "controller_id": controller_id},
    }


def command(command_id: str, **arguments: Any) -> dict[str, Any]:
    return protocol.command_frame(
        command_id=command_id,
        action="browser_click",
        arguments=arguments,
        controller_id=ME.controller_id,
        browser_profile_id="profile1",
        tool_call_id="t",
        timeout_ms=30_000,
    )


def cancel(command_id: str) -> dict[str, Any]:
    return protocol.cancel_frame(command_id=command_id, tool_call_id="t")


def result(command_id: str, ok: Any = True) -> dict[str, Any]:
    return {"type": m.RESULT, "command_id": command_id, "ok": ok, "result": {"done": command_id}}


def request(kind: str, message_id: Any = "r1", **fields: Any) -> dict[str, Any]:
    return {"type": kind, "id": message_id, **fields}


def hello(routing: Routing, identity: Identity = ME, now: float = 0.0) -> list[Action]:
    """``hello`` as the relay carries it out: performed, then answered with what it found."""
    (perform,) = routing.from_extension(request(m.HELLO, "hello", version=1, browser_profile_id="profile1"), now)
    assert isinstance(perform, Perform)
    return routing.performed(perform.request, identity, now)


def connected(*session_ids: str) -> Routing:
    """A paired routing whose links to ``session_ids`` (default: s1) are up, at time 0."""
    routing = Routing()
    hello(routing)
    assert summarise(routing.tick(0.0)) == [("list",)]
    listed = routing.sessions_listed([session(s) for s in session_ids or ("s1",)])
    assert summarise(listed) == [("open", s) for s in session_ids or ("s1",)]
    for session_id in session_ids or ("s1",):
        routing.link_up(session_id)
    return routing


def run_table(steps: list[tuple[float, str, Any, Any]], routing: Routing | None = None) -> Routing:
    routing = routing or connected()
    for number, (now, operation, argument, expected) in enumerate(steps, 1):
        where = f"step {number}: {operation} {argument!r}"
        if operation == "server":  # a frame on s1's socket
            actions = routing.from_server("s1", argument)
        elif operation == "extension":
            actions = routing.from_extension(argument, now)
        elif operation == "up":
            actions = routing.link_up("s1")
        elif operation == "down":  # s1's socket closed with this code (None: it could not be opened)
            actions = routing.link_down("s1", argument, now)
        elif operation == "refused":
            actions = routing.registration_refused("s1", argument, now)
        elif operation == "undelivered":
            actions = routing.undelivered("s1", argument)
        elif operation == "listed":
            actions = routing.sessions_listed(argument)
        elif operation == "tick":
            actions = routing.tick(now)
        else:
            raise AssertionError(f"unknown operation {operation}")
        summary = without_polls(actions) if operation == "tick" else summarise(actions)
        assert summary == expected, where
    return routing


def states(routing: Routing) -> dict[str, LaneState]:
    return {s["session_id"]: s["state"] for s in routing.status()["sessions"]}


# ----- commands and results ---------------------------------------------------------------------------


def test_a_command_goes_to_the_extension_once_and_its_result_back_over_the_socket() -> None:
    run_table(
        [
            (0, "server", command("cmd1", ref="@e1"), [("extension", m.COMMAND, "cmd1")]),
            (0, "server", command("cmd2"), [("extension", m.COMMAND, "cmd2")]),
            (1, "extension", result("cmd2"), [("server", "s1", protocol.RESULT, "cmd2")]),
            (1, "extension", result("cmd1", ok=False), [("server", "s1", protocol.RESULT, "cmd1")]),
            (2, "extension", result("cmd1"), []),  # already answered: a duplicate goes nowhere
            (2, "extension", result("never-sent"), []),
        ]
    )


def test_commands_and_results_carry_their_fields_across() -> None:
    routing = connected()
    (to_extension,) = routing.from_server("s1", command("cmd1", ref="@e3"))
    assert isinstance(to_extension, ToExtension)
    assert to_extension.message == {
        "type": m.COMMAND,
        "session_id": "s1",
        "command_id": "cmd1",
        "action": "browser_click",
        "arguments": {"ref": "@e3"},
        "tool_call_id": "t",
        "timeout_ms": 30_000,
    }
    failed = {"type": m.RESULT, "command_id": "cmd1", "ok": False, "error": {"code": "x", "message": "y"}}
    (to_server,) = routing.from_extension(failed, 1.0)
    assert isinstance(to_server, ToServer)
    assert to_server.frame == {
        "type": protocol.RESULT,
        "command_id": "cmd1",
        "ok": False,
        "error": {"code": "x", "message": "y"},
    }


@pytest.mark.parametrize("deadline", [0, -5, True, 1.5, "30000", None, protocol.MAX_COMMAND_TIMEOUT_MS + 1])
def test_a_command_deadline_that_is_not_a_sane_whole_number_is_left_out(deadline: Any) -> None:
    """The extension bounds its wait for the user by the deadline: a nonsense one is dropped, never passed on."""
    routing = connected()
    (to_extension,) = routing.from_server("s1", command("cmd1", ref="@e3") | {"timeout_ms": deadline})
    assert isinstance(to_extension, ToExtension)
    assert "timeout_ms" not in to_extension.message


def test_a_cancel_goes_to_the_extension_and_the_late_result_is_dropped() -> None:
    run_table(
        [
            (0, "server", command("cmd1"), [("extension", m.COMMAND, "cmd1")]),
            (1, "server", cancel("cmd1"), [("extension", m.CANCEL, "cmd1")]),
            (2, "extension", result("cmd1"), []),
        ]
    )


def test_a_command_too_big_for_chrome_is_refused_to_the_server_not_sent() -> None:
    routing = connected()
    (refusal,) = routing.from_server("s1", command("cmd1", text="x" * m.MAX_TO_EXTENSION))
    assert isinstance(refusal, ToServer)
    assert (refusal.frame["command_id"], refusal.frame["ok"], refusal.frame["error"]["code"]) == (
        "cmd1",
        False,
        "invalid_arguments",
    )


def upload(command_id: str, files: Any) -> dict[str, Any]:
    frame = command(command_id, paths=["/x"], ref="@e1") | {"action": "browser_file_upload"}
    return frame | {"files": files}


def attached(name: str, content: bytes, kind: str = "text/plain") -> dict[str, Any]:
    digest = hashlib.sha256(content).hexdigest()
    data = base64.b64encode(content).decode()
    return {"name": name, "size": len(content), "type": kind, "sha256": digest, "data": data}


def test_an_uploads_bytes_go_to_the_extension_in_chunks_chrome_takes_before_the_command() -> None:
    """A file bigger than a native message travels in ``file_chunk`` messages, each within Chrome's 1 MB and each
    decoding on its own; the command follows with the files listed without their bytes."""
    big = bytes(range(256)) * (5 * 1024 * 4)  # 5 MB
    routing = connected()
    actions = routing.from_server("s1", upload("cmd1", [attached("big.bin", big, ""), attached("empty.txt", b"")]))
    messages = [action.message for action in actions if isinstance(action, ToExtension)]
    assert len(messages) == len(actions)
    *chunks, sent = messages
    assert all(len(encode(message)) <= m.MAX_TO_EXTENSION for message in messages)
    assert {(c["type"], c["session_id"], c["command_id"], c["file"]) for c in chunks} == {
        (m.FILE_CHUNK, "s1", "cmd1", 0)
    }
    assert [c["index"] for c in chunks] == list(range(len(chunks))) and len(chunks) > 5
    assert b"".join(base64.b64decode(c["data"]) for c in chunks) == big
    assert sent["type"] == m.COMMAND and sent["arguments"] == {"paths": ["/x"], "ref": "@e1"}
    assert sent["files"] == [
        {
            "name": "big.bin",
            "size": len(big),
            "type": "",
            "sha256": hashlib.sha256(big).hexdigest(),
            "chunks": len(chunks),
        },
        {"name": "empty.txt", "size": 0, "type": "text/plain", "sha256": hashlib.sha256(b"").hexdigest(), "chunks": 0},
    ]
    assert summarise(routing.from_extension(result("cmd1"), 1.0)) == [("server", "s1", protocol.RESULT, "cmd1")]


GOOD = attached("a.txt", b"hello")


@pytest.mark.parametrize(
    ("files", "why"),
    [
        ([], "a list of 1 to"),
        ("a.txt", "a list of 1 to"),
        ([GOOD] * (m.MAX_COMMAND_FILES + 1), "a list of 1 to"),
        (["a.txt"], "needs a name"),
        ([GOOD | {"name": ""}], "needs a name"),
        ([GOOD | {"name": "../../.bashrc"}], "needs a name"),
        ([GOOD | {"name": "x" * 256}], "needs a name"),
        ([GOOD | {"type": None}], "needs a type"),
        ([GOOD | {"sha256": "ABC"}], "sha256"),
        ([GOOD | {"size": True}], "whole size"),
        ([GOOD | {"size": "5"}], "whole size"),
        ([GOOD | {"data": None}], "whole size"),
        ([GOOD | {"data": "aGVsbG8=!"}], "not base64"),
        ([GOOD | {"size": 6}], "holds 5 bytes, not the 6"),
    ],
)
def test_an_upload_whose_files_are_malformed_is_refused_to_the_server_and_nothing_reaches_the_extension(
    files: Any, why: str
) -> None:
    routing = connected()
    (refusal,) = routing.from_server("s1", upload("cmd1", files))
    assert isinstance(refusal, ToServer)
    assert (refusal.frame["command_id"], refusal.frame["ok"], refusal.frame["error"]["code"]) == (
        "cmd1",
        False,
        "invalid_arguments",
    )
    assert why in refusal.frame["error"]["message"]
    assert routing.from_extension(result("cmd1"), 1.0) == []  # never sent: nobody waits for it


def test_server_acknowledgements_need_nothing() -> None:
    run_table(
        [
            (0, "server", protocol.detach_reply(), []),
            (0, "server", protocol.heartbeat_reply("n1"), []),
        ]
    )


@pytest.mark.parametrize(
    "bad",
    [
        {"type": m.RESULT, "ok": True},
        {"type": m.RESULT, "command_id": "cmd1", "ok": "yes"},
        {"type": m.RESULT, "command_id": 7, "ok": True},
    ],
)
def test_a_malformed_result_gets_an_error_and_keeps_the_command_waiting(bad: dict[str, Any]) -> None:
    run_table(
        [
            (0, "server", command("cmd1"), [("extension", m.COMMAND, "cmd1")]),
            (1, "extension", bad, [("extension", m.ERROR, None)]),
            (2, "extension", result("cmd1"), [("server", "s1", protocol.RESULT, "cmd1")]),
        ]
    )


# ----- socket loss: results wait, nothing is sent twice -----------------------------------------------


def test_results_while_the_socket_is_down_are_sent_once_after_reconnecting() -> None:
    run_table(
        [
            (0, "server", command("cmd1"), [("extension", m.COMMAND, "cmd1")]),
            (0, "server", command("cmd2"), [("extension", m.COMMAND, "cmd2")]),
            (1, "down", 1006, []),
            (1, "extension", result("cmd2"), []),
            (1, "extension", result("cmd1"), []),
            (1 + BACKOFF_S[0], "tick", None, [("open", "s1")]),
            (2, "up", None, [("server", "s1", protocol.RESULT, "cmd2"), ("server", "s1", protocol.RESULT, "cmd1")]),
            (3, "down", 1006, []),
            (3 + BACKOFF_S[0], "tick", None, [("open", "s1")]),
            (4, "up", None, []),  # already sent: not again
        ]
    )


def test_a_result_the_dying_socket_could_not_take_waits_for_the_next_one() -> None:
    run_table(
        [
            (0, "server", command("cmd1"), [("extension", m.COMMAND, "cmd1")]),
            (1, "extension", result("cmd1"), [("server", "s1", protocol.RESULT, "cmd1")]),
            (1, "undelivered", {"type": protocol.RESULT, "command_id": "cmd1", "ok": True}, []),
            (1, "undelivered", {"type": protocol.DETACH}, []),  # only results are kept
            (1, "down", 1006, []),
            (1 + BACKOFF_S[0], "tick", None, [("open", "s1")]),
            (2, "up", None, [("server", "s1", protocol.RESULT, "cmd1")]),
        ]
    )


def test_at_most_so_many_results_wait() -> None:
    routing = connected()
    for number in range(MAX_QUEUED_RESULTS + 1):
        routing.from_server("s1", command(f"cmd{number}"))
    routing.link_down("s1", 1006, 0.0)
    for number in range(MAX_QUEUED_RESULTS + 1):
        assert routing.from_extension(result(f"cmd{number}"), 0.0) == []
    routing.tick(BACKOFF_S[0])
    sent = summarise(routing.link_up("s1"))
    assert sent == [("server", "s1", protocol.RESULT, f"cmd{n}") for n in range(MAX_QUEUED_RESULTS)]


# ----- reconnecting: backoff --------------------------------------------------------------------------


def test_reconnects_back_off_while_attempts_fail_and_start_over_once_connected() -> None:
    routing = connected()
    now = 0.0
    routing.link_down("s1", 1006, now)
    for wait in (*BACKOFF_S, BACKOFF_S[-1]):  # the longest wait repeats
        assert without_polls(routing.tick(now + wait - 0.001)) == []
        assert without_polls(routing.tick(now + wait)) == [("open", "s1")]
        assert states(routing) == {"s1": LaneState.DISCONNECTED}
        now += wait
        routing.link_down("s1", None, now)  # could not connect again
    routing.tick(now + BACKOFF_S[-1])
    routing.link_up("s1")
    assert states(routing) == {"s1": LaneState.CONNECTED}
    now += BACKOFF_S[-1]
    routing.link_down("s1", protocol.CLOSE_GOING_AWAY, now)
    assert without_polls(routing.tick(now + BACKOFF_S[0])) == [("open", "s1")]


def test_a_link_that_never_connected_awaits_its_controller() -> None:
    routing = Routing()
    hello(routing)
    routing.tick(0.0)
    routing.sessions_listed([session("s1")])
    assert states(routing) == {"s1": LaneState.AWAITING_CONTROLLER}
    routing.link_down("s1", None, 0.0)
    assert states(routing) == {"s1": LaneState.AWAITING_CONTROLLER}
    assert routing.next_wakeup() == BACKOFF_S[0]


# ----- close codes and refusals -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "state", "reopened_by_a_listing"),
    [
        (protocol.CLOSE_NORMAL, LaneState.DETACHED, False),  # 1000: detached
        (protocol.CLOSE_REPLACED, LaneState.DISCONNECTED, True),  # 4001: replaced
        (protocol.CLOSE_REVOKED, LaneState.DISCONNECTED, True),  # 4003: revoked
        (protocol.CLOSE_SESSION_CLOSED, LaneState.DISCONNECTED, True),  # 4004: session closed
    ],
)
def test_a_final_close_code_ends_the_link(code: int, state: LaneState, reopened_by_a_listing: bool) -> None:
    routing = connected()
    routing.link_down("s1", code, 5.0)
    assert states(routing) == {"s1": state}
    assert routing.next_wakeup() == POLL_S  # only the poll: no reconnect is scheduled
    assert summarise(routing.tick(POLL_S)) == [("list",)]
    # The server still lists the session as one this host may drive: only a listing starts it again.
    again = summarise(routing.sessions_listed([session("s1", LaneState.DISCONNECTED, ME.controller_id)]))
    assert again == ([("open", "s1")] if reopened_by_a_listing else [])


@pytest.mark.parametrize("code", [protocol.CLOSE_GOING_AWAY, 1006, protocol.CLOSE_INVALID_FRAME, None])
def test_other_closes_reconnect(code: int | None) -> None:
    run_table(
        [
            (5, "down", code, []),
            (5 + BACKOFF_S[0], "tick", None, [("open", "s1")]),
        ]
    )


@pytest.mark.parametrize(("status", "retried"), [(401, False), (403, False), (500, True), (429, True)])
def test_a_refused_registration_ends_the_link_only_when_the_device_is_refused(status: int, retried: bool) -> None:
    routing = connected()
    routing.link_down("s1", 1006, 0.0)
    routing.tick(BACKOFF_S[0])
    routing.registration_refused("s1", status, BACKOFF_S[0])
    expected = BACKOFF_S[0] + BACKOFF_S[1] if retried else POLL_S
    assert routing.next_wakeup() == expected


# ----- which sessions get a link ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("state", "controller_id", "driven"),
    [
        (LaneState.AWAITING_CONTROLLER, None, True),
        (LaneState.DISCONNECTED, OTHER, True),  # its controller went away: this host may take it
        (LaneState.CONNECTED, ME.controller_id, True),
        (LaneState.CONNECTED, OTHER, False),  # another controller holds it: taking it would ping-pong
        (LaneState.AMBIGUOUS, OTHER, False),
        (LaneState.DETACHED, ME.controller_id, False),
        (LaneState.DETACHED, None, False),
    ],
)
def test_which_sessions_get_a_link(state: LaneState, controller_id: str | None, driven: bool) -> None:
    routing = Routing()
    hello(routing)
    routing.tick(0.0)
    actions = routing.sessions_listed([session("s1", state, controller_id)])
    assert summarise(actions) == ([("open", "s1")] if driven else [])


def test_sessions_the_server_no_longer_lists_are_closed_and_new_ones_opened() -> None:
    routing = connected("s1", "s2")
    assert summarise(
        routing.sessions_listed([session("s2", LaneState.CONNECTED, ME.controller_id), session("s3")])
    ) == [("close", "s1"), ("open", "s3")]
    assert summarise(routing.sessions_listed([session("s2", LaneState.CONNECTED, OTHER), session("s3")])) == [
        ("close", "s2")
    ]  # taken over by another controller
    assert list(states(routing)) == ["s3"]


# ----- polling the server -----------------------------------------------------------------------------


def test_nothing_is_polled_before_hello_then_every_poll_interval() -> None:
    routing = Routing()
    assert routing.tick(0.0) == [] and routing.next_wakeup() == math.inf
    hello(routing, Identity("profile1", "dev-me", paired=False), now=3.0)
    assert routing.next_wakeup() == 3.0  # at once
    assert summarise(routing.tick(3.0)) == [("check",)]
    assert summarise(routing.tick(3.0 + POLL_S / 2)) == []
    assert summarise(routing.tick(3.0 + POLL_S)) == [("check",)]


def test_the_listing_is_a_long_poll_asked_again_at_once_with_the_last_token() -> None:
    routing = Routing()
    hello(routing)
    assert routing.tick(0.0) == [ListSessions(None)]  # the first listing has no token to wait on
    assert routing.next_wakeup() == math.inf  # nothing more is asked while that listing is under way
    assert routing.tick(5 * POLL_S) == []
    routing.sessions_listed([session("s1")], token="ab12")
    assert routing.tick(5 * POLL_S) == [ListSessions("ab12")]  # at once, held by the server until a change
    assert routing.tick(30 * POLL_S) == []  # held: still one listing at a time
    routing.sessions_listed([session("s1")], token="cd34")
    assert routing.tick(30 * POLL_S) == [ListSessions("cd34")]


def test_a_listing_the_relay_dropped_is_no_longer_under_way() -> None:
    routing = Routing()
    hello(routing)
    routing.tick(0.0)
    routing.sessions_listed([session("s1")], token="ab12")
    assert routing.tick(1.0) == [ListSessions("ab12")]
    assert routing.listing_dropped() == [] and routing.status()["last_error"] is None  # nothing to report
    assert routing.next_wakeup() == 1.0 + POLL_S
    assert routing.tick(1.0 + POLL_S) == [ListSessions("ab12")]


@pytest.mark.parametrize("failure", ["missing", "refused", "no token"])
def test_a_failed_or_tokenless_listing_drops_the_token_and_waits_a_poll_interval(failure: str) -> None:
    routing = Routing()
    hello(routing)
    routing.tick(0.0)
    routing.sessions_listed([session("s1")], token="ab12")
    assert routing.tick(10.0) == [ListSessions("ab12")]
    if failure == "missing":
        routing.server_missing()
    elif failure == "refused":
        routing.server_refused(500, "boom")
    else:
        routing.sessions_listed([session("s1")])
    assert routing.next_wakeup() == 10.0 + POLL_S  # no hammering of a server that fails
    assert routing.tick(10.0 + POLL_S / 2) == []
    assert routing.tick(10.0 + POLL_S) == [ListSessions(None)]


def test_the_server_state_follows_the_polls() -> None:
    routing = Routing()
    hello(routing, Identity("profile1", "dev-me", paired=False))
    routing.server_running()
    assert routing.status()["server"] == m.SERVER_RUNNING and routing.status()["server_message"] is None
    routing.server_missing()
    assert routing.status()["server"] == m.SERVER_NOT_RUNNING
    assert routing.status()["server_message"] == m.NOT_RUNNING_TEXT
    assert routing.status()["last_error"] is None  # no server at all is no error


def test_a_server_that_is_gone_or_untrusted_is_missing_and_says_why() -> None:
    routing = connected()
    pushed = pushed_statuses(routing.server_missing("the process at http://127.0.0.1:1 is not the Hermes server"))
    assert [(s["server"], s["last_error"]) for s in pushed] == [
        (m.SERVER_NOT_RUNNING, "the process at http://127.0.0.1:1 is not the Hermes server")
    ]
    assert routing.status()["paired"] and states(routing) == {"s1": LaneState.CONNECTED}  # the pairing is kept


def test_a_401_on_the_listing_forgets_the_pairing_and_closes_every_link() -> None:
    routing = connected("s1", "s2")
    actions = routing.server_refused(401, "unknown device")
    assert summarise(actions) == [("forget",), ("close", "s1"), ("close", "s2")]
    status = routing.status()
    assert (status["paired"], status["device_id"], status["sessions"], status["last_error"]) == (
        False,
        None,
        [],
        "unknown device",
    )
    assert summarise(routing.tick(POLL_S)) == [("check",)]  # back to finding a server to pair with


def test_another_refusal_of_the_listing_is_only_reported() -> None:
    routing = connected()
    assert summarise(routing.server_refused(500, "boom")) == []
    assert routing.status()["paired"] and routing.status()["last_error"] == "boom"
    assert states(routing) == {"s1": LaneState.CONNECTED}

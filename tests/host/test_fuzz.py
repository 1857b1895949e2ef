"""The host's two input edges under fuzzing: the native-messaging framing and the routing.

Whatever the extension (or whatever got hold of its port) writes, the host must never crash: the
framing turns any byte stream into messages or ``FramingError``s, and the routing answers every
message it cannot take with an error, and every reply it builds can be framed.  Each fuzz test
counts the examples it ran (``EXAMPLES_RUN``) and asserts it ran some; run pytest with
``--hypothesis-show-statistics`` to see the numbers.
"""

from __future__ import annotations

import asyncio
import base64
import json
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hermes_host.actions import Identity, Perform, Request, ToExtension, ToServer
from hermes_host.errors import FramingError
from hermes_host.framing import LENGTH, encode, read_message
from hermes_host.routing import Routing
from hermes_wire import controller as protocol
from hermes_wire import native as m

FRAMING_EXAMPLES = 400
ROUTING_EXAMPLES = 600
EXAMPLES_RUN: Counter[str] = Counter()

#: Any JSON value, nested a little (the framing tests nest deeper on purpose).
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=2**53, max_value=10**300)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=20,
)
SESSION = "sess_1"
COMMAND_ID = "cmd_1"
known_fields = st.sampled_from(["type", "id", "session_id", "command_id", "ok", "result", "error", "version"])
field_values = json_values | st.sampled_from([*m.REQUEST_TIMEOUTS_S, m.RESULT, SESSION, COMMAND_ID, 1, "r1"])
#: Messages shaped like the extension's, with every field possibly wrong.
messages = st.dictionaries(known_fields | st.text(max_size=10), field_values, max_size=6) | st.fixed_dictionaries(
    {"type": st.sampled_from([*m.REQUEST_TIMEOUTS_S, m.RESULT]), "id": field_values},
    optional={"session_id": field_values, "command_id": field_values, "ok": field_values, "result": json_values},
)


def framed(body: bytes) -> bytes:
    return LENGTH.pack(len(body)) + body


#: A stream: well-framed bodies (random bytes, or any JSON value however deeply nested), maybe garbage after.
bodies = st.binary(max_size=64) | json_values.map(lambda value: json.dumps(value).encode())
deeply_nested = st.integers(min_value=1, max_value=5000).map(lambda depth: b"[" * depth + b"]" * depth)
streams = st.tuples(st.lists(bodies | deeply_nested, max_size=5), st.binary(max_size=16)).map(
    lambda parts: b"".join(framed(body) for body in parts[0]) + parts[1]
)


async def read_all(data: bytes) -> list[dict[str, Any] | FramingError]:
    """Every message (or error) the host would read from ``data``, until the end or a fatal error."""
    reader = asyncio.StreamReader()
    reader.feed_data(data)
    reader.feed_eof()
    seen: list[dict[str, Any] | FramingError] = []
    while True:
        try:
            message = await read_message(reader, limit=2**16)
        except FramingError as error:
            seen.append(error)
            if error.fatal:
                return seen
            continue
        if message is None:
            return seen
        seen.append(message)


@settings(max_examples=FRAMING_EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(streams)
def fuzz_framing(data: bytes) -> None:
    EXAMPLES_RUN["framing"] += 1
    for item in asyncio.run(read_all(data)):
        if isinstance(item, FramingError):
            encode({"type": m.ERROR, "error": {"code": item.code, "message": item.message}})
        else:
            assert isinstance(item, dict)
            encode(item)  # whatever was read can be echoed back


def test_the_framing_reads_any_byte_stream_without_crashing() -> None:
    fuzz_framing()
    assert EXAMPLES_RUN["framing"] > 0


def routing_with_a_link() -> Routing:
    """A paired routing with one open link and one command in flight, so results and detaches have a target."""
    routing = Routing()
    hello = Request(m.HELLO, "h", {"type": m.HELLO, "id": "h"})
    routing.performed(hello, Identity("profile1", "dev_fuzz", paired=True), now=0.0)
    routing.sessions_listed(
        [{"id": SESSION, "label": "", "controller": {"state": "awaiting_controller", "controller_id": None}}]
    )
    routing.link_up(SESSION)
    command = {"command_id": COMMAND_ID, "action": "browser_tabs", "arguments": {}, "tool_call_id": "t"}
    routing.from_server(SESSION, {"type": protocol.COMMAND} | command)
    return routing


def usable_id(value: Any) -> bool:
    if isinstance(value, str):
        return len(value) <= 128
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= 2**53 - 1


@settings(max_examples=ROUTING_EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(messages, st.booleans())
def fuzz_routing(message: dict[str, Any], with_hello: bool) -> None:
    EXAMPLES_RUN["routing"] += 1
    routing = routing_with_a_link() if with_hello else Routing()
    actions = routing.from_extension(message, now=1.0)
    to_extension = [a.message for a in actions if isinstance(a, ToExtension)]
    for sent in to_extension:
        encode(sent)  # every message for the extension can be framed
    for action in actions:
        if isinstance(action, ToServer):
            json.dumps(action.frame, allow_nan=False)  # and every frame for the server serialised
    kind = message.get("type")
    replies = [sent for sent in to_extension if sent.get("type") != m.STATUS or "reply_to" in sent]
    if kind == m.RESULT:
        assert all(sent["error"]["code"] == "bad_result" for sent in replies)
    elif isinstance(kind, str) and kind in m.REQUEST_TIMEOUTS_S and usable_id(message.get("id")):
        answers = [sent for sent in replies if sent.get("reply_to") == message["id"]]
        performed = [a for a in actions if isinstance(a, Perform)]
        detach_sent = [a for a in actions if isinstance(a, ToServer) and a.frame["type"] == protocol.DETACH]
        assert len(answers) + len(performed) + len(detach_sent) == 1, actions
    else:
        assert len(replies) == 1 and replies[0]["ok"] is False, actions
        assert replies[0]["type"] == m.ERROR


def test_the_routing_answers_every_message_it_cannot_take() -> None:
    fuzz_routing()
    assert EXAMPLES_RUN["routing"] > 0


UPLOAD_EXAMPLES = 300
#: An upload's file, every field possibly wrong (the host must refuse what the extension could not rebuild).
upload_files = st.fixed_dictionaries(
    {},
    optional={
        "name": st.text(max_size=8) | json_values,
        "size": st.integers(min_value=-2, max_value=12) | json_values,
        "type": st.text(max_size=8) | json_values,
        "sha256": st.sampled_from(["0" * 64, "A" * 64, "0" * 63]) | json_values,
        "data": st.binary(max_size=9).map(lambda raw: base64.b64encode(raw).decode()) | st.text(max_size=12),
    },
)


@settings(max_examples=UPLOAD_EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(upload_files, max_size=3) | json_values)
def fuzz_upload(files: Any) -> None:
    """Whatever files an upload command carries, the server hears one refusal or the extension gets each file's
    bytes, in order and whole, then the command that lists them."""
    EXAMPLES_RUN["upload"] += 1
    routing = routing_with_a_link()
    frame = {"type": protocol.COMMAND, "command_id": "up", "action": "browser_file_upload", "tool_call_id": "t"}
    actions = routing.from_server(SESSION, frame | {"arguments": {}, "files": files})
    if len(actions) == 1 and isinstance(actions[0], ToServer):
        assert actions[0].frame["ok"] is False and actions[0].frame["error"]["code"] == "invalid_arguments"
        return
    messages = [action.message for action in actions if isinstance(action, ToExtension)]
    *chunks, command = messages
    assert command["type"] == m.COMMAND and len(command["files"]) == len(files)
    for number, (listed, given_file) in enumerate(zip(command["files"], files, strict=True)):
        carried = b"".join(base64.b64decode(c["data"]) for c in chunks if c["file"] == number)
        assert carried == base64.b64decode(given_file["data"]) and len(carried) == listed["size"]


def test_an_upload_command_is_refused_or_carried_whole_whatever_its_files() -> None:
    fuzz_upload()
    assert EXAMPLES_RUN["upload"] > 0

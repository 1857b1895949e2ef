"""Hypothesis strategies for what a controller (or whatever holds its socket) may send: any text at all.

Shared by the parser's fuzz test and the hub's, which sends the same texts over a real WebSocket.
``PENDING`` stands for the id of a command actually in flight; the hub's test puts the real id in
its place, so that some results match a command and finish it.
"""

from __future__ import annotations

import json
import math

from hypothesis import strategies as st

from hermes_wire import controller as protocol

PENDING = "@pending-command@"

#: Any JSON value Python writes, ``NaN``, infinities and integers beyond a double included.
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=2**53, max_value=10**400)
    | st.floats()
    | st.sampled_from([math.nan, math.inf, -math.inf])
    | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
frame_types = st.sampled_from([protocol.RESULT, protocol.HEARTBEAT, protocol.DETACH, protocol.COMMAND, protocol.CANCEL])
command_ids = st.just(PENDING) | st.sampled_from(["cmd_1", "", "x" * 129]) | json_values
errors = json_values | st.fixed_dictionaries({}, optional={"code": json_values, "message": json_values})
nonces = st.text(max_size=140) | st.integers() | json_values
#: Frames shaped like the protocol's, with every field possibly missing or wrong.
frame_objects = st.fixed_dictionaries(
    {"type": frame_types | json_values},
    optional={
        "command_id": command_ids,
        "ok": st.booleans() | json_values,
        "result": json_values,
        "error": errors,
        "nonce": nonces,
    },
)
#: Frames that pass every check but their payload's, so that the payloads are tried as well.
nearly_valid_frames = st.fixed_dictionaries(
    {"type": st.just(protocol.RESULT), "command_id": st.just(PENDING), "ok": st.booleans()},
    optional={"result": json_values, "error": errors},
) | st.fixed_dictionaries({"type": st.just(protocol.HEARTBEAT), "nonce": nonces})


def deep(depth: int, closed: bool) -> str:
    """Arrays nested ``depth`` levels, closed or left open."""
    return "[" * depth + ("]" * depth if closed else "")


frame_texts = (
    nearly_valid_frames.map(json.dumps)
    | frame_objects.map(json.dumps)
    | json_values.map(json.dumps)
    | st.text(max_size=200)
    | st.builds(deep, st.integers(min_value=1, max_value=3000), st.booleans())
)


def with_pending(text: str, command_id: str) -> str:
    """``text`` with the placeholder replaced by the id of the command in flight."""
    return text.replace(PENDING, command_id)

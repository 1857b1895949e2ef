"""The controller frame parser under fuzzing: any text gives a typed frame or a documented close code.

Whatever arrives on a controller socket, ``parse_controller_frame`` either returns a frame whose
fields have the types protocol v1 states (and whose result can be passed on to the agent as
JSON), or raises ``ProtocolViolation`` with 1003 or 1007, the codes docs/controller-protocol.md
gives for a bad frame; never another exception.  ``EXAMPLES_RUN`` counts the inputs tried.
"""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import HealthCheck, given, settings

from hermes_wire import controller as protocol
from hermes_wire.errors import ProtocolViolation
from tests.wire.controller_frames import frame_texts

PARSER_EXAMPLES = 300
#: The close codes docs/controller-protocol.md lists for a frame the parser refuses.
FRAME_CLOSE_CODES = {protocol.CLOSE_UNSUPPORTED, protocol.CLOSE_INVALID_FRAME}
EXAMPLES_RUN: Counter[str] = Counter()


@settings(max_examples=PARSER_EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(frame_texts)
def fuzz_parser(text: str) -> None:
    EXAMPLES_RUN["parser"] += 1
    try:
        frame = protocol.parse_controller_frame(text)
    except ProtocolViolation as violation:
        assert violation.close_code in FRAME_CLOSE_CODES, violation
        assert violation.message
        return
    if isinstance(frame, protocol.ResultFrame):
        assert protocol.IDENTIFIER_PATTERN.fullmatch(frame.command_id)
        assert type(frame.ok) is bool
        if not frame.ok:
            assert isinstance(frame.error_message, str) and isinstance(frame.error_code, str | None)
        json.dumps(frame.result, allow_nan=False)  # what the agent gets is JSON
    elif isinstance(frame, protocol.HeartbeatFrame):
        assert isinstance(frame.nonce, str | int) and not isinstance(frame.nonce, bool)
        assert len(str(frame.nonce)) <= 128
        json.dumps(protocol.heartbeat_reply(frame.nonce), allow_nan=False)
    else:
        assert isinstance(frame, protocol.DetachFrame)


def test_the_parser_answers_any_text_with_a_frame_or_a_documented_close_code() -> None:
    fuzz_parser()
    assert EXAMPLES_RUN["parser"] > 0

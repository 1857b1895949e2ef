"""Native-messaging framing, attacked through a real host subprocess (and the encoder's limit directly)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hermes_host.errors import FramingError
from hermes_host.framing import encode
from hermes_wire.native import MAX_FROM_EXTENSION, MAX_TO_EXTENSION
from tests.host.helpers import LENGTH, HostProcess, frame


def padded(size: int) -> bytes:
    """A status request whose JSON body is exactly ``size`` bytes."""
    skeleton = json.dumps({"type": "status", "id": "big", "padding": ""}).encode()
    body = json.dumps({"type": "status", "id": "big", "padding": "x" * (size - len(skeleton))}).encode()
    assert len(body) == size
    return body


def test_host_to_extension_limit_is_exactly_one_megabyte() -> None:
    skeleton = len(json.dumps({"type": "status", "p": ""}, separators=(",", ":")))
    at_limit = {"type": "status", "p": "x" * (MAX_TO_EXTENSION - skeleton)}
    assert len(encode(at_limit)) == MAX_TO_EXTENSION + LENGTH.size
    with pytest.raises(FramingError) as over:
        encode({"type": "status", "p": "x" * (MAX_TO_EXTENSION - skeleton + 1)})
    assert over.value.code == "message_too_large"


@pytest.mark.processes
async def test_extension_message_at_the_limit_round_trips_and_one_byte_over_ends_cleanly(tmp_path: Path) -> None:
    host = await HostProcess.start(tmp_path)
    await host.send_raw(frame(padded(MAX_FROM_EXTENSION)))
    reply = await host.next(lambda m: m.get("reply_to") == "big", timeout=60)
    assert reply["ok"] is True and "status" in reply
    await host.send_raw(LENGTH.pack(MAX_FROM_EXTENSION + 1) + b"{")
    error = await host.next(lambda m: m.get("type") == "error")
    assert error["error"]["code"] == "message_too_large"
    status, stderr = await host.close()
    assert status == 1 and b"Traceback" not in stderr


@pytest.mark.processes
@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"\x05\x00", None),  # a truncated length: nothing can be said, just a clean exit
        (LENGTH.pack(100) + b'{"type": "sta', "truncated"),
    ],
)
async def test_truncated_streams_end_cleanly(tmp_path: Path, data: bytes, code: str | None) -> None:
    host = await HostProcess.start(tmp_path)
    await host.send_raw(data)
    assert host.process.stdin is not None
    host.process.stdin.close()
    if code is not None:
        assert (await host.next(lambda m: m.get("type") == "error"))["error"]["code"] == code
    status, stderr = await host.close()
    assert status == 1 and b"Traceback" not in stderr


@pytest.mark.processes
@pytest.mark.parametrize(
    ("body", "code"),
    [
        (b'{"type": "status", "id": "\xff\xfe"}', "invalid_utf8"),
        (b'{"type": "status", "id":', "invalid_json"),
        (b'["status"]', "not_an_object"),
        (b'"status"', "not_an_object"),
        (b'{"type": "evaluate", "id": "x"}', "unknown_type"),
        (b'{"type": "status"}', "missing_id"),
        (b'{"type": ["status"], "id": "x"}', "unknown_type"),
        (b'{"type": {"status": 1}, "id": "x"}', "unknown_type"),
        (b"[" * 100_000 + b"]" * 100_000, "invalid_json"),  # beyond the parser's recursion limit
        (b'{"type": "nope", "id": ' + b"[" * 900 + b"]" * 900 + b"}", "invalid_json"),  # would be echoed back
        (b"5", "not_an_object"),
        (b"null", "not_an_object"),
        (b'{"type": "status", "id": ' + b"9" * 5000 + b"}", "invalid_json"),  # over Python's digit limit
        (b'{"type": "status", "id": ' + b"9" * 4000 + b"}", "invalid_json"),  # over a double's range
        (b'{"type": "status", "id": ' + b"9" * 20 + b"}", "missing_id"),  # a double, but not exactly
        (b'{"type": "status", "id": NaN}', "invalid_json"),  # not JSON, though Python reads it
    ],
)
async def test_bad_messages_get_an_error_and_the_host_reads_on(tmp_path: Path, body: bytes, code: str) -> None:
    host = await HostProcess.start(tmp_path)
    await host.send_raw(frame(body))
    assert (await host.next(lambda m: m.get("type") == "error"))["error"]["code"] == code
    assert (await host.request("status"))["ok"] is True  # the stream is still aligned
    status, _ = await host.close()
    assert status == 0


@pytest.mark.processes
@pytest.mark.parametrize(
    "origin", ["chrome-extension://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/", "https://evil.example/", ""]
)
async def test_wrong_origin_is_refused_before_reading_anything(tmp_path: Path, origin: str) -> None:
    host = await HostProcess.start(tmp_path, origin)
    assert host.process.stdout is not None
    status, stderr = await host.close()
    assert status == 1
    assert await host.process.stdout.read() == b""  # not a byte on the channel
    assert b"not an allowed Hermes extension origin" in stderr


@pytest.mark.processes
async def test_origin_allowed_by_the_launcher_environment(tmp_path: Path) -> None:
    other = "chrome-extension://" + "b" * 32 + "/"
    host = await HostProcess.start(tmp_path, other, HERMES_EXTENSION_ORIGINS=other)
    reply = await host.request("hello", version=1, browser_profile_id="p1")
    assert reply["ok"] is True and reply["version"] == 1
    assert reply["status"]["server"] == "not_running"
    assert reply["status"]["server_message"] == "Hermes server not running"
    assert (await host.close())[0] == 0

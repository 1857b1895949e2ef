"""Chrome native-messaging framing: a 4-byte length in native byte order, then that many bytes of UTF-8 JSON.

Reading distinguishes errors that leave the stream aligned (bad UTF-8, not strict JSON, not an
object: the host answers with an error and reads on) from those that do not (a length over the
limit, a truncated length or body: the host says so if it can and exits cleanly).  Bodies are
read as ``strict_json`` (no ``NaN``, numbers a double holds, at most ``strict_json.MAX_NESTING``
levels), because whatever is read may be written again: a reply echoes an id, a result goes on
to the server, and Python's JSON encoder gives up with ``RecursionError`` near a thousand levels.
stdout is the channel, so nothing else may ever be written to it.
"""

from __future__ import annotations

import asyncio
import json
import struct
from typing import Any

from hermes_host.errors import FramingError
from hermes_wire import strict_json
from hermes_wire.native import MAX_FROM_EXTENSION, MAX_TO_EXTENSION

LENGTH = struct.Struct("=I")  # native byte order, as Chrome writes it


def encode(message: dict[str, Any], *, limit: int = MAX_TO_EXTENSION) -> bytes:
    """Frame one message; raises ``FramingError`` (not fatal) when it is over ``limit`` bytes or not JSON."""
    try:
        body = json.dumps(message, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode()
    except (ValueError, RecursionError) as unencodable:
        raise FramingError(f"the message cannot be written as JSON ({unencodable})", code="unencodable") from None
    if len(body) > limit:
        raise FramingError(f"message of {len(body)} bytes is over the {limit}-byte limit", code="message_too_large")
    return LENGTH.pack(len(body)) + body


async def read_message(reader: asyncio.StreamReader, *, limit: int = MAX_FROM_EXTENSION) -> dict[str, Any] | None:
    """The next message, or None at a clean end of stream (between messages)."""
    header = await reader.read(LENGTH.size)
    if not header:
        return None
    if len(header) < LENGTH.size:
        try:
            header += await reader.readexactly(LENGTH.size - len(header))
        except asyncio.IncompleteReadError:
            raise FramingError("the stream ended inside a length prefix", code="truncated", fatal=True) from None
    (length,) = LENGTH.unpack(header)
    if length > limit:
        raise FramingError(
            f"message of {length} bytes is over the {limit}-byte limit", code="message_too_large", fatal=True
        )
    try:
        body = await reader.readexactly(length)
    except asyncio.IncompleteReadError as short:
        raise FramingError(
            f"the stream ended after {len(short.partial)} of {length} bytes", code="truncated", fatal=True
        ) from None
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise FramingError("the message is not valid UTF-8", code="invalid_utf8") from None
    try:
        message = strict_json.loads(text)
    except ValueError as refused:
        raise FramingError(f"the message is not valid JSON: {refused}", code="invalid_json") from None
    if not isinstance(message, dict):
        raise FramingError("a message must be a JSON object", code="not_an_object")
    return message

"""Chrome native-messaging framing: a 4-byte length in native byte order, then that many bytes of UTF-8 JSON.

Reading distinguishes errors that leave the stream aligned (bad UTF-8, bad JSON, not an
object, nested deeper than ``MAX_NESTING``: the host answers with an error and reads on) from
those that do not (a length over the limit, a truncated length or body: the host says so if it
can and exits cleanly).  Nesting is bounded because whatever is read may be written again (a
reply echoes an id, a result goes on to the server), and Python's JSON encoder and decoder both
give up with ``RecursionError`` near a thousand levels.
stdout is the channel, so nothing else may ever be written to it.
"""

from __future__ import annotations

import asyncio
import json
import struct
from typing import Any

from hermes_host.errors import FramingError
from hermes_wire.native import MAX_FROM_EXTENSION, MAX_TO_EXTENSION

LENGTH = struct.Struct("=I")  # native byte order, as Chrome writes it
#: Arrays and objects inside one another, at most; the extension's messages need a handful.
MAX_NESTING = 100


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
        message = json.loads(body.decode("utf-8"), parse_constant=_not_json)
    except UnicodeDecodeError:
        raise FramingError("the message is not valid UTF-8", code="invalid_utf8") from None
    except ValueError:
        raise FramingError("the message is not valid JSON", code="invalid_json") from None
    except RecursionError:
        raise _too_deep() from None
    if _nested_deeper_than(MAX_NESTING, message):
        raise _too_deep()
    if not isinstance(message, dict):
        raise FramingError("a message must be a JSON object", code="not_an_object")
    return message


def _not_json(constant: str) -> Any:
    """``NaN`` and ``Infinity`` are Python's extensions, not JSON: the extension never sends them."""
    raise ValueError(f"{constant} is not JSON")


def _too_deep() -> FramingError:
    return FramingError(f"the message is nested more than {MAX_NESTING} levels deep", code="too_deep")


def _nested_deeper_than(limit: int, value: Any) -> bool:
    """Whether arrays and objects sit more than ``limit`` levels inside one another (walked without recursion)."""
    waiting: list[tuple[Any, int]] = [(value, 1)]
    while waiting:
        item, depth = waiting.pop()
        if isinstance(item, dict | list):
            if depth > limit:
                return True
            waiting.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return False

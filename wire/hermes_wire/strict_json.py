"""JSON as every Hermes hop reads what a peer sent: RFC 8259 only, and only what the other side can hold.

Python's ``json.loads`` accepts more than JSON and more than a JavaScript peer can read, and
each extra is a way to crash whoever handles the value next:

* ``NaN``, ``Infinity`` and ``-Infinity`` are Python's extensions, not JSON; echoed back, they
  make a body that no JSON parser reads.
* A number beyond a double's range (``1e400``, a 4,000-digit integer) reads as ``inf`` or as a
  huge ``int`` that later overflows the first float conversion (``OverflowError``), and an
  integer of more than 4,300 digits is refused by ``int()`` itself.  JavaScript holds numbers as
  doubles, so no number outside that range can be meant.
* Nesting: the decoder gives up with ``RecursionError`` near a thousand levels, and a value
  nested just under that crashes the encoder that sends it on (to a controller, to Chromium,
  back to the agent).  ``MAX_NESTING`` keeps every value far below, with room for any message
  of ours.

``loads`` raises ``ValueError`` (as ``json.loads`` does) with a short reason; each caller turns
it into its own error (an HTTP 400, a close code 1007).
"""

from __future__ import annotations

import json
import math
import sys
from typing import Any

#: Arrays and objects inside one another, at most; the deepest message of ours needs a handful.
MAX_NESTING = 100
#: Digits of the longest integer a double can hold (about 1.8e308), so a longer one is refused unread.
_MAX_INTEGER_DIGITS = len(str(int(sys.float_info.max)))


def loads(data: str | bytes, *, max_nesting: int = MAX_NESTING) -> Any:
    """The JSON value in ``data`` (bytes must be UTF-8), or ``ValueError`` saying why it is refused."""
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
    except UnicodeDecodeError:
        raise ValueError("not UTF-8") from None
    try:
        value = json.loads(text, parse_constant=_refuse_constant, parse_int=_integer, parse_float=_double)
    except RecursionError:
        raise _too_deep(max_nesting) from None
    except json.JSONDecodeError as error:
        raise ValueError(f"not valid JSON ({error.msg} at character {error.pos})") from None
    if nested_deeper_than(max_nesting, value):
        raise _too_deep(max_nesting)
    return value


def nested_deeper_than(limit: int, value: Any) -> bool:
    """Whether arrays and objects sit more than ``limit`` levels inside one another (walked without recursion)."""
    waiting: list[tuple[Any, int]] = [(value, 1)]
    while waiting:
        item, depth = waiting.pop()
        if isinstance(item, dict | list):
            if depth > limit:
                return True
            waiting.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return False


def _refuse_constant(constant: str) -> Any:
    raise ValueError(f"{constant} is not JSON")


def _integer(digits: str) -> int:
    if len(digits.lstrip("-")) <= _MAX_INTEGER_DIGITS:
        number = int(digits)
        if abs(number) <= sys.float_info.max:
            return number
    raise ValueError(f"the integer {digits[:20]}… is out of range (a number must fit in a double)")


def _double(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"the number {text[:20]} is out of range (a number must fit in a double)")
    return number


def _too_deep(limit: int) -> ValueError:
    return ValueError(f"nested more than {limit} levels deep")

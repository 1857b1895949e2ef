"""Whole numbers read from text a peer wrote (a header, a query parameter, a port): what every hop accepts.

Python's ``int()`` reads far more than a number on the wire can mean, and each extra is a way
past a check or into a crash:

* any Unicode decimal digit (``int("١٢") == 12``), surrounding whitespace (``" 12 "``),
  underscores (``"1_000"``) and a sign (``"+5"``, ``"-5"``): one value then has many spellings,
  and a check made on the text no longer holds for the number;
* up to 4,300 digits: a 400-digit timestamp is read without complaint, and the first arithmetic
  with a float (``abs(now - timestamp)``) raises ``OverflowError``, a 500 where a refusal was due.

``decimal`` accepts one spelling only: 1 to ``max_digits`` ASCII digits, no sign, no leading
zero (so the text is ``str()`` of the number, byte for byte), and nothing else.  It is checked on
the text, before ``int()`` runs, so no length of input costs more than the check.  It raises
``ValueError`` with a short reason; each caller turns that into its own refusal (a 401 for a
credential, a 400 for anything else).
"""

from __future__ import annotations

import re

#: The one spelling of a whole number: ``0``, or ASCII digits without a leading zero.  ``[0-9]``, not ``\d``:
#: ``\d`` matches every Unicode decimal digit.
_CANONICAL = re.compile(r"0|[1-9][0-9]*")


def decimal(text: str, *, max_digits: int) -> int:
    """The number ``text`` spells in at most ``max_digits`` ASCII digits, else ``ValueError`` saying why."""
    if len(text) > max_digits:
        raise ValueError(f"more than {max_digits} digits")
    if not _CANONICAL.fullmatch(text):
        raise ValueError("not a whole number in ASCII digits (no sign, spaces, underscores or leading zeros)")
    return int(text)

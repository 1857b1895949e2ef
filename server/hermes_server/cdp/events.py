"""``CDPEvent``: one DevTools event as a plain record.

The connection makes them and the state reads them; it lives here, apart from both, so the
state (which does no I/O) needs nothing from the module that owns the socket.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class CDPEvent:
    """One event: its method, its params and the flat session it came from (None: the browser itself)."""

    method: str
    params: dict[str, Any]
    session_id: str | None = None

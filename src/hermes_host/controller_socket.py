"""The controller's ticket WebSocket (server <-> controller protocol v1), opened with ``websockets``."""

from __future__ import annotations

import websockets
from websockets.typing import Origin, Subprotocol

from hermes_wire import controller as protocol


def websocket_url(base_url: str) -> str:
    return base_url.rstrip("/").replace("http://", "ws://", 1) + protocol.WS_PATH


async def open_controller_socket(
    base_url: str, ticket: str, *, origin: str | None = None
) -> websockets.ClientConnection:
    """Open the ticket WebSocket: the ticket travels only as a subprotocol, never in the URL."""
    return await websockets.connect(
        websocket_url(base_url),
        subprotocols=[Subprotocol(protocol.SUBPROTOCOL), Subprotocol(protocol.TICKET_SUBPROTOCOL_PREFIX + ticket)],
        origin=Origin(origin) if origin is not None else None,
        max_size=protocol.MAX_FRAME_BYTES,
        compression=None,
    )

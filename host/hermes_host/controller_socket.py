"""The controller's ticket WebSocket (server <-> controller protocol v1), opened with ``websockets``."""

from __future__ import annotations

import websockets
from websockets.typing import Origin, Subprotocol

from hermes_host.errors import ServerUntrusted
from hermes_wire import controller as protocol
from hermes_wire import signatures as auth


def websocket_url(base_url: str) -> str:
    return base_url.rstrip("/").replace("http://", "ws://", 1) + protocol.WS_PATH


async def open_controller_socket(
    base_url: str, ticket: str, *, origin: str | None = None, server_key: bytes | None = None
) -> websockets.ClientConnection:
    """Open the ticket WebSocket: the ticket travels only as a subprotocol, never in the URL.

    With ``server_key`` (the native host's pinned key), the upgrade carries a challenge and the
    server's 101 answer must be signed over it (``GET``, ``WS_PATH``, 101, empty body); otherwise
    the socket is closed before a frame crosses it and ``ServerUntrusted`` is raised.
    """
    challenge = auth.new_challenge()
    socket = await websockets.connect(
        websocket_url(base_url),
        subprotocols=[Subprotocol(protocol.SUBPROTOCOL), Subprotocol(protocol.TICKET_SUBPROTOCOL_PREFIX + ticket)],
        origin=Origin(origin) if origin is not None else None,
        additional_headers={auth.SERVER_CHALLENGE_HEADER: challenge} if server_key is not None else None,
        max_size=protocol.MAX_FRAME_BYTES,
        compression=None,
    )
    if server_key is None:
        return socket
    upgrade = socket.response
    signature = upgrade.headers.get(auth.SERVER_SIGNATURE_HEADER) if upgrade is not None else None
    status = upgrade.status_code if upgrade is not None else 0
    if not auth.server_signature_valid(server_key, signature, challenge, "GET", protocol.WS_PATH, status, b""):
        await socket.close()
        raise ServerUntrusted.impostor_at(base_url)
    return socket

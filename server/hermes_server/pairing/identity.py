"""The server's identity: a long-lived Ed25519 key the native host pins at pairing, and its signature on answers.

A runtime file can outlive the server that wrote it, and then any local process may bind the
port it names.  So the host proves the server on every connection: it sends a fresh challenge
(``X-Hermes-Server-Challenge``) and uses an answer only if it carries this key's signature over
the challenge, the request's method and path, the status and the body
(``X-Hermes-Server-Signature``, see ``hermes_wire.signatures``).  Every answer to a challenged
request is signed here, whatever route made it (an error too, and the WebSocket's 101); the
host first probes ``SERVER_IDENTITY_PATH``, which needs no credential, before it sends anything
that matters.

The key lives in ``$HERMES_HOME/browser-control/server_key.pem`` (0600), made on the first start
and kept: a restart must not break the pin.  Pairing publishes it, bound to the pairing secret
(``pairing.api.approve_pairing_request``).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from aiohttp import web
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from hermes_server.app_keys import CONFIG
from hermes_wire import signatures as auth
from hermes_wire.home import server_key_path


class ServerIdentity:
    """The identity key, loaded (or made) when the application starts, so that no request waits on the disk."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._key: Ed25519PrivateKey | None = None

    def load(self) -> None:
        self._key = auth.load_or_create_key(self.path)

    @property
    def key(self) -> Ed25519PrivateKey:
        if self._key is None:
            raise RuntimeError("the server identity is read when the application starts")
        return self._key

    def public_key(self) -> str:
        """The public key as it crosses the wire: raw 32 bytes, base64url without padding."""
        return auth.b64encode(auth.public_key_bytes(self.key))


#: Here rather than in ``app_keys``: that module would have to import this one, which needs ``CONFIG`` from it.
SERVER_IDENTITY = web.AppKey("server_identity", ServerIdentity)


def add_server_identity(app: web.Application) -> None:
    """Load the key at start-up, sign every challenged answer, and serve the probe route."""
    identity = ServerIdentity(server_key_path(app[CONFIG].home))
    app[SERVER_IDENTITY] = identity

    async def load(app: web.Application) -> None:
        await asyncio.to_thread(identity.load)

    app.on_startup.append(load)
    app.on_response_prepare.append(sign_answer)
    app.router.add_get(auth.SERVER_IDENTITY_PATH, describe_server)


async def describe_server(request: web.Request) -> web.Response:
    """The probe: the key's public half (informative only; the host checks the signature against its pin)."""
    return web.json_response({"server_key": request.app[SERVER_IDENTITY].public_key()})


async def sign_answer(request: web.Request, response: web.StreamResponse) -> None:
    """Sign the answer to a request that carries a well-formed challenge, just before its headers go out.

    A ``web.Response`` is signed over its body; a WebSocket upgrade (101) over an empty one.  A
    streamed body is not known yet, so it goes unsigned: no route the host calls streams.
    """
    challenge = request.headers.get(auth.SERVER_CHALLENGE_HEADER)
    if challenge is None or not auth.CHALLENGE_PATTERN.fullmatch(challenge):
        return
    if isinstance(response, web.WebSocketResponse):
        body = b""
    elif isinstance(response, web.Response) and isinstance(response.body, bytes | None):
        body = response.body or b""
    else:
        return
    response.headers[auth.SERVER_SIGNATURE_HEADER] = auth.sign_server_response(
        request.app[SERVER_IDENTITY].key, challenge, request.method, request.path_qs, response.status, body
    )

"""The request guards, as aiohttp function middlewares, outermost first.

1. ``json_errors``: every refusal (and a bug's 500) leaves as ``{"error": {"message", "type", "code"}}``.
2. ``loopback_host_only``: a Host header that is not a loopback name is refused.  The
   server only listens on loopback, so any other name means a DNS-rebinding page.
3. ``extension_origins_only``: a request carrying an Origin must come from an allowed
   ``chrome-extension://`` origin; a web page's Origin is refused (no Origin is fine:
   native clients send none).
4. ``bearer_auth``: every ``/v1`` route and ``/mcp`` (``PROTECTED_PREFIXES``) needs
   ``Authorization: Bearer <key>``, compared in constant time, except the WebSocket
   (its credential is the single-use ticket) and the
   pairing routes (a proof of the pairing secret).  The device routes also accept a paired
   device's signature instead (see ``pairing``).
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
from collections.abc import Awaitable, Callable, Iterable

from aiohttp import web

from hermes_server.errors import ApiError
from hermes_wire.strict_numbers import decimal

log = logging.getLogger(__name__)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

LOCAL_PRINCIPAL = "local"
#: Path prefixes behind the key.  Prefixes, not exact paths, so ``/mcp/`` or ``/mcp2`` are guarded as well.
PROTECTED_PREFIXES = ("/v1", "/mcp")
PRINCIPAL = web.RequestKey("principal", str)
#: The paired device that signed the request, or None when the API key was used.
DEVICE: web.RequestKey[str | None] = web.RequestKey("device")
PORT_DIGITS = 5


def is_loopback_host(host_header: str | None) -> bool:
    """True for ``localhost``, ``*.localhost``, 127.0.0.0/8 and ``[::1]``, with or without a port.

    A port, when there is one, is a number from 1 to 65535 in ASCII digits (``strict_numbers``):
    ``127.0.0.1:١٢`` or ``[::1]junk`` names no server of ours, whatever the name before it.
    """
    if not host_header or not host_header.isascii():  # a real Host is ASCII (IDNA): no look-alike letters
        return False
    host, port = host_header.strip(" \t").lower(), None
    if host.startswith("["):
        host, _, rest = host[1:].partition("]")
        if rest:
            if not rest.startswith(":"):
                return False
            port = rest[1:]
    elif host.count(":") == 1:
        host, _, port = host.partition(":")
    if port is not None:
        try:
            if not 0 < decimal(port, max_digits=PORT_DIGITS) < 65536:
                return False
        except ValueError:
            return False
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@web.middleware
async def json_errors(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Refusals, aiohttp's own errors and, as a last resort, a bug: each answered with the JSON error body.

    A bug is still a 500 with its traceback in the log (it must be found), but the client reads
    JSON as from every other answer, not aiohttp's plain-text page.  Once a response has started
    (a WebSocket, a stream) nothing else can be sent, so the error goes on to aiohttp.
    """
    try:
        return await handler(request)
    except ApiError as error:
        return web.json_response(error.as_body(), status=error.status)
    except web.HTTPException as http_error:
        if http_error.status < 400:
            raise
        refused = ApiError(http_error.status, http_error.reason.lower().replace(" ", "_"), http_error.reason)
        return web.json_response(refused.as_body(), status=refused.status)
    except Exception:
        if request.writer.output_size > 0:
            raise
        log.exception("unexpected error answering %s %s", request.method, request.path)
        failed = ApiError(500, "internal_error", "The server failed on this request; its log has the details.")
        return web.json_response(failed.as_body(), status=failed.status)


@web.middleware
async def loopback_host_only(request: web.Request, handler: Handler) -> web.StreamResponse:
    if not is_loopback_host(request.headers.get("Host")):
        log.warning("refused a request with a non-loopback Host header")
        raise ApiError(403, "host_not_allowed", "The Host header must be a loopback name such as 127.0.0.1.")
    return await handler(request)


def extension_origins_only(allowed_origins: Iterable[str]) -> Callable[..., Awaitable[web.StreamResponse]]:
    allowed = frozenset(allowed_origins)

    @web.middleware
    async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        if origin is not None and origin not in allowed:
            log.warning("refused a request from origin %r", origin[:100])
            raise ApiError(
                403,
                "origin_not_allowed",
                "Requests from web pages are refused; only the configured chrome-extension:// origins may call.",
            )
        return await handler(request)

    return guard


DeviceVerifier = Callable[[web.Request, bytes], Awaitable[str]]


def bearer_auth(
    api_key: str,
    *,
    open_paths: Iterable[str],
    open_prefixes: Iterable[str] = (),
    device_paths: Iterable[str] = (),
    verify_device: DeviceVerifier | None = None,
) -> Callable[..., Awaitable[web.StreamResponse]]:
    """Require the API key on ``PROTECTED_PREFIXES``; ``device_paths`` also take a paired device's signature.

    ``open_paths`` / ``open_prefixes`` carry their own credential, checked by their handlers
    (the WebSocket's ticket, the pairing routes' proof of the pairing secret).
    """
    expected = api_key.encode()
    open_exact, open_starts, device_only = frozenset(open_paths), tuple(open_prefixes), frozenset(device_paths)

    @web.middleware
    async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
        path = request.path
        if not path.startswith(PROTECTED_PREFIXES) or path in open_exact or path.startswith(open_starts):
            return await handler(request)
        if verify_device is not None and path in device_only and "Authorization" not in request.headers:
            request[DEVICE] = await verify_device(request, await request.read())
        else:
            scheme, _, provided = request.headers.get("Authorization", "").partition(" ")
            # aiohttp hands bytes that are not UTF-8 over as lone surrogates: back to those bytes, not a crash.
            sent = provided.strip().encode("utf-8", "surrogateescape")
            if scheme.lower() != "bearer" or not hmac.compare_digest(sent, expected):
                raise ApiError(401, "invalid_api_key", "Missing or invalid API key: send Authorization: Bearer <key>.")
            request[DEVICE] = None
        request[PRINCIPAL] = LOCAL_PRINCIPAL
        return await handler(request)

    return guard

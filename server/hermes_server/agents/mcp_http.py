"""MCP over streamable HTTP at ``POST /mcp`` on the main aiohttp server.

The bridge.  The SDK's streamable-HTTP transport is an ASGI application and this
server is aiohttp.  Each ``/mcp`` request is handed to the SDK's
``StreamableHTTPSessionManager`` through ``_AsgiExchange``, a few lines that present
one aiohttp request as an ASGI scope and stream the ASGI reply back.  The manager
runs *stateless* and with *JSON responses*:

- Stateless: every POST stands alone and carries its own bearer key and session
  header, which is how the 2026-07-28 protocol works anyway.  No MCP session
  (``Mcp-Session-Id``) lives here, so none can outlive or drift from the agent
  session it names, and none needs reaping.
- JSON responses: each POST gets exactly one JSON body, so no long-lived SSE stream
  runs through the bridge; these tools never need server-to-client requests
  (sampling, elicitation).  ``GET /mcp``, the optional standalone SSE stream, is not
  routed: the answer is 405, which the transport spec allows.

Why a bridge rather than a second listener (uvicorn on another port): ``/mcp`` is an
ordinary route of this app, so the same middlewares guard it (loopback ``Host``,
web-page ``Origin`` refused, bearer key) with no second port to secure.  The SDK's own
Host/Origin check stays off: it would only repeat those, with looser rules.  Why not
re-implement JSON-RPC in aiohttp: the SDK already serves both protocol eras (the
initialize handshake and 2026-07-28's per-request envelope); a copy would drift.

Which session: each request names it in the ``X-Hermes-Session`` header (an id from
``POST /v1/sessions``).  A header keeps the tool schemas identical to the HTTP tool
API's and fixes the session for a configured client, as ``--session`` does on stdio.
The tool list is that session's lane's, and calls go to the Router, fail-closed.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import AsyncIterator, MutableMapping
from http import HTTPStatus
from typing import Any

from aiohttp import web
from mcp.server import ServerRequestContext
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager

from hermes_server.agents.mcp_stdio import ToolTarget, build_server
from hermes_server.app_keys import CONFIG, ROUTER, SESSIONS
from hermes_server.errors import ApiError
from hermes_server.http.guards import PRINCIPAL
from hermes_server.routing.outcome import ToolOutcome
from hermes_server.routing.sessions import Session
from hermes_wire.tool_spec import ToolSpec

MCP_PATH = "/mcp"
SESSION_HEADER = "X-Hermes-Session"

#: Where the aiohttp request travels inside the ASGI scope, for ``_target_of``.
_AIOHTTP_REQUEST = "hermes_aiohttp_request"

# The manager logs its own start and stop at INFO, ahead of the server's banner; an operator needs neither.
logging.getLogger("mcp.server.streamable_http_manager").setLevel(logging.WARNING)


class RouterTarget:
    """A session of this server: calls go straight to its Router."""

    def __init__(self, app: web.Application, session: Session) -> None:
        self._app = app
        self._session = session
        self.lane = session.browser_lane
        self.tools = app[ROUTER].served_tools(session)

    async def call(self, spec: ToolSpec, arguments: dict[str, Any]) -> ToolOutcome:
        return await self._app[ROUTER].run_tool(
            self._session,
            spec,
            arguments,
            tool_call_id="mcp_" + secrets.token_hex(8),
            timeout_s=self._app[CONFIG].command_timeout_s,
        )


async def _target_of(ctx: ServerRequestContext[Any]) -> ToolTarget:
    if ctx.request is None:  # the SDK passes the HTTP request on every call over streamable HTTP
        raise ApiError(400, "invalid_request", "MCP over /mcp needs an HTTP request context.")
    request: web.Request = ctx.request.scope["state"][_AIOHTTP_REQUEST]
    session_id = request.headers.get(SESSION_HEADER, "").strip()
    if not session_id:
        raise ApiError(
            400,
            "session_required",
            f"Name the agent session in the {SESSION_HEADER} header; create one with POST /v1/sessions "
            "or `hermes-browser sessions new`.",
        )
    session = request.app[SESSIONS].get(session_id, request[PRINCIPAL])
    if session is None:
        raise ApiError(
            404,
            "session_not_found",
            f"No open session {session_id[:80]!r} (from {SESSION_HEADER}); sessions end when the server restarts, "
            "so create one with POST /v1/sessions or `hermes-browser sessions new`.",
        )
    return RouterTarget(request.app, session)


class _AsgiExchange:
    """One aiohttp request, presented to an ASGI app; the app's reply is streamed back as it is sent.

    Except a refusal that is not JSON: the SDK answers a few header problems (a Content-Type or
    an Accept it does not take) with plain text or nothing at all.  Such a reply is held back and
    becomes ``refused``, which the route raises, so that every answer of ``/mcp`` has a JSON body,
    the product's error shape where the SDK sent none.
    """

    def __init__(self, request: web.Request, body: bytes) -> None:
        self._request = request
        self._body: bytes | None = body
        self._answered = asyncio.Event()
        self.response: web.StreamResponse | None = None
        self.refused: ApiError | None = None
        self._refusal: tuple[int, bytearray] | None = None  # the status and text of a refusal being held back
        self.scope: MutableMapping[str, Any] = {
            "type": "http",
            "asgi": {"version": "3.0", "spec_version": "2.3"},
            "http_version": f"{request.version.major}.{request.version.minor}",
            "method": request.method,
            "scheme": request.scheme,
            "path": request.path,
            "raw_path": request.raw_path.encode("latin-1"),
            "query_string": request.query_string.encode("latin-1"),
            "root_path": "",
            "headers": [(name.lower(), value) for name, value in request.raw_headers],
            "client": None,
            "server": None,
            "state": {_AIOHTTP_REQUEST: request},
        }

    async def receive(self) -> dict[str, Any]:
        if self._body is not None:
            body, self._body = self._body, None
            return {"type": "http.request", "body": body, "more_body": False}
        await self._answered.wait()  # nothing more arrives; the exchange ends once the reply is out
        return {"type": "http.disconnect"}

    async def send(self, message: MutableMapping[str, Any]) -> None:
        if message["type"] == "http.response.start":
            headers = [(name.decode("latin-1"), value.decode("latin-1")) for name, value in message["headers"]]
            if message["status"] >= 400 and not _is_json(headers):
                self._refusal = (message["status"], bytearray())
                return
            self.response = web.StreamResponse(status=message["status"], headers=headers)
            await self.response.prepare(self._request)
        elif message["type"] == "http.response.body" and self._refusal is not None:
            self._refusal[1].extend(message.get("body", b""))
            if not message.get("more_body", False):
                self.refused = _transport_refusal(*self._refusal)
                self._answered.set()
        elif message["type"] == "http.response.body" and self.response is not None:
            await self.response.write(message.get("body", b""))
            if not message.get("more_body", False):
                await self.response.write_eof()
                self._answered.set()


def _is_json(headers: list[tuple[str, str]]) -> bool:
    return any(
        name.lower() == "content-type" and value.lower().startswith("application/json") for name, value in headers
    )


def _transport_refusal(status: int, text: bytearray) -> ApiError:
    """The SDK's bare refusal (status and text) as the product's: its code is the status's phrase, as for aiohttp's."""
    try:
        phrase = HTTPStatus(status).phrase
    except ValueError:  # a status HTTP does not name
        phrase = "Refused"
    said = text.decode("utf-8", "replace").strip()[:200]
    return ApiError(
        status,
        phrase.lower().replace(" ", "_").replace("-", "_"),
        f"The MCP transport refused the request ({said or phrase}): POST JSON-RPC with Content-Type: "
        "application/json and Accept: application/json, text/event-stream.",
    )


class McpEndpoint:
    """The ``/mcp`` route: one MCP server, and the SDK session manager that serves it over HTTP."""

    def __init__(self) -> None:
        self._server = build_server(_target_of)
        self._manager: StreamableHTTPSessionManager | None = None

    async def run_manager(self, app: web.Application) -> AsyncIterator[None]:
        """cleanup_ctx: run the SDK's session manager for the app's lifetime.

        The manager holds an anyio task group, whose cancel scope must be left by the task
        that entered it; aiohttp may run the two halves of a cleanup_ctx in different
        tasks, so the manager lives in a task of its own.
        """
        manager = StreamableHTTPSessionManager(self._server, stateless=True, json_response=True)
        running, stop = asyncio.Event(), asyncio.Event()

        async def run() -> None:
            async with manager.run():
                running.set()
                await stop.wait()

        task = asyncio.create_task(run())
        started = asyncio.create_task(running.wait())
        await asyncio.wait((task, started), return_when=asyncio.FIRST_COMPLETED)
        if task.done():  # it failed to start: raise its error instead of serving without it
            started.cancel()
            task.result()
        self._manager = manager
        yield
        self._manager = None
        stop.set()
        await task

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if self._manager is None:
            raise ApiError(503, "mcp_unavailable", "The MCP endpoint is starting or stopping; retry in a moment.")
        exchange = _AsgiExchange(request, await request.read())
        await self._manager.handle_request(exchange.scope, exchange.receive, exchange.send)
        if exchange.refused is not None:
            raise exchange.refused
        if exchange.response is None:
            raise ApiError(500, "mcp_no_response", "The MCP transport sent no response.")
        return exchange.response


def add_mcp_endpoint(app: web.Application) -> None:
    """Serve MCP at ``POST /mcp`` (behind the app's middlewares, like every route)."""
    endpoint = McpEndpoint()
    app.cleanup_ctx.append(endpoint.run_manager)
    app.router.add_post(MCP_PATH, endpoint.handle)

"""The MCP server: every browser tool, declared once in ``tools.TOOLS``, for any MCP client.

``build_server`` makes one ``mcp`` SDK server; two transports use it:

- stdio (``hermes-browser mcp``, ``serve_stdio``): a process of its own that forwards each
  call to the running ``hermes-browser serve`` through its HTTP tool API, for one session.
- streamable HTTP at ``/mcp`` on the main server (``mcp_http``), which calls the Router.

Either way this layer only lists and forwards.  The session's lane is fixed by the
server; a call that lane cannot serve fails there, and nothing here picks another lane,
so an extension-bound session stays fail-closed through MCP too.

What is listed: the tools the server serves the session (its lane's, ``ToolSpec.lanes``,
less a tool the configuration has not turned on, ``ToolSpec.switched_on_by``: the session
object's ``tools``) whose names are also valid function names for model APIs
(``FUNCTION_NAME``).  That leaves out ``controller.noop``.  MCP itself allows the dot
(SEP-986, 2025-11-25), but MCP hosts pass tool names on to model APIs whose function
names allow none (OpenAI and Anthropic: letters, digits, ``_`` and ``-``; Hermes
registers ``mcp_<server>_<tool>``), so a dotted name breaks or gets mangled there.  The noop is a channel check for an
operator, not a browser action for a model, and ``hermes-browser call controller.noop``
still runs it.

Results, by ``ToolSpec.result_kind``: an image becomes MCP image content, a snapshot
its text (plus its metadata as JSON, if any), an action's answer with the page after it (``see``) its JSON then
the page's text, anything else JSON text.  A failure is an
``isError`` result whose text is ``<stable code>: <actionable message>``.  A request that
names no usable session, or a tool the session's lane does not list, is an MCP error.
"""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol

import aiohttp
from mcp import types
from mcp.server import Server, ServerRequestContext
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError

from hermes_server import __version__
from hermes_server.agents.client import BrowserClient, unreachable_message
from hermes_server.errors import ApiError
from hermes_server.routing.outcome import ToolOutcome, image_of, json_text, snapshot_of
from hermes_wire.errors import ToolError
from hermes_wire.tool_spec import ToolSpec
from hermes_wire.tools import TOOLS

#: Tool names that model function-calling APIs accept; MCP lists only these.
FUNCTION_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")

INSTRUCTIONS = (
    "These tools drive the browser tab the user is looking at. Call browser_snapshot first: it describes "
    "the page with @eN refs, which browser_click, browser_type and browser_scroll take. After the page "
    "changes, take a new snapshot before using its refs."
)


class ToolTarget(Protocol):
    """Where tool calls go: one agent session, on its lane, and the tools it is served (the server says which)."""

    @property
    def lane(self) -> str: ...

    @property
    def tools(self) -> list[ToolSpec]: ...

    async def call(self, spec: ToolSpec, arguments: dict[str, Any]) -> ToolOutcome: ...


#: Finds the target of one MCP request; raises ``ApiError`` when the request names no usable session.
TargetResolver = Callable[[ServerRequestContext[Any]], Awaitable[ToolTarget]]


def listed_tools(served: list[ToolSpec]) -> list[ToolSpec]:
    """The tools MCP lists of those a session is ``served`` (the module docstring says what is left out, and why)."""
    return [spec for spec in served if FUNCTION_NAME.fullmatch(spec.name)]


def as_mcp_tool(spec: ToolSpec) -> types.Tool:
    # MCP's destructiveHint defaults to true, so a tool that only adds (navigate, type) must say false.
    return types.Tool(
        name=spec.name,
        description=spec.description,
        input_schema=spec.schema,
        annotations=types.ToolAnnotations(read_only_hint=spec.read_only, destructive_hint=spec.destructive),
    )


#: What an action's answer that shows the page (``see``) is rendered without: the page's text, which follows in a
#: block of its own, and what says nothing new to an agent reading it: ``ok`` (a failure is an error result), the
#: ref it gave, the point a click pressed at, and the count of changed lines, which the marked lines show. The
#: HTTP API's answer keeps them all.
ACTION_ECHO = frozenset({"snapshot", "ok", "ref", "x", "y", "changes"})


def _error_result(code: str, message: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(text=f"{code}: {message}")], is_error=True)


def _content_of(spec: ToolSpec, result: Any) -> list[types.ContentBlock]:
    if spec.result_kind == "image":
        mime_type, _ = image_of(result)  # checks the shape and the base64 before a client sees it
        image: list[types.ContentBlock] = [types.ImageContent(data=result["data"], mime_type=mime_type)]
        about = {
            key: value
            for key, value in result.items()
            if key not in ("data", "mime_type") and value is not False and value is not None
        }
        # what the image cannot say itself: the labels drawn on it, whether it was cut, the tab brought forward
        return image + ([types.TextContent(text=json_text(about))] if about else [])
    if spec.result_kind == "snapshot":
        text, metadata = snapshot_of(result)
        content: list[types.ContentBlock] = [types.TextContent(text=text)]
        if metadata:
            content.append(types.TextContent(text=json_text(metadata)))
        return content
    if isinstance(result, dict) and isinstance(result.get("snapshot"), str):
        # an action's answer with the page after it (see): the result, then the page's text as it reads
        rest = {key: value for key, value in result.items() if key not in ACTION_ECHO}
        page = [types.TextContent(text=result["snapshot"])] if result["snapshot"] else []  # none when unchanged
        return [types.TextContent(text=json_text(rest)), *page]
    return [types.TextContent(text=json_text(result))]


def call_result(spec: ToolSpec, reply: ToolOutcome) -> types.CallToolResult:
    """The MCP result of one tool call's reply."""
    if not reply.ok:
        return _error_result(reply.error_code or "controller_error", reply.error_message or "")
    try:
        return types.CallToolResult(content=_content_of(spec, reply.result))
    except ToolError as malformed:
        return _error_result(malformed.code, malformed.message)


def _input_schema(name: str) -> Mapping[str, Any] | None:
    spec = TOOLS.get(name)
    return spec.schema if spec is not None else None


def build_server(resolve: TargetResolver) -> Server[Any]:
    """An MCP server whose tools/list and tools/call go to the target ``resolve`` finds for each request."""

    async def target_of(ctx: ServerRequestContext[Any]) -> ToolTarget:
        try:
            return await resolve(ctx)
        except ApiError as refused:
            raise MCPError(types.INVALID_REQUEST, f"{refused.code}: {refused.message}") from None

    async def list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        target = await target_of(ctx)
        return types.ListToolsResult(tools=[as_mcp_tool(spec) for spec in listed_tools(target.tools)])

    async def call_tool(ctx: ServerRequestContext[Any], params: types.CallToolRequestParams) -> types.CallToolResult:
        target = await target_of(ctx)
        listed = {spec.name: spec for spec in listed_tools(target.tools)}
        spec = listed.get(params.name)
        if spec is None:
            raise MCPError(
                types.INVALID_PARAMS,
                f"unknown_tool: No tool {params.name[:60]!r} for a session on the {target.lane} lane; "
                f"tools: {', '.join(listed)}.",
            )
        return call_result(spec, await target.call(spec, params.arguments or {}))

    return Server(
        "hermes-browser",
        version=__version__,
        instructions=INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
        # The 2026-07-28 HTTP entry checks Mcp-Param-* headers against the called tool's schema; this
        # answers from the declarations instead of running tools/list (and its session lookup) per call.
        get_tool_input_schema=_input_schema,
    )


# ----- stdio: a separate process in front of the server's HTTP tool API -------------------------------


class ApiTarget:
    """A session on the running server, reached through its HTTP tool API."""

    def __init__(self, client: BrowserClient, session: dict[str, Any]) -> None:
        self._client = client
        self.session_id: str = session["id"]
        self.lane: str = session["browser_lane"]
        #: The session's tools as the server serves them (``tools`` of the session object), so none it refuses.
        self.tools: list[ToolSpec] = [TOOLS[name] for name in session["tools"] if name in TOOLS]

    async def call(self, spec: ToolSpec, arguments: dict[str, Any]) -> ToolOutcome:
        """Forward the call; an MCP client calls as soon as it has the tool list, maybe before the extension
        has picked up the session this process just created (``call_once_picked_up`` waits for that)."""
        try:
            return await self._client.call_once_picked_up(self.session_id, spec.name, arguments)
        except ApiError as refused:  # say the session closed, or the key was replaced
            return ToolOutcome.failure(refused.code, refused.message)
        except aiohttp.ClientConnectionError:
            return ToolOutcome.failure("server_unreachable", unreachable_message(self._client.base_url))


async def serve_stdio(client: BrowserClient, *, session_id: str | None, lane: str | None, label: str) -> int:
    """Serve MCP on stdin/stdout for ``session_id``, or for a new session on ``lane`` (closed again on exit).

    The session is resolved before MCP starts, so a wrong key, a stopped server or an
    unknown session stops the process with a message instead of a server with no tools.
    """
    if session_id is None:
        session = await client.create_session(label=label, browser_lane=lane)
    else:
        found = [s for s in await client.list_sessions() if s["id"] == session_id]
        if not found:
            raise ApiError(
                404,
                "session_not_found",
                f"No open session {session_id[:80]!r}; see `hermes-browser sessions list`, or use --new-session.",
            )
        session = found[0]
    target = ApiTarget(client, session)

    async def fixed_target(ctx: ServerRequestContext[Any]) -> ToolTarget:
        return target

    server = build_server(fixed_target)
    print(
        f"hermes-browser mcp: serving session {target.session_id} ({target.lane} lane) of {client.base_url}",
        file=sys.stderr,
        flush=True,
    )
    try:
        async with stdio_server() as (read_stream, write_stream):
            await server.run(read_stream, write_stream, server.create_initialization_options())
    finally:
        if session_id is None:
            with contextlib.suppress(ApiError, aiohttp.ClientError):
                await client.close_session(target.session_id)
    return 0

"""The client commands of ``hermes-browser``: ``call``, ``sessions`` and ``mcp`` (stdio).

They talk to a running ``hermes-browser serve``: the one ``--server`` names, else the one whose
runtime file (``$HERMES_HOME/browser-control/runtime.json``) names a live process, else the
host and port of the configuration.  The API key comes from
``HERMES_API_KEY``, the configuration file or the key file (``config.load_config``),
never from an argument: arguments show in process lists.

A session is created on the server's default lane unless ``--lane`` names one, so every agent
surface follows the one rule in ``http.routes.default_lane``.

On a terminal ``call`` prints a result for a person to read (a snapshot as its text); with
``--json``, or when stdout is a pipe or a file, it prints the exact JSON, for scripts.

Exit status: 0 on success; 1 when the server refuses or a tool call fails, with
``hermes-browser: <code>: <message>`` on stderr; 2 for a configuration or usage problem.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp

from hermes_server.agents.client import BrowserClient, unreachable_message
from hermes_server.config import ServerConfig, load_config
from hermes_server.errors import ApiError, ConfigError
from hermes_server.routing.outcome import image_of, json_text, snapshot_of
from hermes_server.routing.sessions import LANES
from hermes_wire.errors import ToolError
from hermes_wire.home import hermes_home, read_runtime, server_process_gone
from hermes_wire.tools import TOOLS

EXIT_FAILED = 1
LANE_HELP = "the new session's browser lane (default: the server's, extension when extension control is enabled)"


def _connection_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--server",
        metavar="URL",
        help="the server (default: the running one in $HERMES_HOME, else host and port from the configuration)",
    )
    parser.add_argument("--config", type=Path, help="YAML configuration file (see README); also read for the key")


def _server_url(options: argparse.Namespace, config: ServerConfig) -> str:
    """The server to talk to: ``--server``; else the running one's runtime file (unless ``--config``
    names the server to use); else the configuration's host and port, where nothing may be running."""
    if options.server:
        server: str = options.server
        return server
    if options.config is None:
        record = read_runtime(hermes_home())
        if record is not None and not server_process_gone(record):
            published: str = record["url"]
            return published
    host = f"[{config.host}]" if ":" in config.host else config.host
    return f"http://{host}:{config.port}"


def _fail(code: str, message: str) -> int:
    print(f"hermes-browser: {code}: {message}", file=sys.stderr)
    return EXIT_FAILED


def _run(options: argparse.Namespace, work: Callable[[BrowserClient], Awaitable[int]]) -> int:
    """Run ``work`` with a client of the configured server; a refusal becomes exit status 1 with its code."""
    config = load_config(options.config)
    base_url = _server_url(options, config)

    async def main() -> int:
        async with BrowserClient(base_url, config.api_key) as client:
            return await work(client)

    try:
        return asyncio.run(main())
    except (ApiError, ToolError) as refused:
        return _fail(refused.code, refused.message)
    except aiohttp.ClientConnectionError:
        return _fail("server_unreachable", unreachable_message(base_url))


def _print_json(value: Any) -> None:
    print(json_text(value, indent=2))


def _indented(text: str) -> list[str]:
    return ["  " + line for line in text.splitlines()]


def readable_lines(values: dict[str, Any]) -> list[str]:
    """``key: value`` lines; a multi-line text or a nested value goes on indented lines below its key."""
    lines: list[str] = []
    for key, value in values.items():
        if isinstance(value, str) and "\n" not in value:
            lines.append(f"{key}: {value}")
        elif isinstance(value, str):
            lines += [f"{key}:", *_indented(value)]
        elif value is None or isinstance(value, bool | int | float):
            lines.append(f"{key}: {json_text(value)}")
        else:
            lines += [f"{key}:", *_indented(json_text(value, indent=2))]
    return lines


def readable(result_kind: str, result: Any) -> str:
    """A result as a person reads it: a snapshot's text, then its metadata; an object as ``key: value`` lines."""
    if result_kind == "snapshot":
        text, metadata = snapshot_of(result)
        return "\n\n".join([text, "\n".join(readable_lines(metadata))]) if metadata else text
    if isinstance(result, dict) and result:
        return "\n".join(readable_lines(result))
    return json_text(result, indent=2)


def _print_result(options: argparse.Namespace, result_kind: str, result: Any) -> None:
    """Readable on a terminal; the exact JSON with ``--json`` or into a pipe or file, which scripts parse."""
    if options.json or not sys.stdout.isatty():
        _print_json(result)
    else:
        print(readable(result_kind, result))


# ----- call ------------------------------------------------------------------------------------------


def call_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("tool", help="the tool, e.g. browser_snapshot (README lists them)")
    parser.add_argument(
        "pairs",
        nargs="*",
        metavar="key=value",
        help="arguments; a value is read as JSON where the tool's schema wants a non-string (tab_id=3, full=true)",
    )
    parser.add_argument("--args", dest="json_arguments", metavar="JSON", help="the arguments as one JSON object")
    parser.add_argument("--session", help="session id (default: $HERMES_SESSION, else the only open session)")
    parser.add_argument("--out", type=Path, help="write an image result (browser_screenshot) to FILE as raw bytes")
    parser.add_argument("--timeout", type=float, help="seconds the call may take (default: the server's)")
    parser.add_argument(
        "--json", action="store_true", help="print the result as JSON even on a terminal (it always is into a pipe)"
    )
    _connection_arguments(parser)


def _value(raw: str) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        return raw  # the server's schema check names what was expected


def tool_arguments(tool: str, json_arguments: str | None, pairs: list[str]) -> dict[str, Any]:
    """The call's arguments from ``--args JSON`` or ``key=value`` pairs (typed by the tool's schema)."""
    if json_arguments is not None:
        if pairs:
            raise ConfigError("give the arguments as --args JSON or as key=value pairs, not both")
        try:
            arguments = json.loads(json_arguments)
        except ValueError as why:
            raise ConfigError(f"--args is not valid JSON ({why})") from None
        if not isinstance(arguments, dict):
            raise ConfigError('--args must be a JSON object, such as \'{"ref": "@e5"}\'')
        return arguments
    spec = TOOLS.get(tool)
    properties = spec.schema.get("properties", {}) if spec is not None else {}
    arguments = {}
    for pair in pairs:
        key, separator, raw = pair.partition("=")
        if not key or not separator:
            raise ConfigError(f"argument {pair!r} is not key=value")
        arguments[key] = raw if properties.get(key, {}).get("type") == "string" else _value(raw)
    return arguments


async def _session_id(client: BrowserClient, wanted: str | None) -> str:
    wanted = wanted or os.environ.get("HERMES_SESSION")
    if wanted:
        return wanted
    sessions = await client.list_sessions()
    if len(sessions) == 1:
        only: str = sessions[0]["id"]
        return only
    if not sessions:
        raise ConfigError("no open session; create one with `hermes-browser sessions new`")
    raise ConfigError(f"{len(sessions)} sessions are open ({', '.join(s['id'] for s in sessions)}); pass --session")


def _write_private(path: Path, data: bytes) -> None:
    """Write ``data`` to a new file of mode 0600: a screenshot shows whatever the user's tab shows."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(data)


def run_call(options: argparse.Namespace) -> int:
    arguments = tool_arguments(options.tool, options.json_arguments, options.pairs)
    spec = TOOLS.get(options.tool)
    if options.out is not None and spec is not None and spec.result_kind != "image":
        raise ConfigError(f"--out is for image results; {options.tool} returns JSON")

    async def work(client: BrowserClient) -> int:
        session_id = await _session_id(client, options.session)
        reply = await client.call_once_picked_up(session_id, options.tool, arguments, timeout_s=options.timeout)
        if not reply.ok:
            return _fail(reply.error_code or "controller_error", reply.error_message or "")
        if options.out is None:
            _print_result(options, spec.result_kind if spec is not None else "json", reply.result)
            return 0
        mime_type, data = image_of(reply.result)
        _write_private(options.out, data)
        _print_result(options, "json", {"path": str(options.out), "mime_type": mime_type, "bytes": len(data)})
        return 0

    return _run(options, work)


# ----- sessions --------------------------------------------------------------------------------------


def sessions_arguments(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="action", required=True)
    listing = actions.add_parser("list", help="list open sessions and their controller state")
    new = actions.add_parser("new", help="create a session and print it (its id is .id)")
    new.add_argument("--lane", choices=LANES, help=LANE_HELP)
    new.add_argument("--label", default="", help="a name to recognise it by")
    close = actions.add_parser("close", help="close a session, cancelling its pending work")
    close.add_argument("session_id")
    for action in (listing, new, close):
        _connection_arguments(action)
        action.add_argument("--json", action="store_true", help="print JSON even on a terminal")


def session_line(session: dict[str, Any]) -> str:
    """One session on one line: id, lane, its controller's state, label."""
    state = (session.get("controller") or {}).get("state", "-")
    return (
        f"{session.get('id')}  {session.get('browser_lane')}  controller {state}  {session.get('label') or ''}".rstrip()
    )


def _print_sessions(options: argparse.Namespace, value: Any, readable_text: Callable[[], str]) -> None:
    """As ``call`` does: readable on a terminal; the exact JSON with ``--json`` or into a pipe or file."""
    if options.json or not sys.stdout.isatty():
        _print_json(value)
    else:
        print(readable_text())


def run_sessions(options: argparse.Namespace) -> int:
    async def work(client: BrowserClient) -> int:
        if options.action == "list":
            sessions = await client.list_sessions()
            _print_sessions(options, sessions, lambda: "\n".join(map(session_line, sessions)) or "No open sessions.")
        elif options.action == "new":
            made = await client.create_session(label=options.label, browser_lane=options.lane)
            _print_sessions(options, made, lambda: "\n".join(readable_lines(made)))
        else:
            await client.close_session(options.session_id)
            closed = {"id": options.session_id, "closed": True}
            _print_sessions(options, closed, lambda: f"Closed {options.session_id}.")
        return 0

    return _run(options, work)


# ----- mcp (stdio) -----------------------------------------------------------------------------------


def mcp_arguments(parser: argparse.ArgumentParser) -> None:
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--session", help="serve this existing session")
    which.add_argument(
        "--new-session",
        action="store_true",
        help="create a session for this MCP connection and close it on exit (the default)",
    )
    parser.add_argument("--lane", choices=LANES, help=LANE_HELP)
    parser.add_argument("--label", default="mcp", help="the new session's label")
    _connection_arguments(parser)


def run_mcp(options: argparse.Namespace) -> int:
    if options.session and options.lane:
        raise ConfigError("--lane is for a new session; an existing session keeps the lane it was created with")
    # Imported here, not at the top: the MCP SDK takes most of a second to import, which `call` need not pay.
    from hermes_server.agents.mcp_stdio import serve_stdio

    return _run(
        options,
        lambda client: serve_stdio(client, session_id=options.session, lane=options.lane, label=options.label),
    )

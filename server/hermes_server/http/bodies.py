"""Reading request bodies, shared by every route module: one place for the JSON and identifier checks.

Bodies are read with ``strict_json``, so whatever a local process posts (a 100,000-level nest,
a 4,000-digit number, ``NaN``) is a 400 here, before any handler can trip over it.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from hermes_server.errors import ApiError
from hermes_wire import controller as protocol
from hermes_wire import strict_json


async def json_object(request: web.Request) -> dict[str, Any]:
    """The body as a JSON object, else 400 (``invalid_json`` or ``invalid_request``)."""
    try:
        body = strict_json.loads(await request.read())
    except ValueError as refused:
        raise ApiError(400, "invalid_json", f"The request body is not usable JSON: {refused}.") from None
    if not isinstance(body, dict):
        raise ApiError(400, "invalid_request", "The request body must be a JSON object.")
    return body


async def read_json_object(request: web.Request, *, allowed: set[str]) -> dict[str, Any]:
    """The request body as a JSON object with only ``allowed`` keys (an empty body is ``{}``)."""
    if not request.body_exists:  # (not can_read_body: a signature check may already have read it)
        return {}
    body = await json_object(request)
    unknown = sorted(set(body) - allowed)
    if unknown:
        raise ApiError(
            400, "invalid_request", f"Unknown field(s) {', '.join(unknown)}; allowed: {', '.join(sorted(allowed))}."
        )
    return body


def identifier(body: dict[str, Any], name: str) -> str:
    """``body[name]`` if it is a short printable identifier (``protocol.IDENTIFIER_PATTERN``), else 400."""
    value = body.get(name)
    if not isinstance(value, str) or not protocol.IDENTIFIER_PATTERN.fullmatch(value):
        raise ApiError(400, "invalid_request", f"'{name}' must be 1-128 characters of letters, digits and . _ : @ -")
    return value

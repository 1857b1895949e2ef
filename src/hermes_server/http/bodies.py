"""Reading request bodies, shared by every route module: one place for the JSON and identifier checks."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from hermes_server.errors import ApiError
from hermes_wire import controller as protocol


async def json_object(request: web.Request) -> dict[str, Any]:
    """The body as a JSON object, else 400 (``invalid_json`` or ``invalid_request``)."""
    try:
        body = json.loads(await request.read())
    except ValueError:
        raise ApiError(400, "invalid_json", "The request body is not valid JSON.") from None
    if not isinstance(body, dict):
        raise ApiError(400, "invalid_request", "The request body must be a JSON object.")
    return body


def identifier(body: dict[str, Any], name: str) -> str:
    """``body[name]`` if it is a short printable identifier (``protocol.IDENTIFIER_PATTERN``), else 400."""
    value = body.get(name)
    if not isinstance(value, str) or not protocol.IDENTIFIER_PATTERN.fullmatch(value):
        raise ApiError(
            400, "invalid_request", f"'{name}' must be 1-128 characters of letters, digits and . _ : @ -"
        )
    return value

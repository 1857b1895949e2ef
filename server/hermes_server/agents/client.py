"""``BrowserClient``: a small async Python client of the server's HTTP API, for agents, tools and tests."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import aiohttp

from hermes_server.errors import ApiError
from hermes_server.routing.outcome import ToolOutcome
from hermes_wire import controller as protocol
from hermes_wire.tool_spec import EXTENSION_LANE

#: The extension looks for new sessions every two seconds (and its native host may still be starting), so an
#: extension session younger than this may not have its controller yet: see ``call_once_picked_up``.
PICKUP_GRACE_S = 5.0
PICKUP_POLL_S = 0.1


def unreachable_message(base_url: str) -> str:
    """What every agent surface says when nothing answers at ``base_url``."""
    return f"Cannot reach the Hermes browser server at {base_url}; start it (`hermes-browser serve`) or pass --server."


class BrowserClient:
    """Usage::

    async with BrowserClient("http://127.0.0.1:8642", api_key) as client:
        session = await client.create_session(browser_lane="extension")
        reply = await client.call(session["id"], "browser_snapshot")
    """

    def __init__(self, base_url: str, api_key: str, *, http: aiohttp.ClientSession | None = None) -> None:
        self.base_url = base_url.rstrip("/")
        self._headers = {"Authorization": f"Bearer {api_key}"}
        self._http = http
        self._owns_http = http is None

    async def __aenter__(self) -> BrowserClient:
        if self._http is None:
            self._http = aiohttp.ClientSession()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def close(self) -> None:
        if self._owns_http and self._http is not None:
            await self._http.close()
            self._http = None

    async def request(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        """Send one request; a non-2xx reply raises ``ApiError`` with the server's status, code and message."""
        if self._http is None:
            raise RuntimeError("use BrowserClient as 'async with BrowserClient(...) as client'")
        async with self._http.request(method, self.base_url + path, json=body, headers=self._headers) as response:
            try:
                payload = await response.json(content_type=None)
            except ValueError:
                payload = None
            if response.status >= 300:
                error = (payload or {}).get("error", {}) if isinstance(payload, dict) else {}
                raise ApiError(
                    response.status, error.get("code", "http_error"), error.get("message", response.reason or "")
                )
            return payload

    async def capabilities(self) -> dict[str, Any]:
        reply: dict[str, Any] = await self.request("GET", "/v1/capabilities")
        return reply

    async def create_session(self, *, label: str = "", browser_lane: str | None = None) -> dict[str, Any]:
        """Create a session on ``browser_lane``; with none the server picks its default lane (see ``routes``)."""
        body = {"label": label} if browser_lane is None else {"label": label, "browser_lane": browser_lane}
        session: dict[str, Any] = await self.request("POST", "/v1/sessions", body)
        return session

    async def list_sessions(self) -> list[dict[str, Any]]:
        sessions: list[dict[str, Any]] = (await self.request("GET", "/v1/sessions"))["sessions"]
        return sessions

    async def close_session(self, session_id: str) -> None:
        await self.request("DELETE", f"/v1/sessions/{session_id}")

    async def unbind_controller(self, session_id: str) -> dict[str, Any]:
        session: dict[str, Any] = await self.request("POST", f"/v1/sessions/{session_id}/browser-control/unbind")
        return session

    async def call(
        self,
        session_id: str,
        tool: str,
        arguments: dict[str, Any] | None = None,
        *,
        tool_call_id: str | None = None,
        timeout_s: float | None = None,
    ) -> ToolOutcome:
        body: dict[str, Any] = {"arguments": arguments or {}}
        if tool_call_id is not None:
            body["tool_call_id"] = tool_call_id
        if timeout_s is not None:
            body["timeout_s"] = timeout_s
        return ToolOutcome.from_json(await self.request("POST", f"/v1/sessions/{session_id}/browser/{tool}", body))

    async def call_once_picked_up(
        self, session_id: str, tool: str, arguments: dict[str, Any] | None = None, *, timeout_s: float | None = None
    ) -> ToolOutcome:
        """``call``, for an agent that calls right after creating its session.

        A call that fails ``controller_missing`` on an extension session created less than
        ``PICKUP_GRACE_S`` ago waits for what is left of that time for the extension to pick
        the session up, and is then sent again.  ``controller_missing`` means the command was
        never sent to any browser, so sending it again cannot act twice.  Any other session,
        or an older one, gets the answer at once.
        """
        outcome = await self.call(session_id, tool, arguments, timeout_s=timeout_s)
        if outcome.error_code != "controller_missing":
            return outcome
        session = next((s for s in await self.list_sessions() if s["id"] == session_id), None)
        if session is None or session.get("browser_lane") != EXTENSION_LANE:
            return outcome
        left_s = float(session.get("created_at", 0)) + PICKUP_GRACE_S - time.time()
        if left_s > 0 and await self.controller_connects(session_id, left_s):
            return await self.call(session_id, tool, arguments, timeout_s=timeout_s)
        return outcome

    async def controller_connects(self, session_id: str, within_s: float) -> bool:
        """Whether a controller is connected to ``session_id`` within ``within_s`` seconds."""
        try:
            async with asyncio.timeout(within_s):
                while True:
                    found = [s for s in await self.list_sessions() if s["id"] == session_id]
                    if found and (found[0].get("controller") or {}).get("state") == "connected":
                        return True
                    await asyncio.sleep(PICKUP_POLL_S)
        except TimeoutError:
            return False

    async def register_controller(
        self,
        session_id: str,
        *,
        controller_id: str,
        browser_profile_id: str,
        capabilities: list[str] | tuple[str, ...] = protocol.CAPABILITY_ALLOWLIST,
        protocol_version: int = protocol.PROTOCOL_VERSION,
    ) -> dict[str, Any]:
        """Ask for a single-use WebSocket ticket for a controller of ``session_id``."""
        grant: dict[str, Any] = await self.request(
            "POST",
            protocol.REGISTER_PATH,
            {
                "protocol_version": protocol_version,
                "session_id": session_id,
                "controller_id": controller_id,
                "browser_profile_id": browser_profile_id,
                "capabilities": list(capabilities),
            },
        )
        return grant

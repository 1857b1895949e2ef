"""The project's demo: the real server and a real controller process, driven with ``BrowserClient``.

Run by ``scripts/demo`` (which sets up the environment first); runnable alone as
``python scripts/demo.py`` inside the project's venv.  Each step prints what it did
and what came back, then checks what must be true.  Exit status 0 when every check
holds, 1 when any fails or the run breaks.  ``hermes_server.local_stack`` starts the
processes, and always stops them.

The steps show the fail-closed routing of DESIGN.md on the smallest possible setup:

1. capabilities: extension control is on, protocol v1, the 11 allowlisted capabilities;
2. an agent creates a session on the ``extension`` lane;
3. a call before any controller is connected fails closed with ``controller_missing``;
4. the channel-check controller (``python -m hermes_server.controller_client``) connects;
5. ``controller.noop`` goes HTTP -> server -> WebSocket -> controller and back;
6. ``browser_click`` is refused with ``capability_not_allowed``: that controller only
   registered ``controller.noop``, and the server never sends it anything else;
7. a session on the ``cdp`` lane answers ``backend_unavailable`` (no CDP backend in this build);
8. closing the session closes the controller's socket, and the controller exits.
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from hermes_server.client import ToolReply
from hermes_server.errors import HermesError
from hermes_server.local_stack import LocalServer

CONTROLLER_EXIT_TIMEOUT_S = 5.0  # after its session is closed
ALLOWLIST_SIZE = 11


class Checks:
    """Prints each expectation as it is checked and remembers the ones that failed."""

    def __init__(self) -> None:
        self.failed: list[str] = []

    def expect(self, condition: bool, description: str) -> None:
        print(f"   [{'ok' if condition else 'FAILED'}] {description}")
        if not condition:
            self.failed.append(description)


def step(number: int, title: str) -> None:
    print(f"\n{number}. {title}")


def show(label: str, value: Any) -> None:
    print(f"   {label}: {value}")


def reply_text(reply: ToolReply) -> str:
    """The agent-facing reply as the server sent it: ``{ok, result | error, backend}``."""
    body: dict[str, Any] = {"ok": reply.ok, "backend": reply.backend}
    if reply.ok:
        body["result"] = reply.result
    else:
        body["error"] = {"code": reply.error_code, "message": reply.error_message}
    return json.dumps(body)


# ----- the demo --------------------------------------------------------------------------------------


async def demo(checks: Checks) -> None:
    print("Hermes browser control demo")
    async with LocalServer.start(home_prefix="hermes-demo-") as server, server.client() as client:
        show("server", f"{server.url} (pid {server.pid}, HERMES_HOME {server.home}, a random API key)")

        step(1, "Capabilities: GET /v1/capabilities")
        capabilities = await client.capabilities()
        feature = capabilities["features"]["browser_extension_control"]
        show("extension control", f"enabled={feature['enabled']}, protocol v{feature['protocol_version']}")
        show(f"capabilities ({len(feature['capabilities'])})", ", ".join(feature["capabilities"]))
        show("endpoints", json.dumps(capabilities["endpoints"]))
        checks.expect(
            feature["enabled"] is True and feature["protocol_version"] == 1
            and len(feature["capabilities"]) == ALLOWLIST_SIZE,
            f"extension control is on, protocol v1, {ALLOWLIST_SIZE} allowlisted capabilities",
        )

        step(2, "Create a session on the extension lane: POST /v1/sessions")
        session = await client.create_session(label="demo", browser_lane="extension")
        session_id = session["id"]
        show("session", json.dumps(session))
        checks.expect(
            session["browser_lane"] == "extension" and session["controller"]["state"] == "awaiting_controller",
            "the session is on the extension lane, awaiting a controller",
        )

        step(3, "Call controller.noop before any controller is connected (must fail closed)")
        reply = await client.call(session_id, "controller.noop")
        show("reply", reply_text(reply))
        checks.expect(
            not reply.ok and reply.error_code == "controller_missing" and reply.backend == "extension",
            "refused with controller_missing by the extension lane (no fallback to another browser)",
        )

        step(4, "Start the channel-check controller: python -m hermes_server.controller_client")
        controller = await server.start_channel_check_controller(session_id)
        show("controller", f"pid {controller.pid} printed 'ready' (its ticket WebSocket is open)")
        listed = {s["id"]: s for s in await client.list_sessions()}
        lane = listed[session_id]["controller"]
        show("lane", json.dumps(lane))
        checks.expect(
            lane["state"] == "connected" and lane["controller_id"] == "channel-check",
            "the session's lane is connected to controller 'channel-check'",
        )

        step(5, "Call controller.noop through the controller")
        reply = await client.call(session_id, "controller.noop")
        show("reply", reply_text(reply))
        checks.expect(reply.ok and reply.backend == "extension", "answered ok by the extension lane")

        step(6, "Call browser_click {ref: @e1}: the controller only registered controller.noop")
        reply = await client.call(session_id, "browser_click", {"ref": "@e1"})
        show("reply", reply_text(reply))
        checks.expect(
            not reply.ok and reply.error_code == "capability_not_allowed",
            "refused with capability_not_allowed",
        )

        step(7, "A session on the cdp lane: browser_snapshot")
        cdp_session = await client.create_session(label="demo-cdp", browser_lane="cdp")
        show("session", json.dumps(cdp_session))
        reply = await client.call(cdp_session["id"], "browser_snapshot")
        show("reply", reply_text(reply))
        checks.expect(
            not reply.ok and reply.error_code == "backend_unavailable" and reply.backend == "cdp",
            "refused with backend_unavailable by the cdp lane (no CDP backend in this build)",
        )
        await client.close_session(cdp_session["id"])

        step(8, "Close the extension session: DELETE /v1/sessions/{id}")
        await client.close_session(session_id)
        remaining = [s["id"] for s in await client.list_sessions()]
        show("sessions left", remaining)
        checks.expect(session_id not in remaining, "the session is gone")
        try:
            status: int | None = await asyncio.wait_for(controller.wait(), CONTROLLER_EXIT_TIMEOUT_S)
        except TimeoutError:
            status = None
        show("controller", "still running" if status is None else f"exited with status {status}")
        checks.expect(status == 0, "the server closed the controller's socket; the controller exited cleanly")


def main() -> int:
    checks = Checks()
    try:
        asyncio.run(demo(checks))
    except (HermesError, KeyError) as error:
        print(f"\ndemo: the run broke: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    if checks.failed:
        print(f"\ndemo: {len(checks.failed)} expectation(s) failed:", file=sys.stderr)
        for description in checks.failed:
            print(f"  - {description}", file=sys.stderr)
        return 1
    print("\ndemo: every expectation held.")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Registration and the ticket WebSocket, attacked over real sockets: every status code the protocol doc lists."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import aiohttp
import pytest
import websockets
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from hermes_host.controller_socket import open_controller_socket, websocket_url
from hermes_server.app_keys import HUB
from hermes_server.errors import ApiError
from hermes_wire import controller as protocol
from hermes_wire import signatures as device_auth
from tests.host.test_pairing import pair_directly, signed
from tests.server.helpers import close_code_of, connect_controller, next_frame, serve_in_background
from tests.support.local_stack import EXTENSION_ORIGIN, RunningServer, running_server, wait_for_lane_state


def register_body(session_id: str, **overrides: Any) -> dict[str, Any]:
    return {
        "protocol_version": 1,
        "session_id": session_id,
        "controller_id": "ctl-1",
        "browser_profile_id": "profile-1",
        "capabilities": list(protocol.CAPABILITY_ALLOWLIST),
    } | overrides


async def raw_post(
    server: RunningServer, path: str, body: Any, *, key: str | None = "server", headers: dict[str, str] | None = None
) -> tuple[int, Any]:
    all_headers = dict(headers or {})
    if key is not None:
        all_headers["Authorization"] = f"Bearer {server.api_key if key == 'server' else key}"
    async with (
        aiohttp.ClientSession() as http,
        http.post(server.url + path, json=body, headers=all_headers) as response,
    ):
        return response.status, await response.json(content_type=None)


async def handshake_status(
    server: RunningServer, *, subprotocols: list[str], query: str = "", headers: dict[str, str] | None = None
) -> int:
    """Try the WebSocket upgrade; return the HTTP status of a refusal, or 101 if it was accepted.

    aiohttp's client is used here (not websockets) because it lets a test forge the Host header.
    """
    async with aiohttp.ClientSession() as http:
        try:
            async with http.ws_connect(
                websocket_url(server.url) + query, protocols=subprotocols, headers=headers or {}
            ):
                return 101
        except aiohttp.WSServerHandshakeError as refused:
            return refused.status


def ticket_protocols(ticket: str) -> list[str]:
    return [protocol.SUBPROTOCOL, protocol.TICKET_SUBPROTOCOL_PREFIX + ticket]


@pytest.fixture
async def server() -> Any:
    async with running_server() as running:
        yield running


@pytest.fixture
async def session_id(server: RunningServer) -> str:
    async with server.client() as client:
        return (await client.create_session(label="test", browser_lane="extension"))["id"]


async def register(server: RunningServer, session_id: str) -> dict[str, Any]:
    status, body = await raw_post(server, protocol.REGISTER_PATH, register_body(session_id))
    assert status == 201, body
    return body


# ----- capabilities -----------------------------------------------------------------------------------


async def test_capabilities_list_the_exact_allowlist(server: RunningServer) -> None:
    async with server.client() as client:
        capabilities = await client.capabilities()
    feature = capabilities["features"]["browser_extension_control"]
    assert feature["enabled"] is True
    assert feature["protocol_version"] == 1
    assert sorted(feature["capabilities"]) == sorted(protocol.CAPABILITY_ALLOWLIST)
    # The original 11, browser_find (issue 23), and browser_get_images, browser_drag, browser_file_upload,
    # browser_forward, browser_reload (issue 24; docs/README.md, rows 20 and 21), browser_fill_form, browser_downloads
    # and browser_read_download (issue 32), in declaration order.
    assert feature["capabilities"] == [
        "controller.noop",
        "browser_navigate",
        "browser_snapshot",
        "browser_find",
        "browser_get_images",
        "browser_click",
        "browser_drag",
        "browser_file_upload",
        "browser_type",
        "browser_fill_form",
        "browser_press",
        "browser_scroll",
        "browser_back",
        "browser_forward",
        "browser_reload",
        "browser_tabs",
        "browser_tab_activate",
        "browser_downloads",
        "browser_read_download",
        "browser_screenshot",
    ]
    assert capabilities["endpoints"] == {
        "browser_control_register": "/v1/browser-control/register",
        "browser_control_ws": "/v1/browser-control/ws",
    }


@pytest.mark.parametrize(
    "authorization",
    [None, "", "Bearer ", "Bearer wrong-key-" + "x" * 40, "Basic {key}", "{key}", "Bearer {key}x", "Bearer {short}"],
)
async def test_v1_routes_need_the_bearer_key(server: RunningServer, authorization: str | None) -> None:
    headers = {}
    if authorization is not None:
        headers["Authorization"] = authorization.format(key=server.api_key, short=server.api_key[:-1])
    async with aiohttp.ClientSession() as http:
        for method, path in [
            ("GET", "/v1/capabilities"),
            ("GET", "/v1/sessions"),
            ("POST", "/v1/sessions"),
            ("POST", "/v1/sessions/x/browser/browser_click"),
            ("GET", "/v1/no-such-route"),
        ]:
            async with http.request(method, server.url + path, headers=headers) as response:
                body = await response.json()
                assert response.status == 401, (method, path)
                assert body == {
                    "error": {
                        "message": body["error"]["message"],
                        "type": "authentication_error",
                        "code": "invalid_api_key",
                    }
                }
                assert server.api_key not in body["error"]["message"]


# ----- registration -----------------------------------------------------------------------------------


async def test_register_returns_201_with_a_ticket_and_the_server_side_scope(
    server: RunningServer, session_id: str
) -> None:
    status, body = await raw_post(
        server,
        protocol.REGISTER_PATH,
        register_body(
            session_id,
            principal_id="someone-else",
            product="test-extension",
            capabilities=["browser_click", "browser_evaluate", "cdp.raw", "controller.noop"],
        ),
    )
    assert status == 201
    assert body["protocol_version"] == 1
    assert protocol.TICKET_PATTERN.fullmatch(body["ticket"])
    assert body["ticket_expires_in_seconds"] == 30
    assert body["ticket_expires_at"].endswith("+00:00")
    assert body["ws_path"] == protocol.WS_PATH
    assert body["scope"] == {
        "principal_id": "local",  # the server's own; the client's claim is ignored
        "session_id": session_id,
        "controller_id": "ctl-1",
        "browser_profile_id": "profile-1",
        "transport_family": "extension",
        "capabilities": ["controller.noop", "browser_click"],
    }


@pytest.mark.parametrize(
    ("overrides", "status", "code"),
    [
        ({"protocol_version": 2}, 400, "browser_control_protocol_unsupported"),
        ({"protocol_version": "1"}, 400, "browser_control_protocol_unsupported"),
        ({"protocol_version": True}, 400, "browser_control_protocol_unsupported"),
        ({"capabilities": ["browser_evaluate", "browser_console"]}, 400, "browser_control_no_capabilities"),
        ({"capabilities": []}, 400, "browser_control_no_capabilities"),
        ({"capabilities": "browser_click"}, 400, "invalid_request"),
        ({"controller_id": ""}, 400, "invalid_request"),
        ({"browser_profile_id": "has spaces"}, 400, "invalid_request"),
        ({"unexpected": 1}, 400, "invalid_request"),
        ({"session_id": "sess_unknown"}, 403, "browser_control_session_forbidden"),
    ],
)
async def test_register_refusals(
    server: RunningServer, session_id: str, overrides: dict[str, Any], status: int, code: str
) -> None:
    got_status, body = await raw_post(server, protocol.REGISTER_PATH, register_body(session_id) | overrides)
    assert (got_status, body["error"]["code"]) == (status, code)
    assert set(body["error"]) == {"message", "type", "code"}


async def test_register_for_a_cdp_session_is_forbidden(server: RunningServer) -> None:
    async with server.client() as client:
        cdp_session = (await client.create_session(browser_lane="cdp"))["id"]
    status, body = await raw_post(server, protocol.REGISTER_PATH, register_body(cdp_session))
    assert (status, body["error"]["code"]) == (403, "browser_control_session_forbidden")


async def test_register_without_or_with_a_wrong_key_is_401(server: RunningServer, session_id: str) -> None:
    for key in (None, "nope-" * 10):
        status, body = await raw_post(server, protocol.REGISTER_PATH, register_body(session_id), key=key)
        assert (status, body["error"]["type"]) == (401, "authentication_error")


async def test_register_malformed_json_is_400(server: RunningServer) -> None:
    async with (
        aiohttp.ClientSession() as http,
        http.post(
            server.url + protocol.REGISTER_PATH,
            data=b"{not json",
            headers={"Authorization": f"Bearer {server.api_key}"},
        ) as response,
    ):
        assert response.status == 400
        assert (await response.json())["error"]["code"] == "invalid_json"


async def test_feature_off_is_404_for_register_and_socket() -> None:
    async with running_server(extension_control_enabled=False) as server:
        status, body = await raw_post(server, protocol.REGISTER_PATH, register_body("sess_x"))
        assert (status, body["error"]["code"]) == (404, "browser_control_disabled")
        assert await handshake_status(server, subprotocols=ticket_protocols("A" * 43)) == 404
        async with server.client() as client:
            feature = (await client.capabilities())["features"]["browser_extension_control"]
            assert feature["enabled"] is False
            with pytest.raises(ApiError) as refused:
                await client.create_session(browser_lane="extension")
            assert refused.value.code == "browser_control_disabled"


# ----- a paired device's identity ---------------------------------------------------------------------


def controller_id_of(device: Ed25519PrivateKey) -> str:
    """The one controller id a paired device may register (what the native host sends)."""
    return "hermes-host." + device_auth.device_id_for(device_auth.public_key_bytes(device))


async def device_register(
    server: RunningServer, device: Ed25519PrivateKey, session_id: str, controller_id: str, profile: str
) -> tuple[int, Any]:
    body = register_body(session_id, controller_id=controller_id, browser_profile_id=profile)
    return await signed(server, device, "POST", protocol.REGISTER_PATH, body)


async def test_a_paired_device_cannot_claim_another_devices_controller_identity(
    server: RunningServer, session_id: str
) -> None:
    device_a = await pair_directly(server, profile="profile-a")
    device_b = await pair_directly(server, profile="profile-b")
    twin = await pair_directly(server, profile="profile-a")  # paired, for the same browser profile id as A
    status, grant = await device_register(server, device_a, session_id, controller_id_of(device_a), "profile-a")
    assert status == 201, grant
    socket_a = await open_controller_socket(server.url, grant["ticket"])
    serving = await serve_in_background(socket_a, lambda action, arguments: asyncio.sleep(0, {"served_by": "A"}))
    await wait_for_lane_state(server, session_id, "connected")
    claims = [
        (device_b, controller_id_of(device_a), "profile-a"),  # A's whole identity
        (device_b, controller_id_of(device_a), "profile-b"),  # A's controller id
        (device_b, controller_id_of(device_b), "profile-a"),  # A's profile, which B is not paired for
        (device_b, "ctl-1", "profile-b"),  # a controller id that is not B's own
        (twin, controller_id_of(twin), "profile-a"),  # a profile that device A holds on this lane
    ]

    async def every_claim_is_refused() -> None:
        for device, controller_id, profile in claims:
            status, body = await device_register(server, device, session_id, controller_id, profile)
            assert (status, body["error"]["code"]) == (403, "browser_control_identity_forbidden"), (
                controller_id,
                profile,
            )

    await every_claim_is_refused()
    async with server.client() as client:  # A is still the lane's one controller and gets its commands
        assert (await client.call(session_id, "browser_tabs")).result == {"served_by": "A"}
    await socket_a.close()
    serving.cancel()
    await wait_for_lane_state(server, session_id, "disconnected")
    await every_claim_is_refused()  # A gone for now: still nobody takes its place
    status, _ = await device_register(server, device_a, session_id, controller_id_of(device_a), "profile-a")
    assert status == 201  # while A itself comes back


async def test_the_api_key_may_still_register_any_controller_identity(server: RunningServer, session_id: str) -> None:
    device_a = await pair_directly(server, profile="profile-a")
    status, _ = await device_register(server, device_a, session_id, controller_id_of(device_a), "profile-a")
    assert status == 201
    for controller_id, profile in [(controller_id_of(device_a), "profile-a"), ("ctl-1", "profile-a")]:
        status, body = await raw_post(
            server,
            protocol.REGISTER_PATH,
            register_body(session_id, controller_id=controller_id, browser_profile_id=profile),
        )
        assert status == 201, body


# ----- the ticket WebSocket ---------------------------------------------------------------------------


async def test_ticket_opens_the_socket_with_only_the_v1_subprotocol(server: RunningServer, session_id: str) -> None:
    grant = await register(server, session_id)
    socket = await open_controller_socket(server.url, grant["ticket"])
    assert socket.subprotocol == protocol.SUBPROTOCOL
    assert grant["ticket"] not in json.dumps(dict(socket.response.headers))
    await socket.send(json.dumps({"type": protocol.HEARTBEAT, "nonce": "n1"}))
    assert await next_frame(socket) == {"type": protocol.HEARTBEAT, "nonce": "n1", "ok": True}
    await socket.close()


async def test_replayed_ticket_is_401(server: RunningServer, session_id: str) -> None:
    grant = await register(server, session_id)
    socket = await open_controller_socket(server.url, grant["ticket"])
    assert await handshake_status(server, subprotocols=ticket_protocols(grant["ticket"])) == 401
    await socket.close()


async def test_ticket_in_the_query_string_is_401_and_burns_the_ticket(server: RunningServer, session_id: str) -> None:
    grant = await register(server, session_id)
    status = await handshake_status(
        server, subprotocols=ticket_protocols(grant["ticket"]), query=f"?ticket={grant['ticket']}"
    )
    assert status == 401
    # The ticket leaked into a URL, so it is dead even when presented properly afterwards.
    assert await handshake_status(server, subprotocols=ticket_protocols(grant["ticket"])) == 401


async def test_expired_ticket_is_401(server: RunningServer, session_id: str) -> None:
    grant = await register(server, session_id)
    hub = server.app[HUB]
    real_clock = hub.now
    hub.now = lambda: real_clock() + protocol.TICKET_TTL_S  # 30 s later
    try:
        assert await handshake_status(server, subprotocols=ticket_protocols(grant["ticket"])) == 401
    finally:
        hub.now = real_clock


@pytest.mark.parametrize(
    ("subprotocols", "status"),
    [
        ([protocol.SUBPROTOCOL, protocol.TICKET_SUBPROTOCOL_PREFIX + "A" * 43], 401),  # unknown
        ([protocol.SUBPROTOCOL, protocol.TICKET_SUBPROTOCOL_PREFIX + "short"], 401),  # malformed
        ([protocol.SUBPROTOCOL, protocol.TICKET_SUBPROTOCOL_PREFIX], 401),  # empty
        ([protocol.SUBPROTOCOL], 401),  # no ticket at all
        ([protocol.TICKET_SUBPROTOCOL_PREFIX + "A" * 43], 400),  # no v1 subprotocol
        (["hermes-browser-control-v2", protocol.TICKET_SUBPROTOCOL_PREFIX + "A" * 43], 400),
    ],
)
async def test_bad_handshakes_are_refused_before_the_upgrade(
    server: RunningServer, subprotocols: list[str], status: int
) -> None:
    assert await handshake_status(server, subprotocols=subprotocols) == status


async def test_two_tickets_in_one_handshake_are_refused(server: RunningServer, session_id: str) -> None:
    first, second = await register(server, session_id), await register(server, session_id)
    protocols = [*ticket_protocols(first["ticket"]), protocol.TICKET_SUBPROTOCOL_PREFIX + second["ticket"]]
    assert await handshake_status(server, subprotocols=protocols) == 401


@pytest.mark.parametrize(
    "origin", ["https://evil.example", "null", "http://127.0.0.1:8642", "chrome-extension://" + "b" * 32]
)
async def test_web_page_origins_are_refused(server: RunningServer, session_id: str, origin: str) -> None:
    grant = await register(server, session_id)
    status = await handshake_status(server, subprotocols=ticket_protocols(grant["ticket"]), headers={"Origin": origin})
    assert status == 403
    status, body = await raw_post(server, "/v1/sessions", {}, headers={"Origin": origin})
    assert (status, body["error"]["code"]) == (403, "origin_not_allowed")


async def test_configured_extension_origin_is_accepted(server: RunningServer, session_id: str) -> None:
    grant = await register(server, session_id)
    socket = await open_controller_socket(server.url, grant["ticket"], origin=EXTENSION_ORIGIN)
    assert socket.subprotocol == protocol.SUBPROTOCOL
    await socket.close()


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8642", "127.0.0.1.evil.example", "10.0.0.1"])
async def test_forged_host_header_is_refused(server: RunningServer, session_id: str, host: str) -> None:
    grant = await register(server, session_id)
    status = await handshake_status(server, subprotocols=ticket_protocols(grant["ticket"]), headers={"Host": host})
    assert status == 403
    status, body = await raw_post(server, "/v1/sessions", {}, headers={"Host": host})
    assert (status, body["error"]["code"]) == (403, "host_not_allowed")


@pytest.mark.parametrize(
    ("frame", "close_code"),
    [
        ({"type": "browser.controller.evaluate", "script": "alert(1)"}, protocol.CLOSE_UNSUPPORTED),
        ({"type": protocol.RESULT, "command_id": "cmd_1", "ok": "true", "result": {}}, protocol.CLOSE_INVALID_FRAME),
        ({"type": protocol.RESULT, "command_id": "cmd_1", "ok": 1, "result": {}}, protocol.CLOSE_INVALID_FRAME),
        ("not json at all", protocol.CLOSE_INVALID_FRAME),
    ],
)
async def test_malformed_frames_close_the_socket_with_a_clear_code(
    server: RunningServer, session_id: str, frame: Any, close_code: int
) -> None:
    socket = await connect_controller(server, session_id)
    await socket.send(frame if isinstance(frame, str) else json.dumps(frame))
    code, reason = await close_code_of(socket)
    assert code == close_code
    assert reason  # the reason says what was wrong


async def test_binary_and_oversized_frames_close_the_socket(server: RunningServer, session_id: str) -> None:
    socket = await connect_controller(server, session_id)
    await socket.send(b"\x00\x01")
    assert (await close_code_of(socket))[0] == protocol.CLOSE_UNSUPPORTED
    socket = await connect_controller(server, session_id)
    with contextlib.suppress(websockets.ConnectionClosed):  # the server may close while we are still sending
        await socket.send(json.dumps({"type": protocol.HEARTBEAT, "nonce": "x" * protocol.MAX_FRAME_BYTES}))
    assert (await close_code_of(socket))[0] == protocol.CLOSE_TOO_BIG

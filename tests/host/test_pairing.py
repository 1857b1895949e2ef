"""One-click loopback pairing and device signatures: the real server, the real host on pipes, and attacks."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from hermes_host.routing import POLL_S
from hermes_server.app_keys import BROKER, HUB, PAIRINGS, WALL_CLOCK
from hermes_wire import controller as protocol
from hermes_wire import signatures as device_auth
from hermes_wire.home import read_runtime
from tests.conftest import scaled
from tests.host.helpers import HostProcess
from tests.support.local_stack import RunningServer, running_server


async def post(
    server: RunningServer, path: str, body: dict[str, Any], headers: dict[str, str] | None = None, method: str = "POST"
) -> tuple[int, dict[str, Any]]:
    async with (
        aiohttp.ClientSession() as http,
        http.request(
            method, server.url + path, data=json.dumps(body).encode() if body else None, headers=headers or {}
        ) as response,
    ):
        return response.status, await response.json(content_type=None)


def proof(server: RunningServer, action: str, subject: str, timestamp: int | None = None) -> dict[str, Any]:
    secret = read_runtime(server.config.home)["pairing_secret"]  # type: ignore[index]
    stamp = int(time.time()) if timestamp is None else timestamp
    return {"timestamp": stamp, "proof": device_auth.pairing_proof(secret, action, subject, stamp)}


async def open_request(server: RunningServer, key: Ed25519PrivateKey, **extra: Any) -> tuple[int, dict[str, Any]]:
    public_key = device_auth.b64encode(device_auth.public_key_bytes(key))
    body = {"public_key": public_key, "browser_profile_id": "p1"} | proof(server, "request", public_key) | extra
    return await post(server, protocol.PAIRING_REQUESTS_PATH, body)


async def pair_directly(server: RunningServer, profile: str = "p1") -> Ed25519PrivateKey:
    """Pair a fresh key for browser profile ``profile`` without a host, the way the host does it."""
    key = Ed25519PrivateKey.generate()
    status, opened = await open_request(server, key, browser_profile_id=profile)
    assert status == 201, opened
    request_id = opened["request_id"]
    status, approved = await post(
        server, f"{protocol.PAIRING_REQUESTS_PATH}/{request_id}/approve", proof(server, "approve", request_id)
    )
    assert status == 200, approved
    return key


async def signed(
    server: RunningServer,
    key: Ed25519PrivateKey,
    method: str,
    path: str,
    body: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, Any]:
    data = json.dumps(body).encode() if body is not None else b""
    sent = headers or device_auth.sign_request(key, method, path, data)
    async with (
        aiohttp.ClientSession() as http,
        http.request(method, server.url + path, data=data or None, headers=sent) as response,
    ):
        return response.status, await response.json(content_type=None)


def register_body(session_id: str, key: Ed25519PrivateKey) -> dict[str, Any]:
    """A registration as the paired device ``key`` (paired for "p1") may make: its own controller id."""
    return {
        "protocol_version": 1,
        "session_id": session_id,
        "controller_id": device_auth.device_controller_id(device_auth.device_id_for(device_auth.public_key_bytes(key))),
        "browser_profile_id": "p1",
        "capabilities": ["controller.noop"],
    }


@pytest.fixture
async def server(tmp_path: Path) -> Any:
    async with running_server(home=tmp_path) as running:
        yield running


async def new_extension_session(server: RunningServer) -> str:
    async with server.client() as client:
        return (await client.create_session(browser_lane="extension"))["id"]


async def lane_state(server: RunningServer, session_id: str) -> dict[str, Any]:
    async with server.client() as client:
        return {s["id"]: s for s in await client.list_sessions()}[session_id]["controller"]


async def wait_lane(server: RunningServer, session_id: str, state: str, within: float) -> dict[str, Any]:
    async with asyncio.timeout(scaled(within)):
        while (lane := await lane_state(server, session_id))["state"] != state:
            await asyncio.sleep(0.02)
    return lane


async def paired_host(server: RunningServer) -> tuple[HostProcess, str]:
    """A host on pipes that went through hello, pair.start and the one Approve click."""
    host = await HostProcess.start(server.config.home)
    assert (await host.request("hello", version=1, browser_profile_id="profile1"))["ok"]
    started = await host.request("pair.start", label="test browser")
    assert started["ok"], started
    pending = server.app[PAIRINGS].pending[started["request_id"]]
    assert started["verification_code"] == pending.verification_code
    approved = await host.request("pair.approve", request_id=started["request_id"])
    assert approved["ok"], approved
    return host, approved["device_id"]


async def connected_host(server: RunningServer) -> tuple[HostProcess, str, str]:
    """A paired host, and a new extension session it has connected to: (host, device id, session id)."""
    host, device_id = await paired_host(server)
    session_id = await new_extension_session(server)
    await wait_lane(server, session_id, "connected", within=2.5)
    # The server counts the lane connected once it accepted the socket; the host, once its side has opened too:
    # a request to the host about the session (detach) must wait for that.
    await host.status_where(
        lambda s: any(each["session_id"] == session_id and each["state"] == "connected" for each in s["sessions"])
    )
    return host, device_id, session_id


# ----- the full flow ----------------------------------------------------------------------------------


@pytest.mark.processes
async def test_full_pairing_flow_ends_with_a_relayed_command(server: RunningServer) -> None:
    host, device_id = await paired_host(server)
    pairings = json.loads((server.config.home / "browser-control" / "pairings.json").read_text())
    assert [p["device_id"] for p in pairings["pairings"]] == [device_id]
    assert (server.config.home / "browser-control" / "pairings.json").stat().st_mode & 0o777 == 0o600
    key_file = server.config.home / "browser-control" / "devices" / "profile1" / "device_key.pem"
    assert key_file.stat().st_mode & 0o777 == 0o600

    session_id = await new_extension_session(server)
    lane = await wait_lane(server, session_id, "connected", within=2.5)  # picked up within 2 s
    assert lane["controller_id"] == f"hermes-host.{device_id}"

    async with server.client() as client:
        call = asyncio.create_task(
            client.call(session_id, "browser_click", {"ref": "@e3", "see": "none"}, tool_call_id="t-1")
        )
        command = await host.next(lambda m: m.get("type") == "command")
        assert (command["session_id"], command["action"], command["arguments"], command["tool_call_id"]) == (
            session_id,
            "browser_click",
            {"ref": "@e3"},
            "t-1",
        )
        await host.send(
            {"type": "result", "command_id": command["command_id"], "ok": True, "result": {"clicked": "@e3"}}
        )
        reply = await call
    assert (reply.ok, reply.result, reply.backend) == (True, {"clicked": "@e3"}, "extension")
    status = await host.status_where(lambda s: s["paired"] and s["sessions"])
    assert status["sessions"][0]["state"] == "connected" and status["device_id"] == device_id

    async with server.client() as client:  # a session that closes is dropped by the host
        await client.close_session(session_id)
    await host.status_where(lambda s: not s["sessions"])
    assert (await host.close())[0] == 0


@pytest.mark.processes
async def test_every_folder_under_a_fresh_home_is_0700_and_every_file_0600(tmp_path: Path) -> None:
    home = tmp_path / "home"  # does not exist yet: the server and the host create all of it
    async with running_server(home=home) as server:
        host, _ = await paired_host(server)
        await host.close()
        modes = {
            str(path.relative_to(home)): ("folder" if path.is_dir() else "file", path.stat().st_mode & 0o777)
            for path in [home, *home.rglob("*")]
        }
    assert {
        "browser-control/runtime.json",
        "browser-control/pairings.json",
        "browser-control/server_key.pem",
        "browser-control/devices/profile1/device_key.pem",
        "browser-control/devices/profile1/paired.json",
        "logs/native-host.log",
    } <= set(modes)
    wrong = {path: oct(mode) for path, (kind, mode) in modes.items() if mode != (0o700 if kind == "folder" else 0o600)}
    assert wrong == {}


@pytest.mark.processes
async def test_detach_from_the_extension_fails_the_session_closed(server: RunningServer) -> None:
    host, _, session_id = await connected_host(server)
    detached = await host.request("detach", session_id=session_id)
    assert detached["ok"] and detached["state"] == "detached"
    assert (await lane_state(server, session_id))["state"] == "detached"
    async with server.client() as client:
        reply = await client.call(session_id, "controller.noop")
    assert reply.error_code == "controller_detached"
    await host.close()


# ----- pairing requests -------------------------------------------------------------------------------


async def test_an_expired_request_cannot_be_approved(server: RunningServer) -> None:
    status, opened = await open_request(server, Ed25519PrivateKey.generate())
    assert status == 201 and opened["expires_in_seconds"] == 180
    server.app[WALL_CLOCK].skew_s = 181
    later = server.app[WALL_CLOCK]()
    request_id = opened["request_id"]
    status, body = await post(
        server,
        f"{protocol.PAIRING_REQUESTS_PATH}/{request_id}/approve",
        proof(server, "approve", request_id, int(later)),
    )
    assert (status, body["error"]["code"]) == (404, "pairing_request_not_found")


async def test_a_sixth_pending_request_is_refused(server: RunningServer) -> None:
    for _ in range(5):
        assert (await open_request(server, Ed25519PrivateKey.generate()))[0] == 201
    status, body = await open_request(server, Ed25519PrivateKey.generate())
    assert (status, body["error"]["code"]) == (429, "pairing_too_many_requests")


@pytest.mark.parametrize(
    "tamper",
    [
        lambda body: body | {"proof": "0" * 64},
        lambda body: body | {"timestamp": body["timestamp"] - 61},
        lambda body: body | {"public_key": device_auth.b64encode(b"\x01" * 32)},  # proof was for another key
        lambda body: {k: v for k, v in body.items() if k != "proof"},
    ],
)
async def test_pairing_requests_need_a_fresh_proof_of_the_secret(server: RunningServer, tamper: Any) -> None:
    key = Ed25519PrivateKey.generate()
    public_key = device_auth.b64encode(device_auth.public_key_bytes(key))
    body = tamper({"public_key": public_key, "browser_profile_id": "p1"} | proof(server, "request", public_key))
    status, answer = await post(server, protocol.PAIRING_REQUESTS_PATH, body)
    assert (status, answer["error"]["code"]) == (401, "pairing_proof_invalid")
    secret = read_runtime(server.config.home)["pairing_secret"]  # type: ignore[index]
    assert secret not in json.dumps(answer)


async def test_pairing_from_a_web_page_origin_is_refused(server: RunningServer) -> None:
    key = Ed25519PrivateKey.generate()
    public_key = device_auth.b64encode(device_auth.public_key_bytes(key))
    body = {"public_key": public_key, "browser_profile_id": "p1"} | proof(server, "request", public_key)
    status, answer = await post(
        server, protocol.PAIRING_REQUESTS_PATH, body, headers={"Origin": "https://evil.example"}
    )
    assert (status, answer["error"]["code"]) == (403, "origin_not_allowed")


@pytest.mark.processes
async def test_deny_removes_the_request(server: RunningServer) -> None:
    host = await HostProcess.start(server.config.home)
    await host.request("hello", version=1, browser_profile_id="profile1")
    started = await host.request("pair.start")
    assert (await host.request("pair.deny", request_id=started["request_id"]))["ok"]
    assert server.app[PAIRINGS].pending == {}
    refused = await host.request("pair.approve", request_id=started["request_id"])
    assert refused["ok"] is False and refused["error"]["code"] == "no_pairing_request"
    assert not (await host.request("status"))["status"]["paired"]
    await host.close()


# ----- device signatures ------------------------------------------------------------------------------


@pytest.mark.processes
async def test_the_host_holds_a_long_poll_and_drives_a_new_session_at_once(server: RunningServer) -> None:
    host, _ = await paired_host(server)
    async with asyncio.timeout(scaled(5)):  # a polling host would never leave a listing held
        while server.app[HUB].held_listings != 1:
            await asyncio.sleep(0.01)
    created = time.monotonic()
    session_id = await new_extension_session(server)
    await wait_lane(server, session_id, "connected", within=POLL_S)
    assert time.monotonic() - created < scaled(POLL_S)  # sooner than the next poll of a polling host
    async with asyncio.timeout(scaled(5)):
        while server.app[HUB].held_listings != 1:  # and it holds the next one
            await asyncio.sleep(0.01)
    await host.close()


async def test_a_paired_device_registers_without_the_api_key(server: RunningServer) -> None:
    key = await pair_directly(server)
    session_id = await new_extension_session(server)
    status, sessions = await signed(server, key, "GET", protocol.DEVICE_SESSIONS_PATH)
    assert status == 200 and [s["id"] for s in sessions["sessions"]] == [session_id]
    status, grant = await signed(server, key, "POST", protocol.REGISTER_PATH, register_body(session_id, key))
    assert status == 201 and grant["scope"]["principal_id"] == "local"
    # A pairing grants browser control only: no tool calls, no sessions API.
    for method, path in [
        ("GET", "/v1/sessions"),
        ("POST", f"/v1/sessions/{session_id}/browser/controller.noop"),
        ("GET", "/v1/capabilities"),
    ]:
        assert (await signed(server, key, method, path))[0] == 401


async def listing(server: RunningServer, key: Ed25519PrivateKey, unchanged: str | None = None) -> tuple[int, Any]:
    query = "" if unchanged is None else f"?{protocol.LISTING_UNCHANGED_PARAM}={unchanged}"
    return await signed(server, key, "GET", protocol.DEVICE_SESSIONS_PATH + query)


async def held_listing(server: RunningServer, key: Ed25519PrivateKey, token: str) -> asyncio.Task[tuple[int, Any]]:
    """A long poll with ``token``, once the server holds it."""
    task = asyncio.create_task(listing(server, key, token))
    async with asyncio.timeout(scaled(5)):
        while server.app[HUB].held_listings == 0:
            await asyncio.sleep(0.01)
    assert not task.done()
    return task


async def test_a_held_listing_answers_as_soon_as_a_session_is_created_or_closed(server: RunningServer) -> None:
    key = await pair_directly(server)
    status, first = await listing(server, key)
    assert status == 200 and first["sessions"] == [] and protocol.LISTING_TOKEN.fullmatch(first["token"])
    held = await held_listing(server, key, first["token"])
    session_id = await new_extension_session(server)
    status, second = await asyncio.wait_for(held, scaled(protocol.LISTING_WAIT_S / 4))
    assert status == 200 and [s["id"] for s in second["sessions"]] == [session_id]
    assert second["token"] != first["token"]
    held = await held_listing(server, key, second["token"])
    async with server.client() as client:
        await client.close_session(session_id)
    status, third = await asyncio.wait_for(held, scaled(protocol.LISTING_WAIT_S / 4))
    assert status == 200 and third["sessions"] == [] and third["token"] == first["token"]


async def test_a_listing_that_already_differs_from_the_token_answers_at_once(server: RunningServer) -> None:
    key = await pair_directly(server)
    _, first = await listing(server, key)
    await new_extension_session(server)
    started = time.monotonic()
    status, answer = await listing(server, key, first["token"])
    assert status == 200 and len(answer["sessions"]) == 1
    assert time.monotonic() - started < protocol.LISTING_WAIT_S / 4
    assert server.app[HUB].held_listings == 0


async def test_an_unchanged_listing_is_answered_after_the_bound(
    server: RunningServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(protocol, "LISTING_WAIT_S", 0.3)
    key = await pair_directly(server)
    _, first = await listing(server, key)
    started = time.monotonic()
    status, again = await listing(server, key, first["token"])
    assert status == 200 and again == first
    assert time.monotonic() - started >= 0.3


@pytest.mark.parametrize("token", ["", "ABCD", "0" * (protocol.LISTING_TOKEN_CHARACTERS + 1), "ab%20cd", "ab-cd", "zz"])
async def test_a_malformed_token_is_refused(server: RunningServer, token: str) -> None:
    key = await pair_directly(server)
    status, answer = await listing(server, key, token)
    assert status == 400 and answer["error"]["code"] == "invalid_request"
    assert protocol.LISTING_UNCHANGED_PARAM in answer["error"]["message"]


async def test_a_held_listing_of_a_revoked_device_is_refused(server: RunningServer) -> None:
    key = await pair_directly(server)
    _, first = await listing(server, key)
    held = await held_listing(server, key, first["token"])
    [device_id] = server.app[PAIRINGS].pairings
    # What the revocation watcher does when the pairings file loses the device:
    assert server.app[PAIRINGS].replace_pairings({}) == [device_id]
    await server.app[HUB].apply(server.app[BROKER].revoke_device(device_id))
    status, answer = await asyncio.wait_for(held, scaled(protocol.LISTING_WAIT_S / 4))
    assert status == 401 and answer["error"]["code"] == "device_signature_invalid"


async def test_a_stopping_server_answers_its_held_listings_at_once(tmp_path: Path) -> None:
    async with running_server(home=tmp_path) as server:
        key = await pair_directly(server)
        _, first = await listing(server, key)
        held = await held_listing(server, key, first["token"])
        started = time.monotonic()
    # aiohttp waits for handlers still running at shutdown: a held listing must not make it wait its bound
    assert time.monotonic() - started < protocol.LISTING_WAIT_S / 4
    status, answer = await held
    assert status == 200 and answer["token"] == first["token"]


async def test_a_replayed_nonce_is_refused(server: RunningServer) -> None:
    key = await pair_directly(server)
    session_id = await new_extension_session(server)
    data = json.dumps(register_body(session_id, key)).encode()
    headers = device_auth.sign_request(key, "POST", protocol.REGISTER_PATH, data)
    assert (await signed(server, key, "POST", protocol.REGISTER_PATH, register_body(session_id, key), headers))[
        0
    ] == 201
    status, body = await signed(server, key, "POST", protocol.REGISTER_PATH, register_body(session_id, key), headers)
    assert (status, body["error"]["code"]) == (401, "device_signature_invalid")


def headers_at(
    key: Ed25519PrivateKey, method: str, path: str, body: bytes, timestamp: int, signer: Ed25519PrivateKey | None = None
) -> dict[str, str]:
    nonce = "n" * 24 + str(timestamp)
    signature = (signer or key).sign(device_auth.signing_payload(method, path, body, timestamp, nonce))
    return {
        device_auth.DEVICE_HEADER: device_auth.device_id_for(device_auth.public_key_bytes(key)),
        device_auth.TIMESTAMP_HEADER: str(timestamp),
        device_auth.NONCE_HEADER: nonce,
        device_auth.SIGNATURE_HEADER: device_auth.b64encode(signature),
    }


@pytest.mark.parametrize(
    ("age", "other_signer", "body_change"),
    [
        # Ten seconds past the window either way: the signed timestamp is whole seconds (up to one below the
        # clock) and the request reaches the server up to seconds later on a loaded machine, so one second past
        # the window in the future was inside it by the time the server read it.
        (device_auth.SIGNATURE_WINDOW_S + 10, False, False),  # too old
        (-device_auth.SIGNATURE_WINDOW_S - 10, False, False),  # from the future
        (0, True, False),  # signed by another key
        (0, False, True),  # body changed after signing
    ],
)
async def test_bad_signatures_get_a_401_that_names_no_secret(
    server: RunningServer, age: int, other_signer: bool, body_change: bool
) -> None:
    key = await pair_directly(server)
    session_id = await new_extension_session(server)
    body = register_body(session_id, key)
    data = json.dumps(body).encode()
    headers = headers_at(
        key,
        "POST",
        protocol.REGISTER_PATH,
        data,
        int(time.time()) - age,
        Ed25519PrivateKey.generate() if other_signer else None,
    )
    sent = body | {"controller_id": "evil"} if body_change else body
    status, answer = await signed(server, key, "POST", protocol.REGISTER_PATH, sent, headers)
    assert (status, answer["error"]["code"]) == (401, "device_signature_invalid")
    assert headers[device_auth.SIGNATURE_HEADER] not in json.dumps(answer)


async def test_an_unknown_device_is_refused(server: RunningServer) -> None:
    stranger = Ed25519PrivateKey.generate()
    status, answer = await signed(server, stranger, "GET", protocol.DEVICE_SESSIONS_PATH)
    assert (status, answer["error"]["code"]) == (401, "device_signature_invalid")


# ----- revocation and restarts ------------------------------------------------------------------------


@pytest.mark.processes
@pytest.mark.timing  # a bound of a second: run alone, after the parallel run (it failed once under a load of 17)
async def test_revoking_a_pairing_closes_its_live_lane_within_a_second(server: RunningServer) -> None:
    host, device_id, session_id = await connected_host(server)
    revoked = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "hermes_server", "pairings", "revoke", device_id],
        env={"HERMES_HOME": str(server.config.home), "PATH": ""},
        capture_output=True,
        text=True,
    )
    assert revoked.returncode == 0, revoked.stderr
    started = time.monotonic()
    await wait_lane(server, session_id, "disconnected", within=1.0)
    assert time.monotonic() - started < scaled(1.0)
    status = await host.status_where(lambda s: not s["paired"])
    assert status["device_id"] is None
    listing = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "hermes_server", "pairings", "list"],
        env={"HERMES_HOME": str(server.config.home), "PATH": ""},
        capture_output=True,
        text=True,
    )
    assert device_id not in listing.stdout
    await host.close()


@pytest.mark.processes
async def test_after_a_server_restart_the_host_reports_it_and_registers_by_itself(tmp_path: Path) -> None:
    async with running_server(home=tmp_path) as first:
        host, _, session_id = await connected_host(first)
    status = await host.status_where(lambda s: s["server"] == "not_running")
    assert status["server_message"] == "Hermes server not running"
    async with running_server(home=tmp_path) as second:  # new port, new pairing secret, same pairings file
        await host.status_where(lambda s: s["server"] == "running" and s["paired"])
        session_id = await new_extension_session(second)
        await wait_lane(second, session_id, "connected", within=2.5)
        async with second.client() as client:
            call = asyncio.create_task(client.call(session_id, "browser_tabs"))
            command = await host.next(lambda m: m.get("type") == "command")
            await host.send({"type": "result", "command_id": command["command_id"], "ok": True, "result": []})
            assert (await call).ok
    await host.close()

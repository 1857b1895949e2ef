"""The host trusts only the server it paired with, and the server leaves no runtime file behind it can help.

A runtime file can outlive its server (SIGKILL, a crash, a signal it did not catch); then any
local process that binds the port it names would be the host's "server".  Attacked here: an
impostor on that port (with a live pid in the file), a runtime file whose pid is gone, an
approval whose server key was swapped on the way, and the server's own clean-up on every exit
it can catch.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from yarl import URL

from hermes_host.controller_socket import open_controller_socket
from hermes_host.errors import HostError, ServerUntrusted
from hermes_host.server_link import ServerLink
from hermes_server.routing.lanes import UnavailableBackend
from hermes_wire import controller as protocol
from hermes_wire import signatures as auth
from hermes_wire.home import publish_runtime, runtime_path, server_key_path
from tests.conftest import scaled
from tests.host.helpers import HostProcess
from tests.host.test_pairing import connected_host, new_extension_session, wait_lane
from tests.support.local_stack import LocalServer, ServerProcess, running_server

PROFILE = "profile1"


@dataclass(frozen=True)
class Received:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes


class Impostor:
    """A listener that is not the paired server but answers like one, signed with its own key; it records everything.

    It lists one session, grants tickets and accepts controller sockets, so a host that trusted
    it would register, connect and send it the results it holds.
    """

    def __init__(self, sessions: list[dict[str, Any]]) -> None:
        self.key = Ed25519PrivateKey.generate()
        self.sessions = sessions
        self.received: list[Received] = []
        self.frames: list[str] = []
        self._arrived = asyncio.Event()

    async def handle(self, request: web.Request) -> web.StreamResponse:
        self.received.append(Received(request.method, request.path, dict(request.headers), await request.read()))
        self._arrived.set()
        if request.path == protocol.WS_PATH:
            socket = web.WebSocketResponse(protocols=(protocol.SUBPROTOCOL,))
            await socket.prepare(request)
            async for message in socket:
                self.frames.append(message.data)
            return socket
        answers: dict[str, tuple[int, dict[str, Any]]] = {
            auth.SERVER_IDENTITY_PATH: (200, {"server_key": auth.b64encode(auth.public_key_bytes(self.key))}),
            protocol.DEVICE_SESSIONS_PATH: (200, {"sessions": self.sessions}),
            protocol.REGISTER_PATH: (201, {"ticket": "T" * 43, "ws_path": protocol.WS_PATH}),
        }
        status, answer = answers.get(request.path, (404, {"error": {"code": "not_found", "message": ""}}))
        response = web.json_response(answer, status=status)
        challenge = request.headers.get(auth.SERVER_CHALLENGE_HEADER)
        if challenge is not None:  # signed, as the real server signs: only the key is wrong
            assert isinstance(response.body, bytes)
            response.headers[auth.SERVER_SIGNATURE_HEADER] = auth.sign_server_response(
                self.key, challenge, request.method, request.path_qs, status, response.body
            )
        return response

    async def requests(self, count: int) -> list[Received]:
        """Wait until at least ``count`` requests came in, then return them all."""
        async with asyncio.timeout(scaled(15)):
            while len(self.received) < count:
                self._arrived.clear()
                await self._arrived.wait()
        return list(self.received)


async def serve(handler: Any, port: int) -> web.AppRunner:
    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", handler)
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    return runner


async def pair_with_child_server(server: LocalServer) -> HostProcess:
    """A host paired (hello, pair.start, Approve) with a server running as a child process."""
    host = await HostProcess.start(server.home)
    assert (await host.request("hello", version=1, browser_profile_id=PROFILE))["ok"]
    started = await host.request("pair.start", label="test browser")
    assert started["ok"], started
    approved = await host.request("pair.approve", request_id=started["request_id"])
    assert approved["ok"], approved
    return host


async def gone(pid: int) -> None:
    """Wait until process ``pid`` no longer exists (asyncio reaps our children as they exit)."""
    async with asyncio.timeout(scaled(10)):
        while True:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return
            await asyncio.sleep(0.02)


@pytest.fixture
async def child_server() -> AsyncIterator[ServerProcess]:
    async with ServerProcess.start(home_prefix="hermes-trust-") as server:
        yield server


# ----- an impostor on the port ------------------------------------------------------------------------


@pytest.mark.processes
async def test_an_impostor_on_the_port_of_a_stale_runtime_file_gets_nothing(child_server: ServerProcess) -> None:
    host = await pair_with_child_server(child_server)
    async with child_server.client() as client:
        session = await client.create_session(browser_lane="extension")
        await host.status_where(lambda s: [link["state"] for link in s["sessions"]] == ["connected"])
        call = asyncio.create_task(client.call(session["id"], "browser_click", {"ref": "@e1"}, timeout_s=60))
        command = await host.next(lambda m: m.get("type") == "command")
        os.kill(child_server.pid, signal.SIGKILL)  # no clean-up: the runtime file stays
        with pytest.raises(aiohttp.ClientError):
            await call
    await gone(child_server.pid)
    record = json.loads(runtime_path(child_server.home).read_text())
    impostor = Impostor([{"id": session["id"], "label": "", "controller": {"state": "awaiting_controller"}}])
    runner = await serve(impostor.handle, URL(record["url"]).port or 0)
    try:
        # The pid of a dead server can be reused by any process: here, this test's own.
        runtime_path(child_server.home).write_text(json.dumps(record | {"pid": os.getpid()}))
        await host.send({"type": "result", "command_id": command["command_id"], "ok": True, "result": "clicked"})
        received = await impostor.requests(3)  # polls and reconnection attempts
        assert [(r.method, r.path, r.body) for r in received] == [("GET", auth.SERVER_IDENTITY_PATH, b"")] * len(
            received
        )
        assert not [r for r in received if auth.DEVICE_HEADER in r.headers]  # not even a signed probe
        assert impostor.frames == []  # no result frame, no frame at all
        status = await host.status_where(
            lambda s: s["last_error"] is not None and "not the Hermes server" in s["last_error"]
        )
        assert status["server"] == "not_running"
        assert record["url"] in status["last_error"]
    finally:
        await runner.cleanup()
    assert (await host.close())[0] == 0


@pytest.mark.processes
async def test_a_runtime_file_whose_server_process_is_gone_is_ignored(child_server: ServerProcess) -> None:
    first = await pair_with_child_server(child_server)
    await first.close()
    os.kill(child_server.pid, signal.SIGKILL)
    await gone(child_server.pid)
    record = json.loads(runtime_path(child_server.home).read_text())
    assert record["pid"] == child_server.pid  # left behind, naming a dead process
    impostor = Impostor([])
    runner = await serve(impostor.handle, URL(record["url"]).port or 0)
    try:
        host = await HostProcess.start(child_server.home)  # paired, and it polls at once after hello
        assert (await host.request("hello", version=1, browser_profile_id=PROFILE))["status"]["paired"]
        status = await host.status_where(lambda s: s["last_error"] is not None)
        assert f"pid {record['pid']}" in status["last_error"] and status["server"] == "not_running"
        assert impostor.received == []
        await host.close()
    finally:
        await runner.cleanup()


# ----- pairing: the server's key is bound to the pairing secret ----------------------------------------


class KeySwappingProxy:
    """Sits between the host and the real server, passes everything on, and puts its own key in the approval."""

    def __init__(self, server_url: str) -> None:
        self.server_url = server_url
        self.key = Ed25519PrivateKey.generate()

    async def handle(self, request: web.Request) -> web.StreamResponse:
        headers = {k: v for k, v in request.headers.items() if k.lower() not in ("host", "content-length")}
        async with (
            aiohttp.ClientSession() as http,
            http.request(
                request.method, self.server_url + request.path_qs, data=await request.read(), headers=headers
            ) as answer,
        ):
            body = await answer.json(content_type=None)
        if request.path.endswith("/approve") and answer.status == 200:
            body["server_key"] = auth.b64encode(auth.public_key_bytes(self.key))
        return web.json_response(body, status=answer.status)


@pytest.mark.processes
async def test_an_approval_whose_server_key_was_swapped_pairs_nothing(tmp_path: Path) -> None:
    async with running_server(home=tmp_path) as server:
        proxy = KeySwappingProxy(server.url)
        runner = await serve(proxy.handle, 0)
        try:
            port = runner.addresses[0][1]
            record = json.loads(runtime_path(tmp_path).read_text())
            runtime_path(tmp_path).write_text(json.dumps(record | {"url": f"http://127.0.0.1:{port}"}))
            host = await HostProcess.start(tmp_path)
            await host.request("hello", version=1, browser_profile_id=PROFILE)
            started = await host.request("pair.start")
            assert started["ok"], started
            refused = await host.request("pair.approve", request_id=started["request_id"])
            assert refused["ok"] is False and refused["error"]["code"] == "server_untrusted"
            assert not (tmp_path / "browser-control" / "devices" / PROFILE / "paired.json").exists()
            assert not (await host.request("status"))["status"]["paired"]
            await host.close()
        finally:
            await runner.cleanup()


# ----- the server's identity ---------------------------------------------------------------------------


async def test_the_server_signs_its_answers_with_one_long_lived_key(tmp_path: Path) -> None:
    async def probe(server: LocalServer) -> tuple[bytes, bool, str | None]:
        challenge = auth.new_challenge()
        async with (
            aiohttp.ClientSession() as http,
            http.get(server.url + auth.SERVER_IDENTITY_PATH, headers={auth.SERVER_CHALLENGE_HEADER: challenge}) as r,
        ):
            body = await r.read()
            public_key = auth.b64decode(json.loads(body)["server_key"])
            signature = r.headers.get(auth.SERVER_SIGNATURE_HEADER)
            valid = auth.server_signature_valid(
                public_key, signature, challenge, "GET", auth.SERVER_IDENTITY_PATH, r.status, body
            )
        async with aiohttp.ClientSession() as http, http.get(server.url + auth.SERVER_IDENTITY_PATH) as unchallenged:
            return public_key, valid, unchallenged.headers.get(auth.SERVER_SIGNATURE_HEADER)

    async with running_server(home=tmp_path) as first:
        first_key, valid, unsigned = await probe(first)
    assert valid and unsigned is None
    assert server_key_path(tmp_path).stat().st_mode & 0o777 == 0o600
    async with running_server(home=tmp_path) as second:
        assert (await probe(second))[0] == first_key  # the same key after a restart: the pin holds


async def test_a_controller_socket_from_another_key_is_refused(tmp_path: Path) -> None:
    async with running_server(home=tmp_path) as server:
        session_id = await new_extension_session(server)
        async with server.client() as client:
            grant = await client.register_controller(session_id, controller_id="c", browser_profile_id="p")
        stranger = auth.public_key_bytes(Ed25519PrivateKey.generate())
        with pytest.raises(ServerUntrusted):
            await open_controller_socket(server.url, grant["ticket"], server_key=stranger)
        async with server.client() as client:
            grant = await client.register_controller(session_id, controller_id="c", browser_profile_id="p")
        pinned = auth.public_key_bytes(auth.load_or_create_key(server_key_path(tmp_path)))
        socket = await open_controller_socket(server.url, grant["ticket"], server_key=pinned)
        await socket.close()


# ----- the server cleans up on every exit it can catch -----------------------------------------------------


@pytest.mark.processes
@pytest.mark.parametrize("signal_number", [signal.SIGHUP, signal.SIGTERM, signal.SIGINT])
async def test_the_server_withdraws_its_runtime_file_when_signalled(
    child_server: ServerProcess, signal_number: int
) -> None:
    assert runtime_path(child_server.home).exists()
    os.kill(child_server.pid, signal_number)
    await gone(child_server.pid)
    assert not runtime_path(child_server.home).exists()


class BrowserThatWillNotClose(UnavailableBackend):
    async def close_session(self, session_id: str) -> None:
        """Nothing held per session."""

    async def aclose(self) -> None:
        raise RuntimeError("the browser would not close")


async def test_the_runtime_file_is_withdrawn_even_when_shutting_down_fails(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match="would not close"):
        async with running_server(BrowserThatWillNotClose(), home=tmp_path):
            assert runtime_path(tmp_path).exists()
    assert not runtime_path(tmp_path).exists()


@pytest.mark.processes
async def test_a_host_follows_the_real_server_back_after_an_impostor(tmp_path: Path) -> None:
    """Refusing an impostor costs nothing: once the real server is back, the host works with it again."""
    async with running_server(home=tmp_path) as first:
        host, _, _ = await connected_host(first)
        port = URL(first.url).port
    impostor = Impostor([])
    runner = await serve(impostor.handle, port or 0)
    record = {"url": f"http://127.0.0.1:{port}", "pid": os.getpid(), "pairing_secret": "s" * 43}
    runtime_path(tmp_path).write_text(json.dumps(record))
    await impostor.requests(1)
    await runner.cleanup()
    async with running_server(home=tmp_path) as second:
        session_id = await new_extension_session(second)
        await wait_lane(second, session_id, "connected", within=5)
        await host.status_where(lambda s: s["server"] == "running" and s["paired"])
    assert (await host.close())[0] == 0


# ----- what an unproven listener answers to pairing ------------------------------------------------------

#: Answers to ``open_pairing`` by a listener that holds no key yet (status, body): each one must be a clear
#: ``HostError``, never a crash that leaves the extension's request without a reply.
HOSTILE_PAIRING_ANSWERS: dict[str, tuple[int, bytes]] = {
    "5,000 levels of [": (201, b"[" * 5000),
    "a 5,000-digit request id": (201, b'{"request_id": ' + b"9" * 5000 + b"}"),
    "NaN": (201, b"NaN"),
    "an error that is a string": (400, b'{"error": "nope"}'),
    "an error whose code is a number": (400, b'{"error": {"code": 5, "message": ["x"]}}'),
    "no request id": (201, b'{"verification_code": "AAAA-AAAA"}'),
    "a request id that is a path": (201, b'{"request_id": "../../sessions?x=1", "verification_code": "AAAA-AAAA"}'),
    "another key's verification code": (201, b'{"request_id": "pair_1", "verification_code": "AAAA-AAAA"}'),
}
#: Answers to ``approve_pairing`` whose strings cannot even be encoded (a lone surrogate, escaped in JSON).
HOSTILE_APPROVALS: dict[str, bytes] = {
    "a lone surrogate as the proof": b'{"device_id": "%s", "server_key": "AAAA", "server_key_proof": "\\ud800"}',
    "a lone surrogate as the key": b'{"device_id": "%s", "server_key": "\\udc80", "server_key_proof": "00"}',
}


@contextlib.asynccontextmanager
async def answering(home: Path, status: int, body: bytes) -> AsyncIterator[ServerLink]:
    """A ServerLink whose runtime file names a listener that answers every call with ``status`` and ``body``."""

    async def answer(request: web.Request) -> web.Response:
        return web.Response(status=status, body=body, content_type="application/json")

    runner = await serve(answer, 0)
    try:
        publish_runtime(home, f"http://127.0.0.1:{runner.addresses[0][1]}", "secret")
        async with aiohttp.ClientSession() as http:
            yield ServerLink(home, http)
    finally:
        await runner.cleanup()


@pytest.mark.parametrize("answer", HOSTILE_PAIRING_ANSWERS)
async def test_a_hostile_answer_to_a_pairing_request_is_a_host_error(tmp_path: Path, answer: str) -> None:
    key = Ed25519PrivateKey.generate()
    async with answering(tmp_path, *HOSTILE_PAIRING_ANSWERS[answer]) as link:
        with pytest.raises(HostError) as refused:
            await link.open_pairing(key, PROFILE, "label")
    assert isinstance(refused.value.code, str) and isinstance(refused.value.message, str)  # what the popup shows


@pytest.mark.parametrize("answer", HOSTILE_APPROVALS)
async def test_an_approval_with_strings_that_cannot_be_encoded_pairs_nothing(tmp_path: Path, answer: str) -> None:
    device_id = auth.device_id_for(auth.public_key_bytes(Ed25519PrivateKey.generate()))
    async with answering(tmp_path, 200, HOSTILE_APPROVALS[answer] % device_id.encode()) as link:
        with pytest.raises(ServerUntrusted):
            await link.approve_pairing("pair_1", device_id)

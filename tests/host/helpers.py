"""Drive the native host the way Chrome does: a subprocess, the origin as argv[1], framed JSON on its pipes."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import struct
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hermes_wire.native import DEFAULT_ALLOWED_ORIGINS
from tests.conftest import scaled

ORIGIN = DEFAULT_ALLOWED_ORIGINS[0]
LENGTH = struct.Struct("=I")


def frame(message: dict[str, Any] | bytes) -> bytes:
    body = message if isinstance(message, bytes) else json.dumps(message).encode()
    return LENGTH.pack(len(body)) + body


class HostProcess:
    """A running ``python -m hermes_host``; what it sends that nobody waited for yet stays in ``backlog``."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.backlog: list[dict[str, Any]] = []
        self._ids = itertools.count(1)

    @classmethod
    async def start(cls, home: Path, origin: str = ORIGIN, **env: str) -> HostProcess:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "hermes_host",
            origin,
            env=os.environ | {"HERMES_HOME": str(home)} | env,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        return cls(process)

    async def send_raw(self, data: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(data)
        await self.process.stdin.drain()

    async def send(self, message: dict[str, Any]) -> None:
        await self.send_raw(frame(message))

    async def _read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        (length,) = LENGTH.unpack(await self.process.stdout.readexactly(LENGTH.size))
        return json.loads(await self.process.stdout.readexactly(length))

    async def next(
        self, wanted: Callable[[dict[str, Any]], bool] = lambda _: True, timeout: float = 10
    ) -> dict[str, Any]:
        """The first message (from the backlog, then the pipe) for which ``wanted`` holds."""
        for index, message in enumerate(self.backlog):
            if wanted(message):
                return self.backlog.pop(index)
        async with asyncio.timeout(scaled(timeout)):
            while True:
                message = await self._read()
                if wanted(message):
                    return message
                self.backlog.append(message)

    async def request(self, kind: str, timeout: float = 20, **fields: Any) -> dict[str, Any]:
        request_id = f"r{next(self._ids)}"
        await self.send({"type": kind, "id": request_id, **fields})
        return await self.next(lambda m: m.get("reply_to") == request_id, timeout)

    async def status_where(self, check: Callable[[dict[str, Any]], bool], timeout: float = 10) -> dict[str, Any]:
        """Wait for a pushed status that satisfies ``check`` (or ask, in case it was pushed before)."""
        latest = (await self.request("status"))["status"]
        if check(latest):
            return latest
        message = await self.next(
            lambda m: m.get("type") == "status" and "reply_to" not in m and check(m["status"]), timeout
        )
        return message["status"]

    async def close(self) -> tuple[int, bytes]:
        """Close stdin as Chrome does and return the exit status and stderr."""
        assert self.process.stdin is not None
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            self.process.stdin.close()
        try:
            _, stderr = await asyncio.wait_for(self.process.communicate(), scaled(15))
        except TimeoutError:
            self.process.kill()
            _, stderr = await self.process.communicate()
        return self.process.returncode or 0, stderr

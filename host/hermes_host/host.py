"""The native host process: Chrome starts it with the extension's origin as ``argv[1]`` and talks over stdio.

It refuses to run for any origin but an allowed extension.  stdout is the native-messaging
channel and nothing else may reach it, so the real stdout is kept for framing and fd 1 is
pointed at stderr before anything else runs; logs go to ``$HERMES_HOME/logs/native-host.log``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, BinaryIO

import aiohttp

from hermes_host.errors import FramingError, OriginRefused
from hermes_host.framing import encode, read_message
from hermes_host.relay import Relay
from hermes_wire import native as m
from hermes_wire.files import ensure_private_file
from hermes_wire.home import hermes_home

log = logging.getLogger("hermes_host")


def allowed_origins(environ: Mapping[str, str]) -> frozenset[str]:
    extra = [o.strip() for o in environ.get(m.ALLOWED_ORIGINS_ENV, "").split(",") if o.strip()]
    return frozenset([*m.DEFAULT_ALLOWED_ORIGINS, *(o for o in extra if m.EXTENSION_ORIGIN.fullmatch(o))])


def check_origin(argv: list[str], environ: Mapping[str, str]) -> str:
    origin = argv[1] if len(argv) > 1 else ""
    if origin not in allowed_origins(environ):
        raise OriginRefused(f"refusing to serve {origin[:100]!r}: not an allowed Hermes extension origin")
    return origin


def claim_stdout() -> BinaryIO:
    """Keep the real stdout for the channel; anything else printed by accident goes to stderr."""
    channel = os.fdopen(os.dup(1), "wb", buffering=0)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return channel


def setup_logging(home: Path) -> None:
    """Log to ``$HERMES_HOME/logs/native-host.log``, private like everything else under HERMES_HOME."""
    log_file = home / "logs" / "native-host.log"
    ensure_private_file(log_file)
    handler = logging.FileHandler(log_file, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.basicConfig(level=logging.INFO, handlers=[handler])


async def serve(home: Path, channel_in: BinaryIO, channel_out: BinaryIO) -> int:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=2**16)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), channel_in)
    # Written by the event loop itself (a non-blocking pipe, buffered while Chrome has not read): a thread per
    # write cost each command's answer a hand-over to a worker thread and back.
    transport, protocol = await loop.connect_write_pipe(asyncio.streams.FlowControlMixin, channel_out)
    writer = asyncio.StreamWriter(transport, protocol, None, loop)

    async def send(message: dict[str, Any]) -> None:
        try:
            frame = encode(message)
        except FramingError as too_big:
            log.error("not sending a %s message: %s", message.get("type"), too_big)
            return
        writer.write(frame)  # the whole frame at once: frames of concurrent senders never interleave
        await writer.drain()

    async with aiohttp.ClientSession() as http:
        # aiohttp sends a GET again, on a new connection, when the server drops the first one mid-request (RFC 9112,
        # "retrying requests").  A device-signed request must reach only the server just proven: sent again after
        # that server died (a held long poll is the likely case), it would go to whatever listens on the port by
        # then.  There is no public switch; aiohttp's own test client turns it off the same way.
        http._retry_connection = False
        relay = Relay(home, send, http)
        clock = asyncio.create_task(relay.run())
        try:
            while True:
                try:
                    message = await read_message(reader)
                except FramingError as bad:
                    log.warning("bad message from the extension: %s", bad)
                    with contextlib.suppress(OSError):
                        await relay.bad_message(bad)
                    if bad.fatal:
                        return 1
                    continue
                if message is None:
                    log.info("the extension closed the channel")
                    return 0
                await relay.from_extension(message)
        except (BrokenPipeError, ConnectionResetError):
            log.info("the extension went away")
            return 0
        finally:
            clock.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await clock
            await relay.close()
            transport.close()


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv if argv is None else argv
    home = hermes_home()
    setup_logging(home)
    try:
        origin = check_origin(argv, os.environ)
    except OriginRefused as refused:
        log.error("%s", refused)
        print(f"hermes native host: {refused}", file=sys.stderr)
        return 1
    log.info("native host started for %s (pid %d)", origin, os.getpid())
    channel_out = claim_stdout()
    try:
        return asyncio.run(serve(home, sys.stdin.buffer, channel_out))
    except KeyboardInterrupt:
        return 0
    except Exception:
        log.exception("the native host failed")
        return 1

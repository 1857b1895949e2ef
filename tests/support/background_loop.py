"""An asyncio event loop on a thread of its own, for synchronous code that needs asynchronous servers.

Selenium and the synchronous tests block their thread while they wait.  Anything that must keep
answering meanwhile (the Hermes server the extension talks to, the page server Chromium loads
from, the DevTools socket whose events a test waits for) therefore runs on this loop, and the
synchronous side hands it coroutines with ``run`` and async context managers with ``enter``.
Everything entered is exited, newest first, by ``close``, on the loop, before the loop stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Coroutine, Iterator
from contextlib import AbstractAsyncContextManager, AsyncExitStack
from typing import Any, TypeVar

T = TypeVar("T")

STOP_TIMEOUT_S = 30.0


class BackgroundLoop:
    """A running event loop in a daemon thread.  Made by ``background_loop()``."""

    def __init__(self, name: str) -> None:
        self.loop = asyncio.new_event_loop()
        self._entered = AsyncExitStack()
        self._thread = threading.Thread(target=self.loop.run_forever, name=name, daemon=True)
        self._thread.start()

    def run(self, work: Coroutine[Any, Any, T], timeout_s: float) -> T:
        """Run ``work`` on the loop and return its result; cancel it if it takes over ``timeout_s``."""
        future = asyncio.run_coroutine_threadsafe(work, self.loop)
        try:
            return future.result(timeout_s)
        except TimeoutError:
            future.cancel()
            raise TimeoutError(f"work on the {self._thread.name} loop took over {timeout_s:g} s") from None

    def enter(self, context: AbstractAsyncContextManager[T], timeout_s: float) -> T:
        """Enter ``context`` on the loop; it is exited by ``close``."""
        return self.run(self._entered.enter_async_context(context), timeout_s)

    def close(self) -> None:
        """Exit what was entered, then stop the loop and its thread."""
        try:
            self.run(self._entered.aclose(), STOP_TIMEOUT_S)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(STOP_TIMEOUT_S)
            if not self.loop.is_running():
                self.loop.close()


@contextlib.contextmanager
def background_loop(name: str) -> Iterator[BackgroundLoop]:
    """A ``BackgroundLoop`` named ``name`` (the thread's name, seen in tracebacks), closed on exit."""
    loop = BackgroundLoop(name)
    try:
        yield loop
    finally:
        loop.close()

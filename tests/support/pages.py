"""The one page server of the tests, benchmarks and demo: test pages on loopback, two sites on one port.

``serve_pages(pages, folder=...)`` serves, on ``127.0.0.1`` and a kernel-chosen port:

* **pages held in memory** (``{path: html}``, or ``{path: function of the query string}`` for a
  page that depends on it), where ``{other}`` stands for the *other* site's origin;
* **a folder of files** (``folder``, mounted at ``mount``), for pages kept as files and for
  real documents such as Python's HTML documentation;
* **a WebSocket at any path** a page opens one to, held until the page's side goes: ``requested`` gets
  ``WS <path>`` when it opens and ``WS closed <path>`` when it ends, which is how a test sees a tab go even where
  the tab cannot say so itself (its browser context disposed of, a beacon at pagehide lost with it).

``127.0.0.1`` and ``localhost`` reach the same server but are different sites to Chromium, so
a page on one that frames ``{other}/...`` gets a cross-site, out-of-process iframe (OOPIF)
without a second server.  Every form posted to the server is recorded in ``received`` (in order; a
file by its name and the SHA-256 of its bytes), and the answer to a post is the page at its path, so a
test can see both what the browser sent and what the user would see next.

It runs on a ``BackgroundLoop`` so that a thread blocked in Selenium, or an event loop busy
with a test, never holds up a page load.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from pathlib import Path

from aiohttp import web

from tests.support.background_loop import background_loop

#: In a page held in memory, the origin of the other site (``localhost`` from ``127.0.0.1`` and back).
OTHER_ORIGIN = "{other}"
HOSTS = ("127.0.0.1", "localhost")
START_TIMEOUT_S = 10.0

Page = str | Callable[[Mapping[str, str]], str]


#: The largest post the pages take: an upload of the server's largest (10 MB), with room for the form.
MAX_POST_BYTES = 16 * 1024 * 1024


class PageServer:
    """What ``serve_pages`` serves, its port once listening, and the forms posted to it."""

    def __init__(self, pages: Mapping[str, Page], folder: Path | None, mount: str) -> None:
        self.pages = dict(pages)
        self.folder = folder.resolve() if folder else None
        self.mount = "/" + mount.strip("/") + "/" if mount.strip("/") else "/"
        self.port = 0
        #: The fields of every form posted, in order.
        self.received: list[dict[str, str]] = []
        #: Every request's method, path and query, in order: what the browser asked of this server at all.
        self.requested: list[str] = []
        #: The pages' WebSockets still open, closed when the server stops (a tab may outlive it).
        self._held: set[web.WebSocketResponse] = set()

    def url(self, path: str = "", *, other: bool = False) -> str:
        """The URL of ``path`` on this site, or on the other one; ``url()`` is the origin itself."""
        origin = f"http://{HOSTS[1] if other else HOSTS[0]}:{self.port}"
        return f"{origin}/{path.lstrip('/')}" if path else origin

    async def _answer(self, request: web.Request) -> web.StreamResponse:
        if request.headers.get("Upgrade", "").lower() == "websocket":
            return await self._hold(request)
        self.requested.append(f"{request.method} {request.path_qs}")
        if request.method == "POST":
            form = await request.post()
            # a field posted once is its value, one posted more than once (a multiple file input) the list of them
            fields = {name: [posted(value) for value in form.getall(name)] for name in form}
            self.received.append({name: values[0] if len(values) == 1 else values for name, values in fields.items()})
        page = self.pages.get(request.path)
        if page is not None:
            html = page(request.query) if callable(page) else page
            other = self.url(other=request.url.host == HOSTS[0])
            return web.Response(text=html.replace(OTHER_ORIGIN, other), content_type="text/html")
        file = self._file(request.path)
        if file is None:
            raise web.HTTPNotFound()
        return web.FileResponse(file)

    async def _hold(self, request: web.Request) -> web.WebSocketResponse:
        """A page's WebSocket, open until its side closes it or goes away with its tab."""
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        self.requested.append(f"WS {request.path_qs}")
        self._held.add(socket)
        try:
            async for _ in socket:  # what the page sends is not read: the socket is there to end
                pass
        finally:
            self._held.discard(socket)
            self.requested.append(f"WS closed {request.path_qs}")
        return socket

    def _file(self, path: str) -> Path | None:
        """The file under ``folder`` that ``path`` names, if any (never one outside it)."""
        if self.folder is None or not path.startswith(self.mount):
            return None
        file = (self.folder / path.removeprefix(self.mount)).resolve()
        return file if file.is_file() and self.folder in file.parents else None

    @contextlib.asynccontextmanager
    async def _listening(self) -> AsyncIterator[PageServer]:
        app = web.Application(client_max_size=MAX_POST_BYTES)
        app.router.add_route("*", "/{tail:.*}", self._answer)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        await web.TCPSite(runner, HOSTS[0], 0).start()
        self.port = runner.addresses[0][1]
        try:
            yield self
        finally:
            for socket in list(self._held):
                await socket.close()
            await runner.cleanup()


def posted(value: object) -> str:
    """A posted field as ``received`` keeps it: its text, or for a file, its name and the SHA-256 of its bytes."""
    if isinstance(value, web.FileField):
        return f"{value.filename} {hashlib.sha256(value.file.read()).hexdigest()}"
    if isinstance(value, (bytes, bytearray)):  # a part without a file name: a file input left empty
        return value.decode(errors="replace")
    return str(value)


@contextlib.contextmanager
def serve_pages(
    pages: Mapping[str, Page] | None = None, *, folder: Path | None = None, mount: str = "/"
) -> Iterator[PageServer]:
    """Serve ``pages`` and the files of ``folder`` (under ``mount``) until the block ends."""
    server = PageServer(pages or {}, folder, mount)
    with background_loop("page-server") as loop:
        yield loop.enter(server._listening(), START_TIMEOUT_S)

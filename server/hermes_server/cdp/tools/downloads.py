"""browser_downloads and browser_read_download on the cdp lane: the session's records of its downloads.

The records come from ``cdp.downloads``; the router reads the files they name, inside the session's folder, the same
way on both lanes (``routing.downloads``), so these handlers never open a file.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from hermes_server.cdp.downloads import DownloadWatch
from hermes_server.cdp.tools.table import Arguments, Browsing, handles
from hermes_wire.errors import ToolError
from hermes_wire.tool_spec import READ_DOWNLOAD_WAIT_S as READ_WAIT_S


@handles("browser_downloads")
async def list_downloads(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    return {"downloads": [download.record() for download in _watch(browsing).records]}


@handles("browser_read_download")
async def read_download(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    """The record of the download asked for, once it is no longer in progress (at most ``READ_WAIT_S``)."""
    download = _watch(browsing).find(str(args["id"]))
    with contextlib.suppress(TimeoutError):  # still under way: the router says so
        async with asyncio.timeout(READ_WAIT_S):
            await browsing.supervisor.until(lambda: download.state != "in_progress")
    return {"download": download.record()}


def _watch(browsing: Browsing) -> DownloadWatch:
    if browsing.downloads is None:  # set up with the session's browser, before any handler runs
        raise ToolError("controller_error", "cdp_error: this session's downloads are not watched.")
    return browsing.downloads

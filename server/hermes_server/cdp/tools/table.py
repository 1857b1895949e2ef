"""The cdp lane's handler table, ``HANDLERS``, and what every handler is given: the session's ``Browsing``.

``@handles("browser_click")`` registers a handler in ``HANDLERS``, keyed by tool name; a test
checks that the table covers exactly ``tools_for_lane(CDP_LANE)``.  A handler gets the
session's ``Browsing`` and the validated arguments and returns the tool's result.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from hermes_server.cdp.downloads import DownloadWatch
from hermes_server.cdp.engine import PageEngine, Reader, TabRefs, load_engine
from hermes_server.cdp.providers import BrowserLease
from hermes_server.cdp.supervisor import CDPSupervisor

Arguments = dict[str, Any]


@dataclass
class Browsing:
    """One session's hold on its browser: its supervisor, and what the lane remembers about its tabs."""

    supervisor: CDPSupervisor
    lease: BrowserLease
    #: The tab this session last brought to the front (``browser_tabs``' ``active``).
    active_target: str
    refs: dict[str, TabRefs] = field(default_factory=dict)
    #: This session's reads of pages, for browser_snapshot's changes.
    reader: Reader = field(default_factory=Reader)
    #: Each tab ``browser_tabs`` opened -> the tab that was controlled then (control goes back there on close).
    opened_from: dict[str, str] = field(default_factory=dict)
    #: The session's own clipboard: what its last copy or cut took (browser_press), for its next paste.
    clipboard: str = ""
    #: The frame whose last action opened a file chooser (its engine knows the input): browser_file_upload without
    #: ref answers it.
    chooser_frame: str | None = None
    #: The session's downloads (``cdp.downloads``): set up with the browser, kept by the backend across a restart.
    downloads: DownloadWatch | None = None

    def engine(self) -> PageEngine:
        """The snapshot engine in the controlled tab, with that tab's refs."""
        target, _ = self.supervisor.tab_session()
        return PageEngine(self.supervisor, load_engine(), self.refs.setdefault(target, TabRefs()))


Action = Callable[[Browsing, Arguments], Awaitable[Any]]


@dataclass(frozen=True)
class ChannelCheck:
    """A tool answered at once with ``{}`` and without the session's browser, so calling it never starts one."""


HANDLERS: dict[str, Action | ChannelCheck] = {"controller.noop": ChannelCheck()}


def handles(tool_name: str) -> Callable[[Action], Action]:
    """Register the decorated function as the handler of ``tool_name``."""

    def register(action: Action) -> Action:
        if tool_name in HANDLERS:
            raise ValueError(f"{tool_name} has two handlers")
        HANDLERS[tool_name] = action
        return action

    return register

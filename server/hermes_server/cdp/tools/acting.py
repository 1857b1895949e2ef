"""What the tools share while an action runs: a dialog it opens, the document it loads, what it caused.

A dialog that an action makes the page open blocks the page until the agent answers it, so
the action cannot finish: ``act`` and ``until`` raise ``DialogOpened`` with what the action
has to report so far, and ``CDPBackend.run`` answers with that, the page's URL and title,
``pending_dialogs`` and a notice (``dialog_opened_result``).  ``after_action`` and ``follow``
wait out what an action caused (the DOM settling, a navigation of its frame); ``pressing``
aims and presses again when the engine's guard stopped a press.  ``answering_dialog`` gives the
agent's own answer (an action's ``dialog`` argument) to the dialog the action's input opens.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from hermes_server.cdp.dialogs import PendingDialog
from hermes_server.cdp.frames import FrameInfo
from hermes_server.cdp.supervisor import CDPSupervisor, DialogInterrupt
from hermes_server.cdp.tools.table import Arguments, Browsing
from hermes_server.errors import CDPCommandFailed, PressStopped

log = logging.getLogger(__name__)
T = TypeVar("T")


#: After DOMContentLoaded, how long a navigation still waits for the load event (slow images, ads).
LOAD_GRACE_S = 5.0


class DialogOpened(Exception):
    """The action made the page open ``dialog``, which now blocks it: the call ends here and reports ``so_far``.

    Not an error, so not in ``hermes_server.errors``: ``CDPBackend.run`` catches it and
    answers successfully with ``dialog_opened_result``.
    """

    def __init__(self, dialog: PendingDialog, so_far: dict[str, Any] | None = None) -> None:
        super().__init__(dialog.id)
        self.dialog = dialog
        self.so_far = so_far or {}


async def act(
    supervisor: CDPSupervisor,
    command: Awaitable[T],
    *,
    so_far: dict[str, Any] | None = None,
    dialogs_since: int | None = None,
) -> T:
    """``command``'s result; ``DialogOpened`` (reporting ``so_far``) if a dialog blocks the tab before it answers
    (one opened since ``dialogs_since``, a reading of ``dialogs.opened``; by default, since the call)."""
    done = await supervisor.act(command, dialogs_since=dialogs_since)
    if isinstance(done, DialogInterrupt):
        raise DialogOpened(done.dialog, so_far)
    return done


async def answering_dialog(
    supervisor: CDPSupervisor, target: str, args: Arguments, command: Awaitable[T], result: dict[str, Any]
) -> T:
    """``act(command)`` (reporting ``result``); when the agent named ``dialog``, the first alert, confirm or prompt
    that the command's input opens on ``target`` is answered that way whatever the policy, and ``result["dialog"]``
    quotes it (null: it opened none).  Only while the page handles that input (an ``Input.dispatch…`` command of
    the tab's session waits for its reply): a dialog a timer opens afterwards follows the policy."""
    action = args.get("dialog")
    if action is None:
        return await act(supervisor, command, so_far=result)
    dialogs = supervisor.state.dialogs
    _, session = supervisor.tab_session()
    armed = dialogs.arm(target, str(action), args.get("prompt_text"), lambda: supervisor.input_in_flight(session))
    try:
        return await act(supervisor, command, so_far=result)
    finally:
        dialogs.disarm()
        result["dialog"] = armed.as_json()


async def until(supervisor: CDPSupervisor, target: str, check: Callable[[], bool], dialogs_since: int) -> None:
    """Wait until ``check()`` holds; ``DialogOpened`` if a dialog opened since ``dialogs_since`` blocks the tab."""
    if not await supervisor.until(check, dialogs_since=dialogs_since):
        raise DialogOpened(supervisor.state.dialogs.pending_on(target)[-1])


async def dialog_opened_result(supervisor: CDPSupervisor, opened: DialogOpened) -> dict[str, Any]:
    """What an action reports when a dialog it caused now waits for the agent's answer."""
    target, _ = supervisor.tab_session()
    dialog = opened.dialog
    return opened.so_far | {
        **await page_info(supervisor, target),
        "pending_dialogs": supervisor.state.dialogs.pending_json(),
        "notice": f"A {dialog.type} dialog ({dialog.id}) opened and blocks the page: {dialog.message[:200]!r}. "
        "Answer it with browser_dialog.",
    }


async def settle(
    supervisor: CDPSupervisor, target: str, loader_id: str, since: int, frame_id: str | None = None
) -> None:
    """Wait for a new document's DOMContentLoaded, then (briefly) its load event, unless a dialog interrupts.

    The document is the tab's top one, or ``frame_id``'s.
    """
    navigations = supervisor.state.navigations
    frame = frame_id or target
    await until(supervisor, target, lambda: navigations.loaded(frame, loader_id, "DOMContentLoaded"), since)
    try:
        async with asyncio.timeout(LOAD_GRACE_S):
            await until(supervisor, target, lambda: navigations.loaded(frame, loader_id, "load"), since)
    except TimeoutError:
        log.info("load did not fire within %gs of DOMContentLoaded; answering anyway", LOAD_GRACE_S)


@dataclass(frozen=True)
class Before:
    """What an action's frame was before it: its document's loader and the dialogs opened so far."""

    target: str
    frame_id: str
    loader: str | None
    dialogs_since: int
    #: the frame's navigations that had ended without a document (a 204, a download)
    dropped: int

    @classmethod
    def now(cls, supervisor: CDPSupervisor, frame: FrameInfo) -> Before:
        target, _ = supervisor.tab_session()
        state = supervisor.state
        navigations = state.navigations
        return cls(
            target,
            frame.frame_id,
            navigations.loader(frame.frame_id),
            state.dialogs.opened,
            navigations.dropped(frame.frame_id),
        )


async def after_action(
    browsing: Browsing, frame: FrameInfo, token: int, result: dict[str, Any], before: Before
) -> dict[str, Any]:
    """``result`` once what the action caused is over: the engine's ``settle`` (the DOM quiet again), or, if
    the action started a navigation of the frame, its new document loaded, with ``navigated``: its URL."""
    supervisor = browsing.supervisor
    try:
        # A dialog the action caused may be pending already (one from the page's next task, say): it is counted
        # since before the action, or the settle call would wait on a page that dialog stops.
        settling = browsing.engine().call(frame, "settle", token)
        after = await act(supervisor, settling, so_far=result, dialogs_since=before.dialogs_since)
    except CDPCommandFailed:  # the frame's document went away under the call: the action navigated it
        after = {"replaced": True}
    if after.get("file_chooser"):  # the browser showed none (Page.setInterceptFileChooserDialog): the agent answers
        browsing.chooser_frame = frame.frame_id
        result = result | {"file_chooser": after["file_chooser"]}
    if after.get("downloading"):  # a download link was followed: the backend waits for its download (cdp.downloads)
        result = result | {"downloading": True}
    if after.get("requests"):  # how many requests the page started meanwhile (its hook's count)
        result = result | {"requests": after["requests"]}
    if after.get("closing"):  # the page closed its window (opened_tabs.following_tabs waits for the tab to go)
        result = result | {"closing": True}
    return await follow(
        supervisor, frame, result | {"navigating": after.get("navigating") or after.get("replaced")}, before
    )


async def follow(supervisor: CDPSupervisor, frame: FrameInfo, done: dict[str, Any], before: Before) -> dict[str, Any]:
    """An engine action's answer; when it started a navigation (``navigating``), once the new document of
    its frame has loaded, with ``navigated``: the URL now in that frame.  A navigation that ends without a
    document (the server answered 204, or sent a file to save) leaves the page as it was: no ``navigated``."""
    result = {key: value for key, value in done.items() if key != "navigating"}
    if not done.get("navigating"):
        return result
    navigations = supervisor.state.navigations

    def new_document() -> bool:
        loader = navigations.loader(before.frame_id)
        return loader is not None and loader != before.loader

    def dropped() -> bool:
        return navigations.dropped(before.frame_id) > before.dropped

    await until(supervisor, before.target, lambda: new_document() or dropped(), before.dialogs_since)
    if not new_document():
        return result
    loader = navigations.loader(before.frame_id)
    if loader is not None:
        await settle(supervisor, before.target, loader, before.dialogs_since, before.frame_id)
    now = supervisor.state.frames.get(before.frame_id)
    result["navigated"] = now.url if now is not None and now.url else frame.url
    return result


#: How many times a click or typing goes when the engine's guard stopped its press (``PressStopped``: nothing
#: was pressed): what slid over the point, a banner animating in, is in place or gone by the next aim.
PRESS_ATTEMPTS = 3


async def pressing(action: Callable[[], Awaitable[dict[str, Any]]]) -> dict[str, Any]:
    """``action()``, again while the engine's guard stops its press, at most ``PRESS_ATTEMPTS`` times."""
    for _ in range(PRESS_ATTEMPTS - 1):
        try:
            return await action()
        except PressStopped:
            log.info("a press was stopped on its way (something moved over its point); aiming again")
    return await action()


async def page_info(supervisor: CDPSupervisor, target: str) -> dict[str, str]:
    """``{url, title}`` from the browser's side, which answers even while a dialog blocks the page.

    The URL is the committed document's (from the frame tree): the browser's own idea of the
    tab's URL already shows a navigation that a beforeunload dialog is still holding back.
    """
    info = (await supervisor.send("Target.getTargetInfo", {"targetId": target}))["targetInfo"]
    top = supervisor.state.frames.get(target)
    return {"url": top.url if top is not None and top.url else info.get("url", ""), "title": info.get("title", "")}


async def tab_targets(browsing: Browsing) -> list[dict[str, Any]]:
    """The page targets this session may see: its own browser context's, its own tabs in a context other sessions
    share, or all of a browser it does not share."""
    infos = (await browsing.supervisor.send("Target.getTargets"))["targetInfos"]
    if browsing.supervisor.shares_context:
        return browsing.supervisor.own_tabs(infos)
    context = browsing.supervisor.browser_context
    return [i for i in infos if i.get("type") == "page" and (context is None or i.get("browserContextId") == context)]

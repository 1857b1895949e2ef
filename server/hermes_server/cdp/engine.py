"""The shared snapshot engine (``hermes_extension``'s engine files) on the CDP lane: one isolated world per frame.

The extension lane injects the same files, so the agent reads one snapshot format, with one
kind of ref, whichever lane serves it.  This module never builds a snapshot itself: it runs
the engine in every frame of the controlled tab and orchestrates it as ``engine/api.js`` and
``engine/refs.js`` describe (one ref counter per tab passed from frame to frame, ``stitch`` to
assemble the frames' parts, each ref routed to the frame that issued it).

* **Where the engine runs.**  The supervisor registers the source (the files joined into one
  script, ``engine_source()``) with ``Page.addScriptToEvaluateOnNewDocument`` in the isolated
  world ``ENGINE_WORLD`` on every flat session (the tab and each OOPIF), so each new document
  has it from the start and the page's own scripts can neither see nor tamper with it.  A frame
  whose world is missing (a document that existed before we attached, say) gets one on demand
  with ``Page.createIsolatedWorld`` and the source evaluated in it; running it twice is harmless.
* **Which session.**  A frame inside an OOPIF is reached through that OOPIF's flat session;
  ``SupervisorState`` knows each frame's session and its world's execution context.
* **Which frame is which.**  A child frame's part fills the placeholder of its ``<iframe>`` in
  its parent's text, and its clicks are offset by that ``<iframe>``'s place.  The browser says
  which element that is (``DOM.getFrameOwner``, the element then resolved in the parent's engine
  world and given to the engine's ``frameToken``); nothing the page says is asked, so a page
  cannot hand a frame its sibling's placeholder (``frame_owners.py``).
* **Where to click.**  ``rect(ref)`` gives a point in the element's own frame; each enclosing
  frame adds the offset of its ``<iframe>`` (``frameRect(token)`` in the parent's engine,
  or the engine's own ``frameOffset`` when every ancestor is same-origin), so real input
  events can be sent to the tab at page coordinates, which Chromium routes into the OOPIF.

The engine's files are read once per process, from the checkout or the installed wheel.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import re
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from hermes_extension import engine_source
from hermes_server.cdp.frame_owners import child_tokens
from hermes_server.cdp.frames import FrameInfo
from hermes_server.cdp.supervisor import CDPSupervisor, InitScript
from hermes_server.errors import CDPCommandFailed, LaunchError, PressStopped
from hermes_server.routing.outcome import PASS_THROUGH_CONTROLLER_CODES
from hermes_wire.errors import ToolError

log = logging.getLogger(__name__)

ENGINE_WORLD = "hermes-snapshot"
#: The object group of the elements browser_file_upload hands the browser (released after each call).
FILES_GROUP = "hermes-files"
#: How long a click waits, once the pointer is over the element, for what the hover changed to let the element
#: be hit again (a hover image loading, a hover style settling), like the engine's bound on an action's settling.
HOVER_SETTLE_MS = 500
#: Within that, how long one look waits before the pointer is moved there again: a move the browser routed
#: before a just-loaded cross-site iframe could take input went to the page around it, and none follows by itself.
HOVER_LOOK_MS = 100
#: How much longer than ``HOVER_SETTLE_MS`` a click waits when a press at the point would land on something
#: else (the element collapsed under the hover until its hover image loads, on a busy machine later than the
#: settle bound): it presses only once the element is back there, and past this bound presses nothing.
INTERCEPTED_GRACE_MS = 1500
#: The size a compact snapshot is held to once the frames are stitched (the engine's own per-frame default).
COMPACT_MAX_CHARS = 32000


@dataclass
class Reader:
    """One session as the engine's outline.js knows it: a key under which each frame keeps the session's reads
    (random, so that no other session's reads are taken for this one's), and the id of its last read."""

    key: str = field(default_factory=lambda: secrets.token_hex(8))
    last_read: str | None = None

    def options(self, read_id: str) -> dict[str, Any]:
        """The engine's snapshot options for read ``read_id`` by this session."""
        return {"session": self.key, "read": read_id, "after": self.last_read}


#: What the engine's stitch() reads of each frame's part; stitchChanges() reads the session's reads as well.
PART_FIELDS = ("ok", "text", "isTop", "truncated", "title", "compaction")
CHANGES_FIELDS = (*PART_FIELDS, "fullText", "previous")
#: A run of spaces, controls and line or paragraph separators: one space in the snapshot's text, as the
#: engine's ``clean`` makes it (``engine/core.js``; docs/http-api.md, "Snapshot text format").
_SPACES_AND_CONTROLS = re.compile("[ \x00-\x1f\x7f-\x9f\u2028\u2029]+")
#: What a quoted string escapes with a backslash: its quote, the backslash, and an ``@`` that would read as a ref.
_UNSAFE_IN_QUOTES = re.compile(r'["\\]|@(?=[eE][0-9])')


def _pdf_answer(top: dict[str, Any]) -> dict[str, Any]:
    """A tab that shows a PDF, as the extension lane's frames.js answers it: no tree, the document's bytes."""
    page = {"url": top.get("url", ""), "title": top.get("title", "")}
    return {"snapshot": "", "truncated": False, "pdf_document": top["pdf"]} | page


def quoted_page_text(text: str) -> str:
    """A page's string (a dialog's message, say) quoted for the snapshot's text as the engine quotes a name.

    The lane writes some snapshot text itself; the page's part of it must no more be able to start a line,
    end the quotes or show a ref there than in what the engine writes.
    """
    one_line = _SPACES_AND_CONTROLS.sub(" ", text).strip()
    return '"' + _UNSAFE_IN_QUOTES.sub(lambda unsafe: "\\" + unsafe[0], one_line) + '"'


@functools.cache
def load_engine() -> InitScript:
    """The engine (``hermes_extension``'s engine files, from the checkout or the wheel) as an init script."""
    try:
        return InitScript(engine_source(), ENGINE_WORLD)
    except OSError as error:
        raise LaunchError(
            f"the snapshot engine cannot be read ({error.strerror}); reinstall hermes-browser-control, whose "
            "hermes_extension package carries it"
        ) from None


#: browser_file_upload onto a drop zone: called on the engine's own file input, which the browser filled.
_DROP_FILES = "function (key) { return globalThis.__hermesSnapshot.dropFiles(key, this.files); }"


def engine_failure(error: Any) -> ToolError:
    """The engine's ``{code, message}``, as the extension lane reports it (``controller_error: code: message``);
    ``PressStopped`` when the engine's guard stopped a real press (its error says ``stopped``)."""
    code = str(error.get("code", "engine_error")) if isinstance(error, dict) else "engine_error"
    message = str(error.get("message", "the snapshot engine failed")) if isinstance(error, dict) else str(error)
    if code in PASS_THROUGH_CONTROLLER_CODES:
        return ToolError(code, message)
    if isinstance(error, dict) and error.get("stopped") is True:
        return PressStopped("controller_error", f"{code}: {message}")
    return ToolError("controller_error", f"{code}: {message}")


@dataclass
class TabRefs:
    """What the lane remembers per tab between calls: the ref counter, and which frame issued each ref."""

    next_ref: int = 1
    #: "e5" -> frame id, from the latest snapshot
    owners: dict[str, str] = field(default_factory=dict)
    #: frame id -> the token its parent's engine gives its ``<iframe>`` (found by the browser: ``_child_tokens``)
    tokens: dict[str, str] = field(default_factory=dict)


def ref_key(ref: str) -> str:
    """``ref`` as the engine names it: ``@e3`` (an agent may write ``e3``)."""
    return "@" + ref.removeprefix("@")


def _element_gone(key: str) -> ToolError:
    return ToolError("controller_error", f"stale_ref: Element {key} is gone; take a new snapshot.")


def _called(function: str, *args: Any) -> str:
    """The expression that calls ``function`` (an expression) with ``args`` (JSON values)."""
    return f"{function}({', '.join(json.dumps(a) for a in args)})"


def _answer(method: str, value: Any) -> dict[str, Any]:
    """An engine method's answer; its ``{ok: false}`` raises the error it carries."""
    if not isinstance(value, dict):
        raise ToolError("controller_error", f"engine_error: {method} returned nothing")
    if value.get("ok") is False:
        raise engine_failure(value.get("error"))
    return value


class PageEngine:
    """The engine in every frame of one supervisor's controlled tab."""

    def __init__(self, supervisor: CDPSupervisor, engine: InitScript, refs: TabRefs) -> None:
        self._supervisor = supervisor
        self._engine = engine
        self.refs = refs

    # ----- calling one frame's engine -----

    async def evaluate(self, frame: FrameInfo, expression: str) -> Any:
        """``expression``'s value in ``frame``'s engine world (injecting the engine there first if needed)."""
        state = self._supervisor.state
        for attempt in (1, 2):
            context = await self._world(frame)
            try:
                reply = await self._supervisor.send(
                    "Runtime.evaluate",
                    {
                        "expression": expression,
                        "contextId": context,
                        "returnByValue": True,
                        "awaitPromise": True,
                    },
                    session_id=frame.session_id,
                )
            except CDPCommandFailed as failed:
                # The document (and its world) went away since we looked: a navigation. Inject into the new one.
                if attempt == 1 and "context" in failed.cdp_message.lower():
                    state.worlds.lost(frame.session_id, frame.frame_id)
                    continue
                raise
            details = reply.get("exceptionDetails")
            if details:
                text = (details.get("exception") or {}).get("description") or details.get("text") or "exception"
                raise ToolError("controller_error", f"engine_error: {str(text)[:300]}")
            return (reply.get("result") or {}).get("value")
        raise AssertionError("unreachable")

    async def call(self, frame: FrameInfo, method: str, *args: Any) -> dict[str, Any]:
        """``__hermesSnapshot[method](...args)`` in ``frame``; an ``{ok: false}`` answer raises its error."""
        return _answer(method, await self.evaluate(frame, _called(f"globalThis.__hermesSnapshot.{method}", *args)))

    async def _world(self, frame: FrameInfo) -> int:
        """The execution context of ``frame``'s engine world, the engine injected there first if it has none."""
        context = self._supervisor.state.worlds.context(frame.session_id, frame.frame_id)
        return context if context is not None else await self._inject(frame)

    async def _inject(self, frame: FrameInfo) -> int:
        reply = await self._supervisor.send(
            "Page.createIsolatedWorld",
            {
                "frameId": frame.frame_id,
                "worldName": ENGINE_WORLD,
            },
            session_id=frame.session_id,
        )
        context = int(reply["executionContextId"])
        await self._supervisor.send(
            "Runtime.evaluate", {"expression": self._engine.source, "contextId": context}, session_id=frame.session_id
        )
        self._supervisor.state.worlds.injected(frame.session_id, frame.frame_id, context)
        return context

    # ----- the tab -----

    def frames(self) -> list[FrameInfo]:
        target, _ = self._supervisor.tab_session()
        return self._supervisor.state.frames.of_tab(target)

    async def find(self, query: dict[str, Any], *, pdf_max_bytes: int = 0) -> dict[str, Any]:
        """The lines of the whole tab that match ``query`` (the engine's outline.js, find), each under its outline:
        a full read, stitched across frames, that is no read of the session's (its changes are not reset). With
        ``pdf_max_bytes``, a tab that shows a PDF answers its bytes instead (``pdf_document``, as ``snapshot``)."""
        parts = await self._parts({"full": True, "find": query, "pdf": pdf_max_bytes})
        top = parts[0][1]
        if top.get("pdf"):
            return _pdf_answer(top)
        found = top.get("found") or await self._stitched(
            parts[0][0], parts, "stitchFind", PART_FIELDS, {"query": query}
        )
        if found.get("ok") is False:
            raise engine_failure(found.get("error"))
        page = {"url": top.get("url", ""), "title": top.get("title", "")}
        return {key: value for key, value in found.items() if key != "ok"} | page

    async def images(self, limit: int) -> dict[str, Any]:
        """The tab's images (the engine's images.js), frame by frame, top frame first, at most ``limit``: each
        child frame's with the URL of its frame. A full read, to give refs to what a click on an image presses."""
        parts = await self._parts({"full": True, "images": limit})
        shown: list[dict[str, Any]] = []
        total = 0
        for _, part in parts:
            found = part.get("images") or {}
            total += int(found.get("total") or 0)
            framed = {} if part.get("isTop") else {"frame": part.get("url", "")}
            shown += [image | framed for image in found.get("images") or []]
        return {"images": shown[:limit], "total": total}

    async def labels(self, *, page: bool) -> list[dict[str, Any]]:
        """Where the elements with refs are drawn, for an annotated screenshot: ``[{ref, x, y, width, height}]`` in
        the top frame's viewport (CSS px), each frame's placed by its ``<iframe>``; with ``page`` (a full-page
        screenshot), every element's, in the page (the top frame's scroll added). A read that gives refs to what it
        labels and is no read of the session's (its changes are not reset)."""
        parts = await self._parts({"full": page, "labels": True})
        scroll = parts[0][1].get("scroll") or {} if page else {}
        boxes: list[dict[str, Any]] = []
        for frame, part in parts:
            found = part.get("labels") or []
            if not found:
                continue
            origin = {"x": 0, "y": 0, "frameOffset": part.get("frameOffset")}
            dx, dy = await self._in_page(frame, origin, scroll=False)
            dx, dy = dx + float(scroll.get("x") or 0), dy + float(scroll.get("y") or 0)
            boxes += [box | {"x": float(box["x"]) + dx, "y": float(box["y"]) + dy} for box in found]
        return boxes

    async def press_in_focus(self, key: str, options: dict[str, Any]) -> tuple[FrameInfo, dict[str, Any]]:
        """The engine's ``press`` (synthetic key events and what the browser would do for them) in the frame that
        has the focus, and that frame: the top frame's engine names the ``<iframe>`` the focus is in
        (``focus_in_child_frame``, with its token), down to the frame whose own element has it."""
        frame = self.frames()[0]
        while True:
            answer = await self.evaluate(frame, _called("globalThis.__hermesSnapshot.press", key, options))
            error = answer.get("error") if isinstance(answer, dict) and answer.get("ok") is False else None
            if not isinstance(error, dict) or error.get("code") != "focus_in_child_frame":
                return frame, _answer("press", answer)
            children = [child for child in self.frames() if child.parent_id == frame.frame_id]
            tokens = await self._child_tokens(frame, children)
            inner = next((child for child in children if tokens.get(child.frame_id) == error.get("frameToken")), None)
            if inner is None:
                raise engine_failure(error)
            frame = inner

    async def set_input_files(self, frame: FrameInfo, key: str | None, paths: list[str]) -> None:
        """The files at ``paths`` into the file input ``key`` names (or the one its label names; None: the one whose
        file chooser the last action opened), as the browser's file chooser gives them: ``DOM.setFileInputFiles``,
        which fires the input's input and change events."""
        found = _called("globalThis.__hermesSnapshot.resolve", key)
        expression = f"(el => el && el.localName === 'label' ? el.control : el)({found})"
        async with self._object(frame, expression) as object_id:
            await self._supervisor.send(
                "DOM.setFileInputFiles", {"files": paths, "objectId": object_id}, session_id=frame.session_id
            )

    async def drop_files(self, frame: FrameInfo, key: str | None, paths: list[str]) -> dict[str, Any]:
        """The files at ``paths`` dropped on ``key``'s element (the engine's ``dropFiles``): the browser puts them in
        a file input of the engine's world, never in the page's document, from which the engine takes them."""
        holder = "(() => { const input = document.createElement('input'); input.type = 'file'; input.multiple = true; "
        holder += "return input; })()"
        async with self._object(frame, holder) as object_id:
            send = self._supervisor.send
            await send("DOM.setFileInputFiles", {"files": paths, "objectId": object_id}, session_id=frame.session_id)
            reply = await send(
                "Runtime.callFunctionOn",
                {
                    "functionDeclaration": _DROP_FILES,
                    "objectId": object_id,
                    "arguments": [{"value": key}],
                    "awaitPromise": True,
                    "returnByValue": True,
                },
                session_id=frame.session_id,
            )
        if reply.get("exceptionDetails"):
            raise ToolError("controller_error", "engine_error: the files could not be dropped")
        return _answer("dropFiles", (reply.get("result") or {}).get("value"))

    @contextlib.asynccontextmanager
    async def _object(self, frame: FrameInfo, expression: str) -> AsyncIterator[str]:
        """The remote object ``expression`` gives in ``frame``'s engine world, released afterwards."""
        reply = await self._supervisor.send(
            "Runtime.evaluate",
            {"expression": expression, "contextId": await self._world(frame), "objectGroup": FILES_GROUP},
            session_id=frame.session_id,
        )
        object_id = (reply.get("result") or {}).get("objectId")
        if reply.get("exceptionDetails") or not object_id:
            raise ToolError("controller_error", "stale_ref: the element is gone; take a new snapshot.")
        try:
            yield str(object_id)
        finally:
            with contextlib.suppress(CDPCommandFailed):
                await self._supervisor.send(
                    "Runtime.releaseObjectGroup", {"objectGroup": FILES_GROUP}, session_id=frame.session_id
                )

    async def box(self, ref: str) -> dict[str, float]:
        """``ref``'s element scrolled into view: ``{x, y, width, height}`` in the top frame's viewport (CSS px),
        once its frame and the top frame have painted since (a capture then shows it: a cross-site frame paints in
        its own renderer, late under load)."""
        frame = await self.owner_of(ref)
        rect = await self.call(frame, "rect", ref_key(ref))
        x, y = await self._in_page(frame, {"x": rect["left"], "y": rect["top"], "frameOffset": rect.get("frameOffset")})
        await asyncio.gather(*(self.call(each, "painted") for each in {frame, self.frames()[0]}))
        return {"x": x, "y": y, "width": float(rect["width"]), "height": float(rect["height"])}

    async def snapshot(
        self, *, full: bool, reader: Reader, changes: bool = False, pdf_max_bytes: int = 0
    ) -> dict[str, Any]:
        """The tab's snapshot: every frame's part (``_parts``), stitched by the engine.

        ``reader``: the session's key, under which each frame's engine keeps this read for the next ``changes``
        (the engine's outline.js), and the id of its last read; with ``changes``, only what changed since that read,
        as the engine's ``stitchChanges`` says it. With ``pdf_max_bytes``, a tab that shows a PDF (in Chrome's
        viewer, whose frames no engine reads) answers its bytes, fetched by the top frame's engine with the
        document's credentials: ``pdf_document``, whose text the router makes the answer (routing/pdf_tab.py).
        """
        read_id = secrets.token_hex(8)
        parts = await self._parts({"full": full, "changes": changes, "pdf": pdf_max_bytes} | reader.options(read_id))
        reader.last_read = read_id
        top_frame, top = parts[0]
        if top.get("pdf"):
            return _pdf_answer(top)
        page = {"url": top.get("url", ""), "title": top.get("title", "")}
        if changes:
            found = top.get("changes") or await self._stitched(top_frame, parts, "stitchChanges", CHANGES_FIELDS, {})
            return {key: value for key, value in found.items() if key != "ok"} | page
        if len(parts) == 1 and "[frame=" not in top["text"]:
            text, truncated = top["text"], bool(top.get("truncated"))
        else:
            options: dict[str, Any] = {"full": full} if full else {}
            stitched = await self._stitched(top_frame, parts, "stitch", PART_FIELDS, options)
            text, truncated = stitched["text"], bool(stitched.get("truncated"))
        return {"snapshot": text, "truncated": truncated} | page

    async def _parts(self, options: dict[str, Any]) -> list[tuple[FrameInfo, dict[str, Any]]]:
        """Every frame's part of the tab (the engine's snapshot with ``options``), top frame first, in tree order
        with one ref counter; the refs are routed to the frames that issued them.

        Once a frame's part is in, the browser is asked which of its ``<iframe>``s holds each of its children
        (``_child_tokens``), while the next frames are read; a one-frame page asks nothing more.
        """
        frames = self.frames()
        parts: list[tuple[FrameInfo, dict[str, Any]]] = []
        owners: dict[str, str] = {}
        mapping: list[asyncio.Task[dict[str, str]]] = []
        for frame in frames:
            try:
                part = await self.call(frame, "snapshot", {"nextRef": self.refs.next_ref} | options)
            except (CDPCommandFailed, ToolError) as failed:
                if frame is frames[0]:
                    raise
                log.debug("frame %s left out of the snapshot: %s", frame.frame_id, failed)
                continue
            self.refs.next_ref = max(self.refs.next_ref, int(part.get("nextRef") or 1))
            owners.update({ref: frame.frame_id for ref in part.get("refs") or ()})
            if part.get("pdf"):
                # A PDF: the other frames are Chrome's viewer, which no ref may reach (the extension lane cannot
                # read them either); the PDF's text is the answer.
                parts.append((frame, part))
                break
            children = [child for child in frames if child.parent_id == frame.frame_id]
            if children:
                mapping.append(asyncio.ensure_future(self._child_tokens(frame, children)))
            parts.append((frame, part))
        self.refs.owners = owners
        self.refs.tokens = {}
        for tokens in await asyncio.gather(*mapping):
            self.refs.tokens.update(tokens)
        return parts

    async def _stitched(
        self,
        top: FrameInfo,
        parts: list[tuple[FrameInfo, dict[str, Any]]],
        method: str,
        fields: tuple[str, ...],
        options: dict[str, Any],
    ) -> dict[str, Any]:
        """The engine's ``method`` (stitch, stitchChanges, stitchFind) in the top frame, over the parts' ``fields``,
        each placed by the token of its ``<iframe>``."""
        slim = [
            {k: p.get(k) for k in fields} | {"frameToken": self.refs.tokens.get(frame.frame_id)} for frame, p in parts
        ]
        options = {"maxChars": COMPACT_MAX_CHARS} | options
        answer: dict[str, Any] = await self.evaluate(
            top, f"globalThis.__hermesSnapshot.{method}({json.dumps(slim)}, {json.dumps(options)})"
        )
        if answer.get("ok") is False:
            raise engine_failure(answer.get("error"))
        return answer

    async def _child_tokens(self, parent: FrameInfo, children: list[FrameInfo]) -> dict[str, str]:
        """Each child frame's id -> the token ``parent``'s engine gives the ``<iframe>`` that holds it
        (``frame_owners.child_tokens``, in the parent's engine world); none when the parent went away meanwhile."""
        try:
            context = await self._world(parent)
        except (CDPCommandFailed, ToolError) as failed:
            log.debug("the frames of %s not placed: %s", parent.frame_id, failed)
            return {}
        return await child_tokens(self._supervisor.send, parent, context, children)

    async def owner_of(self, ref: str) -> FrameInfo:
        """The frame whose engine issued ``ref``: from the latest snapshot, else by asking each frame."""
        key = ref.removeprefix("@")
        frames = self.frames()
        owner = self.refs.owners.get(key)
        for frame in frames:
            if frame.frame_id == owner:
                return frame
        for frame in frames:
            try:
                if await self.evaluate(frame, f"globalThis.__hermesSnapshot.owns({json.dumps('@' + key)})"):
                    self.refs.owners[key] = frame.frame_id
                    return frame
            except (CDPCommandFailed, ToolError):
                continue
        raise ToolError("controller_error", f"stale_ref: No element @{key} on this page; take a new snapshot.")

    async def aim(
        self, ref: str, *, hover: bool = False, arrive: Callable[[float, float], Awaitable[None]] | None = None
    ) -> tuple[float, float, dict[str, Any], FrameInfo]:
        """Where to send the pointer for ``ref``: its stable visible centre in page coordinates, the engine's
        ``aim`` answer (``rect``'s at a point where a press reaches the element, with ``opens``, ``hint``, a
        ``watch`` token for ``settle``,
        with ``guard``, its ``onTarget`` and ``hovered``: pointer.js), and the element's frame.

        With ``arrive`` (which moves the pointer), the pointer is moved to where the element is now while the
        engine waits for it to keep still: the page takes the hover in the same animation frame, so a click
        whose element the hover leaves alone can press at once. ``pointerAt`` in the answer says where it went.
        """
        frame = await self.owner_of(ref)
        key = ref_key(ref)
        arriving: asyncio.Future[None] | None = None
        pointer_at: tuple[float, float] | None = None
        if arrive is not None:
            now = await self.call(frame, "rect", key)
            if now.get("visible") and now.get("inViewport") and now.get("clear"):
                pointer_at = await self._in_page(frame, now)
                arriving = asyncio.ensure_future(arrive(*pointer_at))
        try:
            aimed = _answer(
                "aim",
                await self.evaluate(
                    frame, _called("globalThis.__hermesSnapshot.aim", key, {"hover": hover, "guard": True})
                ),
            )
        finally:
            if arriving is not None:
                await arriving
        x, y = await self._in_page(frame, aimed)
        return x, y, aimed | {"pointerAt": pointer_at}, frame

    async def under_pointer(self, frame: FrameInfo, ref: str, x: float, y: float, max_ms: float) -> dict[str, Any]:
        """Once the pointer has moved to ``(x, y)`` (in ``frame``'s viewport) over ``ref``'s element, where to press:
        ``{x, y}``, with ``unsettled`` if the element is still not hovered there after ``max_ms`` but a press there
        still reaches it, or ``blocked`` (the engine's ``click_intercepted`` failure) if it would not (see
        the engine's ``underPointer``, pointer.js)."""
        key = ref_key(ref)
        where = await self.evaluate(frame, _called("globalThis.__hermesSnapshot.underPointer", key, x, y, max_ms))
        if not isinstance(where, dict):
            raise _element_gone(key)
        return _answer("underPointer", where)

    async def _in_page(self, frame: FrameInfo, rect: dict[str, Any], *, scroll: bool = True) -> tuple[float, float]:
        """``rect``'s point (in ``frame``'s viewport) in the tab's page coordinates; each ``<iframe>`` on the way is
        scrolled into view first, unless ``scroll`` is false (a screenshot places what it sees where it is)."""
        frames = {f.frame_id: f for f in self.frames()}
        x, y = float(rect["x"]), float(rect["y"])
        offset = rect.get("frameOffset") or {}
        if frame.parent_id is not None and offset.get("complete"):
            return x + float(offset["x"]), y + float(offset["y"])
        child = frame
        while child.parent_id is not None:
            parent = frames.get(child.parent_id)
            if parent is None:
                raise ToolError("controller_error", "stale_ref: the element's frame is gone; take a new snapshot.")
            token = self.refs.tokens.get(child.frame_id)
            if token is None:
                token = (await self._child_tokens(parent, [child])).get(child.frame_id)
            if not token:
                raise ToolError(
                    "controller_error",
                    "engine_error: cannot place the element's frame in the page; take a new snapshot and try again.",
                )
            box = await self.call(parent, "frameRect", token, {"scroll": scroll})
            x, y = x + float(box["x"]), y + float(box["y"])
            child = parent
        return x, y

    async def option_point(self, frame: FrameInfo, ref: str, name: str, names: list[str]) -> tuple[float, float] | None:
        """Where a real click goes, in page coordinates, for the option named ``name`` of the list that ``ref``'s box
        opened (the engine's ``optionPoint``, list_choice.js: a point where a press reaches it, once it shows);
        None for an option of a list of several (``names``) that is chosen already."""
        key = ref_key(ref)
        answer = _answer(
            "optionPoint",
            await self.evaluate(frame, _called("globalThis.__hermesSnapshot.optionPoint", key, name, names)),
        )
        if answer.get("chosen"):
            return None
        return await self._in_page(frame, answer)

    async def watch(self, frame: FrameInfo) -> int:
        """A ``watch()`` token of ``frame``'s engine, for ``settle`` after an action there."""
        return int(await self.evaluate(frame, "globalThis.__hermesSnapshot.watch()"))

    async def aim_to_type(
        self, ref: str, text_types: frozenset[str], *, clicked: bool = False
    ) -> tuple[FrameInfo, dict[str, Any], tuple[float, float, dict[str, Any]] | None]:
        """The frame of ``ref``, what kind of field it is, and, when it takes real keys, where to click it (page
        coordinates) with the engine's ``aim`` answer (its ``watch`` token for ``typed_after``; ``focused`` when
        the field has the focus already, and no click is wanted), in one call (the engine's ``aimToType``,
        pointer.js); ``None`` for a field that takes no real keys (a select, a range...). ``opens`` in the facts:
        a combobox that takes no text itself, to be clicked first; ``clicked``: it was, and the answer is for the
        field the click put the focus in."""
        frame = await self.owner_of(ref)
        key = ref_key(ref)
        answer = await self.evaluate(
            frame, _called("globalThis.__hermesSnapshot.aimToType", key, sorted(text_types), clicked)
        )
        if not isinstance(answer, dict):
            raise _element_gone(key)
        answer = _answer("aimToType", answer)
        if "aimed" not in answer:
            return frame, answer["facts"], None
        aimed = _answer("aim", answer["aimed"])
        x, y = await self._in_page(frame, aimed)
        return frame, answer["facts"], (x, y, aimed)

    async def after_click(self, frame: FrameInfo, ref: str | None = None) -> None:
        """Once ``frame``'s page has drawn a frame and run the tasks queued by then (a timer's and a scheduler's
        message): what its handlers of a click deferred is done and shown, as it is by the time a person's first
        key comes. With ``ref``, the field clicked to type into: a field beside it that the click gave the focus
        (Kendo UI's number box edits in an input beside the one it shows) is the one typed into and read back."""
        await self.call(frame, "afterClick", ref)

    async def key_taken(self, frame: FrameInfo, paced: bool) -> bool:
        """Whether ``frame``'s page took the last key itself (cancelled its keydown), answered after its next frame
        when it did or when ``paced``: the next key typed waits for that (engine: ``keyTaken``)."""
        return bool((await self.call(frame, "keyTaken", paced))["taken"])

    async def after_arrival(self, frame: FrameInfo) -> None:
        """Once ``frame``'s page has run the tasks queued by now: what its handlers of the pointer's arrival deferred
        (a framework's render of the hover state they set) is done, as it is by the time a person's press comes."""
        await self.call(frame, "afterArrival")

    async def before_second_press(self, frame: FrameInfo, x: float, y: float) -> None:
        """``after_click``'s wait, then until what lies at ``(x, y)`` (``frame``'s own coordinates) keeps still, at
        most a bound: a person's second press of a double click comes once what the first click opened has moved
        into place (engine: ``beforeSecondPress``)."""
        await self.call(frame, "beforeSecondPress", x, y)

    async def typed_after(self, frame: FrameInfo, token: int, ref: str, text: str) -> dict[str, Any]:
        """Once typing (real input events after ``aim_to_type``) has settled, what the element holds: the engine's
        ``typedAfter``, ``settle`` and the ``typed`` check in one call (``navigating`` when the typing started a
        navigation, ``replaced`` when the document is another already); a mismatch raises ``type_mismatch``."""
        return await self.call(frame, "typedAfter", token, ref, text)

"""Real input events: the mouse (``Input.dispatchMouseEvent``), keys (``Input.dispatchKeyEvent``) and typed text
(``Input.insertText``), sent as a hand gives them."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from hermes_server.cdp.engine import HOVER_LOOK_MS, HOVER_SETTLE_MS, INTERCEPTED_GRACE_MS, PageEngine, engine_failure
from hermes_server.cdp.frames import FrameInfo
from hermes_server.cdp.keys import KeyPress, parse_key, typed_keys
from hermes_server.cdp.supervisor import CDPSupervisor
from hermes_server.cdp.tools.table import Arguments, Browsing
from hermes_server.errors import CDPCommandFailed
from hermes_wire.errors import ToolError

#: CDP's ``buttons`` bit of each button, and its ``modifiers`` bit of each key.
_BUTTON_BITS = {"left": 1, "right": 2, "middle": 4}
_MODIFIER_BITS = {"Alt": 1, "Control": 2, "Meta": 4, "Shift": 8}


@dataclass(frozen=True)
class Gesture:
    """What ``browser_click`` asks of the mouse: which button, how many clicks, the keys held, or only a hover."""

    button: str = "left"
    clicks: int = 1
    modifiers: int = 0
    hover: bool = False

    @classmethod
    def of(cls, args: Arguments) -> Gesture:
        keys = str(args.get("modifiers") or "")
        return cls(
            button=str(args.get("button") or "left"),
            clicks=2 if args.get("double") else 1,
            modifiers=sum(_MODIFIER_BITS[key] for key in set(keys.split("+")) if key),
            hover=bool(args.get("hover")),
        )

    def arriving(self) -> Gesture:
        """Only the pointer's arrival before this gesture: a hover with the same keys held."""
        return Gesture(modifiers=self.modifiers, hover=True)


async def click_at(
    browsing: Browsing,
    session: str,
    frame: FrameInfo,
    aimed: dict[str, Any],
    point: tuple[float, float],
    gesture: Gesture,
    result: dict[str, Any],
) -> None:
    """``gesture`` at ``point`` (page coordinates of ``aimed``, the engine's aim at the element in ``frame``), as a
    hand does it: the pointer arrives, the page answers the hover, and the press goes where the element is then.

    Arriving over an element can change it: a ``:hover`` style that swaps an icon's image collapses the icon
    until the new image has loaded (MiniWoB's social feed), a hover style moves it. A press sent with the move
    hits what is there meanwhile (the icon's row), so the press waits until the point hits the element again,
    moving with it if it moved (``result``'s ``x``/``y``); past the bound, it presses where a press still reaches
    the element, and while one would land on something else it waits ``INTERCEPTED_GRACE_MS`` longer, then
    presses nothing (``click_intercepted``, from ``under_pointer``).
    The pointer is moved there again every ``HOVER_LOOK_MS`` meanwhile: a move that the browser routed before a
    just-loaded cross-site iframe could take input went to the page around it. A hover only moves; a press whose
    point reaches the element through something else (its label, a hidden control's drawing) waits for no hover:
    the element itself never takes it. Every press comes once the page has run the tasks the arrival queued, as a
    person's comes a moment after the pointer: a framework renders the hover state its listeners set in a task of
    its own (Streamlit's data editor takes a cell's selection only once it has rendered the pointer over its grid).
    """
    supervisor = browsing.supervisor
    x, y = point
    there = aimed.get("pointerAt") == point  # the pointer went there while the engine aimed (PageEngine.aim)
    through = not gesture.hover and not aimed.get("onTarget")  # a press on its label, or a hidden control's drawing
    if gesture.hover or through or (there and aimed.get("hovered")):
        at = (aimed["x"], aimed["y"])
        if through:
            # the pointer arrives, the page takes the arrival, then the press (when the element took the hover,
            # ``aim`` answered once the page had; see ``after_arrival``)
            if not there:
                await send_mouse(supervisor, session, mouse_events(x, y, gesture.arriving()))
            with contextlib.suppress(CDPCommandFailed):  # the arrival navigated the frame: nothing to wait for in it
                await browsing.engine().after_arrival(frame)
            there = True
        await send_clicks(browsing, session, frame, at, mouse_events(x, y, gesture, move=not there))
        return
    loop = asyncio.get_running_loop()
    started = loop.time()
    while True:
        if not there:
            await send_mouse(supervisor, session, mouse_events(x, y, gesture.arriving()))
        waited_ms = (loop.time() - started) * 1000
        where = await browsing.engine().under_pointer(frame, aimed["ref"], aimed["x"], aimed["y"], HOVER_LOOK_MS)
        if not where.get("unsettled") and not where.get("blocked"):
            break
        if where.get("unsettled") and waited_ms + HOVER_LOOK_MS >= HOVER_SETTLE_MS:
            break  # the hover never settled, but a press there reaches the element
        if where.get("blocked") and waited_ms + HOVER_LOOK_MS >= HOVER_SETTLE_MS + INTERCEPTED_GRACE_MS:
            raise engine_failure(where["blocked"].get("error"))
        there = False  # the move may not have reached the element's document: move again
    moved = (x + where["x"] - aimed["x"], y + where["y"] - aimed["y"])
    result["x"], result["y"] = round(moved[0]), round(moved[1])
    at = (where["x"], where["y"])
    await send_clicks(browsing, session, frame, at, mouse_events(*moved, gesture, move=moved != point))


async def send_clicks(
    browsing: Browsing, session: str, frame: FrameInfo, at: tuple[float, float], events: list[dict[str, Any]]
) -> None:
    """A gesture's mouse events (``mouse_events``), back to back, except that a double click's second press comes
    once the page has drawn what the first click did and run the tasks it queued, and what lies at the point
    (``at``, in ``frame``'s coordinates) keeps still, as a person's second press comes a moment later: it goes
    where the browser's hit test sends it then (a dialog the first click opened, over the button), and a widget
    that learns of the first click's focus in a task of its own has learnt it."""
    second = next((i for i, event in enumerate(events) if event.get("clickCount") == 2), None)
    if second is None:
        await send_mouse(browsing.supervisor, session, events)
        return
    await send_mouse(browsing.supervisor, session, events[:second])
    with contextlib.suppress(CDPCommandFailed):  # the first click navigated the frame: nothing to wait for in it
        await browsing.engine().before_second_press(frame, *at)
    await send_mouse(browsing.supervisor, session, events[second:])


def mouse_events(x: float, y: float, gesture: Gesture, *, move: bool = True) -> list[dict[str, Any]]:
    """The mouse events of ``gesture`` at ``(x, y)``: the move there (unless ``move`` is false: the pointer is
    already there), then a press and a release per click (none for a hover)."""
    events: list[dict[str, Any]] = (
        [{"type": "mouseMoved", "x": x, "y": y, "modifiers": gesture.modifiers}] if move else []
    )
    if not gesture.hover:
        for count in range(1, gesture.clicks + 1):
            for kind in ("mousePressed", "mouseReleased"):
                events.append(
                    {
                        "type": kind,
                        "x": x,
                        "y": y,
                        "button": gesture.button,
                        "buttons": _BUTTON_BITS[gesture.button] if kind == "mousePressed" else 0,
                        "clickCount": count,
                        "modifiers": gesture.modifiers,
                    }
                )
    return events


async def send_mouse(supervisor: CDPSupervisor, session: str, events: list[dict[str, Any]]) -> None:
    """Send ``events`` back to back (the browser handles them in order): waiting for each one's answer would
    wait for a frame per event, as Chromium aligns mouse input with its frames."""
    await asyncio.gather(*(supervisor.send("Input.dispatchMouseEvent", event, session_id=session) for event in events))


#: How long a key is held at the most while the page runs what its keydown queued (``press_key``): a dialog the
#: keydown opened holds the page's tasks until it is answered, and the key is let go then.
KEY_HELD_S = 0.25


def held_in(engine: PageEngine, frame: FrameInfo) -> Callable[[], Awaitable[None]]:
    """What a key pressed in ``frame`` waits for while it is held (``press_key``): the engine's task turn there."""
    return lambda: engine.after_arrival(frame)


async def press_key(
    supervisor: CDPSupervisor, session: str, keys: KeyPress, held: Callable[[], Awaitable[Any]]
) -> None:
    """Press the key (with its modifiers) and release it once ``held`` (``held_in``) has come, bounded: a person's
    key stays down a while, and the page runs the tasks its keydown queued before the keyup comes, as the
    extension lane's press() waits a task turn (Radix's radio group, in marimo's apps, moves the focus on an arrow
    in a 0 ms timer, and the radio it focuses checks itself only while the arrow is held: sent back to back, the
    keyup came first and nothing was checked)."""
    await supervisor.send("Input.dispatchKeyEvent", keys.down, session_id=session)
    # (a keydown that navigated, or replaced the frame's document, leaves no page to wait in: the key is let go)
    with contextlib.suppress(TimeoutError, CDPCommandFailed, ToolError):
        await asyncio.wait_for(held(), KEY_HELD_S)
    await supervisor.send("Input.dispatchKeyEvent", keys.up, session_id=session)


async def replace_text(
    supervisor: CDPSupervisor,
    session: str,
    x: float,
    y: float,
    text: str,
    *,
    together: bool = False,
    by_key: bool = False,
    click: bool = True,
    keys_only: bool = False,
    after_click: Callable[[], Awaitable[None]] | None = None,
    key_taken: Callable[[bool], Awaitable[bool]] | None = None,
) -> None:
    """Focus the field with a click, select what it holds, and type ``text`` over it (or delete it). Without
    ``click``, the field has the focus already (a combobox's search field, which a click would close).
    ``keys_only`` (a date or time field drawn in segments): the click, then a key per character, as a person
    types into it: Control+A would choose every segment (MUI then draws the value as one text), and the page
    moves on from segment to segment as each key comes.

    Each gesture's events are sent back to back (the click's, each key's). ``together``: the field is in the top
    frame, so every event goes to one widget of the browser, which handles them in the order sent: all the
    gestures go back to back too. A field in a child frame gets the keys only once the click has focused that
    frame (the browser routes keys to the focused frame), so there each gesture waits for the one before.

    ``by_key`` (a one-line ``<input>``): each character is a key pressed and released, as a person types it and as
    the extension lane does, so that a page acting on each key sees each (a field that completes the text as it
    comes: one insertion of all but the last character left "Spaina" where a person's keys leave "Spainpa"; Flatpickr's
    year field reads its value on keyup). It costs the browser a round of its input pipeline a key (50 characters:
    37 ms against 6). Elsewhere the text goes in as one insertion a line: a code editor would close a bracket, or
    accept a suggestion, on a real key. A line break is the Enter key, as a person types it, which the page may take
    itself (Taipy's text areas act on Enter and cancel it; a chat box sends) and a code editor answers with its own
    new line.

    ``after_click`` is awaited between the click and the keys, so that what the page deferred from the click
    has run and been drawn first, as it has when a person's keys come: Slate takes the click's caret in a timer
    and draws it in a scheduler's task (a Control+A and text sent before that went in at the caret); PrimeVue's
    date field opens its calendar in the next frame, and moved the focus to the day typed before it opened.

    ``key_taken`` (the engine's ``keyTaken``) is asked after the first key typed by key: once a page takes the keys
    itself (it cancels their keydown: rsuite's date field fills a segment, and moves its selection to the next in its
    next frame, where the next key is read), it gets each later key once it has drawn what the one before did, as a
    person's keys come a frame apart at the soonest; the keys went in back to back, and rsuite's field held
    "0014-MM-02" for "2014-05-14" where real input's keys left "0004-01-02". Other pages get them back to back."""
    selecting = [] if keys_only else [parse_key("Control+a")] + ([] if text else [parse_key("Backspace")])
    gestures = [[("Input.dispatchMouseEvent", event) for event in mouse_events(x, y, Gesture())]] if click else []
    gestures += [[("Input.dispatchKeyEvent", key.down), ("Input.dispatchKeyEvent", key.up)] for key in selecting]
    inserted, keyed = ("", text) if keys_only or by_key else (text, "")
    enter = parse_key("Enter")
    for number, line in enumerate(inserted.split("\n")):
        if number:  # a line break is the Enter key, as typed: a page that takes Enter itself (Taipy's) cancels it
            gestures.append([("Input.dispatchKeyEvent", enter.down), ("Input.dispatchKeyEvent", enter.up)])
        if line:
            gestures.append([("Input.insertText", {"text": line})])
    keys = [[("Input.dispatchKeyEvent", key.down), ("Input.dispatchKeyEvent", key.up)] for key in typed_keys(keyed)]
    if click and after_click is not None:
        await _send_gestures(supervisor, session, gestures[:1], together=together)
        await after_click()
        gestures = gestures[1:]
    if key_taken is None or not keys:
        await _send_gestures(supervisor, session, gestures + keys, together=together)
        return
    await _send_gestures(supervisor, session, gestures + keys[:1], together=together)
    if not await key_taken(False):  # the page lets its keys through: the rest back to back
        await _send_gestures(supervisor, session, keys[1:], together=together)
        return
    for key in keys[1:]:
        await _send_gestures(supervisor, session, [key], together=together)
        await key_taken(True)


async def _send_gestures(
    supervisor: CDPSupervisor, session: str, gestures: list[list[tuple[str, dict[str, Any]]]], *, together: bool
) -> None:
    """Each gesture's events back to back; with ``together``, every gesture's too (see ``replace_text``)."""
    if together:
        gestures = [[event for gesture in gestures for event in gesture]]
    for gesture in gestures:
        await asyncio.gather(*(supervisor.send(method, params, session_id=session) for method, params in gesture))

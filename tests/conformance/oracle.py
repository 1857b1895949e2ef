"""The oracle: a plain headless Chromium (fresh profile, no extension) driven with real input through CDP.

A person's press lands at the centre of what they see: the element that Chromium's own accessibility tree names
with the control's role and name (``Accessibility.queryAXTree``), or of the ``press`` selector's element when the
page draws the control's face elsewhere. Keys, text and wheel turns are ``Input.dispatch*`` events, as the
browser's own input would be; an HTML5 drag is intercepted (``Input.setInterceptDrags``) and dropped with
``Input.dispatchDragEvent``, because headless Chromium has no system drag loop.

The oracle's tab has the focus (``Emulation.setFocusEmulationEnabled``): a person who clicks in a window gives it
the system's focus. It speaks CDP on a WebSocket of its own to the page target (events are needed for the drag),
beside chromedriver's.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import math
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from websockets.sync.client import ClientConnection, connect

from tests.conformance.compare import OBSERVE, SETTLE_WAIT
from tests.conformance.corpus import Target
from tests.conformance.interactions import CHOOSE, CLICK, DOUBLE, DRAG, PRESS, SCROLL, TYPE, Step
from tests.conftest import scaled
from tests.lanes.snapshot_grammar import normalised
from tests.support.chromium import fresh_profile, selenium_chromium
from tests.support.waiting import wait_until

COMMAND_TIMEOUT_S = 20.0
READY_TIMEOUT_S = 20.0
#: How long a person waits for what they are about to press to appear (a list opening, a calendar sliding in).
APPEAR_TIMEOUT_S = 3.0
DRAG_STEPS = 8
#: How far past the middle of the item whose place it takes a person lets go of an item dragged in a sortable list
#: (a share of that item's size, along the way the drag came): Kendo UI's Sortable takes the place only once the
#: pointer is past the middle, and a drop on the middle itself left the list as it was.
PAST_MIDDLE = 0.25
WHEEL_DELTA_PX = 240
MODIFIER_BITS = {"Alt": 1, "Control": 2, "Meta": 4, "Shift": 8}
#: key -> (code, Windows virtual key code, text it types)
NAMED_KEYS = {
    "Enter": ("Enter", 13, "\r"),
    "Tab": ("Tab", 9, ""),
    "Escape": ("Escape", 27, ""),
    "Backspace": ("Backspace", 8, ""),
    "Delete": ("Delete", 46, ""),
    "Space": ("Space", 32, " "),
    "ArrowLeft": ("ArrowLeft", 37, ""),
    "ArrowUp": ("ArrowUp", 38, ""),
    "ArrowRight": ("ArrowRight", 39, ""),
    "ArrowDown": ("ArrowDown", 40, ""),
    "Home": ("Home", 36, ""),
    "End": ("End", 35, ""),
    "PageUp": ("PageUp", 33, ""),
    "PageDown": ("PageDown", 34, ""),
}
#: Whether the focus is in a date or time input, whose fields (hours, minutes, AM/PM...) a person types over: there
#: Control+A selects the page's text, not the field's value.
FOCUS_IN_DATE_OR_TIME_FIELDS = """(() => {
  let focused = document.activeElement;
  while (focused && focused.shadowRoot && focused.shadowRoot.activeElement) focused = focused.shadowRoot.activeElement;
  return !!focused && focused.localName === 'input' && /^(date|time|datetime-local|month|week)$/.test(focused.type);
})()"""
#: Resolves once the page has drawn its next frame.
NEXT_FRAME = "new Promise(function (done) { requestAnimationFrame(function () { done(true); }); })"
#: Whether the element's centre, where a person presses it, shows in the viewport, or it has no area: a person
#: scrolls the page only to see what they press, and presses a row whose lower edge the viewport cuts off without
#: scrolling (PrimeVue's tree: its last item, 32 of 36 px in view, was scrolled to, where neither lane scrolls).
#: (DOM.scrollIntoViewIfNeeded also scrolls boxes inside the page: Ant Design's select keeps a hidden, zero-height
#: list of its options for screen readers, which it scrolled, and no person's input does.)
CENTRE_IN_VIEW_OR_EMPTY = (
    "function () { var r = this.getBoundingClientRect(); if (r.width === 0 || r.height === 0) return true;"
    " var x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;"
    " return x >= 0 && y >= 0 && x < innerWidth && y < innerHeight; }"
)
#: Whether ``this`` is a combobox open with the focus in its search field: one inside it, or inside a list it
#: controls or owns, or one that controls the same list (Select2's, in its dropdown). A person types on into the
#: search they are in, where a click on the combobox would close it (Choices.js and Select2, typed into again: the
#: oracle's click closed the list, and its keys went to the page; both lanes typed on).
OPEN_COMBOBOX_HAS_ITS_FIELD_FOCUSED = (
    "function () { var a = document.activeElement; if (!a || a === this || this.getAttribute('role') !== 'combobox'"
    " || this.getAttribute('aria-expanded') !== 'true') return false;"
    " if (!(a.localName === 'input' || a.localName === 'textarea' || a.isContentEditable)) return false;"
    " function ids(el) { return ((el.getAttribute('aria-controls') || '') + ' ' + (el.getAttribute('aria-owns') || ''))"
    ".split(' ').filter(Boolean); }"
    " var lists = ids(this), shared = ids(a);"
    " return this.contains(a) || lists.some(function (id) { var list = document.getElementById(id);"
    " return (list && list.contains(a)) || shared.indexOf(id) >= 0; }); }"
)
#: A person's interval between the two presses of a double click, at the soonest: a tenth of a second (the product's
#: lanes wait the same: extension/engine/landing.js, SECOND_PRESS_AFTER_MS).
PERSONS_INTERVAL = "new Promise(function (done) { setTimeout(function () { done(true); }, 100); })"
#: A turn of a timer and a message channel, and a frame, as JavaScript functions (for the waits below).
TURN_AND_FRAME_FUNCTIONS = (
    "function turn() { return new Promise(function (turned) { var left = 2;"
    " function one() { if (--left === 0) turned(); } setTimeout(one, 0); var channel = new MessageChannel();"
    " channel.port1.onmessage = function () { channel.port1.close(); one(); }; channel.port2.postMessage(null); }); }"
    " function frame() { return new Promise(function (drawn) { requestAnimationFrame(function () { drawn(); }); }); }"
)
#: A frame, two turns of a timer and a message channel, a frame and a turn (the engine's frameAndTurn).
FRAME_AND_TURN = (
    f"new Promise(function (done) {{ {TURN_AND_FRAME_FUNCTIONS}"
    " frame().then(turn).then(turn).then(frame).then(turn).then(function () { done(true); }); })"
)
#: A frame, then a turn: how long a person's button stays down at the least (a tenth of a second or so, in fact).
#: Released at once, as CDP input is sent, a press's 0 ms timer ran after the click in 10 clicks of 12 on PrimeVue's
#: calendar, and the outcome varied between runs (the focus on the body or on the date field); held, the timer ran
#: before the click in every run, and the focus stayed on the field.
PRESS_HELD = (
    f"new Promise(function (done) {{ {TURN_AND_FRAME_FUNCTIONS}"
    " frame().then(turn).then(function () { done(true); }); })"
)
#: The element a press at (x, y) hits, through open shadow roots (a function declaration, for the scripts below).
DEEP_HIT = (
    "function deepHit(x, y) { var hit = document.elementFromPoint(x, y);"
    " while (hit && hit.shadowRoot) { var inner = hit.shadowRoot.elementFromPoint(x, y);"
    " if (!inner || inner === hit) break; hit = inner; } return hit; }"
)
#: Resolves once what lies at the point (%f, %f) keeps still, at most 300 ms: no element there, nor one around it (the
#: flat tree), runs a finite animation or transition that moves it or changes its area (not opacity, not colour).
#: A person's second press of a double click comes a tenth of a second or more after the first click, by when what
#: the click opened has moved into place (Flatpickr's calendar slides over its field for two frames; Ionic slides its
#: modal up, on a box in ion-modal's shadow root, whose animations only that root lists).
STILL_AT = (
    "new Promise(function (done) { var x = %f, y = %f, started = performance.now();"
    " var moves = /^(transform|translate|scale|rotate|top|left|right|bottom|inset|margin|padding|width|height"
    "|clippath)/;"
    " function moving(a, chain) { var e = a.effect;"
    " if (a.playState !== 'running' || !e || chain.indexOf(e.target) < 0) return false;"
    " if (e.getComputedTiming().endTime === Infinity) return false;"
    " var names = a.transitionProperty ? [a.transitionProperty] : e.getKeyframes().flatMap(Object.keys);"
    " return names.some(function (n) { return moves.test(n.replace(/-/g, '').toLowerCase()); }); }"
    f" {DEEP_HIT}"
    " function look() { var chain = [];"
    " for (var n = deepHit(x, y); n; n = n.assignedSlot || n.parentElement || (n.parentNode && n.parentNode.host))"
    " chain.push(n);"
    " var roots = new Set(chain.map(function (n) { return n.getRootNode(); }));"
    " var still = !Array.from(roots).some(function (root) {"
    " return root.getAnimations().some(function (a) { return moving(a, chain); }); });"
    " if (still || performance.now() - started >= 300) done(true); else requestAnimationFrame(look); }"
    " look(); })"
)
#: The keys of a US keyboard's punctuation: character -> (code, virtual key code, Shift held).
PUNCTUATION_KEYS = {
    **{
        c: (code, vk, False)
        for c, code, vk in (
            ("-", "Minus", 189),
            ("=", "Equal", 187),
            ("[", "BracketLeft", 219),
            ("]", "BracketRight", 221),
            ("\\", "Backslash", 220),
            (";", "Semicolon", 186),
            ("'", "Quote", 222),
            (",", "Comma", 188),
            (".", "Period", 190),
            ("/", "Slash", 191),
            ("`", "Backquote", 192),
        )
    },
    **{
        c: (code, vk, True)
        for c, code, vk in (
            ("_", "Minus", 189),
            ("+", "Equal", 187),
            ("{", "BracketLeft", 219),
            ("}", "BracketRight", 221),
            ("|", "Backslash", 220),
            (":", "Semicolon", 186),
            ('"', "Quote", 222),
            ("<", "Comma", 188),
            (">", "Period", 190),
            ("?", "Slash", 191),
            ("~", "Backquote", 192),
        )
    },
    **{c: (f"Digit{d}", ord(d), True) for c, d in zip("!@#$%^&*()", "1234567890", strict=True)},
}
#: Whether an element is a native drop-down <select> or inside one: its options are the browser's popup, not the
#: page's (a listbox's, multiple or size above 1, are on the page to be pressed).
DROP_DOWN_SELECT = """function () {
  var select = this.closest && this.closest('select');
  return !!select && !(select.multiple || select.size > 1);
}"""
#: Whether an element is a <select>'s option (or inside one).
IN_SELECT = "function () { return !!(this.closest && this.closest('select')); }"
#: Whether an element is drawn: larger than a pixel, as is every box around it that clips what overflows it (a box
#: that clips nothing may have no size of its own: Select2's list sits in an absolute wrapper of no height), none
#: clipped by its own clip, and none transparent (a library's hidden <select> is a one-pixel box, clipped, as
#: Select2's, or a transparent one, as Choices.js's, whose options keep their own boxes).
DRAWN = """function () {
  for (var box = this; box; box = box.parentElement) {
    var rect = box.getBoundingClientRect();
    var style = getComputedStyle(box);
    var clips = box === this || style.overflowX !== "visible" || style.overflowY !== "visible";
    if ((clips && (rect.width < 2 || rect.height < 2)) || +style.opacity < 0.1) return false;
    if ((style.clipPath && style.clipPath !== "none") || (style.clip && style.clip !== "auto")) return false;
  }
  return true;
}"""
#: Whether the press landed on the named element (its label, or the ``press`` element, count as it): the
#: element hit at the point, through open shadow roots, is it or inside it.
LANDS_ON = f"""function (x, y, press) {{
  {DEEP_HIT}
  var hit = deepHit(x, y);
  var faces = [this].concat(Array.prototype.slice.call(this.labels || []));
  if (press) faces = faces.concat(Array.prototype.slice.call(document.querySelectorAll(press)));
  for (var node = hit; node; node = node.parentNode || node.host) {{ if (faces.indexOf(node) >= 0) return true; }}
  return false;
}}"""


class OracleError(AssertionError):
    """The oracle could not do what a person would (the page names no such element, the browser refused)."""


class NotApplicable(OracleError):
    """The interaction means nothing for this control (a native <select>'s popup cannot be scrolled by a page)."""


@dataclass(frozen=True)
class Pressed:
    """What the oracle's step did: whether its press landed on the named element (a lane's refusal is then a
    divergence) and whether the element is a native drop-down <select> or one of its options (chosen from with its
    own keys, and on a lane with browser_type). A listbox's options (multiple, or size above 1) are on the page:
    they are pressed, with the keys held, on the oracle and on a lane alike."""

    on_target: bool = True
    native_select: bool = False


class CdpPage:
    """A blocking CDP connection to one page target: commands answered in order, events kept for ``event``."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket
        self.ids = itertools.count(1)
        self.events: list[dict[str, Any]] = []

    def send(self, method: str, **params: Any) -> dict[str, Any]:
        command_id = next(self.ids)
        self.socket.send(json.dumps({"id": command_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv(timeout=scaled(COMMAND_TIMEOUT_S)))
            if message.get("id") == command_id:
                if "error" in message:
                    raise OracleError(f"{method}: {message['error'].get('message')}")
                result: dict[str, Any] = message.get("result", {})
                return result
            if message.get("method", "").startswith("Input."):  # the drag's; the rest are not needed
                self.events.append(message)

    def event(self, method: str) -> dict[str, Any] | None:
        """The params of the first ``method`` event received so far, taken off the list."""
        for index, event in enumerate(self.events):
            if event["method"] == method:
                del self.events[index]
                params: dict[str, Any] = event.get("params", {})
                return params
        return None

    def evaluate(self, expression: str) -> Any:
        reply = self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in reply:
            raise OracleError(f"the page threw: {reply['exceptionDetails'].get('text')}")
        return reply["result"].get("value")


class Oracle:
    """One tab of the oracle's Chromium, reused for every case (the page is loaded anew for each)."""

    def __init__(self, page: CdpPage) -> None:
        self.page = page
        #: What each target was found to be earlier in the case (``node``).
        self.found: dict[Target, int] = {}

    def load(self, url: str) -> None:
        self.found.clear()
        self.page.send("Page.navigate", url=url)
        wait_until(
            lambda: self.page.evaluate(f"location.href === {json.dumps(url)} && window.__ready === true"),
            READY_TIMEOUT_S,
            f"{url} to be ready on the oracle",
        )
        self.page.events.clear()

    def observe(self) -> dict[str, Any]:
        observed: dict[str, Any] = self.page.evaluate(OBSERVE)
        return observed

    def corpus(self) -> dict[str, Any]:
        declared: dict[str, Any] = self.page.evaluate("window.__corpus")
        return declared

    # ----- where a person presses ---------------------------------------------------------------------------

    def node(self, target: Target) -> int | None:
        """The backend node id of the element Chromium's accessibility tree names as ``target``, once it is there
        (a list that opens renders its options a moment after the press, and a person waits to see them): the
        first one drawn (``DRAWN``), else the first. A library's hidden <select> keeps options of the same names as
        those it draws, there before its list opens: when only such an option is found, the drawn one is waited
        for, as a person waits for the list. A target found earlier in the case that the tree no longer names so
        is the same element still, while it is in the document: a person goes on typing into the field they typed
        into (Headless UI's combobox loses its name while its list is open)."""
        name = normalised(target.name)

        def look() -> list[int]:
            if target.by_text:
                return self._showing(str(target.press), name)
            root = self.page.send("DOM.getDocument", depth=0)["root"]["nodeId"]
            # by role, then by name as names are compared (spaces collapsed, trimmed): an exact accessibleName
            # query misses on Chromium 150, whose names keep stray spaces ('Name ') that Chromium 156 trims
            found = self.page.send("Accessibility.queryAXTree", nodeId=root, role=target.role)
            return [
                node["backendDOMNodeId"]
                for node in found["nodes"]
                if node.get("backendDOMNodeId") and normalised(node.get("name", {}).get("value", "")) == name
            ]

        def drawn(nodes: list[int]) -> int | None:
            for node in nodes:
                if self._call(self._object(node), DRAWN):
                    return node
            return None

        earlier = self.found.get(target)
        if earlier is not None:
            nodes = look()
            if not nodes:
                return earlier if self._connected(earlier) else None
        else:
            nodes = look()
            if not nodes:
                try:
                    nodes = wait_until(look, APPEAR_TIMEOUT_S, f"{target.label()} in the accessibility tree")
                except TimeoutError:
                    return None
                self._still()
        first_drawn = drawn(nodes)
        if first_drawn is None and self._call(self._object(nodes[0]), IN_SELECT):
            with contextlib.suppress(TimeoutError):
                first_drawn = wait_until(lambda: drawn(look()), APPEAR_TIMEOUT_S, f"a drawn {target.label()}")
        self.found[target] = chosen = nodes[0] if first_drawn is None else first_drawn
        return chosen

    def _showing(self, selector: str, name: str) -> list[int]:
        """The backend node ids of the elements ``selector`` selects whose text, as names are compared, is ``name``."""
        root = self.page.send("DOM.getDocument", depth=0)["root"]["nodeId"]
        found = []
        for node_id in self.page.send("DOM.querySelectorAll", nodeId=root, selector=selector)["nodeIds"]:
            obj = self.page.send("DOM.resolveNode", nodeId=node_id)["object"]["objectId"]
            if normalised(str(self._call(obj, "function () { return this.innerText; }") or "")) == name:
                found.append(self.page.send("DOM.describeNode", nodeId=node_id)["node"]["backendNodeId"])
        return found

    def _still(self) -> None:
        """Once what is to be pressed has just appeared: until the page keeps still (a list that zooms in as it
        opens, as Element Plus's does, is pressed once a person sees it in place), at most ``APPEAR_TIMEOUT_S``."""
        with contextlib.suppress(TimeoutError):
            wait_until(lambda: self.page.evaluate(SETTLE_WAIT) or None, APPEAR_TIMEOUT_S, "the page to keep still")

    def _connected(self, node: int) -> bool:
        try:
            return bool(self._call(self._object(node), "function () { return this.isConnected; }"))
        except OracleError:  # no such node any more
            return False

    def _types_on(self, target: Target) -> bool:
        """Whether a person types on into the field that has the focus, without a click on ``target`` first."""
        node = self.node(target)
        return node is not None and bool(self._call(self._object(node), OPEN_COMBOBOX_HAS_ITS_FIELD_FOCUSED))

    def _object(self, node: int) -> str:
        object_id: str = self.page.send("DOM.resolveNode", backendNodeId=node)["object"]["objectId"]
        return object_id

    def point(self, target: Target) -> tuple[float, float, Pressed]:
        """The centre of the named element (or of its ``press`` face), scrolled into view, and whether a press
        there lands on it."""
        node = self.node(target)
        if node is None:
            raise OracleError(f"Chromium's accessibility tree has no {target.label()}")
        obj = self.page.send("DOM.resolveNode", backendNodeId=node)["object"]["objectId"]
        native_select = self._call(obj, DROP_DOWN_SELECT)
        if native_select and not self._call(obj, "function () { return this.getClientRects().length > 0; }"):
            return 0.0, 0.0, Pressed(native_select=True)  # an option of a closed <select>: in the browser's popup
        if not self._call(obj, CENTRE_IN_VIEW_OR_EMPTY):
            self.page.send("DOM.scrollIntoViewIfNeeded", backendNodeId=node)
        box_of = node
        face = None if target.by_text else target.press  # found by its text, the element is its own face
        if face:
            drawn = self._call(obj, f"function () {{ return document.querySelector({json.dumps(face)}); }}", False)
            if drawn.get("objectId"):
                box_of = self.page.send("DOM.describeNode", objectId=drawn["objectId"])["node"]["backendNodeId"]
                self.page.send("DOM.scrollIntoViewIfNeeded", backendNodeId=box_of)
        try:
            quad = self.page.send("DOM.getBoxModel", backendNodeId=box_of)["model"]["border"]
        except OracleError:
            return 0.0, 0.0, Pressed(on_target=False, native_select=bool(native_select))
        x, y = sum(quad[0::2]) / 4, sum(quad[1::2]) / 4
        lands = self._call(obj, LANDS_ON, True, x, y, face)
        return x, y, Pressed(on_target=bool(lands), native_select=bool(native_select))

    def _call(self, obj: str, function: str, by_value: bool = True, *args: Any) -> Any:
        reply = self.page.send(
            "Runtime.callFunctionOn",
            objectId=obj,
            functionDeclaration=function,
            arguments=[{"value": arg} for arg in args],
            returnByValue=by_value,
        )
        return reply["result"].get("value") if by_value else reply["result"]

    # ----- real input ---------------------------------------------------------------------------------------

    def perform(self, step: Step) -> Pressed:
        if step.op == PRESS:
            self.key(step.text)
            return Pressed()
        assert step.target is not None, step
        x, y, pressed = self.point(step.target)
        if pressed.native_select and step.op == SCROLL:
            raise NotApplicable("a native <select>'s popup is the browser's: no page can scroll it")
        if step.op == CHOOSE and step.owner is not None:
            if pressed.native_select:
                self._choose_from_popup(step.target)
                return pressed
            self.mouse_click(x, y, modifiers=step.modifiers)
            return pressed
        if step.op in (CLICK, CHOOSE):
            self.mouse_click(x, y, modifiers=step.modifiers)
        elif step.op == DOUBLE:
            self.mouse_click(x, y)
            # a person's second press comes a moment after the first click: a tenth of a second at the soonest, the
            # page has drawn what the click did and run the tasks it queued, and what it opened has moved into place
            # (the product's lanes wait as much: the interval, a frame and a task turn, then for what lies at the
            # point to keep still)
            self.page.evaluate(PERSONS_INTERVAL)
            self.page.evaluate(FRAME_AND_TURN)
            self.page.evaluate(STILL_AT % (x, y))
            self.mouse_click(x, y, count=2)
        elif step.op == TYPE:
            if not self._types_on(step.target):
                self.mouse_click(x, y)
                # a person starts typing once they see what the click did (a dropdown's search field shown and
                # focused, a picker drawn): keys sent in the same frame go to what held the focus before
                self.page.evaluate(SETTLE_WAIT)
            if not self.page.evaluate(FOCUS_IN_DATE_OR_TIME_FIELDS):
                self.key("Control+a")  # what was there goes: a date or time input's fields are typed over instead
            for character in step.text:
                self.type_character(character)
                # a person's keys come a frame apart at least: the page draws what each did before the next
                self.page.evaluate(NEXT_FRAME)
        elif step.op == SCROLL:
            self.page.send("Input.dispatchMouseEvent", type="mouseWheel", x=x, y=y, deltaX=0, deltaY=WHEEL_DELTA_PX)
        elif step.op == DRAG:
            assert step.to is not None, step
            self.drag((x, y), self.past_middle((x, y), step.to))
        return pressed

    def mouse_click(self, x: float, y: float, *, count: int = 1, modifiers: str = "") -> None:
        bits = sum(MODIFIER_BITS[name] for name in modifiers.split("+") if name)
        self.page.send("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y, modifiers=bits)
        for kind in ("mousePressed", "mouseReleased"):
            self.page.send(
                "Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=count, modifiers=bits
            )
            if kind == "mousePressed":
                self.page.evaluate(PRESS_HELD)  # the button stays down as a person's does

    def type_character(self, character: str) -> None:
        """The key a person's (US) keyboard types ``character`` with, Shift held for a capital or a shifted sign:
        a line break is Enter, a tab Tab; a character no key types (an accented letter) comes as its text alone,
        as an input method gives it."""
        if character in "\n\t":
            self.key("Enter" if character == "\n" else "Tab")
            return
        if character == " ":
            self.key("Space")
            return
        if character.isascii() and character.isalpha():
            code, virtual, shifted = f"Key{character.upper()}", ord(character.upper()), character.isupper()
        elif character.isascii() and character.isdigit():
            code, virtual, shifted = f"Digit{character}", ord(character), False
        elif character in PUNCTUATION_KEYS:
            code, virtual, shifted = PUNCTUATION_KEYS[character]
        else:
            self.page.send("Input.dispatchKeyEvent", type="keyDown", key=character, text=character)
            self.page.send("Input.dispatchKeyEvent", type="keyUp", key=character)
            return
        common = {"code": code, "windowsVirtualKeyCode": virtual, "nativeVirtualKeyCode": virtual}
        bits = MODIFIER_BITS["Shift"] if shifted else 0
        if shifted:
            self.page.send(
                "Input.dispatchKeyEvent",
                type="rawKeyDown",
                key="Shift",
                code="ShiftLeft",
                windowsVirtualKeyCode=16,
                modifiers=bits,
            )
        self.page.send(
            "Input.dispatchKeyEvent", type="keyDown", key=character, text=character, modifiers=bits, **common
        )
        self.page.send("Input.dispatchKeyEvent", type="keyUp", key=character, modifiers=bits, **common)
        if shifted:
            self.page.send(
                "Input.dispatchKeyEvent", type="keyUp", key="Shift", code="ShiftLeft", windowsVirtualKeyCode=16
            )

    def key(self, spec: str) -> None:
        """One key press as ``browser_press`` names it ("Shift+ArrowLeft", "Control+a"), with its modifiers
        held around it as a keyboard does."""
        *held, key = spec.split("+")
        bits = sum(MODIFIER_BITS[name] for name in held)
        if key in NAMED_KEYS:
            code, virtual, text = NAMED_KEYS[key]
            key_value = " " if key == "Space" else key
        else:
            code = f"Digit{key}" if key.isdigit() else f"Key{key.upper()}"
            virtual, text = ord(key.upper()), key
            key_value = key
        if bits & ~MODIFIER_BITS["Shift"]:
            text = ""  # Control or Alt held: the key types nothing, it is a shortcut
        down = {"type": "keyDown" if text else "rawKeyDown", "key": key_value, "code": code}
        common = {"windowsVirtualKeyCode": virtual, "nativeVirtualKeyCode": virtual, "modifiers": bits}
        self.page.send("Input.dispatchKeyEvent", **down, **common, **({"text": text} if text else {}))
        self.page.send("Input.dispatchKeyEvent", type="keyUp", key=key_value, code=code, **common)

    def past_middle(self, start: tuple[float, float], target: Target) -> tuple[float, float]:
        """Where a person lets go of an item dragged onto ``target``'s place: past its middle (``PAST_MIDDLE``),
        along the way from ``start`` (down or up a list, or across one laid out in a row)."""
        x, y, _ = self.point(target)
        quad = self.page.send("DOM.getBoxModel", backendNodeId=self.node(target))["model"]["border"]
        width, height = max(quad[0::2]) - min(quad[0::2]), max(quad[1::2]) - min(quad[1::2])
        dx, dy = x - start[0], y - start[1]
        if abs(dy) >= abs(dx):
            return x, y + math.copysign(PAST_MIDDLE * height, dy)
        return x + math.copysign(PAST_MIDDLE * width, dx), y

    def drag(self, start: tuple[float, float], end: tuple[float, float]) -> None:
        """Press, move in steps, release: pointer-driven libraries see the moves; an HTML5 drag the browser
        starts is intercepted and dropped on the target with drag events, as the system's loop would."""
        self.page.send("Input.setInterceptDrags", enabled=True)
        (x0, y0), (x1, y1) = start, end
        self.page.send("Input.dispatchMouseEvent", type="mouseMoved", x=x0, y=y0)
        self.page.send("Input.dispatchMouseEvent", type="mousePressed", x=x0, y=y0, button="left", clickCount=1)
        dragged = None
        for index in range(1, DRAG_STEPS + 1):
            x, y = x0 + (x1 - x0) * index / DRAG_STEPS, y0 + (y1 - y0) * index / DRAG_STEPS
            self.page.send("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y, button="left", buttons=1)
            dragged = dragged or self.page.event("Input.dragIntercepted")
            self.page.evaluate(NEXT_FRAME)  # a person's moves come a frame apart at the soonest
        if dragged is not None:
            for kind in ("dragEnter", "dragOver", "drop"):
                self.page.send("Input.dispatchDragEvent", type=kind, x=x1, y=y1, data=dragged["data"])
        self.page.send("Input.dispatchMouseEvent", type="mouseReleased", x=x1, y=y1, button="left", clickCount=1)
        self.page.send("Input.setInterceptDrags", enabled=False)

    def _choose_from_popup(self, option: Target) -> None:
        """A native <select>'s popup is the browser's, not the page's: it is opened by the step before, and the
        option reached with the arrow keys and taken with Enter, as a person's keyboard would."""
        node = self.node(option)
        obj = self.page.send("DOM.resolveNode", backendNodeId=node)["object"]["objectId"]
        moves = self._call(obj, "function () { return this.index - this.closest('select').selectedIndex; }")
        for _ in range(abs(int(moves))):
            self.key("ArrowDown" if moves > 0 else "ArrowUp")
        self.key("Enter")


@contextlib.contextmanager
def oracle_browser() -> Iterator[Oracle]:
    """The oracle's Chromium (chromedriver's, with a fresh profile and no extension) and its one tab."""
    with fresh_profile() as profile, selenium_chromium(profile) as driver:
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{address}/json/list", timeout=scaled(COMMAND_TIMEOUT_S)) as answer:
            targets = json.loads(answer.read())
        tab = next(t for t in targets if t["type"] == "page" and t["id"] == driver.current_window_handle)
        with connect(tab["webSocketDebuggerUrl"], max_size=None, open_timeout=scaled(COMMAND_TIMEOUT_S)) as socket:
            page = CdpPage(socket)
            for domain in ("Page", "DOM", "Accessibility", "Runtime"):
                page.send(f"{domain}.enable")
            page.send("Emulation.setFocusEmulationEnabled", enabled=True)
            yield Oracle(page)

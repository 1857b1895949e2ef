"""The two lanes, driven as an agent drives them: a full snapshot, the element found in it by role and name, then
the tool call on its ref. The harness reads the page beside the product, never through it: with browser_cdp's
``Runtime.evaluate`` on the cdp lane (its stack turns browser_cdp on), and with the Selenium driver of the
extension lane's browser, which is on the controlled tab.

One session per lane serves a whole run, on one tab that each case loads its page into anew.
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from hermes_wire.tool_spec import CDP_LANE
from tests.conformance.compare import OBSERVE
from tests.conformance.corpus import Target
from tests.conformance.interactions import CHOOSE, CLICK, DOUBLE, DRAG, PRESS, SCROLL, TYPE, Step
from tests.conformance.oracle import APPEAR_TIMEOUT_S, Pressed
from tests.lanes.snapshot_grammar import ElementLine, parse_snapshot
from tests.support.browser_stack import BrowserStack, ServerStack
from tests.support.waiting import wait_until

READY_TIMEOUT_S = 20.0


def with_shown_text(lines: list[ElementLine]) -> list[ElementLine]:
    """``lines``, each line that shows no text after its ref given the text of the text lines right under it,
    joined with a space, as a person reads the box (Naive UI's select: its placeholder in a child of its own)."""
    shown = []
    for index, line in enumerate(lines):
        texts = _texts_right_under(lines, index) if line.text is None else []
        shown.append(dataclasses.replace(line, text=" ".join(texts)) if texts else line)
    return shown


def _texts_right_under(lines: list[ElementLine], index: int) -> list[str]:
    depth = lines[index].depth
    below = itertools.takewhile(lambda under: under.depth > depth, lines[index + 1 :])
    return [under.text or "" for under in below if under.depth == depth + 1 and under.role == "text"]


#: An icon font's glyphs (Unicode's Private Use Area): Chromium keeps one drawn by a ::before in a name (DevExtreme's
#: accordion headers: "\uf016 Shipping"); the engine leaves it out, as it reads as nothing (names.js, generated).
ICON_GLYPHS = re.compile("[\ue000-\uf8ff]")


def normal_name(name: str) -> str:
    """A name as compared: icon glyphs left out, spaces collapsed and trimmed (Chromium's versions differ in stray
    spaces)."""
    return re.sub(r"\s+", " ", ICON_GLYPHS.sub("", name)).strip()


@dataclass(frozen=True)
class Answer:
    """A tool's answer, as the comparison needs it: whether it succeeded, and if not, its code and message."""

    ok: bool
    error: str = ""

    @classmethod
    def of(cls, reply: dict[str, Any]) -> Answer:
        if reply.get("ok"):
            return cls(True)
        error = reply.get("error") or {}
        return cls(False, f"{error.get('code')}: {str(error.get('message'))[:200]}")


@dataclass(frozen=True)
class Found:
    """The ref an agent would use for a target: None when no line of the snapshot has one; ``role_differs`` when
    the only line with the name shows another role than Chromium's."""

    ref: str | None
    role_differs: str | None = None


class LaneDriver:
    """One lane's session on one tab, driven by tool calls."""

    def __init__(self, stack: ServerStack, session_id: str) -> None:
        self.stack = stack
        self.session_id = session_id
        #: The ref each target was found to have earlier in the case (``find``).
        self.found: dict[Target, Found] = {}

    @property
    def lane(self) -> str:
        return self.stack.lane

    def call(self, tool: str, **arguments: Any) -> dict[str, Any]:
        reply = self.stack.call(self.session_id, tool, **arguments)
        assert reply.get("backend") == self.lane, reply
        # With the trusted-input mode on, an action that went the synthetic way would measure the wrong thing.
        result = reply.get("result") or {}
        assert result.get("trusted") is not False, f"{tool} did not use real input: {result.get('trusted_note')}"
        return reply

    def evaluate(self, expression: str) -> Any:
        """``expression``'s value in the page's own world (read by the harness, not by the product)."""
        if self.lane == CDP_LANE:
            params = {"expression": expression, "returnByValue": True, "awaitPromise": True}
            reply = self.call("browser_cdp", method="Runtime.evaluate", params=params)
            assert reply["ok"], reply
            return reply["result"]["result"]["result"].get("value")
        assert isinstance(self.stack, BrowserStack)
        return self.stack.driver.execute_script(f"return {expression};")

    def cdp(self, method: str, **params: Any) -> dict[str, Any]:
        """One CDP command to the controlled tab, beside the product (browser_cdp, or the extension browser's
        chromedriver, which is on that tab)."""
        if self.lane == CDP_LANE:
            reply = self.call("browser_cdp", method=method, params=params)
            assert reply["ok"], reply
            answer: dict[str, Any] = reply["result"]["result"]
            return answer
        assert isinstance(self.stack, BrowserStack)
        answer = self.stack.driver.execute_cdp_cmd(method, params)
        return answer

    def system_focus(self) -> bool:
        """``document.hasFocus()`` as the browser has it, read in an isolated world of the harness's own: the
        product may answer the page's own world otherwise (the extension lane's window_focus.js says true while
        it controls the tab)."""
        frame = self.cdp("Page.getFrameTree")["frameTree"]["frame"]["id"]
        world = self.cdp("Page.createIsolatedWorld", frameId=frame, worldName="conformance")["executionContextId"]
        reply = self.cdp("Runtime.evaluate", expression="document.hasFocus()", contextId=world, returnByValue=True)
        return bool(reply["result"]["value"])

    def load(self, url: str) -> None:
        self.found.clear()
        reply = self.call("browser_navigate", url=url, see="none")
        assert reply["ok"], f"{self.lane} lane could not open {url}: {reply}"
        wait_until(
            lambda: self.evaluate(f"location.href === {json.dumps(url)} && window.__ready === true"),
            READY_TIMEOUT_S,
            f"{url} to be ready on the {self.lane} lane",
        )

    def observe(self) -> dict[str, Any]:
        observed: dict[str, Any] = self.evaluate(OBSERVE)
        return observed

    def find(self, target: Target) -> Found:
        """The ref of the snapshot line with the target's role and name, else of the one line with its name; an
        agent that does not see it yet takes another snapshot, as long as the oracle would wait for it to appear.
        A target found earlier in the case that the snapshot no longer names so keeps its ref: the agent acts on
        the element it acted on before (the oracle does the same)."""
        earlier = self.found.get(target)
        if earlier is not None:
            return self._seen(target) or earlier
        try:
            found = wait_until(lambda: self._seen(target), APPEAR_TIMEOUT_S, f"a ref for {target.label()}")
        except TimeoutError:
            return Found(None)
        self.found[target] = found
        return found

    def _seen(self, target: Target) -> Found | None:
        lines = parse_snapshot(str(self.call("browser_snapshot", full=True)["result"]["snapshot"]))
        name = normal_name(target.name)
        named = [line for line in lines if normal_name(line.name) == name]
        exact = [line for line in named if line.role.lower() == target.role.lower() and line.ref]
        if exact:
            return Found(exact[0].ref)
        with_ref = [line for line in named if line.ref]
        if len(with_ref) == 1:
            return Found(with_ref[0].ref, role_differs=with_ref[0].role)
        if target.press and not with_ref:
            # the named element is not drawn itself (the oracle pressed its face), or the page draws it with no
            # role (found by its text): the one line with a ref that shows the name as its text is that face (Ant
            # Design's drawn option, beside its undrawn one; Naive UI's select, its options, tabs and tree nodes)
            showing = [line for line in with_shown_text(lines) if line.ref and normal_name(line.text or "") == name]
            if len(showing) == 1:
                return Found(showing[0].ref)
        return None

    def perform(self, step: Step, pressed: Pressed, refs: dict[Target, str]) -> Answer:
        """The tool call an agent makes for ``step``, with the refs found for its targets."""
        if step.op == PRESS:
            return Answer.of(self.call("browser_press", key=step.text, see="none"))
        assert step.target is not None, step
        if step.op == CHOOSE and pressed.native_select and step.owner in refs and step.target not in refs:
            # a native <select>'s options are the browser's popup: an agent chooses with browser_type
            return Answer.of(self.call("browser_type", ref=refs[step.owner], text=step.target.name, see="none"))
        ref = refs[step.target]
        held = {"modifiers": step.modifiers} if step.modifiers else {}
        if step.op in (CLICK, CHOOSE):
            return Answer.of(self.call("browser_click", ref=ref, see="none", **held))
        if step.op == DOUBLE:
            return Answer.of(self.call("browser_click", ref=ref, double=True, see="none"))
        if step.op == TYPE:
            return Answer.of(self.call("browser_type", ref=ref, text=step.text, see="none"))
        if step.op == SCROLL:
            return Answer.of(self.call("browser_scroll", ref=ref, direction="down", see="none"))
        if step.op == DRAG:
            assert step.to is not None, step
            return Answer.of(self.call("browser_drag", ref=ref, to_ref=refs[step.to], see="none"))
        raise AssertionError(f"no tool for {step}")

    def targets_of(self, step: Step, pressed: Pressed) -> list[Target]:
        """The targets whose refs the agent needs for ``step`` (a native <select>'s option needs none: it is
        chosen through its select)."""
        if step.op == CHOOSE and pressed.native_select and step.owner is not None:
            return [step.owner]
        return [target for target in (step.target, step.to) if target is not None]


@contextlib.contextmanager
def lane_session(stack: ServerStack) -> Iterator[LaneDriver]:
    """A session on a tab of its own for a whole run. On the extension lane the tab is opened first, as a user
    would before handing it to the agent, and the Selenium driver stays on it (it reads the page there)."""
    if isinstance(stack, BrowserStack):
        stack.driver.switch_to.new_window("tab")
        tab = stack.driver.current_window_handle
        session_id = stack.connected_session("conformance")
        try:
            yield LaneDriver(stack, session_id)
        finally:
            stack.close_session(session_id)
            stack.driver.switch_to.window(tab)
            stack.driver.close()
            stack.driver.switch_to.window(stack.driver.window_handles[0])
    else:
        session_id = stack.new_session("conformance")
        try:
            yield LaneDriver(stack, session_id)
        finally:
            stack.close_session(session_id)

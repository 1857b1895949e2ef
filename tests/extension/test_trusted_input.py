"""Issue 30: the extension lane's trusted-input mode, in real Chromium with the real extension and its companion
(extension/trusted_input/), both loaded unpacked. Judged by the page's own state.

- A page that acts only on trusted events (a button that ignores untrusted clicks, a field that ignores untrusted
  keys, a tip that ignores an untrusted mouseover) changes with the mode on, and not with it off; typing goes in
  as real input too.
- A date input takes its segments from real keys with the mode on (the browser's own default action).
- Real presses come at a person's pace, as the cdp lane's: a press on a label once the page has taken the
  pointer's arrival, a double click's second press once what the first click opened keeps still; and typed keys a
  frame apart once the page takes them itself (its caret moved in its next frame).
- A press in a cross-site frame below the fold is real input too (the frame placed through its parent's engine).
- Attacks: a web page cannot reach the companion; the companion refuses another CDP method (Runtime.evaluate) even
  from the main extension's worker, and any request from another sender (the main extension's popup page); the
  debugger is detached after each action; the setting cannot be set by the agent's path; the main extension holds
  no debugger permission.
- The events the worker builds (trusted_keys.js) are the cdp lane's (hermes_server.cdp.keys), key for key.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest
import websocket

from hermes_extension import extension_dir
from hermes_server.cdp.keys import parse_key, typed_keys
from hermes_server.cdp.tools.input_events import Gesture, mouse_events
from hermes_server.extension_lane.trusted_input import COMPANION_EXTENSION_ID
from hermes_wire.native import HERMES_EXTENSION_ID
from tests.conftest import scaled
from tests.extension.test_end_to_end import ref_of, snapshot
from tests.lanes.test_actions_click_order import HOVER_STATE
from tests.lanes.test_actions_double_click import SLIDING_PANEL
from tests.lanes.test_actions_typing import KEYS_BY_FRAME
from tests.support.browser_stack import BrowserStack, extension_stack
from tests.support.pages import serve_pages
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium

TRUSTED_ONLY = """<title>Trusted only</title>
<button id="go">Go</button>
<button id="tip">Tip</button>
<p id="state">idle</p>
<label>Keys <input id="keys"></label>
<button id="before">Before</button>
<label>When <input id="when" type="date"></label>
<script>
window.__keys = [];
document.getElementById("go").addEventListener("click", (event) => {
  if (event.isTrusted) document.getElementById("state").textContent = "clicked";
});
document.getElementById("tip").addEventListener("mouseover", (event) => {
  if (event.isTrusted) document.getElementById("state").textContent = "hovered";
});
document.getElementById("keys").addEventListener("keydown", (event) => {
  if (event.isTrusted) window.__keys.push(event.key);
});
</script>"""

#: The trusted-only page in a cross-site frame (an out-of-process iframe), below the fold of the top page: the worker
#: places the frame through its parent's engine, scrolling the <iframe> into view.
FRAMED = """<title>Framed</title>
<div style="height: 1500px">Above the frame</div>
<iframe src="{other}/trusted" title="Inner" style="width: 400px; height: 300px"></iframe>"""

#: A button fixed to the viewport's bottom edge, and a link at the top; the page keeps each press's target and the
#: viewport's height then.
BOTTOM_BUTTON = """<title>Bottom</title>
<p><button id="top">Top</button></p>
<button id="bottom" style="position: fixed; bottom: 8px; left: 8px">Bottom</button>
<script>
window.__presses = [];
window.__lowest = innerHeight; // the lowest the viewport has been: with the bar up, once the bar has come
addEventListener("resize", () => { window.__lowest = Math.min(window.__lowest, innerHeight); });
addEventListener("mousedown", (event) => {
  window.__presses.push([event.target.id || event.target.localName, innerHeight]);
});
</script>"""

#: The date typed segment by segment (month, day, year in an en-US date input), and its value.
DATE_KEYS = ["0", "3", "1", "5", "2", "0", "2", "6"]
DATE_VALUE = "2026-03-15"


@pytest.fixture(scope="module")
def module_stack() -> Iterator[BrowserStack]:
    """The stack of this module's tests: the extension and its trusted-input companion, mode "act"."""
    with (
        serve_pages(
            {
                "/trusted": TRUSTED_ONLY,
                "/framed": FRAMED,
                "/hover-state": HOVER_STATE,
                "/sliding-panel": SLIDING_PANEL,
                "/bottom": BOTTOM_BUTTON,
                "/keys-by-frame": KEYS_BY_FRAME,
            }
        ) as served,
        extension_stack(served, trusted_input=True) as shared,
    ):
        yield shared


def in_page(stack: BrowserStack, script: str) -> Any:
    return stack.driver.execute_script(script)


def trusted_session(stack: BrowserStack, path: str) -> str:
    """A session in a new tab, with the mode on, on the page at ``path``; the tab is WebDriver's current window."""
    stack.driver.switch_to.new_window("tab")
    session_id = stack.connected_session("trusted")
    stack.set_trusted_input(True)
    stack.driver.switch_to.window(stack.driver.window_handles[-1])
    stack.ok(session_id, "browser_navigate", url=stack.pages.url(path))
    return session_id


def opened(stack: BrowserStack) -> tuple[str, str]:
    """A session on the trusted-only page, and its snapshot."""
    stack.driver.switch_to.new_window("tab")
    session_id = stack.connected_session("trusted")
    stack.ok(session_id, "browser_navigate", url=stack.pages.url("trusted"))
    return session_id, snapshot(stack, session_id)


def worker_socket(stack: BrowserStack, extension_id: str) -> websocket.WebSocket:
    """A DevTools connection to an extension's service worker (woken first by the popup's message, for the main
    one), beside the product: the tests speak from there as that worker would. It sends no Origin header, as no
    DevTools client does: websocket-client sends one by default, and Chromium 150 refuses a connection that carries
    one (403, "use --remote-allow-origins"); Chromium 156 lets a loopback Origin through."""
    address = stack.driver.capabilities["goog:chromeOptions"]["debuggerAddress"]

    def found() -> str | None:
        targets = json.loads(subprocess.run(["curl", "-s", f"http://{address}/json/list"], capture_output=True).stdout)
        url = f"chrome-extension://{extension_id}/"
        workers = [t for t in targets if t["type"] == "service_worker" and t["url"].startswith(url)]
        return workers[0]["webSocketDebuggerUrl"] if workers else None

    return websocket.create_connection(
        wait_until(found, scaled(10), f"the worker of {extension_id}"), suppress_origin=True
    )


def evaluate(socket: websocket.WebSocket, expression: str) -> Any:
    socket.send(
        json.dumps(
            {
                "id": 1,
                "method": "Runtime.evaluate",
                "params": {"expression": expression, "awaitPromise": True, "returnByValue": True},
            }
        )
    )
    while True:
        reply = json.loads(socket.recv())
        if reply.get("id") == 1:
            assert "exceptionDetails" not in reply["result"], reply
            return reply["result"]["result"].get("value")


def ask_companion(worker: websocket.WebSocket, request: dict[str, Any]) -> Any:
    """The companion's answer to ``request``, sent from ``worker`` (the main extension's, as the product sends)."""
    return evaluate(worker, f"chrome.runtime.sendMessage({json.dumps(COMPANION_EXTENSION_ID)}, {json.dumps(request)})")


def test_a_page_that_takes_only_trusted_events_answers_with_the_mode_on_and_not_off(stack: BrowserStack) -> None:
    session_id, page = opened(stack)
    go, keys = ref_of(page, "button", "Go"), ref_of(page, "textbox", "Keys")
    off = stack.ok(session_id, "browser_click", ref=go)
    assert "trusted" not in off
    stack.ok(session_id, "browser_click", ref=ref_of(page, "button", "Tip"), hover=True)
    stack.ok(session_id, "browser_click", ref=keys)
    stack.ok(session_id, "browser_press", key="x")
    assert in_page(stack, "return [document.getElementById('state').textContent, window.__keys]") == ["idle", []]

    stack.set_trusted_input(True)
    stack.driver.switch_to.window(stack.driver.window_handles[-1])
    clicked = stack.ok(session_id, "browser_click", ref=go)
    assert clicked["trusted"] is True, clicked
    assert in_page(stack, "return document.getElementById('state').textContent") == "clicked"
    typed = stack.ok(session_id, "browser_type", ref=keys, text="hello")
    assert typed["trusted"] is True and typed["value"] == "hello", typed
    pressed = stack.ok(session_id, "browser_press", key="y")
    assert pressed["trusted"] is True, pressed
    assert in_page(stack, "return [document.getElementById('keys').value, window.__keys.at(-1)]") == ["helloy", "y"]
    # A hover is the real pointer's too: the page's mouseover is trusted.
    hovered = stack.ok(session_id, "browser_click", ref=ref_of(page, "button", "Tip"), hover=True)
    assert hovered["trusted"] is True, hovered
    assert in_page(stack, "return document.getElementById('state').textContent") == "hovered"


def test_a_press_in_a_cross_site_frame_below_the_fold_is_real_input(stack: BrowserStack) -> None:
    session_id = trusted_session(stack, "framed")
    page = wait_until(lambda: (seen := snapshot(stack, session_id, full=True)) and '"Go"' in seen and seen, scaled(10))
    clicked = stack.ok(session_id, "browser_click", ref=ref_of(page, "button", "Go"))
    assert clicked["trusted"] is True, clicked
    stack.driver.switch_to.frame(stack.driver.find_element("css selector", "iframe"))
    try:
        assert in_page(stack, "return document.getElementById('state').textContent") == "clicked"
    finally:
        stack.driver.switch_to.default_content()


def test_real_presses_wait_for_the_arrival_and_for_what_the_first_click_opened_as_the_cdp_lanes_do(
    stack: BrowserStack,
) -> None:
    """The mode sent a press on a label with the move that brought the pointer there, and a double click's two presses
    back to back: the page's render of the arrival came after the press (the label's press went uncounted), and the
    second press went to the panel the first click opened, still sliding over the button. The pages are the lanes'
    (tests/lanes: test_actions_click_order.py, test_actions_double_click.py)."""
    session_id = trusted_session(stack, "hover-state")
    page = snapshot(stack, session_id)
    for name in ("Budgets", "Accept the terms"):
        role = "button" if name == "Budgets" else "checkbox"
        assert stack.ok(session_id, "browser_click", ref=ref_of(page, role, name), see="none")["trusted"] is True
        stack.ok(session_id, "browser_click", ref=ref_of(page, "button", "Away"), see="none")
    assert in_page(stack, "return window.__state.presses") == ["grid counted", "terms counted"]

    stack.ok(session_id, "browser_navigate", url=stack.pages.url("sliding-panel"))
    opener = ref_of(snapshot(stack, session_id), "button", "Open the panel")
    assert stack.ok(session_id, "browser_click", ref=opener, double=True)["trusted"] is True
    heard = wait_until(
        lambda: (lambda now: now if len(now) == 3 else None)(json.loads(stack.driver.title)), 5, "presses"
    )
    assert heard == ["button 1", "button 2", "dblclick on open"]


def test_chromes_debugging_bar_is_up_before_an_action_aims_not_halfway_through(stack: BrowserStack) -> None:
    """Chrome shows its "is debugging this browser" bar a moment after the companion attaches, and takes it away 5 s
    after it lets go; the bar takes its height from the viewport. A double click begun with the bar away pressed first
    in the whole viewport and then, the bar up, at a point the viewport no longer reached: the button fixed to its
    bottom edge had moved up with it. The bar is now up before the action aims."""
    session_id = trusted_session(stack, "bottom")
    page = snapshot(stack, session_id)
    stack.ok(session_id, "browser_click", ref=ref_of(page, "button", "Top"))  # the bar comes up (or stays)...
    # ...and goes 5 s after the companion let the tab go: the page grows back
    # (by more than a few pixels: as it comes, the viewport passes through a pixel less than where it settles)
    wait_until(lambda: in_page(stack, "return innerHeight > window.__lowest + 20"), 10, "the bar to go")
    whole = in_page(stack, "window.__presses = []; return innerHeight")
    clicked = stack.ok(session_id, "browser_click", ref=ref_of(page, "button", "Bottom"), double=True)
    assert clicked["trusted"] is True, clicked
    (first, first_height), (second, second_height) = in_page(stack, "return window.__presses")
    assert (first, second) == ("bottom", "bottom")
    assert first_height == second_height < whole  # both in the viewport the bar left


def test_a_date_input_takes_its_segments_from_real_keys(stack: BrowserStack) -> None:
    session_id, page = opened(stack)
    before = ref_of(page, "button", "Before")

    def typed_by_keys() -> str:
        stack.ok(session_id, "browser_click", ref=before)
        stack.ok(session_id, "browser_press", key="Tab")
        for key in DATE_KEYS:
            stack.ok(session_id, "browser_press", key=key)
        return str(in_page(stack, "return document.getElementById('when').value"))

    assert typed_by_keys() == ""  # synthetic keys never reach a date input's segments
    stack.set_trusted_input(True)
    stack.driver.switch_to.window(stack.driver.window_handles[-1])
    assert typed_by_keys() == DATE_VALUE


def test_real_keys_a_page_takes_itself_come_a_frame_apart(stack: BrowserStack) -> None:
    """The page writes each letter itself and moves the caret past it in its next frame: the real keys went in back
    to back, each before the one typed before it ("dcba"), where the cdp lane's and a person's come a frame apart."""
    stack.set_trusted_input(True)
    stack.driver.switch_to.new_window("tab")
    session_id = stack.connected_session("trusted-typing")
    stack.ok(session_id, "browser_navigate", url=stack.pages.url("keys-by-frame"))
    typed = stack.ok(
        session_id, "browser_type", ref=ref_of(snapshot(stack, session_id), "textbox", "Word"), text="abcd"
    )
    assert typed["trusted"] is True and typed["value"] == "abcd", typed
    assert in_page(stack, "return document.getElementById('word').value") == "abcd"


def test_no_web_page_reaches_the_companion(stack: BrowserStack) -> None:
    session_id, _ = opened(stack)
    stack.set_trusted_input(True)
    stack.driver.switch_to.window(stack.driver.window_handles[-1])
    # externally_connectable lists no page: the page has no way to send the companion anything.
    reachable = in_page(
        stack, "return typeof chrome !== 'undefined' && !!(chrome.runtime && chrome.runtime.sendMessage)"
    )
    assert reachable is False
    assert in_page(stack, "return document.getElementById('state').textContent") == "idle"
    assert session_id


def test_the_companion_refuses_other_methods_and_other_senders(stack: BrowserStack) -> None:
    session_id, _ = opened(stack)
    tab_id = stack.ok(session_id, "browser_tabs")
    controlled = next(tab["id"] for tab in tab_id if tab["controlled"]) if isinstance(tab_id, list) else None
    assert controlled is not None, tab_id
    popup = stack.open_popup()  # wakes the main worker, and is itself another sender
    try:
        assert popup.companion_shown(scaled(10)), "the popup does not say the companion is installed"
        click = {"method": "Input.dispatchMouseEvent", "params": {"type": "mousePressed", "x": 10, "y": 10}}
        from_popup = stack.driver.execute_async_script(
            "chrome.runtime.sendMessage(arguments[0], arguments[1]).then(arguments[2], (e) => arguments[2](String(e)))",
            COMPANION_EXTENSION_ID,
            {"type": "input", "tabId": controlled, "steps": [[click]]},
        )
        assert from_popup["ok"] is False and from_popup["error"]["code"] == "sender_not_allowed", from_popup
        main = worker_socket(stack, HERMES_EXTENSION_ID)
        try:
            assert evaluate(main, "typeof chrome.debugger") == "undefined"  # the main extension holds no debugger
            evaluating = {"method": "Runtime.evaluate", "params": {"expression": "document.title = 1"}}
            asked = ask_companion(main, {"type": "input", "tabId": controlled, "steps": [[evaluating]]})
            assert asked["ok"] is False and asked["error"]["code"] == "method_not_allowed", asked
            paste = {"method": "Input.dispatchKeyEvent", "params": {"type": "rawKeyDown", "key": "v", "modifiers": 2}}
            asked = ask_companion(main, {"type": "input", "tabId": controlled, "steps": [[paste]]})
            assert asked["ok"] is False and asked["error"]["code"] == "invalid_params", asked
        finally:
            main.close()
    finally:
        popup.close()
    stack.driver.switch_to.window(stack.driver.window_handles[-1])
    assert in_page(stack, "return document.title") == "Trusted only"


def test_the_debugger_is_detached_after_each_action(stack: BrowserStack) -> None:
    session_id, page = opened(stack)
    stack.set_trusted_input(True)
    stack.driver.switch_to.window(stack.driver.window_handles[-1])
    tabs = stack.ok(session_id, "browser_tabs")
    controlled = next(tab["id"] for tab in tabs if tab["controlled"])
    for tool, arguments in [
        ("browser_click", {"ref": ref_of(page, "button", "Go")}),
        ("browser_type", {"ref": ref_of(page, "textbox", "Keys"), "text": "abc"}),
        ("browser_press", {"key": "Enter"}),
    ]:
        assert stack.ok(session_id, tool, **arguments)["trusted"] is True
        companion = worker_socket(stack, COMPANION_EXTENSION_ID)
        try:
            # detach() rejects for a tab the companion is not attached to: it let the tab go after the action
            still = evaluate(
                companion, f"chrome.debugger.detach({{tabId: {controlled}}}).then(() => true, () => false)"
            )
        finally:
            companion.close()
        assert still is False, tool


def test_the_agent_cannot_turn_the_mode_on(stack: BrowserStack) -> None:
    session_id, page = opened(stack)
    # No tool of the agent names the setting: the server refuses the name, and no capability of the extension has it.
    status, refused = stack.api_status(
        "POST", f"/v1/sessions/{session_id}/browser/popup.trustedInput", {"arguments": {"on": True}}
    )
    assert status == 404 and refused["error"]["code"] == "unknown_tool", refused
    stack.ok(session_id, "browser_click", ref=ref_of(page, "button", "Go"))
    assert in_page(stack, "return document.getElementById('state').textContent") == "idle"


KEYS = [
    "Enter",
    "Tab",
    "Shift+Tab",
    "Control+a",
    "Meta+a",
    "x",
    "X",
    "Shift+ArrowLeft",
    "Alt+x",
    "Control++",
    "+",
    " ",
    "Space",
    "Esc",
    "F5",
    "é",
    "1",
    "/",
    "Control+Shift+End",
    "ctrl+z",
]


def test_the_worker_builds_the_cdp_lanes_events() -> None:
    """trusted_keys.js against hermes_server.cdp: the same parameters for each key, typed text and click."""
    script = f"""
    const keys = await import({json.dumps(str(extension_dir() / "background" / "trusted_keys.js"))});
    const out = {{
      keys: {json.dumps(KEYS)}.map((k) => keys.parseKey(k)),
      typed: keys.typedKeys("a Zé!"),
      mouse: [keys.mouseEvents(3, 4, keys.gestureOf({{double: true, modifiers: "Shift+Control"}})),
              keys.mouseEvents(3, 4, keys.gestureOf({{hover: true}}), false)],
    }};
    console.log(JSON.stringify(out));
    """
    ran = subprocess.run(
        ["node", "--experimental-default-type=module", "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        check=True,
    )
    built = json.loads(ran.stdout)
    assert built["keys"] == [{"down": parse_key(k).down, "up": parse_key(k).up} for k in KEYS]
    assert built["typed"] == [{"down": p.down, "up": p.up} for p in typed_keys("a Zé!")]
    double = Gesture(clicks=2, modifiers=8 | 2)
    assert built["mouse"] == [mouse_events(3, 4, double), mouse_events(3, 4, Gesture(hover=True), move=False)]

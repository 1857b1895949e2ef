"""The page-world focus hook (``extension/page/window_focus.js``) against the page it serves (issue 30).

While the agent controls a tab, the hook gives its page the focus events of a focused window (this headless
Chromium's windows have no system focus: without the hook, ``focus()`` fires nothing and ``document.hasFocus()`` is
false). Whether the tab is controlled comes from the extension's isolated world (``page/window_focus_relay.js``) over
a port handed over before any page script runs. The page shares the hook's world, so these pages try what a page can:
handshakes of their own (cancelled or not, before and after load) with ports they made, every port they can reach
posted to, the prototypes the hook uses replaced before their other scripts, the hook's marker defined, and a frame
of another site asking whether the top is controlled. Each test judges from what reached the page's own listeners
and from ``document.hasFocus()``, and the relay's messages from what an extension page really received.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.browser_stack import BrowserStack, extension_stack
from tests.support.extension_browser import POPUP_URL
from tests.support.pages import serve_pages
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium

#: How long control may take to reach (or leave) the page's hook.
HOOK_TIMEOUT_S = 10

#: The page's record of what reached it: a capture listener on the window sees every focus event (each once, at its
#: target). Its attacks, run at once in its first script (before load) and again at load, and by the test later:
#: handshakes of its own with ports it made, one cancelled by its own listener, then `forged` posted on both ends
#: of each, on every port any message event brought it, and to the window. With ``?sabotage``, before all that, it
#: replaces what the hook calls (dispatchEvent, addEventListener, MessageEvent's ports) and defines the hook's marker.
ATTACKER = """
<script>
(() => {
  const query = new URLSearchParams(location.search);
  const forged = query.get('forge') === 'true';
  const listen = EventTarget.prototype.addEventListener;
  const dispatch = EventTarget.prototype.dispatchEvent;
  const log = [];
  const stolen = [];
  window.__log = log;
  window.__dispatch = (target, event) => dispatch.call(target, event);  // the original, whatever ?sabotage did
  for (const type of ['focus', 'blur', 'focusin', 'focusout']) {
    listen.call(window, type, (event) => {
      const target = event.target === window ? 'window' : event.target.id || event.target.localName;
      log.push(type + '@' + target);
    }, true);
  }
  listen.call(window, 'message', (event) => { stolen.push(...event.ports); }, true);
  listen.call(window, 'pageshow', (event) => { if (event.persisted) window.__restored = true; });
  listen.call(window, 'hermes:window-focus-port', (event) => { stolen.push(...event.ports); }, true);
  if (query.has('sabotage')) {
    EventTarget.prototype.dispatchEvent = function () { return true; };
    EventTarget.prototype.addEventListener = function () {};
    Object.defineProperty(MessageEvent.prototype, 'ports', { get() { return []; }, configurable: true });
    try {
      Object.defineProperty(window, '__hermesWindowFocus', { value: false, configurable: true });
    } catch (refused) {
      log.push('marker refused');
    }
    window.__hermesWindowFocus = false;
  }
  window.__forge = (value) => {
    for (const cancel of [false, true]) {
      const channel = new MessageChannel();
      const cancelIt = (event) => { event.preventDefault(); };
      if (cancel) listen.call(window, 'hermes:window-focus-port', cancelIt);
      dispatch.call(window, new MessageEvent('hermes:window-focus-port', { ports: [channel.port2], cancelable: true }));
      channel.port1.postMessage(value);
      channel.port2.postMessage(value);
    }
    for (const port of stolen) port.postMessage(value);
    window.postMessage(value, '*');
  };
  window.__forge(forged);
  listen.call(window, 'load', () => window.__forge(forged));
})();
</script>
"""

PAGE = f"<!doctype html><title>Focus</title>{ATTACKER}<input id=first><input id=second>"

#: A page of this site framing one of the other site (an out-of-process frame), both with the attacker's script.
FRAMING = (
    f"<!doctype html><title>Framing</title>{ATTACKER}<input id=top><iframe id=child src='{{other}}/child'></iframe>"
)
CHILD = f"<!doctype html><title>Child</title>{ATTACKER}<input id=inner>"

#: Records, in an extension page, every page.controlled message a content script sends (runtime messages reach
#: every extension page as well as the service worker), by the document that sent it.
WATCH_MESSAGES = """
window.__controlledAsked = [];
chrome.runtime.onMessage.addListener((message, sender) => {
  if (message && message.type === 'page.controlled') {
    window.__controlledAsked.push([sender.url, sender.documentId, sender.frameId]);
  }
});
"""

#: The focus moves a page makes itself, and what they brought: the events since the call, and hasFocus().
FOCUS_MOVES = """
const log = window.__log;
const from = log.length;
document.getElementById(arguments[0]).focus();
document.getElementById(arguments[1]).focus();
document.getElementById(arguments[1]).blur();
return { events: log.slice(from), hasFocus: document.hasFocus(), active: document.activeElement.localName };
"""


@pytest.fixture(scope="module")
def module_stack() -> Iterator[BrowserStack]:
    """These tests' own pages, on the extension lane."""
    with (
        serve_pages({"/focus": PAGE, "/framing": FRAMING, "/child": CHILD}) as pages,
        extension_stack(pages) as stack,
    ):
        yield stack


def watch_relay_messages(stack: BrowserStack) -> str:
    """An extension page, in a tab of its own, recording every page.controlled message; its window handle. The
    driver stays on the tab it was on."""
    driver = stack.driver
    was_on = driver.current_window_handle
    driver.switch_to.new_window("tab")
    driver.get(POPUP_URL)
    driver.execute_script(WATCH_MESSAGES)
    watcher = driver.current_window_handle
    driver.switch_to.window(was_on)
    return watcher


def relay_messages(stack: BrowserStack, watcher: str) -> list[list[Any]]:
    driver = stack.driver
    was_on = driver.current_window_handle
    driver.switch_to.window(watcher)
    asked: list[list[Any]] = driver.execute_script("return window.__controlledAsked")
    driver.switch_to.window(was_on)
    return asked


def focus_moves(stack: BrowserStack, first: str = "first", second: str = "second") -> dict[str, Any]:
    result: dict[str, Any] = stack.driver.execute_script(FOCUS_MOVES, first, second)
    return result


def forge(stack: BrowserStack, value: bool) -> None:
    stack.driver.execute_script("window.__forge(arguments[0])", value)


def has_focus(stack: BrowserStack) -> bool:
    return bool(stack.driver.execute_script("return document.hasFocus()"))


#: What a focused window gives the page's own moves: focus onto the first field, onto the second, then off it.
FOCUSED_WINDOW_MOVES = [
    "focus@first",
    "focusin@first",
    "blur@first",
    "focusout@first",
    "focus@second",
    "focusin@second",
    "blur@second",
    "focusout@second",
]


def test_a_page_the_agent_does_not_control_cannot_switch_the_hook_on(stack: BrowserStack) -> None:
    watcher = watch_relay_messages(stack)
    stack.driver.get(stack.pages.url("focus?forge=true"))
    url = stack.pages.url("focus?forge=true")
    # The relay has asked, so the service worker's answer (not controlled) is on its way; the forgeries after it
    # (at load and now) come later still.
    wait_until(lambda: [m[0] for m in relay_messages(stack, watcher)] == [url], HOOK_TIMEOUT_S, "the relay to ask")
    forge(stack, True)
    moved = focus_moves(stack)
    assert moved == {"events": [], "hasFocus": False, "active": "body"}, "an unfocused window gives no events"
    forge(stack, True)
    assert focus_moves(stack, "second", "first")["events"] == []
    assert not has_focus(stack)


def test_a_controlled_page_cannot_switch_the_hook_off_nor_on_again(stack: BrowserStack) -> None:
    session_id = stack.connected_session("focus")
    stack.ok(session_id, "browser_navigate", url=stack.pages.url("focus?forge=false&sabotage"))
    wait_until(lambda: has_focus(stack), HOOK_TIMEOUT_S, "control to reach the hook")
    assert stack.driver.execute_script("return window.__log")[:1] == ["marker refused"]
    forge(stack, False)
    assert focus_moves(stack) == {"events": FOCUSED_WINDOW_MOVES, "hasFocus": True, "active": "body"}

    stack.close_session(session_id)
    wait_until(lambda: not has_focus(stack), HOOK_TIMEOUT_S, "the end of control to reach the hook")
    forge(stack, True)
    assert focus_moves(stack) == {"events": [], "hasFocus": False, "active": "body"}


def test_the_page_cannot_make_the_relay_ask_again(stack: BrowserStack) -> None:
    """The relay asks the service worker once, at document_start, and again only on the browser's own pageshow
    of a document back from the back-forward cache (trusted: a page's forged one, persisted too, is not), and the
    port it keeps it only writes to: whatever the page dispatches or posts, in whatever state of control, sends
    nothing more. An extension page receives every runtime message a content
    script sends, as the service worker does: it counts them, by document."""
    watcher = watch_relay_messages(stack)
    session_id = stack.connected_session("relay")
    url = stack.pages.url("focus?forge=true&sabotage")
    stack.ok(session_id, "browser_navigate", url=url)
    wait_until(lambda: has_focus(stack), HOOK_TIMEOUT_S, "control to reach the hook")
    for value in (True, False, True):
        forge(stack, value)
    stack.driver.execute_script(
        "const send = window.__dispatch;"
        "for (const type of ['hermes:window-focus-port', 'message', 'focus', 'blur', 'pageshow', 'visibilitychange'])"
        " { send(window, new MessageEvent(type, { data: { type: 'page.controlled' } }));"
        " send(document, new Event(type)); }"
        " send(window, new PageTransitionEvent('pageshow', { persisted: true }));"
    )
    stack.close_session(session_id)
    wait_until(lambda: not has_focus(stack), HOOK_TIMEOUT_S, "the end of control to reach the hook")
    forge(stack, True)
    focus_moves(stack)
    asked = [m for m in relay_messages(stack, watcher) if m[0] == url]
    assert len(asked) == 1, asked


def test_a_frame_of_another_site_learns_nothing_of_the_tops_control(stack: BrowserStack) -> None:
    session_id = stack.connected_session("frame")
    stack.ok(session_id, "browser_navigate", url=stack.pages.url("framing?forge=false"))
    wait_until(lambda: has_focus(stack), HOOK_TIMEOUT_S, "control to reach the top's hook")
    driver = stack.driver
    driver.switch_to.frame(driver.find_element("id", "child"))
    # Unfocused, the frame sees what it would see in an uncontrolled tab: no window focus, hasFocus() false.
    assert driver.execute_script("return [window.__log, document.hasFocus()]") == [[], False]
    forge(stack, True)
    assert not has_focus(stack)
    # Its own element focused, it is focused (the frame holds the focus), and no longer once it lets go of it.
    moved = focus_moves(stack, "inner", "inner")
    assert moved["events"] == ["focus@inner", "focusin@inner", "blur@inner", "focusout@inner"]
    assert moved["hasFocus"] is False
    driver.execute_script("document.getElementById('inner').focus()")
    assert has_focus(stack)
    driver.execute_script("document.getElementById('inner').blur()")
    assert not has_focus(stack)
    driver.switch_to.default_content()
    stack.close_session(session_id)
    wait_until(lambda: not has_focus(stack), HOOK_TIMEOUT_S, "the end of control to reach the top's hook")
    driver.switch_to.frame(driver.find_element("id", "child"))
    # Control ended while the frame had no focus: it heard nothing of it.
    assert driver.execute_script("return window.__log") == [
        "focus@inner",
        "focusin@inner",
        "blur@inner",
        "focusout@inner",
        "focus@inner",
        "focusin@inner",
        "blur@inner",
        "focusout@inner",
    ]
    assert focus_moves(stack, "inner", "inner") == {"events": [], "hasFocus": False, "active": "body"}
    driver.switch_to.default_content()


def test_a_page_restored_from_the_back_forward_cache_after_control_ended_gets_no_focus_events(
    stack: BrowserStack,
) -> None:
    """A page kept in the back-forward cache misses the end of control (it is told to the tab's current
    documents): when the page goes back to it itself, once control has ended, its hook must be off."""
    session_id = stack.connected_session("back")
    stack.ok(session_id, "browser_navigate", url=stack.pages.url("focus?forge=false&kept"))
    wait_until(lambda: has_focus(stack), HOOK_TIMEOUT_S, "control to reach the hook")
    stack.driver.execute_script("location.href = arguments[0]", stack.pages.url("focus?forge=false&next"))
    wait_until(lambda: "next" in stack.driver.current_url and has_focus(stack), HOOK_TIMEOUT_S, "the next page")
    stack.close_session(session_id)
    wait_until(lambda: not has_focus(stack), HOOK_TIMEOUT_S, "the end of control to reach the hook")
    stack.driver.execute_script("history.back()")
    wait_until(
        lambda: stack.driver.execute_script("return window.__restored === true"),
        HOOK_TIMEOUT_S,
        "the kept page to come back from the back-forward cache",
    )
    wait_until(lambda: not has_focus(stack), HOOK_TIMEOUT_S, "the restored page's hook to be off")
    forge(stack, True)
    assert focus_moves(stack) == {"events": [], "hasFocus": False, "active": "body"}

// Hermes snapshot engine: a lane's real press, guarded (armGuard(), and settle() with the guard's verdict). Its
// own file because it is the one part of the pointer that lives across tasks: listeners on the window from the
// engine's start, armed by aim() (pointer.js) and disarmed by the lane's settle().
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var deepElementFromPoint = engine.deepElementFromPoint,
    reaches = engine.reaches,
    intercepted = engine.intercepted,
    parentOf = engine.parentOf;

  // A lane that presses with real input events (the cdp lane) hit-tests in one task and presses in a later
  // one: in between, something may slide over the point (a cookie banner animating in), and the press would
  // land on it. aim({guard: true}) arms a guard for the press it prepares, keyed by its watch token: from then
  // on, a trusted pointerdown or mousedown whose target a press does not reach the element (reaches()) is
  // stopped in the window's capture phase, before the page's own handlers below it, and so is the rest of that
  // press (its up, click, the keys typed after it: the field never got the focus). The release is guarded too:
  // one over something else that was there before the press went down (a banner that slid over meanwhile) is
  // stopped with the rest, as the browser would send its click to an ancestor of both; one over what the press
  // itself made or changed (a menu opened on mousedown, with its backdrop) is what the press meant, and so is one
  // where the element is no longer under the pointer (Gradio's dropdown chooses on mousedown and its options stop
  // taking the pointer as their list closes): the press went down on it and did its work, and a person's release
  // lands on what is there now. The lane's settle(token) disarms the guard and answers click_intercepted when it
  // stopped anything. A guard no lane disarms goes by itself after GUARD_MS, and a new one replaces the old (one
  // press at a time). The guard's listeners are on the window from the engine's start (before the page's scripts,
  // where a lane injects it at document start), so that they come first: a page's own listener in the window's
  // capture phase, added later, never sees a stopped event.
  var PRESS_STARTS = engine.wordSet("pointerdown mousedown");
  var PRESS_ENDS = engine.wordSet("pointerup mouseup");
  var GUARDED_EVENTS = ["pointerdown", "mousedown", "pointerup", "mouseup", "click", "auxclick", "contextmenu", "dblclick", "keydown", "keypress", "beforeinput"];
  var GUARD_MS = 10000;
  var guard = null;
  function guarding(event) {
    if (!guard || !event.isTrusted) return;
    if (!guard.stopped) guard.stopped = landsElsewhere(event);
    if (guard.stopped) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }
  // click_intercepted (marked stopped: nothing was pressed, the lane may try again: PressStopped) when `event`
  // is a guarded press going down, or coming up, on something else; null otherwise. The release is judged by
  // what is under the pointer, not by the event's target: a page that captured the pointer on the press (a
  // slider) gets the release wherever the pointer is.
  function landsElsewhere(event) {
    // Only the press's first event is judged as its start: a mousedown after a pointerdown that went down on the
    // element is that same press, wherever the page's pointerdown handler left things.
    var starts = PRESS_STARTS[event.type] && !guard.changed;
    if (!starts && !(PRESS_ENDS[event.type] && guard.changed)) return null;
    var target = starts ? event.composedPath()[0] : deepElementFromPoint(event.clientX, event.clientY);
    if (!target || target.nodeType !== 1 || reaches(guard.el, target)) {
      if (starts) watchPress();
      return null;
    }
    if (!starts && (changedByPress(target) || !stillUnder(guard.el, event.clientX, event.clientY))) return null;
    var stopped = intercepted(guard.el, guard.number, target);
    stopped.error.stopped = true;
    return stopped;
  }
  // Whether a press at (x, y) would still reach the element if what is drawn over it there were not: something
  // covers it (a banner slid over), where false means the element left the point (removed, closed, moved away, or
  // no longer taking the pointer). Hit-tested in the element's own tree, so an element in a shadow root is found.
  function stillUnder(el, x, y) {
    var root = el.isConnected ? el.getRootNode() : null;
    var stack = root && root.elementsFromPoint ? root.elementsFromPoint(x, y) : [];
    for (var i = 0; i < stack.length; i++) if (reaches(el, stack[i])) return true;
    return false;
  }
  // From the press going down on the element: every node the page adds or changes, until the guard goes.
  function watchPress() {
    if (guard.changed) return;
    var changed = (guard.changed = new Set());
    function note(records) {
      records.forEach(function (record) {
        changed.add(record.target);
        record.addedNodes.forEach(function (node) {
          changed.add(node);
        });
      });
    }
    guard.observer = new MutationObserver(note);
    guard.observer.observe(document, { subtree: true, childList: true, attributes: true });
    guard.note = function () {
      note(guard.observer.takeRecords());
    };
  }
  // Whether `el` or a box around it was added or changed since the press went down.
  function changedByPress(el) {
    guard.note();
    for (var node = el; node; node = parentOf(node)) if (guard.changed.has(node)) return true;
    return false;
  }
  GUARDED_EVENTS.forEach(function (type) {
    window.addEventListener(type, guarding, true);
  });
  function armGuard(el, number, token) {
    disarm();
    // changed, observer, note: what the press changed (watchPress()), once it went down on the element
    guard = { el: el, number: number, token: token, stopped: null, changed: null, observer: null, note: null, timer: setTimeout(disarm, GUARD_MS) };
  }
  function disarm() {
    var old = guard;
    guard = null;
    if (old) clearTimeout(old.timer);
    if (old && old.observer) old.observer.disconnect();
    return old;
  }
  // What the guard of watch `token` stopped (click_intercepted), or null; disarms it.
  function pressStopped(token) {
    if (!guard || guard.token !== token) return null;
    return disarm().stopped;
  }
  var settleWatch = engine.settle;
  // settle(token, options) as dom.js has it, for a press the lane made after aim({guard}): its guard's verdict
  // first.
  function settleAfterPress(token, options) {
    var stopped = pressStopped(token);
    return settleWatch(token, options).then(function (after) {
      return stopped || after;
    });
  }

  Object.assign(engine, {
    settle: settleAfterPress,
    armGuard: armGuard,
  });
})(globalThis.__hermesEngine);

// Read by the conformance harness only (tests/conformance/compare.py, SETTLE_WAIT), never by the product: how many of
// the page's timers of 50 ms to a second have yet to run. The harness waits for them between two steps, as a
// person's next input comes after what the page deferred is done: Tom Select refreshes its options 300 ms after the
// last key, and takes the focus back into its field then (a Tab within those 300 ms stays there, with real keys too).
// Loaded first, before any library, so that every timer the page sets goes through it.
(function () {
  "use strict";
  var SHORTEST_MS = 50; // a zero-delay timer is a task turn, which the harness's wait already lets run
  var LONGEST_MS = 1000; // a longer one is a page's own pace (a toast's life), not a deferral of the last input
  var pending = new Set();
  var setTimer = window.setTimeout;
  var clearTimer = window.clearTimeout;
  window.setTimeout = function (handler, delay) {
    var args = Array.prototype.slice.call(arguments, 2);
    var ms = Number(delay) || 0;
    var id = setTimer.call(window, function () {
      pending.delete(id);
      if (typeof handler === "function") return handler.apply(this, args);
      return (0, eval)(String(handler));
    }, ms);
    if (ms >= SHORTEST_MS && ms <= LONGEST_MS) pending.add(id);
    return id;
  };
  window.clearTimeout = function (id) {
    pending.delete(id);
    return clearTimer.call(window, id);
  };
  window.__pendingTimers = function () {
    return pending.size;
  };
})();

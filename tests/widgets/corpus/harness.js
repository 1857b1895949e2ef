// Loaded first by every corpus page (tests/widgets/corpus/README.md), before any library: the globals the conformance
// harness reads (tests/conformance/), never the product. __errors: the messages of uncaught errors and rejections;
// __state: the widgets' own model, which the page fills; __ready: set by the page once its widgets are up.
window.__errors = [];
window.addEventListener("error", (event) => window.__errors.push(String(event.message)));
window.addEventListener("unhandledrejection", (event) =>
  window.__errors.push(String((event.reason && event.reason.message) || event.reason))
);
window.__state = {};
window.__ready = false;

// __pendingTimers(): how many of the page's timers of 50 ms to a second have yet to run (tests/conformance/compare.py,
// SETTLE_WAIT). The harness waits for them between two steps, as a person's next input comes after what the page
// deferred is done: Tom Select refreshes its options 300 ms after the last key, and takes the focus back into its field
// then (a Tab within those 300 ms stays there, with real keys too). Every timer the page sets goes through it.
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

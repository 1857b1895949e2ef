// Hermes snapshot engine: reading the DOM as it renders (shadow roots, slots, visibility) and where an
// element is on screen. Nothing here knows about roles or refs.
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var wordSet = engine.wordSet;

  // Never part of the page's content.
  var SKIP_TAGS = wordSet("script style noscript template head meta link title base datalist param source track object embed colgroup col");
  // Text-level elements: their text runs on with the text around them.
  var INLINE_TAGS = wordSet(
    "a abbr b bdi bdo big cite code data del dfn em font i ins kbd label mark nobr q rp rt ruby s samp small span strike strong sub sup time tt u var wbr acronym"
  );

  // What visibilityOf says of an element.
  var VISIBLE = 0;
  var SELF_HIDDEN = 1; // visibility:hidden: the element is not there, a visible child of it is
  var NOT_RENDERED = 2; // display:none (itself or an ancestor): nothing of it renders
  var CONTENTS_ONLY = 3; // display:contents: no box of its own, its children render
  var VISIBILITY_PROPERTY = { visibilityProperty: true };

  function tagOf(el) {
    return el.localName || "";
  }
  function rootOf(el) {
    var root = el.getRootNode ? el.getRootNode() : document;
    return root && root.getElementById ? root : document;
  }
  // An id reference (aria-labelledby) from `el`: its own tree first, then the document.
  function elementById(el, id) {
    return rootOf(el).getElementById(id) || (rootOf(el) !== document ? document.getElementById(id) : null);
  }
  // The elements `el` owns or controls (aria-owns, then aria-controls): a combobox's field or list, a box's list.
  function ownedElements(el) {
    var ids = ((el.getAttribute("aria-owns") || "") + " " + (el.getAttribute("aria-controls") || "")).trim();
    return (ids ? ids.split(/\s+/) : [])
      .map(function (id) {
        return elementById(el, id);
      })
      .filter(Boolean);
  }
  var closedRoots = globalThis.chrome && globalThis.chrome.dom && globalThis.chrome.dom.openOrClosedShadowRoot;
  function openShadow(el) {
    if (el.shadowRoot) return el.shadowRoot;
    // closed shadow roots are reachable from an extension's world only; asked of custom elements alone
    if (closedRoots && el.localName.indexOf("-") > 0) {
      try {
        return globalThis.chrome.dom.openOrClosedShadowRoot(el) || null;
      } catch (e) {
        return null;
      }
    }
    return null;
  }
  // Children as rendered: a shadow root replaces light children, a slot shows what is assigned to it.
  // null means "the light children" (walk them with firstChild / nextSibling, which allocates nothing).
  function renderedChildren(el) {
    var shadow = openShadow(el);
    if (shadow) return shadow.childNodes;
    if (el.localName === "slot" && el.assignedNodes) {
      var assigned = el.assignedNodes({ flatten: true });
      if (assigned.length) return assigned;
    }
    return null;
  }
  function hasBox(el) {
    // false for display:none (itself or an ancestor), content-visibility:hidden subtrees; true otherwise
    if (el.checkVisibility) return el.checkVisibility();
    return !!(el.offsetParent || el.getClientRects().length);
  }
  function visibilityOf(el) {
    if (el.checkVisibility) {
      if (el.checkVisibility(VISIBILITY_PROPERTY)) return VISIBLE;
      if (el.checkVisibility()) return SELF_HIDDEN;
      if (!inShownCanvas(el)) return getComputedStyle(el).display === "contents" ? CONTENTS_ONLY : NOT_RENDERED;
    }
    return visibilityByStyle(getComputedStyle(el));
  }
  function visibilityByStyle(style) {
    if (style.display === "none") return NOT_RENDERED;
    if (style.display === "contents") return CONTENTS_ONLY;
    return style.visibility === "hidden" || style.visibility === "collapse" ? SELF_HIDDEN : VISIBLE;
  }
  // A <canvas>'s children are its fallback content: never laid out, yet Chromium's accessibility tree shows them
  // (by their styles) while the canvas itself shows, since a page that draws a grid or a chart on a canvas
  // describes it there: Glide Data Grid (Streamlit's data editor) keeps a table of its cells, with the selected
  // one marked, inside its canvas.
  function inShownCanvas(el) {
    var canvas = el.parentElement && el.parentElement.closest("canvas");
    return !!canvas && canvas.checkVisibility();
  }
  function isHiddenForName(el) {
    if (el.getAttribute("aria-hidden") === "true") return true;
    var visibility = visibilityOf(el);
    return visibility === SELF_HIDDEN || visibility === NOT_RENDERED;
  }
  function isContentEditableRoot(el) {
    var editable = el.getAttribute("contenteditable");
    if (editable === null || editable === "false") return false;
    var parent = el.parentElement;
    return !(parent && parent.isContentEditable);
  }
  function isDisabled(el) {
    return !!(el.matches && el.matches(":disabled")) || el.getAttribute("aria-disabled") === "true";
  }
  function activeElementDeep() {
    var active = document.activeElement;
    while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
    return active;
  }

  // ----- where an element is on screen ------------------------------------------------------------------
  function composedContains(outer, inner) {
    for (var node = inner; node; node = node.parentNode || node.host) if (node === outer) return true;
    return false;
  }
  // What a hook in the page's own world (extension/page/) announces when asked: the engine dispatches `query` on the
  // document, the hook dispatches a composed `mark` event at each element it knows of, and `take(element, detail)`
  // gets each, during this synchronous call only. The page can dispatch marks too: what a hook says is data.
  function askPageWorld(query, mark, take) {
    var collect = function (event) {
      event.stopImmediatePropagation();
      var target = event.composedPath()[0];
      if (target && target.nodeType === 1) take(target, event.detail);
    };
    window.addEventListener(mark, collect, true);
    try {
      document.dispatchEvent(new Event(query));
    } finally {
      window.removeEventListener(mark, collect, true);
    }
  }
  // The element itself, or the outermost shadow host it is in: where it stands in the document's own tree.
  function outermost(el) {
    while (el.getRootNode() !== document && el.getRootNode().host) el = el.getRootNode().host;
    return el;
  }
  function deepElementFromPoint(x, y) {
    var hit = document.elementFromPoint(x, y);
    while (hit && hit.shadowRoot) {
      var inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  }
  // The part of the element that shows: its box clipped by every ancestor that clips it (a scrolling list, an
  // inbox) and by the viewport. A box that only the window's test would call visible may be scrolled out of
  // its list, where a click at its centre lands on whatever the list shows there instead.
  // An ancestor clips only what it contains in the CSS sense: a fixed element (a dialog) escapes every
  // ancestor below the one it is positioned by, an absolutely positioned one those below its positioned
  // ancestor; and <body>'s overflow is the viewport's while <html>'s is visible (a page that locks scrolling
  // with body { overflow: hidden } while a dialog is open clips nothing to the body's box).
  // `by` SCROLLERS: only the ancestors a person scrolls (overflow auto or scroll) clip, and the viewport
  // (scrollIntoViewIfNeeded()); HIDERS: only those that hide what overflows them, which no scrolling shows, and not
  // the viewport (hiddenByBox()).
  var SCROLLERS = "scrollers",
    HIDERS = "hiders";
  function clippedBox(el, by) {
    var box = el.getBoundingClientRect();
    var inWindow = by !== HIDERS;
    var left = inWindow ? Math.max(box.left, 0) : box.left,
      top = inWindow ? Math.max(box.top, 0) : box.top,
      right = inWindow ? Math.min(box.right, window.innerWidth) : box.right,
      bottom = inWindow ? Math.min(box.bottom, window.innerHeight) : box.bottom;
    var escaping = positionedOut(getComputedStyle(el), null);
    for (var node = el.parentNode || el.host; node && node.nodeType !== 9; node = node.parentNode || node.host) {
      if (node.nodeType !== 1) continue;
      var style = getComputedStyle(node);
      if (escaping && positions(style, escaping)) escaping = null;
      var scrolls = SCROLLS[style.overflowX] || SCROLLS[style.overflowY];
      var hides = !(style.overflowX === "visible" && style.overflowY === "visible");
      var overflows = by === SCROLLERS ? scrolls : by === HIDERS ? hides && !scrolls : hides;
      var clips = !escaping && overflows && !overflowIsViewports(node);
      escaping = positionedOut(style, escaping);
      if (!clips) continue;
      var clip = node.getBoundingClientRect();
      var innerLeft = clip.left + node.clientLeft,
        innerTop = clip.top + node.clientTop;
      left = Math.max(left, innerLeft);
      top = Math.max(top, innerTop);
      right = Math.min(right, innerLeft + node.clientWidth);
      bottom = Math.min(bottom, innerTop + node.clientHeight);
    }
    return { left: left, top: top, right: right, bottom: bottom, box: box };
  }
  // What an element's position takes it out of, walking up from it: "fixed" (every ancestor up to one that
  // positions fixed elements), "absolute" (every ancestor up to a positioned one), or what it was already out of.
  function positionedOut(style, escaping) {
    if (style.position === "fixed") return "fixed";
    return escaping || (style.position === "absolute" ? "absolute" : null);
  }
  // Whether an element with this style is the containing block of a fixed or absolutely positioned descendant.
  function positions(style, escaping) {
    var forFixed =
      style.transform !== "none" || style.filter !== "none" || style.perspective !== "none" || /paint|layout|strict|content/.test(style.contain || "") || /transform|perspective|filter/.test(style.willChange || "");
    return forFixed || (escaping === "absolute" && style.position !== "static");
  }
  // Whether the body's overflow is the viewport's (CSS Overflow's propagation: the root's is visible in both axes).
  function overflowIsViewports(node) {
    if (node !== document.body) return false;
    var root = getComputedStyle(document.documentElement);
    return root.overflowX === "visible" && root.overflowY === "visible";
  }
  // Scrolls every scrolling ancestor, and the window, until the element's centre shows (a large element: until a
  // part of it does), when its centre does not show in the viewport or in a box around it that a person scrolls
  // (SCROLLS). A box that hides what overflows it (overflow: hidden) is not one: nobody scrolls it, and scrolling it
  // moves what the page put there out of place (React Aria's slider keeps its range input, at full size, in a
  // one-pixel box inside the thumb that hides its overflow; a person presses the track where the input lies).
  var SCROLLS = wordSet("auto scroll overlay"); // the overflow values of a box a person scrolls
  function scrollIntoViewIfNeeded(el) {
    var clip = clippedBox(el, SCROLLERS);
    var box = clip.box;
    var cx = (box.left + box.right) / 2,
      cy = (box.top + box.bottom) / 2;
    var centreShows = cx >= clip.left && cx < clip.right && cy >= clip.top && cy < clip.bottom;
    if (centreShows) return;
    el.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
  }
  // Whether a box that hides what overflows it leaves none of the element (Ant Design keeps a list of its options for
  // assistive technology in a box of no size): no scrolling brings it into sight.
  function hiddenByBox(el) {
    var clip = clippedBox(el, HIDERS);
    return clip.right <= clip.left || clip.bottom <= clip.top;
  }
  // The centre of the element's part inside the viewport (of its first line box, for a wrapped inline link).
  function visiblePoint(el) {
    var lineBoxes = el.getClientRects();
    var clip = clippedBox(el);
    var box = lineBoxes.length > 1 ? lineBoxes[0] : clip.box;
    var left = Math.max(box.left, clip.left),
      top = Math.max(box.top, clip.top);
    var right = Math.min(box.right, clip.right),
      bottom = Math.min(box.bottom, clip.bottom);
    var inView = right > left && bottom > top;
    if (!inView) {
      left = box.left;
      right = box.right;
      top = box.top;
      bottom = box.bottom;
    }
    return { x: (left + right) / 2, y: (top + bottom) / 2, rect: clip.box, inView: inView };
  }
  // The viewport position of an <iframe>'s content box, which is where its document's (0, 0) is.
  function contentOrigin(frameElement, style) {
    var box = frameElement.getBoundingClientRect();
    return {
      x: box.left + frameElement.clientLeft + parseFloat(style.paddingLeft || "0"),
      y: box.top + frameElement.clientTop + parseFloat(style.paddingTop || "0"),
    };
  }

  // ----- what an action caused ------------------------------------------------------------------------
  // watch() before an action, settle(token) after it: settle answers once the action's effects are over,
  // driven by events, never by a fixed wait. A navigation of this frame (the Navigation API's "navigate"
  // event, which fires when a link is followed, a form submitted or location set) ends the wait at once with
  // {navigating: url}: the lane then waits for the new document. Otherwise settle waits until no request
  // started during the watch is in flight and the DOM has had no mutation for QUIET_MS (a request's end counts
  // as a change: the page renders its answer next), and the page has drawn its next frame, at most
  // MAX_SETTLE_MS after the watch began.
  //
  // An action whose outcome is read back directly (typing into a plain field: its value, not what the page
  // draws) settles sooner when it caused nothing: with the readBack option, settle ends once two task turns have
  // passed (each a setTimeout(0) and a message-channel task, so what the page's handlers deferred has run) with no
  // mutation, no request started and no navigation since the watch began; anything else keeps the rule above.
  //
  // Requests are announced by the page-world hook (page/requests.js: fetch and XMLHttpRequest) with
  // "hermes:request-start" / "hermes:request-end" events on the document, a number as detail. Only numbers
  // whose start came during the watch are counted, so a request already in flight (a long-poll) never holds an
  // action. The page can fake or suppress these events: that makes an action wait up to MAX_SETTLE_MS, or not
  // wait for a request, and nothing more; the detail is used as a key only, never read into a result. A form
  // posted into an iframe of this document (its target) is a request too, over when that iframe loads; a form
  // submitted into this document, until its navigate event (the navigation starts in a later task).
  var QUIET_MS = 20;
  var MAX_SETTLE_MS = 500;
  var REQUEST_START = "hermes:request-start";
  var REQUEST_END = "hermes:request-end";
  // Resolves after the next animation frame, or after FRAME_FALLBACK_MS in a tab that paints no frames
  // (a hidden one): whichever comes first. Resolves true when a frame came, false when the wait ran out (a
  // busy machine can also take that long to paint one).
  var FRAME_FALLBACK_MS = 50;
  function nextFrame() {
    return frameWithin(FRAME_FALLBACK_MS);
  }
  function frameWithin(ms) {
    return new Promise(function (resolve) {
      var timer = setTimeout(function () {
        resolve(false);
      }, ms);
      requestAnimationFrame(function () {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
  // The next frame of a shown page, waited for up to SHOWN_FRAME_FALLBACK_MS (a hidden one draws none: as
  // nextFrame): frameAndTurn waits for what a page queues in its next frame, and under load that frame came after
  // FRAME_FALLBACK_MS (a double click's second press then came before the overlay the first opened listened for
  // it, on the cdp lane, once in a run of the suite; and a key typed into a field that moves its caret in its next
  // frame went in before that frame, in CI: keyboard.js keyTaken, typing.js).
  var SHOWN_FRAME_FALLBACK_MS = 500;
  function drawnFrame() {
    return frameWithin(document.visibilityState === "visible" ? SHOWN_FRAME_FALLBACK_MS : FRAME_FALLBACK_MS);
  }
  // Resolves once this frame has drawn two frames since the call: what it shows now is on the screen a capture
  // takes. A cross-site frame paints in its own renderer, which under load can draw its first frame after its
  // document is read (an element's screenshot then showed the frame white: 1 run in about 2,300). Resolves false
  // after PAINT_WAIT_MS (a tenth of that in a hidden tab, which paints none) when no second frame came.
  var PAINT_WAIT_MS = 1000;
  function painted() {
    return new Promise(function (resolve) {
      var wait = document.visibilityState === "visible" ? PAINT_WAIT_MS : PAINT_WAIT_MS / 10;
      var timer = setTimeout(function () {
        resolve({ ok: true, painted: false });
      }, wait);
      requestAnimationFrame(function () {
        requestAnimationFrame(function () {
          clearTimeout(timer);
          resolve({ ok: true, painted: true });
        });
      });
    });
  }
  // Resolves once the page has drawn a frame and the tasks queued by then have run, and the tasks those queued,
  // then a frame and a turn more: what its handlers of an event deferred is done and shown, as it is by the time
  // a person's next input comes. A deferral is often three deep: zag (Chakra's engine) opens a dialog and, from a
  // scheduler's message, asks for a frame in which it sets the timer that starts listening for a press outside it;
  // real input's second press of a double click closes the dialog. Under load the message comes after the first
  // frame, so the lanes' second press came before that timer (3 runs in 80) until they waited a second frame.
  function frameAndTurn() {
    return drawnFrame().then(taskTurn).then(taskTurn).then(drawnFrame).then(taskTurn);
  }
  // Resolves once the tasks the page queued so far have run: a setTimeout(0) and a message-channel task (what
  // a framework's scheduler posts) have both come round.
  function taskTurn() {
    return new Promise(function (resolve) {
      var left = 2;
      function one() {
        if (--left === 0) resolve();
      }
      setTimeout(one, 0);
      var channel = new MessageChannel();
      channel.port1.onmessage = function () {
        channel.port1.close();
        one();
      };
      channel.port2.postMessage(null);
    });
  }
  var watches = Object.create(null);
  var nextWatch = 1;
  var FILE_CHOOSER = "hermes:file-chooser"; // page/file_choosers.js
  function isFileInput(node) {
    return !!node && node.localName === "input" && node.type === "file";
  }
  function watch() {
    // the pointer where the last action left it has the page as it is now under it before this one begins (hover.js)
    engine.pointerStays();
    var token = nextWatch++;
    // changed: whether anything happened since the watch began (a mutation, a request's end)
    // sent: how many requests the page started during the watch (its answer's `requests`: with nothing the snapshot
    // shows changed, a sign the page told its server; the page's hook counts them, so a page can make it up)
    var state = { started: performance.now(), lastChange: performance.now(), changed: false, navigation: null, wake: null, sent: 0 };
    state.observer = new MutationObserver(function () {
      state.lastChange = performance.now();
      state.changed = true;
    });
    state.observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    // what the watch waits for: the numbers of the requests started during it and still in flight, and a key per
    // form posted into an iframe of this document whose answer has not loaded
    state.requests = new Set();
    state.onRequestStart = function (event) {
      var id = event.detail;
      if (typeof id === "number" && !state.requests.has(id)) {
        state.requests.add(id);
        state.sent++;
      }
    };
    state.onRequestEnd = function (event) {
      requestOver(state, event.detail);
    };
    state.onSubmit = function (event) {
      var frame = formTargetFrame(event);
      if (!frame && submitsHere(event)) {
        // the submission navigates this document in a task of its own, after the submit: wait for its navigate
        // event, unless the page's own handler cancels the submit
        var planned = {};
        state.requests.add(planned);
        state.planned = planned;
        setTimeout(function () {
          if (event.defaultPrevented) requestOver(state, planned);
        }, 0);
        return;
      }
      if (!frame) return;
      var key = {};
      var loaded = function () {
        frame.removeEventListener("load", loaded);
        requestOver(state, key);
      };
      state.requests.add(key);
      frame.addEventListener("load", loaded);
      state.cleanups.push(function () {
        frame.removeEventListener("load", loaded);
      });
      // a submit the page's own handler cancels posts nothing (its handlers run after this capture listener)
      setTimeout(function () {
        if (event.defaultPrevented) loaded();
      }, 0);
    };
    // a click on a file input (the person's, or the page's own input.click() from an uploader's button) opens the
    // browser's file chooser, unless the page cancels it: the chooser a browser_file_upload without ref answers.
    // An input outside the document is announced by the page-world hook (page/file_choosers.js), which tells only
    // of choosers the page did not cancel.
    state.onClick = function (event) {
      var target = event.composedPath()[0]; // (empty once the event has been dispatched)
      if (isFileInput(target)) state.chooser = { input: target, click: event };
    };
    state.onChooser = function (event) {
      if (isFileInput(event.relatedTarget)) state.chooser = { input: event.relatedTarget, click: null };
    };
    state.cleanups = [];
    document.addEventListener("click", state.onClick, true);
    document.addEventListener(FILE_CHOOSER, state.onChooser, true);
    document.addEventListener(REQUEST_START, state.onRequestStart, true);
    document.addEventListener(REQUEST_END, state.onRequestEnd, true);
    document.addEventListener("submit", state.onSubmit, true);
    if (window.navigation && window.navigation.addEventListener) {
      state.onNavigate = function (event) {
        if (state.planned) requestOver(state, state.planned);
        // a link with a download attribute saves a file: the document stays, and the lane waits for the download
        if (event.downloadRequest != null) state.download = event;
        if (event.destination && !event.destination.sameDocument && event.downloadRequest == null) {
          state.navigation = event;
          if (state.wake) state.wake();
        }
      };
      window.navigation.addEventListener("navigate", state.onNavigate);
    }
    watches[token] = state;
    return token;
  }
  // A request the watch waited for has ended: the page renders its answer next, so the quiet period starts again.
  function requestOver(state, key) {
    if (!state.requests.delete(key)) return;
    state.lastChange = performance.now();
    state.changed = true;
    if (state.wake) state.wake();
  }
  // Whether a submitted form navigates this very document (no target, or _self; _top and _parent in a top
  // document), as opposed to another window or frame, or a <dialog> it only closes.
  function submitsHere(event) {
    var form = event.target;
    if (!form || form.localName !== "form") return false;
    var submitter = event.submitter;
    var method = (submitter && submitter.getAttribute("formmethod")) || form.getAttribute("method") || "";
    if (method.toLowerCase() === "dialog") return false;
    var base = document.querySelector("base[target]");
    var name = (submitter && submitter.getAttribute("formtarget")) || form.getAttribute("target") || (base && base.getAttribute("target")) || "";
    return !name || name === "_self" || (window === window.top && (name === "_top" || name === "_parent"));
  }
  // The <iframe> of this document that a submitted form posts into (its target, or its submit button's
  // formtarget, or the document's <base target>), if any: its load is the answer arriving.
  function formTargetFrame(event) {
    var form = event.target;
    if (!form || form.localName !== "form") return null;
    var base = document.querySelector("base[target]");
    var name = (event.submitter && event.submitter.getAttribute("formtarget")) || form.getAttribute("target");
    if (!name && base) name = base.getAttribute("target");
    if (!name || name.charAt(0) === "_") return null; // _self, _blank, _parent, _top: no iframe of this document
    var frames = document.getElementsByTagName("iframe");
    for (var i = 0; i < frames.length; i++) if (frames[i].name === name) return frames[i];
    return null;
  }
  function unwatch(token, state) {
    state.observer.disconnect();
    document.removeEventListener("click", state.onClick, true);
    document.removeEventListener(FILE_CHOOSER, state.onChooser, true);
    document.removeEventListener(REQUEST_START, state.onRequestStart, true);
    document.removeEventListener(REQUEST_END, state.onRequestEnd, true);
    document.removeEventListener("submit", state.onSubmit, true);
    state.cleanups.forEach(function (cleanup) {
      cleanup();
    });
    if (state.onNavigate) window.navigation.removeEventListener("navigate", state.onNavigate);
    delete watches[token];
  }
  // A navigation the page cancelled in its own handler (preventDefault) is not one.
  function navigationStarted(state) {
    return !!state.navigation && !state.navigation.defaultPrevented;
  }
  // -> Promise<{ok, navigating?: url, closing?: true, downloading?: {url, name}, replaced?: true, ms}>; closing: the
  // top window is closing (window.closed); replaced: this document
  // never saw the watch (the one it was armed in has gone: the action navigated); downloading: a link with a
  // download attribute was followed (clicked, or its click() called), so the browser saves the file at url (name:
  // the page's suggestion, data only): the lane waits for that download.
  // options: {quietMs, maxMs, readBack} (see above).
  function settle(token, options) {
    options = options || {};
    var state = watches[token];
    if (!state) return Promise.resolve({ ok: true, replaced: true, ms: 0 });
    var quietMs = options.quietMs == null ? QUIET_MS : options.quietMs;
    var maxMs = options.maxMs == null ? MAX_SETTLE_MS : options.maxMs;
    return new Promise(function (resolve) {
      var timer = null;
      // The page renders what the action did in its next frame (an editor such as Monaco draws typed text
      // only then): the action is not over before that frame.
      var framed = false;
      nextFrame().then(function () {
        framed = true;
        check();
      });
      // With readBack, two task turns in which nothing happened are enough. Two, not one: what the action's events
      // posted through a MessageChannel reaches the page by a hop of its own, and under load came after one turn
      // of the engine's own (a field uppercased in a message was read back as typed, 1 run in the whole suite).
      var turned = false;
      if (options.readBack) {
        taskTurn().then(taskTurn).then(function () {
          turned = true;
          check();
        });
      }
      function check() {
        if (!watches[token]) return;
        if (framed) engine.pointerStays(); // what the action moved under the resting pointer gets it (hover.js)
        if (state.observer.takeRecords().length) {
          state.lastChange = performance.now();
          state.changed = true;
        }
        var now = performance.now();
        var navigating = navigationStarted(state);
        var waiting = state.requests.size > 0;
        var untouched = turned && !waiting && !state.changed;
        // (a field's value is no mutation: with readBack, a page's quiet ends no sooner than its turns, even when
        // the keys took longer than quietMs, or a value the page rewrites in a task was read back as typed)
        var turnsDone = turned || !options.readBack;
        var quiet = untouched || (turnsDone && framed && !waiting && now - state.lastChange >= quietMs);
        if (navigating || quiet || now - state.started >= maxMs) {
          clearTimeout(timer);
          unwatch(token, state);
          var out = { ok: true, ms: Math.round(now - state.started) };
          if (navigating) out.navigating = state.navigation.destination.url;
          // the action made the page close its window (a popup's Save that calls window.close()): the tab goes a
          // moment later, perhaps after this answer has reached the lane, which waits for it then
          if (window.top.closed) out.closing = true;
          if (state.sent) out.requests = state.sent;
          var download = state.download;
          if (download && !download.defaultPrevented) {
            out.downloading = { url: download.destination.url, name: String(download.downloadRequest) };
          }
          var chooser = state.chooser;
          if (chooser && !(chooser.click && chooser.click.defaultPrevented)) out.file_chooser = engine.noteChooser(chooser.input);
          resolve(out);
          return;
        }
        clearTimeout(timer);
        if (!framed && !waiting && now - state.lastChange >= quietMs) return; // the frame's callback checks again
        // while a request is in flight, only its end (which wakes this) or the bound can end the wait
        var left = maxMs - (now - state.started);
        var wait = waiting ? left : Math.min(quietMs - (now - state.lastChange), left);
        timer = setTimeout(check, Math.max(1, wait));
      }
      state.wake = check;
      check();
    });
  }
  // Calls action() between watch() and settle(): the promise of its result with settle's answer merged in
  // (navigating, when the action started a navigation of this frame). A result with readBack: true (its
  // outcome is read back directly, see settle) settles with that option; the flag is not passed on. An action
  // that answers a promise (a click, whose events come in tasks of their own) settles once it has resolved.
  function settled(action) {
    var token = watch();
    var result;
    try {
      result = action();
    } catch (error) {
      unwatch(token, watches[token]);
      throw error;
    }
    if (result && typeof result.then === "function") {
      return result.then(
        function (done) {
          if (!(done && done.covered)) inputDone(); // covered: the press comes in a settled() of its own
          return settledWith(token, done);
        },
        function (error) {
          inputDone();
          unwatch(token, watches[token]);
          throw error;
        }
      );
    }
    inputDone();
    return settledWith(token, result);
  }
  // The action's events have all been dispatched: a dialog the page opens from now on (a timer's) is not the one
  // the agent's `dialog` answers. The extension's relay (page/dialog_relay.js) keeps that answer in this isolated
  // world; where it is absent (the cdp lane's world) there is nothing to tell.
  function inputDone() {
    var agentDialog = globalThis.__hermesAgentDialog;
    if (agentDialog) agentDialog.inputDone();
  }
  function settledWith(token, result) {
    if (!result || result.ok === false) {
      unwatch(token, watches[token]);
      return Promise.resolve(result);
    }
    var readBack = result.readBack === true;
    delete result.readBack;
    return settle(token, { readBack: readBack }).then(function (after) {
      return carrySettled(result, after);
    });
  }
  // What an answer that succeeded says of its action's settle (settle()): the facts named in `facts`, else all.
  var SETTLED_FACTS = ["navigating", "closing", "file_chooser", "downloading", "requests"];
  function carrySettled(answer, after, facts) {
    if (!answer || answer.ok === false) return answer;
    (facts || SETTLED_FACTS).forEach(function (fact) {
      if (after[fact]) answer[fact] = after[fact];
    });
    return answer;
  }

  // ----- waiting for text -------------------------------------------------------------------------------
  // Whether `text` is shown on the page: in the rendered text of the body (innerText: nothing hidden), or of a
  // shadow tree the snapshot reads (openShadow), which no innerText of the light tree holds (Panel draws its whole
  // page in Bokeh's shadow trees: wait_for saw none of it); whitespace runs compared as one space.
  function squashSpaces(s) {
    return String(s).replace(/[\s\u00a0]+/g, " ").trim();
  }
  function textShown(text, shadows) {
    var wanted = squashSpaces(text),
      body = document.body;
    if (body && squashSpaces(body.innerText || "").indexOf(wanted) >= 0) return true;
    return shadows.some(function (shadow) {
      return squashSpaces(shadowText(shadow)).indexOf(wanted) >= 0;
    });
  }
  // The shadow trees in `root` (deep), added to `found`: what wait_for reads, and where frames.js looks for frames.
  function shadowTrees(root, found) {
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
    for (var el = walker.nextNode(); el; el = walker.nextNode()) {
      var shadow = openShadow(el);
      if (!shadow) continue;
      found.push(shadow);
      shadowTrees(shadow, found);
    }
    return found;
  }
  // A shadow tree's rendered text: its top elements' innerText (an element that renders nothing, a <style>, gives
  // none: its innerText would be its source).
  function shadowText(shadow) {
    return Array.prototype.map
      .call(shadow.children, function (child) {
        return SKIP_TAGS[tagOf(child)] || !hasBox(child) ? "" : child.innerText || "";
      })
      .join(" ");
  }
  // waitForText(text, gone, timeoutMs) -> Promise<{ok, met}>: resolves once the text is shown (or, with gone,
  // no longer shown), looking again at each change of the document or of a shadow tree in it; met: false when
  // timeoutMs passed first.
  function waitForText(text, gone, timeoutMs) {
    return new Promise(function (resolve) {
      var finished = false;
      var watched = new Set();
      var observer = new MutationObserver(check);
      var timer = setTimeout(function () {
        finish(false);
      }, Math.max(0, timeoutMs));
      function finish(met) {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        observer.disconnect();
        resolve({ ok: true, met: met });
      }
      function check() {
        var shadows = shadowTrees(document, []);
        shadows.forEach(watch);
        if (textShown(text, shadows) !== !!gone) finish(true);
      }
      function watch(root) {
        if (watched.has(root)) return;
        watched.add(root);
        observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
      }
      watch(document);
      check();
    });
  }

  Object.assign(engine, {
    isFileInput: isFileInput,
    overflowIsViewports: overflowIsViewports,
    SCROLLS: SCROLLS,
    SKIP_TAGS: SKIP_TAGS,
    INLINE_TAGS: INLINE_TAGS,
    SELF_HIDDEN: SELF_HIDDEN,
    NOT_RENDERED: NOT_RENDERED,
    tagOf: tagOf,
    elementById: elementById,
    ownedElements: ownedElements,
    openShadow: openShadow,
    shadowTrees: shadowTrees,
    renderedChildren: renderedChildren,
    hasBox: hasBox,
    visibilityOf: visibilityOf,
    isHiddenForName: isHiddenForName,
    isContentEditableRoot: isContentEditableRoot,
    isDisabled: isDisabled,
    activeElementDeep: activeElementDeep,
    composedContains: composedContains,
    askPageWorld: askPageWorld,
    outermost: outermost,
    deepElementFromPoint: deepElementFromPoint,
    clippedBox: clippedBox,
    scrollIntoViewIfNeeded: scrollIntoViewIfNeeded,
    nextFrame: nextFrame,
    drawnFrame: drawnFrame,
    painted: painted,
    taskTurn: taskTurn,
    frameAndTurn: frameAndTurn,
    waitForText: waitForText,
    watch: watch,
    settle: settle,
    settled: settled,
    carrySettled: carrySettled,
    visiblePoint: visiblePoint,
    hiddenByBox: hiddenByBox,
    contentOrigin: contentOrigin,
  });
})(globalThis.__hermesEngine);

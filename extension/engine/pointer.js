// Hermes snapshot engine: the pointer. click() dispatches what a real click does, in order, at a point where a
// press reaches the element (clearPoint(): nothing else is drawn there), with what the browser itself does for
// a trusted press (the focus moves, with its events even in a window without the system focus: focusElement();
// an option of a list box is chosen); aim() and rect() say where that point is, for a lane that clicks with
// real input events. Where no such point exists, nothing is pressed: click_intercepted names what is in the way.
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var failure = engine.failure,
    refText = engine.refText,
    tagOf = engine.tagOf,
    hasBox = engine.hasBox,
    isDisabled = engine.isDisabled,
    isContentEditableRoot = engine.isContentEditableRoot,
    activeElementDeep = engine.activeElementDeep,
    composedContains = engine.composedContains,
    deepElementFromPoint = engine.deepElementFromPoint,
    clippedBox = engine.clippedBox,
    describeElement = engine.describeElement,
    refOf = engine.refOf,
    cap = engine.cap,
    scrollIntoViewIfNeeded = engine.scrollIntoViewIfNeeded,
    visiblePoint = engine.visiblePoint,
    lookup = engine.lookup,
    withDescription = engine.withDescription,
    frameOffset = engine.frameOffset,
    quote = engine.quote,
    watch = engine.watch,
    settled = engine.settled,
    nextFrame = engine.nextFrame;

  var PointerOrMouse = typeof PointerEvent === "function" ? PointerEvent : MouseEvent;

  function focusable(el) {
    if (!el || el.nodeType !== 1) return false;
    if (isDisabled(el)) return false;
    if (el.isContentEditable && isContentEditableRoot(el)) return true;
    return el.tabIndex >= 0 || el.hasAttribute("tabindex");
  }
  // What the pointer holds for a click: which button, how many clicks, the keys held.
  var BUTTONS = engine.lookupTable({ left: [0, 1], middle: [1, 4], right: [2, 2] });
  var MODIFIER_FLAGS = engine.lookupTable({ Alt: "altKey", Control: "ctrlKey", Meta: "metaKey", Shift: "shiftKey" });
  // {button: "left"|"middle"|"right", double, modifiers: "Control+Shift", hover} as the tool takes them.
  function gesture(options) {
    options = options || {};
    var button = BUTTONS[options.button || "left"];
    if (!button) return failure("invalid_arguments", "button must be left, middle or right.");
    var keys = {};
    var names = options.modifiers ? String(options.modifiers).split("+") : [];
    for (var i = 0; i < names.length; i++) {
      if (!MODIFIER_FLAGS[names[i]]) return failure("invalid_arguments", "Unknown modifier " + quote(names[i]) + "; use Alt, Control, Meta, Shift.");
      keys[MODIFIER_FLAGS[names[i]]] = true;
    }
    return { ok: true, name: options.button || "left", button: button[0], buttons: button[1], keys: keys, double: !!options.double, hover: !!options.hover };
  }
  function mouseInit(x, y, how, buttons, detail) {
    return {
      bubbles: true,
      cancelable: true,
      composed: true,
      view: window,
      clientX: x,
      clientY: y,
      screenX: x + (window.screenX || 0),
      screenY: y + (window.screenY || 0),
      button: how.button,
      buttons: buttons,
      detail: detail,
      pointerId: 1,
      pointerType: "mouse",
      isPrimary: true,
      width: 1,
      height: 1,
      pressure: buttons ? 0.5 : 0,
      altKey: !!how.keys.altKey,
      ctrlKey: !!how.keys.ctrlKey,
      metaKey: !!how.keys.metaKey,
      shiftKey: !!how.keys.shiftKey,
    };
  }
  // Dispatches one event; noBubble for the enter events, which neither bubble nor can be cancelled.
  function fire(target, EventType, type, init, noBubble) {
    var copy = {};
    for (var key in init) copy[key] = init[key];
    if (noBubble) {
      copy.bubbles = false;
      copy.cancelable = false;
    }
    return target.dispatchEvent(new EventType(type, copy));
  }
  var STABLE_TRIES = 10;
  function samePoint(a, b) {
    var ra = a.rect,
      rb = b.rect;
    return a.x === b.x && a.y === b.y && ra.width === rb.width && ra.height === rb.height;
  }
  // The element's visible centre once it has stopped moving: measured in one animation frame and in the
  // next, until two agree (a page whose styles or fonts arrive late moves things meanwhile), at most
  // STABLE_TRIES frames; scrolled into view in every scrolling ancestor first, and again if it moved away.
  // The page's animations about to end go first (animationsEnded()).
  function stablePoint(el) {
    return animationsEnded(el).then(function () {
      return stillPoint(el);
    });
  }
  // Resolves once the page's animations that end within ANIMATION_WAIT_MS have ended: a cookie banner sliding
  // in, a dialog fading in. A point found clear while one runs may be covered by the time the press lands (the
  // cdp lane presses a few tasks after it aims), and a point it covers now may be clear after. Endless ones (a
  // spinner) and long ones (a progress bar) are not waited for, nor the element's own (a ripple, a hover tint).
  var ANIMATION_WAIT_MS = 1000;
  function animationsEnded(el) {
    var ending = endingAnimations(el);
    if (!ending.length) return Promise.resolve();
    var ended = ending.map(function (animation) {
      return animation.finished.catch(function () {}); // cancelled: it ends too
    });
    var bound = new Promise(function (resolve) {
      setTimeout(resolve, ANIMATION_WAIT_MS);
    });
    return Promise.race([Promise.all(ended), bound]);
  }
  function endingAnimations(el) {
    if (!document.getAnimations) return [];
    return document.getAnimations().filter(function (animation) {
      var timing = animation.playState === "running" && animation.effect ? animation.effect.getComputedTiming() : null;
      if (!timing || !isFinite(timing.endTime) || timing.localTime === null || !(animation.playbackRate > 0)) return false;
      var target = animation.effect.target;
      if (target && composedContains(el, target)) return false;
      return (timing.endTime - timing.localTime) / animation.playbackRate <= ANIMATION_WAIT_MS;
    });
  }
  function stillPoint(el) {
    scrollIntoViewIfNeeded(el);
    var last = visiblePoint(el);
    var tries = 0;
    function again() {
      return nextFrame().then(function (painted) {
        scrollIntoViewIfNeeded(el);
        var now = visiblePoint(el);
        // Two measurements agree only across a painted frame: under load a frame can take longer than the
        // fallback, and two measurements within one frame agree while the page is still moving things.
        var settled = samePoint(now, last) && (painted || document.visibilityState === "hidden");
        if (settled || ++tries >= STABLE_TRIES) return now;
        last = now;
        return again();
      });
    }
    return again();
  }

  // ----- where a press lands ----------------------------------------------------------------------------
  // A click presses only what it names: a sticky footer's "Save draft" over a checkbox, or an invisible
  // overlay over "Cancel order", must not take a click meant for what is under it. A press at a point reaches
  // the element when what the browser hits there is the element or something inside it (through shadow
  // roots), one of its <label>s, the link or button around it (whose activation covers all it holds), or, for
  // a form control the page hides under its own drawing (an opacity-0 checkbox under a styled box, a range
  // input inside its thumb, the 1-pixel textarea an editor such as CodeMirror or Monaco types through), that
  // drawing: what the page shows in the control's place, near it in the tree. A hidden control with no box of
  // its own is pressed on its label (pressArea()).
  var ACTIVATES_AROUND = "a[href], button";
  var FORM_CONTROLS = engine.wordSet("input textarea select");
  // How far up the tree a hidden control's drawing may sit: its parent's and grandparent's subtrees.
  var FACE_LEVELS = 2;
  function parentOf(node) {
    return node.parentElement || (node.parentNode && node.parentNode.host) || null;
  }
  function reaches(el, hit) {
    if (!hit) return false;
    if (composedContains(el, hit)) return true;
    var around = parentOf(el);
    around = around && around.closest ? around.closest(ACTIVATES_AROUND) : null;
    if (around && composedContains(around, hit)) return true;
    var labels = el.labels || [];
    for (var i = 0; i < labels.length; i++) if (composedContains(labels[i], hit)) return true;
    return hiddenUnderFace(el) && composedContains(faceArea(el), hit);
  }
  // A form control that the page draws no pixel of: transparent, clipped away (by itself or by a box around
  // it) or shrunk to a dot, with the page's own drawing in its place.
  function hiddenUnderFace(el) {
    if (!FORM_CONTROLS[tagOf(el)]) return false;
    var style = getComputedStyle(el);
    var box = el.getBoundingClientRect();
    var clipped = (style.clipPath && style.clipPath !== "none") || (style.clip && style.clip !== "auto");
    if (+style.opacity < 0.1 || box.width <= 2 || box.height <= 2 || clipped) return true;
    var shown = clippedBox(el);
    return shown.right - shown.left <= 2 || shown.bottom - shown.top <= 2;
  }
  // Where a press for the element goes: the element itself, or, for a checkbox, radio or file input hidden with no
  // place of its own to press (nothingToPress()), its <label> that shows, the one around it first: a press anywhere
  // in such a label does what a press on the control does, and that is where a person presses (Base Web draws a
  // radio inside its label and hides the input, 0 by 0, at the label's corner; Shiny moves a file input off the
  // page inside its "Browse..." label). A transparent control that keeps its box (MUI's checkbox over the box it
  // draws) is pressed itself. A label only focuses a field or a select, whose drawing (Select2's) a person presses.
  var LABEL_ACTIVATES = engine.wordSet("checkbox radio file");
  function pressArea(el) {
    if (tagOf(el) !== "input" || !LABEL_ACTIVATES[el.type] || !nothingToPress(el)) return el;
    var labels = Array.prototype.filter.call(el.labels || [], function (label) {
      return hasBox(label) && label.getClientRects().length;
    });
    var around = labels.filter(function (label) {
      return composedContains(label, el);
    });
    return around[0] || labels[0] || el;
  }
  // A hidden control with no box a press could land in: shrunk to a dot, clipped away by itself or by a box
  // around it, or moved past the page's top or left edge, where no scroll brings it.
  function nothingToPress(el) {
    var style = getComputedStyle(el);
    var box = el.getBoundingClientRect();
    var clipped = (style.clipPath && style.clipPath !== "none") || (style.clip && style.clip !== "auto");
    if (box.width <= 2 || box.height <= 2 || clipped) return true;
    if (box.right + window.scrollX <= 0 || box.bottom + window.scrollY <= 0) return true;
    var inViewport = box.right > 0 && box.bottom > 0 && box.left < window.innerWidth && box.top < window.innerHeight;
    var shown = clippedBox(el);
    return inViewport && (shown.right <= shown.left || shown.bottom <= shown.top);
  }
  function faceArea(el) {
    var area = el;
    for (var level = 0; level < FACE_LEVELS; level++) {
      var up = parentOf(area);
      if (!up || up === document.body || up === document.documentElement) break;
      area = up;
    }
    return area;
  }
  // Elements whose click means where it lands (a range's value, a canvas's or an image map's spot): pressed
  // at their centre only, never at another point that happens to be clear.
  function positionMatters(el) {
    var tag = tagOf(el);
    return tag === "canvas" || (tag === "img" && el.hasAttribute("usemap")) || (tag === "input" && el.type === "range") || el.getAttribute("role") === "slider";
  }
  var MAX_LINE_BOXES = 4;
  var OFF_CENTRE = [
    [0.5, 0.25],
    [0.5, 0.75],
    [0.25, 0.5],
    [0.75, 0.5],
    [0.25, 0.25],
    [0.75, 0.25],
    [0.25, 0.75],
    [0.75, 0.75],
  ];
  // The points to try on the element's visible part, best first: the centre of its first visible line box
  // (the whole box for a block), the centres of its other line boxes (a wrapped link), then points between
  // the centre and the edges of the first.
  function candidatePoints(el) {
    var clip = clippedBox(el);
    var boxes = el.getClientRects();
    var points = [];
    var first = null;
    for (var i = 0; i < boxes.length && i < MAX_LINE_BOXES; i++) {
      var left = Math.max(boxes[i].left, clip.left),
        top = Math.max(boxes[i].top, clip.top),
        right = Math.min(boxes[i].right, clip.right),
        bottom = Math.min(boxes[i].bottom, clip.bottom);
      if (right <= left || bottom <= top) continue;
      points.push({ x: (left + right) / 2, y: (top + bottom) / 2 });
      if (!first) first = { left: left, top: top, width: right - left, height: bottom - top };
    }
    if (first && points.length && !positionMatters(el)) {
      for (var j = 0; j < OFF_CENTRE.length; j++) points.push({ x: first.left + first.width * OFF_CENTRE[j][0], y: first.top + first.height * OFF_CENTRE[j][1] });
    }
    // A control clipped away entirely (an editor's textarea in a box of no height) is pressed where it would
    // be: its drawing is there.
    if (!points.length && boxes.length && hiddenUnderFace(el)) {
      var whole = boxes[0];
      var x = (whole.left + whole.right) / 2,
        y = (whole.top + whole.bottom) / 2;
      if (x >= 0 && y >= 0 && x < window.innerWidth && y < window.innerHeight) points.push({ x: x, y: y });
    }
    return points;
  }
  // The first point in view where a press reaches the element, with what it hits there; null for none. The
  // points are on the element's press area (pressArea()); on a label, none on a link or another control in it.
  function clearInView(el, accepts) {
    var area = pressArea(el);
    var points = candidatePoints(area);
    for (var i = 0; i < points.length; i++) {
      var hit = deepElementFromPoint(points[i].x, points[i].y);
      if ((accepts || reaches)(el, hit) && (area === el || !takesPressItself(hit, area, el))) return { x: points[i].x, y: points[i].y, hit: hit };
    }
    return null;
  }
  // Interactive content inside a label takes a press on it itself (the link in "I agree to the terms"), and the
  // label's control gets nothing.
  var INTERACTIVE = "a[href], button, input, select, textarea, summary, [contenteditable]";
  function takesPressItself(hit, label, el) {
    var own = hit && hit.closest ? hit.closest(INTERACTIVE) : null;
    return !!own && own !== el && composedContains(label, own);
  }
  // Where the element may be brought in view to find a clear point, after the view as it is: centred, at the
  // bottom, at the top (a sticky footer covers the bottom, a sticky header the top).
  var VIEWS = ["center", "end", "start"];
  function findClearPoint(el) {
    var point = clearInView(el);
    var area = pressArea(el);
    for (var v = 0; !point && v < VIEWS.length; v++) {
      area.scrollIntoView({ block: VIEWS[v], inline: "nearest", behavior: "instant" });
      point = clearInView(el);
      if (point) point.scrolled = true;
    }
    return point;
  }
  // clearPoint(el, number, quick) -> Promise<{ok, x, y, hit} | click_intercepted | not_visible>: a point of the
  // element's press area (pressArea()), once it keeps still, where a press reaches it (see reaches()), trying
  // other points and other scroll positions, then waiting for what is in the way to go (uncovered()); a point
  // found only after scrolling is checked again a frame later (a header that a scroll handler shows). With quick
  // (a field to focus for typing), its centre at once when that is clear and no animation is about to end (which
  // could cover it), without waiting frames for it to keep still.
  var RECHECKS = 2;
  // How long a press waits for what is in the way to go before it gives up: the cdp lane's HOVER_SETTLE_MS +
  // INTERCEPTED_GRACE_MS (server/hermes_server/cdp/engine.py), for a layer its arriving pointer drew.
  var UNCOVER_MS = 2000;
  function clearPoint(el, number, quick) {
    var area = pressArea(el);
    if (quick) {
      scrollIntoViewIfNeeded(area);
      var centre = visiblePoint(area);
      var hitNow = centre.inView ? deepElementFromPoint(centre.x, centre.y) : null;
      if (reaches(el, hitNow) && !endingAnimations(el).length) return Promise.resolve({ ok: true, x: centre.x, y: centre.y, hit: hitNow });
    }
    var rounds = 0;
    function search() {
      var point = findClearPoint(el);
      if (!point) return uncovered(el, number);
      if (!point.scrolled || ++rounds > RECHECKS) return Promise.resolve(Object.assign({ ok: true }, point));
      return nextFrame().then(function () {
        var hit = deepElementFromPoint(point.x, point.y);
        if (reaches(el, hit)) return { ok: true, x: point.x, y: point.y, hit: hit };
        return search();
      });
    }
    return stablePoint(area).then(search);
  }
  // What is in the way may be on its way out (a toast fading, a hover card the cdp lane's arriving pointer
  // opened): with the element centred, a clear point is looked for every frame, at most UNCOVER_MS.
  function uncovered(el, number) {
    pressArea(el).scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
    var started = performance.now();
    function again() {
      return nextFrame().then(function () {
        var point = el.isConnected ? clearInView(el) : null;
        if (point) return Object.assign({ ok: true }, point);
        return el.isConnected && performance.now() - started < UNCOVER_MS ? again() : intercepted(el, number);
      });
    }
    return again();
  }
  // Why no press can reach the element, told at its centre with the element centred in view: what is in the
  // way there (an element drawn over it, or the container a press falls through to when the element takes no
  // pointer), or that no part of it shows.
  // Given `hit` (what a press at the lane's point hits now), that is what the message names instead.
  function intercepted(el, number, hit) {
    if (!hit) {
      var area = pressArea(el);
      area.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
      var centre = visiblePoint(area);
      hit = centre.inView ? deepElementFromPoint(centre.x, centre.y) : null;
    }
    var named = refText(number) + " (" + describe(el) + ")";
    if (!hit) return failure("not_visible", "Element " + named + " does not show: its container clips it out of view; scroll or open what holds it, then take a new snapshot.");
    var through = composedContains(hit, el);
    return failure(
      "click_intercepted",
      "Nothing was pressed: a press on " + named + (through ? " falls through it (it takes no pointer there) to " : " would land on ") + interceptorText(hit) + (through ? "" : ", which is in the way") + ". Close the banner or dialog in the way, or scroll the element clear of it, then try again."
    );
  }
  var NAME_SHOWN = 60;
  function describe(el) {
    var description = describeElement(el);
    return description.role + (description.name ? " " + quote(cap(description.name, NAME_SHOWN)) : "");
  }
  // How a message names what took the press: role, name, tag#id, its ref when a snapshot gave it one, and
  // whether the user can see it at all.
  function interceptorText(hit) {
    var ref = refOf(hit);
    var how = invisibility(hit);
    return describe(hit) + " (" + tagOf(hit) + idText(hit.id) + (ref ? ", " + refText(ref) : "") + (how ? ", invisible: " + how : "") + ")";
  }
  // An id as a CSS selector would show it, or quoted (the page's text, which must not read as more of the
  // message: "x), @e3 (button" ...).
  var PLAIN_ID = /^[A-Za-z_][\w-]*$/;
  function idText(id) {
    if (!id) return "";
    id = cap(id, NAME_SHOWN);
    return "#" + (PLAIN_ID.test(id) ? id : quote(id));
  }
  // Why the user sees nothing of an element that takes the pointer: "opacity 0" (itself or an ancestor),
  // "off-screen", or "transparent" (it paints no background, border, shadow, image or text of its own); null
  // when it shows.
  function invisibility(el) {
    var opacity = 1;
    for (var node = el; node && node.nodeType === 1; node = parentOf(node)) opacity *= +getComputedStyle(node).opacity;
    if (opacity < 0.05) return "opacity 0";
    var box = el.getBoundingClientRect();
    if (box.right <= 0 || box.bottom <= 0 || box.left >= window.innerWidth || box.top >= window.innerHeight) return "off-screen";
    return paintsNothing(el) ? "transparent" : null;
  }
  var PAINTED_TAGS = engine.wordSet("img svg canvas video iframe embed object input textarea select picture");
  var SIDES = ["Top", "Right", "Bottom", "Left"];
  function alphaOf(colour) {
    if (!colour || colour === "transparent") return 0;
    var parts = /\(([^)]*)\)/.exec(colour);
    if (!parts) return 1;
    var values = parts[1].split(/[\s,/]+/).filter(Boolean);
    return values.length > 3 ? parseFloat(values[3]) : 1;
  }
  function paintsNothing(el) {
    if (PAINTED_TAGS[tagOf(el)]) return false;
    var style = getComputedStyle(el);
    if (alphaOf(style.backgroundColor) > 0.05 || style.backgroundImage !== "none" || style.boxShadow !== "none") return false;
    for (var s = 0; s < SIDES.length; s++) {
      if (parseFloat(style["border" + SIDES[s] + "Width"]) > 0 && alphaOf(style["border" + SIDES[s] + "Color"]) > 0.05) return false;
    }
    for (var child = el.firstChild; child; child = child.nextSibling) if (child.nodeType === 3 && /\S/.test(child.data)) return false;
    return true;
  }
  // The element of a ref, ready for the pointer, or the failure that says why not.
  function pointerTarget(ref) {
    var found = lookup(ref);
    if (!found.ok) return found;
    var el = found.element;
    if (!hasBox(el) && getComputedStyle(el).display !== "contents") return failure("not_visible", "Element " + refText(found.number) + " is not visible now; take a new snapshot.");
    return found;
  }
  // Where the pointer goes for an element: a clear point (clearPoint()); an element laid out only through its
  // children (display: contents) has no point of its own and gets the events directly.
  function pressPoint(el, number, quick) {
    if (!el.getClientRects().length) return Promise.resolve({ ok: true, x: 0, y: 0, hit: null, direct: true });
    return clearPoint(el, number, quick);
  }
  // click(ref, {button, double, modifiers, hover}) -> Promise: the pointer goes to a clear point of the element
  // once it keeps still, and what a real mouse would hit there gets the events (the element, its label, or the
  // drawing of a hidden control); when nothing reaches it, nothing is pressed (click_intercepted). The point is
  // hit-tested again in the very task that dispatches the events. The element is described before the click
  // (a menu item that the click removes keeps its name); the result says whether the click started a
  // navigation of this frame (navigating, see settle()).
  function click(ref, options) {
    var how = gesture(options);
    if (!how.ok) return Promise.resolve(how);
    var found = pointerTarget(ref);
    if (!found.ok) return Promise.resolve(found);
    var el = found.element;
    if (isDisabled(el) && !how.hover) return Promise.resolve(failure("disabled", "Element " + refText(found.number) + " is disabled."));
    var result = withDescription({ ok: true }, el, found.number);
    return pressPoint(el, found.number).then(function (point) {
      if (!point.ok) return point;
      result.x = Math.round(point.x);
      result.y = Math.round(point.y);
      if (tagOf(el) === "select" && !how.hover) result.hint = "To choose an option, use type with the option's label.";
      var link = el.closest ? el.closest("a[href][target]") : null;
      if (!how.hover && link && link.target && link.target !== "_self" && link.target !== "_parent" && link.target !== "_top") result.opens = { url: link.href, target: link.target };
      function hitNow() {
        return point.direct ? el : deepElementFromPoint(point.x, point.y);
      }
      var arrival = settled(function () {
        var hit = hitNow();
        if (!point.direct && !reaches(el, hit)) return intercepted(el, found.number, hit);
        arrive(hit, point.x, point.y, how);
        if (how.hover) return result;
        var now = hitNow();
        if (point.direct || reaches(el, now)) {
          press(now, point.x, point.y, how);
          return result;
        }
        return { ok: true, covered: true }; // what the arrival did covers the element: see below
      });
      return arrival.then(function (done) {
        if (!done.covered) {
          // a hover that navigated leaves a document on its way out: nothing to report of it
          return done.ok && how.hover && !done.navigating ? Object.assign(done, hoverTaken(el)) : done;
        }
        // The arrival drew something over the element (a hover card, an overlay a hostile page shows on
        // mouseover): as on the cdp lane, the press waits until a press there reaches the element again, at
        // most UNCOVER_MS, and otherwise presses nothing.
        return untilReached(el, point, UNCOVER_MS).then(function (reached) {
          if (!reached) return intercepted(el, found.number, hitNow());
          return settled(function () {
            var now = hitNow();
            if (!reaches(el, now)) return intercepted(el, found.number, now);
            press(now, point.x, point.y, how);
            return result;
          });
        });
      });
    });
  }
  function untilReached(el, point, maxMs) {
    var started = performance.now();
    function again() {
      return nextFrame().then(function () {
        if (!el.isConnected) return false;
        if (reaches(el, deepElementFromPoint(point.x, point.y))) return true;
        return performance.now() - started < maxMs ? again() : false;
      });
    }
    return again();
  }
  // What a hover did, once the page has settled after it: hovered, whether the element matches :hover (the
  // browser's own hover state, which only a real pointer sets: the page's CSS :hover styles apply to the
  // element), and when not, a notice saying what that means. Synthetic events (arrive(), press()) run the
  // page's mouseover and mouseenter handlers but leave :hover as it was, and an element that something else
  // covers does not get it from a real pointer either.
  var HOVER_NOT_TAKEN =
    "The page did not take the hover: the element does not match CSS :hover, so its :hover styles did not " +
    "apply and a menu that opens only through CSS :hover stays closed. On this lane open such a menu with a " +
    "click, or take a snapshot to see what opened.";
  var HOVER_GONE = "The element is no longer on the page after the hover; take a snapshot to see what changed.";
  function hoverTaken(el) {
    if (!el.isConnected) return { hovered: false, notice: HOVER_GONE };
    return el.matches(":hover") ? { hovered: true } : { hovered: false, notice: HOVER_NOT_TAKEN };
  }
  // hoverState(ref) -> {ok, hovered, notice?}: hoverTaken() for a lane that hovered with real input events.
  function hoverState(ref) {
    var found = lookup(ref);
    if (!found.ok && !(found.error.code === "stale_ref" && found.error.owned)) return found;
    return Object.assign({ ok: true }, found.ok ? hoverTaken(found.element) : { hovered: false, notice: HOVER_GONE });
  }
  // The pointer arrives over `target`: the events of a hover.
  function arrive(target, x, y, how) {
    var hover = mouseInit(x, y, how, 0, 0);
    moveOnto(target, hover);
    fire(target, PointerOrMouse, "pointermove", hover);
    fire(target, MouseEvent, "mousemove", hover);
  }
  // Press (with the focus change it causes), release and click for each click: the click's activation
  // behaviour (links follow, checkboxes toggle, submit buttons submit) runs on `target`. A right button ends
  // with contextmenu, a middle one with auxclick, a double click with dblclick. A target the pointer is not
  // over yet (the hit changed since the arrival) gets the arrival's events first, as a real mouse's would.
  // A real left click on Chromium (156, CDP Input events, recorded on the target and each ancestor), after the
  // arrival (moveOnto(), then pointermove, mousemove):
  //   pointerdown (detail 0, buttons 1), mousedown (detail 1, buttons 1),
  //   the focus change, mousedown's default action: blur, focusout on what had the focus, focus, focusin on the
  //     nearest focusable element around the target (none if it had the focus already),
  //   pointerup (detail 0, buttons 0), mouseup (detail 1, buttons 0), click (a PointerEvent, detail 1, buttons 0).
  // A mousedown the page cancels moves no focus. A pointerdown it cancels suppresses mousedown and mouseup, and
  // moves no focus either; click still comes. The second press of a double click is the same with mouse events'
  // and click's detail 2 (pointer events keep 0), and no focus change; dblclick (detail 2) ends it.
  function press(target, x, y, how) {
    if (hovered !== target) arrive(target, x, y, how);
    var clicks = how.double ? 2 : 1;
    var option = how.name === "left" ? listOption(target) : null;
    for (var detail = 1; detail <= clicks; detail++) {
      var press = mouseInit(x, y, how, how.buttons, detail);
      var focusedBefore = focusedElement();
      var heard = focusHeard;
      var pointerDown = fire(target, PointerOrMouse, "pointerdown", mouseInit(x, y, how, how.buttons, 0));
      var pressed = pointerDown && fire(target, MouseEvent, "mousedown", press);
      focusMovedByPage(focusedBefore, heard);
      if (pressed && detail === 1) moveFocusFor(target);
      // the press's own default on a slider's track and on text (fields.js)
      var slid = pressed && how.name === "left" && detail === 1 && engine.slideRange(target, x, y);
      if (pressed && how.name === "left" && !how.keys.shiftKey) engine.selectByPress(target, x, y, detail);
      var changed = pressed && option ? chooseOption(option, how.keys) : false;
      var release = mouseInit(x, y, how, 0, detail);
      fire(target, PointerOrMouse, "pointerup", mouseInit(x, y, how, 0, 0));
      if (pointerDown) fire(target, MouseEvent, "mouseup", release);
      if (slid) fire(target, Event, "change", { bubbles: true });
      if (changed) {
        fire(option.closest("select"), Event, "input", { bubbles: true, composed: true });
        fire(option.closest("select"), Event, "change", { bubbles: true });
      }
      if (how.name === "left") {
        fire(target, PointerOrMouse, "click", release);
      } else {
        if (how.name === "right") fire(target, PointerOrMouse, "contextmenu", release);
        fire(target, PointerOrMouse, "auxclick", release);
      }
    }
    if (how.double && how.name === "left") fire(target, MouseEvent, "dblclick", mouseInit(x, y, how, 0, 2));
  }
  // The element the pointer is over in this frame, as the engine last moved it (a real mouse's position is
  // not the engine's to know).
  var hovered = null;
  // The element, its ancestors through shadow roots' hosts, and the document: what a pointer over it is in.
  function hoverChain(el) {
    var chain = [];
    for (var node = el; node; node = node.parentNode || node.host || null) {
      if (node.nodeType === 1 || node.nodeType === 9) chain.push(node);
    }
    return chain;
  }
  // The pointer moves from the element it was over onto `target`: out of and leaving what it leaves (inner
  // first), over and entering what it enters (outer first, from the document), as a real mouse does; a menu that
  // opens when its container is entered needs the enter events of the ancestors too.
  function moveOnto(target, init) {
    var previous = hovered && hovered.isConnected ? hovered : null;
    hovered = target;
    if (previous === target) return;
    var old = previous ? hoverChain(previous) : [];
    var fresh = hoverChain(target);
    var left = old.filter(function (el) {
      return fresh.indexOf(el) < 0;
    });
    var entered = fresh.filter(function (el) {
      return old.indexOf(el) < 0;
    });
    // Chrome's order (real input, Chromium 156): pointerout, pointerleave, pointerover, pointerenter, then
    // mouseout, mouseleave, mouseover, mouseenter.
    [
      [PointerOrMouse, "pointer"],
      [MouseEvent, "mouse"],
    ].forEach(function (kind) {
      if (previous) {
        fire(previous, kind[0], kind[1] + "out", init);
        for (var i = 0; i < left.length; i++) fire(left[i], kind[0], kind[1] + "leave", init, true);
      }
      fire(target, kind[0], kind[1] + "over", init);
      for (var j = entered.length - 1; j >= 0; j--) fire(entered[j], kind[0], kind[1] + "enter", init, true);
    });
  }
  // A press focuses the nearest focusable element around the target, or blurs whatever had the focus.
  function moveFocusFor(target) {
    var candidate = target;
    while (candidate && candidate !== document.documentElement && !focusable(candidate)) {
      candidate = candidate.parentElement || (candidate.parentNode && candidate.parentNode.host) || null;
    }
    if (candidate && focusable(candidate)) focusElement(candidate);
    else blurFocused();
  }
  // Moves the focus to `el` as a user's click or Tab key does, with its events. Chrome fires focus events only
  // in a page whose window has the system focus; in any other (a tab in a window behind another, every tab of
  // a headless browser) element.focus() moves document.activeElement silently, and a widget that opens on
  // focus (jQuery UI's date picker) never learns of it, where a user's click would have focused the window
  // first. There the engine fires what Chrome would: blur and focusout on the element that had the focus, while
  // the document holds it (as in Chrome), then focus and focusin on `el`; a blur handler that moves the focus
  // ends the change, as in Chrome. In a focused window Chrome fires them itself, and the engine adds none.
  function focusElement(el) {
    var previous = focusedElement();
    if (previous === el) return;
    el.focus({ preventScroll: true });
    if (document.hasFocus() || activeElementDeep() !== el) return;
    if (previous) {
      el.blur();
      blurEvents(previous, el);
      if (focusedElement()) return;
      el.focus({ preventScroll: true });
      if (activeElementDeep() !== el) return;
    }
    focusEvents(null, el);
  }
  // A page that moves the focus itself in its press handlers (React Select focuses its input on mousedown, and
  // opens its menu when that input's focus event comes) gets the events a focused window would have given it,
  // as focusElement() gives them, unless they came already (`heard`: focusHeard when the press began): in a
  // controlled tab the page-world hook (page/window_focus.js) fires them for the page's own focus() calls.
  function focusMovedByPage(previous, heard) {
    var now = focusedElement();
    if (now !== previous && !document.hasFocus() && focusHeard === heard) focusEvents(previous, now);
  }
  // How many focus and blur events have reached this window: the browser's, the page-world hook's, the engine's.
  var focusHeard = 0;
  function hearFocus() {
    focusHeard++;
  }
  window.addEventListener("focus", hearFocus, true);
  window.addEventListener("blur", hearFocus, true);
  // Takes the focus from the element that has it (a press on something that takes no focus), likewise.
  function blurFocused() {
    var previous = focusedElement();
    if (!previous || !previous.blur) return;
    previous.blur();
    if (document.hasFocus() || activeElementDeep() === previous) return;
    focusEvents(previous, null);
  }
  // The element with the focus, or null when the document itself has it.
  function focusedElement() {
    var active = activeElementDeep();
    return active && active !== document.body && active !== document.documentElement ? active : null;
  }
  function blurEvents(from, to) {
    fire(from, FocusEvent, "blur", { composed: true, view: window, relatedTarget: to }, true);
    fire(from, FocusEvent, "focusout", { bubbles: true, composed: true, view: window, relatedTarget: to });
  }
  function focusEvents(from, to) {
    if (from) blurEvents(from, to);
    if (to) {
      fire(to, FocusEvent, "focus", { composed: true, view: window, relatedTarget: from }, true);
      fire(to, FocusEvent, "focusin", { bubbles: true, composed: true, view: window, relatedTarget: from });
    }
  }
  // The option under the pointer when its <select> is shown as a list (multiple, or size above 1), where a
  // press chooses it; null otherwise (a drop-down's options are not on the page to be clicked).
  function listOption(target) {
    var option = target && target.closest ? target.closest("option") : null;
    var select = option ? option.closest("select") : null;
    if (!select || !(select.multiple || select.size > 1) || isDisabled(option)) return null;
    return option;
  }
  // What Chrome's list box does on a left press on one of its options (untrusted events get no such default
  // action): Control or Meta toggles the option in a multiple select, Shift chooses the run from the last
  // option chosen to it, and a plain press chooses it alone. Whether the choice changed (then the select gets
  // input and change once the button is released).
  var listAnchors = new WeakMap();
  function chooseOption(option, keys) {
    var select = option.closest("select");
    var all = Array.prototype.slice.call(select.options);
    var before = all.map(function (each) {
      return each.selected;
    });
    var at = all.indexOf(option);
    if (select.multiple && (keys.ctrlKey || keys.metaKey)) {
      option.selected = !option.selected;
      listAnchors.set(select, at);
    } else if (select.multiple && keys.shiftKey) {
      var anchor = listAnchors.has(select) ? listAnchors.get(select) : Math.max(select.selectedIndex, 0);
      all.forEach(function (each, index) {
        each.selected = !isDisabled(each) && index >= Math.min(anchor, at) && index <= Math.max(anchor, at);
      });
    } else {
      all.forEach(function (each) {
        each.selected = each === option;
      });
      listAnchors.set(select, at);
    }
    return all.some(function (each, index) {
      return each.selected !== before[index];
    });
  }
  // rect(ref, {scroll}): where the element is: its visible centre, its box, and clear: whether a press at the
  // centre reaches it now (reaches()).
  function rect(ref, options) {
    options = options || {};
    var found = lookup(ref);
    if (!found.ok) return found;
    var el = found.element;
    if (options.scroll !== false) scrollIntoViewIfNeeded(el);
    var point = visiblePoint(el);
    var box = point.rect;
    return withDescription(
      {
        ok: true,
        x: point.x,
        y: point.y,
        left: box.left,
        top: box.top,
        width: box.width,
        height: box.height,
        inViewport: point.inView,
        visible: hasBox(el),
        disabled: isDisabled(el),
        clear: point.inView && reaches(el, deepElementFromPoint(point.x, point.y)),
        frameOffset: frameOffset(),
        viewport: { width: window.innerWidth, height: window.innerHeight },
      },
      el,
      found.number
    );
  }
  // aim(ref) -> Promise: for a lane that presses with real input events: rect()'s answer at a clear point of
  // the element (clearPoint(): x, y; click_intercepted when there is none, and nothing is to be pressed), with
  // a watch() token for the settle() after the input events. The element is described now, before the press.
  // With options.now (a field clicked to type into it, whose read-back says whether the text landed): its
  // centre at once when that is clear, without waiting frames for it to keep still. With options.guard: the
  // press the lane then makes is guarded (armGuard()).
  function aim(ref, options) {
    var found = pointerTarget(ref);
    if (!found.ok) return Promise.resolve(found);
    var el = found.element;
    var hover = !!(options && options.hover);
    if (isDisabled(el) && !hover) return Promise.resolve(failure("disabled", "Element " + refText(found.number) + " is disabled."));
    return pressPoint(el, found.number, !!(options && options.now)).then(function (point) {
      if (!point.ok) return point;
      var result = rect(ref, { scroll: false });
      if (!result.ok) return result;
      if (!point.direct) {
        result.x = point.x;
        result.y = point.y;
      }
      if (!hover) {
        if (tagOf(el) === "select") result.hint = "To choose an option, use type with the option's label.";
        var link = el.closest ? el.closest("a[href][target]") : null;
        if (link && link.target && link.target !== "_self" && link.target !== "_parent" && link.target !== "_top") result.opens = { url: link.href, target: link.target };
      }
      result.watch = watch();
      if (options && options.guard && !hover) armGuard(el, found.number, result.watch);
      return result;
    });
  }

  // ----- a lane's real press, guarded ------------------------------------------------------------------
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
    click: click,
    pointerTarget: pointerTarget,
    pressPoint: pressPoint,
    mouseInit: mouseInit,
    fire: fire,
    arrive: arrive,
    reaches: reaches,
    intercepted: intercepted,
    clearInView: clearInView,
    rect: rect,
    aim: aim,
    hoverState: hoverState,
    gesture: gesture,
    focusElement: focusElement,
    blurFocused: blurFocused,
  });
})(globalThis.__hermesEngine);

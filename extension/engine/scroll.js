// Hermes snapshot engine: scrolling the page or the scrollable box around an element (scroll(), what
// browser_scroll does on both lanes, and the keys that scroll in keyboard.js).
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var failure = engine.failure,
    refText = engine.refText,
    lookup = engine.lookup,
    refOf = engine.refOf,
    describeElement = engine.describeElement,
    SCROLLS = engine.SCROLLS;

  function pageScroller() {
    return document.scrollingElement || document.documentElement;
  }
  function isPageElement(el) {
    return el === document.scrollingElement || el === document.documentElement || el === document.body;
  }
  function canScroll(el, axis) {
    if (isPageElement(el)) {
      var page = pageScroller();
      return axis === "y" ? page.scrollHeight > window.innerHeight + 1 : page.scrollWidth > window.innerWidth + 1;
    }
    var overflows = axis === "y" ? el.scrollHeight > el.clientHeight + 1 : el.scrollWidth > el.clientWidth + 1;
    if (!overflows) return false;
    return !!SCROLLS[getComputedStyle(el)[axis === "y" ? "overflowY" : "overflowX"]];
  }
  function keepsOverscroll(el, axis) {
    var style = getComputedStyle(el);
    var behaviour = style[axis === "y" ? "overscrollBehaviorY" : "overscrollBehaviorX"];
    return !!SCROLLS[style[axis === "y" ? "overflowY" : "overflowX"]] && (behaviour === "contain" || behaviour === "none");
  }
  // Whether a person's keys can scroll the page (vertically, or across): not once the page turned its scrolling
  // off, as a modal's scroll lock does, with overflow hidden (or clip) on its root, or on its body while the root's
  // is visible in both axes (the viewport takes the body's then: CSS Overflow's propagation). A script, or a
  // caret brought into view, still scrolls it (measured with real keys: Space, PageDown, End scroll nothing).
  function pageTakesKeys(vertical) {
    var takes = document.body && engine.overflowIsViewports(document.body) ? document.body : document.documentElement;
    var overflow = getComputedStyle(takes)[vertical ? "overflowY" : "overflowX"];
    return overflow !== "hidden" && overflow !== "clip";
  }
  // What scrolls for `el`: its nearest scrollable ancestor in the flat tree (a slotted option scrolls in the list
  // that shows it: Shoelace's sl-select), else the page; with no element and a page that does not scroll, the
  // biggest scrollable element. A scrolling box that keeps its overscroll (overscroll-behavior contain or none)
  // ends the chain there, as for a wheel, even with nothing to scroll: the page behind Shoelace's menu stays put
  // under a wheel over the menu.
  function scrollableFor(el, vertical) {
    var axis = vertical ? "y" : "x";
    for (var node = el; node && node.nodeType === 1; node = engine.flatParent(node)) {
      if (node === document.body || node === document.documentElement) break;
      if (canScroll(node, axis) || keepsOverscroll(node, axis)) return node;
    }
    var page = pageScroller();
    if (el || canScroll(page, axis)) return page;
    return biggestScrollable(axis) || page;
  }
  function biggestScrollable(axis) {
    var best = null,
      bestArea = 0;
    var all = document.body ? document.body.getElementsByTagName("*") : [];
    for (var i = 0; i < all.length; i++) {
      var candidate = all[i];
      var room = axis === "y" ? candidate.scrollHeight - candidate.clientHeight : candidate.scrollWidth - candidate.clientWidth;
      if (room > 1 && canScroll(candidate, axis)) {
        var area = candidate.clientWidth * candidate.clientHeight;
        if (area > bestArea) {
          bestArea = area;
          best = candidate;
        }
      }
    }
    return best;
  }
  // How far one page (screen) scrolls: most of the box's height, keeping a strip of the previous screen.
  var PAGE_SHARE = 0.875;
  var DIRECTIONS = engine.wordSet("up down top bottom");
  // scroll(ref, direction, {pages}): the page, or the box around the ref's element, up or down by `pages`
  // screens (default 1) or to the top or bottom; a ref with no direction scrolls its element into view (in
  // every scrolling box around it, and the page).
  function scroll(ref, direction, options) {
    options = options || {};
    var el = null,
      number = 0;
    if (ref !== null && ref !== undefined && ref !== "") {
      var found = lookup(ref);
      if (!found.ok) return found;
      // (an option kept for screen readers scrolls in the list that draws its twin, twins.js)
      el = engine.drawnTwin(found.element) || found.element;
      number = found.number;
    }
    if (direction === null || direction === undefined || direction === "") {
      if (el) return scrollTo(el, number);
      direction = "down";
    }
    direction = String(direction).toLowerCase();
    if (!DIRECTIONS[direction]) return failure("invalid_arguments", "direction must be up, down, top or bottom.");
    var pages = options.pages === null || options.pages === undefined ? 1 : +options.pages;
    if (!(pages > 0)) return failure("invalid_arguments", "pages must be a number above 0.");
    var target = scrollableFor(el, true);
    var isPage = target === document.scrollingElement || target === document.documentElement;
    var size = isPage ? window.innerHeight : target.clientHeight;
    var before = target.scrollTop;
    // (to the top or bottom: by the whole height, which the box's ends stop)
    var by = direction === "top" ? -target.scrollHeight : direction === "bottom" ? target.scrollHeight : (direction === "up" ? -1 : 1) * Math.max(40, Math.round(size * PAGE_SHARE * pages));
    var cancelled = !!el && !wheelTaken(el, by);
    if (!cancelled) target.scrollBy({ top: by, behavior: "instant" });
    var result = where(target, isPage, size, before);
    result.direction = direction;
    if (cancelled) result.cancelled = true;
    if (el) {
      result.ref = refText(number);
      if (!isPage && refOf(target)) result.scrolledRef = refText(refOf(target));
    }
    return result;
  }
  // A person scrolls the box around an element with a wheel over it: the page hears the wheel first, and a wheel it
  // cancels scrolls nothing (measured with real wheels: Vaadin's combo-box list cancels one that would go past its
  // end, so that the page behind it stays put, where the engine scrolled the page). So the engine's scroll of a
  // ref's box is announced as that wheel, at the element's centre, before it scrolls; a wheel the page cancels
  // scrolls nothing (the answer says cancelled). An untrusted wheel moves nothing by itself.
  function wheelTaken(el, deltaY) {
    var box = el.getBoundingClientRect();
    var wheel = new WheelEvent("wheel", {
      bubbles: true,
      cancelable: true,
      composed: true,
      view: window,
      clientX: box.left + box.width / 2,
      clientY: box.top + box.height / 2,
      deltaY: deltaY,
      deltaMode: 0,
    });
    return el.dispatchEvent(wheel);
  }
  // Brings the element into view, centred, in every box that scrolls around it; reports its nearest one.
  function scrollTo(el, number) {
    var target = scrollableFor(el.parentElement || el, true);
    var isPage = target === document.scrollingElement || target === document.documentElement;
    var size = isPage ? window.innerHeight : target.clientHeight;
    var before = target.scrollTop;
    el.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
    var result = where(target, isPage, size, before);
    result.ref = refText(number);
    if (!isPage && refOf(target)) result.scrolledRef = refText(refOf(target));
    return result;
  }
  function where(target, isPage, size, before) {
    var after = target.scrollTop;
    var max = target.scrollHeight - size;
    return {
      ok: true,
      scrolled: Math.round(after - before),
      position: Math.round(after),
      max: Math.max(0, Math.round(max)),
      atStart: after <= 0,
      atEnd: after >= max - 1,
      target: isPage ? "page" : describeElement(target).role,
    };
  }

  Object.assign(engine, {
    scrollableFor: scrollableFor,
    pageScroller: pageScroller,
    pageTakesKeys: pageTakesKeys,
    scroll: scroll,
  });
})(globalThis.__hermesEngine);

// Hermes snapshot engine: scrolling the page or the scrollable box around an element (scroll(), and the
// keys that scroll in keyboard.js).
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var failure = engine.failure,
    refText = engine.refText,
    lookup = engine.lookup,
    refOf = engine.refOf,
    describeElement = engine.describeElement;

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
    var overflow = getComputedStyle(el)[axis === "y" ? "overflowY" : "overflowX"];
    return overflow === "auto" || overflow === "scroll" || overflow === "overlay";
  }
  // What scrolls for `el`: its nearest scrollable ancestor, else the page; with no element and a page that
  // does not scroll, the biggest scrollable element.
  function scrollableFor(el, vertical) {
    var axis = vertical ? "y" : "x";
    for (var node = el; node && node.nodeType === 1; node = node.parentElement || (node.parentNode && node.parentNode.host) || null) {
      if (node === document.body || node === document.documentElement) break;
      if (canScroll(node, axis)) return node;
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
  function viewportSize(target, isPage, vertical) {
    if (vertical) return isPage ? window.innerHeight : target.clientHeight;
    return isPage ? window.innerWidth : target.clientWidth;
  }
  function scroll(ref, direction, options) {
    options = options || {};
    var el = null,
      number = 0;
    if (ref !== null && ref !== undefined && ref !== "") {
      var found = lookup(ref);
      if (!found.ok) return found;
      el = found.element;
      number = found.number;
    }
    direction = String(direction || "down").toLowerCase();
    if (!/^(up|down|left|right)$/.test(direction)) return failure("invalid_arguments", "direction must be up, down, left or right.");
    var vertical = direction === "up" || direction === "down";
    var sign = direction === "up" || direction === "left" ? -1 : 1;
    var target = scrollableFor(el, vertical);
    var isPage = target === document.scrollingElement || target === document.documentElement;
    var size = viewportSize(target, isPage, vertical);
    var amount = options.amount > 0 ? +options.amount : Math.max(40, Math.round(size * 0.8));
    var before = vertical ? target.scrollTop : target.scrollLeft;
    if (vertical) target.scrollBy({ top: sign * amount, behavior: "instant" });
    else target.scrollBy({ left: sign * amount, behavior: "instant" });
    var after = vertical ? target.scrollTop : target.scrollLeft;
    var max = (vertical ? target.scrollHeight : target.scrollWidth) - size;
    var result = {
      ok: true,
      direction: direction,
      scrolled: Math.round(after - before),
      position: Math.round(after),
      max: Math.max(0, Math.round(max)),
      atStart: after <= 0,
      atEnd: after >= max - 1,
      target: isPage ? "page" : describeElement(target).role,
    };
    if (el) {
      result.ref = refText(number);
      if (!isPage && refOf(target)) result.scrolledRef = refText(refOf(target));
    }
    return result;
  }

  Object.assign(engine, {
    scrollableFor: scrollableFor,
    scroll: scroll,
  });
})(globalThis.__hermesEngine);

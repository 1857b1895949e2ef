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
    } else {
      var style = getComputedStyle(el);
      if (style.display === "none") return NOT_RENDERED;
      if (style.display === "contents") return CONTENTS_ONLY;
      return style.visibility === "hidden" || style.visibility === "collapse" ? SELF_HIDDEN : VISIBLE;
    }
    return getComputedStyle(el).display === "contents" ? CONTENTS_ONLY : NOT_RENDERED;
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
  function deepElementFromPoint(x, y) {
    var hit = document.elementFromPoint(x, y);
    while (hit && hit.shadowRoot) {
      var inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  }
  // Whether what was hit at an element's point is something else drawn over it.
  function isCovering(el, hit) {
    return !!hit && !composedContains(el, hit) && !composedContains(hit, el);
  }
  // How a result names what covers the element: "tag#id".
  function describeCover(covering) {
    return tagOf(covering) + (covering.id ? "#" + covering.id : "");
  }
  function scrollIntoViewIfNeeded(el) {
    var box = el.getBoundingClientRect();
    if (box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth) return;
    el.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
  }
  // The centre of the element's part inside the viewport (of its first line box, for a wrapped inline link).
  function visiblePoint(el) {
    var box = el.getBoundingClientRect();
    var lineBoxes = el.getClientRects();
    if (lineBoxes.length > 1) box = lineBoxes[0];
    var left = Math.max(box.left, 0),
      top = Math.max(box.top, 0);
    var right = Math.min(box.right, window.innerWidth),
      bottom = Math.min(box.bottom, window.innerHeight);
    var inView = right > left && bottom > top;
    if (!inView) {
      left = box.left;
      right = box.right;
      top = box.top;
      bottom = box.bottom;
    }
    return { x: (left + right) / 2, y: (top + bottom) / 2, rect: el.getBoundingClientRect(), inView: inView };
  }
  // The viewport position of an <iframe>'s content box, which is where its document's (0, 0) is.
  function contentOrigin(frameElement, style) {
    var box = frameElement.getBoundingClientRect();
    return {
      x: box.left + frameElement.clientLeft + parseFloat(style.paddingLeft || "0"),
      y: box.top + frameElement.clientTop + parseFloat(style.paddingTop || "0"),
    };
  }

  Object.assign(engine, {
    SKIP_TAGS: SKIP_TAGS,
    INLINE_TAGS: INLINE_TAGS,
    SELF_HIDDEN: SELF_HIDDEN,
    NOT_RENDERED: NOT_RENDERED,
    tagOf: tagOf,
    elementById: elementById,
    openShadow: openShadow,
    renderedChildren: renderedChildren,
    hasBox: hasBox,
    visibilityOf: visibilityOf,
    isHiddenForName: isHiddenForName,
    isContentEditableRoot: isContentEditableRoot,
    isDisabled: isDisabled,
    activeElementDeep: activeElementDeep,
    composedContains: composedContains,
    deepElementFromPoint: deepElementFromPoint,
    isCovering: isCovering,
    describeCover: describeCover,
    scrollIntoViewIfNeeded: scrollIntoViewIfNeeded,
    visiblePoint: visiblePoint,
    contentOrigin: contentOrigin,
  });
})(globalThis.__hermesEngine);

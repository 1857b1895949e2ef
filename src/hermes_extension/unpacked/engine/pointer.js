// Hermes snapshot engine: the pointer. click() dispatches what a real click does, in order, at the
// element's visible centre; rect() says where that point is, for a lane that clicks with real input events.
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
    isCovering = engine.isCovering,
    describeCover = engine.describeCover,
    scrollIntoViewIfNeeded = engine.scrollIntoViewIfNeeded,
    visiblePoint = engine.visiblePoint,
    lookup = engine.lookup,
    withDescription = engine.withDescription,
    ownFrameToken = engine.ownFrameToken,
    frameOffset = engine.frameOffset;

  var PointerOrMouse = typeof PointerEvent === "function" ? PointerEvent : MouseEvent;

  function focusable(el) {
    if (!el || el.nodeType !== 1) return false;
    if (isDisabled(el)) return false;
    if (el.isContentEditable && isContentEditableRoot(el)) return true;
    return el.tabIndex >= 0 || el.hasAttribute("tabindex");
  }
  function mouseInit(x, y, buttons, detail) {
    return {
      bubbles: true,
      cancelable: true,
      composed: true,
      view: window,
      clientX: x,
      clientY: y,
      screenX: x + (window.screenX || 0),
      screenY: y + (window.screenY || 0),
      button: 0,
      buttons: buttons,
      detail: detail,
      pointerId: 1,
      pointerType: "mouse",
      isPrimary: true,
      width: 1,
      height: 1,
      pressure: buttons ? 0.5 : 0,
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
  function click(ref) {
    var found = lookup(ref);
    if (!found.ok) return found;
    var el = found.element;
    if (!hasBox(el) && getComputedStyle(el).display !== "contents") return failure("not_visible", "Element " + refText(found.number) + " is not visible now; take a new snapshot.");
    if (isDisabled(el)) return failure("disabled", "Element " + refText(found.number) + " is disabled.");
    scrollIntoViewIfNeeded(el);
    var point = visiblePoint(el);
    var hit = deepElementFromPoint(point.x, point.y);
    var target = hit && composedContains(el, hit) ? hit : el;
    var covering = isCovering(el, hit) ? hit : null; // before the click, which may change the page
    dispatchClick(target, point.x, point.y);
    var result = withDescription({ ok: true, x: Math.round(point.x), y: Math.round(point.y) }, el, found.number);
    if (tagOf(el) === "select") result.hint = "To choose an option, use type with the option's label.";
    if (covering) result.covered_by = describeCover(covering);
    var link = el.closest ? el.closest("a[href][target]") : null;
    if (link && link.target && link.target !== "_self" && link.target !== "_parent" && link.target !== "_top") result.opens = { url: link.href, target: link.target };
    return result;
  }
  // Hover, press (with the focus change it causes), release, click: the click's activation behaviour (links
  // follow, checkboxes toggle, submit buttons submit) runs on it.
  function dispatchClick(target, x, y) {
    var hover = mouseInit(x, y, 0, 0);
    fire(target, PointerOrMouse, "pointerover", hover);
    fire(target, PointerOrMouse, "pointerenter", hover, true);
    fire(target, MouseEvent, "mouseover", hover);
    fire(target, MouseEvent, "mouseenter", hover, true);
    fire(target, PointerOrMouse, "pointermove", hover);
    fire(target, MouseEvent, "mousemove", hover);
    var press = mouseInit(x, y, 1, 1);
    var pointerDown = fire(target, PointerOrMouse, "pointerdown", press);
    if (!pointerDown || fire(target, MouseEvent, "mousedown", press)) moveFocusFor(target);
    var release = mouseInit(x, y, 0, 1);
    fire(target, PointerOrMouse, "pointerup", release);
    if (pointerDown) fire(target, MouseEvent, "mouseup", release);
    fire(target, PointerOrMouse, "click", release);
  }
  // A press focuses the nearest focusable element around the target, or blurs whatever had the focus.
  function moveFocusFor(target) {
    var candidate = target;
    while (candidate && candidate !== document.documentElement && !focusable(candidate)) {
      candidate = candidate.parentElement || (candidate.parentNode && candidate.parentNode.host) || null;
    }
    if (candidate && focusable(candidate)) {
      if (activeElementDeep() !== candidate) candidate.focus({ preventScroll: true });
    } else if (document.activeElement && document.activeElement !== document.body && document.activeElement.blur) {
      document.activeElement.blur();
    }
  }
  function rect(ref, options) {
    options = options || {};
    var found = lookup(ref);
    if (!found.ok) return found;
    var el = found.element;
    if (options.scroll !== false) scrollIntoViewIfNeeded(el);
    var point = visiblePoint(el);
    var box = point.rect;
    var result = withDescription(
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
        frameToken: ownFrameToken(),
        frameOffset: frameOffset(),
        viewport: { width: window.innerWidth, height: window.innerHeight },
      },
      el,
      found.number
    );
    var hit = deepElementFromPoint(point.x, point.y);
    if (isCovering(el, hit)) result.covered_by = describeCover(hit);
    return result;
  }

  Object.assign(engine, {
    click: click,
    rect: rect,
  });
})(globalThis.__hermesEngine);

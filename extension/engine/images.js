/*
 * Hermes snapshot engine: a frame's images, for browser_get_images.
 *
 * The images a user sees: <img> and <input type=image>, in document order, open shadow roots included. Not a
 * tracking pixel or a spacer (under MIN_SIDE px drawn, or a picture under MIN_SIDE px stretched), nor an image
 * that is not drawn (display none, visibility hidden, opacity 0). Each with what an agent can use: the ref of what
 * a click on it presses (the link or button around it, or the image itself) when a snapshot gave it one, its alt
 * text, where it comes from (a data: URL only by its type and length), its natural size and the size it is drawn
 * at. Called by snapshot() with {images: true}, after the walk that gave the refs. The page's strings are data:
 * they leave here as JSON values, never as snapshot text. Also the boxes an annotated screenshot labels (labels()).
 */
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var refOf = engine.refOf,
    hasBox = engine.hasBox,
    clean = engine.clean,
    cap = engine.cap;

  var MIN_SIDE = 3;
  var SHOWN = { alt: 300, src: 300 };
  // What a click on an image presses when something around it takes it.
  var CLICKABLE = "a[href], button, [role=button], [role=link], [role=menuitem], [role=tab]";
  var DATA_URL = /^data:([^;,]*)/i;

  // Every <img> and <input type=image> under `root`, in document order, into open shadow roots.
  function allImages(root, out) {
    var found = root.querySelectorAll("*");
    for (var i = 0; i < found.length; i++) {
      var el = found[i];
      if (el.localName === "img" || (el.localName === "input" && el.type === "image")) out.push(el);
      if (el.shadowRoot) allImages(el.shadowRoot, out);
    }
    return out;
  }
  function drawn(el, box) {
    if (!hasBox(el) || box.width < MIN_SIDE || box.height < MIN_SIDE) return false;
    var opacity = 1;
    for (var node = el; node && node.nodeType === 1; node = node.parentElement) opacity *= +getComputedStyle(node).opacity;
    return opacity >= 0.05 && getComputedStyle(el).visibility === "visible";
  }
  function shownSource(src) {
    var data = DATA_URL.exec(src);
    if (data) return "data:" + (data[1] || "") + " (" + src.length + " characters)";
    return cap(src, SHOWN.src);
  }
  function describe(el) {
    var box = el.getBoundingClientRect();
    if (!drawn(el, box)) return null;
    var width = el.naturalWidth || 0,
      height = el.naturalHeight || 0;
    if (width > 0 && (width < MIN_SIDE || height < MIN_SIDE)) return null; // a pixel stretched
    var around = el.parentElement && el.parentElement.closest(CLICKABLE);
    var number = refOf(el) || (around && refOf(around));
    var image = {
      alt: cap(clean(el.getAttribute("alt") || el.getAttribute("aria-label") || el.getAttribute("title") || ""), SHOWN.alt),
      src: shownSource(el.currentSrc || el.src || ""),
      natural: { width: width, height: height },
      rendered: { width: Math.round(box.width), height: Math.round(box.height) },
    };
    if (number) image.ref = "@e" + number;
    if (el.complete && !width) image.broken = true;
    return image;
  }
  // images(limit) -> {images: [...], total}: at most `limit` of the frame's images, and how many it has.
  function images(limit) {
    var shown = [];
    var total = 0;
    allImages(document, []).forEach(function (el) {
      var image = describe(el);
      if (!image) return;
      total++;
      if (shown.length < limit) shown.push(image);
    });
    return { images: shown, total: total };
  }

  // ----- the labels of an annotated screenshot ----------------------------------------------------------
  // labels(refs, page) -> [{ref, x, y, width, height}]: where each of `refs` (the refs this read gave) is drawn,
  // in this frame's viewport (CSS px), for the lane to label it on a screenshot. Only what is drawn: not an element
  // without a box or hidden, nor (unless `page`: a full-page screenshot) one wholly outside the viewport.
  function labels(refs, page) {
    var boxes = [];
    refs.forEach(function (ref) {
      var found = engine.lookup(ref);
      if (!found.ok || !hasBox(found.element)) return;
      var box = found.element.getBoundingClientRect();
      if (box.width < 1 || box.height < 1 || getComputedStyle(found.element).visibility !== "visible") return;
      var outside = box.right <= 0 || box.bottom <= 0 || box.left >= window.innerWidth || box.top >= window.innerHeight;
      if (outside && !page) return;
      boxes.push({ ref: "@" + ref, x: box.left, y: box.top, width: box.width, height: box.height });
    });
    return boxes;
  }

  Object.assign(engine, { images: images, labels: labels });
})(globalThis.__hermesEngine);

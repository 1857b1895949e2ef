// Hermes snapshot engine: where a press lands. A click presses only what it names: a sticky footer's "Save draft"
// over a checkbox, or an invisible overlay over "Cancel order", must not take a click meant for what is under it.
// reaches() says whether what a press hits is the element (or its label, the link around it, the drawing of a
// hidden control); clearPoint() finds a point, once the element keeps still, where a press reaches it, waiting a
// bound for what is in the way to go; intercepted() says what is in the way when there is none. Its own file
// because the click (pointer.js), a lane's real press (aim(), guard.js) and the drag (drag.js) all aim by it.
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var failure = engine.failure,
    refText = engine.refText,
    tagOf = engine.tagOf,
    hasBox = engine.hasBox,
    composedContains = engine.composedContains,
    wordSet = engine.wordSet,
    deepElementFromPoint = engine.deepElementFromPoint,
    clippedBox = engine.clippedBox,
    describeElement = engine.describeElement,
    refOf = engine.refOf,
    cap = engine.cap,
    scrollIntoViewIfNeeded = engine.scrollIntoViewIfNeeded,
    visiblePoint = engine.visiblePoint,
    lookup = engine.lookup,
    quote = engine.quote,
    nextFrame = engine.nextFrame,
    labelsOf = engine.labelsOf,
    clean = engine.clean;

  var STABLE_TRIES = 10;
  // Whether an animation cannot come over the element or move it: it only changes how its element looks (a transform,
  // a fade, a colour), and that element is in the flow of the page (no overlay, which slides in over what is there),
  // holds nothing of the element and lies apart from it (Angular Material's tab list, easing in after the page loads,
  // kept a press on a button below it waiting).
  var LOOKS_ONLY = wordSet(
    "transform translate rotate scale opacity color background-color border-color outline-color box-shadow filter fill stroke"
  );
  var IN_FLOW = wordSet("static relative");
  function aside(target, el, animation) {
    if (composedContains(target, el) || !IN_FLOW[getComputedStyle(target).position]) return false;
    if (!animatedProperties(animation).every(function (property) { return LOOKS_ONLY[property]; })) return false;
    var a = target.getBoundingClientRect(),
      b = el.getBoundingClientRect();
    return a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
  }
  var KEYFRAME_KEYS = wordSet("offset easing composite computedOffset");
  // The CSS properties an animation changes, in CSS's spelling (a transition's own, else its keyframes').
  function animatedProperties(animation) {
    if (animation.transitionProperty) return [animation.transitionProperty];
    var properties = [];
    animation.effect.getKeyframes().forEach(function (frame) {
      Object.keys(frame).forEach(function (key) {
        var property = key.replace(/[A-Z]/g, function (letter) { return "-" + letter.toLowerCase(); });
        if (!KEYFRAME_KEYS[key] && properties.indexOf(property) < 0) properties.push(property);
      });
    });
    return properties;
  }
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
  // spinner) and long ones (a progress bar) are not waited for, nor the element's own (a ripple, a hover tint), nor
  // one that cannot come over it (aside()).
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
      if (target && aside(target, el, animation)) return false;
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

  // A click presses only what it names: a sticky footer's "Save draft" over a checkbox, or an invisible
  // overlay over "Cancel order", must not take a click meant for what is under it. A press at a point reaches
  // the element when what the browser hits there is the element or something inside it (through shadow
  // roots), one of its <label>s, the link or button around it (whose activation covers all it holds), or, for
  // a form control the page hides under its own drawing (an opacity-0 checkbox under a styled box, a range
  // input inside its thumb, the 1-pixel textarea an editor such as CodeMirror or Monaco types through), that
  // drawing: what the page shows in the control's place, near it in the tree; so does the box around a control
  // that takes no pointer (handsPressOn()). A hidden control with no box of its own is pressed on its label
  // (pressArea()).
  var ACTIVATES_AROUND = "a[href], button";
  var FORM_CONTROLS = engine.wordSet("input textarea select");
  // How far up the tree a hidden control's drawing may sit: its parent's and grandparent's subtrees.
  var FACE_LEVELS = 2;
  function parentOf(node) {
    return node.parentElement || (node.parentNode && node.parentNode.host) || null;
  }
  // The node's parent in the flat tree, as Chromium walks it for a press: the slot that shows a slotted node, else
  // its parent, else the host of the shadow tree it tops.
  function flatParent(node) {
    return node.assignedSlot || parentOf(node);
  }
  // Inert: under an element with the inert attribute, along the flat tree, as inertness inherits (into a shadow
  // tree from its host, into slotted content from its slot). Inert content takes no press, no selection and no
  // focus. (Outside an open modal <dialog> a press lands on its backdrop, which is the dialog's.)
  function inert(el) {
    for (var node = el; node; node = flatParent(node)) if (node.nodeType === 1 && node.hasAttribute("inert")) return true;
    return false;
  }
  function reaches(el, hit) {
    if (!hit) return false;
    if (composedContains(el, hit) || slottedThrough(el, hit)) return true;
    var around = parentOf(el);
    around = around && around.closest ? around.closest(ACTIVATES_AROUND) : null;
    if (around && composedContains(around, hit)) return true;
    var labels = labelsOf(el) || [];
    for (var i = 0; i < labels.length; i++) if (composedContains(labels[i], hit)) return true;
    if ((hiddenUnderFace(el) || handsPressOn(el)) && composedContains(faceArea(el), hit)) return true;
    var twin = engine.drawnTwin(el);
    if (twin && composedContains(twin, hit)) return true;
    return hostTakesPress(el, hit) || ownFieldOver(el, hit) || listSurfaceTakesPress(el, hit);
  }
  // An option that takes no pointer, in a list that takes presses on a surface of its own: MUI's clock (H2O Wave's
  // time picker) draws its hours as options with pointer-events: none under a transparent surface that takes every
  // press and reads the hour from where it lands, and a person's press on an hour is that surface's. Only a surface
  // that draws nothing and holds nothing (no text, no element), inside the box that holds the list: anything else
  // there, or a surface further out, is in the way.
  function listSurfaceTakesPress(el, hit) {
    if (getComputedStyle(el).pointerEvents !== "none" || hit.firstElementChild || clean(hit.textContent)) return false;
    var list = el.closest('[role="listbox"]');
    var holder = list && parentOf(list);
    if (!holder || holder === document.body || holder === document.documentElement) return false;
    return composedContains(holder, hit) && drawsNoBox(hit);
  }
  // A text field of the control's own, laid over it and drawing no box of its own, only the text it holds: rsuite's
  // InputPicker lays its search field, transparent, over its box, and a person's press on the box lands in that
  // field (which takes the focus and opens the list; a double click there selects the word typed). The two are
  // parts of one drawn control: the smallest box around both is the control's own, within FIELD_OVER_PX a side. A
  // field that draws a box (a background, a border), or one that reaches past the control, is something in the way;
  // and a press on a text field only puts the focus there.
  var FIELD_OVER_PX = 4;
  function ownFieldOver(el, hit) {
    if (!engine.isTextField(hit) || !drawsNoBox(hit)) return false;
    var around = parentOf(hit);
    while (around && !composedContains(around, el)) around = parentOf(around);
    if (!around || around === document.body || around === document.documentElement) return false;
    var box = around.getBoundingClientRect(),
      own = el.getBoundingClientRect();
    return (
      own.left - box.left <= FIELD_OVER_PX &&
      own.top - box.top <= FIELD_OVER_PX &&
      box.right - own.right <= FIELD_OVER_PX &&
      box.bottom - own.bottom <= FIELD_OVER_PX
    );
  }
  // Whether an element draws no box of its own: no background, no shadow, no border.
  function drawsNoBox(field) {
    var style = getComputedStyle(field);
    if (alphaOf(style.backgroundColor) > 0.05 || style.backgroundImage !== "none" || style.boxShadow !== "none") return false;
    for (var s = 0; s < SIDES.length; s++) {
      if (parseFloat(style["border" + SIDES[s] + "Width"]) > 0 && alphaOf(style["border" + SIDES[s] + "Color"]) > 0.05) return false;
    }
    return true;
  }
  // A part of a component's shadow tree that takes no pointer hands a press at its place to the component, the host
  // it is drawn in, which the component made to take it: Ionic's segment button draws its tab as a <button> with
  // pointer-events: none, and a person's press on the tab is the host's click. Only the host of the part's own
  // shadow tree: a box further out that a part falls through to (a clickable card around it) is another target.
  function hostTakesPress(el, hit) {
    var root = el.getRootNode();
    return !!root.host && root.host === hit && getComputedStyle(el).pointerEvents === "none";
  }
  // Whether a press on `hit` travels through `el` on its way up, as the event's path goes: `hit` is content a
  // shadow host slots into the element (its path runs through the slot, inside the element, before the host), or
  // the host itself where its own text shows through such a slot, which the hit test names (Ionic's ion-button:
  // its label is the host's text, drawn in the inner <button>'s slot; a person's press on it opens the dialog).
  function slottedThrough(el, hit) {
    for (var node = hit; node; node = flatParent(node)) if (node === el) return true;
    return hostTextThrough(el, hit);
  }
  function hostTextThrough(el, hit) {
    if (!hit || !hit.shadowRoot || el.getRootNode() !== hit.shadowRoot) return false;
    var slots = Array.prototype.slice.call(el.querySelectorAll("slot"));
    if (tagOf(el) === "slot") slots.push(el);
    return slots.some(function (slot) {
      return slot.assignedNodes({ flatten: true }).some(function (node) {
        return node.nodeType === 3 && /\S/.test(node.data);
      });
    });
  }
  // What a press at a point that hits `hit` is dispatched to, for the element: the element itself where the hit
  // is the host whose text it shows through its slot (the real event's path runs from that text through the
  // element, which takes the focus and the activation; one dispatched at the host would pass it by: Ionic's
  // accordion header kept no focus), else what was hit.
  function pressedThrough(el, hit) {
    return hostTextThrough(el, hit) ? el : hit;
  }
  // A form control that takes no pointer (pointer-events: none) hands a press at its place to the box around it,
  // which the page made to take it: Vuetify's select focuses its input and opens its menu on a press on the field
  // that holds the input, as a person's press there does.
  function handsPressOn(el) {
    return !!FORM_CONTROLS[tagOf(el)] && getComputedStyle(el).pointerEvents === "none";
  }
  // A form control, or an element that takes its text through an EditContext (Monaco's on Chromium, where the
  // 1-pixel textarea was), which the page draws no pixel of: transparent, clipped away (by itself or by a box around
  // it) or shrunk to a dot, with the page's own drawing in its place.
  function hiddenUnderFace(el) {
    if (!takesKeys(el)) return false;
    var style = getComputedStyle(el);
    var box = el.getBoundingClientRect();
    var clipped = (style.clipPath && style.clipPath !== "none") || (style.clip && style.clip !== "auto");
    if (transparent(el) || box.width <= 2 || box.height <= 2 || clipped) return true;
    var shown = clippedBox(el);
    return shown.right - shown.left <= 2 || shown.bottom - shown.top <= 2;
  }
  function takesKeys(el) {
    return !!FORM_CONTROLS[tagOf(el)] || !!el.editContext;
  }
  // Whether the element or a box around it is transparent, so that it draws nothing (Element Plus's select keeps
  // its input in an opacity-0 box under the placeholder it shows).
  function transparent(el) {
    for (var node = el; node && node.nodeType === 1; node = parentOf(node)) if (+getComputedStyle(node).opacity < 0.1) return true;
    return false;
  }
  // Where a press for the element goes: the element itself, or the drawn twin of an option kept for screen readers
  // (twins.js), or, for a checkbox, radio or file input hidden with no
  // place of its own to press (nothingToPress()), where a person presses it: its <label> around it that shows (Base
  // Web draws a radio inside its label and hides the input, 0 by 0, at the label's corner; Shiny moves a file input
  // off the page inside its "Browse..." label), else the box that draws it for itself alone (ownFace()), else
  // another label of it that shows: a press anywhere in such a label does what a press on the control does; in the
  // label, on the mark the page draws for the control where it has one (markIn()). A transparent control that keeps
  // its box (MUI's checkbox over the box it draws) is pressed itself. A label only focuses a field or a select, whose
  // drawing (Select2's) a person presses.
  var LABEL_ACTIVATES = engine.wordSet("checkbox radio file");
  function pressArea(el) {
    var twin = engine.drawnTwin(el);
    if (twin) return twin;
    if (tagOf(el) !== "input" || !LABEL_ACTIVATES[el.type]) return offPageFace(el) || shownContent(el) || segmentFace(el) || el;
    if (!nothingToPress(el)) return el;
    var labels = Array.prototype.filter.call(el.labels || [], function (label) {
      return hasBox(label) && label.getClientRects().length;
    });
    var around = labels.filter(function (label) {
      return composedContains(label, el);
    });
    if (around[0]) return markIn(around[0], el) || around[0];
    var face = ownFace(el, labels);
    if (face) return face;
    return labels[0] ? markIn(labels[0], el) || labels[0] : el;
  }
  // The mark a page draws for a hidden control inside its label (Base Web's and Carbon's circle, Chakra's box, a
  // switch's track): the first element of the label, in tree order, that shows and holds no text and no control but
  // this one. A person presses the mark, not the label's text, where a double click would select a word; null for a
  // label that draws its mark itself (Carbon's checkbox, in ::before) or has none (Bootstrap's toggle button).
  var MARK_LOOK = 40;
  function markIn(label, el) {
    var parts = label.querySelectorAll("*");
    for (var i = 0; i < parts.length && i < MARK_LOOK; i++) {
      var part = parts[i];
      if (part === el || part.textContent.trim() || !hasBox(part)) continue;
      var box = part.getBoundingClientRect();
      if (box.width <= 2 || box.height <= 2 || getComputedStyle(part).visibility !== "visible") continue;
      if (part.matches(OTHER_CONTROLS) || holdsOtherControl(part, el, [label])) continue;
      return part;
    }
    return null;
  }
  // The nearest box around a hidden control, within its drawing's levels, that shows and holds no other control
  // nor a label of it (which a person would press instead): Element Plus draws its switch as the box around the
  // 0-by-0 input, whose label is the form's, a column away. A box shared with other controls (Bootstrap's group
  // of toggle buttons) is no one control's face.
  var OTHER_CONTROLS = "a[href], button, input, select, textarea, label, [tabindex], [role=button], [role=checkbox], [role=radio], [role=switch], [role=link], [role=option]";
  function ownFace(el, labels) {
    var area = shownAround(el);
    if (!area) return null;
    var others = holdsOtherControl(area, el, labels);
    var ownLabel = labels.some(function (label) {
      return composedContains(area, label);
    });
    return others || ownLabel ? null : area;
  }
  // A form control the page draws nothing of and moves past the page's top or left edge, where no press lands (React
  // Select's unsearchable combobox: a transparent input shrunk to a dot, 100px to the left of its box): the first
  // box around it, within its drawing's levels (faceArea()), that shows, where a person presses the control.
  function offPageFace(el) {
    if (!hiddenUnderFace(el)) return null;
    var box = el.getBoundingClientRect();
    if (box.right + window.scrollX > 0 && box.bottom + window.scrollY > 0) return null;
    return shownAround(el);
  }
  // What a person presses for an element laid out only through what it holds (display: contents: a wrapper that
  // takes the page's clicks, a slot; or a box of no size that its content overflows: Vuetify 2's slider, whose
  // role=slider is a 0-by-0 box and its child the thumb a person sees): the first element in it, in the flat tree,
  // that shows an area; the press travels up through the element (reaches()). null for an element that shows an
  // area itself, or when only text shows (pressPoint()).
  var CONTENT_LOOK = 200;
  function shownContent(el) {
    if (showsArea(el) || (el.getClientRects().length && !el.children.length)) return null;
    var queue = [el];
    for (var looked = 0; queue.length && looked < CONTENT_LOOK; looked++) {
      var node = queue.shift();
      if (node !== el && showsArea(node)) return node;
      var children = engine.renderedChildren(node) || node.children;
      for (var i = 0; i < children.length; i++) if (children[i].nodeType === 1) queue.push(children[i]);
    }
    return null;
  }
  function showsArea(node) {
    return Array.prototype.some.call(node.getClientRects(), function (box) {
      return box.width > 0 && box.height > 0;
    });
  }
  // A date or time field drawn in segments (a group: segments.js) is pressed on its first segment, where typing
  // into it starts, as a person presses the field to fill it in (React Aria's time field: its centre is the minute).
  function segmentFace(el) {
    var field = engine.segmentedField(el);
    return field ? field.press : null;
  }
  // The first box around a hidden control, within its drawing's levels (below the body), that shows; null for none.
  function shownAround(el) {
    var area = el;
    for (var level = 0; level < FACE_LEVELS; level++) {
      area = parentOf(area);
      if (!area || area === document.body || area === document.documentElement) return null;
      var shown = area.getBoundingClientRect();
      if (hasBox(area) && shown.width > 2 && shown.height > 2) return area;
    }
    return null;
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
  // The drawing's levels above a hidden control; for a control larger than the box it hides in (React Aria's range
  // input, at full size, in a one-pixel box inside the thumb), up to the first box around that covers the control's
  // centre, where the press lands (the track), as long as that box holds no other control: FACE_LEVELS more at most.
  function faceArea(el) {
    var area = el;
    for (var level = 0; level < 2 * FACE_LEVELS; level++) {
      if (level >= FACE_LEVELS && (coversCentreOf(area, el) || holdsOtherControl(parentOf(area), el))) break;
      var up = parentOf(area);
      if (!up || up === document.body || up === document.documentElement) break;
      area = up;
    }
    return area;
  }
  function coversCentreOf(area, el) {
    var box = el.getBoundingClientRect(),
      around = area.getBoundingClientRect();
    var x = (box.left + box.right) / 2,
      y = (box.top + box.bottom) / 2;
    return x >= around.left && x < around.right && y >= around.top && y < around.bottom;
  }
  // Whether the box holds a control other than the element and its labels (those given, else all of its own).
  function holdsOtherControl(area, el, labels) {
    if (!area || !area.querySelectorAll) return true;
    labels = labels || Array.prototype.slice.call(el.labels || []);
    return Array.prototype.some.call(area.querySelectorAll(OTHER_CONTROLS), function (node) {
      return node !== el && labels.indexOf(node) < 0;
    });
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
  // label's control gets nothing; a press area that is itself such content (a field's first segment) is no label.
  var INTERACTIVE = "a[href], button, input, select, textarea, summary, [contenteditable]";
  function takesPressItself(hit, label, el) {
    var own = hit && hit.closest ? hit.closest(INTERACTIVE) : null;
    return !!own && own !== el && own !== label && composedContains(label, own);
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
  // Whether no part of the element's box is in the window, even once it has been scrolled into view: a popup fixed to
  // the window past its edge (Gradio's calendar, under its button near the window's bottom), which no container
  // clips.
  function outsideWindow(el) {
    var box = el.getBoundingClientRect();
    return box.bottom <= 0 || box.right <= 0 || box.top >= window.innerHeight || box.left >= window.innerWidth;
  }
  // Why no press can reach the element, told at its centre with the element centred in view: what is in the
  // way there (an element drawn over it, or the container a press falls through to when the element takes no
  // pointer), or that no part of it shows.
  // Given `hit` (what a press at the lane's point hits now), that is what the message names instead.
  function intercepted(el, number, hit) {
    // (a grid or list that draws its rows anew as they scroll into view takes the element out: Tabulator's)
    if (!el.isConnected) return failure("stale_ref", "Element " + refText(number) + " is gone: the page drew it anew as it came into view; take a new snapshot.");
    var named = refText(number) + " (" + describe(el) + ")";
    if (!hit) {
      var area = pressArea(el);
      area.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
      var centre = visiblePoint(area);
      hit = centre.inView ? deepElementFromPoint(centre.x, centre.y) : null;
      if (!hit && outsideWindow(area)) {
        return failure("not_visible", "Element " + named + " does not show: it lies past the window's edge, where scrolling it into view does not take it (a popup fixed to the window); scroll the page (the popup may move with it) or close and reopen what shows it, then take a new snapshot.");
      }
    }
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
    if (PAINTED_TAGS[tagOf(el)] || !drawsNoBox(el)) return false;
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
  // Where the pointer goes for an element: a clear point (clearPoint()) of where it is pressed (pressArea()). An
  // element laid out only through text it holds (display: contents) is pressed on that text, where the hit test
  // names the element itself (or, for a slot that shows its host's text, the host: hostTextThrough()).
  function pressPoint(el, number, quick) {
    if (pressArea(el).getClientRects().length) return clearPoint(el, number, quick);
    var point = textPoint(el);
    if (point) return Promise.resolve(point);
    return Promise.resolve(failure("not_visible", "Element " + refText(number) + " shows nothing in view to press; take a new snapshot."));
  }
  // The centre of the first line of the element's text that shows in the viewport where a press reaches the element,
  // once the box around it, then the text itself, are scrolled into view.
  function textPoint(el) {
    var around = flatParent(el);
    while (around && !around.getClientRects().length) around = flatParent(around);
    if (around) scrollIntoViewIfNeeded(around);
    var assigned = tagOf(el) === "slot" ? el.assignedNodes({ flatten: true }) : [];
    var nodes = assigned.length ? assigned : [el];
    var ranges = nodes.map(function (node) {
      var range = document.createRange();
      if (node === el) range.selectNodeContents(el);
      else range.selectNode(node);
      return range;
    });
    var first = ranges[0].getClientRects()[0];
    if (first && (first.bottom <= 0 || first.top >= window.innerHeight || first.right <= 0 || first.left >= window.innerWidth)) {
      window.scrollBy({ left: first.left - window.innerWidth / 2, top: first.top - window.innerHeight / 2, behavior: "instant" });
    }
    for (var n = 0; n < ranges.length; n++) {
      var lines = ranges[n].getClientRects();
      for (var i = 0; i < lines.length; i++) {
        var x = (lines[i].left + lines[i].right) / 2,
          y = (lines[i].top + lines[i].bottom) / 2;
        if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
        var hit = deepElementFromPoint(x, y);
        if (reaches(el, hit)) return { ok: true, x: x, y: y, hit: hit };
      }
    }
    return null;
  }
  // Where a press reaches the element again within UNCOVER_MS, once the pointer's arrival made `point` miss it:
  // `point` itself, when what the arrival drew over the element has gone, or a clear point where the element is
  // now, when it moved away (the section above it closed, in a step of its animation); null if neither came.
  function untilReached(el, point) {
    var started = performance.now();
    function again() {
      return nextFrame().then(function () {
        if (!el.isConnected) return null;
        if (reaches(el, deepElementFromPoint(point.x, point.y))) return { x: point.x, y: point.y };
        var moved = clearInView(el);
        if (moved) return { x: moved.x, y: moved.y };
        return performance.now() - started < UNCOVER_MS ? again() : null;
      });
    }
    return again();
  }
  // A double click's second press comes once what lies at its point keeps still, at most SETTLE_UNDER_MS: a
  // person's second press comes a tenth of a second or more after the first click, by when what the click opened
  // has moved into place. Flatpickr's calendar slides down into place over 300 ms from 20 px up, over its field
  // for the first two frames: a press a frame and a task turn after the click (the lanes' pace, and the runner's
  // real input's) hit the calendar or the field by how fast those frames came, and the focus ended on either.
  // What keeps still: the element at the point and its ancestors (flat tree) run no finite animation or transition
  // that moves them or changes the area they cover. An opacity or colour change does not change what a press hits,
  // and a ripple that takes no pointer is not at the point, so neither holds the press back.
  var SETTLE_UNDER_MS = 300;
  var MOVES = /^(transform|translate|scale|rotate|top|left|right|bottom|inset|margin|padding|width|height|clippath)/;
  // Whether an element of `chain` runs a finite animation or transition that moves it. Each tree lists only the
  // animations of its own elements (document.getAnimations() leaves out a shadow root's: Ionic slides its modal in
  // on a box inside ion-modal's), so every tree along the chain is asked.
  function anyMoving(chain) {
    var roots = new Set();
    chain.forEach(function (node) {
      roots.add(node.getRootNode());
    });
    return Array.from(roots).some(function (root) {
      return !!root.getAnimations && root.getAnimations().some(function (animation) {
        var effect = animation.effect;
        if (animation.playState !== "running" || !effect || chain.indexOf(effect.target) < 0) return false;
        if (effect.getComputedTiming().endTime === Infinity) return false; // a spinner never stops: nothing to wait for
        var properties = animation.transitionProperty
          ? [animation.transitionProperty]
          : effect.getKeyframes().flatMap(Object.keys);
        return properties.some(function (name) {
          return MOVES.test(name.replace(/-/g, "").toLowerCase());
        });
      });
    });
  }
  function keepsStillAt(x, y) {
    var started = performance.now();
    function look() {
      var chain = [];
      for (var node = deepElementFromPoint(x, y); node; node = flatParent(node)) chain.push(node);
      if (!anyMoving(chain) || performance.now() - started >= SETTLE_UNDER_MS) return Promise.resolve();
      return nextFrame().then(look);
    }
    return look();
  }
  // What both lanes wait for between a double click's presses (pointer.js's press(); the cdp lane's real input,
  // through api.js's beforeSecondPress): a person's interval between the presses (SECOND_PRESS_AFTER_MS), then the
  // page has done and drawn what the first click did (frameAndTurn, dom.js), and what lies at the point keeps still.
  // The interval: a person's second press comes a tenth of a second after the first at the soonest, by when what the
  // click set going has begun. Two frames after the click, Base Web's menu had just taken the focus into its list and
  // its focus lock had not settled: the lanes' second press, then, left the focus on the body as the menu closed,
  // where real input's, routed by the browser a frame or two later, left it on the button (the runner's real input
  // waits the same interval: tests/conformance/oracle.py, PERSONS_INTERVAL).
  var SECOND_PRESS_AFTER_MS = 100;
  function secondPressReady(x, y) {
    return new Promise(function (resolve) {
      setTimeout(resolve, SECOND_PRESS_AFTER_MS);
    })
      .then(engine.frameAndTurn)
      .then(function () {
        return keepsStillAt(x, y);
      });
  }

  Object.assign(engine, {
    reaches: reaches,
    pressedThrough: pressedThrough,
    intercepted: intercepted,
    clearInView: clearInView,
    pointerTarget: pointerTarget,
    pressPoint: pressPoint,
    untilReached: untilReached,
    secondPressReady: secondPressReady,
    parentOf: parentOf,
    flatParent: flatParent,
    inert: inert,
    roleAndName: describe,
    animationsEnded: animationsEnded,
  });
})(globalThis.__hermesEngine);

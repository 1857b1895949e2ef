// Hermes snapshot engine: where the synthetic pointer is, and what it is over. A click (pointer.js), a hover and a
// drag (drag.js) move it with arrive(); in between it rests where it last went, as a person's mouse does, and the
// page may move under it: pointerStays() gives the element now under it the events the browser would give it.
// Its own file because the click and the drag both move it, and the engine's settle (dom.js) and the start of
// each action (watch()) bring it up to date.
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var fire = engine.fire,
    mouseInit = engine.mouseInit,
    gesture = engine.gesture,
    flatParent = engine.flatParent,
    deepElementFromPoint = engine.deepElementFromPoint;

  var PointerOrMouse = typeof PointerEvent === "function" ? PointerEvent : MouseEvent;

  // The element the pointer is over in this frame, as the engine last moved it (a real mouse's position is
  // not the engine's to know), with its hover chain (hoverChain()) as it was then, and the point where the
  // pointer rests (null until the engine has moved it in this frame: the cdp lane's real pointer is Chromium's).
  var hovered = null;
  var hoveredChain = [];
  var restingAt = null;
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
  // opens when its container is entered needs the enter events of the ancestors too. Where the page removed the
  // element it was over, the pointer is still in what of its chain is left: it gets no out or leave events, and
  // no enter events again (measured on Chromium 156: a button removed by its own click, the box it was in gets
  // only pointerover and mouseover).
  function moveOnto(target, init) {
    var previous = hovered && hovered.isConnected ? hovered : null;
    var old = previous ? hoverChain(previous) : hoveredChain.filter(isConnected);
    if (previous === target) return;
    hovered = target;
    var fresh = (hoveredChain = hoverChain(target));
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
  function isConnected(node) {
    return node.isConnected;
  }
  // The pointer arrives over `target` at (x, y): the events of a hover, and the point where it rests now.
  function arrive(target, x, y, how) {
    restingAt = { x: x, y: y };
    var hover = mouseInit(x, y, how, 0, 0);
    moveOnto(target, hover);
    fire(target, PointerOrMouse, "pointermove", hover);
    fire(target, MouseEvent, "mousemove", hover);
  }
  // The pointer, pressed, moved to (x, y) without the boundary events (a drag's moves): it rests there now, and
  // pointerStays() gives what is there the events once it is released.
  function movedTo(x, y) {
    restingAt = { x: x, y: y };
  }
  // What Chromium does for a pointer that keeps still while the page changes under it: at the next frame after a
  // layout change or a scroll it hit-tests the pointer's point again and gives what is there now the boundary
  // events (out and leave, over and enter; no move). TDesign's slider handle, slid under the pointer by a press on
  // its rail, takes the focus on mouseenter, and the arrows then move it. Called at each check of an action's
  // settle (dom.js), when the next action begins (watch()), and at a press's release, which the browser hit-tests
  // again (pointer.js). Nothing where this frame's pointer has not been.
  // `init`: the events' fields, for a pointer held down (a press's release); by default a pointer at rest.
  function pointerStays(init) {
    if (!restingAt || !hovered) return;
    init = init || mouseInit(restingAt.x, restingAt.y, gesture({}), 0, 0);
    // the element the pointer was over is out of the page: what it was in is under the pointer at once, before
    // layout (Chromium 156: a button removed by its click, the paragraph it was in gets pointerover and mouseover,
    // then, the paragraph being empty, the box around it gets the pointer from it at the next frame)
    var left = hoveredChain.filter(isConnected)[0];
    if (!hovered.isConnected && left) moveOnto(left, init);
    var hit = deepElementFromPoint(restingAt.x, restingAt.y);
    if (!hit || hit === hovered || engine.pressedThrough(hovered, hit) === hovered) return;
    moveOnto(hit, init);
  }
  // The innermost element of the flat tree (through slots and shadow roots' hosts) that holds both `pressed` and
  // `released`: where the browser sends the click of a press and a release on different elements.
  function holdingBoth(pressed, released) {
    var around = [];
    for (var node = pressed; node; node = flatParent(node)) around.push(node);
    for (var other = released; other; other = flatParent(other)) {
      if (other.nodeType === 1 && around.indexOf(other) >= 0) return other;
    }
    return pressed;
  }
  // Whether the pointer is over `el` as the engine last moved it.
  function isOver(el) {
    return hovered === el;
  }

  Object.assign(engine, {
    arrive: arrive,
    movedTo: movedTo,
    pointerStays: pointerStays,
    holdingBoth: holdingBoth,
    isOver: isOver,
  });
})(globalThis.__hermesEngine);

// Hermes snapshot engine: the synthetic pointer's events: what a gesture holds (gesture(): the button, the clicks,
// the keys held, as the tools take them), what each of its mouse and pointer events carries (mouseInit()), and how
// one event is dispatched (fire()). Its own file because the click (pointer.js), the focus moves a press makes
// (focus.js) and the drag (drag.js) all dispatch through these, and the focus moves come before the click.
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var failure = engine.failure,
    quote = engine.quote;

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

  Object.assign(engine, {
    gesture: gesture,
    mouseInit: mouseInit,
    fire: fire,
  });
})(globalThis.__hermesEngine);

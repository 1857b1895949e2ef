// Runs in the page's own world at document_start (every frame; the extension's manifest lists it, and the cdp
// lane registers it with the other page hooks): it keeps the ElementInternals that custom elements attach
// (attachInternals), because a widget library may give its element a role and states there and nowhere else
// (Material Web's md-radio: `internals.role = "radio"`, `internals.ariaChecked`), which Chromium's
// accessibility tree shows and no attribute does. Without it the snapshot prints such a radio as "generic".
//
// The engine lives in an isolated world and cannot read an ElementInternals. As with click_listeners.js: when
// the engine dispatches "hermes:element-internals?" on the document, this script dispatches a non-bubbling,
// composed "hermes:element-internals" event at each element with internals that is still in the document, its
// detail a JSON string of the ARIA properties the page has set on them ({role, ariaChecked, ...}), which the
// engine's capture listener collects (roles.js, internalsOf). The page shares this world, so what it can do here
// is what it can do anyway with attributes: give an element a role or states. The engine takes only known
// property names, and a role only from ARIA's list.
"use strict";

(() => {
  if (window.__hermesElementInternals) return;
  Object.defineProperty(window, "__hermesElementInternals", { value: true });

  const QUERY = "hermes:element-internals?";
  const MARK = "hermes:element-internals";
  // The ARIA reflections the engine reads as attributes elsewhere (roles.js, names.js, states.js).
  const PROPERTIES = [
    "role", "ariaLabel", "ariaChecked", "ariaSelected", "ariaExpanded", "ariaPressed", "ariaDisabled",
    "ariaRequired", "ariaReadOnly", "ariaInvalid", "ariaCurrent", "ariaLevel", "ariaValueNow", "ariaValueText",
  ];
  const { apply } = Reflect;
  const attach = HTMLElement.prototype.attachInternals;
  const addListener = EventTarget.prototype.addEventListener;
  const dispatch = EventTarget.prototype.dispatchEvent;
  const stringify = JSON.stringify;
  if (typeof attach !== "function") return;
  // Elements are held weakly, as click_listeners.js holds them (an element can attach internals only once), and
  // the list swept when it has doubled since the last sweep, and at each query.
  const internalsOf = new WeakMap(); // element -> its ElementInternals
  let held = [];
  let sweepAt = 1024;
  const sweep = () => {
    held = held.filter((weak) => weak.deref());
    sweepAt = Math.max(1024, 2 * held.length);
  };

  HTMLElement.prototype.attachInternals = function attachInternals() {
    const internals = apply(attach, this, arguments);
    internalsOf.set(this, internals);
    held.push(new WeakRef(this));
    if (held.length > sweepAt) sweep();
    return internals;
  };

  apply(addListener, document, [
    QUERY,
    () => {
      sweep();
      for (const weak of held) {
        const element = weak.deref();
        if (!element || !element.isConnected) continue;
        const internals = internalsOf.get(element);
        const set = {};
        let any = false;
        for (const name of PROPERTIES) {
          const value = internals[name];
          if (typeof value === "string") {
            set[name] = value;
            any = true;
          }
        }
        if (any) apply(dispatch, element, [new CustomEvent(MARK, { composed: true, detail: stringify(set) })]);
      }
    },
  ]);
})();

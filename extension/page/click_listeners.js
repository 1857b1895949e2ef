// Runs in the page's own world at document_start (every frame; the extension's manifest lists it, and the cdp
// lane registers the same file with Page.addScriptToEvaluateOnNewDocument): it notes which elements the page
// gave a click listener (addEventListener of click, mousedown, mouseup, pointerdown, pointerup or dblclick, or
// an on<event> property), because an icon that only a listener makes clickable shows no cursor, no role and
// no text, and the snapshot must still give it a ref (issue 12); and a drag's (dragstart, dragover, drop), so
// that browser_drag can name a drop zone by its ref.
//
// The snapshot engine lives in an isolated world and cannot see this closure; DOM events cross worlds. When
// the engine dispatches "hermes:click-listeners?" on the document, this script dispatches a non-bubbling,
// composed "hermes:click-listener" event at each noted element still in the document, its detail 1, or 3 for one
// that listens for drops, which the engine's capture listener on its window collects (tree.js, clickListeners).
// The page shares this world, so what it can do here is what it can do anyway: add such events itself (an element
// then gets a ref, named by the engine from the DOM as any other) or hide its own listeners. Nothing here ever
// becomes snapshot text.
"use strict";

(() => {
  if (window.__hermesClickListeners) return;
  Object.defineProperty(window, "__hermesClickListeners", { value: true });

  const QUERY = "hermes:click-listeners?";
  const MARK = "hermes:click-listener";
  // A drop zone (dragover, drop) and what starts a drag are acted on too: browser_drag names them by ref.
  const CLICK_TYPES = new Set(["click", "mousedown", "mouseup", "pointerdown", "pointerup", "dblclick", "dragstart", "dragover", "drop"]);
  // A box that takes drops is the target itself, even a list whose rows take the clicks (JupyterLab's file listing
  // takes dropped files): its mark says so (detail DROP). Only a drop listener counts: a widget may listen for
  // dragover only to refuse drags (JupyterLab's toolbar items do).
  const DROP_TYPES = new Set(["drop"]);
  const CLICK = 1;
  const DROP = 2;
  const { apply } = Reflect;
  const addListener = EventTarget.prototype.addEventListener;
  const dispatch = EventTarget.prototype.dispatchEvent;
  const isElement = (target) => target instanceof Element;
  // Elements are held weakly: a page that drops an element lets it go. The list of WeakRefs is swept when it has
  // doubled since the last sweep (and at each query), so a page that keeps making listened-to elements and
  // dropping them does not grow it without bound.
  const noted = new WeakMap(); // element -> CLICK | DROP bits
  let held = [];
  let sweepAt = 1024;

  const sweep = () => {
    const live = [];
    for (const weak of held) if (weak.deref()) live.push(weak);
    held = live;
    sweepAt = Math.max(1024, 2 * held.length);
  };
  const note = (target, type) => {
    if (!isElement(target)) return;
    const kind = CLICK | (DROP_TYPES.has(type) ? DROP : 0);
    const before = noted.get(target);
    if (before === undefined) {
      held.push(new WeakRef(target));
      if (held.length > sweepAt) sweep();
    }
    noted.set(target, (before ?? 0) | kind);
  };

  EventTarget.prototype.addEventListener = function addEventListener(type, listener, options) {
    if (listener && CLICK_TYPES.has(type)) note(this, type);
    return apply(addListener, this, arguments);
  };
  for (const prototype of [HTMLElement.prototype, SVGElement.prototype]) {
    for (const type of CLICK_TYPES) {
      const property = Object.getOwnPropertyDescriptor(prototype, "on" + type);
      if (!property || !property.set) continue;
      Object.defineProperty(prototype, "on" + type, {
        ...property,
        set(handler) {
          if (handler) note(this, type);
          return apply(property.set, this, [handler]);
        },
      });
    }
  }

  apply(addListener, document, [
    QUERY,
    () => {
      sweep();
      for (const weak of held) {
        const element = weak.deref();
        if (element && element.isConnected) {
          apply(dispatch, element, [new CustomEvent(MARK, { composed: true, detail: noted.get(element) })]);
        }
      }
    },
  ]);
})();

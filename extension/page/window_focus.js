// Runs in the page's own world at document_start (every frame; the extension's manifest lists it), for the extension
// lane only (issue 30): while the agent controls the tab, the page gets the focus events a window with the system's
// focus would give it, for the page's own focus() and blur() calls too, and document.hasFocus() says true.
//
// Why: Chrome fires focus, blur, focusin and focusout only in a page whose window has the system's focus. A user who
// watches the agent from a terminal, or works in another window, leaves Chrome's window without it (and every tab
// of a headless browser has none): there element.focus() moves document.activeElement silently. Many widgets learn
// of the focus only from those events: JupyterLab's focus tracker (Lumino's FocusTracker, a capture 'focus'
// listener on each widget) never makes the opened notebook current, so its status bar, its Run and Kernel menus and
// its toolbar act on nothing; Quasar's QSelect closes its menu after the first option of a multiple select, because
// the focus its own code gives back to the select comes with no event. A person's window would have the focus: the
// person clicked into it. The engine fires these events for the focus moves it makes itself (engine/focus.js,
// focusElement); a move the page makes, in its handlers or at any other time, only a hook in the page's world sees.
//
// Raising the window (chrome.windows.update with focused: true) would give the real events, but it takes the
// user's keyboard from whatever they are typing into elsewhere and brings Chrome in front of their work: the user's
// window is never raised. Chrome DevTools' focus emulation (Emulation.setFocusEmulationEnabled) needs the debugger
// permission this extension does not hold.
//
// What it does while the tab is controlled and the document really has no focus (document.hasFocus() of the
// browser is false; in a focused window Chrome fires the real events and this hook does nothing):
// - a focus() that moves the focus fires what Chrome's Document::SetFocusedElement fires in a focused window, in
//   its order: blur and focusout on the element that had it (while the document itself holds the focus, as in
//   Chrome), then focus and focusin on the new one; a handler that moves the focus meanwhile ends the sequence,
//   as in Chrome; a blur() that takes the focus fires blur and focusout;
// - document.hasFocus() answers true (CodeMirror 6 counts an editor focused only then): in the top frame always, in
//   a child frame while an element in it has the focus (a frame cannot see where its parent's focus is);
// - element.matches(':focus'), (':focus-visible') and (':focus-within') answer as in a focused window (below), and
//   so does querySelector() with one of them; and matches(':hover') is true along what the agent's pointer is over
//   (the extension lane's pointer moves with untrusted events, which :hover does not follow), in any window;
// - a focused element taken out of the document gets blur and focusout, as Chrome fires them in a focused window as
//   it goes, also when it is put back at once (a grid that draws its rows anew takes its cell editor out with them
//   and puts the same rows back: Tabulator ends the edit on that blur); here they come once the removal's mutations
//   are delivered, a microtask later;
// - when control starts, what a window gaining the focus gives: focus on the window, then focus and focusin on the
//   element that has the focus; when it ends, what losing it gives: blur and focusout on that element, then blur on
//   the window.
//
// Whether the tab is controlled comes over a MessageChannel whose port the extension's isolated world hands over at
// document_start (page/window_focus_relay.js, listed right after this file's world's scripts), before any page
// script runs; the port lives only in this closure, so a page cannot switch the hook on or off. The hook sends
// nothing: the relay never reads the port, so the page has no way to the extension through it. The page shares
// this world and may call the wrapped focus() and blur(): what they cause is ordinary untrusted events, dispatched
// to the page itself, which it could dispatch itself anyway.
"use strict";

(() => {
  if (window.__hermesWindowFocus) return;
  Object.defineProperty(window, "__hermesWindowFocus", { value: true });

  const HANDSHAKE = "hermes:window-focus-port";
  const { apply } = Reflect;
  const dispatch = EventTarget.prototype.dispatchEvent;
  const realHasFocus = Document.prototype.hasFocus;
  const activeOf = Object.getOwnPropertyDescriptor(Document.prototype, "activeElement").get;
  const shadowActiveOf = Object.getOwnPropertyDescriptor(ShadowRoot.prototype, "activeElement").get;
  const shadowRootOf = Object.getOwnPropertyDescriptor(Element.prototype, "shadowRoot").get;
  const rootOf = Node.prototype.getRootNode;
  const containsOf = Node.prototype.contains;
  const dataOf = Object.getOwnPropertyDescriptor(MessageEvent.prototype, "data").get;
  const portsOf = Object.getOwnPropertyDescriptor(MessageEvent.prototype, "ports").get;
  const preventDefault = Event.prototype.preventDefault;
  const composedPathOf = Event.prototype.composedPath;
  const addListener = EventTarget.prototype.addEventListener;
  const removeListener = EventTarget.prototype.removeEventListener;
  const Focus = FocusEvent;
  const Plain = Event;
  const Frame = HTMLIFrameElement;
  const ElementKind = Element;
  const DocumentKind = Document;
  const FragmentKind = DocumentFragment;
  const ShadowRootKind = ShadowRoot;
  const hostOf = Object.getOwnPropertyDescriptor(ShadowRoot.prototype, "host").get;
  const slotOf = Object.getOwnPropertyDescriptor(Element.prototype, "assignedSlot").get;
  const HTML = HTMLElement;
  const Input = HTMLInputElement;
  const TextArea = HTMLTextAreaElement;
  const inputTypeOf = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "type").get;
  const editableOf = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "isContentEditable").get;
  const ctrlOf = Object.getOwnPropertyDescriptor(KeyboardEvent.prototype, "ctrlKey").get;
  const altOf = Object.getOwnPropertyDescriptor(KeyboardEvent.prototype, "altKey").get;
  const metaOf = Object.getOwnPropertyDescriptor(KeyboardEvent.prototype, "metaKey").get;
  const TEXT_INPUT_TYPES = new Set(["text", "search", "url", "tel", "email", "password", "number"]);
  const Observer = MutationObserver;
  const observe = MutationObserver.prototype.observe;
  const stopObserving = MutationObserver.prototype.disconnect;
  const isTop = window === window.top;
  const doc = document;

  let controlled = false;

  // The element that has the focus, through open shadow roots; null when the document itself has it. An <iframe>
  // holds a focus that is its own document's, whose hook fires its events: it counts as none here.
  const focused = () => {
    let element = apply(activeOf, doc, []);
    for (let root = element && apply(shadowRootOf, element, []); root; root = apply(shadowRootOf, element, [])) {
      const inner = apply(shadowActiveOf, root, []);
      if (!inner) break;
      element = inner;
    }
    if (!element || element === doc.body || element === doc.documentElement || element instanceof Frame) return null;
    return element;
  };
  const emulating = () => controlled && !apply(realHasFocus, doc, []);

  const fire = (target, type, related, bubbles) =>
    apply(dispatch, target, [new Focus(type, { bubbles, composed: true, view: window, relatedTarget: related })]);
  const fireBlur = (element, next) => {
    fire(element, "blur", next, false);
    fire(element, "focusout", next, true);
  };
  // focus, then focusin unless a focus handler moved the focus on; whether the focus stayed on `element`.
  const fireFocus = (element, previous) => {
    fire(element, "focus", previous, false);
    if (focused() !== element) return false;
    fire(element, "focusin", previous, true);
    return true;
  };

  // Replaces the method `name` of `proto` (focus and blur are HTMLElement's, SVGElement's and MathMLElement's, each
  // its own function), keeping its name, length and attributes; the original, by prototype, for silentBlur().
  const originalBlurs = [];
  const wrap = (proto, name, wrapper) => {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (!descriptor || typeof descriptor.value !== "function") return;
    const original = descriptor.value;
    if (name === "blur") originalBlurs.push([proto, original]);
    const replacement = {
      [name](...args) {
        return apply(wrapper, this, [original, args]); // not wrapper.call: a page may replace Function.prototype.call
      },
    }[name];
    Object.defineProperty(proto, name, { ...descriptor, value: replacement });
  };
  // Takes the focus from `element` without events (none fire without the system's focus).
  const silentBlur = (element) => {
    for (const [proto, blur] of originalBlurs) if (proto.isPrototypeOf(element)) return apply(blur, element, []);
  };

  function focusWrapper(original, args) {
    if (!emulating()) return apply(original, this, args);
    const previous = focused();
    const result = apply(original, this, args);
    const now = focused();
    if (!now || now === previous) return result;
    if (previous) {
      // Chrome fires the blur while the document holds the focus, before the new element takes it.
      silentBlur(now);
      fireBlur(previous, now);
      if (focused() !== null) return result; // a blur handler moved the focus: Chrome goes no further either
      apply(original, this, args);
      if (focused() !== now) return result;
    }
    fireFocus(now, previous);
    return result;
  }
  function blurWrapper(original, args) {
    if (!emulating()) return apply(original, this, args);
    const previous = focused();
    const result = apply(original, this, args);
    if (previous && focused() === null) fireBlur(previous, null);
    return result;
  }
  for (const kind of [HTMLElement, SVGElement, globalThis.MathMLElement]) {
    if (typeof kind !== "function") continue;
    wrap(kind.prototype, "focus", focusWrapper);
    wrap(kind.prototype, "blur", blurWrapper);
  }
  wrap(Document.prototype, "hasFocus", function (original, args) {
    const real = apply(original, this, args);
    if (real || !controlled || this !== doc) return real;
    return isTop || focused() !== null;
  });

  // :focus, :focus-visible and :focus-within match nothing in a document without the system's focus, and widgets
  // ask element.matches(':focus-visible') to tell a keyboard's focus from a pointer's: MUI, Floating UI (Mantine,
  // Headless UI), Base Web, Quasar and zag open a tooltip on focus only when it matches. While emulating, each of
  // the three, asked alone, answers as Chrome's selector checker does in a focused window: :focus-visible on the
  // focused element if it takes typed text (a text field, a textarea, editable content) or if no pointer was
  // pressed since the last key without Control, Alt or Meta (a page that has had neither counts as keyboard).
  let keyboardModality = true;
  const onKey = (event) => {
    if (!apply(ctrlOf, event, []) && !apply(altOf, event, []) && !apply(metaOf, event, [])) keyboardModality = true;
  };
  const onPress = () => {
    keyboardModality = false;
  };
  apply(addListener, window, ["keydown", onKey, true]);
  for (const type of ["mousedown", "pointerdown"]) apply(addListener, window, [type, onPress, true]);
  const takesText = (element) =>
    element instanceof TextArea ||
    (element instanceof Input && TEXT_INPUT_TYPES.has(apply(inputTypeOf, element, []))) ||
    (element instanceof HTML && apply(editableOf, element, []) === true);
  // The parent of `node` in the shadow-including tree, and in the flat tree, which :focus-within follows in Chrome:
  // a shadow host's child that is assigned to a slot has that slot for parent there (Spectrum's picker asks whether
  // its menu, in its shadow root, matches :focus-within while an item, the host's own child slotted into that menu,
  // has the focus; it gives the focus back to its button only then).
  const composedParent = (node) => node.parentNode || node.host;
  const flatParent = (node) => (node instanceof ElementKind && apply(slotOf, node, [])) || composedParent(node);
  // Whether `element` is or holds (through shadow roots and slots) `inner`.
  const holds = (element, inner) => {
    for (let node = inner; node; node = flatParent(node)) if (node === element) return true;
    return false;
  };
  // Whether `element` is the host of a shadow tree that holds `inner` (such a host matches :focus in Chrome); a
  // host's light-DOM children are not in its shadow tree, slotted or not (Shoelace's tree item holds its child
  // items so: the parent item does not match when a child has the focus, and the tree's keys step from the child).
  const hostsFocus = (element, inner) => {
    let root = apply(rootOf, inner, []);
    while (root instanceof ShadowRootKind) {
      const host = apply(hostOf, root, []);
      if (host === element) return true;
      root = apply(rootOf, host, []);
    }
    return false;
  };
  const focusState = {
    __proto__: null, // a selector such as "constructor" (a valid type selector) is not one of the three
    ":focus": (element, inner) => element === inner || hostsFocus(element, inner),
    ":focus-visible": (element, inner) => element === inner && (keyboardModality || takesText(element)),
    ":focus-within": holds,
  };
  // :hover follows a real pointer only: the extension lane's moves it with untrusted mouse events (engine/pointer.js,
  // moveOnto), and an element the agent points at never matches. Semi's tooltip, opened on the trigger's
  // mouseenter, hides itself again at once unless the trigger matches(':hover'). While the tab is controlled,
  // element.matches(':hover') asked alone also answers true for what the last untrusted mouseover was aimed at and
  // what holds it in the flat tree (as Chrome's hover chain does); a trusted one (a person's pointer) ends that.
  let pointedAt = null;
  const onOver = (event) => {
    pointedAt = event.isTrusted ? null : apply(composedPathOf, event, [])[0] || null; // (isTrusted: the event's own)
  };
  apply(addListener, window, ["mouseover", onOver, true]);
  const pointedHolds = (element) => controlled && pointedAt !== null && pointedAt.isConnected && holds(element, pointedAt);
  wrap(Element.prototype, "matches", function (original, args) {
    const selector = typeof args[0] === "string" ? args[0].trim() : "";
    if (selector === ":hover") return apply(original, this, args) || pointedHolds(this);
    const answer = selector && emulating() && focusState[selector];
    if (!answer) return apply(original, this, args);
    const inner = focused();
    return inner !== null && answer(this, inner);
  });

  // querySelector() with one of the three, asked alone, finds what matches() above answers for, first in document
  // order: Vuetify's slide group (its tabs) steps from the tab that querySelector(':focus') finds, and from the first
  // one when it finds none. In the scope's own tree the focus is the element that holds it there (itself, or the
  // shadow host around it; for :focus-within, the flat tree's ancestor there); :focus-within's first match is the
  // outermost element around that, below the scope.
  function querySelectorWrapper(original, args) {
    const selector = typeof args[0] === "string" ? args[0].trim() : "";
    const answer = selector && emulating() && focusState[selector];
    if (!answer) return apply(original, this, args);
    const inner = focused();
    const tree = this instanceof DocumentKind || this instanceof FragmentKind ? this : apply(rootOf, this, []);
    const up = selector === ":focus-within" ? flatParent : composedParent;
    let held = inner;
    while (held && apply(rootOf, held, []) !== tree) held = up(held);
    if (!held || held === this || !apply(containsOf, this, [held]) || !answer(held, inner)) return null;
    if (selector !== ":focus-within") return held;
    while (held.parentNode !== this && held.parentNode instanceof ElementKind) held = held.parentNode;
    return held;
  }
  for (const kind of [ElementKind, DocumentKind, FragmentKind]) wrap(kind.prototype, "querySelector", querySelectorWrapper);

  // The element last seen with the focus (at each focus event, press, key and delivery of mutations): when the
  // document holds the focus at a delivery of mutations, with no blur since, the element was taken out of the
  // document with the focus in it (the focus does not come back with it), which Chrome tells with blur.
  let lastFocused = null;
  const noteFocus = () => {
    lastFocused = focused();
  };
  for (const type of ["focusin", "focusout", "mousedown", "pointerdown", "keydown"]) {
    apply(addListener, window, [type, noteFocus, true]);
  }
  const removals = new Observer(() => {
    const element = lastFocused;
    noteFocus();
    if (element && lastFocused === null && emulating()) fireBlur(element, null);
  });

  // Control starts (the window, as the page sees it, gains the focus) or ends (loses it).
  const setControlled = (on) => {
    if (on === controlled) return;
    const unfocused = !apply(realHasFocus, doc, []);
    const element = focused();
    if (on) {
      controlled = true;
      lastFocused = element;
      apply(observe, removals, [doc, { childList: true, subtree: true }]);
      if (!unfocused || !(isTop || element)) return;
      apply(dispatch, window, [new Plain("focus")]);
      if (element && focused() === element) fireFocus(element, null);
    } else {
      if (unfocused && (isTop || element)) {
        if (element) fireBlur(element, null);
        apply(dispatch, window, [new Plain("blur")]);
      }
      apply(stopObserving, removals, []);
      controlled = false;
    }
  };

  const takePort = (event) => {
    apply(removeListener, window, [HANDSHAKE, takePort]);
    const [port] = apply(portsOf, event, []);
    if (!port) return;
    apply(preventDefault, event, []); // tells the relay that the port was taken
    port.onmessage = (message) => {
      const on = apply(dataOf, message, []);
      if (on === true || on === false) setControlled(on);
    };
  };
  apply(addListener, window, [HANDSHAKE, takePort]);
})();

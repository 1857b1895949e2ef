// Hermes snapshot engine: the focus, moved as a person's press or Tab key moves it, with its events (focusElement(),
// blurFocused(), moveFocusFor()). Chrome fires focus events only in a window that has the system focus; the engine
// fires what Chrome would elsewhere, and not again what the page-world focus hook (page/window_focus.js) already
// gave (focusEventsHeard(), focusMovedByPage()). Its own file because the click (pointer.js), the keys
// (keyboard.js) and typing (typing.js) all move the focus through it, and the rule is one.
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var isDisabled = engine.isDisabled,
    isContentEditableRoot = engine.isContentEditableRoot,
    activeElementDeep = engine.activeElementDeep,
    isTextField = engine.isTextField,
    nativeValue = engine.nativeValue,
    valueSetByScript = engine.valueSetByScript,
    fire = engine.fire;

  function focusable(el) {
    if (!el || el.nodeType !== 1) return false;
    if (isDisabled(el)) return false;
    if (el.isContentEditable && isContentEditableRoot(el)) return true;
    return el.tabIndex >= 0 || el.hasAttribute("tabindex");
  }
  // A press focuses the nearest focusable element around the target, or blurs whatever had the focus. "Around" is
  // the flat tree, as Chromium walks it: an element a shadow host slots in is inside the slot that shows it (the
  // label of Ionic's accordion header, slotted into the header's inner <button>, focuses that button).
  // A shadow host that delegates its focus (delegatesFocus) is such an element too, and a press on its tree
  // focuses its first focusable element, unless the focus is in that tree already (Calcite's time picker: a press
  // between its fields focuses the Hour, as measured with real input).
  function moveFocusFor(target) {
    var candidate = target;
    while (candidate && candidate !== document.documentElement && !focusable(candidate) && !delegatesFocus(candidate)) {
      candidate = engine.flatParent(candidate);
    }
    if (candidate && delegatesFocus(candidate) && !focusable(candidate)) {
      var inside = focusedElement();
      if (inside && engine.composedContains(candidate, inside)) return;
      candidate = focusDelegate(candidate.shadowRoot);
    }
    if (candidate && focusable(candidate)) focusElement(candidate);
    else blurFocused();
  }
  function delegatesFocus(el) {
    return !!el.shadowRoot && el.shadowRoot.delegatesFocus;
  }
  // The first element of a shadow tree, in shadow-including tree order, that a press could focus and that shows.
  function focusDelegate(root) {
    for (var child = root.firstElementChild; child; child = child.nextElementSibling) {
      if (focusable(child) && engine.hasBox(child)) return child;
      var inner = (child.shadowRoot ? focusDelegate(child.shadowRoot) : null) || focusDelegate(child);
      if (inner) return inner;
    }
    return null;
  }
  // Moves the focus to `el` as a user's click or Tab key does, with its events. Chrome fires focus events only
  // in a page whose window has the system focus; in any other (a tab in a window behind another, every tab of
  // a headless browser) element.focus() moves document.activeElement silently, and a widget that opens on
  // focus (jQuery UI's date picker) never learns of it, where a user's click would have focused the window
  // first. There the engine fires what Chrome would: blur and focusout on the element that had the focus, while
  // the document holds it (as in Chrome), then focus and focusin on `el`; a blur handler that moves the focus
  // ends the change, as in Chrome. In a focused window Chrome fires them itself, and the engine adds none.
  // `scrolling` (Tab's move): the element is scrolled into view as it takes the focus, as the browser does for
  // Tab; a press's focus scrolls nothing (what is pressed shows already).
  function focusElement(el, scrolling) {
    var previous = focusedElement();
    if (previous === el) return;
    el.focus({ preventScroll: !scrolling });
    if (document.hasFocus() || activeElementDeep() !== el) return;
    watchForChange(el); // (the focus events below may stop at a shadow host, short of the window)
    if (previous) {
      el.blur();
      blurEvents(previous, el);
      if (focusedElement()) return;
      el.focus({ preventScroll: !scrolling });
      if (activeElementDeep() !== el) return;
    }
    gainEvents(el, previous);
  }
  // A page that moves the focus itself in its press handlers (React Select focuses its input on mousedown, and
  // opens its menu when that input's focus event comes) gets the events a focused window would have given it,
  // as focusElement() gives them, unless they came already (`heard`: focusHeard when the press began): in a
  // controlled tab the page-world hook (page/window_focus.js) fires them for the page's own focus() calls.
  function focusMovedByPage(previous, heard) {
    var now = focusedElement();
    if (now !== previous && !document.hasFocus() && focusHeard === heard) focusEvents(previous, now);
  }
  // How many focus and blur events have reached this window: the browser's, the page-world hook's, the engine's.
  var focusHeard = 0;
  function hearFocus() {
    focusHeard++;
  }
  window.addEventListener("focus", hearFocus, true);
  // focusHeard now, for focusMovedByPage(): taken before a press, compared after it.
  function focusEventsHeard() {
    return focusHeard;
  }
  window.addEventListener("blur", hearFocus, true);
  // A text field fires change when the focus leaves it holding another value than when it came (typed into, not
  // yet committed): Chrome does it only where it fires focus events, in a window with the system focus, and only for
  // a value typed there, not one a script set (the engine's typing, fields.js: valueSetByScript). Elsewhere, and for
  // the engine's typing, the engine does, on the field's blur, before the page's own blur handlers on the field.
  // The field's value is taken when its focus reaches the window, when the engine focuses it (a press, Tab), and
  // when the engine types into it or presses a key there: a focus that moves between two fields of one shadow host
  // stops at that host and never reaches the window (Bokeh's inputs, in Panel apps: typed into, or reached by Tab
  // and given keys, then left, they told the app nothing). So the blur is heard on the field itself.
  var valueAtFocus = new WeakMap();
  function watchForChange(field) {
    if (!field || !isTextField(field) || valueAtFocus.has(field)) return;
    valueAtFocus.set(field, nativeValue(field));
    field.addEventListener("blur", changeOnBlur, { capture: true, once: true });
  }
  window.addEventListener(
    "focus",
    function (event) {
      watchForChange(event.composedPath()[0]);
    },
    true
  );
  function changeOnBlur(event) {
    var field = event.currentTarget;
    var before = valueAtFocus.get(field);
    valueAtFocus.delete(field);
    var chromeFires = document.hasFocus() && !valueSetByScript(field);
    if (!chromeFires && nativeValue(field) !== before) fire(field, Event, "change", { bubbles: true });
  }
  // Enter in a one-line text field commits what it holds, as Chromium's does before anything else Enter does there:
  // change, when the field holds another value than when the focus came or than it last committed (UI5's date and
  // time pickers take their value from that change). Chromium fires it only for its own key: for the engine's, the
  // engine does.
  function changeOnEnter(field) {
    if (field.localName !== "input" || !valueAtFocus.has(field)) return;
    var now = nativeValue(field);
    if (now === valueAtFocus.get(field)) return;
    valueAtFocus.set(field, now);
    fire(field, Event, "change", { bubbles: true });
  }
  // Takes the focus from the element that has it (a press on something that takes no focus), likewise.
  function blurFocused() {
    var previous = focusedElement();
    if (!previous || !previous.blur) return;
    previous.blur();
    if (document.hasFocus() || activeElementDeep() === previous) return;
    focusEvents(previous, null);
  }
  // The element with the focus, or null when the document itself has it.
  function focusedElement() {
    var active = activeElementDeep();
    return active && active !== document.body && active !== document.documentElement ? active : null;
  }
  function blurEvents(from, to) {
    fire(from, FocusEvent, "blur", { composed: true, view: window, relatedTarget: to }, true);
    fire(from, FocusEvent, "focusout", { bubbles: true, composed: true, view: window, relatedTarget: to });
  }
  function focusEvents(from, to) {
    if (from) blurEvents(from, to);
    if (to) gainEvents(to, from);
  }
  // focus and focusin on `to`, whose relatedTarget is what had the focus (a focus trap, Element Plus's, keeps it
  // to give the focus back when its popup closes).
  function gainEvents(to, from) {
    fire(to, FocusEvent, "focus", { composed: true, view: window, relatedTarget: from }, true);
    fire(to, FocusEvent, "focusin", { bubbles: true, composed: true, view: window, relatedTarget: from });
  }

  Object.assign(engine, {
    focusElement: focusElement,
    watchForChange: watchForChange,
    changeOnEnter: changeOnEnter,
    blurFocused: blurFocused,
    moveFocusFor: moveFocusFor,
    focusedElement: focusedElement,
    focusMovedByPage: focusMovedByPage,
    focusEventsHeard: focusEventsHeard,
  });
})(globalThis.__hermesEngine);

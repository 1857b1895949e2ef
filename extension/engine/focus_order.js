/*
 * Hermes snapshot engine: the focus order, for the keys that move the focus (keyboard.js): Tab and Shift+Tab go
 * through the sequential focus order as Chromium's Tab key does, and the arrows move the checked radio of a group,
 * each measured against real keys (tests/lanes/test_actions_focus_order.py runs the same keys on both lanes).
 */
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var hasBox = engine.hasBox,
    isDisabled = engine.isDisabled,
    activeElementDeep = engine.activeElementDeep,
    focusElement = engine.focusElement,
    outermost = engine.outermost;

  // The sequential focus order, as Chromium's Tab key follows it (measured against real keys): positive tabindex
  // first (ascending), then the composed tree's order, shadow trees where their hosts are (open ones, and the
  // closed ones the extension's world reaches: dom.js openShadow); nothing disabled, hidden, invisible or inert.
  var TABBABLE = "a[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable]";
  function tabOrder() {
    var positive = [],
      zero = [],
      focused = activeElementDeep();
    // Puts each stop under `node` in its list, in order; whether there was any.
    (function walk(node) {
      var any = false;
      var children = engine.renderedChildren(node) || node.childNodes;
      for (var i = 0; i < children.length; i++) {
        var el = children[i];
        if (el.nodeType !== 1) continue;
        var listed = el.matches(TABBABLE);
        var stop = listed && tabbable(el);
        if (stop) (el.tabIndex > 0 ? positive : zero).push(el);
        var holds = !outOfOrderHost(el, focused) && walk(el);
        // (a scroller holds no stop, so nothing went in the lists after its place)
        if (!listed && !holds && scrollsByKeyboard(el)) {
          zero.push(el);
          stop = true;
        }
        any = any || stop || holds;
      }
      return any;
    })(document.body || document.documentElement);
    positive.sort(function (a, b) {
      return a.tabIndex - b.tabIndex;
    });
    return positive.concat(zero);
  }
  // A shadow host of negative tabindex takes its shadow tree, and what is slotted into it, out of the order (HTML's
  // focus navigation scopes; measured with real keys): Material Web's menu items, select options and chips keep a
  // roving tabindex on their hosts (-1 but the current one) and a tabindex of 0 on the item inside, which Tab
  // never reaches. Not for a focus inside it: Tab goes through that tree's stops first, then on from the host (UI5's
  // dialog, a popover whose host has tabindex -1: from its Cancel to its Save).
  function outOfOrderHost(el, focused) {
    return el.hasAttribute("tabindex") && el.tabIndex < 0 && !!engine.openShadow(el) && !(focused && engine.composedContains(el, focused));
  }
  // Chromium's keyboard-focusable scrollers (measured with real keys): a box the user can scroll (overflow auto or
  // scroll, with more to show than it does) that holds no other stop is a stop itself, though it has no tabindex;
  // one that clips without scrolling, or whose content fits, is not. (Carbon's combobox list is one: Tab from its
  // field chooses it, then the field's blur closes it, and the focus goes nowhere.)
  var SCROLLS = /^(auto|scroll)$/;
  function scrollsByKeyboard(el) {
    var overflowsY = el.scrollHeight > el.clientHeight,
      overflowsX = el.scrollWidth > el.clientWidth;
    if (!overflowsY && !overflowsX) return false;
    var style = getComputedStyle(el);
    var scrolls = (overflowsY && SCROLLS.test(style.overflowY)) || (overflowsX && SCROLLS.test(style.overflowX));
    return scrolls && style.visibility === "visible" && hasBox(el) && !engine.inert(el);
  }
  // (an editable's root is a stop though its tabIndex reads -1)
  function tabbable(el) {
    var stop = el.tabIndex >= 0 || (!el.hasAttribute("tabindex") && engine.isContentEditableRoot(el));
    if (!stop || isDisabled(el) || !hasBox(el) || (el.localName === "input" && el.type === "hidden")) return false;
    return getComputedStyle(el).visibility === "visible" && !engine.inert(el);
  }
  // Radio buttons of one group are one stop, as Chromium has it (measured with real keys): never while the focus
  // is in the group; else the checked one; with none checked, the radio of the group that last had the focus, and
  // if none had it (or it is gone), whichever comes first: Tab enters at the group's first, Shift+Tab at its last.
  // `arrows`: the group an arrow key steps through, where radios without a name are one group too (Chromium's
  // NextRadioButtonInGroup compares names, "" with "": Fluent UI's tree draws a radio without a name in each item,
  // and real arrows go from one to the next); no other rule counts them as a group.
  function radioGroup(el, arrows) {
    if (!isRadio(el) || !(el.name || arrows)) return null;
    var root = el.getRootNode();
    var all = root.querySelectorAll ? root.querySelectorAll('input[type="radio"]') : [];
    return Array.prototype.filter.call(all, function (other) {
      return other.name === el.name && other.form === el.form;
    });
  }
  function skipsRadio(candidate, from) {
    var group = radioGroup(candidate);
    if (!group) return false;
    if (group.indexOf(from) >= 0) return true;
    var anyChecked = group.some(function (radio) {
      return radio.checked;
    });
    if (anyChecked) return !candidate.checked;
    var last = lastFocusedRadio(candidate);
    return !!last && last !== candidate && group.indexOf(last) >= 0 && tabbable(last);
  }
  function isRadio(el) {
    return !!el && el.localName === "input" && el.type === "radio";
  }
  // The radio of each named group that last had the focus, by the group's scope (its form, else its tree) and
  // name.
  var focusedRadios = new WeakMap();
  function radioScope(radio) {
    return radio.form || radio.getRootNode();
  }
  function lastFocusedRadio(radio) {
    var byName = focusedRadios.get(radioScope(radio));
    return (byName && byName.get(radio.name)) || null;
  }
  window.addEventListener(
    "focus",
    function (event) {
      var el = event.composedPath()[0];
      if (!isRadio(el) || !el.name) return;
      var scope = radioScope(el);
      if (!focusedRadios.has(scope)) focusedRadios.set(scope, new Map());
      focusedRadios.get(scope).set(el.name, el);
    },
    true
  );
  // An arrow in a radio group checks the next radio of the group that can be (Down and Right, Left in a
  // right-to-left group) or the one before, round the group's ends: the focus moves to it, then it is clicked,
  // which checks it and fires click, input and change, as Chromium's own (measured against real keys).
  var ARROW_KEYS = /^Arrow(Up|Down|Left|Right)$/;
  function stepRadio(radio, key) {
    var group = radioGroup(radio, true);
    var forward = key === "ArrowDown" || key === (getComputedStyle(radio).direction === "rtl" ? "ArrowLeft" : "ArrowRight");
    var at = group.indexOf(radio);
    for (var n = 1; n < group.length; n++) {
      var next = group[(at + (forward ? n : group.length - n)) % group.length];
      if (isDisabled(next) || !hasBox(next)) continue;
      focusElement(next, true); // a key's focus brings what it reaches into view, as Tab's does
      next.click();
      return "select";
    }
    return null;
  }
  // Tab moves the focus to the next element in that order that takes it; past the last (or before the first),
  // the focus leaves the page, as it goes to the browser's own controls: the document keeps none, and the next
  // Tab starts from the first again.
  function moveFocus(target, backwards) {
    var place = null;
    if ((!target || target === document.body) && startingPoint) {
      if (startingPoint.isConnected) target = startingPoint;
      else if (startingPlace && startingPlace.startContainer.isConnected) place = startingPlace;
    }
    var order = tabOrder();
    var step = backwards ? -1 : 1;
    var before = activeElementDeep();
    for (var i = firstStop(order, target, backwards, place); i >= 0 && i < order.length; i += step) {
      var next = order[i];
      if (skipsRadio(next, before)) continue;
      var took = tookFocus(next);
      // the focus went there, or a handler of its events moved it on (a dialog's focus trap sends it back in, to
      // where it was before too: rsuite's modal, Shift+Tab from it): either is where Tab leaves it; only an element
      // that took no focus at all passes it to the next stop
      if (took || activeElementDeep() !== before) {
        if (activeElementDeep() === next) selectOnTab(next);
        noteStartingPoint(activeElementDeep());
        return "focus";
      }
    }
    if (target && target !== document.body) engine.blurFocused();
    noteStartingPoint(null); // the focus left the page: the next Tab starts from its start
    return "focus";
  }
  // focusElement(el, true), and whether el took the focus: its focus event came, though a handler of it may have
  // moved the focus on since.
  function tookFocus(el) {
    var took = false;
    var mark = function () {
      took = true;
    };
    el.addEventListener("focus", mark, true);
    try {
      focusElement(el, true);
    } finally {
      el.removeEventListener("focus", mark, true);
    }
    return took;
  }
  // Chromium's Tab into a one-line text field selects all it holds, after its focus event (a select event follows),
  // so that the next keys replace it; a textarea keeps the selection it had (measured with real keys: Solara's
  // number field holding "0.0", Tab then ".5" gives ".5" with real keys, where the lane's Tab had left the caret at
  // the start and typing gave ".50.0").
  var SELECTED_ON_TAB = engine.wordSet("text search url tel email password number");
  function selectOnTab(el) {
    if (el.localName === "input" && SELECTED_ON_TAB[el.type]) el.select();
  }
  // The sequential focus navigation starting point (HTML's): where a press landed, or what Tab last focused. With
  // nothing focused (a press on text, or on a menu's item that takes no focus itself), Tab goes on from there, not
  // from the page's start (measured with real keys: jQuery UI's menu, an item clicked, then Tab reaches the button
  // after the menu); once Tab has left the page, it counts no more. Chromium keeps it as a range, which the page's
  // removal of the element moves to where the element was: Tab goes on from that place (a cell of a table the page
  // draws anew after a click on it, a dialog's Cancel that takes the dialog away; measured with real keys in
  // Mesop's, where the lane's Tab went back to the page's first stop). startingPlace is that live range, around
  // an element of the document's own tree.
  var startingPoint = null,
    startingPlace = null;
  function noteStartingPoint(node) {
    startingPoint = node && node.nodeType === 1 ? node : (node && node.parentElement) || null;
    startingPlace = null;
    if (startingPoint && startingPoint.getRootNode() === document) {
      startingPlace = document.createRange();
      startingPlace.selectNode(startingPoint);
    }
  }
  // Whatever takes the focus is the starting point from then on, by the page's own focus() too (Chromium's
  // SetFocusedElement sets it; losing the focus to the body leaves it): PrimeReact's calendar moves the focus from
  // its date field to a day, then hides the day, and real Tab goes on from the day, not from the field.
  window.addEventListener(
    "focus",
    function (event) {
      var focused = event.target === window ? null : focusedNow(null);
      if (focused) noteStartingPoint(focused);
    },
    true
  );
  // The element with the focus, or `fallback` when none has it (the one that had it went with the page's change).
  function focusedNow(fallback) {
    var now = activeElementDeep();
    return now && now !== document.body && now !== document.documentElement ? now : fallback;
  }
  // Where in the order Tab looks first: after the focused element; with nothing focused, the first (the last).
  // From an element out of the order (tabindex -1, a scrolled box), the stop next to it in the document, of any
  // tabindex; with none after it, Tab goes round to the first stop of tabindex 0 rather than leave the page
  // (Chromium's NextFocusableElement then looks for the lowest tabindex above the start's -1: a tree's item of
  // tabindex -1 at the page's end, Element Plus's and Mantine's, measured with real keys), and with none before
  // it, Shift+Tab leaves the page.
  // From a `place` (the starting point's, once the page took its element out), the stop next to that place.
  // Going round is Chromium's within the element's own focus scope: one in a shadow tree, or shown through a slot,
  // is looked on from that scope's owner, a host that counts as tabindex 0, after which nothing is found; the focus
  // leaves the page (measured with real keys: Calcite's tree, whose items, slotted, all take tabindex -1 as Tab goes
  // down).
  function firstStop(order, target, backwards, place) {
    var at = order.indexOf(target);
    if (at >= 0) return at + (backwards ? -1 : 1);
    if (!place && (!target || target === document.body)) return backwards ? order.length - 1 : 0;
    var nearest = -1;
    // an element in a shadow tree stands where its outermost host is (nodes of two trees have no order)
    var from = place ? null : outermost(target);
    var side = backwards ? Node.DOCUMENT_POSITION_PRECEDING : Node.DOCUMENT_POSITION_FOLLOWING;
    var closer = backwards ? Node.DOCUMENT_POSITION_FOLLOWING : Node.DOCUMENT_POSITION_PRECEDING;
    for (var i = 0; i < order.length; i++) {
      var stop = outermost(order[i]);
      var beyond = place ? place.comparePoint(stop, 0) * (backwards ? -1 : 1) > 0 : from.compareDocumentPosition(stop) & side;
      if (!beyond) continue;
      if (nearest < 0 || outermost(order[nearest]).compareDocumentPosition(stop) & closer) nearest = i;
    }
    if (nearest >= 0 || backwards) return nearest;
    if (target && inNestedScope(target)) return -1;
    var firstOfZero = 0;
    while (firstOfZero < order.length && order[firstOfZero].tabIndex > 0) firstOfZero++;
    return firstOfZero;
  }

  // Whether an element is in a focus scope of its own: in a shadow tree, or shown through a slot (it or a box around
  // it is assigned to one).
  function inNestedScope(el) {
    if (el.getRootNode() !== document) return true;
    for (var node = el; node && node !== document.body; node = node.parentElement) if (node.assignedSlot) return true;
    return false;
  }

  Object.assign(engine, {
    radioGroup: radioGroup,
    stepRadio: stepRadio,
    moveFocus: moveFocus,
    noteStartingPoint: noteStartingPoint,
    focusedNow: focusedNow,
    ARROW_KEYS: ARROW_KEYS,
  });
})(globalThis.__hermesEngine);

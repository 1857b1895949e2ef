// Hermes snapshot engine: a <select>'s keys, and the popup of options a press on a drop-down <select> opens.
// Synthetic events move nothing in a <select>, so the engine does what Chromium does for them (measured against
// real input): keyboard.js hands a key on a focused <select> to selectKey(), or, while its popup is open, to
// selectPopupKey(); pointer.js tells selectPopupPressed() of every press.
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var isDisabled = engine.isDisabled,
    plainEvent = engine.plainEvent,
    focusedElement = engine.focusedElement;

  // ----- a <select> -------------------------------------------------------------------------------------
  // What Chromium's <select> does on a key (measured against real keys). A drop-down, with no modifier: the
  // arrows (Right and Left too) choose the next or the previous option that can be chosen, Home and End the
  // first and the last, PageDown and PageUp three options on. A list box (listBoxSelect(), roles.js: multiple, or
  // size above 1, but a multiple one of size 1 that Chromium 156 draws as a drop-down takes a drop-down's keys,
  // measured with real keys: Right chooses, Shift+Down does nothing, PageDown goes three on): Up and
  // Down, Home and End, and PageUp and PageDown by its size less one, from its active option; the option reached
  // is chosen alone, with Shift the run from the anchor to it (multiple), and with Control in a multiple one
  // only the active option moves. A change fires input and change. Answers "select".
  var SELECT_KEYS = /^(ArrowUp|ArrowDown|ArrowLeft|ArrowRight|Home|End|PageUp|PageDown)$/;
  var activeOption = new WeakMap(); // a list box's active option and its Shift anchor: [active, anchor]
  function selectKey(select, key, modifiers) {
    var options = select.options;
    var listBox = engine.listBoxSelect(select);
    if (!listBox && (modifiers.ctrl || modifiers.shift)) return null;
    if (listBox && (key === "ArrowLeft" || key === "ArrowRight")) return null;
    var remembered = activeOption.get(select);
    var from = remembered && options[remembered[0]] && options[remembered[0]].selected ? remembered[0] : lastChosen(select);
    var index = reached(options, from, key, listBox ? Math.max(1, (select.size || 4) - 1) : 3);
    if (index < 0) return null;
    var anchor = remembered && modifiers.shift ? remembered[1] : from < 0 ? index : from;
    activeOption.set(select, [index, modifiers.shift ? anchor : index]);
    if (listBox && modifiers.ctrl && select.multiple) return null;
    var before = chosenIndexes(select);
    for (var i = 0; i < options.length; i++) {
      var inRun = select.multiple && modifiers.shift && i >= Math.min(anchor, index) && i <= Math.max(anchor, index);
      options[i].selected = i === index || (inRun && !options[i].disabled);
    }
    if (chosenIndexes(select) === before) return null;
    announceChange(select);
    return "select";
  }
  // The option a key reaches from option `from`: Home and End the first and the last, an arrow the next or the
  // previous, a page key `page` options on; the nearest one that can be chosen (-1: none can).
  function reached(options, from, key, page) {
    var forward = /Down|Right|End/.test(key);
    var wanted = key === "Home" ? 0 : key === "End" ? options.length - 1 : from + (forward ? 1 : -1) * (/Page/.test(key) ? page : 1);
    return choosable(options, Math.max(0, Math.min(options.length - 1, wanted)), forward);
  }
  function announceChange(select) {
    select.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
    plainEvent(select, "change");
  }
  // The option at `index` if it can be chosen, else the next one that can in that direction, else the one before.
  function choosable(options, index, forward) {
    var step = forward ? 1 : -1;
    for (var pass = 0; pass < 2; pass++, step = -step) {
      for (var i = index; i >= 0 && i < options.length; i += step) if (!isDisabled(options[i])) return i;
    }
    return -1;
  }
  function lastChosen(select) {
    for (var i = select.options.length - 1; i >= 0; i--) if (select.options[i].selected) return i;
    return -1;
  }
  function chosenIndexes(select) {
    return Array.prototype.map
      .call(select.selectedOptions, function (option) {
        return option.index;
      })
      .join();
  }
  // ----- the popup of a drop-down <select> ----------------------------------------------------------------
  // A press on a drop-down <select> opens the browser's popup of its options (on the press, unless the page
  // cancels it), and a second press on it closes it. While it is open, keys go to the popup, not to the page
  // (measured with real input: no keydown reaches the page): the arrows Up and Down, Home, End, PageUp, PageDown
  // and a letter (the first option after the highlighted one that starts with it) move its highlight and change
  // nothing; Enter, Tab and Escape close it, choosing the highlighted option when it is another than the chosen
  // one (then input and change; the focus stays on the <select>); any other key does nothing. A press elsewhere,
  // or the focus leaving the <select>, closes it. The popup is the browser's: nothing of it shows in the page.
  var POPUP_ROWS = 20; // the rows Chromium's popup shows at most: PageDown moves one less
  var POPUP_KEYS = /^(ArrowUp|ArrowDown|Home|End|PageUp|PageDown)$/;
  var popup = null; // {select, index}: the open popup's <select> and its highlighted option
  function dropDown(el) {
    return !!el && el.localName === "select" && !el.multiple && !(el.size > 1) && !isDisabled(el);
  }
  // Told of each press that the page did not cancel (pointer.js): opens or closes the popup.
  function selectPopupPressed(target) {
    var select = target && target.closest ? target.closest("select") : null;
    var reopened = popup && popup.select === select;
    popup = !reopened && dropDown(select) ? { select: select, index: select.selectedIndex } : null;
  }
  // What a key does to the popup open on `target`: "highlight", "select" (the highlighted option chosen), "close"
  // or "none"; null when no popup is open there (the key goes to the page).
  function selectPopupKey(target, info, modifiers) {
    if (popup && (popup.select !== target || focusedElement() !== target || !target.isConnected)) popup = null;
    if (!popup) return null;
    var key = info.key,
      options = target.options;
    if (key === "Enter" || key === "Tab" || key === "Escape") {
      var chosen = popup.index;
      popup = null;
      if (chosen < 0 || chosen === target.selectedIndex) return "close";
      target.selectedIndex = chosen;
      announceChange(target);
      return "select";
    }
    if (modifiers.ctrl || modifiers.alt || modifiers.meta) return "none";
    if (POPUP_KEYS.test(key)) {
      var index = reached(options, popup.index, key, Math.min(options.length, POPUP_ROWS) - 1);
      if (index >= 0) popup.index = index;
      return "highlight";
    }
    if (info.printable && key !== " ") return typeAhead(options, key) ? "highlight" : "none";
    return "none";
  }
  function typeAhead(options, letter) {
    var wanted = letter.toLowerCase();
    for (var step = 1; step <= options.length; step++) {
      var index = (popup.index + step) % options.length;
      var option = options[index];
      if (!isDisabled(option) && option.text.trim().toLowerCase().indexOf(wanted) === 0) {
        popup.index = index;
        return true;
      }
    }
    return false;
  }

  Object.assign(engine, {
    SELECT_KEYS: SELECT_KEYS,
    selectKey: selectKey,
    selectPopupPressed: selectPopupPressed,
    selectPopupKey: selectPopupKey,
  });
})(globalThis.__hermesEngine);

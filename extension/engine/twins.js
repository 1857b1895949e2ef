/*
 * Hermes snapshot engine: the drawn twin of an option kept for screen readers. Some libraries show an open list
 * twice: options for assistive technology in a listbox the page draws nothing of (Esri Calcite's combobox: a list
 * one pixel wide, clipped, role=listbox, each option named), and the items a person sees and presses, hidden from
 * that technology (aria-hidden) and given no role. Chromium's accessibility tree lists the first only, and a
 * person presses the second: so an option whose drawn twin is found here gets a ref (tree.js), and a press on it
 * lands on the twin (landing.js pressArea and reaches) as a person's does; a scroll of it scrolls the twin's list.
 * Found by name: the one element in the list's component (the host of the shadow tree the list is in, else the
 * boxes around the list up to TWIN_LEVELS) that is hidden from the tree, shows, and is named as the option is (its
 * aria-label, else its text as rendered). None, or several, is no twin: the option stays without a ref, as a
 * <select>'s undrawn options do (tree.js addOptions).
 */
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var clean = engine.clean;

  // How far above an undrawn list its drawn twin's items may sit, outside a shadow tree; and how many elements of
  // the component are looked at.
  var TWIN_LEVELS = 3;
  var TWIN_LOOK = 800;

  // Whether an element is a listbox laid out with no room that clips what it holds: a list kept for screen
  // readers. (Its layout box, not its drawn one: a menu that opens scaled from nothing, or fading in, is drawn a
  // moment later.)
  function undrawnListbox(listbox) {
    var roomless = listbox.offsetWidth <= 2 || listbox.offsetHeight <= 2;
    return roomless && getComputedStyle(listbox).overflow !== "visible";
  }
  // The drawn twin of an ARIA option in an undrawn listbox, or null (see above).
  function drawnTwin(option) {
    if (!option || option.nodeType !== 1 || option.getAttribute("role") !== "option") return null;
    var listbox = option.closest('[role="listbox"]');
    if (!listbox || !undrawnListbox(listbox)) return null;
    var name = clean(engine.accessibleName(option));
    var scope = componentOf(listbox);
    if (!name || !scope) return null;
    var found = [];
    var queue = [{ node: scope, hidden: false }];
    for (var looked = 0; queue.length && looked < TWIN_LOOK && found.length < 2; looked++) {
      var item = queue.shift();
      var el = item.node;
      var hidden = item.hidden || (el.nodeType === 1 && el.getAttribute("aria-hidden") === "true");
      if (hidden && el.nodeType === 1 && showsArea(el) && nameOf(el) === name) {
        found.push(el);
        continue;
      }
      var shadow = el.nodeType === 1 ? engine.openShadow(el) : null;
      var parts = shadow ? [shadow, el] : [el];
      for (var p = 0; p < parts.length; p++) {
        for (var child = parts[p].firstElementChild; child; child = child.nextElementSibling) {
          if (child !== listbox) queue.push({ node: child, hidden: hidden });
        }
      }
    }
    return found.length === 1 ? found[0] : null;
  }
  // The component an undrawn list belongs to: the host of the shadow tree it is in, else the box TWIN_LEVELS
  // above it (below the body).
  function componentOf(listbox) {
    var root = listbox.getRootNode();
    if (root.host) return root.host;
    var around = listbox;
    for (var level = 0; level < TWIN_LEVELS; level++) {
      var up = around.parentElement;
      if (!up || up === document.body || up === document.documentElement) break;
      around = up;
    }
    return around === listbox ? null : around;
  }
  function showsArea(el) {
    var visibility = engine.visibilityOf(el);
    if (!engine.hasBox(el) || visibility === engine.SELF_HIDDEN || visibility === engine.NOT_RENDERED) return false;
    var box = el.getBoundingClientRect();
    return box.width > 2 && box.height > 2;
  }
  // An element's name as a person reads it: its aria-label, else the text it renders (through shadow trees and
  // slots, as Calcite's item shows "France" in its own shadow tree, split where the typed part is marked).
  function nameOf(el) {
    var label = clean(el.getAttribute("aria-label") || "");
    return label || clean(renderedText(el, 0));
  }
  var TEXT_DEPTH = 12;
  function renderedText(node, depth) {
    if (node.nodeType === 3) return node.data;
    if (node.nodeType !== 1 && node.nodeType !== 11) return "";
    if (depth > TEXT_DEPTH || (node.nodeType === 1 && engine.SKIP_TAGS[engine.tagOf(node)])) return "";
    var children = (node.nodeType === 1 && engine.renderedChildren(node)) || node.childNodes;
    var text = "";
    for (var i = 0; i < children.length; i++) text += renderedText(children[i], depth + 1);
    return text;
  }

  Object.assign(engine, {
    undrawnListbox: undrawnListbox,
    drawnTwin: drawnTwin,
  });
})(globalThis.__hermesEngine);

/*
 * Hermes snapshot engine: an element's states, as the text shows them after its name: [level=N] [checked]
 * [checked=mixed] [pressed] [pressed=mixed] [expanded] [expanded=false] [selected] [current] [sort=ascending]
 * [disabled] [required] [readonly] [invalid] [focused] (on whatever holds the focus), [active] (on the option or
 * item the focused element names as its active descendant); and the value shown after its
 * `:` (a rich editor's: the text it shows, editableText, which typing reads back too). Password values never appear.
 * tree.js adds two of its own: [password] on a password field (one in disguise too: fields.js, sensitiveKind,
 * and then no value), and [hint=word] on a clickable thing with no
 * name, a guess from its class or id (names.js, classHint) shown apart from names so it reads as one.
 */
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var wordSet = engine.wordSet,
    INTERACTIVE = engine.INTERACTIVE,
    RANGE_ROLES = engine.RANGE_ROLES,
    embeddedValue = engine.embeddedValue,
    ariaOf = engine.ariaOf,
    VALUE_CAP = engine.VALUE_CAP;

  var CHECKABLE = wordSet("checkbox radio switch menuitemcheckbox menuitemradio");
  // A header that says how the table is sorted by its column or row (aria-sort; "none" is shown as nothing).
  var SORTED_HEADERS = wordSet("columnheader rowheader");
  var SELECTABLE = wordSet("option tab treeitem gridcell row");
  var VALUE_FIELDS = wordSet("textbox searchbox combobox spinbutton slider");

  // An ARIA attribute's value (else the element's internals', roles.js) in lower case, or null when it is absent.
  function ariaValue(el, name) {
    var value = ariaOf(el, name);
    return value === null ? null : value.toLowerCase();
  }
  function checkedState(el, tag) {
    if (tag === "input" && (el.type === "checkbox" || el.type === "radio")) return el.indeterminate ? "mixed" : el.checked ? "true" : "false";
    return ariaValue(el, "aria-checked") || "false";
  }
  function expandedState(el, tag) {
    if (tag === "summary" && el.parentElement && el.parentElement.localName === "details") return el.parentElement.open ? "true" : "false";
    return ariaValue(el, "aria-expanded");
  }
  // The states of an element, as the text after its name: " [level=2] [expanded]", or "".
  function statesOf(el, tag, role, activeElement, activeOption) {
    var states = "";
    if (role === "heading") {
      var level = parseInt(ariaOf(el, "aria-level"), 10); // a whole number, whatever the attribute says
      if (!(level >= 1)) level = /^h[1-6]$/.test(tag) ? +tag[1] : 2;
      states += " [level=" + level + "]";
    }
    if (CHECKABLE[role]) {
      var checked = checkedState(el, tag);
      if (checked === "true") states += " [checked]";
      else if (checked === "mixed") states += " [checked=mixed]";
    }
    var pressed = ariaValue(el, "aria-pressed");
    if (pressed === "true") states += " [pressed]";
    else if (pressed === "mixed") states += " [pressed=mixed]";
    var expanded = expandedState(el, tag);
    if (expanded === "true") states += " [expanded]";
    else if (expanded === "false") states += " [expanded=false]";
    if (SELECTABLE[role]) {
      var selected = tag === "option" ? (el.selected ? "true" : "false") : ariaValue(el, "aria-selected");
      if (selected === "true") states += " [selected]";
    }
    if (ariaValue(el, "aria-current") && ariaValue(el, "aria-current") !== "false") states += " [current]";
    var sort = SORTED_HEADERS[role] ? ariaValue(el, "aria-sort") : null;
    if (sort === "ascending" || sort === "descending" || sort === "other") states += " [sort=" + sort + "]";
    if (el.disabled === true || ariaValue(el, "aria-disabled") === "true" || (INTERACTIVE[role] && el.matches && el.matches(":disabled"))) states += " [disabled]";
    if (INTERACTIVE[role]) {
      if (el.required === true || ariaValue(el, "aria-required") === "true") states += " [required]";
      if (el.readOnly === true || ariaValue(el, "aria-readonly") === "true") states += " [readonly]";
      if (ariaValue(el, "aria-invalid") === "true") states += " [invalid]";
    }
    // (any element that holds the focus: a focusable table or grid header takes it from Tab and the arrow keys too)
    if (el === activeElement) states += " [focused]";
    else if (el === activeOption) states += " [active]";
    return states;
  }
  // The element the focused one names as its active descendant (aria-activedescendant: the option a combobox's keys
  // are on while the focus stays in its field, react-select's and MUI's Autocomplete's), which Chromium's tree
  // treats as focused: the keys' effect on it (ArrowDown moving on) shows, where the page marks it only with a
  // class. Null when there is none.
  function activeDescendant(focused) {
    var id = focused && focused.getAttribute ? focused.getAttribute("aria-activedescendant") : null;
    var root = id ? focused.getRootNode() : null;
    var found = root && root.getElementById ? root.getElementById(id) : null;
    return found !== focused ? found : null;
  }
  // The value shown after the element's line, or undefined when it shows none (never a password).
  function valueOf(el, tag, role) {
    if (tag === "input" && el.type === "file") return chosenFiles(el);
    // a colour input is a button (Chromium's ColorWell) holding a colour, which Chromium's tree gives as its value
    if (tag === "input" && el.type === "color") return el.value;
    if (tag === "input") return el.type !== "password" && VALUE_FIELDS[role] ? el.value : undefined;
    if (tag === "textarea") return el.value;
    if (tag === "select") {
      if (role === "listbox") return undefined;
      var option = el.options[el.selectedIndex];
      return option ? option.label : "";
    }
    if (role === "textbox" || role === "searchbox") return el.isContentEditable ? editableText(el, VALUE_CAP) : el.textContent;
    if (role === "combobox") {
      var embedded = embeddedValue(el, role);
      return embedded == null ? undefined : embedded;
    }
    if (RANGE_ROLES[role]) {
      var text = ariaOf(el, "aria-valuetext") || ariaOf(el, "aria-valuenow");
      if (text) return text;
      if (tag === "progress" || tag === "meter") return String(el.value);
    }
    return undefined;
  }
  // What a file input shows it holds, as Chromium's accessibility tree gives its value: the file's name, or how many
  // files (none: no value, where Chromium says "No file chosen"). An upload that the page keeps in its input then
  // shows in the action's answer (it answered unchanged: a trial's Panel app).
  function chosenFiles(input) {
    var files = input.files;
    if (!files || !files.length) return undefined;
    return files.length === 1 ? files[0].name : files.length + " files";
  }
  // The text a person reads in a rich editor's editable (a contenteditable), a line per block (paragraph, list
  // item, an editor's line <div>) and per line break: its text nodes, without what the editor draws there that
  // is not its text (a placeholder or a widget's buttons, in contenteditable=false elements: Slate, CKEditor 5),
  // without what is not rendered, and without the zero-width characters editors keep the caret in (Slate's and
  // TinyMCE's \ufeff, CKEditor 5's \u2060 inline filler, \u200b). A <br> that ends its block only holds an
  // empty block open (every editor puts one there), so it breaks no line. With a limit, the walk stops once the
  // text is longer (a snapshot shows a capped value: a long document is not read to its end).
  var ZERO_WIDTH = /[\u200b\u2060\ufeff]/g;
  var INLINE_DISPLAY = /^(inline|contents|ruby)/;
  function editableText(root, limit) {
    var whole = limit === undefined;
    var text = "";
    var breakLine = function () {
      if (text && text.slice(-1) !== "\n") text += "\n";
    };
    var walk = function (node) {
      for (var child = node.firstChild; child && (whole || text.length <= limit); child = child.nextSibling) {
        if (child.nodeType === 3) {
          text += child.data.replace(ZERO_WIDTH, "");
        } else if (child.nodeType === 1 && child.getAttribute("contenteditable") !== "false") {
          if (child.localName === "br") {
            if (child.nextSibling) text += "\n";
            continue;
          }
          var display = getComputedStyle(child).display;
          if (display === "none") continue;
          var block = !INLINE_DISPLAY.test(display);
          if (block) breakLine();
          walk(child);
          if (block) breakLine();
        }
      }
    };
    walk(root);
    return text.replace(/\n$/, "");
  }

  Object.assign(engine, {
    statesOf: statesOf,
    activeDescendant: activeDescendant,
    valueOf: valueOf,
    editableText: editableText,
  });
})(globalThis.__hermesEngine);

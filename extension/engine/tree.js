/*
 * Hermes snapshot engine: the tree, built by one walk over the rendered DOM (render.js turns it into text).
 *
 * An element node is {role, name, states, ref, value, children, frame, url, top, bottom}: `states` is the text
 * of its states (" [checked]"), `ref` its ref number (0: none), `frame` the token of an iframe placeholder,
 * `url` a link's href (when urls are on), `top` and `bottom` where its box is, in CSS px from the top of the
 * viewport (in a compact snapshot, which follows the viewport; far from it, where the far box around it is;
 * NaN for no box or a full snapshot). A text node is {text, top, bottom}, placed where the element its text
 * came from is. Hidden content (display:none, visibility:hidden, aria-hidden, hidden, inert, closed <details>)
 * is skipped; with a modal <dialog> open only the dialog is
 * walked. Generic containers, layout tables and inline text-level elements are flattened: their text joins
 * the surrounding text. The text of a control named by its content is not repeated under it. Refs go to
 * interactive roles, focusable elements (tabindex >= 0), contenteditable roots (shown as `textbox`) and what
 * takes clicks though its role says nothing (see actsAsControl): where a pointer cursor starts, what has a
 * click listener (page/click_listeners.js notes them), rows of a list or grid whose container listens, and
 * icons drawn with CSS inside a clickable region, and cells a person acts on (a grid's, a focusable table cell, a
 * calendar's day: cellTakesActions). Options of a <select> are listed, with refs when it is a
 * listbox (multiple or size > 1). A text-level element laid out as a box (inline-block, a flex or grid item,
 * a float) is set apart from the text around it by a space. aria-owns is not followed.
 */
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var wordSet = engine.wordSet,
    clean = engine.clean,
    cleanValue = engine.cleanValue,
    cap = engine.cap,
    NAME_CAP = engine.NAME_CAP,
    VALUE_CAP = engine.VALUE_CAP,
    SKIP_TAGS = engine.SKIP_TAGS,
    INLINE_TAGS = engine.INLINE_TAGS,
    SELF_HIDDEN = engine.SELF_HIDDEN,
    NOT_RENDERED = engine.NOT_RENDERED,
    INTERACTIVE = engine.INTERACTIVE,
    FLATTEN = engine.FLATTEN,
    tagOf = engine.tagOf,
    openShadow = engine.openShadow,
    renderedChildren = engine.renderedChildren,
    visibilityOf = engine.visibilityOf,
    isContentEditableRoot = engine.isContentEditableRoot,
    activeElementDeep = engine.activeElementDeep,
    assignRef = engine.assignRef,
    roleOf = engine.roleOf,
    askPageWorld = engine.askPageWorld,
    ariaOf = engine.ariaOf,
    accessibleName = engine.accessibleName,
    laidOutAsBox = engine.laidOutAsBox,
    classHint = engine.classHint,
    textlessName = engine.textlessName,
    statesOf = engine.statesOf,
    valueOf = engine.valueOf,
    sensitiveKind = engine.sensitiveKind,
    tokenFor = engine.tokenFor;

  // Roles named by their content whose content is not printed again beneath them (only interactive
  // descendants are).
  var TEXTLESS_CHILDREN = wordSet("button link heading tab menuitem menuitemcheckbox menuitemradio option treeitem checkbox radio switch");
  // Structure that is left out when nothing is inside it (and it has no ref). Not cells: an empty cell keeps
  // the values after it under their columns.
  var DROP_IF_EMPTY = wordSet(
    "list listitem paragraph group region navigation main banner contentinfo complementary form search article table row figure blockquote term note dialog img tabpanel toolbar menu menubar tablist tree grid treegrid radiogroup document application status log alert"
  );
  var CELL_ROLES = wordSet("cell gridcell columnheader rowheader");
  var HEADER_ROLES = wordSet("columnheader rowheader");
  // Of those, the ones a name alone keeps.
  var KEPT_BY_NAME = wordSet("img region navigation form dialog figure table");
  // Roles whose content is printed beneath them: no name is computed unless the author gave one.
  var CONTENT_SHOWN = wordSet("generic paragraph listitem list row cell gridcell columnheader rowheader term blockquote");
  // The parts of a table, which are plain blocks inside a layout table.
  var TABLE_PARTS = wordSet("row cell columnheader rowheader");
  // Non-interactive roles that still get a ref when they are clickable (pointer cursor, onclick, a listener).
  var CLICKABLE_STRUCTURE = wordSet("listitem row cell gridcell columnheader rowheader img heading article term");
  // Of those, the rows of a list or grid: one of them is its own clickable thing even inside a clickable
  // region, and it acts on click when the list or grid around it listens for clicks.
  var ROW_ROLES = wordSet("listitem row");
  // How far up a row looks for the listener of its list or grid (li < ul < the widget's box).
  var ROW_LISTENER_DEPTH = 3;
  var ROWS = "li, tr, [role=row], [role=listitem], [role=option], [role=treeitem]";
  var POINTER_SKIP = wordSet("html body form label legend caption figcaption code em strong b u small sub sup mark time abbr cite q kbd samp var dfn del ins bdi bdo");
  var HAS_CONTROL = "a[href], button, input, select, textarea, [tabindex], [role=button], [role=link], [contenteditable]";
  var TEXT_FIELD_ROLES = wordSet("textbox searchbox combobox spinbutton");
  // A control inside a cell, pressed in its place (a date picker's day link, a row's checkbox).
  var CONTROL_INSIDE = "a[href], button, input:not([type=hidden]), select, textarea, [contenteditable], [role=button], [role=link], [role=checkbox]";

  // The state of one walk: the ref counter (next, refs), the frames met, what the options ask, the counts.
  function newWalk(options) {
    var walk = {
      next: Math.max(1, Math.floor(+options.nextRef || 1)),
      refs: [],
      frames: [],
      inLayoutTable: false,
      inCanvas: false,
      elements: 0,
      links: 0,
      buttons: 0,
      textboxes: 0,
      urls: options.urls === undefined ? !!options.full : !!options.urls,
      // Where lines are, for a compact snapshot that follows the viewport: measured while `near` (inside boxes
      // that reach within a screen of the viewport); further away a line takes the place of the box around it,
      // which is all the compaction needs to tell above from below, and document order does the rest.
      near: !options.full,
      reach: window.innerHeight || 0,
      far: null, // the band of the far box the walk is in, once it is not near
      bands: new Map(), // element -> [top, bottom], for the text runs of one element
      cursor: options.cursor !== false,
      listeners: new Set(), // (clickListeners)
      dropZones: new Set(), // those of them that take drops
      calendars: new Map(), // table -> whether it shows a month (isCalendar)
      active: activeElementDeep(),
      activeOption: null, // (the active element's active descendant: below)
      target: null, // the nearest element with a ref around the walk's position
    };
    walk.activeOption = engine.activeDescendant(walk.active);
    if (walk.cursor) clickListeners(walk);
    return walk;
  }
  // The elements the page gave a click listener (into walk.listeners; those that take drops into walk.dropZones
  // too), as page/click_listeners.js (the page's world) announces them when asked (dom.js, askPageWorld), each
  // mark's detail with DROP_MARK for a drop listener. The page can add elements (they get a ref, named from
  // the DOM like any other) but cannot put anything else into the snapshot.
  var LISTENERS_QUERY = "hermes:click-listeners?";
  var LISTENER_MARK = "hermes:click-listener";
  var DROP_MARK = 2;
  function clickListeners(walk) {
    askPageWorld(LISTENERS_QUERY, LISTENER_MARK, function (element, detail) {
      walk.listeners.add(element);
      if (detail & DROP_MARK) walk.dropZones.add(element);
    });
  }
  // The tree of the document (of the modal dialog alone, when one is open), under a "document" node.
  function buildTree(walk) {
    var root = newNode("document");
    var start = document.body || document.documentElement;
    var modal = null;
    try {
      modal = document.querySelector("dialog:modal");
    } catch (e) {
      modal = null;
    }
    if (modal) {
      // a modal dialog makes the rest of the page inert
      walkElement(modal, root, false, walk);
    } else if (start && start === document.body && isContentEditableRoot(start)) {
      // an editable body is a textbox itself: a rich editor's document in an iframe (TinyMCE, CKEditor 4)
      walkElement(start, root, false, walk);
    } else if (start) {
      walkChildren(start, root, start !== document.documentElement && visibilityOf(start) === SELF_HIDDEN, false, walk);
    }
    finishNode(root);
    return root;
  }

  function newNode(role) {
    return {
      role: role, name: "", states: "", ref: 0, value: undefined, children: [], frame: undefined, url: undefined, openText: null,
      top: NaN, bottom: NaN,
    };
  }
  // Text runs on into the node's last text child until an element child closes it (openText = null); a new
  // run is placed where `from` (the element the text is in) is.
  function addText(node, text, from, walk) {
    if (node.openText) node.openText.text += text;
    else {
      var run = { text: text, top: NaN, bottom: NaN };
      if (walk && from) locate(run, from, walk);
      node.children.push(run);
      node.openText = run;
    }
  }
  // Sets node.top and node.bottom to where `el`'s box is; far from the viewport, to where the far box around
  // it is (see walk.near); with no positions wanted, leaves them NaN.
  function locate(node, el, walk) {
    if (walk.near) place(node, el, walk);
    else if (walk.far) {
      node.top = walk.far.top;
      node.bottom = walk.far.bottom;
    }
  }
  // Sets node.top and node.bottom to where `el`'s box is (measured once per element and walk).
  function place(node, el, walk) {
    var band = walk.bands.get(el);
    if (!band) {
      var box = el.getBoundingClientRect();
      band = box.width || box.height ? [box.top, box.bottom] : [NaN, NaN];
      walk.bands.set(el, band);
    }
    node.top = band[0];
    node.bottom = band[1];
  }
  function finishNode(node) {
    var kept = [];
    for (var i = 0; i < node.children.length; i++) {
      var child = node.children[i];
      if (child.text !== undefined) {
        child.text = clean(child.text);
        if (child.text) kept.push(child);
      } else kept.push(child);
    }
    node.children = kept;
    node.openText = null;
  }

  // ----- the walk ---------------------------------------------------------------------------------------
  // selfHidden: the parent is visibility:hidden, so its own text is not there. textless: inside a control
  // whose name already says it all, only interactive things and frames are added. A <canvas>'s children describe
  // what it draws (its fallback content, dom.js inShownCanvas()): listed as Chromium's tree lists them, without
  // refs (walk.inCanvas), since they have no place to press: a person presses the canvas itself.
  function walkChildren(el, out, selfHidden, textless, walk) {
    var outerCanvas = walk.inCanvas;
    if (el.localName === "canvas") walk.inCanvas = true;
    var children = renderedChildren(el);
    if (children) {
      for (var i = 0; i < children.length; i++) walkOne(children[i], out, selfHidden, textless, walk);
    } else {
      for (var child = el.firstChild; child; child = child.nextSibling) walkOne(child, out, selfHidden, textless, walk);
    }
    walk.inCanvas = outerCanvas;
  }
  function walkOne(node, out, selfHidden, textless, walk) {
    var type = node.nodeType;
    if (type === 3) {
      if (!selfHidden && !textless) addText(out, node.data, node.parentElement || (node.parentNode && node.parentNode.host) || null, walk);
    } else if (type === 1) {
      walkElement(node, out, textless, walk);
    }
  }
  function walkElement(el, out, textless, walk) {
    var tag = tagOf(el);
    if (SKIP_TAGS[tag]) return;
    walk.elements++;
    if (el.getAttribute("aria-hidden") === "true" || el.hasAttribute("inert")) return;
    var visibility = visibilityOf(el);
    if (visibility === NOT_RENDERED) return;
    var selfHidden = visibility === SELF_HIDDEN;
    var role = roleOf(el, tag);
    if (role === "") return; // input type=hidden, unnamed svg
    if (tag === "table" && role === "table" && isLayoutTable(el, walk)) {
      walkLayoutTable(el, out, selfHidden, textless, walk);
      return;
    }
    if (walk.inLayoutTable) {
      if (TABLE_PARTS[role] && !el.hasAttribute("role")) {
        role = "generic";
      } else if (tag === "table") {
        // a data table inside a layout table
        walk.inLayoutTable = false;
        walkElementAs(el, out, textless, walk, tag, role, selfHidden);
        walk.inLayoutTable = true;
        return;
      }
    }
    walkElementAs(el, out, textless, walk, tag, role, selfHidden);
  }
  function isLayoutTable(el, walk) {
    if (el.hasAttribute("role") || el.caption || el.tHead || el.tFoot || el.hasAttribute("summary")) return false;
    return !el.querySelector("th, colgroup, [role=columnheader], [role=rowheader], td[tabindex]") && !isCalendar(el, walk);
  }
  // A table used for layout: its rows and cells are plain blocks.
  function walkLayoutTable(el, out, selfHidden, textless, walk) {
    var outer = walk.inLayoutTable;
    walk.inLayoutTable = true;
    out.openText = null;
    walkChildren(el, out, selfHidden, textless, walk);
    out.openText = null;
    walk.inLayoutTable = outer;
  }
  function walkElementAs(el, out, textless, walk, tag, role, selfHidden) {
    if (tag === "br") {
      if (!selfHidden && !textless) addText(out, " ");
      return;
    }
    if (selfHidden) {
      // a visibility:hidden element is not there, but a visible child of it is
      out.openText = null;
      walkChildren(el, out, true, textless, walk);
      out.openText = null;
      return;
    }
    if (role === "iframe") {
      addFramePlaceholder(el, out, walk);
      return;
    }
    var interactive = !!INTERACTIVE[role] && !(role === "option" && tag === "option"); // <select> options: type(select, label)
    if (interactive && role === "option" && inUndrawnListbox(el, walk)) interactive = false;
    if (!interactive && isContentEditableRoot(el)) {
      role = "textbox";
      interactive = true;
    } else if (!interactive) {
      interactive = actsAsControl(el, tag, role, textless, walk);
    }
    if (walk.inCanvas) interactive = false; // (walkChildren())
    if (textless && !interactive) {
      walkChildren(el, out, false, true, walk);
      return;
    }
    if (FLATTEN[role] && !interactive) {
      flattenInto(el, out, tag, walk);
      return;
    }
    if (interactive && FLATTEN[role]) role = clickListened(el, tag, walk) ? "link" : "generic";
    var node = elementNode(el, tag, role, interactive, walk);
    out.openText = null;
    var outerTarget = walk.target,
      outerNear = walk.near;
    if (interactive) walk.target = el;
    if (outerNear) approach(node, walk);
    addChildren(el, tag, role, node, walk);
    walk.target = outerTarget;
    walk.near = outerNear;
    finishNode(node);
    // (an empty cell needs no name: it is known by its place in its row)
    if (node.ref && !node.name && !showsText(node) && !CELL_ROLES[role]) nameTextless(el, node);
    if (node.ref && CELL_ROLES[role]) nameCellByText(node);
    if (isLeftOut(node, role, interactive)) return;
    out.openText = null;
    out.children.push(node);
  }
  function addFramePlaceholder(el, out, walk) {
    var token = tokenFor(el);
    walk.frames.push(token);
    var node = newNode("iframe");
    locate(node, el, walk);
    node.name = accessibleName(el);
    node.frame = token;
    out.openText = null;
    out.children.push(node);
  }
  // A generic with tabindex, or something that takes clicks though its role is not a control's: acted on
  // like a control. Every clickable thing gets its own ref, a clickable part inside a clickable container
  // too; but a box holding a control of its own (a row may: a mail row with its checkbox) is that control's
  // wrapper, unless it shows text beside its one control (Naive UI's multiple select: the box listens, its
  // tags are the focusable control, and the placeholder a person presses lies beside them), and a box that
  // listens for its rows' clicks hands them out to the rows.
  function actsAsControl(el, tag, role, textless, walk) {
    if (walk.dropZones.has(el) && takesDrops(el)) return true; // browser_drag's and browser_file_upload's
    if (tag === "label" && !textless && labelsUnshownFileInput(el)) return true;
    if (FLATTEN[role] && el.tabIndex >= 0 && el.hasAttribute("tabindex") && !cellsHiddenStop(el)) return true;
    if (FLATTEN[role] && el.getAttribute("draggable") === "true" && !textless) return true; // browser_drag's
    if (!textless && CELL_ROLES[role] && cellTakesActions(el, role, walk)) return true;
    if (role === "group" && engine.segmentedField(el)) return true; // a date or time field in segments (typing.js)

    if (!(CLICKABLE_STRUCTURE[role] || FLATTEN[role]) || !walk.cursor || textless || POINTER_SKIP[tag]) return false;
    var row = !!ROW_ROLES[role];
    var clickable =
      (walk.listeners.has(el) && !delegatesToRows(el)) ||
      el.hasAttribute("onclick") ||
      (row && rowListens(el, walk)) ||
      showsOwnPointer(el, tag, row, walk);
    return clickable && (row || !el.querySelector(HAS_CONTROL) || showsTextBesideItsControl(el));
  }
  // Whether the label's control is a file input the page does not draw (H2O Wave's uploader: a hidden input and its
  // label, "Browse"): a person presses the label, which opens the chooser, and browser_file_upload takes its ref
  // (drag.js fileInputFor); the input itself has no line.
  function labelsUnshownFileInput(label) {
    var control = label.control;
    return engine.isFileInput(control) && !control.getClientRects().length;
  }
  // Whether the box holds one control only, a focusable box that says nothing of what it is (no role, no name),
  // and, outside it, text of its own: what a person sees and presses in the box is more than that control. A
  // named control (a combobox whose placeholder is drawn beside its input) is what is pressed, and a box of
  // several controls (a form, an app's root that React listens on) is their wrapper.
  function showsTextBesideItsControl(el) {
    var controls = el.querySelectorAll(HAS_CONTROL);
    if (controls.length !== 1) return false;
    var control = controls[0];
    if (!FLATTEN[roleOf(control, control.localName)] || accessibleName(control)) return false;
    var texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (var text = texts.nextNode(); text; text = texts.nextNode()) {
      if (clean(text.data) && !control.contains(text) && text.parentElement.getClientRects().length) return true;
    }
    return false;
  }
  // A cell a person clicks, double-clicks or types into: every cell of a grid (role grid or treegrid: an
  // interactive widget, its cells edited or chosen in place), and a table's cell that is focusable (a
  // spreadsheet's or a data table's editable cell, a date picker's day), or holds a stop for the keyboard that draws
  // nothing (keyedThroughHiddenStop), in a row that takes presses, or a day of a
  // month laid out as a table (not the empty ones around it), unless a control inside it is what is pressed (a
  // calendar's day links). A plain data table's cells get none: nothing in them acts. A column's (or a row's) header acts when
  // it is focusable or says how the table is sorted by it (AG Grid's, which a click sorts by); one that takes
  // clicks otherwise (a <th onclick>) is clickable structure (actsAsControl).
  function cellTakesActions(el, role, walk) {
    if (role === "gridcell") return true;
    if (el.querySelector(CONTROL_INSIDE)) return false;
    if (HEADER_ROLES[role]) return el.hasAttribute("tabindex") || ariaOf(el, "aria-sort") !== null;
    if (role !== "cell") return false;
    var table = el.closest("table");
    if (el.hasAttribute("tabindex") || keyedThroughHiddenStop(el) || inPressedRow(el, walk)) return true;
    return !!table && !!clean(el.textContent) && isCalendar(table, walk);
  }
  // Whether the cell's way in for the keyboard is a stop inside it that draws nothing (PrimeReact's DataTable: a link
  // of one clipped pixel in each editable cell takes Tab, and its focus opens the cell's editor): a person clicks the
  // cell itself, whose click the page hears at its root.
  function keyedThroughHiddenStop(cell) {
    var stop = cell.querySelector('[tabindex]:not([tabindex^="-"])');
    return !!stop && drawsNoPixel(stop);
  }
  // Whether the element is such a stop, which no press reaches: the cell is what is pressed, and the stop no line of
  // its own.
  function cellsHiddenStop(el) {
    var cell = el.parentElement && el.parentElement.closest("td, [role=cell], [role=gridcell]");
    return !!cell && !clean(el.textContent) && drawsNoPixel(el) && keyedThroughHiddenStop(cell);
  }
  // A cell that shows text in a row that takes presses (the nearest target around it is its row): Polaris's
  // IndexTable selects an order on a press anywhere in its row, and a person presses the cell they read there, which
  // gets a ref of its own, named by its text, beside the row's.
  function inPressedRow(el, walk) {
    var row = walk.target;
    return !!row && roleOf(row, tagOf(row)) === "row" && row.contains(el) && !!clean(el.textContent);
  }
  // A table that shows a month: among its cells (a month has at most six weeks of seven days, and a column of
  // week numbers), the day numbers run 1, 2, ... to at least 28 in order (the last days of the month before,
  // and the first of the next, may stand around them). Worked out once per table and walk.
  var MONTH_CELLS = 64;
  var MONTH_DAYS = 28;
  function isCalendar(table, walk) {
    var known = walk.calendars.get(table);
    if (known !== undefined) return known;
    var cells = table.getElementsByTagName("td");
    var next = 1;
    if (cells.length <= MONTH_CELLS) {
      for (var i = 0; i < cells.length && next <= MONTH_DAYS; i++) {
        var day = clean(cells[i].textContent);
        if (day === "1") next = 2;
        else if (day === String(next)) next++;
      }
    }
    var calendar = next > MONTH_DAYS;
    walk.calendars.set(table, calendar);
    return calendar;
  }
  // A listener does not make a target of a box that shows nothing (no size, or no text, child, name or CSS
  // picture: a widget's bookkeeping element) or of a list or grid (delegation: its rows get the refs).
  function delegatesToRows(el) {
    var box = el.getBoundingClientRect();
    if (!(box.width > 0 && box.height > 0) || el.querySelector(ROWS)) return true;
    return !(el.firstElementChild || clean(el.textContent) || el.hasAttribute("title") || el.hasAttribute("aria-label") || drawsIcon(el));
  }
  // A box that listens for drops is a target when it can be dropped on: it has a size (a widget's empty bookkeeping
  // element does not), and it is no whole page (a page that listens on its body to refuse stray drops).
  function takesDrops(el) {
    var box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && el !== document.body && el !== document.documentElement;
  }
  // An <a> without href that listens for clicks: a link, as Chromium's accessibility tree has it.
  function clickListened(el, tag, walk) {
    return tag === "a" && (walk.listeners.has(el) || el.hasAttribute("onclick"));
  }
  // A list or grid row whose list or grid (up to ROW_LISTENER_DEPTH ancestors, never the page) listens.
  function rowListens(el, walk) {
    if (!walk.listeners.size) return false;
    var node = el.parentElement;
    for (var depth = 0; node && depth < ROW_LISTENER_DEPTH; depth++, node = node.parentElement) {
      if (node === document.body || node === document.documentElement) return false;
      if (walk.listeners.has(node)) return true;
    }
    return false;
  }
  // A pointer cursor that starts here (the cursor is inherited, so the children of a clickable box show it
  // too); inside such a box only a row, an <a> without href or an icon drawn with CSS is a target of its own,
  // and an icon only when the target around it has no text (a toolbar of icons, not the icon of "Reply").
  // Styles inherit along the flat tree: a shadow root's top element inherits from its host, a slotted one from
  // its slot (Ionic's ion-chip: the slot that shows its text is no target of its own, the chip is).
  function showsOwnPointer(el, tag, row, walk) {
    if (getComputedStyle(el).cursor !== "pointer") return false;
    var parent = engine.flatParent(el);
    if (!parent || getComputedStyle(parent).cursor !== "pointer") return true;
    return row || tag === "a" || (!(walk.target && clean(walk.target.textContent)) && drawsIcon(el));
  }
  // No text, and a picture from CSS: a background image, content: url(...) on the element itself, or a
  // ::before/::after with content.
  function drawsIcon(el) {
    if (clean(el.textContent)) return false;
    var style = getComputedStyle(el);
    if (style.backgroundImage !== "none" || hasContent(style)) return true;
    return hasContent(getComputedStyle(el, "::before")) || hasContent(getComputedStyle(el, "::after"));
  }
  function hasContent(style) {
    var content = style.content;
    return content !== "none" && content !== "normal" && content !== '""';
  }
  // A flattened container: its content joins `out`, set apart as a block unless it is text-level or laid out
  // inline (a <div> styled inline runs on, as in Chromium: "po-2026-5521" and ".txt" are one word); a
  // text-level element laid out as a box of its own (inline-block, flex or grid item, float) is set apart
  // by a space, so that "jlab.pid" and "6m ago" in two flex items do not read as one word.
  function flattenInto(el, out, tag, walk) {
    // a <label> of a control, a caption, legend or figcaption: its text already names something
    var textless = tag === "label" ? namesItsControl(el) : tag === "caption" || tag === "legend" || tag === "figcaption";
    var block = !INLINE_TAGS[tag] && getComputedStyle(el).display !== "inline";
    var spaced = !block && laidOutAsBox(el);
    if (block) out.openText = null;
    else if (spaced && out.openText) addText(out, " ");
    var outerNear = walk.near;
    if (outerNear && block) {
      var band = { top: NaN, bottom: NaN };
      place(band, el, walk);
      approach(band, walk);
    }
    walkChildren(el, out, false, textless, walk);
    walk.near = outerNear;
    if (block) out.openText = null;
    else if (spaced && out.openText) addText(out, " ");
  }
  // Whether a <label>'s text is its control's name, so shown there and not again: not when the control is not
  // rendered, or is named by aria-label or by aria-labelledby other than the label (Dash's "Start date" beside
  // a date input named by its placeholder); then the label is text on the page, as in Chromium's tree.
  function namesItsControl(label) {
    var control = label.control;
    if (!control || visibilityOf(control) === NOT_RENDERED) return false;
    // a control the snapshot does not show (a form-associated custom element with no role: Material Web's
    // md-checkbox, whose inner <input> is shown, unnamed, as in Chromium)
    if (FLATTEN[roleOf(control, control.localName)]) return false;
    var labelledBy = clean(control.getAttribute("aria-labelledby"));
    if (labelledBy) return !!label.id && labelledBy.split(" ").indexOf(label.id) >= 0;
    return !clean(ariaOf(control, "aria-label"));
  }
  // Entering a box with this band: what is inside it is worth measuring while the box reaches within a screen
  // of the viewport (or has no box of its own); else it all takes the box's place (walk.far).
  function approach(band, walk) {
    walk.near = band.top !== band.top || (band.bottom > -walk.reach && band.top < 2 * walk.reach);
    if (!walk.near) walk.far = { top: band.top, bottom: band.bottom };
  }
  function elementNode(el, tag, role, interactive, walk) {
    var node = newNode(role);
    locate(node, el, walk);
    if (interactive) {
      node.ref = assignRef(el, walk);
      if (role === "link") walk.links++;
      else if (role === "button") walk.buttons++;
      else if (TEXT_FIELD_ROLES[role]) walk.textboxes++;
    }
    if (!CONTENT_SHOWN[role] || ariaOf(el, "aria-label") !== null || el.hasAttribute("aria-labelledby")) node.name = accessibleName(el);
    node.states = statesOf(el, tag, role, walk.active, walk.activeOption);
    // A password in disguise too (a masked text field, autocomplete current-password, a field named PIN): typing
    // treats it as a password, and no read shows what it holds.
    var secret = TEXT_FIELD_ROLES[role] && sensitiveKind(el) === "password";
    if (secret) node.states += " [password]";
    // (a password shows a dot a character, as the page draws it and Chromium's tree gives it: a change of it is seen)
    var value = secret ? maskedValue(el) : valueOf(el, tag, role);
    if (value !== undefined) node.value = cap(cleanValue(value), VALUE_CAP);
    if (walk.urls && role === "link") node.url = shownUrl(el.getAttribute("href"));
    return node;
  }
  var MASK_MAX = 40;
  function maskedValue(el) {
    var length = typeof el.value === "string" ? Array.from(el.value).length : 0;
    return length ? "\u2022".repeat(Math.min(length, MASK_MAX)) : undefined;
  }
  // A link's href as the text shows it; undefined for none, "#" and script or data URLs.
  function shownUrl(href) {
    return href && href !== "#" && !/^\s*(javascript|data):/i.test(href) ? cap(href, 200) : undefined;
  }
  function addChildren(el, tag, role, node, walk) {
    if (tag === "select") {
      addOptions(el, node, role === "listbox" ? walk : null);
    } else if (tag === "input" || tag === "textarea" || role === "textbox" || role === "searchbox") {
      // no content beneath a text field
    } else if (TEXTLESS_CHILDREN[role] || role === "img") {
      if (el.firstElementChild || openShadow(el)) walkChildren(el, node, false, true, walk);
    } else {
      walkChildren(el, node, false, false, walk);
    }
  }
  // The options of a <select>; those of a listbox (multiple, or size > 1) get refs, as each is clicked on its
  // own (a drop-down's are chosen by label with browser_type). Not those of a listbox the page draws no pixel of
  // (Choices.js's transparent <select multiple>, Select2's and Tom Select's clipped one-pixel one): they are
  // listed, as Chromium's tree lists them, but a person presses the options the library draws, with the same
  // names, and a press on the hidden one does something else (it scrolls that select).
  function addOptions(select, node, walk) {
    var pressable = walk && !drawsNoPixel(select);
    for (var i = 0; i < select.options.length; i++) {
      var option = select.options[i];
      var child = newNode("option");
      if (pressable) child.ref = assignRef(option, walk);
      child.name = cap(clean(option.label), NAME_CAP);
      if (option.selected) child.states = " [selected]";
      if (option.disabled) child.states += " [disabled]";
      node.children.push(child);
    }
  }
  // Whether an ARIA option is in a listbox laid out with no room that clips what it holds (twins.js): a list kept
  // for screen readers beside the one the page draws (Ant Design's select keeps a 0x0 list with the active options,
  // beside the drawn items of the same names). Listed, as Chromium's tree lists them, without a ref, as a
  // <select>'s undrawn options above: no press can reach one, and a person presses the drawn item; unless that item
  // is hidden from the tree (its drawn twin, twins.js), which the option's ref then presses.
  function inUndrawnListbox(option, walk) {
    var listbox = option.closest('[role="listbox"]');
    if (!listbox) return false;
    if (!walk.undrawnListboxes) walk.undrawnListboxes = new Map();
    if (!walk.undrawnListboxes.has(listbox)) walk.undrawnListboxes.set(listbox, engine.undrawnListbox(listbox));
    return walk.undrawnListboxes.get(listbox) && !engine.drawnTwin(option);
  }
  // Whether the page draws nothing of the element: transparent (itself or a box around it), clipped away by its
  // own clip, or shrunk to a dot.
  function drawsNoPixel(el) {
    var style = getComputedStyle(el);
    var box = el.getBoundingClientRect();
    if (box.width <= 2 || box.height <= 2) return true;
    if ((style.clipPath && style.clipPath !== "none") || (style.clip && style.clip !== "auto")) return true;
    var opacity = 1;
    for (var up = el; up && up.nodeType === 1; up = up.parentElement) opacity *= +getComputedStyle(up).opacity;
    return opacity < 0.1;
  }
  function isLeftOut(node, role, interactive) {
    if (!node.ref && DROP_IF_EMPTY[role] && !node.children.length && !(node.name && KEPT_BY_NAME[role])) return true;
    if (role === "row" && !node.ref && node.children.every(isEmptyCell)) return true;
    // (a separator drawn around content is kept with it, as Chromium keeps it: Fluent v8's, around the button that
    // opens H2O Wave's expander)
    if (role === "separator" && !interactive && !node.children.length) return true;
    return role === "heading" && !node.name && !node.children.length;
  }

  // Whether anything under the node reads as text: a text run, or a named line.
  function showsText(node) {
    for (var i = 0; i < node.children.length; i++) {
      var child = node.children[i];
      if (child.text !== undefined || child.name || child.value || showsText(child)) return true;
    }
    return false;
  }
  // A clickable thing without text (an icon): named by its title, aria-*, an svg <title> or an alt inside it,
  // else given a hint from its class, shown as the state [hint=...] so the agent can tell it is a guess.
  function nameTextless(el, node) {
    var name = textlessName(el);
    if (name) {
      node.name = name;
      return;
    }
    var hint = classHint(el);
    if (hint) node.states += " [hint=" + hint + "]";
  }
  // A cell with a ref that shows only text is named by it, as Chromium names it (`- gridcell "Lisbon" @e6`):
  // the name an agent finds it by (browser_find's name) and refers to.
  // One that holds only a named control is named by it too, as Chromium names it from its content: a calendar's day
  // whose gridcell holds its button (MUI's, in H2O Wave: "20, December, 2026"), which an agent looks for as either.
  function nameCellByText(node) {
    if (node.name || node.children.length !== 1) return;
    var only = node.children[0];
    if (only.text !== undefined) {
      node.name = cap(only.text, NAME_CAP);
      node.children = [];
    } else if (only.name && !only.children.length) {
      node.name = only.name;
    } else {
      var text = soleText(only); // (MLflow's column header: a header in the header, a clickable box in that, its text)
      if (text) node.name = cap(text, NAME_CAP);
    }
  }
  // The one text a node holds, down a line of single children; else null.
  function soleText(node) {
    while (node.children && node.children.length === 1 && !node.name) node = node.children[0];
    return node.text !== undefined ? node.text : null;
  }
  function isEmptyCell(node) {
    return !!CELL_ROLES[node.role] && !node.ref && !node.name && !node.children.length;
  }

  Object.assign(engine, {
    newWalk: newWalk,
    buildTree: buildTree,
  });
})(globalThis.__hermesEngine);

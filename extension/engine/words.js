// Hermes snapshot engine: what a left press does to the selection, which untrusted mouse events do not do. The
// extension lane's presses (pointer.js) call selectByPress(); the cdp lane's real input needs none of it. Checked
// against real double clicks at hundreds of points of real pages (tests/extension/test_word_selection_engine.py).
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var isTextField = engine.isTextField,
    selectionOf = engine.selectionOf,
    nativeValue = engine.nativeValue;

  // A left press that the page did not cancel does what Chromium's own press does there: the first press puts the
  // caret where it landed (in a field after the focus moved there; in text, an editor or an empty box, ending any
  // selection), the second (a double click's, detail 2) selects the word there (selectWord()), unless something is
  // selected already (rangeSelected()). A press on a link, a button, a <details>'s summary, another control or an
  // image (which the press would drag), or on text that cannot be selected (user-select: none), leaves the selection
  // as it is (all measured against real input).
  var STARTS_NO_SELECTION = 'a[href], button, summary, select, input, textarea, [draggable="true"], img:not([draggable="false"])';
  function selectByPress(target, x, y, detail) {
    if (detail === 2 && rangeSelected()) return;
    var position = detail <= 2 && document.caretPositionFromPoint ? caretAt(target, x, y) : null;
    if (!position) return;
    var node = position.offsetNode,
      offset = position.offset;
    if (node === target && isTextField(target) && selectionOf(target)) {
      var value = nativeValue(target);
      var word = detail === 2 ? wordAt(value, offset, offset >= value.length) : [offset, offset];
      target.setSelectionRange(word[0], word[1], "forward");
      return;
    }
    var holder = node && elementOf(node);
    if (!holder || holder.nodeType !== 1) return;
    // a field the press's own handlers put under it (Tabulator's cell editor, made on the cell's focus): the
    // position is an offset in its value, and its caret is the field's own
    if (node.nodeType === 1 && isTextField(node)) return;
    if (!holder.isContentEditable && target.closest(STARTS_NO_SELECTION)) return;
    if (detail === 2) {
      // the caret's place is in what was pressed (not under an overlay the press fell on), and what the press is
      // on takes a selection: the text under it, or else the element there
      var pressed = pressedText(node, x, y) ? node : engine.deepElementFromPoint(x, y) || target;
      if (shownIn(target, node) && !unselectable(pressed)) selectWord(node, offset);
      return;
    }
    if (!target.contains(node) || unselectable(node)) return;
    var selection = selectionAround(node);
    if (selection) selection.collapse(node, offset);
  }
  // Whether a node is shown inside the target: in its tree, its shadow tree, or slotted into a slot inside it (the
  // name of Calcite's tree item, its own text, shown in a slot of its shadow tree's row: a person's double click on
  // the row, past the name, selects from the name's end).
  function shownIn(target, node) {
    for (var up = node; up; up = engine.flatParent(up)) if (up === target) return true;
    return engine.composedContains(target, node);
  }
  // Whether something is selected (more than a caret) in the focused field or in the document. Chromium's double
  // click selects a word only where nothing is: its second press leaves a range as it is (SelectionController's
  // HandleDoubleClick), as one the page made after the first click (Element Plus's time field selects its hours
  // when the first press focuses it; a person's double click there keeps the hours selected).
  function rangeSelected() {
    var focused = engine.focusedElement();
    var inField = focused && isTextField(focused) ? selectionOf(focused) : null;
    if (inField) return inField[0] !== inField[1];
    var selection = document.getSelection();
    return !!selection && selection.type === "Range";
  }
  // The element a position's node is, or holds it (a text node's parent).
  function elementOf(node) {
    return node.nodeType === 3 ? node.parentElement : node;
  }
  function selectionAround(node) {
    return (node.getRootNode().getSelection ? node.getRootNode() : document).getSelection();
  }
  // Whether the text (or box) at a press takes no selection: user-select none, which inherits along the flat tree,
  // so text a shadow host slots in takes its slot's (Shoelace's tab: its label is the host's text, shown in a box
  // with user-select: none; a person's press there selects nothing); or inert text, which the browser's hit test
  // passes over, though caretPositionFromPoint() does not (React Aria's select and menu make the page inert under
  // their popover: the second press of a double click on the button selects nothing, measured with real input).
  function unselectable(node) {
    var styled = node.nodeType === 3 ? engine.flatParent(node) : node;
    return !!styled && styled.nodeType === 1 && (getComputedStyle(styled).userSelect === "none" || engine.inert(styled));
  }
  // Whether (x, y) is on the text of `node` (a text node): then the press is on that text, and it is what the browser's
  // hit test names (a text node, where elementFromPoint() names the element around it). A second press on text
  // that takes no selection selects nothing (Shoelace's tab); one on a blank beside it selects from where the caret
  // can go (Element Plus's form, beside its radios' labels).
  function pressedText(node, x, y) {
    if (node.nodeType !== 3) return false;
    var range = document.createRange();
    range.selectNodeContents(node);
    return Array.prototype.some.call(range.getClientRects(), function (box) {
      return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
    });
  }
  // Where the caret goes for a press at (x, y) on the target, looked for in the shadow trees the target is in too
  // (Shoelace's sl-input: its <input> is in the host's shadow root); without them the browser answers the host.
  function caretAt(target, x, y) {
    var roots = [];
    for (var root = target.getRootNode(); root && root.host; root = root.host.getRootNode()) roots.push(root);
    return roots.length ? document.caretPositionFromPoint(x, y, { shadowRoots: roots }) : document.caretPositionFromPoint(x, y);
  }
  // A double click's word, as Chromium's word granularity takes it around the press's position:
  //   - the paragraph's text around it, split by the browser's word breaking (ICU's, which Intl.Segmenter
  //     shares), gives the word the position is in; on a boundary the word after it (a run of spaces or a
  //     punctuation mark is a word of its own), but the word before it at the end of a line that wraps (not a
  //     paragraph's end) and at the end of the document or of an editable host;
  //   - at a paragraph's end the selection runs on to the next paragraph's start (the line break between them),
  //     but in a table's cell, where it stays a caret.
  // Selection.modify() walks paragraphs, lines and characters by the browser's own rules, so collapsed white
  // space, blocks and empty boxes count as the double click counts them. It also scrolls what it selects into
  // view, which a double click does not: every box around the position keeps its scroll position.
  function selectWord(node, offset) {
    var selection = selectionAround(node);
    if (!selection || !selection.modify) return;
    var restore = keepScroll(node);
    // where the browser puts a position that cannot take the caret (in text that takes no selection): the next
    // one that can, or the previous one in the same block; modify() starts from there, and the selection it
    // makes begins there
    var before = selection.rangeCount ? selection.getRangeAt(0).cloneRange() : null;
    selection.collapse(node, offset);
    extended(selection, "forward", "character");
    if (!selection.anchorNode || unselectable(selection.anchorNode)) {
      // none after it: the one before it (measured: a double click on PatternFly's dialog beside its footer's
      // buttons, whose text takes no selection and ends the dialog, selects the "?" that ends the dialog's text)
      selection.collapse(node, offset);
      extended(selection, "backward", "character");
    }
    if (!selection.anchorNode || unselectable(selection.anchorNode)) {
      // none: the first press's caret stays, but in a shadow tree (selectOutOfHost)
      selection.removeAllRanges();
      if (before) selection.addRange(before);
      selectOutOfHost(node, offset);
      return restore();
    }
    var canonical = caretPosition(selection, selection.anchorNode, selection.anchorOffset);
    node = canonical[0];
    offset = canonical[1];
    function reach(direction, unit) {
      selection.collapse(node, offset);
      extended(selection, direction, unit);
      return selection.toString();
    }
    var head = reach("backward", "paragraphboundary"),
      tail = reach("forward", "paragraphboundary");
    var endOfParagraph = tail === "";
    var endOfContent = endOfParagraph && !hasNextPosition(selection, node, offset);
    if (endOfContent && selectOutOfHost(node, offset)) return restore();
    var wrappedLineEnd = !endOfParagraph && reach("forward", "lineboundary") === "" && reach("backward", "lineboundary") !== "";
    var wordBefore = endOfContent || wrappedLineEnd;
    var control = controlBefore(node, offset);
    if (control && CARET_BEFORE.test(controlKind(control))) {
      selection.collapse(node, offset - 1);
      return restore();
    }
    var word = wordAt(head + tail, head.length, wordBefore);
    var start = (control && startAfterControl(selection, control, node, offset, wordBefore)) ||
        walked(selection, node, offset, "backward", head.length - word[0]),
      end = walked(selection, node, offset, "forward", word[1] - head.length);
    selection.setBaseAndExtent(start[0], start[1], end[0], end[1]);
    if (endOfParagraph && !endOfContent && !inTableCell(node)) runOn(selection);
    restore();
  }
  // A second press in a shadow tree where the caret can go no further in that tree (Shoelace's checkbox and switch:
  // the icon or the thumb that the host's shadow root draws, beside a label whose text takes no selection):
  // Chromium's word there reaches out of the host, a range from the press's position to the next position past the
  // host in the light DOM (measured with real double clicks: from the switch's thumb to the start of the next
  // paragraph). The page's Selection API shows that range as a caret (type "Range", collapsed); a label's click
  // takes it for selected text and gives its control no focus, so the focus the press took away stays on the body.
  // A position in an <svg> (a drawn icon) starts at the element around it. Where the ends made here differ from
  // Chromium's, only getComposedRanges() shows it. False where the position is in no shadow tree.
  function selectOutOfHost(node, offset) {
    var holder = elementOf(node);
    var host = holder && engine.outermost(holder);
    if (!host || host === holder || !host.parentNode) return false;
    var box = holder;
    while (box && !(box instanceof HTMLElement)) box = engine.parentOf(box);
    if (!box) return false;
    var start = box === holder ? [node, offset] : [box, 0];
    var selection = document.getSelection(),
      was = selection.rangeCount ? selection.getRangeAt(0).cloneRange() : null,
      after = [host.parentNode, Array.prototype.indexOf.call(host.parentNode.childNodes, host) + 1];
    selection.collapse(after[0], after[1]);
    var end = extended(selection, "forward", "character") ? [selection.focusNode, selection.focusOffset] : after;
    try {
      selection.setBaseAndExtent(start[0], start[1], end[0], end[1]);
      return true;
    } catch (notAcrossTrees) {
      // a Chromium whose selection cannot span trees: the selection stays as it was
      selection.removeAllRanges();
      if (was) selection.addRange(was);
      return false;
    }
  }
  // A double click's word starts elsewhere when the press's position is just after a form control, as Chromium's
  // word search reads the text around a position by runs of inline content (all measured with real input, after
  // the last control of a paragraph and of the document):
  //   - a date, time, month, week, colour or range input, or a meter: the press goes before it, and selects nothing;
  //   - a text field (its text is its own), a drop-down or a progress bar: the search passes over it, so the word
  //     before the position is the control itself when text precedes it on its line, and else the last word of the
  //     paragraph before (Flatpickr's calendar, closed by the first click: the second press, below the page's last
  //     field, selects the label before that field);
  //   - a checkbox, a radio button or an image: it is a character of its line, so at the end of the content the
  //     word before the position is the control.
  // Elsewhere (buttons, file inputs, boxes with text) the position is in or beside text, as the search reads it.
  var CARET_BEFORE = /^(date|time|datetime-local|month|week|color|range|meter)$/;
  var PASSED_OVER = /^(text|search|email|url|tel|password|number|textarea|select|progress)$/;
  var IN_LINE = /^(checkbox|radio|img)$/;
  function controlBefore(node, offset) {
    var control = node.nodeType === 1 && offset > 0 ? node.childNodes[offset - 1] : null;
    return control && control.nodeType === 1 && controlKind(control) ? control : null;
  }
  function controlKind(el) {
    var tag = el.localName;
    var kind = tag === "input" ? (el.getAttribute("type") || "text").toLowerCase() : tag;
    return CARET_BEFORE.test(kind) || PASSED_OVER.test(kind) || IN_LINE.test(kind) ? kind : "";
  }
  // Where the word starts for a press just after `control` (at node, offset): null where the general rule holds.
  function startAfterControl(selection, control, node, offset, wordBefore) {
    var kind = controlKind(control);
    selection.collapse(node, offset - 1);
    var textBefore = extended(selection, "backward", "paragraphboundary") && selection.toString() !== "";
    if (IN_LINE.test(kind) || textBefore) return wordBefore ? [node, offset - 1] : [node, offset];
    // nothing before the control on its paragraph: the search goes on in the paragraph before it
    selection.collapse(node, offset - 1);
    if (!extended(selection, "backward", "character")) return null;
    var end = [selection.focusNode, selection.focusOffset];
    if (end[0] === node && end[1] === offset - 1) return null;
    if (!wordBefore) return end;
    selection.collapse(end[0], end[1]);
    extended(selection, "backward", "paragraphboundary");
    var paragraph = selection.toString();
    var word = wordAt(paragraph, paragraph.length, true);
    return walked(selection, end[0], end[1], "backward", paragraph.length - word[0]);
  }
  // A paragraph's end selected on to the next paragraph's start, inside an editor that follows too.
  function runOn(selection) {
    var end = [selection.focusNode, selection.focusOffset];
    extended(selection, "forward", "character");
    var editor = selection.focusNode === end[0] && selection.focusOffset === end[1] ? editorAfter(end[0], end[1]) : null;
    if (editor) selection.extend(editor, 0);
  }
  // Where the caret goes for a position that no caret can take and from which it can go no further (a press on a box
  // of icons, as Quill's header picker is, at the end of its toolbar): the browser takes the word from the caret's
  // place before it, the end of the text before the box (measured: "Quill" then the editor's first line, the line
  // break between them selected, not the word "Quill" as at the end of the document); one step back and one forward
  // find it. Any other position stays as it is.
  function caretPosition(selection, node, offset) {
    if (controlBefore(node, offset)) return [node, offset]; // (the control's own rule: startAfterControl)
    selection.collapse(node, offset);
    if (!extended(selection, "forward", "character") || selection.focusNode !== node || selection.focusOffset !== offset) return [node, offset];
    selection.collapse(node, offset);
    if (!extended(selection, "backward", "character")) return [node, offset];
    selection.collapse(selection.focusNode, selection.focusOffset);
    if (!extended(selection, "forward", "character")) return [node, offset];
    return [selection.focusNode, selection.focusOffset];
  }
  // Extends the selection one `unit` in `direction`, as modify() does, but not into a field or an editor that does not
  // have the focus: modify() focuses one it walks into (a double click does not: measured, PrimeVue's date field,
  // before its calendar, after a double click on a day of the calendar); such a step is taken back, and false.
  function extended(selection, direction, unit) {
    var focused = document.activeElement,
      was = [selection.anchorNode, selection.anchorOffset, selection.focusNode, selection.focusOffset];
    selection.modify("extend", direction, unit);
    if (document.activeElement === focused) return true;
    if (focused && focused !== document.body) focused.focus({ preventScroll: true });
    else if (document.activeElement) document.activeElement.blur();
    selection.setBaseAndExtent(was[0], was[1], was[2], was[3]);
    return false;
  }
  // The position `count` characters of text away from (node, offset) in `direction`, walked as modify() walks: an
  // empty box (a drawn checkbox) or an image is a step that adds no text, so steps are taken until the text
  // passed over is that long, or the walk can go no further.
  function walked(selection, node, offset, direction, count) {
    selection.collapse(node, offset);
    while (selection.toString().length < count) {
      var was = [selection.focusNode, selection.focusOffset];
      if (!extended(selection, direction, "character")) break;
      if (selection.focusNode === was[0] && selection.focusOffset === was[1]) break;
    }
    return [selection.focusNode, selection.focusOffset];
  }
  // Whether any position follows (node, offset) where a caret could go: modify() past the last one reaches the end of
  // the document element, which is none (measured: a double click on a dialog's backdrop, the last thing in the
  // body, selects nothing; one at the end of a dialog's text, before its focus trap's empty sentinel, selects up to
  // the sentinel).
  function hasNextPosition(selection, node, offset) {
    selection.collapse(node, offset);
    if (!extended(selection, "forward", "character")) return false;
    var moved = selection.focusNode !== node || selection.focusOffset !== offset;
    return (moved && selection.focusNode !== document.documentElement) || !!editorAfter(node, offset);
  }
  // The first editor (a contenteditable host that shows) after (node, offset), not one it is in, or null: modify()
  // stops at its edge, where the browser's next position is inside it (a double click on Quill's toolbar, before its
  // editor, selects the line break up to the editor's first line, as at a paragraph's end, not the word before as at
  // the end of the document; at the end of an editor's own text it is the end of its content).
  function editorAfter(node, offset) {
    var rest = document.createRange();
    rest.setStart(node, offset);
    rest.setEnd(document.documentElement, document.documentElement.childNodes.length);
    return (
      Array.prototype.find.call(document.querySelectorAll("[contenteditable]"), function (host) {
        var root = host.isContentEditable && !(host.parentElement && host.parentElement.isContentEditable);
        return root && !engine.composedContains(host, node) && engine.hasBox(host) && rest.intersectsNode(host);
      }) || null
    );
  }
  // [start, end] of the word of `text` at `index`: the one it is in, or on a boundary the one after it (with
  // wordBefore, the one before it); [index, index] past the end.
  function wordAt(text, index, wordBefore) {
    if (!text || typeof Intl === "undefined" || !Intl.Segmenter) return [index, index];
    var segments = new Intl.Segmenter(undefined, { granularity: "word" }).segment(text);
    var segment = index < text.length ? segments.containing(index) : null;
    if (wordBefore && index > 0 && (!segment || segment.index === index)) segment = segments.containing(index - 1);
    return segment ? [segment.index, segment.index + segment.segment.length] : [index, index];
  }
  function inTableCell(node) {
    var holder = elementOf(node);
    return !!(holder && holder.closest("td, th"));
  }
  // A function that puts back the scroll positions of the page and of every box around `node` (through shadow
  // hosts), as they are now.
  function keepScroll(node) {
    var boxes = [];
    for (var box = elementOf(node); box; box = engine.parentOf(box)) {
      boxes.push([box, box.scrollLeft, box.scrollTop]);
    }
    var pageX = window.scrollX,
      pageY = window.scrollY;
    return function () {
      boxes.forEach(function (kept) {
        if (kept[0].scrollLeft !== kept[1]) kept[0].scrollLeft = kept[1];
        if (kept[0].scrollTop !== kept[2]) kept[0].scrollTop = kept[2];
      });
      if (window.scrollX !== pageX || window.scrollY !== pageY) window.scrollTo(pageX, pageY);
    };
  }
  Object.assign(engine, { selectByPress: selectByPress });
})(globalThis.__hermesEngine);

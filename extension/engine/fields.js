// Hermes snapshot engine: key and input events, and editing a text field's value as typing does (through
// the native value setter, so frameworks that wrap `value`, React's controlled inputs say, see the change);
// and which fields hold a password or payment details (sensitiveField), which typing confirms and no read shows.
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var wordSet = engine.wordSet,
    clean = engine.clean,
    tagOf = engine.tagOf;

  // Input types that take no typed text.
  var NOT_TEXT_INPUTS = wordSet("button submit reset image checkbox radio range color file hidden");
  var NAMED_KEYS = engine.lookupTable({
    Enter: [13, "Enter"],
    Tab: [9, "Tab"],
    Escape: [27, "Escape"],
    Esc: [27, "Escape"],
    Backspace: [8, "Backspace"],
    Delete: [46, "Delete"],
    ArrowUp: [38, "ArrowUp"],
    ArrowDown: [40, "ArrowDown"],
    ArrowLeft: [37, "ArrowLeft"],
    ArrowRight: [39, "ArrowRight"],
    Home: [36, "Home"],
    End: [35, "End"],
    PageUp: [33, "PageUp"],
    PageDown: [34, "PageDown"],
    Space: [32, "Space"],
    " ": [32, "Space"],
    Shift: [16, "ShiftLeft"],
    Control: [17, "ControlLeft"],
    Alt: [18, "AltLeft"],
    Meta: [91, "MetaLeft"],
    Insert: [45, "Insert"],
  });

  // The key a printable symbol is on, on a US keyboard: [keyCode, code, with Shift].
  var US_SYMBOLS = engine.lookupTable({
    " ": [32, "Space", false], "!": [49, "Digit1", true], "@": [50, "Digit2", true], "#": [51, "Digit3", true],
    $: [52, "Digit4", true], "%": [53, "Digit5", true], "^": [54, "Digit6", true], "&": [55, "Digit7", true],
    "*": [56, "Digit8", true], "(": [57, "Digit9", true], ")": [48, "Digit0", true], "-": [189, "Minus", false],
    _: [189, "Minus", true], "=": [187, "Equal", false], "+": [187, "Equal", true], "[": [219, "BracketLeft", false],
    "{": [219, "BracketLeft", true], "]": [221, "BracketRight", false], "}": [221, "BracketRight", true],
    "\\": [220, "Backslash", false], "|": [220, "Backslash", true], ";": [186, "Semicolon", false],
    ":": [186, "Semicolon", true], "'": [222, "Quote", false], '"': [222, "Quote", true], ",": [188, "Comma", false],
    "<": [188, "Comma", true], ".": [190, "Period", false], ">": [190, "Period", true], "/": [191, "Slash", false],
    "?": [191, "Slash", true], "`": [192, "Backquote", false], "~": [192, "Backquote", true],
  });
  // {key, keyCode, code, printable?, shift?} of a key name ("Enter", "F5", "a"); keyCode 0 for an unknown name.
  function keyInfo(key) {
    var named = NAMED_KEYS[key];
    // (Space is a named key that types a character: a space in a field, its keypress too)
    if (named) return { key: key === "Space" ? " " : key === "Esc" ? "Escape" : key, keyCode: named[0], code: named[1], printable: named[0] === 32 };
    if (/^F\d{1,2}$/.test(key)) return { key: key, keyCode: 111 + +key.slice(1), code: key };
    if (key.length === 1) {
      var upper = key.toUpperCase();
      if (/[a-z]/i.test(key)) return { key: key, keyCode: upper.charCodeAt(0), code: "Key" + upper, printable: true, shift: key !== key.toLowerCase() };
      if (/[0-9]/.test(key)) return { key: key, keyCode: key.charCodeAt(0), code: "Digit" + key, printable: true };
      var symbol = US_SYMBOLS[key];
      // A character of no key on a US keyboard reads as keyCode 0, never as the code of another key
      // ("(" is 40, ArrowDown's code, by its char code).
      if (!symbol) return { key: key, keyCode: 0, code: "", printable: true };
      return { key: key, keyCode: symbol[0], code: symbol[1], printable: true, shift: symbol[2] };
    }
    return { key: key, keyCode: 0, code: "" };
  }
  // Dispatches a keyboard event; false when the page cancelled it.
  function keyEvent(target, type, info, modifiers) {
    return target.dispatchEvent(
      new KeyboardEvent(type, {
        key: info.key,
        code: info.code,
        keyCode: info.keyCode,
        which: info.keyCode,
        charCode: type === "keypress" ? (info.key.length === 1 ? info.key.charCodeAt(0) : info.keyCode) : 0,
        bubbles: true,
        cancelable: true,
        composed: true,
        view: window,
        ctrlKey: !!modifiers.ctrl,
        shiftKey: !!modifiers.shift || !!info.shift,
        altKey: !!modifiers.alt,
        metaKey: !!modifiers.meta,
      })
    );
  }
  function inputEvent(el, type, inputType, data, cancelable) {
    var init = { bubbles: true, cancelable: !!cancelable, composed: true, inputType: inputType, data: data == null ? null : data };
    return el.dispatchEvent(typeof InputEvent === "function" ? new InputEvent(type, init) : new Event(type, init));
  }
  function plainEvent(el, type) {
    return el.dispatchEvent(new Event(type, { bubbles: true, cancelable: false }));
  }
  function isTextField(el) {
    if (!el) return false;
    if (el.localName === "textarea") return true;
    if (el.localName !== "input") return false;
    return !NOT_TEXT_INPUTS[(el.getAttribute("type") || "text").toLowerCase()];
  }

  function valueDescriptor(el) {
    var prototype = el.localName === "textarea" ? HTMLTextAreaElement.prototype : el.localName === "select" ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    return Object.getOwnPropertyDescriptor(prototype, "value");
  }
  function nativeValue(el) {
    return valueDescriptor(el).get.call(el);
  }
  function setNativeValue(el, value) {
    valueDescriptor(el).set.call(el, value);
  }
  // [start, end] of the field's selection, or null for fields without one (email, number).
  function selectionOf(el) {
    try {
      if (typeof el.selectionStart === "number") return [el.selectionStart, el.selectionEnd];
    } catch (e) {
      /* email/number inputs have no selection API */
    }
    return null;
  }
  function placeCaret(el, at) {
    try {
      el.setSelectionRange(at, at);
    } catch (e) {
      /* ignore */
    }
  }
  // The browser shows the caret after an edit or a caret move in a text field: it scrolls the field (a textarea
  // down to a new line, an input along its text) the least that brings the caret into view. A script that sets
  // the value or the selection scrolls nothing (measured: setSelectionRange, setRangeText, Selection.modify), so
  // the engine finds the caret's place in the field's own layout, measured on a canvas in the field's font, and
  // scrolls as the browser would: a textarea's lines wrapped at its width (pre-wrap, breaking long words), each
  // line-height tall, the caret the font's height within its line; an input's caret at the width of the text
  // before it. Nothing is measured for a field whose text fits (most fields): it has nothing to scroll.
  var measuring = null;
  function revealCaret(el) {
    if (!isTextField(el) || (el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth)) return;
    var caret = caretPlace(el);
    if (!caret) return;
    if (el.localName === "input") {
      if (caret.x + 1 > el.scrollLeft + caret.right) el.scrollLeft = Math.ceil(caret.x + 1 - caret.right);
      else if (caret.x < el.scrollLeft + caret.left) el.scrollLeft = Math.max(0, Math.floor(caret.x - caret.left));
      return;
    }
    if (caret.bottom > el.scrollTop + el.clientHeight) el.scrollTop = Math.ceil(caret.bottom - el.clientHeight);
    else if (caret.top < el.scrollTop) el.scrollTop = Math.max(0, Math.floor(caret.top));
  }
  // After PageDown or PageUp moved a textarea's caret, the browser scrolls the caret's line to the top of the view,
  // the textarea's and the page's (measured: Chromium reveals a page move's caret aligned to the top, where an
  // arrow's caret is only brought into view).
  function caretLineToTop(el) {
    var caret = el.localName === "textarea" ? caretPlace(el) : null;
    if (!caret) return;
    el.scrollTop = Math.floor(caret.lineTop);
    el.scrollIntoView({ block: "start", behavior: "instant" });
    var border = parseFloat(getComputedStyle(el).borderTopWidth) || 0;
    engine.pageScroller().scrollBy({ top: border + caret.lineTop - el.scrollTop, behavior: "instant" });
  }
  // Where the caret of a text field is, in its scrolled content's coordinates: an input's x (and the left and right
  // edges of its text), a textarea's caret top and bottom and its line's top; null without a selection.
  function caretPlace(el) {
    var at = selectionOf(el);
    if (!at) return null;
    var style = getComputedStyle(el);
    measuring = measuring || document.createElement("canvas").getContext("2d");
    measuring.font = style.font || style.fontSize + " " + style.fontFamily;
    measuring.letterSpacing = style.letterSpacing === "normal" ? "0px" : style.letterSpacing;
    var text = el.type === "password" ? "\u2022".repeat(nativeValue(el).length) : nativeValue(el);
    var caret = el.selectionDirection === "backward" ? at[0] : at[1];
    var padding = function (side) {
      return parseFloat(style["padding" + side]) || 0;
    };
    if (el.localName === "input") {
      var x = padding("Left") + measuring.measureText(text.slice(0, caret)).width;
      return { x: x, left: padding("Left"), right: el.clientWidth - padding("Right") };
    }
    var metrics = measuring.measureText("M");
    var glyph = metrics.fontBoundingBoxAscent + metrics.fontBoundingBoxDescent;
    var line = parseFloat(style.lineHeight) || glyph;
    var lineTop = padding("Top") + wrappedLine(text, caret, el.clientWidth - padding("Left") - padding("Right")) * line;
    var top = lineTop + (line - glyph) / 2;
    return { lineTop: lineTop, top: top, bottom: top + glyph };
  }
  // The line (from 0) that offset `at` of `text` is on, in a textarea `width` wide: each of its paragraphs wrapped
  // greedily at the spaces (a space at a line's end hangs past it), a word wider than a line broken anywhere.
  function wrappedLine(text, at, width) {
    var lines = 0,
      start = 0;
    var paragraphs = text.split("\n");
    for (var p = 0; p < paragraphs.length; p++) {
      var paragraph = paragraphs[p],
        end = start + paragraph.length;
      var breaks = wrapped(paragraph, width);
      if (at <= end) {
        var within = at - start;
        return lines + breaks.filter(function (offset) { return offset <= within; }).length;
      }
      lines += breaks.length + 1;
      start = end + 1;
    }
    return lines;
  }
  // Where `paragraph`'s lines after the first begin, wrapped at `width`.
  function wrapped(paragraph, width) {
    var breaks = [],
      lineStart = 0,
      lastSpaceEnd = -1;
    for (var i = 0; i < paragraph.length; i++) {
      if (paragraph[i] === " ") {
        lastSpaceEnd = i + 1;
        continue;
      }
      if (measuring.measureText(paragraph.slice(lineStart, i + 1)).width <= width) continue;
      lineStart = lastSpaceEnd > lineStart ? lastSpaceEnd : i > lineStart ? i : i + 1;
      breaks.push(lineStart);
    }
    return breaks;
  }
  // Insert `text` into a text field as typing would, firing beforeinput/input, and keeping to the field's
  // maxlength as the browser's own insertion does (what does not fit is dropped; nothing fits: no input event).
  // Returns whether the page let it happen (false: it cancelled beforeinput).
  function insertIntoField(el, text, inputType) {
    if (!inputEvent(el, "beforeinput", inputType, text, true)) return false;
    var current = nativeValue(el);
    var selection = selectionOf(el);
    if (el.maxLength >= 0) {
      var kept = current.length - (selection ? selection[1] - selection[0] : 0);
      text = text.slice(0, Math.max(0, el.maxLength - kept));
      if (!text) return true;
    }
    if (selection) {
      setNativeValue(el, current.slice(0, selection[0]) + text + current.slice(selection[1]));
      placeCaret(el, selection[0] + text.length);
    } else {
      setNativeValue(el, current + text);
    }
    inputEvent(el, "input", inputType, text, false);
    return true;
  }
  // Backspace (or Delete, forward): the selection, else one character. Returns whether it happened.
  function deleteInField(el, forward) {
    var inputType = forward ? "deleteContentForward" : "deleteContentBackward";
    if (!inputEvent(el, "beforeinput", inputType, null, true)) return false;
    var current = nativeValue(el);
    var selection = selectionOf(el) || [current.length, current.length];
    var start = selection[0],
      end = selection[1];
    if (start === end) {
      if (forward) end = Math.min(current.length, end + 1);
      else start = Math.max(0, start - 1);
    }
    setNativeValue(el, current.slice(0, start) + current.slice(end));
    placeCaret(el, start);
    inputEvent(el, "input", inputType, null, false);
    return true;
  }

  // ----- password and payment fields ------------------------------------------------------------------
  // The autocomplete tokens of a secret: a password, a one-time code, a card's security code. Not new-password
  // alone: widgets put it on plain search inputs only to keep the browser's autofill off them (selectize in Shiny,
  // many Select2 and React Select setups), and a new password's field says so by its type or its label.
  var SECRET_AUTOCOMPLETE = engine.wordSet("current-password one-time-code cc-csc");
  // The words that make a field a secret when its label, name, id or placeholder says one, matched as whole
  // words once a name is split into its words (splitWords): "loginPassword", "card_cvv", "pin-code" say it,
  // "spinach", "opinion", "shipping", "passport" or "pinned" do not.
  var SECRET_WORDS = /\b(?:password|passwd|passcode|pin|cvv|cvc)s?\b/;
  var CARD_WORDS = /\b(?:card|cc) ?(?:number|num|no)\b|\bcredit ?card\b|\bcardnumber\b|\bccnum\b|\bpan\b/;
  // Input types whose text is never a secret, whatever their label says ("Email to reset your password").
  var NEVER_SECRET = engine.wordSet("email url");
  // A name or a label as lower-case words: camelCase, snake_case, kebab-case and digits split ("newPIN2" ->
  // "new pin ").
  function splitWords(text) {
    return String(text || "")
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
      .replace(/[\s_\-.:\d]+/g, " ")
      .toLowerCase();
  }
  // What the field is called by the page: its labels, aria-label, placeholder, name and id.
  function fieldNames(el) {
    var names = [el.getAttribute("aria-label"), el.getAttribute("placeholder"), el.getAttribute("name"), el.id];
    for (var i = 0; el.labels && i < el.labels.length; i++) names.push(el.labels[i].textContent);
    return names.map(splitWords);
  }
  // The field's label as the user's question names it (never its value).
  function fieldLabel(el) {
    var first = el.labels && el.labels[0] && el.labels[0].textContent;
    var label = first || el.getAttribute("aria-label") || el.getAttribute("placeholder") || el.getAttribute("name") || el.id;
    return clean(label || "").slice(0, 80);
  }
  // {kind, label} for a field typing into which the user confirms, as it is now (sensitiveKind()), else null.
  function sensitiveField(el) {
    var kind = sensitiveKind(el);
    return kind ? { kind: kind, label: fieldLabel(el) } : null;
  }
  // "password" | "payment" | null. A password (a secret: its characters are never echoed): type=password;
  // autocomplete current-password, one-time-code or cc-csc; masked by -webkit-text-security; or its
  // label, name, id or placeholder says password, passcode, PIN, CVV or CVC (not an email or URL input). A payment
  // field: autocomplete cc-*, or its names say card number. Without the label, for a snapshot that asks of every
  // text field.
  function sensitiveKind(el) {
    var tag = tagOf(el);
    if ((tag !== "input" || !isTextField(el)) && tag !== "textarea") return null;
    var type = tag === "input" ? el.type : "";
    var tokens = String(el.getAttribute("autocomplete") || "").toLowerCase().split(/\s+/);
    var masked = getComputedStyle(el).getPropertyValue("-webkit-text-security");
    var names = fieldNames(el);
    var says = function (words) {
      return names.some(function (name) {
        return words.test(name);
      });
    };
    var secret =
      type === "password" ||
      tokens.some(function (token) {
        return !!SECRET_AUTOCOMPLETE[token];
      }) ||
      (!!masked && masked !== "none") ||
      (!NEVER_SECRET[type] && says(SECRET_WORDS));
    var payment =
      !secret &&
      (tokens.some(function (token) {
        return token.indexOf("cc-") === 0;
      }) ||
        says(CARD_WORDS));
    return secret ? "password" : payment ? "payment" : null;
  }
  // What an action's effect on `el` would risk, for the user's confirmation: {risk: "type" | "submit" | "download",
  // kind?, label} or null. The effects are a key's (keyboard.js keyEffect) and a click's: "activate" (a click,
  // Enter on a button or a link, Space on a button), "submit" (Enter in a form's field), "paste" (the session's
  // clipboard into it) and "insert" (a key's character into it): both type into it. One test for every path to one
  // effect, so each is asked alike.
  function riskOfAction(el, effect) {
    if (!el || !el.closest) return null;
    if (effect === "paste" || effect === "insert") {
      var field = sensitiveField(el);
      return field ? { risk: "type", kind: field.kind, label: field.label } : null;
    }
    if (effect === "submit") return formRisk(el.form);
    if (effect !== "activate") return null;
    var link = el.closest("a[href]");
    if (link && link.hasAttribute("download")) return { risk: "download", label: clean(link.textContent || link.getAttribute("download")).slice(0, 80) };
    // (a click on what a submit button holds, its text or its icon, is a click on the button)
    var control = el.closest("button, input");
    var submits = control && (control.localName === "button" ? control.type === "submit" : /^(submit|image)$/.test(control.type));
    return submits ? formRisk(control.form) : null;
  }
  // {risk: "submit", kind, label} for a form that holds a password or payment field (its first), else null.
  function formRisk(form) {
    for (var i = 0; form && i < form.elements.length; i++) {
      var field = sensitiveField(form.elements[i]);
      if (field) return { risk: "submit", kind: field.kind, label: field.label };
    }
    return null;
  }
  // A cancelable beforeinput as the browser fires it before an edit, with the selection as its target range
  // (getTargetRanges(): Slate, Quill and CKEditor 5 edit that range of their model); false when cancelled.
  function beforeInput(host, inputType, data) {
    var selection = window.getSelection();
    var ranges = [];
    if (selection && selection.rangeCount) {
      var range = selection.getRangeAt(0);
      ranges.push(
        new StaticRange({
          startContainer: range.startContainer,
          startOffset: range.startOffset,
          endContainer: range.endContainer,
          endOffset: range.endOffset,
        })
      );
    }
    return host.dispatchEvent(
      new InputEvent("beforeinput", {
        bubbles: true,
        cancelable: true,
        composed: true,
        inputType: inputType,
        data: data,
        targetRanges: ranges,
      })
    );
  }
  // Chromium's textInput (a TextEvent, made only through createEvent): React reads it as onBeforeInput. A
  // synthetic one inserts nothing by itself. False when cancelled.
  function textInputEvent(host, data) {
    var event = document.createEvent("TextEvent");
    event.initTextEvent("textInput", true, true, window, data);
    return host.dispatchEvent(event);
  }
  // ----- what a press does to the selection and to a slider ---------------------------------------------
  // A left press that the page did not cancel (pointer.js) does what Chromium's own press does there, which
  // untrusted mouse events do not: the first press puts the caret where it landed (in a field after the focus
  // moved there; in text, an editor or an empty box, ending any selection), the second (a double click's, detail
  // 2) selects the word there. A word is what the browser's word breaking (ICU, Intl.Segmenter's) makes of the
  // text node or the field's value; on a boundary the word after it, a run of spaces being a word of its own, as
  // a double click on one selects it. A press on a link, a button, a <details>'s summary or another control, or on
  // text that cannot be selected (user-select: none), leaves the selection as it is (all measured against real
  // input).
  var STARTS_NO_SELECTION = 'a[href], button, summary, select, input, textarea, [draggable="true"]';
  function selectByPress(target, x, y, detail) {
    var position = detail <= 2 && document.caretPositionFromPoint ? caretAt(target, x, y) : null;
    if (!position) return;
    var node = position.offsetNode,
      offset = position.offset;
    if (node === target && isTextField(target) && selectionOf(target)) {
      var word = detail === 2 ? wordAround(nativeValue(target), offset) : [offset, offset];
      if (word) target.setSelectionRange(word[0], word[1], "forward");
      return;
    }
    var holder = node && node.nodeType === 3 ? node.parentElement : node;
    if (!holder || holder.nodeType !== 1 || !target.contains(node) || unselectable(node)) return;
    if (!holder.isContentEditable && target.closest(STARTS_NO_SELECTION)) return;
    var selection = (node.getRootNode().getSelection ? node.getRootNode() : document).getSelection();
    if (!selection) return;
    if (detail === 1) selection.collapse(node, offset);
    if (detail !== 2) return;
    // false: in the blank after a line's last word, or an empty box with nothing after it on its line
    var around = pastLineEnd(node, offset, x) ? false : node.nodeType === 3 ? wordInFlow(node, offset) : wordAfterEmptyBox(node);
    if (around) selection.setBaseAndExtent(around[0], around[1], around[2], around[3]);
    else if (around === false) {
      // what follows that boundary: up to where the next block begins (a line break); with nothing after it (the
      // end of an editor's text), the word before it, as Chromium selects then (measured: Draft.js's editor)
      selection.collapse(node, offset);
      selection.modify("extend", "forward", "word");
      var before = selection.isCollapsed && node.nodeType === 3 ? wordInFlow(node, offset) : null;
      if (before) selection.setBaseAndExtent(before[0], before[1], before[2], before[3]);
    }
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
  // Where the caret goes for a press at (x, y) on the target, looked for in the shadow trees the target is in too
  // (Shoelace's sl-input: its <input> is in the host's shadow root); without them the browser answers the host.
  function caretAt(target, x, y) {
    var roots = [];
    for (var root = target.getRootNode(); root && root.host; root = root.host.getRootNode()) roots.push(root);
    return roots.length ? document.caretPositionFromPoint(x, y, { shadowRoots: roots }) : document.caretPositionFromPoint(x, y);
  }
  // Whether a press at x lands in the blank past the end of a left-to-right line's text, where the caret goes to
  // the end of its last word: Chromium's double click there selects what follows that boundary, not the word
  // before it (measured with real input: the centre of Element Plus's accordion header, whose title is at its
  // left, selects the line break; so do Quasar's and Vuetify's tree items).
  function pastLineEnd(node, offset, x) {
    if (node.nodeType !== 3 || getComputedStyle(node.parentElement).direction !== "ltr") return false;
    var end = node.data.replace(/\s+$/, "").length;
    if (end === 0 || offset < end) return false;
    var last = document.createRange();
    last.setStart(node, end - 1);
    last.setEnd(node, end);
    return x > last.getBoundingClientRect().right;
  }
  // A double click in an empty box (a checkbox or a radio the page draws): Chromium selects the word that follows
  // the box on its line, or, with nothing after it there, what runs from the box to the next block (measured
  // with real input: a flex row's box and its label, a box at a line's end, a block of its own). The word's
  // [startNode, startOffset, endNode, endOffset]; false for the second; null for no box (the page's own blank:
  // nothing is selected there).
  function wordAfterEmptyBox(box) {
    if (box.nodeType !== 1 || box.firstChild || box === document.body || box === document.documentElement) return null;
    if (!runsInline(box)) return false; // a block (a flex row's item too): nothing follows it on its line
    var flow = box.parentElement;
    while (flow.parentElement && runsInline(flow)) flow = flow.parentElement;
    var walker = document.createTreeWalker(flow, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    walker.currentNode = box;
    var blank = null; // white space after the box counts only with text after it on the line
    for (var next = walker.nextNode(); next; next = walker.nextNode()) {
      if (next.nodeType === 1) {
        if (next.localName === "br" || (!runsInline(next) && next.checkVisibility())) return false;
        continue;
      }
      if (!next.data || !next.parentElement.checkVisibility()) continue;
      if (!next.data.trim()) blank = blank || next;
      else return wordInFlow(blank || next, 0);
    }
    return false;
  }
  // The word around a text position as Chromium's double click takes it: words run on across the inline boxes of
  // one line of text (a calendar's row of inline-block days with no space between is one word, as real input
  // selects it), and end where a block inside begins. [startNode, startOffset, endNode, endOffset], or null.
  function wordInFlow(node, offset) {
    var flow = node.parentElement;
    while (flow.parentElement && runsInline(flow)) flow = flow.parentElement;
    var pieces = [];
    inlineText(flow, pieces);
    var text = "",
      starts = [];
    for (var i = 0; i < pieces.length; i++) {
      starts.push(text.length);
      text += pieces[i] ? pieces[i].data : "\n";
    }
    var at = pieces.indexOf(node);
    var word = at < 0 ? null : wordAround(text, starts[at] + offset);
    if (!word) return null;
    var first = pointAt(pieces, starts, word[0], false),
      last = pointAt(pieces, starts, word[1], true);
    return first && last ? [first[0], first[1], last[0], last[1]] : null;
  }
  function runsInline(el) {
    var display = getComputedStyle(el).display;
    return display === "contents" || display.indexOf("inline") === 0;
  }
  // The text nodes laid out in the flow of an element, in order, each block inside it (or <br>) a null: a break.
  var MAX_FLOW_PIECES = 2000;
  function inlineText(el, pieces) {
    for (var child = el.firstChild; child && pieces.length < MAX_FLOW_PIECES; child = child.nextSibling) {
      if (child.nodeType === 3) pieces.push(child);
      if (child.nodeType !== 1 || getComputedStyle(child).display === "none") continue;
      if (child.localName !== "br" && runsInline(child)) inlineText(child, pieces);
      else pieces.push(null);
    }
  }
  // The text node and offset at an index of the flow's text (for a word's end: the end of the node before it).
  function pointAt(pieces, starts, index, asEnd) {
    for (var i = 0; i < pieces.length; i++) {
      if (!pieces[i]) continue;
      var end = starts[i] + pieces[i].data.length;
      if (index < end || (asEnd && index === end)) return index >= starts[i] ? [pieces[i], index - starts[i]] : null;
    }
    return null;
  }
  function wordAround(text, offset) {
    if (!text || typeof Intl === "undefined" || !Intl.Segmenter) return null;
    var segment = new Intl.Segmenter(undefined, { granularity: "word" }).segment(text).containing(Math.min(offset, text.length - 1));
    return segment ? [segment.index, segment.index + segment.segment.length] : null;
  }
  // A press on a range input's track moves its thumb there, as Chromium's slider does: the thumb's centre goes
  // to the point along the track (the content box less a thumb's width), the value is snapped to the step by
  // the input itself, and it gets input now and change (slid: true) once the button is released. A press on
  // the thumb itself moves nothing (it starts a drag). The default thumb is 16 px wide; a page's own thumb
  // style is out of reach (its pseudo-element has no computed style to read), so this is an approximation there.
  var RANGE_THUMB_PX = 16;
  function slideRange(input, x, y) {
    if (input.localName !== "input" || input.type !== "range" || input.disabled) return false;
    var box = input.getBoundingClientRect(),
      style = getComputedStyle(input);
    var vertical = /^(vertical|sideways)/.test(style.writingMode);
    var side = vertical ? ["Top", "Bottom"] : ["Left", "Right"];
    var inset = function (edge) {
      return (parseFloat(style["border" + edge + "Width"]) || 0) + (parseFloat(style["padding" + edge]) || 0);
    };
    var start = (vertical ? box.top : box.left) + inset(side[0]);
    var track = (vertical ? box.height : box.width) - inset(side[0]) - inset(side[1]) - RANGE_THUMB_PX;
    if (track <= 0) return false;
    var min = parseFloat(input.min),
      max = parseFloat(input.max);
    if (!isFinite(min)) min = 0;
    if (!isFinite(max)) max = 100;
    if (max <= min) return false;
    var reversed = !vertical && style.direction === "rtl";
    var along = function (fraction) {
      return reversed ? 1 - fraction : fraction;
    };
    var position = (vertical ? y : x) - start - RANGE_THUMB_PX / 2;
    var thumb = along((parseFloat(nativeValue(input)) - min) / (max - min)) * track;
    if (Math.abs(position - thumb) <= RANGE_THUMB_PX / 2) return false;
    var fraction = along(Math.max(0, Math.min(1, position / track)));
    var before = nativeValue(input);
    setNativeValue(input, String(parseFloat((min + fraction * (max - min)).toPrecision(12))));
    if (nativeValue(input) === before) return false;
    input.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
    return true;
  }
  Object.assign(engine, {
    beforeInput: beforeInput,
    textInputEvent: textInputEvent,
    selectByPress: selectByPress,
    slideRange: slideRange,
    keyInfo: keyInfo,
    keyEvent: keyEvent,
    inputEvent: inputEvent,
    plainEvent: plainEvent,
    isTextField: isTextField,
    sensitiveField: sensitiveField,
    sensitiveKind: sensitiveKind,
    riskOfAction: riskOfAction,
    nativeValue: nativeValue,
    setNativeValue: setNativeValue,
    selectionOf: selectionOf,
    placeCaret: placeCaret,
    revealCaret: revealCaret,
    caretLineToTop: caretLineToTop,
    insertIntoField: insertIntoField,
    deleteInField: deleteInField,
  });
})(globalThis.__hermesEngine);

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
    scriptValues.set(el, nativeValue(el));
  }
  // What the engine last set each field's value to. A value set by a script is, to Chromium, already committed:
  // the field fires no change when the focus leaves it, even in a window with the system focus, where a person's
  // typing would (focus.js fires it then).
  var scriptValues = new WeakMap();
  function valueSetByScript(el) {
    return scriptValues.has(el) && scriptValues.get(el) === nativeValue(el);
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
  // line-height tall (a line-height of normal read from the lines' total height), the caret the font's height
  // (its ascent and descent rounded) in the middle of its line, or, where the font is taller than the line, the
  // line less the font's overflow at each end; by whole pixels, rounded down (measured against real keys: 76
  // fonts and line heights at whole pixels of the page, all alike; at a fraction of a pixel, where Chromium's
  // rounding is the page's, 229 of 288, from 199); an input's caret at the width of the text before it. Nothing
  // is measured for a field whose text fits (most fields): it has nothing to scroll.
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
    if (caret.bottom > el.scrollTop + el.clientHeight) el.scrollTop = Math.floor(caret.bottom - el.clientHeight);
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
    var glyph = Math.round(metrics.fontBoundingBoxAscent) + Math.round(metrics.fontBoundingBoxDescent);
    var width = el.clientWidth - padding("Left") - padding("Right");
    var line = parseFloat(style.lineHeight) || (el.scrollHeight - padding("Top") - padding("Bottom")) / (wrappedLine(text, text.length, width) + 1);
    var lineTop = padding("Top") + wrappedLine(text, caret, width) * line;
    var inset = Math.abs(line - glyph) / 2;
    return { lineTop: lineTop, top: lineTop + inset, bottom: lineTop + line - inset };
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
  // Whether a key's edit of `el` is left to the browser's own editing (document.execCommand): an email or number
  // input, whose value is a sanitised reading of its text and which has no selection API. Chromium keeps the text
  // as typed (a number field holding "." on the way to ".5", whose value reads "") and edits its selection (all it
  // holds after Tab or Control+A), neither of which the engine can read to splice the value itself.
  var SANITISED_INPUTS = wordSet("email number");
  function editsNatively(el) {
    return el.localName === "input" && !!SANITISED_INPUTS[el.type] && engine.activeElementDeep() === el;
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
  // An element that takes its text through the EditContext API (Monaco on Chromium: Airflow 3's configuration
  // editor) gets no text from the browser's editing commands, and none from synthetic keys: the browser puts a
  // key's text into its EditContext, in place of what it has selected (an empty text deletes that, or the character
  // before the caret, `forward`: after it), and tells the page in a textupdate event, which the page reads to edit
  // its own model. So does the engine, once the key and its beforeinput went uncancelled. A line break is the page's:
  // Enter's keydown (Chromium gives an EditContext no text for it).
  function editContextInput(context, text, forward) {
    var start = Math.min(context.selectionStart, context.selectionEnd),
      end = Math.max(context.selectionStart, context.selectionEnd);
    if (!text && start === end) {
      if (forward) end = Math.min(context.text.length, end + 1);
      else start = Math.max(0, start - 1);
    }
    var caret = start + text.length;
    context.updateText(start, end, text);
    context.updateSelection(caret, caret);
    context.dispatchEvent(
      new TextUpdateEvent("textupdate", { updateRangeStart: start, updateRangeEnd: end, text: text, selectionStart: caret, selectionEnd: caret })
    );
  }
  // Whether the element is an editor's surface, where text is typed as into an editor, not a field: a
  // contenteditable (not a field inside one), or an element that takes its text through an EditContext (Monaco's on
  // Chromium), which edits as one.
  function editorSurface(el) {
    var tag = el.localName;
    return (!!el.isContentEditable && tag !== "input" && tag !== "textarea") || !!el.editContext;
  }
  // Chromium's textInput (a TextEvent, made only through createEvent): React reads it as onBeforeInput. A
  // synthetic one inserts nothing by itself. False when cancelled.
  function textInputEvent(host, data) {
    var event = document.createEvent("TextEvent");
    event.initTextEvent("textInput", true, true, window, data);
    return host.dispatchEvent(event);
  }
  // ----- what a press does to a slider -----------------------------------------------------------------
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
    editContextInput: editContextInput,
    editorSurface: editorSurface,
    textInputEvent: textInputEvent,
    slideRange: slideRange,
    keyInfo: keyInfo,
    keyEvent: keyEvent,
    inputEvent: inputEvent,
    plainEvent: plainEvent,
    isTextField: isTextField,
    editsNatively: editsNatively,
    sensitiveField: sensitiveField,
    sensitiveKind: sensitiveKind,
    riskOfAction: riskOfAction,
    nativeValue: nativeValue,
    setNativeValue: setNativeValue,
    valueSetByScript: valueSetByScript,
    selectionOf: selectionOf,
    placeCaret: placeCaret,
    revealCaret: revealCaret,
    caretLineToTop: caretLineToTop,
    insertIntoField: insertIntoField,
    deleteInField: deleteInField,
  });
})(globalThis.__hermesEngine);

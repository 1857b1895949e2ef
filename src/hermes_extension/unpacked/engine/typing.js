/*
 * Hermes snapshot engine: type(ref, text, {clear=true, commit=true, submit=false}) puts text into a field as a
 * user typing it would (key, beforeinput and input events per character, then change); a <select> gets the
 * option with that label, a range or colour input gets the value, contenteditable gets the text inserted.
 */
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var clean = engine.clean,
    cap = engine.cap,
    quote = engine.quote,
    failure = engine.failure,
    refText = engine.refText,
    VALUE_CAP = engine.VALUE_CAP,
    tagOf = engine.tagOf,
    hasBox = engine.hasBox,
    isDisabled = engine.isDisabled,
    isContentEditableRoot = engine.isContentEditableRoot,
    activeElementDeep = engine.activeElementDeep,
    scrollIntoViewIfNeeded = engine.scrollIntoViewIfNeeded,
    lookup = engine.lookup,
    withDescription = engine.withDescription,
    keyInfo = engine.keyInfo,
    keyEvent = engine.keyEvent,
    inputEvent = engine.inputEvent,
    plainEvent = engine.plainEvent,
    isTextField = engine.isTextField,
    nativeValue = engine.nativeValue,
    setNativeValue = engine.setNativeValue,
    selectionOf = engine.selectionOf,
    placeCaret = engine.placeCaret,
    insertIntoField = engine.insertIntoField,
    deleteInField = engine.deleteInField,
    press = engine.press;

  var FIELDS_INSIDE = 'input:not([type="hidden"]), textarea, select, [contenteditable]:not([contenteditable="false"])';
  var OPTIONS_LISTED = 50;

  function type(ref, text, options) {
    options = options || {};
    var found = lookup(ref);
    if (!found.ok) return found;
    var number = found.number;
    text = text == null ? "" : String(text);
    if (!hasBox(found.element)) return failure("not_visible", "Element " + refText(number) + " is not visible now; take a new snapshot.");
    if (isDisabled(found.element)) return failure("disabled", "Element " + refText(number) + " is disabled.");
    var el = typingTarget(found.element);
    var tag = tagOf(el);
    scrollIntoViewIfNeeded(el);
    if (tag === "select") return chooseInSelect(el, text, number);
    if (tag === "input" && !isTextField(el)) return setControlValue(el, text, number);
    var editable = isContentEditableRoot(el) || (el.isContentEditable && tag !== "input" && tag !== "textarea");
    if (tag !== "input" && tag !== "textarea" && !editable) {
      return failure("not_typable", "Element " + refText(number) + " does not take text; type into a textbox.");
    }
    if (el.readOnly) return failure("readonly", "Element " + refText(number) + " is read-only.");
    var isPassword = tag === "input" && el.type === "password";
    if (activeElementDeep() !== el) el.focus({ preventScroll: true });
    if (editable) typeIntoEditable(el, text, options.clear !== false);
    else typeIntoField(el, tag === "input" ? text.replace(/[\r\n]+/g, "") : text, options.clear !== false);
    if (options.commit !== false && !editable) plainEvent(el, "change");
    var result = withDescription({ ok: true }, el, number);
    if (isPassword) result.password = true;
    else result.value = cap(editable ? clean(el.textContent) : el.value, VALUE_CAP);
    if (options.submit) result.pressed = press("Enter");
    return result;
  }
  // A widget wrapper (a custom combobox, a labelled box) hands the text to its one visible field.
  function typingTarget(el) {
    var tag = tagOf(el);
    if (tag === "input" || tag === "textarea" || tag === "select" || el.isContentEditable) return el;
    var fields = el.querySelectorAll(FIELDS_INSIDE);
    return fields.length === 1 && hasBox(fields[0]) ? fields[0] : el;
  }
  // The option whose label is the text (exactly, then ignoring case), whose value is the text, or whose
  // label contains it; -1 for none.
  function optionIndex(select, text) {
    var wanted = clean(text);
    var lower = wanted.toLowerCase();
    var options = select.options;
    var tests = [
      function (option) {
        return clean(option.label) === wanted;
      },
      function (option) {
        return clean(option.label).toLowerCase() === lower;
      },
      function (option) {
        return option.value === text;
      },
      function (option) {
        return !!wanted && clean(option.label).toLowerCase().indexOf(lower) >= 0;
      },
    ];
    for (var t = 0; t < tests.length; t++) {
      for (var i = 0; i < options.length; i++) if (tests[t](options[i])) return i;
    }
    return -1;
  }
  function chooseInSelect(select, text, number) {
    var index = optionIndex(select, text);
    if (index < 0) {
      var labels = [];
      for (var i = 0; i < select.options.length && i < OPTIONS_LISTED; i++) labels.push(quote(clean(select.options[i].label)));
      return failure("option_not_found", "No option " + quote(text) + " in " + refText(number) + "; options are: " + labels.join(", "));
    }
    select.focus({ preventScroll: true });
    if (select.multiple) for (var j = 0; j < select.options.length; j++) select.options[j].selected = j === index;
    else select.selectedIndex = index;
    plainEvent(select, "input");
    plainEvent(select, "change");
    return withDescription({ ok: true, value: clean(select.options[index].label) }, select, number);
  }
  // An input that takes no typed text: a range or colour input is set to the text, the others refuse it.
  function setControlValue(input, text, number) {
    var inputType = (input.type || "").toLowerCase();
    if (inputType !== "range" && inputType !== "color") {
      return failure("not_typable", "Element " + refText(number) + " is a " + (inputType || "control") + "; use click instead of type.");
    }
    setNativeValue(input, text);
    plainEvent(input, "input");
    plainEvent(input, "change");
    return withDescription({ ok: true, value: input.value }, input, number);
  }
  function typeIntoEditable(el, text, clear) {
    var selection = window.getSelection();
    var range = document.createRange();
    range.selectNodeContents(el);
    selection.removeAllRanges();
    selection.addRange(range);
    if (clear && el.textContent) document.execCommand("delete", false);
    for (var i = 0; i < text.length; i++) typeIntoEditableChar(el, text[i]);
    if (clean(el.textContent) !== clean(text) && clear) {
      // the page's editor swallowed the typing: set the text outright
      el.textContent = text;
      inputEvent(el, "input", "insertText", text, false);
    }
  }
  function typeIntoEditableChar(el, char) {
    var info = char === "\n" ? keyInfo("Enter") : keyInfo(char);
    var typed = keyEvent(el, "keydown", info, {}) && keyEvent(el, "keypress", info, {});
    if (typed) document.execCommand(char === "\n" ? "insertParagraph" : "insertText", false, char);
    keyEvent(el, "keyup", info, {});
  }
  function typeIntoField(el, text, clear) {
    if (clear && nativeValue(el) !== "") clearField(el);
    // number/email fields have no selection: keep our own text, the field may sanitise intermediate values away
    var typedSoFar = nativeValue(el);
    var hasSelection = !!selectionOf(el);
    var chars = Array.from(text);
    for (var i = 0; i < chars.length; i++) {
      var char = chars[i];
      var inputType = char === "\n" ? "insertLineBreak" : "insertText";
      var info = char === "\n" ? keyInfo("Enter") : keyInfo(char);
      var typed = keyEvent(el, "keydown", info, {}) && keyEvent(el, "keypress", info, {});
      if (typed && inputEvent(el, "beforeinput", inputType, char, true)) {
        if (hasSelection) {
          var current = nativeValue(el);
          var selection = selectionOf(el) || [current.length, current.length];
          setNativeValue(el, current.slice(0, selection[0]) + char + current.slice(selection[1]));
          placeCaret(el, selection[0] + char.length);
        } else {
          typedSoFar += char;
          setNativeValue(el, typedSoFar);
        }
        inputEvent(el, "input", inputType, char, false);
      }
      keyEvent(el, "keyup", info, {});
    }
  }
  // Select all and delete, as a user would; if the page prevents that, empty the value outright.
  function clearField(el) {
    try {
      el.select();
    } catch (e) {
      /* ignore */
    }
    if (!deleteInField(el, false) || nativeValue(el) !== "") {
      setNativeValue(el, "");
      inputEvent(el, "input", "deleteContentBackward", null, false);
    }
  }

  Object.assign(engine, {
    type: type,
  });
})(globalThis.__hermesEngine);

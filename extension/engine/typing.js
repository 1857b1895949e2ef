/*
 * Hermes snapshot engine: type(ref, text, {clear=true, submit=false, confirm=false}) puts text into a
 * field as a user typing it would: Control+A first (an editor such as CodeMirror or Monaco selects its whole text
 * on it), then key events and the browser's own text insertion per character; no change, which a field gets when
 * it loses the focus or takes Enter, as with real keys. A <select> gets the option with that label (a multiple
 * one: one label per line), a date, time, month, week, range or colour input gets the value in its own format
 * (values.js: chooseInSelect, setControlValue). A rich editor (contenteditable: Draft.js, Lexical, Slate,
 * Quill, ProseMirror, CKEditor 5, TinyMCE...) gets the text typed through its own input path, a key per task
 * (typeIntoEditable), so the answer is a promise (typeSettled waits for the page to settle after it).
 *
 * Typing lands exactly or fails: held(el) reads back what the element holds (a field's value; an editor's
 * lines from its own rendering: CodeMirror 5 and 6, Monaco; a rich editor's text: editableText), and typedCheck()
 * fails with type_mismatch, showing what is there, when it differs from the text asked for. Both lanes call
 * it after typing (the cdp lane types with real input events, then calls typedAfter(): settle, then typed()).
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
    sensitiveField = engine.sensitiveField,
    hasBox = engine.hasBox,
    isDisabled = engine.isDisabled,
    isContentEditableRoot = engine.isContentEditableRoot,
    scrollIntoViewIfNeeded = engine.scrollIntoViewIfNeeded,
    lookup = engine.lookup,
    withDescription = engine.withDescription,
    keyInfo = engine.keyInfo,
    keyEvent = engine.keyEvent,
    inputEvent = engine.inputEvent,
    isTextField = engine.isTextField,
    nativeValue = engine.nativeValue,
    setNativeValue = engine.setNativeValue,
    insertIntoField = engine.insertIntoField,
    deleteInField = engine.deleteInField,
    press = engine.press,
    focusElement = engine.focusElement,
    editableText = engine.editableText,
    beforeInput = engine.beforeInput,
    textInputEvent = engine.textInputEvent,
    roleOf = engine.roleOf,
    composedContains = engine.composedContains,
    focusedElement = engine.focusedElement,
    nextFrame = engine.nextFrame,
    chooseInSelect = engine.chooseInSelect,
    setControlValue = engine.setControlValue,
    chosenCheck = engine.chosenCheck,
    chosenLabels = engine.chosenLabels,
    takesValue = engine.takesValue,
    segmentedField = engine.segmentedField,
    segmentsText = engine.segmentsText,
    sameSegmentedText = engine.sameSegmentedText;

  // (not a field the page hides from assistive technology: rsuite's picker keeps its value in a read-only one,
  // aria-hidden, inside its box, which a person neither sees as a field nor types into: the box opens to be typed)
  var FIELDS_INSIDE =
    'input:not([type="hidden"]):not([aria-hidden="true"]), textarea:not([aria-hidden="true"]), select, [contenteditable]:not([contenteditable="false"])';

  function type(ref, text, options) {
    options = options || {};
    var found = lookup(ref);
    if (!found.ok) return found;
    var number = found.number;
    text = text == null ? "" : String(text).replace(/\r\n?/g, "\n");
    if (!hasBox(found.element)) return failure("not_visible", "Element " + refText(number) + " is not visible now; take a new snapshot.");
    if (isDisabled(found.element)) return failure("disabled", "Element " + refText(number) + " is disabled.");
    var el = typingTarget(found.element);
    // (a segment named takes the keys with nothing chosen first, as on the cdp lane: MUI chooses the segment
    // clicked, and Control+A would choose them all, so the keys went in from the first)
    var segment = engine.noteSegment(found);
    if (segment) options = Object.assign({}, options, { clear: false });
    if (opensToType(el)) return openToType(ref, found, text, options);
    // a box that opens a list of options on a click and takes no text (Vuetify 2's select): its option clicked
    if (engine.listOpener(found.element, el)) return engine.chooseFromList(ref, text, options);
    var tag = tagOf(el);
    scrollIntoViewIfNeeded(el);
    if (tag === "select") return chooseInSelect(el, text, number);
    if (tag === "input" && (!isTextField(el) || takesValue(el))) return setControlValue(el, text, number);
    var editable = isContentEditableRoot(el) || engine.editorSurface(el);
    if (tag !== "input" && tag !== "textarea" && !editable) {
      // a slider a page draws (a thumb with role slider: Radix's, marimo's) takes a number, moved to by its keys
      if (engine.drawnSlider(found.element)) return engine.moveSlider(ref, found, text);
      return notTypable(found.element, number);
    }
    // With options.confirm (the extension lane in ask mode), a password or payment field is typed into only once
    // the user has said so: the field is looked at before the focus, after it (a page may make it a password on
    // focus), before every character and after the last one (it may turn while the text goes in), and nothing
    // stays in it (what went in before it turned is taken back) until the lane has asked the user and calls again
    // without confirm.
    var sensitive = options.confirm === true ? sensitiveField(el) : null;
    if (sensitive) return confirmationNeeded(sensitive, number);
    if (tag === "input") text = text.replace(/\n+/g, "");
    // A field is clicked into first, as a person does (and the cdp lane, with real input, aimToType()): what the
    // page does on the click (Vuetify's time field opens its picker, or closes it when open) is done before the
    // keys. Not the field a combobox opened, which has the focus (a click would close it), nor a rich editor,
    // which is focused only: its typing waits for the page's turns itself, from the focus on (typeIntoEditable:
    // Slate takes the selection that the focus, then the select-all, give it). A segment named is clicked: MUI
    // chooses the segment clicked, and on a focus alone its first one; so is a field in segments, on its first
    // segment (segments.js), as the cdp lane presses it: where something covers it, nothing is typed.
    var segmented = segment ? null : segmentedField(found.element);
    if ((el !== found.element && focusedElement() === el) || (editable && !segment && !segmented)) {
      focusElement(el);
      return typeInFocus(el, number, text, options, editable);
    }
    return engine.pressToType(segmented ? segmented.press : el, number).then(function (pressed) {
      if (!pressed.ok) return pressed;
      // (a page that cancels the press's mousedown keeps the focus where it was)
      if (!pressed.focused && focusedElement() !== el && !focusHandedOn(found.element, el)) focusElement(el);
      // A person's first key comes once the page has shown what the click did: PrimeVue's time field opens its
      // panel in the next frame, and the panel, opening, puts the model's value back into the field (what was
      // typed before it opened was emptied).
      return engine.frameAndTurn().then(function () {
        // the keys go where the press put the focus, in a field beside it that the page handed it to (Kendo UI's)
        var handed = focusHandedOn(found.element, el);
        if (pressed.focused && !handed && !composedContains(el, focusedElement())) return keysWhereFocusIs(el, number, text, options);
        return typeInFocus(handed || el, number, text, options, editable, true);
      });
    });
  }
  // What takes no text: one that a person presses (a button, Vuetify's toggle buttons in Solara's apps, which
  // show no pressed state) is clicked, where "type into a textbox" pointed the agent the wrong way.
  // A grid's cell shows its editor once a person double-clicks it (Gradio's Dataframe, AG Grid; Enter, once it is
  // selected, in most grids): the answer says so, as the field to type into comes only then.
  var PRESSED_ROLES = engine.wordSet("button link tab menuitem menuitemradio menuitemcheckbox option treeitem");
  var CELL_ROLES = engine.wordSet("gridcell cell");
  function notTypable(el, number) {
    var role = roleOf(el, tagOf(el));
    var how = PRESSED_ROLES[role]
      ? "it is a " + role + ": click it"
      : CELL_ROLES[role]
        ? "it is a " + role + " of a grid: double-click it (or select it and press Enter) for its editor, then type into the field that shows"
        : "type into a textbox";
    return failure("not_typable", "Element " + refText(number) + " does not take text; " + how + ".");
  }
  // The field took the press's focus, and the page moved it on as it opened what the press opens (PrimeReact 10's
  // calendar, to a day and then the page's body: a known defect of it): a person's keys go where the focus is
  // now, as real keys go there on the cdp lane, and the field holds what they left it (typedResult reads it back).
  // Each key as browser_press presses it; with options.confirm, one that would type into a password or payment
  // field there presses nothing, and the lane asks first (keyboard.js unaskedRisk).
  function keysWhereFocusIs(el, number, text, options) {
    var asked = options.confirm === true ? { asked: null } : {};
    var failed = null;
    var keys = Array.from(text);
    if (options.clear !== false) keys.unshift("Control+a"); // (a person's select-all, as typeIntoField's)
    var steps = keys.map(function (char) {
      return function () {
        if (failed) return;
        return Promise.resolve(press(char === "\n" ? "Enter" : char, asked)).then(function (pressed) {
          if (!pressed.ok) failed = pressed;
        });
      };
    });
    return engine.inTurns(steps).then(function () {
      return failed || typedResult(el, number, text, options, readsBack(el));
    });
  }
  // type(), once the field has the focus (`pressed`: by the lane's press). A read-only field gets nothing, looked at
  // only now: a page may make a field writable once pressed (pointer.js readOnly).
  function typeInFocus(el, number, text, options, editable, pressed) {
    if (el.readOnly) return engine.readOnlyFailure(number, !!pressed);
    var sensitive = options.confirm === true ? sensitiveField(el) : null;
    if (sensitive) return confirmationNeeded(sensitive, number);
    if (editable) {
      return typeIntoEditable(el, text, options.clear !== false).then(function () {
        return typedResult(el, number, text, options, false);
      });
    }
    engine.watchForChange(el); // (its focus may not have reached the window: focus.js)
    var before = nativeValue(el);
    var turned = null;
    var turning =
      options.confirm === true
        ? function () {
            return (turned = sensitiveField(el));
          }
        : null;
    return typeIntoField(el, text, options.clear !== false, turning).then(function () {
      if (turned) {
        setNativeValue(el, before);
        inputEvent(el, "input", "historyUndo", null, false);
        return confirmationNeeded(turned, number);
      }
      return typedResult(el, number, text, options, readsBack(el));
    });
  }
  // What type() answers once the keys are typed: the text to check once the page has settled (api.js; a plain
  // field's value is read back directly: readsBack), or with submit, the check now and the Enter key's result.
  function typedResult(el, number, text, options, readBack) {
    if (!options.submit) return { ok: true, check: text, readBack: readBack };
    var result = typedCheck(el, number, text);
    if (!result.ok) return result;
    return press("Enter").then(function (pressed) {
      result.pressed = pressed;
      return result;
    });
  }
  // What typing's answer says of its settle (dom.js carrySettled), on both lanes (the cdp lane's keyboard.py).
  var TYPING_FACTS = ["navigating", "requests"];
  // typeSettled(ref, text, options) -> Promise: type() between watch() and settle(), as settled() (dom.js) runs
  // an action that answers at once; typing into a rich editor answers only after its last key has had its turn
  // of the page's event loop (typeIntoEditable), and the page settles after that key, for as long as any action's
  // settling may last (SETTLE_AFTER_KEYS_MS): settle's bound counts from the watch, and typing a long text can
  // take longer than that by itself, which left no wait at all (Monaco, which draws typed text in its next frame,
  // was read back undrawn). A failure caused nothing to wait for: its watch ends at once.
  var SETTLE_AFTER_KEYS_MS = 500; // dom.js's bound of an action's settling
  function typeSettled(ref, text, options) {
    var token = engine.watch();
    var started = performance.now();
    var stopWatching = function () {
      return engine.settle(token, { maxMs: 0 });
    };
    return Promise.resolve()
      .then(function () {
        return type(ref, text, options);
      })
      .then(
        function (result) {
          if (!result || result.ok === false) return stopWatching().then(function () { return result; });
          var readBack = result.readBack === true;
          delete result.readBack;
          var bound = performance.now() - started + SETTLE_AFTER_KEYS_MS;
          return engine.settle(token, { readBack: readBack, maxMs: bound }).then(function (after) {
            return engine.carrySettled(result, after, TYPING_FACTS);
          });
        },
        function (error) {
          stopWatching();
          throw error;
        }
      );
  }
  // ----- reading back -----------------------------------------------------------------------------------
  // The lines an editor shows, in order, from its own rendering (the page's objects, cm.getValue() say, are
  // out of an isolated world's reach): CodeMirror 5 and 6 lines in document order, Monaco's by their top.
  var EDITOR_LINES = [
    { root: ".CodeMirror", lines: ".CodeMirror-code .CodeMirror-line" },
    { root: ".cm-editor", lines: ".cm-content .cm-line" },
    { root: ".monaco-editor", lines: ".view-lines .view-line", byTop: true },
  ];
  function editorText(el) {
    for (var i = 0; i < EDITOR_LINES.length; i++) {
      var kind = EDITOR_LINES[i];
      var root = el.closest ? el.closest(kind.root) : null;
      if (!root) continue;
      var lines = Array.prototype.slice.call(root.querySelectorAll(kind.lines));
      if (kind.byTop) {
        lines.sort(function (a, b) {
          return parseFloat(a.style.top || "0") - parseFloat(b.style.top || "0");
        });
      }
      return lines
        .map(function (line) {
          return line.textContent.replace(/[\u200b]/g, "");
        })
        .join("\n");
    }
    return null;
  }
  // What the element holds now: an editor's text, a contenteditable's, a field's value, a <select>'s chosen
  // labels (one per line). A code editor's (code: its lines as drawn, an EditContext's text) is compared exactly.
  function held(el) {
    if (segmentedField(el)) return { text: segmentsText(el), rich: true, segmented: true };
    var inEditor = editorText(el);
    if (inEditor !== null) return { text: inEditor, rich: true, code: true };
    if (el.editContext) return { text: el.editContext.text, rich: true, code: true };
    var tag = tagOf(el);
    if (tag === "select") return { text: chosenLabels(el).join("\n"), rich: false };
    if (tag === "input" || tag === "textarea") return { text: nativeValue(el), rich: false };
    return { text: editableText(el), rich: true };
  }
  // Rich text (an editor, contenteditable) is compared with its whitespace runs as one space: paragraphs
  // and soft line breaks render differently in each editor, the words may not. A code editor's lines are compared as
  // they are (its spaces drawn as no-break spaces): a code editor indents a new line itself, and the indentation is
  // part of the text (YAML's, Python's). A field in segments: segments.js.
  function sameText(wanted, got, now) {
    if (!now.rich) return wanted === got;
    if (now.segmented) return sameSegmentedText(wanted, got);
    if (now.code) return wanted === got.replace(/\u00a0/g, " ");
    var squash = function (s) {
      return String(s).replace(/[\s\u00a0]+/g, " ").trim();
    };
    return squash(wanted) === squash(got);
  }
  // {ok, ref, role, name, value | password} when the element holds `text`, else type_mismatch with what
  // it holds (never a password's characters).
  function typedCheck(el, number, text) {
    if (tagOf(el) === "select" && el.multiple) return chosenCheck(el, number, text.split("\n"));
    var now = held(el);
    var found = sensitiveField(el);
    var isPassword = !!found && found.kind === "password";
    if (!completedInline(el, text, now.text) && !sameText(text, now.text, now)) {
      var what = isPassword
        ? "the password field holds " + now.text.length + " characters, not the " + text.length + " typed"
        : "it holds " + shownText(now.text) + ", not " + shownText(text);
      return failure(
        "type_mismatch",
        "Typing into " + refText(number) + " did not land exactly: " + what + " (the page changed or refused some of it); take a new snapshot before going on."
      );
    }
    var result = withDescription({ ok: true }, el, number);
    if (isPassword) result.password = true;
    else result.value = cap(now.rich ? clean(now.text) : now.text, VALUE_CAP);
    return result;
  }
  // Whether a field completed the text typed in place (an inline autocomplete: UI5's combobox holds "Spain" for
  // "Spa", its "in" chosen, so that the next key replaces it): it holds the text typed (in any case) and, chosen
  // after it, the rest of a suggestion. A person sees their text land; the answer's value says what the field holds.
  function completedInline(el, wanted, got) {
    if (tagOf(el) !== "input" || !wanted || got.length <= wanted.length) return false;
    if (got.slice(0, wanted.length).toLowerCase() !== wanted.toLowerCase()) return false;
    // (an input with no text selection, a number or a date, reads null for both)
    return el.selectionStart === wanted.length && el.selectionEnd === got.length;
  }
  // A text in an error, quoted, its line breaks shown (a quote makes them spaces: "a b" for "a\nb" hid a break the
  // page took for itself).
  function shownText(text) {
    return quote(cap(String(text).replace(/\n/g, "\u23ce"), VALUE_CAP));
  }
  // A click that typing makes (on a box that opens a list, on the option named) is read as browser_click's is
  // (fields.js riskOfAction): with options.confirm, one that would submit a form holding a password or start a
  // download clicks nothing until the lane has asked the user and calls again without confirm.
  function unaskedClick(el, number, options) {
    var risk = options.confirm === true ? engine.riskOfAction(el, "activate") : null;
    if (!risk) return null;
    return failure("confirmation_needed", "Typing into " + refText(number) + " clicks what needs the user's confirmation.", { field: risk });
  }
  // The answer to a lane that asked for confirmations: the user is to be asked before typing into this field
  // (what kind of field and its label come with it, for the question).
  function confirmationNeeded(field, number) {
    return failure("confirmation_needed", "Element " + refText(number) + " is a " + field.kind + " field: the user confirms typing into it.", { field: field });
  }
  // Whether what the element holds is its own value, read back directly: a plain <input> or <textarea>, not
  // the hidden textarea an editor types through (CodeMirror 5, Monaco), whose text is read from what the
  // editor draws in its next frame. Typing into such a field settles sooner (dom.js, settle's readBack).
  function readsBack(el) {
    var tag = tagOf(el);
    return (tag === "input" || tag === "textarea") && editorText(el) === null;
  }
  // typedAfter(token, ref, text) -> Promise: for a lane that typed with real input events after aim() gave it
  // the watch token: settle(token) (with readBack for a plain field), then typed(ref, text), in one call (an editor
  // that rewrote the keys gets the text pasted: paste_typing.js);
  // navigating when the typing started a navigation, {ok, replaced} when the document is another already.
  function typedAfter(token, ref, text) {
    var found = lookup(ref);
    var readBack = found.ok && readsBack(typingTarget(found.element));
    return engine.settle(token, { readBack: readBack }).then(function (after) {
      if (after.replaced || after.ok === false) return after; // a press stopped on its way (guard.js, armGuard)
      return engine.typedOrPasted(ref, text).then(function (checked) {
        return engine.carrySettled(checked, after, TYPING_FACTS);
      });
    });
  }
  // typed(ref, text): the check alone, for a lane that typed with real input events.
  function typed(ref, text) {
    text = String(text == null ? "" : text).replace(/\r\n?/g, "\n");
    var inSegments = engine.segmentTyped(ref, text); // (its page may have drawn the segment typed into anew)
    if (inSegments) return inSegments;
    var found = lookup(ref);
    if (!found.ok) return found;
    var el = readTarget(found.element);
    if (tagOf(el) === "input") text = text.replace(/\n+/g, "");
    return typedCheck(el, found.number, text);
  }
  // What is read back for a ref's element: a field in segments itself (segments.js), else what it is typed into.
  function readTarget(el) {
    return segmentedField(el) ? el : typingTarget(el);
  }
  // A widget wrapper (a custom combobox, a labelled box) hands the text to its one visible field.
  // A combobox's field too: the one it owns or controls (aria-owns, aria-controls), or the one a click on it put the
  // focus in while that shows (openToType()).
  function typingTarget(el) {
    var opened = openedFields.get(el);
    if (opened && opened.isConnected && hasBox(opened)) return opened;
    var tag = tagOf(el);
    if (tag === "input" || tag === "textarea" || tag === "select" || el.isContentEditable) return el;
    var fields = el.querySelectorAll(FIELDS_INSIDE);
    if (fields.length === 1 && hasBox(fields[0])) return fields[0];
    var segmented = segmentedField(el);
    if (segmented) return segmented.into;
    return isCombobox(el) ? ownedField(el) || el : el;
  }
  function isCombobox(el) {
    return roleOf(el, tagOf(el)) === "combobox";
  }
  function takesText(el) {
    var tag = el ? tagOf(el) : "";
    return !!el && (tag === "textarea" || (tag === "input" && isTextField(el) && !takesValue(el)) || !!el.isContentEditable);
  }
  function ownedField(el) {
    var owned = engine.ownedElements(el);
    for (var i = 0; i < owned.length; i++) {
      var fields = takesText(owned[i]) ? [owned[i]] : owned[i].querySelectorAll(FIELDS_INSIDE);
      if (fields.length === 1 && takesText(fields[0]) && hasBox(fields[0])) return fields[0];
    }
    return null;
  }
  // A combobox that takes no text itself and shows no field (Choices.js's and Select2's box, whose search field
  // shows once it is open) is typed into as a person does it: a click opens it and puts the focus in its field,
  // and the text goes there. The field is remembered for the box (openedFields): what is typed is read back from
  // it, and while it shows it is typed into again without a click, which would close the box.
  var openedFields = new WeakMap();
  // How long the focus may take to reach the field after the click (Choices.js focuses it in the next frame).
  var OPEN_FOCUS_MS = 1000;
  function opensToType(el) {
    var tag = tagOf(el);
    return tag !== "select" && tag !== "input" && tag !== "textarea" && !el.isContentEditable && isCombobox(el);
  }
  function openToType(ref, found, text, options) {
    var before = focusedElement();
    var unasked = unaskedClick(found.element, found.number, options);
    if (unasked) return Promise.resolve(unasked);
    return engine.click(ref, {}).then(function (clicked) {
      if (!clicked.ok) return clicked;
      return fieldOpenedBy(found.element, before).then(function (field) {
        if (field) return type(ref, text, options);
        // the click opened a list: chosen in by keys or by clicks, as list_choice.js listWay reads it for both lanes
        var way = engine.listWay(ref, text).way;
        if (way === "keys") return engine.chooseByKeys(ref, text);
        if (way === "clicks") return engine.chooseInOpenList(ref, text, options);
        return notOpened(found.number);
      });
    });
  }
  // fieldOpenedBy(box, before) -> Promise<field | null>: the text field the focus is in once a click on the box has
  // been answered (a field that had it before the click only if it is the box's own), remembered for the box;
  // null if none has it within OPEN_FOCUS_MS.
  function fieldOpenedBy(box, before) {
    var started = performance.now();
    function look() {
      var field = focusedElement();
      if (field && takesText(field) && (field !== before || composedContains(box, field))) {
        openedFields.set(box, field);
        return Promise.resolve(field);
      }
      // no field comes where the focus went into a list the click opened (type_ahead.js), nor after the bound
      if (engine.listInFocus() || engine.focusInListOf(box) || !box.isConnected || performance.now() - started >= OPEN_FOCUS_MS) {
        return Promise.resolve(null);
      }
      return nextFrame().then(look);
    }
    return look();
  }
  // focusHandedOn(element, field) -> the field a press on `field` (the element's) handed the focus to, remembered for
  // the element while it shows; null if the focus is elsewhere. Kendo UI's NumericTextBox shows its number, formatted,
  // in one input and edits it in another beside it (the same parent), which takes the focus on a press: a person's
  // keys go there, and what they typed is read back from there. A field the focus went to elsewhere on the page is not
  // the one named: the keys are not sent after it. Nor is a field in segments handing it on: its keys go into the
  // segment pressed (segments.js), and it is read back whole.
  function focusHandedOn(element, field) {
    if (segmentedField(element)) return null;
    var focused = focusedElement();
    var beside = focused && focused !== field && field.parentElement && composedContains(field.parentElement, focused);
    if (!beside || !takesText(focused)) return null;
    openedFields.set(element, focused);
    return focused;
  }
  function notOpened(number) {
    return failure("not_typable", "Element " + refText(number) + " does not take text, and a click on it put the focus in no field to type into; take a new snapshot.");
  }
  // A rich editor (a contenteditable: Draft.js, Lexical, Slate, Quill, ProseMirror and TipTap, CKEditor 5,
  // TinyMCE, CodeMirror 6) keeps its own model of the text and takes typing only through its own input path,
  // so this types as a person does, never editing the editor's markup behind its back (selecting the whole
  // editable and deleting it deletes the editor's own block elements: Draft.js crashed on it). Control+A selects
  // all with the editor's own selection (selectAll); each character is then typed over that selection as key
  // events, beforeinput and textInput, and the browser's own insertion only when the editor cancelled none of
  // them (typeIntoEditableChar); a line break is Enter. Nothing to type over what it holds is a Backspace.
  // Each step (the select-all, each character) comes in a task of its own, after the page's turn, as a
  // person's keys do: an editor commits what a key did in a microtask or a task after it (React's render, which
  // Draft.js ignores selection events before; Lexical's reconciliation of the DOM with its model), and the next
  // key must find it done. Promise of nothing once the page has had its turn after the last step too (Slate
  // renders its last character in a task React queued after it), so that reading back finds it drawn.
  function typeIntoEditable(el, text, clear) {
    var host = editingHost(el);
    var steps = [];
    if (clear) {
      steps.push(function () {
        selectAll(host);
      });
      if (!text) {
        steps.push(function () {
          if (host.editContext ? host.editContext.text : editableText(host)) deleteInEditable(host);
        });
      }
    }
    // In a field drawn in segments, the keys go where the page moves the focus as each segment fills (React Aria
    // moves it on from the hour once it has two digits), as real keys do.
    var group = el.closest ? el.closest('[role="group"]') : null;
    var segmented = group && segmentedField(group) ? group : null;
    Array.from(text).forEach(function (char) {
      steps.push(function () {
        var focused = segmented ? focusedElement() : null;
        if (focused && focused !== host && focused.isContentEditable && segmented.contains(focused)) host = editingHost(focused);
        typeIntoEditableChar(host, char);
      });
    });
    return steps
      .reduce(function (done, step) {
        return done.then(pageTurn).then(step);
      }, Promise.resolve())
      .then(pageTurn);
  }
  // Resolves in a task of its own, once the microtasks and tasks the page queued before it have run (a
  // MessageChannel's message: no timer clamping).
  function pageTurn() {
    return new Promise(function (resolve) {
      var channel = new MessageChannel();
      channel.port1.onmessage = function () {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  // The element that takes a contenteditable's key and input events: its outermost editable ancestor (or
  // itself), as the browser sends them to the editing host that has the focus.
  function editingHost(el) {
    var host = el;
    while (host.parentElement && host.parentElement.isContentEditable) host = host.parentElement;
    return host;
  }
  // One character as Chromium types it into a contenteditable: keydown, keypress, beforeinput (on the
  // selection, which the browser gives as its target range), textInput, then the insertion with its input
  // event, then keyup. An editor that handles the key or the input itself cancels one of those events (Lexical,
  // Slate, Quill and CKEditor 5 the beforeinput, Draft.js the textInput React reads as onBeforeInput,
  // ProseMirror the keypress over a selection it does not let the browser replace) and is left to it: the
  // browser inserts nothing after a cancelled event. Most of them let the browser insert a character at a
  // collapsed caret, and read it back from the DOM or the input event. A line break is the Enter key, whose
  // input is a new paragraph (insertParagraph, with textInput "\n"): most editors handle the keydown, Slate and
  // CKEditor 5 the beforeinput.
  function typeIntoEditableChar(host, char) {
    var enter = char === "\n";
    var info = enter ? keyInfo("Enter") : keyInfo(char);
    var inputType = enter ? "insertParagraph" : "insertText";
    var typed =
      keyEvent(host, "keydown", info, {}) &&
      keyEvent(host, "keypress", info, {}) &&
      beforeInput(host, inputType, enter ? null : char) &&
      textInputEvent(host, char);
    if (typed && host.editContext) {
      if (!enter) engine.editContextInput(host.editContext, char);
    } else if (typed) {
      document.execCommand(inputType, false, char);
    }
    keyEvent(host, "keyup", info, {});
  }
  // Backspace over what is selected: keydown, beforeinput deleteContentBackward, then the browser's deletion.
  function deleteInEditable(host) {
    var info = keyInfo("Backspace");
    if (keyEvent(host, "keydown", info, {}) && beforeInput(host, "deleteContentBackward", null)) {
      if (host.editContext) engine.editContextInput(host.editContext, "");
      else document.execCommand("delete", false);
    }
    keyEvent(host, "keyup", info, {});
  }
  // Control+A, as a user selects what a field holds before typing over it: an editor that keeps its text
  // elsewhere (CodeMirror 5, Monaco: a hidden textarea takes the keys) selects its whole text on it and
  // cancels the key, as do rich editors that keep their own selection (ProseMirror, Lexical, CKEditor 5).
  // Otherwise the key does what the browser's select-all does: a field's own text is selected, a
  // contenteditable's text from its first to its last text position (the "selectAll" command, which the
  // editor reads back as its own selection: on the keyup, on selectionchange, or from the next beforeinput's
  // target range).
  function selectAll(el) {
    var info = keyInfo("a");
    var modifiers = { ctrl: true };
    if (keyEvent(el, "keydown", info, modifiers)) {
      if (el.isContentEditable) {
        document.execCommand("selectAll", false);
      } else if (el.editContext) {
        el.editContext.updateSelection(0, el.editContext.text.length); // (its whole text, as a field's)
      } else {
        try {
          el.select();
        } catch (e) {
          /* a field without a selection */
        }
      }
    }
    keyEvent(el, "keyup", info, modifiers);
  }
  // Each character as a key press: key events, then (unless the page cancelled the key) its insertion, which
  // fires beforeinput and input, keeps to maxlength and reaches React's value tracking.
  // A plain field whose value is exactly the text in it (see holdsTextAsTyped) gets the character spliced in at
  // the caret through the native value setter, with the same events (insertIntoField): that is what the
  // browser's own insertion does to it, and it costs a few microseconds where document.execCommand("insertText")
  // costs a quarter of a millisecond per character (it runs the browser's whole editing machinery: undo step,
  // selection, layout). Any other field (an editor's hidden textarea, an email or number input, whose value is
  // a sanitised reading of their text) gets the browser's own insertion, or the native setter if it refuses.
  // With `turned` (a function), it is asked before each character and once after the last whether the field has
  // turned into one that is not to be typed into: then the typing stops there.
  function typeIntoField(el, text, clear, turned) {
    if (clear) {
      selectAll(el);
      if (!text && (nativeValue(el) !== "" || editorText(el))) deleteSelection(el);
    }
    var direct = holdsTextAsTyped(el);
    var stopped = false;
    // each key in a turn of its own, after the page's microtasks of the last, as a keyboard's keys come: a
    // framework that puts its model's value back into the field once its microtasks run (Vue's, in Vuetify's,
    // Element Plus's and Quasar's fields) had all the keys behind it and dropped the last. Once the page takes a
    // key itself (it cancels the keydown), each key is followed by the page's next frame, as a person's next key
    // is (rsuite's date field moves its selection to the next segment in its next frame: keyboard.js keyTaken)
    var paced = false;
    var steps = Array.from(text).map(function (char) {
      return function () {
        if (stopped || (turned && turned())) {
          stopped = true;
          return;
        }
        var info = char === "\n" ? keyInfo("Enter") : keyInfo(char);
        var typed = keyEvent(el, "keydown", info, {}) && keyEvent(el, "keypress", info, {});
        if (typed && (direct || !document.execCommand("insertText", false, char))) {
          insertIntoField(el, char, char === "\n" ? "insertLineBreak" : "insertText");
        }
        keyEvent(el, "keyup", info, {});
        paced = paced || !typed;
        if (paced) return engine.drawnFrame();
      };
    });
    steps.push(function () {
      if (!stopped && !(turned && turned())) engine.revealCaret(el); // (the browser's own insertion shows it itself)
    });
    return engine.inTurns(steps);
  }
  // Input types whose value is their text as typed (the value sanitisation only drops line breaks).
  var RAW_TEXT_INPUTS = engine.wordSet("text search tel password");
  // Whether the field's value is exactly its text: a <textarea> or such an <input>, and not the hidden textarea
  // an editor types through (readsBack).
  function holdsTextAsTyped(el) {
    var tag = tagOf(el);
    return readsBack(el) && (tag === "textarea" || (tag === "input" && !!RAW_TEXT_INPUTS[el.type]));
  }
  // Delete what is selected with the Backspace key: its keydown (an editor typing through a hidden textarea,
  // Monaco, deletes its selection on it and cancels the key), then the browser's deletion; a page that prevents
  // that gets the value emptied.
  function deleteSelection(el) {
    var info = keyInfo("Backspace");
    if (keyEvent(el, "keydown", info, {}) && !document.execCommand("delete", false)) {
      if (!deleteInField(el, false) || nativeValue(el) !== "") {
        setNativeValue(el, "");
        inputEvent(el, "input", "deleteContentBackward", null, false);
      }
    }
    keyEvent(el, "keyup", info, {});
  }

  Object.assign(engine, {
    typedCheck: typedCheck,
    heldNow: held,
    readsBack: readsBack,
    readTarget: readTarget,
    type: type,
    typeSettled: typeSettled,
    TYPING_FACTS: TYPING_FACTS,
    typed: typed,
    typedAfter: typedAfter,
    typingTarget: typingTarget,
    opensToType: opensToType,
    unaskedClick: unaskedClick,
    fieldOpenedBy: fieldOpenedBy,
    focusHandedOn: focusHandedOn,
    notOpened: notOpened,
  });
})(globalThis.__hermesEngine);

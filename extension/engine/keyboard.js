/*
 * Hermes snapshot engine: press(key), a key press on the focused element with what the browser would do
 * for it (synthetic key events do nothing by themselves): Enter submits a form or activates a button or
 * link, Tab moves the focus in the browser's order (focus_order.js), printable keys and Backspace/Delete edit a
 * field, Control+a selects its text (an editor's: its editing host's), arrows, Home/End and word jumps move the
 * caret in a field or an editor (Shift extending the selection; PageUp/PageDown by a page of lines), arrows, Home/End and
 * PageUp/PageDown choose in a <select> and step a range input, arrows (Shift held or not) check the next radio of a
 * group and step a number input, arrows, PageUp/PageDown, Home/End and Space scroll, and Control+C/X/V (Meta on
 * macOS, Control+Insert, Shift+Delete, Shift+Insert) copy, cut and paste through the session's clipboard. Each is
 * Chromium's own default on Linux, measured against real keys (tests/lanes/test_actions_default_keys.py runs the
 * same keys on both lanes), and done only when the page did not cancel the keydown.
 */
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var wordSet = engine.wordSet,
    quote = engine.quote,
    failure = engine.failure,
    hasBox = engine.hasBox,
    isDisabled = engine.isDisabled,
    activeElementDeep = engine.activeElementDeep,
    describeElement = engine.describeElement,
    tokenFor = engine.tokenFor,
    scrollableFor = engine.scrollableFor,
    SCROLLS = engine.SCROLLS,
    keyInfo = engine.keyInfo,
    keyEvent = engine.keyEvent,
    plainEvent = engine.plainEvent,
    isTextField = engine.isTextField,
    insertIntoField = engine.insertIntoField,
    editsNatively = engine.editsNatively,
    deleteInField = engine.deleteInField,
    focusElement = engine.focusElement,
    nativeValue = engine.nativeValue,
    setNativeValue = engine.setNativeValue,
    radioGroup = engine.radioGroup,
    stepRadio = engine.stepRadio,
    moveFocus = engine.moveFocus,
    focusedNow = engine.focusedNow,
    ARROW_KEYS = engine.ARROW_KEYS;

  // Input types of which a form with more than one blocks implicit submission (HTML's rule).
  var BLOCKS_IMPLICIT_SUBMIT = wordSet("text search url tel email password date month week time datetime-local number");
  var MODIFIERS = engine.lookupTable({ control: "ctrl", ctrl: "ctrl", shift: "shift", alt: "alt", meta: "meta", cmd: "meta", command: "meta" });
  var SCROLL_KEYS = /^(ArrowDown|ArrowUp|PageDown|PageUp|Home|End| )$/;

  // "Shift+Tab" -> {ok, modifiers: {shift: true}, main: "Tab"}; "Control++" ends with the "+" key.
  function parseKey(key) {
    var parts = key.length > 1 ? key.split("+") : [key];
    if (key.length > 1 && key.slice(-1) === "+") parts = key.slice(0, -2).split("+").concat(["+"]);
    var modifiers = {};
    for (var i = 0; i < parts.length - 1; i++) {
      var modifier = MODIFIERS[parts[i].toLowerCase()];
      if (!modifier) return failure("invalid_key", "Unknown modifier " + quote(parts[i]) + " in " + quote(key) + ".");
      modifiers[modifier] = true;
    }
    var main = parts[parts.length - 1];
    if (!main) return failure("invalid_key", "No key given.");
    return { ok: true, modifiers: modifiers, main: main };
  }
  function press(key, options) {
    key = String(key || "");
    options = options || {};
    var parsed = parseKey(key);
    if (!parsed.ok) return parsed;
    var info = keyInfo(parsed.main);
    if (!info.keyCode && !info.printable) return failure("invalid_key", "Unknown key " + quote(parsed.main) + ".");
    var target = activeElementDeep() || document.body;
    if (target && (target.localName === "iframe" || target.localName === "frame")) {
      return failure("focus_in_child_frame", "Focus is inside a child frame.", { frameToken: tokenFor(target) });
    }
    if (!target) return failure("no_target", "Nothing to press keys on.");
    var modifiers = parsed.modifiers;
    // (a drop-down <select>'s popup, open, takes the key: the page hears nothing of it; select.js)
    var inPopup = engine.selectPopupKey(target, info, modifiers);
    if (inPopup) return { ok: true, key: key, target: describeElement(target), action: inPopup, prevented: false };
    var editing = editingOf(target);
    engine.watchForChange(target); // (its focus may not have reached the window: focus.js)
    var effect = keyEffect(target, info, modifiers, editing); // what the key will do there, as pressRisk read it
    // With options.asked (confirmations on: the risk the user let before the press, or null or false for none), the
    // key's risk is read again as it acts: one the user was not asked about (the page moved the focus since
    // pressRisk) does nothing, not even the key's events, until the lane has asked and presses again.
    var unasked = unaskedRisk(target, effect, key, options);
    if (unasked) return unasked;
    var plain = !modifiers.ctrl && !modifiers.meta && !modifiers.alt;
    var chord = CLIPBOARD_EFFECTS[effect] ? effect : null;
    var pressedOn = target,
      refused = null,
      down = false,
      pressed = true,
      clipboard = null,
      action = null;
    // The browser runs the page's microtasks after each event's listeners, before what comes next: a React
    // widget's state update from keydown is rendered before the key's default action (Carbon's multi-select closes
    // its menu on Tab's keydown, and Tab then goes past where its options were). So each step comes once the
    // microtasks the one before queued have run (pointer.js inTurns), as a click's events do. The keyup goes to
    // what has the focus then (after Tab, the element Tab reached), as a real key's does.
    return engine
      .inTurns([
        function () {
          down = keyEvent(target, "keydown", info, modifiers);
        },
        function () {
          if (!down || !goesWhereFocusIs(info, modifiers)) return;
          // A key's text and its Enter go where the focus is once its keydown is handled, as a real key's keypress
          // and default action do: a grid that opens its cell's editor on the keydown (Handsontable) gets the
          // character in that editor; Enter in PatternFly's time field, whose keydown moves the focus to the
          // matching time in its menu, clicks that time (measured with real keys). The risk is read again there:
          // a text or a click the user was not asked about goes nowhere.
          var now = focusMovedFrom(target);
          if (now) {
            var nowEditing = editingOf(now);
            var nowEffect = keyEffect(now, info, modifiers, nowEditing);
            refused = unaskedRisk(now, nowEffect, key, options);
            if (refused) return;
            target = now;
            editing = nowEditing;
            effect = nowEffect;
          }
          pressed = keyEvent(target, "keypress", info, modifiers);
        },
        function () {
          if (refused) return;
          if (chord && down) clipboard = clipboardAction(target, chord, String(options.clipboard || ""), editing);
          action = clipboard ? chord : down && pressed ? defaultAction(target, info, modifiers, plain, editing, effect) : null;
          if (editing.field && CARET_SHOWN[action]) engine.revealCaret(target);
        },
        // A person's key stays down a while: the page runs the tasks its keydown queued before the keyup (Radix's
        // radio group moves the focus on an arrow in a 0 ms timer, and the radio it focuses checks itself only
        // while the arrow is held; measured with real keys).
        engine.taskTurn,
        function () {
          keyEvent(activeElementDeep() || document.body, "keyup", info, modifiers);
          if (action === "click_on_keyup") {
            target.click();
            action = "click";
          }
        },
      ])
      .then(function () {
        if (refused) return refused;
        var answer = { ok: true, key: key, target: describeElement(pressedOn), action: action, prevented: !down };
        if (clipboard) answer.clipboard = clipboard;
        return answer;
      });
  }

  // The actions after which the browser scrolls a field to show its caret (fields.js revealCaret): an edit, a
  // paste or a cut, a caret moved or a selection grown.
  var CARET_SHOWN = wordSet("insert delete paste cut select");
  // What pressing `key` on the focused element would risk (fields.js riskOfAction on keyEffect's reading), for
  // the lane's confirmation before it presses, with real keys or press(): {ok, risk: {risk, kind?, label} | null}.
  // A key press() refuses (invalid_key, focus in a child frame) risks nothing.
  function pressRisk(key) {
    var parsed = parseKey(String(key || ""));
    var target = activeElementDeep() || document.body;
    if (!parsed.ok || !target) return { ok: true, risk: null };
    var effect = keyEffect(target, keyInfo(parsed.main), parsed.modifiers, editingOf(target));
    return { ok: true, risk: engine.riskOfAction(target, effect) };
  }
  // The same reading for a lane that presses with real keys (the trusted-input mode), which cannot stop between a
  // key's keydown and its keypress as press() does: it arms a guard for the one key it sends, read on what has the
  // focus when the keypress comes. A keydown that moved the focus (the page's, as press() retargets it) and a text
  // or a click there the user was not asked about (`asked`: the risk the user let, or null) cancel the keypress,
  // whose default action is that text or click (an Enter's on a button or in a form's field), and pressGuarded()
  // then answers confirmation_needed. {ok, risk}: pressRisk(key)'s answer, read before the key is sent.
  var armedGuard = null;
  function guardPress(key, asked) {
    disarmGuard();
    var parsed = parseKey(String(key || ""));
    var target = activeElementDeep() || document.body;
    var info = parsed.ok ? keyInfo(parsed.main) : null;
    if (info && target && goesWhereFocusIs(info, parsed.modifiers)) {
      var guard = { refused: null };
      guard.listener = function (event) {
        var now = event.isTrusted ? focusMovedFrom(target) : null;
        if (!now) return;
        guard.refused = unaskedRisk(now, keyEffect(now, info, parsed.modifiers, editingOf(now)), key, { asked: asked });
        if (!guard.refused) return;
        event.preventDefault();
        event.stopImmediatePropagation();
      };
      window.addEventListener("keypress", guard.listener, true);
      armedGuard = guard;
    }
    return pressRisk(key);
  }
  // Whether a key's keypress and default action go where the focus is once its keydown is handled, not where it was
  // pressed: a character's text, Enter's click or submit (plain: with no Control, Meta or Alt).
  function goesWhereFocusIs(info, modifiers) {
    return !modifiers.ctrl && !modifiers.meta && !modifiers.alt && (info.printable || info.key === "Enter");
  }
  // What has the focus now, when a keydown on `target` moved it there (not into a child frame, whose own engine
  // takes the key); else null.
  function focusMovedFrom(target) {
    var now = activeElementDeep() || document.body;
    return now !== target && !(now.localName === "iframe" || now.localName === "frame") ? now : null;
  }
  // After the key: the guard's refusal (confirmation_needed, nothing typed or clicked where the focus went) or ok.
  function pressGuarded() {
    var refused = armedGuard && armedGuard.refused;
    disarmGuard();
    return refused || { ok: true };
  }
  function disarmGuard() {
    if (armedGuard) window.removeEventListener("keypress", armedGuard.listener, true);
    armedGuard = null;
  }
  // With options.asked (confirmations on), confirmation_needed for the risk of `effect` on `target` when it is not
  // the one the user let; else null.
  function unaskedRisk(target, effect, key, options) {
    var risk = options.asked !== undefined ? engine.riskOfAction(target, effect) : null;
    if (!risk || sameRisk(risk, options.asked)) return null;
    return failure("confirmation_needed", "Pressing " + quote(key) + " there needs the user's confirmation.", { field: risk });
  }
  function sameRisk(a, b) {
    return !!b && a.risk === b.risk && a.kind === b.kind && a.label === b.label;
  }
  // What the target is, as it was when the key went down. writable: an editor, or a text field that is not
  // read-only (a read-only field takes no text and moves no caret: measured with real keys, its arrows move
  // nothing, End, PageDown and Space scroll the page as they do anywhere else, and Control+A still selects).
  // textual: a key's text goes into it (a date or time input takes keys into its focused segment, which no page
  // can read: a key never writes its text into the value there, Space would empty it, and browser_type sets such
  // an input by its value).
  function editingOf(target) {
    var field = isTextField(target);
    var editable = engine.editorSurface(target);
    var writable = (field && !target.readOnly) || editable;
    return { editable: editable, field: field, writable: writable, textual: writable && !engine.hasDateFields(target) };
  }
  // What a key does on its target, read once, before anything happens: the one reading the press acts on (press,
  // defaultAction) and the user's confirmation judges (pressRisk), whatever the spelling of the chord (parseKey:
  // any case, Ctrl, Cmd, Command). "copy", "cut" or "paste" (clipboardChord); "submit": Enter in a form's field (its
  // implicit submission, or the page's own Enter handler); "activate": Enter on a button or a link, Space (Shift
  // too) on a button, a checkbox or a radio (a click); "insert": a character typed into a field or an editor;
  // null: any other default (defaultAction).
  var CLIPBOARD_EFFECTS = wordSet("copy cut paste");
  function keyEffect(target, info, modifiers, editing) {
    var chord = clipboardChord(info.key, modifiers);
    if (chord) return chord;
    if (modifiers.ctrl || modifiers.meta || modifiers.alt) return null;
    if (info.printable && editing.textual) return "insert";
    if (info.key === "Enter") {
      if (target.localName === "textarea" || editing.editable) return null; // a line break
      if (editing.field && target.form) return "submit";
      return activatesOnEnter(target) ? "activate" : null;
    }
    return info.key === " " && !editing.editable && buttonLike(target) ? "activate" : null;
  }
  function buttonLike(el) {
    var tag = el.localName;
    return tag === "button" || tag === "summary" || (tag === "input" && /^(checkbox|radio|button|submit|reset)$/.test(el.type));
  }

  // ----- copy, cut and paste ---------------------------------------------------------------------------
  // Synthetic keys reach no clipboard, and the user's system clipboard is not the agent's to read or fill: the
  // lane keeps a clipboard private to the session, passes its text in (options.clipboard) for a paste, and keeps
  // what a copy or cut answers. What the page sees is what a person's keys give it: the key events, then a copy,
  // cut or paste event whose clipboardData the page may fill or read (an editor handles it and prevents the
  // default), then the browser's own default: the selection copied, the selection deleted, the text inserted as
  // typing inserts it (beforeinput/input, an editor's own input path).
  function clipboardChord(key, modifiers) {
    var command = (modifiers.ctrl || modifiers.meta) && !modifiers.alt;
    var letter = key.length === 1 ? key.toLowerCase() : "";
    if (command && !modifiers.shift && (letter === "c" || key === "Insert")) return "copy";
    if (command && !modifiers.shift && letter === "x") return "cut";
    if (command && letter === "v") return "paste"; // Shift too: paste as plain text, which is all there is
    if (modifiers.shift && !command && !modifiers.alt && key === "Insert") return "paste";
    if (modifiers.shift && !command && !modifiers.alt && key === "Delete") return "cut";
    return null;
  }
  // {copied | pasted: length, text?, password?}: what went into or came out of the session's clipboard. Nothing
  // comes out of a password or payment field (sensitiveKind, the typing check's test): the field keeps its text,
  // and the session's clipboard keeps what it held ({copied: false, password: true}). The page hears what a
  // browser gives it: nothing in a password input (Chromium fires no copy or cut there, measured with real keys),
  // its copy or cut event in a field that is a password only by its autocomplete, mask or label.
  function clipboardAction(target, chord, text, editing) {
    var textual = editing.writable;
    var secret = editing.field && !!engine.sensitiveKind(target);
    if (secret && chord !== "paste" && target.type === "password") return { copied: false, password: true };
    var data = new DataTransfer();
    if (chord === "paste") data.setData("text/plain", text);
    var event = new ClipboardEvent(chord, { clipboardData: data, bubbles: true, cancelable: true, composed: true });
    var handled = !target.dispatchEvent(event);
    if (chord === "paste") {
      var taken = handled; // the page's own paste handler took the text
      if (!handled && textual && text) {
        if (target.editContext) {
          engine.editContextInput(target.editContext, text); // (the browser's editing commands do not reach it)
          taken = true;
        } else if (editing.editable) taken = document.execCommand("insertText", false, text);
        else taken = insertIntoField(target, text, "insertFromPaste");
      }
      var pasted = taken ? text.length : 0;
      return secret ? { pasted: pasted, password: true } : { pasted: pasted };
    }
    if (secret) return { copied: false, password: true };
    var copied = handled ? data.getData("text/plain") : selectedText(target, editing);
    if (chord === "cut" && !handled && copied && textual) {
      if (editing.editable) document.execCommand("delete", false);
      else deleteInField(target, false);
    }
    return { copied: copied.length, text: copied };
  }
  function selectedText(target, editing) {
    if (editing.field) {
      var value = String(target.value || "");
      try {
        return value.slice(target.selectionStart, target.selectionEnd);
      } catch (e) {
        return ""; // an email or number field has no selection to copy
      }
    }
    var selection = (target.getRootNode && target.getRootNode().getSelection ? target.getRootNode() : document).getSelection();
    return selection ? selection.toString() : "";
  }
  // Does what the browser does for the key, and says what: "submit", "click", "insert", "delete", "focus",
  // "select", "select_all", "scroll", "close_request", "none" (a form that cannot be submitted), or null for
  // nothing. A submit and an activation are the key's effect as keyEffect read it.
  function defaultAction(target, info, modifiers, plain, editing, effect) {
    var key = info.key;
    if (plain && key === "Enter" && editing.textual) engine.changeOnEnter(target);
    if (effect === "submit") return implicitSubmit(target.form);
    if (effect === "activate" && key === " ") return "click_on_keyup"; // Space activates a button when it comes up
    if (effect === "activate") {
      target.click();
      return "click";
    }
    var textual = editing.textual;
    if (plain && key === "Enter") return enter(target, editing);
    if (key === "Escape" && clearsOnEscape(target)) return clearSearch(target);
    if (key === "Escape" && plain) return requestClose();
    // (an editor hears the edit coming as the browser announces it, and may do it itself: editInEditable)
    if (effect === "insert") {
      if (editing.editable) return editInEditable(target, "insertText", key, "insertText") ? "insert" : null;
      if (!(editsNatively(target) && document.execCommand("insertText", false, key))) insertIntoField(target, key, "insertText");
      return "insert";
    }
    if (plain && (key === "Backspace" || key === "Delete") && textual) {
      var backward = key === "Backspace";
      if (editing.editable) {
        return editInEditable(target, backward ? "deleteContentBackward" : "deleteContentForward", null, backward ? "delete" : "forwardDelete") ? "delete" : null;
      }
      if (!(editsNatively(target) && document.execCommand(backward ? "delete" : "forwardDelete", false))) deleteInField(target, !backward);
      return "delete";
    }
    // (Shift held too: Chromium's radio ignores only Control, Alt and Meta with an arrow)
    if (plain && radioGroup(target, true) && ARROW_KEYS.test(key)) return stepRadio(target, key);
    if (target.localName === "input" && target.type === "range" && !modifiers.alt && !modifiers.meta && RANGE_KEYS.test(key)) {
      return stepRange(target, key);
    }
    if (textual && !modifiers.alt && !modifiers.meta) {
      var move = caretMove(key, !!modifiers.ctrl, !!modifiers.shift);
      if (move) return moveCaret(target, move);
      // a one-line field has no page to move through: PageUp and PageDown scroll around it
      if (!modifiers.ctrl && PAGE_KEYS.test(key)) return target.localName === "input" ? scrollKey(target, key, false) : moveCaretByPage(target, key === "PageDown", !!modifiers.shift);
    }
    // (from where the focus is now: a keydown handler may have moved it, as Fluent UI's menu, closing on Tab,
    // gives it back to its button, and real Tab goes on from there)
    // (a date or time input's fields take Tab, the arrows, Backspace and Delete: date_fields.js)
    var inFields = plain && editing.field && engine.hasDateFields(target) ? engine.fieldKey(target, key, !!modifiers.shift) : undefined;
    if (inFields !== undefined) return inFields;
    if (key === "Tab" && plain) {
      var tabbed = moveFocus(focusedNow(target), !!modifiers.shift);
      engine.enteredFields(engine.focusedElement(), !!modifiers.shift);
      return tabbed;
    }
    if ((modifiers.ctrl || modifiers.meta) && key.toLowerCase() === "a" && editing.editable) {
      // the editor's own Select All: the editing host's content, with the selectstart a person's keys give
      document.execCommand("selectAll", false);
      return "select_all";
    }
    if ((modifiers.ctrl || modifiers.meta) && key.toLowerCase() === "a" && editing.field) {
      if (engine.hasDateFields(target)) {
        // a date or time input's fields hold no text selection: the page's text is selected, the focus kept, as
        // with real keys in a field of it (Mantine's time input, typed into, then Control+A)
        document.execCommand("selectAll", false);
        return "select_all";
      }
      try {
        target.select();
      } catch (e) {
        /* ignore */
      }
      return "select_all";
    }
    if ((modifiers.ctrl || modifiers.meta) && key.toLowerCase() === "a" && !modifiers.alt) {
      // anywhere else (the body, a button; an editor and any field are above), the page's text (measured with real
      // keys once a page moved the focus off a field to its body: PrimeReact's calendar). The command selects
      // nothing from a caret left in what the page has hidden since (the calendar's day); a real key's selects the
      // page all the same.
      if (!document.execCommand("selectAll", false)) {
        document.getSelection().removeAllRanges();
        document.execCommand("selectAll", false);
      }
      return "select_all";
    }
    if (target.localName === "select" && !modifiers.alt && !modifiers.meta && engine.SELECT_KEYS.test(key)) return engine.selectKey(target, key, modifiers);
    // (Shift with an arrow scrolls nothing; Control with Home or End scrolls to the page's ends, as Home and End)
    var scrolls = plain ? !(modifiers.shift && /^Arrow/.test(key)) : modifiers.ctrl && !modifiers.shift && !modifiers.alt && !modifiers.meta && /^(Home|End)$/.test(key);
    if (scrolls && !textual && SCROLL_KEYS.test(key)) return scrollKey(target, key, !!modifiers.shift);
    return null;
  }
  function enter(target, editing) {
    if (target.localName === "textarea") {
      insertIntoField(target, "\n", "insertLineBreak");
      return "insert";
    }
    if (editing.editable) return editInEditable(target, "insertParagraph", null, "insertParagraph") ? "insert" : null;
    return null;
  }
  // An edit of a contenteditable as Chromium makes it for a key: beforeinput (with the selection as its target
  // range), textInput for what is typed (React's onBeforeInput: Draft.js inserts through its own model and
  // cancels it), then, when the page cancelled neither, the browser's own edit (execCommand, whose input event
  // follows); an EditContext's element gets its edit in the EditContext instead (fields.js editContextInput).
  // Whether the browser's edit ran.
  function editInEditable(host, inputType, data, command) {
    var typed = inputType === "insertParagraph" ? "\n" : data;
    if (!engine.beforeInput(host, inputType, data)) return false;
    if (host.editContext) {
      if (inputType !== "insertParagraph") engine.editContextInput(host.editContext, data || "", command === "forwardDelete");
      return true;
    }
    if (typed !== null && !engine.textInputEvent(host, typed)) return false;
    document.execCommand(command, false, data);
    return true;
  }
  // What Enter clicks, as the browser does (its own activation on Enter): a link with an address, a button, an input
  // button, a summary. Not an element that only has an ARIA role (button, link, menu item, tab, option): its page's
  // keydown handler makes it act on Enter, and a click of the lane's own acted again (Ant Design's accordion header
  // toggles on Enter's keydown and on a click: its panel toggled twice and stayed open).
  function activatesOnEnter(el) {
    var tag = el.localName;
    return (tag === "a" && el.hasAttribute("href")) || tag === "button" || tag === "summary" ||
      (tag === "input" && /^(button|submit|reset|image)$/.test(el.type));
  }
  // Enter in a field: the form's first submit button is clicked (nothing if it is disabled), else the form
  // is submitted unless more than one field blocks implicit submission.
  function implicitSubmit(form) {
    var elements = form.elements;
    for (var i = 0; i < elements.length; i++) {
      var el = elements[i];
      var type = (el.getAttribute("type") || (el.localName === "button" ? "submit" : "")).toLowerCase();
      if ((el.localName === "button" && type === "submit") || (el.localName === "input" && (type === "submit" || type === "image"))) {
        if (el.disabled) return "none";
        el.click();
        return "submit";
      }
    }
    var blocking = 0;
    for (var j = 0; j < elements.length; j++) {
      var field = elements[j];
      if (field.localName === "input" && BLOCKS_IMPLICIT_SUBMIT[(field.getAttribute("type") || "text").toLowerCase()]) blocking++;
    }
    if (blocking > 1) return "none";
    if (form.requestSubmit) form.requestSubmit();
    else form.submit();
    return "submit";
  }
  // ----- the caret and the selection -------------------------------------------------------------------
  // Chromium's keys on Linux for moving the caret in a field or an editor, as Selection.modify's arguments
  // [direction, granularity]: with Control, Left and Right jump by words and Home and End go to the text's
  // ends; Shift extends the selection instead of moving the caret. Selection.modify is the browser's own
  // movement (the same code its key commands run, measured equal in inputs, textareas and contenteditables),
  // and it fires selectionchange as a person's key does, which editors (Draft.js through React's onSelect)
  // read their own selection from.
  var CARET_KEYS = engine.lookupTable({
    ArrowLeft: ["backward", "character", "word"],
    ArrowRight: ["forward", "character", "word"],
    ArrowUp: ["backward", "line", null],
    ArrowDown: ["forward", "line", null],
    Home: ["backward", "lineboundary", "documentboundary"],
    End: ["forward", "lineboundary", "documentboundary"],
  });
  function caretMove(key, control, shift) {
    var keys = CARET_KEYS[key];
    var granularity = keys ? keys[control ? 2 : 1] : null;
    return granularity ? { alter: shift ? "extend" : "move", direction: keys[0], granularity: granularity } : null;
  }
  // move.lines: that many lines (stopping where the caret stops: at the first line's start, the last one's end).
  // A number input steps its value on ArrowUp and ArrowDown instead (stepNumber).
  function moveCaret(target, move) {
    if (target.localName === "input" && target.type === "number" && move.granularity === "line") return stepNumber(target, move.direction === "forward" ? -1 : 1);
    var root = target.getRootNode && target.getRootNode().getSelection ? target.getRootNode() : document;
    var selection = root.getSelection();
    if (!selection || !selection.rangeCount) return null;
    for (var i = 0; i < (move.lines || 1); i++) {
      var node = selection.focusNode,
        offset = selection.focusOffset,
        start = target.selectionStart,
        end = target.selectionEnd;
      selection.modify(move.alter, move.direction, move.granularity);
      var same = selection.focusNode === node && selection.focusOffset === offset && target.selectionStart === start && target.selectionEnd === end;
      if (same) break;
    }
    return "select";
  }
  // ArrowUp and ArrowDown in a number input step its value as its spin buttons do (stepUp/stepDown: from 0 when
  // empty, snapped to the step, kept within min and max), then input and change; none when it did not move.
  function stepNumber(input, direction) {
    var before = nativeValue(input);
    try {
      if (direction > 0) input.stepUp();
      else input.stepDown();
    } catch (e) {
      return null; // step="any" has no step to take
    }
    if (nativeValue(input) === before) return null;
    input.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
    plainEvent(input, "change");
    return "select";
  }
  // PageUp and PageDown in a textarea or an editor: the caret goes up or down by the lines in 7/8 of what shows
  // of its scroller (the textarea, else the box or the page the editor scrolls in), so to the text's start or
  // end when the text fits in it, as measured against real keys; Shift extends the selection. Where not even one
  // line fits in that 7/8, the key does nothing (measured: Material Web's one-row textarea, 24 px high with lines
  // of 24 px, keeps its caret and its scroll; Chromium's page step moves by whole lines within the distance), but in
  // a text of one line (oneLineText).
  var PAGE_KEYS = /^(PageUp|PageDown)$/;
  function moveCaretByPage(target, down, shift) {
    // Chromium pages a textarea's caret only where the textarea scrolls (overflow-y auto or scroll; an editor's
    // editable element always): in one that does not (Vaadin's, which grows with its text, overflow hidden), the
    // key moves no caret and scrolls what is around it, as at the text's end (measured with real keys).
    if (target.localName === "textarea" && !SCROLLS[getComputedStyle(target).overflowY]) return scrollKey(target.parentElement || target, down ? "PageDown" : "PageUp", false);
    var scroller = target.localName === "textarea" ? target : scrollableFor(target, true);
    var height = scroller === document.scrollingElement ? window.innerHeight : scroller.clientHeight;
    var style = getComputedStyle(target);
    var line = parseFloat(style.lineHeight) || 1.2 * parseFloat(style.fontSize) || 16;
    var lines = Math.min(MAX_PAGE_LINES, Math.floor((0.875 * height) / line));
    var move = { alter: shift ? "extend" : "move", direction: down ? "forward" : "backward", granularity: "line", lines: lines };
    if (lines < 1) return oneLineText(target, line) ? moveCaret(target, Object.assign({}, move, { granularity: "documentboundary", lines: 1 })) : null;
    var before = target.localName === "textarea" ? [target.selectionStart, target.selectionEnd].join() : null;
    var action = moveCaret(target, move);
    if (before === null) return action;
    toTextEnd(target, move);
    if ([target.selectionStart, target.selectionEnd].join() !== before) {
      if (!shift) engine.caretLineToTop(target);
      return action;
    }
    // The caret at the text's end (or start) has no page to go to: the key scrolls instead, as a person's does
    // (measured): the textarea while it can go further that way, else the page around it.
    var room = down ? target.scrollHeight - target.clientHeight - target.scrollTop : target.scrollTop;
    if (room < 1) return scrollKey(target.parentElement || target, down ? "PageDown" : "PageUp", false);
    target.scrollBy({ top: (down ? 1 : -1) * Math.floor(target.clientHeight * 0.875), behavior: "instant" });
    return "scroll";
  }
  var MAX_PAGE_LINES = 200;
  // Whether a textarea's text is one line as it shows (no break, no wrap): a page's move there, however short, goes
  // to the text's start or end, as Chromium's first line step lands there (measured: Angular Material's one-row
  // textarea, 24 px high with lines of 24 px, its caret at the end, goes to 0 on PageUp).
  function oneLineText(target, line) {
    return target.localName === "textarea" && target.value.indexOf("\n") < 0 && target.scrollHeight < 1.5 * line + 1;
  }
  // A page's move that reaches the text's first (last) line goes on to the text's start (end), as Chromium's
  // ModifyWithPageGranularity does: its next line step there lands at the start of that very line, no farther
  // away (measured: PageUp in a one-row textarea holding two lines, from the second line's end, puts the caret
  // at 0). In a textarea, a line step that lands at the text's start (end) with no line break passed is that.
  function toTextEnd(textarea, move) {
    var forward = move.direction === "forward";
    var at = textarea.selectionDirection === "backward" ? textarea.selectionStart : textarea.selectionEnd;
    var value = textarea.value;
    if ((forward ? value.slice(at) : value.slice(0, at)).indexOf("\n") >= 0) return;
    moveCaret(textarea, Object.assign({}, move, { lines: 1 }));
  }
  // ----- a search field -------------------------------------------------------------------------------
  // Escape in a search field that holds text and takes edits empties it, as Chromium's search input does (measured
  // with real keys: Choices.js's search and Tags fields): the value goes with an input event (no beforeinput, as
  // for a value the browser sets), then the field's search event.
  function clearsOnEscape(el) {
    return el.localName === "input" && el.type === "search" && !el.readOnly && !el.disabled && nativeValue(el) !== "";
  }
  // An Escape the page did not cancel is a close request, which Chromium gives the newest open modal dialog, auto
  // popover or CloseWatcher of the page; only a hook in the page's world sees them all (page/close_requests.js,
  // reached through its relay in the extension's world). "close_request" when the request went out: whether anything
  // was open, and closed, the page shows.
  function requestClose() {
    var relay = globalThis.__hermesCloseRelay;
    return relay && relay.request() ? "close_request" : null;
  }
  function clearSearch(input) {
    setNativeValue(input, "");
    input.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
    plainEvent(input, "search");
    return "delete";
  }
  // ----- a range input --------------------------------------------------------------------------------
  // What Chromium's slider does on a key (untrusted key events move nothing): arrows step by the input's step
  // (step="any": a hundredth of its span), PageUp and PageDown by a tenth of the span (at least a step), Home
  // and End go to its ends; Left and Right swap in a right-to-left slider, and in a vertical one (writing-mode)
  // Up goes down the values, as measured against real keys. The value is clamped and snapped to the step by
  // the input itself; the input then gets input and change (none when it did not move). Answers "select", as a
  // <select>'s arrow does.
  var RANGE_KEYS = /^(ArrowUp|ArrowDown|ArrowLeft|ArrowRight|PageUp|PageDown|Home|End)$/;
  function stepRange(input, key) {
    var min = rangeBound(input.min, 0),
      max = Math.max(min, rangeBound(input.max, 100));
    var step = input.getAttribute("step") === "any" ? (max - min) / 100 : rangeBound(input.step, 1);
    if (step <= 0) step = 1;
    var big = Math.max(step, (max - min) / 10);
    var style = getComputedStyle(input);
    var vertical = /^(vertical|sideways)/.test(style.writingMode);
    var reversed = !vertical && style.direction === "rtl";
    var current = parseFloat(nativeValue(input));
    var by = { ArrowUp: vertical ? -step : step, ArrowDown: vertical ? step : -step, ArrowRight: reversed ? -step : step, ArrowLeft: reversed ? step : -step, PageUp: big, PageDown: -big };
    var wanted = key === "Home" ? min : key === "End" ? max : current + by[key];
    var before = nativeValue(input);
    setNativeValue(input, String(parseFloat(wanted.toPrecision(12)))); // no binary noise (0.1 + 0.2)
    if (nativeValue(input) === before) return null;
    input.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
    plainEvent(input, "change");
    return "select";
  }
  function rangeBound(text, fallback) {
    var number = parseFloat(text);
    return isFinite(number) ? number : fallback;
  }
  function scrollKey(target, key, shift) {
    var scroller = scrollableFor(target === document.body ? null : target, true);
    if (scroller === engine.pageScroller() && !engine.pageTakesKeys(true)) return null;
    var height = scroller === document.scrollingElement ? window.innerHeight : scroller.clientHeight;
    var page = Math.floor(height * 0.875); // Chromium's page: 7/8 of what shows, in whole pixels
    var by = { ArrowDown: 40, ArrowUp: -40, PageDown: page, " ": page, PageUp: -page, Home: -scroller.scrollHeight };
    var dy = key in by ? by[key] : scroller.scrollHeight;
    if (shift && key === " ") dy = -dy;
    scroller.scrollBy({ top: dy, behavior: "instant" });
    return "scroll";
  }

  // keyTaken(paced) -> Promise<{ok, taken}>, for a lane that types with real keys sent back to back: whether the
  // page took the last key itself (cancelled its keydown: rsuite's date field fills its segment and moves its
  // selection in its next frame, where the next key is read), once the page's next frame has come when it did or
  // when `paced` (the page took a key before); a person's next key comes a frame later at the soonest, and once the
  // page takes keys, the lane sends each key after that frame, as typing.js does.
  var lastKeydown = null;
  window.addEventListener(
    "keydown",
    function (event) {
      lastKeydown = event;
    },
    true
  );
  function keyTaken(paced) {
    var taken = !!lastKeydown && lastKeydown.defaultPrevented;
    var answer = { ok: true, taken: taken };
    return taken || paced ? engine.drawnFrame().then(function () { return answer; }) : Promise.resolve(answer);
  }

  Object.assign(engine, {
    keyTaken: keyTaken,
    press: press,
    pressRisk: pressRisk,
    guardPress: guardPress,
    pressGuarded: pressGuarded,
  });
})(globalThis.__hermesEngine);

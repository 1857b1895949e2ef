/*
 * Hermes snapshot engine: the public object both lanes call, globalThis.__hermesSnapshot. The last of the
 * engine's files (see core.js for how they are injected); its completion value is the version string.
 *
 * All results are plain JSON; failures are {ok: false, error: {code, message}}, never exceptions.
 *   version                        "hermes-snapshot/1"
 *   snapshot(opts) -> Promise<Part>
 *       opts: {nextRef=1, full=false, maxChars=32000, urls=full, cursor=true, session, read, after, changes=false,
 *             find, images, labels, pdf}
 *       Part: {ok:true, text, nextRef, refs:["e4",...], isTop, url, title, truncated, pdf? (with pdf, a byte cap,
 *              in a top frame whose document is a PDF: its bytes, fetched with its credentials, snapshot.js),
 *              frames:[token of each visible child iframe], stats:{elements, lines, chars, refs, links, buttons,
 *              textboxes, omittedInteractive, omittedTextLines, omittedAbove, omittedBelow, ms},
 *              compaction?: its shown lines and their places, for stitch (compact, a child's or a top with frames;
 *              see snapshot.js)}
 *       A frame under a cross-origin ancestor waits up to 250 ms for the browser to say what of it is seen.
 *   snapshotSync(opts) -> Part     the same, at once
 *   frameToken(element) -> token|null   the token of this frame's <iframe>/<frame> element (the placeholder's),
 *       for the lane that found the element by the child frame it holds (cdp: DOM.getFrameOwner); null for
 *       anything else
 *   frameTokens(frameIdOf) -> [[id, token], ...]   the same for every <iframe>/<frame> of this frame (shadow
 *       trees included) to which frameIdOf(element), the lane's function, gives an id (extension: the child
 *       frame's id, by the window that posted its nonce: background/frames.js)
 *       With session (the lane's key for the agent's session) and read (this read's id), the part's full text is
 *       kept as that session's last read of the frame; with changes too, the part also carries fullText and
 *       previous (the frame's text as the session's read `after` saw it: null when the frame's own last read by
 *       the session was another one, or none), and a top frame without child frames carries changes:
 *       stitchChanges()'s answer for the tab.
 *   stitchChanges(parts, {maxChars}) -> {ok, snapshot, truncated, changes?:{added, removed, changed},
 *       unchanged?}: what changed in the tab since the session's last read (outline.js), from parts read with
 *       {session, changes: true} and placed as for stitch(); the compact page for a new document
 *   find(fullText, {role, name, text, limit=20}) -> {ok, snapshot, matches, shown}: the lines of a stitched full
 *       text that match, each under the outline of its ancestors (outline.js); snapshot() with find (and full)
 *       gives a top frame without child frames found: that answer for the tab
 *   stitchFind(parts, {query}) -> find()'s answer over full parts, placed as for stitch()
 *   snapshot() with images (a count) gives each part images: {images: [{ref?, alt, src, natural:{width, height},
 *       rendered:{width, height}, broken?}], total}: at most that many of the frame's images (images.js)
 *   snapshot() with labels gives each part labels: [{ref, x, y, width, height}] (where the read's refs are drawn,
 *       in the frame's viewport, CSS px; with full, those outside it too), frameOffset (frames.js) and scroll:
 *       {x, y}, for an annotated screenshot (images.js)
 *   stitch(parts, {maxChars=32000, full?}) -> {text, truncated, placed, dropped:[token], missing:[token], unplaced}
 *       Pure: parts are Parts of every frame of a tab, in any order, each child's with frameToken: the token
 *       its parent's engine gave its <iframe>, as frameToken()/frameTokens() told the lane (none: unplaced).
 *       Call it in the top frame. Compact, it follows the top frame's viewport through every frame (see
 *       frames.js).
 *   Actions answer with a promise, once what they caused has settled (dom.js, settle()): navigating:url in
 *   the result when the action started a navigation of this frame (the lane then waits for the new page).
 *   click(ref, {button="left"|"middle"|"right", double, modifiers:"Control+Shift", hover}) -> Promise<{ok, ref,
 *       role, name (as before the click), x, y, opens?:{url, target}, hint?, navigating?}>; with hover, also
 *       hovered (the element matches :hover once settled) and, when not, notice. Pressed only at a point where
 *       a press reaches the element (landing.js, reaches()); else click_intercepted and nothing is pressed
 *   aim(ref, {hover, now}) -> Promise<rect()'s answer at a clear point of the element once it keeps still (or
 *       click_intercepted), plus opens?, hint?, and watch: a token for settle() after the lane's own input
 *       events>; with now, the centre at once when it is clear (a field to focus for typing)
 *       With guard: the lane's press is guarded (guard.js), and the answer says onTarget (its point hits the
 *       element itself, or a descendant) and hovered (onTarget, and the element matches :hover already; then the
 *       answer comes once the page has run the tasks queued by then, as underPointer()'s does: the lane presses on it)
 *   underPointer(ref, x, y, maxMs) -> Promise<{x, y, unsettled?, blocked?}|null>: once a lane's real pointer has
 *       arrived at aim()'s point, where to press (pointer.js); aimToType(ref, textTypes) -> Promise<{facts: {tag,
 *       type, editable, slider?}, aimed?: aim()'s answer}|null>: a field's kind, and where to click it for real keys
 *   sliderStep(ref, text, last) -> {ok, key, value, count}|{ok, value, ref, role, name}: the next key that moves a
 *       slider the page draws toward the number text, for a lane that presses it with real keys (values.js)
 *   hoverState(ref) -> {ok, hovered, notice?}: click's hover report, for a lane that hovered with real input events
 *   fieldsFocused(ref) -> {ok, focused}: a date or time input that holds the focus, after browser_type set it, for
 *       a lane that moves its focus to the input's last field with real keys, where a person's typing leaves it
 *   waitForText(text, gone, timeoutMs) -> Promise<{ok, met}>  (met: the text is shown, or with gone no longer is)
 *   watch() -> token      settle(token, {quietMs=20, maxMs=500, readBack}) -> Promise<{ok, navigating?, closing?,
 *       replaced?, ms}>   (readBack: over after two task turns in which the action caused nothing; closing: the action
 *       made the page close its window; see dom.js)
 *   afterClick(ref?) -> Promise<{ok}>: once the page has drawn a frame and the tasks queued by then have run (with the
 *       ref of a field clicked to type into: the field beside it that the click gave the focus, noted: typing.js;
 *       readonly when the field is read-only still, and then no key is to be sent: pointer.js readOnly)
 *   afterArrival() -> Promise<{ok}>: once the tasks queued by then have run (a lane's pointer moved, then presses)
 *   beforeSecondPress(x, y) -> Promise<{ok}>: afterClick's wait, then until what lies at (x, y) keeps still
 *       (landing.js, secondPressReady): when a lane's real double click presses the second time
 *   type(ref, text, {clear=true, submit=false, confirm=false}) -> Promise<{ok, ref, role, name,
 *       value | password:true, pressed?, navigating?}>   (with confirm, a password or payment field, as it is
 *       once focused or as it turns while the text goes in, gets nothing: confirmation_needed, with field:
 *       {kind, label}; a <select> gets the option with that label; a rich editor
 *       (contenteditable) gets it typed through its own input path, a key per task; a multiple <select>, one
 *       label per line, its value the chosen labels as an array; a date, time, datetime-local, month, week,
 *       colour or range input, the value in its own format, else invalid_value). Fails with type_mismatch when
 *       the element then holds other text than asked for, the message showing what it holds.
 *   checkState(ref) -> {ok, ref, role, name, checkable, checked?:"true"|"false"|"mixed", holds?, password?,
 *       disabled}: whether the element is a checkbox, radio button or switch (native or ARIA) and how it stands, or
 *       what another holds (never a password's characters), for browser_fill_form, which clicks one only when it is
 *       not as asked, reads it back so, and reads every field again once the whole form is set
 *   typed(ref, text) -> {ok, ref, role, name, value | password:true} | type_mismatch: that check alone, for a
 *       lane that typed with real input events
 *   typedAfter(token, ref, text) -> Promise<typed()'s answer, navigating?> | {ok, replaced}: settle(token) (a
 *       plain field's with readBack), then typed(), for a lane that typed with real input events after aim()
 *   press(key) -> Promise<{ok, key, target:{role, name}, action:"submit"|"click"|"insert"|"delete"|"focus"|
 *       "select"|"select_all"|"scroll"|"none"|null, prevented, navigating?}>   key: "Enter", "Tab", "Shift+Tab",
 *       "Control+a", "x"... Focus inside a child frame -> {ok:false, error:{code:"focus_in_child_frame", frameToken}}
 *   pressRisk(key) -> {ok, risk: {risk:"type"|"submit"|"download", kind?, label} | null}: what press(key) would risk
 *       on the focused element (a paste into a password field, a submit of a form holding one, a download), read
 *       the way press() reads the key (keyboard.js keyEffect), for the lane's confirmation before it presses;
 *       press(key, {asked}) reads it again as it acts, and a risk other than `asked` (the one the user let, or
 *       null or false) gives confirmation_needed, with field: that risk, and nothing is pressed (a character whose
 *       keydown moved the focus is read again where its text goes: nothing goes in there)
 *   keyTaken(paced) -> Promise<{ok, taken}>: whether the page cancelled the last keydown (it takes such keys
 *       itself), resolved after its next frame when it did or when `paced`, for a lane typing with real keys (the
 *       next key comes then)
 *   guardPress(key, asked) -> pressRisk(key)'s answer, and for a lane about to send that key as real input with
 *       confirmations on, a guard on its keypress: where the keydown moved the focus, a text or click there with a
 *       risk other than `asked` is cancelled. pressGuarded() -> {ok} | confirmation_needed (field: that risk), after
 *       the key, which disarms it
 *   drag(ref, toRef) -> Promise<{ok, ref, role, name, to:{ref, role, name}, released_over:{role, name}|null,
 *       dropped? (an HTML5 drop target took it), navigating?}>   pressed, moved and released at clear points of
 *       both (else click_intercepted, nothing pressed), pointer and mouse events, and an HTML5 drag when the press
 *       made something draggable (drag.js)
 *   fileTarget(ref) -> {ok, input: true, multiple, accept} | {ok, input: false}: a file input (or its label), or
 *       anything else (a drop zone); filesHeld(ref) -> {ok, files: [{name, size, type}]}: a file input's files, read
 *       back; setFiles(ref, files) -> Promise<filesHeld()'s answer, navigating?>, after input and change. For these
 *       three, ref null is the input whose file chooser the last action opened (an action's settle answers
 *       file_chooser: {multiple, accept, ref?} then), else no_file_chooser;
 *       dropFiles(ref, files) -> Promise<{ok, ref, role, name, dropped, files, navigating?}>: a drop of those files
 *       at a clear point. files: a FileList, Files, or {name, type, base64} (the extension's) (drag.js)
 *   scroll(ref|null, "up"|"down"|"left"|"right"|"top"|"bottom"|null, {pages?, amount?}) -> {ok, direction?,
 *       scrolled (px), position, max, atStart, atEnd, target:"page"|role, ref?, scrolledRef?}
 *       A ref with no direction scrolls that element into view in every scrolling ancestor.
 *   rect(ref, {scroll=true}) -> {ok, ref, role, name, x, y (centre of the visible part, this frame's viewport
 *       CSS px), left, top, width, height, inViewport, visible, disabled, clear (a press at the centre
 *       reaches the element),
 *       frameOffset:{x, y, complete}, viewport:{width, height}}
 *   painted() -> Promise<{ok, painted}>: once this frame has drawn two frames (painted true), at most a second
 *       (dom.js); before an element's screenshot
 *   frameRect(token, {scroll=true}) -> {ok, x, y (content-box origin of that child <iframe> in this frame's
 *       viewport), width, height, frameOffset}
 *       Top-level point of an element in a cross-origin frame = sum of frameRect(x, y) down the chain of
 *       frames + rect(x, y); same-origin ancestors are already summed in rect().frameOffset when complete.
 *   resolve(ref) -> Element|null   (for the CDP lane: evaluate with returnByValue:false to get an objectId); ref
 *       null: the input whose file chooser the last action opened
 *   owns(ref) -> boolean           info() -> {ok, version, isTop, url, title, hasFocus, focusInChildFrame,
 *                                            refs, maxRef}
 *   Refs may be given as "@e7", "e7" or 7. An element that is gone (or a ref this frame never issued) gives
 *   {ok:false, error:{code:"stale_ref", owned, message:"Element @e7 is gone; take a new snapshot."}}. Other
 *   codes: invalid_ref, not_visible, disabled, click_intercepted, not_typable, readonly, option_not_found, invalid_value,
 *   invalid_key,
 *   invalid_arguments, unknown_frame, focus_in_child_frame, no_target, action_failed, snapshot_failed.
 */
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var failure = engine.failure,
    isTop = engine.isTop,
    lookup = engine.lookup,
    liveRefCount = engine.liveRefCount,
    highestRefUsed = engine.highestRefUsed;

  function resolve(ref) {
    var found = ref === null ? engine.fileLookup(null) : lookup(ref);
    return found.ok ? found.element : null;
  }
  var CHECKABLE_ROLES = engine.wordSet("checkbox radio switch menuitemcheckbox menuitemradio");
  function checkState(ref) {
    var found = lookup(ref);
    if (!found.ok) return found;
    var el = found.element;
    var result = engine.withDescription({ ok: true }, el, found.number);
    var native = el.localName === "input" && (el.type === "checkbox" || el.type === "radio");
    // a toggle button (aria-pressed: Angular Material's button toggle, Mesop's) is on or off, as a checkbox is
    var pressed = result.role === "button" ? el.getAttribute("aria-pressed") : null;
    var toggle = pressed === "true" || pressed === "false" || pressed === "mixed";
    result.checkable = native || toggle || CHECKABLE_ROLES[result.role] === true;
    if (result.checkable) {
      result.checked = native ? (el.indeterminate ? "mixed" : String(el.checked)) : toggle ? pressed : el.getAttribute("aria-checked") || "false";
    } else {
      // what it holds, read as typed() reads it (a password field: only that it is one)
      var field = engine.readTarget(el);
      var sensitive = engine.sensitiveField(field);
      if (sensitive && sensitive.kind === "password") result.password = true;
      else result.holds = engine.cap(engine.heldNow(field).text, engine.VALUE_CAP);
    }
    result.disabled = engine.isDisabled(el);
    return result;
  }
  function owns(ref) {
    return lookup(ref).ok;
  }
  function info() {
    return {
      ok: true,
      version: engine.version,
      isTop: isTop,
      url: location.href,
      title: document.title,
      hasFocus: document.hasFocus(),
      focusInChildFrame: !!(document.activeElement && /^i?frame$/.test(document.activeElement.localName || "")),
      refs: liveRefCount(),
      maxRef: highestRefUsed(),
    };
  }
  function errorMessage(error) {
    return String((error && error.message) || error);
  }
  // Whatever goes wrong inside comes back as a failure with this code, never as an exception across the boundary.
  function guarded(method, code) {
    return function () {
      try {
        return method.apply(null, arguments);
      } catch (error) {
        return failure(code, errorMessage(error));
      }
    };
  }
  // The same for a method that answers with a promise.
  function guardedAsync(method, code) {
    return function () {
      var args = arguments;
      return Promise.resolve()
        .then(function () {
          return method.apply(null, args);
        })
        .catch(function (error) {
          return failure(code, errorMessage(error));
        });
    };
  }
  // An action that waits for what it caused (see settle() in dom.js): a promise of its result.
  function settledAction(method) {
    return guardedAsync(function () {
      var args = arguments;
      return engine.settled(function () {
        return method.apply(null, args);
      });
    }, "action_failed");
  }

  engine.defineHidden(
    "__hermesSnapshot",
    Object.freeze({
      version: engine.version,
      snapshot: function (options) {
        return engine.snapshot(options).catch(function (error) {
          return failure("snapshot_failed", errorMessage(error));
        });
      },
      snapshotSync: guarded(engine.snapshotSync, "snapshot_failed"),
      frameToken: engine.frameToken,
      frameTokens: guarded(engine.frameTokens, "action_failed"),
      stitch: engine.stitch,
      stitchChanges: guarded(engine.stitchChanges, "snapshot_failed"),
      find: guarded(engine.find, "snapshot_failed"),
      stitchFind: guarded(engine.stitchFind, "snapshot_failed"),
      click: guardedAsync(engine.click, "action_failed"),
      aim: guardedAsync(engine.aim, "action_failed"),
      underPointer: guardedAsync(engine.underPointer, "action_failed"),
      aimToType: guardedAsync(engine.aimToType, "action_failed"),
      sliderStep: guarded(engine.sliderStep, "action_failed"),
      hoverState: guarded(engine.hoverState, "action_failed"),
      fieldsFocused: guarded(engine.fieldsFocused, "action_failed"),
      watch: engine.watch,
      waitForText: guardedAsync(engine.waitForText, "action_failed"),
      settle: guardedAsync(engine.settle, "action_failed"),
      // The cdp lane waits on it between the click that focuses a field and the keys typed into it: the page's
      // handlers of the click defer work that a person's first key comes long after. A rich editor takes the
      // caret in a timer and draws it in a scheduler's task (Slate); a date field opens its calendar in the next
      // frame, and one that opens with a value in the field moves the focus to that day (PrimeVue).
      // With a ref (the field clicked to type into), the field beside it the click handed the focus to is the one its
      // keys go into and are read back from (typing.js focusHandedOn).
      afterClick: function (ref) {
        return engine.frameAndTurn().then(function () {
          var found = ref ? engine.lookup(ref) : null;
          if (!found || !found.ok) return { ok: true };
          var field = engine.typingTarget(found.element);
          var handed = engine.focusHandedOn(found.element, field);
          // a field read-only still, once clicked, takes no key (pointer.js readOnly)
          return (handed || field).readOnly ? engine.readOnlyFailure(found.number, true) : { ok: true };
        });
      },
      // The trusted-input mode waits on it while Chrome brings up its "is debugging this browser" bar, which takes its
      // height from the viewport a moment after the companion attaches: once the window's next resize has been laid
      // out (a frame after it), or after boundMs with none (the bar was up already).
      nextResize: function (boundMs) {
        return new Promise(function (resolve) {
          var timer = setTimeout(done, boundMs);
          function resized() {
            clearTimeout(timer);
            requestAnimationFrame(done);
          }
          function done() {
            removeEventListener("resize", resized);
            resolve({ ok: true });
          }
          addEventListener("resize", resized, { once: true });
        });
      },
      // The cdp lane waits on it between the pointer's arrival and a press it did not aim with (on a label, on a
      // hidden control's drawing): a person's press comes a moment later, once the page has run what its handlers of
      // the arrival queued (aim() and underPointer() wait the same way before they answer a press on the element).
      afterArrival: function () {
        return engine.taskTurn().then(function () {
          return { ok: true };
        });
      },
      // The cdp lane waits on it between a double click's two presses (pointer.js waits the same way in press()):
      // the page has done and drawn what the first click did, and what lies at the point keeps still.
      beforeSecondPress: function (x, y) {
        return engine.secondPressReady(x, y).then(function () {
          return { ok: true };
        });
      },
      type: guardedAsync(function (ref, text, options) {
        // What the element holds is read back once the page has settled: an editor such as Monaco
        // renders what was typed in its next animation frame. The answer names the element as it was when the
        // agent chose it, as the cdp lane's (aim()'s, before its keys): a field's label may go once it holds text
        // (Vuetify's), and a page may show a passing validation message in it while the keys come.
        var found = lookup(ref);
        var named = found.ok ? engine.withDescription({}, found.element, found.number) : null;
        return engine
          .typeSettled(ref, text, options)
          .then(function (result) {
            if (!result || result.ok === false || result.check === undefined) return result;
            // (an editor that rewrote the keys gets the text pasted: paste_typing.js)
            return engine.typedOrPasted(ref, result.check).then(function (checked) {
              // an option's whole name typed into a combobox that filters its list: that option is clicked too
              var chosen = checked.ok && !checked.pasted && !result.navigating ? engine.chooseTyped(ref, result.check, options || {}) : null;
              return Promise.resolve(chosen).then(function (choice) {
                if (choice) checked = choice;
                if (checked.ok && named) Object.assign(checked, named);
                return engine.carrySettled(checked, result, engine.TYPING_FACTS);
              });
            });
          });
      }, "action_failed"),
      typed: guarded(engine.typed, "action_failed"),
      optionInFocus: guardedAsync(engine.optionInFocus, "action_failed"),
      stillInList: guarded(engine.stillInList, "action_failed"),
      chosenShown: guarded(engine.chosenShown, "action_failed"),
      listStillOpen: guarded(engine.listStillOpen, "action_failed"),
      listWay: guarded(engine.listWay, "action_failed"),
      optionPoint: guardedAsync(engine.optionPoint, "action_failed"),
      listChosen: guarded(engine.listChosen, "action_failed"),
      typedOffer: guardedAsync(engine.typedOffer, "action_failed"),
      typedChosen: guarded(engine.typedChosen, "action_failed"),
      typedListOpen: guardedAsync(engine.typedListOpen, "action_failed"),
      checkState: guarded(checkState, "action_failed"),
      typedAfter: guardedAsync(engine.typedAfter, "action_failed"),
      press: settledAction(engine.press),
      pressRisk: guarded(engine.pressRisk, "action_failed"),
      guardPress: guarded(engine.guardPress, "action_failed"),
      keyTaken: guardedAsync(engine.keyTaken, "action_failed"),
      pressGuarded: guarded(engine.pressGuarded, "action_failed"),
      drag: guardedAsync(engine.drag, "action_failed"),
      fileTarget: guarded(engine.fileTarget, "action_failed"),
      filesHeld: guarded(engine.filesHeld, "action_failed"),
      setFiles: guardedAsync(engine.setFiles, "action_failed"),
      dropFiles: guardedAsync(engine.dropFiles, "action_failed"),
      scroll: guarded(engine.scroll, "action_failed"),
      rect: guarded(engine.rect, "action_failed"),
      painted: engine.painted,
      frameRect: guarded(engine.frameRect, "action_failed"),
      resolve: resolve,
      owns: owns,
      info: info,
    })
  );
  engine.complete = true;
})(globalThis.__hermesEngine);
globalThis.__hermesSnapshot.version;

/*
 * Hermes snapshot engine: typing into a combobox whose click opens a list and puts the focus on the list's option,
 * not in a field (MUI's select, and the ARIA listbox pattern's others), or keeps the focus and marks the list's
 * current option with aria-activedescendant (a select-only combobox: Angular Material's mat-select, Mesop's). A
 * person types the option's name there, the
 * list's type-ahead moves the focus to it, and Enter chooses it. Both lanes do that with their own keys (typing.js
 * for the extension lane, the cdp lane's keyboard tools with real input), and ask this file whether the focus is in
 * such a list, whether the keys reached the option named, and whether the box shows the choice. A list whose
 * type-ahead reaches no option of that name is closed again (Escape) and nothing is chosen.
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
    lookup = engine.lookup,
    withDescription = engine.withDescription,
    accessibleName = engine.accessibleName,
    roleOf = engine.roleOf,
    focusedElement = engine.focusedElement,
    wordSet = engine.wordSet;

  var LISTS = '[role="listbox"], [role="menu"]';
  var OPTION_ROLES = wordSet("option menuitem menuitemradio menuitemcheckbox");

  // The option the keys act on: the focused element when it is an option (of a list, a menu), or the option its
  // aria-activedescendant names, when the focused element is no form control (a field keys type into, a button
  // Enter presses); else null.
  var FORM_CONTROLS = wordSet("input textarea select button");
  function focusedOption() {
    var focused = focusedElement();
    if (!focused || FORM_CONTROLS[tagOf(focused)] || focused.isContentEditable) return null;
    var current = focused.getAttribute("aria-activedescendant");
    var root = focused.getRootNode();
    var option = current && root.getElementById ? root.getElementById(current) : focused;
    return option && OPTION_ROLES[roleOf(option, tagOf(option))] ? option : null;
  }
  // Whether the focus is on an option of an open list.
  function listInFocus() {
    var option = focusedOption();
    return !!option && !!option.closest && !!option.closest(LISTS);
  }
  // optionInFocus(ref, text) -> Promise<{ok}> once the keys have reached the option named `text`; else the failure to
  // answer (after the lane has closed the list again), saying which option they reached. A list may move its mark a
  // while after the last key: the CDK's type-ahead (Angular Material's mat-select) waits 200 ms for more keys, and a
  // person looks for the mark before pressing Enter. The option is looked for at each frame, up to TYPE_AHEAD_MS; by
  // then such a type-ahead has moved, so none is left to fire after an Escape (mat-select's would choose in the
  // closed list).
  var TYPE_AHEAD_MS = 600;
  function optionInFocus(ref, text) {
    var started = performance.now();
    function look() {
      var found = lookup(ref);
      if (!found.ok) return found;
      var option = focusedOption();
      var name = option ? accessibleName(option) : "";
      if (option && clean(name).toLowerCase() === clean(text).toLowerCase()) {
        // read as a press of Enter is (keyboard.js): a choice, nothing more
        return engine.pressRisk("Enter").risk ? notReached(found, name, text) : { ok: true };
      }
      if (performance.now() - started < TYPE_AHEAD_MS) return engine.nextFrame().then(look);
      return notReached(found, name, text);
    }
    return Promise.resolve().then(look);
  }
  function notReached(found, name, text) {
    var reached = name ? " (they reached " + quote(cap(name, VALUE_CAP)) + ")" : "";
    return failure(
      "not_typable",
      "Element " + refText(found.number) + " opened a list, and typing " + quote(cap(String(text), VALUE_CAP)) + " there reached no option of that name" + reached + "; the list is closed again and nothing was chosen: take a new snapshot and click the option."
    );
  }
  // stillInList(ref) -> {ok} while the focus is on an option of the list, where the next key goes; else the
  // failure: a page that moved the focus out (into a field) gets no more of the keys.
  function stillInList(ref) {
    var found = lookup(ref);
    if (!found.ok) return found;
    if (listInFocus()) return { ok: true };
    return failure("not_typable", "Element " + refText(found.number) + " opened a list, and the focus left it while the option's name was typed; nothing more was typed: take a new snapshot.");
  }
  // chosenShown(ref, text) -> the answer once Enter has chosen: the box shows the option (in its text or name),
  // else type_mismatch.
  function chosenShown(ref, text) {
    var found = lookup(ref);
    if (!found.ok) return found;
    var box = found.element;
    var shown = clean(box.textContent) + " " + accessibleName(box);
    if (shown.toLowerCase().indexOf(clean(text).toLowerCase()) >= 0) return withDescription({ ok: true, value: cap(clean(text), VALUE_CAP) }, box, found.number);
    return failure(
      "type_mismatch",
      "Choosing " + quote(cap(String(text), VALUE_CAP)) + " in " + refText(found.number) + " did not show in it: it shows " + quote(cap(clean(box.textContent), VALUE_CAP)) + "; take a new snapshot before going on."
    );
  }
  // chooseByKeys(ref, text) -> Promise of the answer: the extension lane's keys (press, keyboard.js)
  // for each character, then Enter on the option reached, or Escape when it is not the one named.
  function chooseByKeys(ref, text) {
    var press = engine.press;
    var keys = Array.from(String(text)).map(function (char) {
      return char === " " ? "Space" : char;
    });
    var left = null;
    return keys
      .reduce(function (done, key) {
        return done.then(function () {
          if (left) return null;
          var inList = stillInList(ref);
          if (!inList.ok) left = inList;
          else return press(key);
        });
      }, Promise.resolve())
      .then(function () {
        if (left) return left;
        return optionInFocus(ref, text).then(function (reached) {
          if (!reached.ok) {
            return Promise.resolve(press("Escape")).then(function () {
              return reached;
            });
          }
          // a list of several stays open after Enter, over what comes after it: closed, as a person does once done
          return Promise.resolve(press("Enter"))
            .then(engine.frameAndTurn)
            .then(engine.closeListInFocus)
            .then(function () {
              return chosenShown(ref, text);
            });
        });
      });
  }

  Object.assign(engine, {
    listInFocus: listInFocus,
    optionInFocus: optionInFocus,
    stillInList: stillInList,
    chosenShown: chosenShown,
    chooseByKeys: chooseByKeys,
  });
})(globalThis.__hermesEngine);

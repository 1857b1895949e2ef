/*
 * Hermes snapshot engine: typing into a box that opens a list of options on a click and takes no text itself (a
 * read-only input in a box of aria-haspopup listbox: Vuetify 2's select, Solara's Select and SelectMultiple; a
 * button of aria-haspopup listbox: Headless UI's Listbox), where no option takes the focus for type-ahead
 * (type_ahead.js). A person clicks the box, then the option named; so do both lanes: the extension lane here
 * (chooseFromList), the cdp lane with real input at the points this file gives (optionPoint). The option must
 * show, within OPEN_MS of the click, in the list the box owns or controls (aria-owns, aria-controls). One name
 * per line, for a list that takes several (it stays open after a choice: Vuetify 2's multiple select says so in
 * no attribute), whose options already selected are left so. A name no option has closes the list again (Escape)
 * and chooses nothing more. A combobox whose click opens its list has its options clicked here too when listWay
 * says so (several names, or options that take no keys: chooseInOpenList). And the whole name of an option typed
 * into a combobox whose field filters its list has that option clicked after it (typedOffer, chooseTyped).
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
    hasBox = engine.hasBox,
    withDescription = engine.withDescription,
    accessibleName = engine.accessibleName,
    nextFrame = engine.nextFrame;

  var OPENER = '[aria-haspopup="listbox"]';
  //: How long after the click the option may take to show (Vuetify's menu opens in the next frames).
  var OPEN_MS = 1000;
  //: How long a list that shows an option of the name typed among others may take to filter by it (typedOffer).
  var FILTER_MS = 500;
  var NAMES_LISTED = 12;

  // The box of `el` (a ref's element) that opens a list of options on a click, when what it would be typed into
  // takes no text (`field`, typing.js's typingTarget: a read-only input, or the element itself); else null.
  function listOpener(el, field) {
    var tag = tagOf(field);
    var takesNoText = field.readOnly || (tag !== "input" && tag !== "textarea" && tag !== "select" && !field.isContentEditable);
    if (!takesNoText || engine.roleOf(el, tagOf(el)) === "combobox") return null; // a combobox: opensToType's
    return (field.closest && field.closest(OPENER)) || (el.closest && el.closest(OPENER)) || null;
  }
  // The list the box owns or controls, once it shows.
  function listOf(opener) {
    var owned = engine.ownedElements(opener);
    for (var i = 0; i < owned.length; i++) {
      if (hasBox(owned[i]) && (owned[i].getAttribute("role") === "listbox" || owned[i].querySelector('[role="option"]'))) return owned[i];
    }
    return null;
  }
  // The options a list shows; of a list kept for screen readers whose options the page draws as twins (twins.js),
  // those whose twins show: Calcite's list keeps every option while its drawn items show only those the text typed
  // holds.
  function optionsOf(list) {
    var options = Array.prototype.filter.call(list.querySelectorAll('[role="option"]'), hasBox);
    if (!engine.undrawnListbox(list)) return options;
    var drawn = options.filter(engine.drawnTwin);
    return drawn.length ? drawn : options;
  }
  function named(option, name) {
    return clean(accessibleName(option)).toLowerCase() === clean(name).toLowerCase();
  }
  // offered(ref, name, names) -> Promise<{ok, opener, list, option} | failure>: the option named `name` (one of
  // `names`, all that are chosen, in order) once it shows in the list the ref's box opened, waited for at most
  // OPEN_MS.
  function offered(ref, name, names) {
    var earlier = names.slice(0, names.indexOf(name));
    var found = lookup(ref);
    if (!found.ok) return Promise.resolve(found);
    // (or a combobox whose click opened its list: listWay; or the list typing into its field showed: typedOffer)
    var field = engine.typingTarget(found.element);
    var opener = listOpener(found.element, field) || [found.element, field].filter(listShownBy)[0] || null;
    var typed = typedShown.get(found.element);
    if (!opener && !typed) return Promise.resolve(failure("not_typable", "Element " + refText(found.number) + " opens no list of options."));
    var started = performance.now();
    function look() {
      var list = opener ? listOf(opener) : hasBox(typed.list) ? typed.list : null;
      var option = list ? optionsOf(list).filter(function (each) { return named(each, name); })[0] : null;
      // (the option typing showed, which typedOffer found not chosen: chosenAlready)
      var typedChoice = !!typed && typed.option === option;
      if (option) return Promise.resolve({ ok: true, number: found.number, opener: opener, list: list, option: option, typedChoice: typedChoice });
      if (performance.now() - started < OPEN_MS) return nextFrame().then(look);
      var names = list ? optionsOf(list).slice(0, NAMES_LISTED).map(function (each) { return quote(cap(clean(accessibleName(each)), VALUE_CAP)); }) : [];
      if (!list && earlier.length) {
        return Promise.resolve(
          failure("invalid_value", "Element " + refText(found.number) + " takes one option: " + quote(cap(earlier.join(", "), VALUE_CAP)) + " was chosen and its list closed; give one name.")
        );
      }
      var what = !list
        ? "a click on it showed no list; nothing was chosen"
        : "its list has no option " + quote(cap(clean(name), VALUE_CAP)) + (names.length ? " (it has " + names.join(", ") + ")" : "") + "; nothing more was chosen and the list is closed again";
      return Promise.resolve(failure("not_typable", "Element " + refText(found.number) + " chooses from a list it opens when clicked, and " + what + ": take a new snapshot."));
    }
    return look();
  }
  // An option chosen already in a list that takes several (aria-multiselectable, or several names given) is left
  // so: a click would take it away. (Not the option typing showed, which typedOffer judged: chosenAlready.)
  function leftSo(shown, names) {
    if (shown.typedChoice) return false;
    var several = names.length > 1 || shown.list.getAttribute("aria-multiselectable") === "true";
    return several && (shown.option.getAttribute("aria-selected") === "true" || shown.option.getAttribute("aria-checked") === "true");
  }
  // The names to choose, one a line.
  function namesOf(text) {
    return String(text).split("\n").map(clean).filter(Boolean);
  }
  // optionPoint(ref, name, names) -> Promise<{x, y} | {chosen: true} | failure> for the cdp lane, after its click
  // opened the list (`names`: all it chooses, in order): where its real click goes for the option named (a point
  // where a press reaches it), or that the option is chosen already and left so.
  function optionPoint(ref, name, names) {
    return offered(ref, name, names).then(function (shown) {
      if (!shown.ok) return shown;
      if (leftSo(shown, names)) return { ok: true, chosen: true };
      return engine.aimAt(shown.option, shown.number);
    });
  }
  // chooseFromList(ref, text, options) -> Promise of the answer, on the extension lane: the box clicked, then each
  // option named (an option selected already in a list of several is left so), then Escape if a name showed
  // nowhere, or if a click there needs the user's confirmation first (options.confirm: typing.js unaskedClick).
  function chooseFromList(ref, text, options) {
    var names = namesOf(text);
    if (!names.length) return Promise.resolve(failure("invalid_value", "Give the name of the option to choose."));
    var box = lookup(ref);
    var unasked = box.ok ? engine.unaskedClick(box.element, box.number, options) : null;
    if (unasked) return Promise.resolve(unasked);
    return engine.click(ref, {}).then(function (clicked) {
      if (!clicked.ok) return clicked;
      return chooseNamed(ref, names, options).then(function (done) {
        return done.ok ? listChosen(ref, text) : done;
      });
    });
  }
  // chooseInOpenList(ref, text, options) -> Promise of the answer, on the extension lane, once a click on a combobox
  // opened a list to choose in by clicks (listWay): each option named is clicked as a person does, then a list that
  // stays open (a multiple mat-select's) is closed with Escape.
  function chooseInOpenList(ref, text, options) {
    return chooseNamed(ref, namesOf(text), options).then(function (done) {
      if (!done.ok) return done;
      return closeListInFocus().then(function () {
        return listChosen(ref, text);
      });
    });
  }
  // A list that keeps the focus once chosen in (a list of several stays open for the next, over what comes after it)
  // is closed with Escape, as a person closes it once done; then the page has drawn what that did.
  function closeListInFocus() {
    return Promise.resolve(engine.listInFocus() ? engine.press("Escape") : null).then(engine.frameAndTurn);
  }
  // Each option named clicked in the list the box opened (one chosen already in a list of several is left so), once
  // the page has done and drawn what the click before did; Escape if a name showed nowhere, or if a click there
  // needs the user's confirmation first (options.confirm: typing.js unaskedClick).
  function chooseNamed(ref, names, options) {
    return names
      .reduce(function (done, name) {
        return done.then(function (so) {
          if (!so.ok) return so;
          return engine.frameAndTurn().then(function () {
            return offered(ref, name, names);
          }).then(function (shown) {
            if (!shown.ok) return shown;
            if (leftSo(shown, names)) return so;
            return engine.unaskedClick(shown.option, shown.number, options) || engine.clickElement(shown.option, shown.number);
          });
        });
      }, Promise.resolve({ ok: true }))
      .then(function (done) {
        if (!done.ok) {
          return Promise.resolve(engine.press("Escape")).then(function () {
            return done;
          });
        }
        return engine.frameAndTurn().then(function () {
          return { ok: true };
        });
      });
  }
  // Whether the box shows a list of options it owns or controls (Fluent v8's dropdown, in H2O Wave, whose options are
  // buttons, the chosen one taking the focus); and whether the focus is in that list, where no field to type into
  // will come.
  function listShownBy(box) {
    return !!listOf(box);
  }
  // listWay(ref, text) -> {ok, way}: how both lanes choose `text` in the list a click on the combobox opened, once no
  // field took the focus: "keys" where the focus is on its option and one name is given (typed there and Enter, as a
  // person does: type_ahead.js); "clicks" for several names (type-ahead would run one name into the next: MUI's
  // list takes keys 500 ms apart as one name) or a list shown whose options take no keys (each option clicked:
  // chooseInOpenList, the cdp lane's optionPoint); null where no list is open.
  function listWay(ref, text) {
    var found = lookup(ref);
    if (!found.ok) return found;
    var way = engine.listInFocus() ? (namesOf(text).length > 1 ? "clicks" : "keys") : listShownBy(found.element) ? "clicks" : null;
    return { ok: true, way: way };
  }
  function focusInListOf(box) {
    var list = listOf(box);
    var focused = engine.focusedElement();
    return !!list && !!focused && engine.composedContains(list, focused);
  }
  // listStillOpen() -> {ok, open}, for the cdp lane after its clicks in a list that had the focus: whether the focus
  // is still on an option of it (a list of several stays open; it is closed with Escape, as a person does, so that
  // its backdrop takes no later click).
  function listStillOpen() {
    return { ok: true, open: engine.listInFocus() };
  }
  // listChosen(ref, text) -> the answer once chosen: the box shows each name (its text, or its field's value), else
  // type_mismatch saying what it shows.
  function listChosen(ref, text) {
    var found = lookup(ref);
    if (!found.ok) return found;
    var field = engine.typingTarget(found.element);
    var opener = listOpener(found.element, field) || found.element;
    var shown = clean(opener.textContent + " " + (field.value || "") + " " + accessibleName(opener));
    var missing = namesOf(text).filter(function (name) { return shown.toLowerCase().indexOf(name.toLowerCase()) < 0; });
    if (!missing.length) return withDescription({ ok: true, value: cap(namesOf(text).join(", "), VALUE_CAP) }, found.element, found.number);
    return failure(
      "type_mismatch",
      "Choosing " + quote(cap(missing[0], VALUE_CAP)) + " in " + refText(found.number) + " did not show in it: it shows " + quote(cap(clean(opener.textContent), VALUE_CAP)) + "; take a new snapshot before going on."
    );
  }

  // ----- the whole name of an option typed into a combobox's field ------------------------------------------
  // A combobox whose field filters the list it owns or controls (Gradio's dropdown, MUI's Autocomplete, react-select)
  // takes a text as its value only once an option is chosen: when the focus leaves the field, it goes back to what
  // it held. A person who typed an option's whole name clicks that option; so do both lanes, where the list shows
  // exactly one option of that name (typedOffer, then the extension lane's chooseTyped or the cdp lane's real click
  // at optionPoint), and read back that it took (typedChosen). Never in a search field, where a suggestion's click
  // runs the search the agent did not ask for.
  var typedShown = new WeakMap(); // a ref's element -> {list typing showed, box that shows its choice, option offered}
  // typedOffer(ref, text) -> Promise<{ok, offered, name?, by?}>: whether the list of the combobox typed into, filtered
  // by the text, shows one option named `text`, not chosen already (an option chosen in a list of several is left so:
  // a click takes it away), where a person sees it once the list has moved into place (Vuetify's grows in: the
  // animations that end within a second are waited for); `by`, the key that takes one a person does not see.
  function typedOffer(ref, text) {
    var found = lookup(ref);
    if (!found.ok) return Promise.resolve(found);
    var field = engine.typingTarget(found.element);
    var name = clean(text);
    var list = listOf(found.element) || listOf(field) || expandedList(found.element, field, name);
    var combobox = engine.roleOf(found.element, tagOf(found.element)) === "combobox" || engine.roleOf(field, tagOf(field)) === "combobox";
    var none = { ok: true, offered: false };
    if (!list || !combobox || !name || String(text).trim().indexOf("\n") >= 0 || isSearchField(found.element)) return Promise.resolve(none);
    var started = performance.now();
    function look() {
      var shown = optionsOf(list);
      var options = shown.filter(function (each) { return named(each, name); });
      // (a list that filters once the keys pause, Calcite's, a debounce later: waited for, FILTER_MS at most)
      if (options.length === 1 && !filteredBy(shown, name) && performance.now() - started < FILTER_MS) return nextFrame().then(look);
      var box = widgetBox(field, list);
      if (options.length !== 1 || !filteredBy(shown, name) || chosenAlready(list, options[0], [found.element, field], box, name)) return Promise.resolve(none);
      return offered(options[0], box);
    }
    function offered(option, box) {
      return engine.animationsEnded(option).then(function () {
        // an option a person does not see, kept for assistive technology (Ant Design's, MLflow's tag key), which the
        // keys are on (the field's active descendant): Enter takes it, as a person's Enter takes the option drawn,
        // unless Enter there is one the user is asked about (it submits a form holding a password: keyboard.js
        // pressRisk, the reading the lanes' confirmation takes), which typing never presses
        var byEnter = !inSight(option) && activeIn(option, [found.element, field]) && !engine.pressRisk("Enter").risk;
        if (!byEnter && !inSight(option)) return none;
        typedShown.set(found.element, { list: list, box: box, option: option });
        var offer = { ok: true, offered: true, name: clean(accessibleName(option)) };
        if (byEnter) offer.by = "Enter";
        return offer;
      });
    }
    return look();
  }
  // Whether a list shows only options that hold the text typed: one that filters by it. A list that shows them all
  // (Angular Material's timepicker, which scrolls to the time typed) goes with a field that keeps what is typed, as a
  // person leaves it: the option is not clicked.
  function filteredBy(options, name) {
    var typed = name.toLowerCase();
    return options.every(function (each) {
      return clean(accessibleName(each)).toLowerCase().indexOf(typed) >= 0;
    });
  }
  // Whether the option is the one the keys are on in one of the elements (a combobox, its field): their
  // aria-activedescendant.
  function activeIn(option, owners) {
    return !!option.id && owners.some(function (each) {
      return each.getAttribute("aria-activedescendant") === option.id;
    });
  }
  // Whether the option is chosen already in a list of several (leftSo), where the option the keys are on (the
  // active descendant) counts as chosen only when the widget's box shows it: Base Web and Choices.js mark that one
  // selected too.
  function chosenAlready(list, option, owners, box, name) {
    if (!leftSo({ list: list, option: option }, [name])) return false;
    return !activeIn(option, [list].concat(owners)) || shownText(box).toLowerCase().indexOf(name.toLowerCase()) >= 0;
  }
  // The text a box shows: not what it hides (an autosizing field's copy of its text, Base Web's; the <select> that
  // Choices.js keeps of every option).
  function shownText(box) {
    var walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    var parts = [];
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      var parent = node.parentElement;
      if (parent && hasBox(parent) && getComputedStyle(parent).visibility === "visible" && !parent.closest("select")) parts.push(node.data);
    }
    return clean(parts.join(" "));
  }
  // The list an expanded combobox shows that its aria-controls misses (Blueprint's Suggest names a list of another
  // id): the one list shown in its document or shadow root with an option of that name.
  function expandedList(box, field, name) {
    if (!saysExpanded([box, field], "true")) return null;
    var lists = Array.prototype.filter.call(field.getRootNode().querySelectorAll('[role="listbox"]'), function (list) {
      return hasBox(list) && optionsOf(list).some(function (option) { return named(option, name); });
    });
    return lists.length === 1 ? lists[0] : null;
  }
  // Whether one of the elements (a combobox, its field) says its list is shown ("true") or not ("false").
  function saysExpanded(elements, value) {
    return elements.some(function (each) {
      return each.getAttribute("aria-expanded") === value;
    });
  }
  // (a search form's field, by its landmark: input type=search is no sign, Quasar's select filters in one, Choices.js's
  // and Select2's too)
  function isSearchField(el) {
    return !!(el.closest && el.closest('[role="search"], search'));
  }
  // Whether a person sees the option, once it is scrolled into view as a press on it would: no box hides it (Ant
  // Design keeps a list of the same options for assistive technology in a box of no size), and a press at its middle
  // reaches it; for an option kept for assistive technology whose drawn twin shows (twins.js), the twin.
  function inSight(option) {
    var shown = engine.drawnTwin(option) || option;
    if (engine.hiddenByBox(shown)) return false;
    engine.scrollIntoViewIfNeeded(shown);
    var point = engine.visiblePoint(shown);
    var hit = point.inView ? engine.deepElementFromPoint(point.x, point.y) : null;
    return !!hit && engine.composedContains(shown, hit);
  }
  // The box that shows what the list chose: the field's furthest ancestor that holds neither the list nor another
  // control (react-select's single value and Gradio's tokens sit beside the field, in the widget's own box).
  var OTHER_CONTROLS = 'input:not([type="hidden"]), textarea, select, [role="combobox"], [contenteditable="true"], [contenteditable=""]';
  function widgetBox(field, list) {
    var box = field;
    for (var up = box.parentElement; up && up !== document.body; up = up.parentElement) {
      if (up.contains(list)) break;
      var others = Array.prototype.filter.call(up.querySelectorAll(OTHER_CONTROLS), function (each) {
        return each !== field && !each.contains(field) && controlShown(each);
      });
      if (others.length) break;
      box = up;
    }
    return box;
  }
  // (Choices.js keeps its <select> in the box, marked hidden and given a box by its stylesheet)
  function controlShown(el) {
    var box = el.getBoundingClientRect();
    return hasBox(el) && !el.hidden && box.width > 1 && box.height > 1;
  }
  // chooseTyped(ref, text, options) -> Promise<answer | null>, on the extension lane once the text typed is read
  // back: the option its list shows for it clicked, as a person does, a list that stays open then closed (Escape:
  // typedListOpen), and read back (typedChosen); null where the list shows no such option.
  function chooseTyped(ref, text, options) {
    return typedOffer(ref, text).then(function (offer) {
      if (!offer.ok || !offer.offered) return offer.ok ? null : offer;
      var choosing = offer.by ? Promise.resolve(engine.press(offer.by)) : chooseNamed(ref, [offer.name], options);
      return choosing.then(function (done) {
        if (!done.ok) return done;
        return typedListOpen(ref)
          .then(function (list) {
            return list.open ? engine.press("Escape") : null;
          })
          .then(engine.frameAndTurn)
          .then(function () {
            return typedChosen(ref, text);
          });
      });
    });
  }
  // typedListOpen(ref) -> Promise<{ok, open}>: whether the list typing showed is still open once its option was
  // clicked and the list's animations that end within a second have ended (a list that closes fades out: Arco's); a
  // list of several stays open for the next (Gradio's multiselect), over what comes after it, so a person closes it
  // with Escape once done, and so do both lanes.
  function typedListOpen(ref) {
    var found = lookup(ref);
    if (!found.ok) return Promise.resolve(found);
    var typed = typedShown.get(found.element);
    if (!typed || !typed.list.isConnected) return Promise.resolve({ ok: true, open: false });
    return engine.animationsEnded(typed.list).then(function () {
      var expanded = saysExpanded([found.element, engine.typingTarget(found.element)], "true");
      return { ok: true, open: typed.list.isConnected && hasBox(typed.list) && expanded };
    });
  }
  // typedChosen(ref, text) -> the answer once the option typed was clicked: the option is selected (or its list has
  // closed) and the widget's box shows its name (the field's value, or a token beside it), else type_mismatch.
  function typedChosen(ref, text) {
    var found = lookup(ref);
    if (!found.ok) return found;
    var field = engine.typingTarget(found.element);
    var name = clean(text);
    var typed = typedShown.get(found.element) || { list: null, box: field };
    var list = typed.list && hasBox(typed.list) ? typed.list : null;
    var option = list ? optionsOf(list).filter(function (each) { return named(each, name); })[0] : null;
    // (the list closed: it is gone, or its combobox says so while it fades out, as Gradio's does)
    var closed = !option || saysExpanded([found.element, field], "false");
    var selected = closed || option.getAttribute("aria-selected") === "true" || option.getAttribute("aria-checked") === "true";
    var value = field.value === undefined ? "" : String(field.value);
    var shown = clean(shownText(typed.box) + " " + value);
    typedShown.delete(found.element); // (read once: a later choice in the list is judged anew)
    var at = shown.toLowerCase().indexOf(name.toLowerCase());
    if (selected && at >= 0) {
      var held = clean(value).toLowerCase() === name.toLowerCase() ? value : shown.slice(at, at + name.length); // (its case)
      return withDescription({ ok: true, value: cap(held, VALUE_CAP) }, found.element, found.number);
    }
    return failure(
      "type_mismatch",
      "Typing " + quote(cap(name, VALUE_CAP)) + " into " + refText(found.number) + " showed that option in its list, and a click on it did not choose it: " +
        (selected ? "the box shows " + quote(cap(shown, VALUE_CAP)) : "the option is not selected") +
        "; take a new snapshot before going on."
    );
  }

  Object.assign(engine, {
    typedOffer: typedOffer,
    chooseTyped: chooseTyped,
    typedChosen: typedChosen,
    typedListOpen: typedListOpen,
    listOpener: listOpener,
    chooseFromList: chooseFromList,
    chooseInOpenList: chooseInOpenList,
    listShownBy: listShownBy,
    listWay: listWay,
    closeListInFocus: closeListInFocus,
    focusInListOf: focusInListOf,
    listStillOpen: listStillOpen,
    optionPoint: optionPoint,
    listChosen: listChosen,
  });
})(globalThis.__hermesEngine);

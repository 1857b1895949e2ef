// Hermes snapshot engine: the pointer. click() dispatches what a real click does, in order, at a point where a
// press reaches the element (clearPoint(): nothing else is drawn there), with what the browser itself does for
// a trusted press (the focus moves, with its events even in a window without the system focus: focusElement();
// an option of a list box is chosen); aim() and rect() say where that point is, for a lane that clicks with
// real input events. Where no such point exists, nothing is pressed: click_intercepted names what is in the way.
// Where the press lands is landing.js, the events it is made of gesture.js, where the pointer rests and what it is
// over hover.js, the focus it moves focus.js, and the guard of a lane's real press guard.js: this file is the click
// itself, the hover tool's answer, and aim() and rect() for a lane.
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var failure = engine.failure,
    refText = engine.refText,
    tagOf = engine.tagOf,
    hasBox = engine.hasBox,
    isDisabled = engine.isDisabled,
    deepElementFromPoint = engine.deepElementFromPoint,
    scrollIntoViewIfNeeded = engine.scrollIntoViewIfNeeded,
    visiblePoint = engine.visiblePoint,
    lookup = engine.lookup,
    withDescription = engine.withDescription,
    frameOffset = engine.frameOffset,
    watch = engine.watch,
    settled = engine.settled,
    reaches = engine.reaches,
    intercepted = engine.intercepted,
    pointerTarget = engine.pointerTarget,
    pressPoint = engine.pressPoint,
    untilReached = engine.untilReached,
    gesture = engine.gesture,
    mouseInit = engine.mouseInit,
    fire = engine.fire,
    focusedElement = engine.focusedElement,
    focusMovedByPage = engine.focusMovedByPage,
    moveFocusFor = engine.moveFocusFor,
    focusEventsHeard = engine.focusEventsHeard,
    armGuard = engine.armGuard,
    composedContains = engine.composedContains,
    nextFrame = engine.nextFrame,
    clearInView = engine.clearInView,
    arrive = engine.arrive;

  var PointerOrMouse = typeof PointerEvent === "function" ? PointerEvent : MouseEvent;

  // click(ref, {button, double, modifiers, hover}) -> Promise: the pointer goes to a clear point of the element
  // once it keeps still, and what a real mouse would hit there gets the events (the element, its label, or the
  // drawing of a hidden control); when nothing reaches it, nothing is pressed (click_intercepted). The point is
  // hit-tested again in the very task that dispatches the events. The element is described before the click
  // (a menu item that the click removes keeps its name); the result says whether the click started a
  // navigation of this frame (navigating, see settle()).
  function click(ref, options) {
    var how = gesture(options);
    if (!how.ok) return Promise.resolve(how);
    var found = pointerTarget(ref);
    if (!found.ok) return Promise.resolve(found);
    return clickFound(found, how);
  }
  // A click on an element that has no ref of its own, as click() makes it (an option of the list a click opened:
  // list_choice.js), told in messages by the ref the agent named (`number`).
  function clickElement(el, number) {
    return clickFound({ ok: true, element: el, number: number }, gesture({}));
  }
  // aimAt(el, number) -> Promise<{ok, x, y, watch} | failure>: where the cdp lane's real click goes for such an
  // element, a clear point where a press reaches it now (else what is in the way, and nothing is pressed).
  function aimAt(el, number) {
    return reachingPoint(el, number, false).then(function (reached) {
      return reached.ok ? { ok: true, x: reached.point.x, y: reached.point.y, watch: watch() } : reached;
    });
  }
  // reachingPoint(el, number, quick) -> Promise<{ok, point, hit} | failure>: the element's press point (pressPoint)
  // where a press reaches it now, with what the press there hits; else what is in the way (click_intercepted).
  function reachingPoint(el, number, quick) {
    return pressPoint(el, number, quick).then(function (point) {
      if (!point.ok) return point;
      var hit = engine.pressedThrough(el, deepElementFromPoint(point.x, point.y));
      return reaches(el, hit) ? { ok: true, point: point, hit: hit } : intercepted(el, number, hit);
    });
  }
  // A disabled element takes no press: it is waited for, ENABLED_WAIT_MS at most, as a person waits for a button the
  // page enables once it has checked what was just filled in (Prefect's Create, enabled by an asynchronous check of
  // the form's JSON after browser_fill_form); still disabled, nothing is pressed.
  var ENABLED_WAIT_MS = 1000;
  function enabled(el, number) {
    var started = performance.now();
    function look() {
      if (!isDisabled(el)) return Promise.resolve({ ok: true });
      if (!el.isConnected || performance.now() - started >= ENABLED_WAIT_MS) {
        return Promise.resolve(failure("disabled", "Element " + refText(number) + " is disabled, and stayed so for a second: the page may enable it once what it needs is filled in."));
      }
      return nextFrame().then(look);
    }
    return look();
  }
  function clickFound(found, how) {
    var el = found.element;
    if (how.hover) return pressFound(found, how);
    return enabled(el, found.number).then(function (ready) {
      return ready.ok ? pressFound(found, how) : ready;
    });
  }
  function pressFound(found, how) {
    var el = found.element;
    var result = withDescription({ ok: true }, el, found.number);
    return pressPoint(el, found.number).then(function (point) {
      if (!point.ok) return point;
      result.x = Math.round(point.x);
      result.y = Math.round(point.y);
      if (tagOf(el) === "select" && !how.hover) result.hint = "To choose an option, use type with the option's label.";
      var link = el.closest ? el.closest("a[href][target]") : null;
      if (!how.hover && link && link.target && link.target !== "_self" && link.target !== "_parent" && link.target !== "_top") result.opens = { url: link.href, target: link.target };
      function hitNow() {
        return engine.pressedThrough(el, deepElementFromPoint(point.x, point.y));
      }
      var arrival = settled(function () {
        var hit = hitNow();
        if (!reaches(el, hit)) return intercepted(el, found.number, hit);
        arrive(hit, point.x, point.y, how);
        if (how.hover) return result;
        // a person's press comes a moment after the pointer arrives: the page has run the tasks its handlers of the
        // arrival queued (a framework renders there the hover state they set: Streamlit's data editor takes a
        // cell's selection only once it has rendered that the pointer is over its grid); then the hit test again,
        // in the task that presses
        return engine.taskTurn().then(function () {
          var now = hitNow();
          if (reaches(el, now)) {
            return press(now, point.x, point.y, how).then(function () {
              return result;
            });
          }
          return { ok: true, covered: true }; // what the arrival did covers the element: see below
        });
      });
      return arrival.then(function (done) {
        if (!done.covered) {
          // a hover that navigated leaves a document on its way out: nothing to report of it
          return done.ok && how.hover && !done.navigating ? Object.assign(done, hoverTaken(el)) : done;
        }
        // The arrival drew something over the element (a hover card, an overlay a hostile page shows on
        // mouseover), or moved it away from the pointer: as on the cdp lane, the press waits until a press reaches
        // the element again, there or where it went, at most UNCOVER_MS (untilReached(), landing.js), and
        // otherwise presses nothing. The pointer follows an element that moved, as a person's does.
        return untilReached(el, point).then(function (reached) {
          if (!reached) return intercepted(el, found.number, hitNow());
          var moved = reached.x !== point.x || reached.y !== point.y;
          point = reached;
          result.x = Math.round(point.x);
          result.y = Math.round(point.y);
          return settled(function () {
            var now = hitNow();
            if (!reaches(el, now)) return intercepted(el, found.number, now);
            if (moved) arrive(now, point.x, point.y, how);
            return press(now, point.x, point.y, how).then(function () {
              return result;
            });
          });
        });
      });
    });
  }
  // pressToType(el, number) -> Promise<{ok} | click_intercepted | not_visible>: the click a person makes into a
  // field before typing into it, which the cdp lane makes with real input (aimToType()): its events, the focus it
  // moves, and what the page does on them (Vuetify's time field opens its picker on a click, not on the focus).
  // {ok, focused}: focused when the field took the focus during the press (typing.js: keys then follow the focus
  // where the page moves it, as a person's do).
  function pressToType(el, number) {
    return reachingPoint(el, number, true).then(function (reached) {
      if (!reached.ok) return reached;
      var focused = false;
      var heard = function () {
        focused = true;
      };
      el.addEventListener("focus", heard, true);
      return press(reached.hit, reached.point.x, reached.point.y, gesture({})).then(function () {
        el.removeEventListener("focus", heard, true);
        return { ok: true, focused: focused || focusedElement() === el };
      });
    });
  }
  // What a hover did, once the page has settled after it: hovered, whether the element matches :hover (the
  // browser's own hover state, which only a real pointer sets: the page's CSS :hover styles apply to the
  // element), and when not, a notice saying what that means. Synthetic events (arrive(), press()) run the
  // page's mouseover and mouseenter handlers but leave :hover as it was, and an element that something else
  // covers does not get it from a real pointer either.
  // (what opens on the pointer's events does open, as Angular Material's tooltip on mouseenter: the notice says it
  // may, where it said that the page did not take the hover)
  var HOVER_NOT_TAKEN =
    "The element does not match CSS :hover, so its :hover styles did not apply and a menu that opens only " +
    "through CSS :hover stays closed (what opens on the pointer's events, as a tooltip on mouseenter, may be " +
    "open). On this lane open such a menu with a click, or take a snapshot to see what opened.";
  var HOVER_GONE = "The element is no longer on the page after the hover; take a snapshot to see what changed.";
  function hoverTaken(el) {
    if (!el.isConnected) return { hovered: false, notice: HOVER_GONE };
    return isHovered(el) ? { hovered: true } : { hovered: false, notice: HOVER_NOT_TAKEN };
  }
  // Whether the element is in the browser's hover state. Not el.matches(":hover"): in a quirks-mode document (no
  // doctype) a bare :hover matches only links (the :hover quirk), so every other element would seem never to
  // take the hover, and a press would wait out HOVER_SETTLE_MS for it. Inside :is() the quirk does not apply, as
  // it does not to the page's own qualified rules (`button:hover`, `.menu:hover`).
  function isHovered(el) {
    return el.matches(":is(:hover)");
  }
  // hoverState(ref) -> {ok, hovered, notice?}: hoverTaken() for a lane that hovered with real input events.
  function hoverState(ref) {
    var found = lookup(ref);
    if (!found.ok && !(found.error.code === "stale_ref" && found.error.owned)) return found;
    return Object.assign({ ok: true }, found.ok ? hoverTaken(found.element) : { hovered: false, notice: HOVER_GONE });
  }
  // Press (with the focus change it causes), release and click for each click: the click's activation
  // behaviour (links follow, checkboxes toggle, submit buttons submit) runs on `target`. A right button ends
  // with contextmenu, a middle one with auxclick, a double click with dblclick. A target the pointer is not
  // over yet (the hit changed since the arrival) gets the arrival's events first, as a real mouse's would.
  // A real left click on Chromium (156, CDP Input events, recorded on the target and each ancestor), after the
  // arrival (moveOnto(), then pointermove, mousemove):
  //   pointerdown (detail 0, buttons 1), mousedown (detail 1, buttons 1),
  //   the focus change, mousedown's default action: blur, focusout on what had the focus, focus, focusin on the
  //     nearest focusable element around the target (none if it had the focus already),
  //   pointerup (detail 0, buttons 0), mouseup (detail 1, buttons 0), click (a PointerEvent, detail 1, buttons 0).
  // A mousedown the page cancels moves no focus. A pointerdown it cancels suppresses mousedown and mouseup, and
  // moves no focus either; click still comes. The second press of a double click is the same with mouse events'
  // and click's detail 2 (pointer events keep 0), its focus change too (measured: a label's second press takes
  // the focus off the radio its first click focused, and the label's click, finding its text selected by the
  // double click, does not give it back); dblclick (detail 2) ends it.
  // The browser runs the page's microtasks after each listener of a real event (its stack is empty then), so a
  // framework's deferred work (Vue's watchers, Element Plus's focus trap, a promise's then) is done before the
  // next event and before the press's focus change; events dispatched by a script run their listeners with its
  // stack below them, which defers all of it to the script's end. So the microtasks queued by each event run
  // before the next (inTurns()), as in the browser; tasks (a scheduler's message, a timer) wait for the press's
  // end, as they do for input events that come at once. Resolves once the last event has been dispatched.
  function press(target, x, y, how) {
    var steps = [];
    if (!engine.isOver(target)) {
      steps.push(function () {
        arrive(target, x, y, how);
      });
    }
    var clicks = how.double ? 2 : 1;
    var second = null; // what a double click's second press lands on
    for (var detail = 1; detail <= clicks; detail++) {
      // a double click's second press comes a moment after the first's click, as a person's does: the page has
      // drawn a frame and run its tasks (zag's radio, in Chakra, cancels a press on an item that has the focus
      // once React has rendered that focus: then the second press selects no word), and it goes to what is at
      // the point then, as the browser's hit test sends it (the dialog the first click opened, over the button)
      if (detail > 1) {
        steps.push(function () {
          return engine.secondPressReady(x, y); // landing.js: and what lies at the point has moved into place
        });
      }
      var aim =
        detail === 1
          ? function () {
              return target;
            }
          : function () {
              // (dispatched where the real event's path runs: through the element whose slot shows what was hit,
              // as for the first press: Shoelace's and Ionic's buttons keep the focus)
              second = engine.pressedThrough(target, elementAt(x, y) || target);
              if (!engine.isOver(second)) arrive(second, x, y, how);
              return second;
            };
      steps = steps.concat(pressSteps(aim, x, y, how, detail));
    }
    if (how.double && how.name === "left") {
      steps.push(function () {
        fire(second || target, MouseEvent, "dblclick", mouseInit(x, y, how, 0, 2));
      });
    }
    return inTurns(steps);
  }
  function elementAt(x, y) {
    var hit = engine.deepElementFromPoint(x, y);
    return hit && hit.isConnected ? hit : null;
  }
  // One press and release of a click (detail 1, or 2 for a double click's second) on the element `aim` answers
  // when the press begins, as the steps press() runs.
  function pressSteps(aim, x, y, how, detail) {
    var down = { pointer: false, mouse: false, slid: false, changed: false, focusedBefore: null, heard: null };
    var release = mouseInit(x, y, how, 0, detail);
    var target = null,
      released = null,
      option = null;
    return [
      function () {
        target = aim();
        option = how.name === "left" ? listOption(target) : null;
        down.focusedBefore = focusedElement();
        down.heard = focusEventsHeard();
        down.pointer = fire(target, PointerOrMouse, "pointerdown", mouseInit(x, y, how, how.buttons, 0));
      },
      function () {
        down.mouse = down.pointer && fire(target, MouseEvent, "mousedown", mouseInit(x, y, how, how.buttons, detail));
      },
      function () {
        focusMovedByPage(down.focusedBefore, down.heard);
        if (down.mouse) moveFocusFor(target);
        // where Tab goes on from while nothing has the focus (cancelled or not): what was pressed, after the focus
        // it gave (measured with real keys: a press on the text inside a button that the page then blurs, and
        // Shift+Tab goes to the button itself; a press on the button's own padding, to the stop before it)
        engine.noteStartingPoint(target);
      },
      function () {
        // The press's defaults come once the page's microtasks of the focus have run, as in the browser, where each
        // listener's run ends with them: React renders what its focus handler set before the caret is placed
        // (rsuite's date field shows its pattern as its value once focused, and the press puts the caret in it,
        // in the segment pressed; placed before, in the empty field, the caret ended at the pattern's end).
        if (down.mouse && how.name === "left") engine.pressFields(target, x); // a date or time input's field
        if (down.mouse && how.name === "left") engine.selectPopupPressed(target);
        // the press's own default on a slider's track and on text (fields.js)
        down.slid = down.mouse && how.name === "left" && detail === 1 && engine.slideRange(target, x, y);
        if (down.mouse && how.name === "left" && !how.keys.shiftKey) engine.selectByPress(target, x, y, detail);
        down.changed = down.mouse && option ? chooseOption(option, how.keys) : false;
      },
      function () {
        // The release goes to what is under the pointer as it is released, as the browser hit-tests it (measured
        // with real input, Chromium 156). The press may have moved the page under the pointer: TDesign's slider
        // handle slides there on a press on its track, and gets the pointer's boundary events before the release.
        // It may have taken what was pressed out of the document: Tabulator, in a Panel app, puts its editor in
        // the cell in place of the pressed value as the cell takes the focus (no click comes then, below).
        engine.pointerStays(mouseInit(x, y, how, how.buttons, 0));
        var now = elementAt(x, y);
        released = now ? engine.pressedThrough(target, now) : target.isConnected ? target : null;
        if (released) fire(released, PointerOrMouse, "pointerup", mouseInit(x, y, how, 0, 0));
      },
      function () {
        if (down.pointer && released) fire(released, MouseEvent, "mouseup", release);
        if (down.slid) fire(target, Event, "change", { bubbles: true });
        if (down.changed) {
          fire(option.closest("select"), Event, "input", { bubbles: true, composed: true });
          fire(option.closest("select"), Event, "change", { bubbles: true });
        }
      },
      function () {
        // the click goes to the innermost element that holds both what was pressed and what was released over (the
        // track, for a release over its handle), and does not come when what was pressed is out of the document
        if (!target.isConnected) return;
        var clicked = released ? engine.holdingBoth(target, released) : target;
        if (how.name === "left") {
          clickFocusing(clicked, release);
        } else {
          if (how.name === "right") fire(clicked, PointerOrMouse, "contextmenu", release);
          fire(clicked, PointerOrMouse, "auxclick", release);
        }
      },
    ];
  }
  // The click, and the focus a <label>'s activation gives its control on the way (Chromium focuses the control,
  // then clicks it): in a window without the system's focus the browser moves the focus silently, so the control
  // gets the focus events a focused window would give, before its click, as a person's click gives them (zag's
  // radio, in Chakra, learns that its item has the focus only from them).
  function clickFocusing(target, release) {
    var before = focusedElement(),
      heard = focusEventsHeard();
    function activated(event) {
      if (event.target !== target) focusMovedByPage(before, heard);
    }
    window.addEventListener("click", activated, true);
    try {
      fire(target, PointerOrMouse, "click", release);
    } finally {
      window.removeEventListener("click", activated, true);
    }
  }
  // Runs the first step now and each next one once the microtasks queued so far have run, and those they queue
  // in turn, up to MICROTASK_HOPS deep (a promise chain, Vue's nextTick inside a watcher); a step that answers a
  // promise is waited for first. Resolves after the last; a step that throws rejects it, and the steps after it
  // are not run.
  var MICROTASK_HOPS = 32;
  function inTurns(steps) {
    return new Promise(function (resolve, reject) {
      var next = 0;
      function run() {
        try {
          var waited = steps[next++]();
          if (next >= steps.length) return Promise.resolve(waited).then(resolve, reject);
          if (waited && typeof waited.then === "function") waited.then(run, reject);
          else afterMicrotasks(run);
        } catch (error) {
          reject(error);
        }
      }
      run();
    });
  }
  function afterMicrotasks(then) {
    var hops = MICROTASK_HOPS;
    function hop() {
      if (--hops > 0) Promise.resolve().then(hop);
      else then();
    }
    Promise.resolve().then(hop);
  }
  // The option under the pointer when its <select> is shown as a list (multiple, or size above 1), where a
  // press chooses it; null otherwise (a drop-down's options are not on the page to be clicked).
  function listOption(target) {
    var option = target && target.closest ? target.closest("option") : null;
    var select = option ? option.closest("select") : null;
    if (!select || !(select.multiple || select.size > 1) || isDisabled(option)) return null;
    return option;
  }
  // What Chrome's list box does on a left press on one of its options (untrusted events get no such default
  // action): Control or Meta toggles the option in a multiple select, Shift chooses the run from the last
  // option chosen to it, and a plain press chooses it alone. Whether the choice changed (then the select gets
  // input and change once the button is released).
  var listAnchors = new WeakMap();
  function chooseOption(option, keys) {
    var select = option.closest("select");
    var all = Array.prototype.slice.call(select.options);
    var before = all.map(function (each) {
      return each.selected;
    });
    var at = all.indexOf(option);
    if (select.multiple && (keys.ctrlKey || keys.metaKey)) {
      option.selected = !option.selected;
      listAnchors.set(select, at);
    } else if (select.multiple && keys.shiftKey) {
      var anchor = listAnchors.has(select) ? listAnchors.get(select) : Math.max(select.selectedIndex, 0);
      all.forEach(function (each, index) {
        each.selected = !isDisabled(each) && index >= Math.min(anchor, at) && index <= Math.max(anchor, at);
      });
    } else {
      all.forEach(function (each) {
        each.selected = each === option;
      });
      listAnchors.set(select, at);
    }
    return all.some(function (each, index) {
      return each.selected !== before[index];
    });
  }
  // rect(ref, {scroll}): where the element is: its visible centre, its box, and clear: whether a press at the
  // centre reaches it now (reaches()).
  function rect(ref, options) {
    options = options || {};
    var found = lookup(ref);
    if (!found.ok) return found;
    var el = found.element;
    if (options.scroll !== false) scrollIntoViewIfNeeded(el);
    var point = visiblePoint(el);
    var box = point.rect;
    return withDescription(
      {
        ok: true,
        x: point.x,
        y: point.y,
        left: box.left,
        top: box.top,
        width: box.width,
        height: box.height,
        inViewport: point.inView,
        visible: hasBox(el),
        disabled: isDisabled(el),
        clear: point.inView && reaches(el, deepElementFromPoint(point.x, point.y)),
        frameOffset: frameOffset(),
        viewport: { width: window.innerWidth, height: window.innerHeight },
      },
      el,
      found.number
    );
  }
  // aim(ref) -> Promise: for a lane that presses with real input events: rect()'s answer at a clear point of
  // the element (clearPoint(): x, y; click_intercepted when there is none, and nothing is to be pressed), with
  // a watch() token for the settle() after the input events. The element is described now, before the press.
  // With options.now (a field clicked to type into it, whose read-back says whether the text landed): its
  // centre at once when that is clear, without waiting frames for it to keep still. With options.guard: the
  // press the lane then makes is guarded (armGuard()).
  function aim(ref, options) {
    var found = pointerTarget(ref);
    if (!found.ok) return Promise.resolve(found);
    var el = (options && options.at) || found.element; // at: the field inside it that takes the keys (aimToType)
    var hover = !!(options && options.hover);
    return (hover ? Promise.resolve({ ok: true }) : enabled(el, found.number)).then(function (ready) {
      return ready.ok ? aimFound(ref, found, el, options) : ready;
    });
  }
  function aimFound(ref, found, el, options) {
    var hover = !!(options && options.hover);
    return pressPoint(el, found.number, !!(options && options.now)).then(function (point) {
      if (!point.ok) return point;
      var result = rect(ref, { scroll: false });
      if (!result.ok) return result;
      result.x = point.x;
      result.y = point.y;
      if (!hover) {
        if (tagOf(el) === "select") result.hint = "To choose an option, use type with the option's label.";
        var link = el.closest ? el.closest("a[href][target]") : null;
        if (link && link.target && link.target !== "_self" && link.target !== "_parent" && link.target !== "_top") result.opens = { url: link.href, target: link.target };
      }
      result.watch = watch();
      if (options && options.guard) {
        // For the lane's press: whether the point hits the element itself (or a descendant), not its label or a
        // drawing that reaches it, and whether the element already takes the hover there (underPointer()).
        var named = lookup(ref).element,
          hit = deepElementFromPoint(result.x, result.y);
        result.onTarget = !!named && !!hit && composedContains(named, hit);
        result.hovered = result.onTarget && isHovered(named);
        if (!hover) armGuard(el, found.number, result.watch);
        // the lane presses at once on this answer: first the page runs what the pointer's arrival queued
        if (result.hovered && !hover) return afterTaskTurn(result);
      }
      return result;
    });
  }
  // underPointer(ref, x, y, maxMs) -> Promise: once a lane's real pointer has moved to (x, y) (this frame's
  // viewport) over the element aim() answered for, where the press must go: that point, once the page has run the
  // tasks the arrival queued, if it hits the element and the element is hovered (the page has taken the arrival). Otherwise the hover is changing
  // the page: a :hover style whose image is still loading collapses an icon, which loses the hover, comes back,
  // takes it again..., every frame until the image is there; a hover style moves an element. Then the element is
  // watched every animation frame until two frames in a row agree on a point that hits it (and, where the pointer
  // is, with the hover taken), at most maxMs; past that, the point with unsettled when a press there still reaches
  // the element (its label, a hidden control's drawing: reaches()), else blocked: the click_intercepted failure
  // naming what a press there would hit instead, and nothing may be pressed. null if the element is gone.
  function underPointer(ref, x, y, maxMs) {
    var found = lookup(ref);
    if (!found.ok) return Promise.resolve(null);
    var el = found.element;
    function onIt(target, hit) {
      return !!hit && composedContains(target, hit);
    }
    function settledAt(px, py) {
      return onIt(el, deepElementFromPoint(px, py)) && (px === x && py === y ? isHovered(el) : true);
    }
    // the press comes on this answer: first the page runs what the pointer's arrival queued, as click() waits
    if (settledAt(x, y)) return afterTaskTurn({ x: x, y: y });
    var started = performance.now(),
      last = null;
    return new Promise(function (resolve) {
      (function again() {
        nextFrame().then(function () {
          if (!el.isConnected) return resolve(null);
          var point = clearInView(el, onIt);
          var now = point && settledAt(point.x, point.y) ? point.x + " " + point.y : null;
          if (now !== null && now === last) return resolve({ x: point.x, y: point.y });
          last = now;
          if (performance.now() - started < maxMs) return again();
          var hit = deepElementFromPoint(x, y);
          if (reaches(el, hit)) return resolve({ x: x, y: y, unsettled: true });
          resolve({ x: x, y: y, blocked: intercepted(el, found.number, hit) });
        });
      })();
    }).then(afterTaskTurn);
  }
  // Resolves to `value` once the page has run the tasks queued by now (a task turn: what its handlers of the
  // pointer's arrival deferred), for an answer the cdp lane presses on.
  function afterTaskTurn(value) {
    return engine.taskTurn().then(function () {
      return value;
    });
  }
  // aimToType(ref, textTypes, clicked) -> Promise<{facts: {tag, type, editable, opens?}, aimed?}>: what kind of field
  // the element is and, when it takes a lane's real keys (a contenteditable, a textarea, an input of one of
  // textTypes), aim()'s answer for the click that focuses it (at once when its centre is clear, guarded); null if it
  // is gone. A field that has the focus already (a combobox's, open: typing.js) is typed into without a click:
  // aimed.focused. A combobox that takes no text and shows no field answers facts.opens: the lane clicks it, as a
  // person does, and asks again with clicked, for the field the click put the focus in (not_typable for none).
  var focusBeforeOpening = new WeakMap();
  function aimToType(ref, textTypes, clicked) {
    var found = lookup(ref);
    if (!found.ok) return Promise.resolve(null);
    var el = found.element;
    if (clicked) {
      return engine.fieldOpenedBy(el, focusBeforeOpening.get(el) || null).then(function (field) {
        if (field) return typingInFocus(field, found, textTypes);
        // the click opened a list: the lane asks list_choice.js listWay how to choose in it, keys or clicks
        return engine.listInFocus() || engine.listShownBy(el) ? { facts: { listed: true } } : engine.notOpened(found.number);
      });
    }
    var field = engine.typingTarget(el);
    // a box that opens a list of options and takes no text: the lane clicks it, then the option (list_choice.js)
    if (engine.listOpener(el, field)) return Promise.resolve({ facts: { chooses: true } });
    if (field !== el && field === focusedElement()) return Promise.resolve(typingInFocus(field, found, textTypes));
    if (engine.opensToType(el)) {
      focusBeforeOpening.set(el, focusedElement());
      return Promise.resolve({ facts: Object.assign(fieldFacts(el), { opens: true }) });
    }
    // a field inside it takes the keys (the one input of a wrapper, a date field's segments: clicked on the first)
    var inside = field !== el && composedContains(el, field) ? field : null;
    var facts = fieldFacts(inside || el);
    if (!takesRealKeys(facts, textTypes)) return Promise.resolve({ facts: facts });
    // (a segment named: typed from it, read back from its field: segments.js)
    var segmented = engine.segmentedField(el) || (engine.noteSegment(found) && { press: el });
    var at = segmented ? segmented.press : inside;
    if (segmented) facts.segmented = true; // typed a key per character, nothing chosen first (typing.js)
    return aim(ref, { now: true, guard: true, at: at }).then(function (aimed) {
      return { facts: facts, aimed: aimed };
    });
  }
  // A read-only field gets no key from either lane: its page may still take keys on it, which browser_press gives it.
  // One that is clicked to be typed into is looked at once clicked (afterClick with its ref, typing.js typeInFocus), as
  // a person's keys come only then: a page may make it writable on the press or the focus (Ant Design Vue's date
  // and time pickers are read-only until typing starts); one typed into without a click (it has the focus) is looked
  // at before the keys. (One in a box that opens a list of options, Vuetify 2's select, is chosen in by clicks:
  // list_choice.js.) `clicked`: the click was made, and what it opened is open.
  function readOnly(number, clicked) {
    var picker = clicked ? "If the click opened a picker (a calendar, a list), choose there" : "If a click on it opens a picker (a calendar, a list), click it and choose there";
    return failure("readonly", "Element " + refText(number) + " is read-only: nothing was typed. " + picker + "; keys a page takes on it go by press.");
  }
  // (slider: one the page draws, which the lane moves by its keys: values.js sliderStep)
  function fieldFacts(el) {
    var tag = el.localName;
    // (an element that takes its text through an EditContext, Monaco's on Chromium, takes real keys as an editable)
    var facts = { tag: tag, type: tag === "input" ? (el.type || "text").toLowerCase() : "", editable: engine.editorSurface(el) };
    if (engine.drawnSlider(el)) facts.slider = true;
    return facts;
  }
  function takesRealKeys(facts, textTypes) {
    return facts.editable || facts.tag === "textarea" || (facts.tag === "input" && textTypes.indexOf(facts.type) >= 0);
  }
  // The focused field of a ref's element, typed into with real keys where it is: no click, which would close it.
  // (the answer names the element as the agent chose it, the box around the field, as the extension lane's does)
  function typingInFocus(field, found, textTypes) {
    var facts = fieldFacts(field);
    if (!takesRealKeys(facts, textTypes)) return { facts: facts };
    if (field.readOnly) return { facts: facts, aimed: readOnly(found.number) };
    var point = visiblePoint(field);
    var aimed = { ok: true, x: point.x, y: point.y, frameOffset: frameOffset(), focused: true, watch: watch() };
    return { facts: facts, aimed: withDescription(aimed, found.element, found.number) };
  }

  Object.assign(engine, {
    clickElement: clickElement,
    readOnlyFailure: readOnly,
    aimAt: aimAt,
    click: click,
    rect: rect,
    aim: aim,
    underPointer: underPointer,
    aimToType: aimToType,
    pressToType: pressToType,
    hoverState: hoverState,
    inTurns: inTurns,
  });
})(globalThis.__hermesEngine);

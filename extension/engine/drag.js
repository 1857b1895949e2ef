/*
 * Hermes snapshot engine: drag(ref, toRef), a drag and drop as a person's mouse makes it, for browser_drag.
 *
 * The pointer presses a clear point of the element (landing.js: what would take the press is the element, or
 * nothing is pressed: click_intercepted), moves in steps, one per animation frame, to a clear point of the target
 * (the same rule: a target covered by a banner or an overlay is not dragged onto), and releases there. Libraries
 * read a drag in two ways, and both are given:
 *   - pointer-driven ones (jQuery UI's draggable and sortable, dnd-kit, SortableJS's fallback) follow the pointer
 *     and mouse events: each step is a pointermove and a mousemove over what is under the pointer;
 *   - HTML5 drag and drop: once the press has made something draggable (draggable="true", set by the page before
 *     or during the press, or a link or image), the first step starts a drag: dragstart with a DataTransfer the
 *     page fills, then dragenter, dragover and dragleave as the pointer crosses elements, drop where it is
 *     released if the last dragover accepted it, and dragend, as the browser does.
 * Sortables decide by where the pointer crosses an item's middle and which way it was moving, so onto an item of the
 * same list the way ends with a short move across the target's middle towards where the item is to land (wayOf()).
 * Onto anything else (a drop zone, a box placed where it is) it ends at the target's middle.
 * The answer says what was under the pointer at the release.
 */
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var failure = engine.failure,
    refText = engine.refText,
    deepElementFromPoint = engine.deepElementFromPoint,
    describeElement = engine.describeElement,
    withDescription = engine.withDescription,
    reaches = engine.reaches,
    intercepted = engine.intercepted,
    clearInView = engine.clearInView,
    pointerTarget = engine.pointerTarget,
    pressPoint = engine.pressPoint,
    mouseInit = engine.mouseInit,
    fire = engine.fire,
    arrive = engine.arrive,
    gesture = engine.gesture,
    watch = engine.watch,
    settle = engine.settle,
    nextFrame = engine.nextFrame,
    moveFocusFor = engine.moveFocusFor;

  var PointerOrMouse = typeof PointerEvent === "function" ? PointerEvent : MouseEvent;
  // How many moves the pointer makes from the press to the release, and how far past the target's middle it lets
  // go (a share of the target's size along the way it came).
  var STEPS = 12;
  var FINAL_STEPS = 3;
  var PAST_MIDDLE = 0.25;
  // What the browser drags by default when nothing says draggable="false".
  var DRAGGABLE_BY_DEFAULT = "a[href], img";

  // The pointer's way from the press to the release, as points (one a frame). Onto an item of the same list as what
  // is dragged (a sortable: siblings laid out in flow), it ends with a short move across the target's middle, along
  // the list (down or across, as the items are laid out), towards where the item is to land: after the target when
  // it comes after the dragged item in the list, else before it. A sortable reads that last move's direction and
  // which half of the target the pointer is over, so the drop reads as "onto this item" however the way went.
  // Onto anything else (a drop zone, a box placed where it is) it goes straight to the target's middle. Each end is
  // used only if a press there reaches the target; else the way ends at the target's clear point.
  function wayOf(source, target, from, clear) {
    var box = target.getBoundingClientRect();
    var middle = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    var fallback = { x: clear.x, y: clear.y };
    if (!sortedTogether(source, target)) return line(from, reachable(target, middle) ? middle : fallback, STEPS);
    var across = laidAcross(target);
    var after = !!(source.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING);
    var shift = (after ? 1 : -1) * PAST_MIDDLE;
    var entry = { x: middle.x - (across ? shift * box.width : 0), y: middle.y - (across ? 0 : shift * box.height) };
    var end = { x: middle.x + (across ? shift * box.width : 0), y: middle.y + (across ? 0 : shift * box.height) };
    if (!reachable(target, entry) || !reachable(target, end)) return line(from, fallback, STEPS);
    return line(from, entry, STEPS - FINAL_STEPS).concat(line(entry, end, FINAL_STEPS));
  }
  function reachable(target, point) {
    return reaches(target, deepElementFromPoint(point.x, point.y));
  }
  // `steps` points from `a` (left out) to `b`, evenly spaced.
  function line(a, b, steps) {
    var points = [];
    for (var i = 1; i <= steps; i++) points.push({ x: a.x + ((b.x - a.x) * i) / steps, y: a.y + ((b.y - a.y) * i) / steps });
    return points;
  }
  // Whether the list's items sit side by side (a row, a grid of floats or flex): a neighbour level with the target.
  function laidAcross(target) {
    var box = target.getBoundingClientRect();
    return [target.previousElementSibling, target.nextElementSibling].some(function (neighbour) {
      if (!neighbour) return false;
      var other = neighbour.getBoundingClientRect();
      return Math.abs(other.top - box.top) < box.height / 2 && Math.abs(other.left - box.left) >= box.width / 2;
    });
  }
  var PLACED = engine.wordSet("absolute fixed");
  function sortedTogether(source, target) {
    return source.parentNode === target.parentNode && !PLACED[getComputedStyle(target).position];
  }
  // The element a press there would drag natively: what the page made draggable, or a link or image.
  function draggableAt(hit) {
    for (var node = hit; node && node.nodeType === 1; node = node.parentElement) {
      var attribute = node.getAttribute("draggable");
      if (attribute === "true") return node;
      if (attribute === "false") return null;
      if (node.matches(DRAGGABLE_BY_DEFAULT)) return node;
    }
    return null;
  }
  function dragInit(x, y, data) {
    var init = mouseInit(x, y, gesture({}), 1, 0);
    init.dataTransfer = data;
    return init;
  }

  // An HTML5 drag under way: the element dragged, its DataTransfer, what the pointer is over and whether that
  // accepted a drop (its dragover cancelled).
  function NativeDrag(source, data) {
    this.source = source;
    this.data = data;
    this.over = null;
    this.accepted = false;
  }
  NativeDrag.prototype.moveTo = function (x, y) {
    var hit = deepElementFromPoint(x, y) || document.documentElement;
    if (hit !== this.over) {
      var previous = this.over;
      fire(hit, DragEvent, "dragenter", dragInit(x, y, this.data));
      if (previous) fire(previous, DragEvent, "dragleave", dragInit(x, y, this.data));
      this.over = hit;
    }
    this.accepted = !fire(hit, DragEvent, "dragover", dragInit(x, y, this.data));
  };
  NativeDrag.prototype.release = function (x, y) {
    var dropped = false;
    if (this.over && this.accepted) dropped = !fire(this.over, DragEvent, "drop", dragInit(x, y, this.data));
    else if (this.over) fire(this.over, DragEvent, "dragleave", dragInit(x, y, this.data));
    this.data.dropEffect = dropped ? this.data.dropEffect : "none";
    fire(this.source, DragEvent, "dragend", dragInit(x, y, this.data));
    return this.over && this.accepted;
  };

  // What the pointer was over at the release: its role and name, and its ref when a snapshot gave it one.
  function overWhat(el) {
    var described = describeElement(el);
    var number = engine.refOf(el);
    return number ? { ref: refText(number), role: described.role, name: described.name } : described;
  }
  // drag(ref, toRef) -> Promise<{ok, ref, role, name, to: {ref, role, name}, released_over: {ref?, role, name},
  // dropped?: whether an HTML5 drop target took it, navigating?}>
  function drag(ref, toRef) {
    var source = pointerTarget(ref);
    if (!source.ok) return Promise.resolve(source);
    var target = pointerTarget(toRef);
    if (!target.ok) return Promise.resolve(target);
    if (source.element === target.element) return Promise.resolve(failure("invalid_arguments", "ref and to_ref name the same element: a drag needs two."));
    var how = gesture({});
    var result = withDescription({ ok: true }, source.element, source.number);
    result.to = withDescription({}, target.element, target.number);
    var from, to;
    return pressPoint(target.element, target.number)
      .then(function (point) {
        if (!point.ok) return point;
        to = point;
        return pressPoint(source.element, source.number);
      })
      .then(function (point) {
        if (!point.ok) return point;
        from = point;
        // The source's press may have scrolled the target out of place: both must be clear at once.
        if (!reachable(target.element, to)) {
          var again = clearInView(target.element);
          if (!again) return failure("not_visible", "Element " + refText(target.number) + " (the drop target) is not in view together with " + refText(source.number) + " (what is dragged): scroll so both show, then try again.");
          to = again;
        }
        var hit = deepElementFromPoint(from.x, from.y);
        if (!reaches(source.element, hit)) return intercepted(source.element, source.number, hit);
        var token = watch();
        return move(hit, from, wayOf(source.element, target.element, from, to), how).then(function (done) {
          result.released_over = done.over ? overWhat(done.over) : null;
          if (done.dropped !== undefined) result.dropped = done.dropped;
          return settle(token, {});
        });
      })
      .then(function (settled) {
        if (!settled || settled.ok === false) return settled;
        if (settled.navigating) result.navigating = settled.navigating;
        return result;
      });
  }
  // Press at `from` on `hit`, move through `way` (a point a frame), release: the events of both kinds of drag.
  function move(hit, from, way, how) {
    arrive(hit, from.x, from.y, how);
    var down = mouseInit(from.x, from.y, how, 1, 1);
    var pointerDown = fire(hit, PointerOrMouse, "pointerdown", down);
    var mouseDown = pointerDown && fire(hit, MouseEvent, "mousedown", down);
    var pressed = !pointerDown || mouseDown;
    if (mouseDown) moveFocusFor(hit); // a press the page lets be focuses what it is on, as a click's does
    var native = null;
    var step = 0;
    var last = { x: from.x, y: from.y };
    function next() {
      return nextFrame().then(function () {
        last = way[step++];
        var x = last.x,
          y = last.y;
        if (step === 1 && pressed) {
          var draggable = draggableAt(hit);
          if (draggable) {
            var data = new DataTransfer();
            if (fire(draggable, DragEvent, "dragstart", dragInit(from.x, from.y, data))) {
              native = new NativeDrag(draggable, data);
              fire(hit, PointerOrMouse, "pointercancel", mouseInit(x, y, how, 0, 0));
            }
          }
        }
        if (native) {
          native.moveTo(x, y);
        } else {
          var over = deepElementFromPoint(x, y) || document.documentElement;
          var moving = mouseInit(x, y, how, 1, 0);
          fire(over, PointerOrMouse, "pointermove", moving);
          fire(over, MouseEvent, "mousemove", moving);
        }
        return step < way.length ? next() : release();
      });
    }
    function release() {
      engine.movedTo(last.x, last.y);
      if (native) {
        var dropped = native.release(last.x, last.y);
        return { over: native.over, dropped: !!dropped };
      }
      var over = deepElementFromPoint(last.x, last.y) || document.documentElement;
      var up = mouseInit(last.x, last.y, how, 0, 1);
      fire(over, PointerOrMouse, "pointerup", up);
      if (pointerDown) fire(over, MouseEvent, "mouseup", up);
      return { over: over };
    }
    return next();
  }

  // ----- files: browser_file_upload ----------------------------------------------------------------------
  // A file input takes files as the browser's chooser gives them (the lane sets them: DOM.setFileInputFiles, or
  // the extension's File objects); anything else named (a drop zone: Dropzone, Uppy) takes them as a drop, the
  // events a person's drag from the desktop gives: dragenter, dragover and drop with a DataTransfer holding them.
  // fileTarget(ref) -> {ok, input: true, multiple, accept} for a file input (or the label of one), {ok, input:
  // false} for anything else.
  function fileInputFor(el) {
    if (engine.isFileInput(el)) return el;
    var control = el.localName === "label" ? el.control : null;
    return engine.isFileInput(control) ? control : null;
  }
  // The file input whose chooser the last action that opened one opened (dom.js, settle): a browser_file_upload
  // without ref gives its files to it. noteChooser(input) keeps it and answers what the agent is told of it.
  var chooser = null;
  function noteChooser(input) {
    chooser = new WeakRef(input);
    var told = { multiple: input.multiple, accept: input.accept || "" };
    var number = engine.refOf(input);
    if (number) told.ref = refText(number);
    return told;
  }
  // {ok, element, number} as engine.lookup gives, for ref or (null) the chooser's input; no_file_chooser else.
  function fileLookup(ref) {
    if (ref !== null) return engine.lookup(ref);
    var input = chooser && chooser.deref(); // (an uploader's input may never be in the document)
    if (input) return { ok: true, element: input, number: engine.refOf(input) };
    return failure(
      "no_file_chooser",
      "No file chooser is open in this frame: click the uploader's button first (its answer says file_chooser), or " +
        "give ref (the file input or the drop zone).",
    );
  }
  function fileTarget(ref) {
    var found = fileLookup(ref);
    if (!found.ok) return found;
    var input = fileInputFor(found.element);
    if (!input) return { ok: true, input: false };
    if (input.disabled) {
      return failure("disabled", "The file input " + (found.number ? refText(found.number) + " " : "") + "is disabled.");
    }
    return { ok: true, input: true, multiple: input.multiple, accept: input.accept || "" };
  }
  function filesListed(list) {
    return Array.prototype.map.call(list || [], function (file) {
      return { name: file.name, size: file.size, type: file.type };
    });
  }
  // The answer about the element found: its ref, role and name (a chooser's input without a ref: role and name).
  function described(answer, found) {
    if (found.number) return withDescription(answer, found.element, found.number);
    var description = engine.describeElement(found.element);
    answer.role = description.role;
    answer.name = description.name;
    return answer;
  }
  // filesHeld(ref) -> {ok, ref, role, name, files: [{name, size, type}]}: what the file input holds now, read back.
  // ref null: the file chooser's input (noteChooser).
  function filesHeld(ref) {
    var found = fileLookup(ref);
    if (!found.ok) return found;
    var input = fileInputFor(found.element);
    if (!input) return failure("invalid_arguments", "Element " + refText(found.number) + " is not a file input.");
    return described({ ok: true, files: filesListed(input.files) }, found);
  }
  // A file as the extension passes it ({name, type, base64}: chrome.scripting's arguments are JSON), or a File.
  function asFile(file) {
    if (file instanceof Blob) return file;
    var bytes = Uint8Array.from(atob(file.base64), function (character) {
      return character.charCodeAt(0);
    });
    return new File([bytes], file.name, { type: file.type });
  }
  // setFiles(ref, files) -> Promise<{ok, files, navigating?}>: the extension's files into a file input, with the
  // input and change events a choice in the browser's chooser gives (a page may submit its form on change).
  function setFiles(ref, files) {
    var found = fileLookup(ref);
    if (!found.ok) return Promise.resolve(found);
    var input = fileInputFor(found.element);
    if (!input) {
      return Promise.resolve(failure("invalid_arguments", "Element " + refText(found.number) + " is not a file input."));
    }
    var token = watch();
    var data = new DataTransfer();
    files.forEach(function (file) {
      data.items.add(asFile(file));
    });
    input.files = data.files;
    fire(input, Event, "input", { bubbles: true, composed: true });
    fire(input, Event, "change", { bubbles: true });
    if (ref === null) chooser = null; // answered
    return settle(token, {}).then(function (settled) {
      if (settled && settled.ok === false) return settled;
      var answer = described({ ok: true, files: filesListed(input.files) }, found);
      if (settled && settled.navigating) answer.navigating = settled.navigating;
      return answer;
    });
  }
  // dropFiles(ref, files) -> Promise<{ok, dropped: true, files}>: files dropped at a clear point of the element (else
  // click_intercepted: nothing dropped), which the page took (it cancelled its dragover and drop); upload_not_taken
  // when it did not: nothing holds the files (an uploader's button that opens a hidden input's chooser, as Mesop's
  // and many others do, is no drop zone: the agent that named it is told to click it and answer the chooser).
  function dropFiles(ref, files) {
    var found = pointerTarget(ref);
    if (!found.ok) return Promise.resolve(found);
    var el = found.element;
    return pressPoint(el, found.number).then(function (point) {
      if (!point.ok) return point;
      var hit = deepElementFromPoint(point.x, point.y);
      if (!reaches(el, hit)) return intercepted(el, found.number, hit);
      var token = watch();
      var data = new DataTransfer();
      Array.prototype.forEach.call(files, function (file) {
        data.items.add(asFile(file));
      });
      var init = dragInit(point.x, point.y, data);
      fire(hit, DragEvent, "dragenter", init);
      var accepted = !fire(hit, DragEvent, "dragover", dragInit(point.x, point.y, data));
      var dropped = accepted && !fire(hit, DragEvent, "drop", dragInit(point.x, point.y, data));
      if (!accepted) fire(hit, DragEvent, "dragleave", dragInit(point.x, point.y, data));
      return settle(token, {}).then(function (settled) {
        if (settled && settled.ok === false) return settled;
        if (!dropped) return notTaken(el, found.number);
        var answer = withDescription({ ok: true, dropped: true, files: filesListed(data.files) }, el, found.number);
        if (settled && settled.navigating) answer.navigating = settled.navigating;
        return answer;
      });
    });
  }

  function notTaken(el, number) {
    return failure(
      "upload_not_taken",
      "Nothing took the files: " + refText(number) + " (" + engine.roleAndName(el) + ") is not a file input, and the " +
        "page took no drop there. If it opens a file chooser, click it (its answer says file_chooser), then call " +
        "browser_file_upload without ref; or give the ref of the file input, its label or the drop zone.",
    );
  }

  Object.assign(engine, {
    drag: drag,
    noteChooser: noteChooser,
    fileLookup: fileLookup,
    fileTarget: fileTarget,
    filesHeld: filesHeld,
    setFiles: setFiles,
    dropFiles: dropFiles,
  });
})(globalThis.__hermesEngine);

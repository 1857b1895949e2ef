/*
 * Hermes snapshot engine: refs, the @eN names an agent acts on.
 *
 * Each frame's engine keeps element -> number in a WeakMap (and number -> WeakRef(element)), so a ref is
 * stable for as long as its element lives. Numbers are unique per tab because the orchestrator (service
 * worker or CDP lane) owns one counter per tab: it passes `nextRef` into each frame's snapshot in turn and
 * continues from the `nextRef` that comes back; a snapshot's `refs` lists the refs that frame holds, so an
 * action can be routed to the frame that owns its ref. A frame never hands out a number below one it used.
 */
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var failure = engine.failure,
    staleRef = engine.staleRef,
    refNumber = engine.refNumber;

  var refOfElement = new WeakMap();
  var elementOfRef = new Map(); // number -> WeakRef(element)
  var highestRef = 0;

  // The element's ref number, numbering it from counter.next if it has none; counter.refs lists it.
  function assignRef(el, counter) {
    var number = refOfElement.get(el);
    if (number === undefined) {
      if (counter.next <= highestRef) counter.next = highestRef + 1;
      number = counter.next++;
      highestRef = number;
      refOfElement.set(el, number);
      elementOfRef.set(number, new WeakRef(el));
    }
    counter.refs.push("e" + number);
    return number;
  }
  // The number the tab's counter continues from after this frame.
  function nextRefAfter(next) {
    return next <= highestRef ? highestRef + 1 : next;
  }
  function refOf(el) {
    return refOfElement.get(el);
  }
  // {ok: true, element, number} for a live element of this document, else the failure to return.
  function lookup(ref) {
    var number = refNumber(ref);
    if (!(number > 0)) return failure("invalid_ref", "Not a ref: " + JSON.stringify(ref) + " (expected @eN from a snapshot).");
    var weak = elementOfRef.get(number);
    var el = weak && weak.deref();
    if (!el) {
      if (weak) elementOfRef.delete(number);
      return staleRef(number, !!weak);
    }
    if (!el.isConnected) return staleRef(number, true);
    return { ok: true, element: el, number: number };
  }
  function pruneRefs() {
    elementOfRef.forEach(function (weak, number) {
      if (!weak.deref()) elementOfRef.delete(number);
    });
  }
  function liveRefCount() {
    var live = 0;
    elementOfRef.forEach(function (weak) {
      if (weak.deref()) live++;
    });
    return live;
  }
  function highestRefUsed() {
    return highestRef;
  }

  Object.assign(engine, {
    assignRef: assignRef,
    nextRefAfter: nextRefAfter,
    refOf: refOf,
    lookup: lookup,
    pruneRefs: pruneRefs,
    liveRefCount: liveRefCount,
    highestRefUsed: highestRefUsed,
  });
})(globalThis.__hermesEngine);

// Hermes snapshot engine: one frame's snapshot (its part of the tab's), from the tree and the text (which
// placeholder a child frame's part fills is the lane's to say: frames.js). The options and the part's fields are
// documented in api.js. A compact snapshot follows what the user sees of the frame (frames.js, visibleWindow); a
// part that will be stitched (a child frame's, or the top frame's when it has frames) carries its shown lines with
// their places, for stitch() to compact the whole tab once: compaction = {view: [top, bottom] seen, lines:
// shownLines, total (characters in full), count (lines in full), leftOut (what its own compaction left out, by
// side), shortened}.
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var isTop = engine.isTop,
    pruneRefs = engine.pruneRefs,
    nextRefAfter = engine.nextRefAfter,
    pruneFrames = engine.pruneFrames,
    newWalk = engine.newWalk,
    buildTree = engine.buildTree,
    renderTree = engine.renderTree,
    layout = engine.layout,
    compact = engine.compact,
    shownLines = engine.shownLines,
    visibleWindow = engine.visibleWindow,
    observeVisibleWindow = engine.observeVisibleWindow,
    frameOffset = engine.frameOffset;

  var DEFAULT_MAX_CHARS = 32000;
  // How long a frame under a cross-origin ancestor waits for the browser to say what of it is seen.
  var VIEW_WAIT_MS = 250;

  // `seen`: what of this frame the user sees, when snapshot() asked the browser (else visibleWindow's answer,
  // or the frame's whole viewport).
  function snapshotSync(options, seen) {
    options = options || {};
    var started = performance.now();
    pruneRefs();
    pruneFrames();
    var walk = newWalk(options);
    var lines = renderTree(buildTree(walk));
    var full = !!options.full;
    var view = seen || visibleWindow() || { top: 0, bottom: window.innerHeight };
    var stitched = !full && (!isTop || walk.frames.length > 0);
    var total = stitched ? sizeWithoutTokens(lines, walk.frames) : 0; // before compact() shortens long lines
    var compacted = full ? null : compact(lines, Math.max(2000, +options.maxChars || DEFAULT_MAX_CHARS), view);
    var whole = compacted && !options.session ? null : layout(lines, null); // every line: kept for the session
    var text = compacted ? compacted.text : whole;
    // The session's reads (outline.js): this one is the "before" of its next changes.
    var previous = options.session ? engine.remember(String(options.session), whole, options.read, options.after) : null;
    var part = {
      ok: true,
      text: text,
      nextRef: nextRefAfter(walk.next),
      refs: walk.refs,
      isTop: isTop,
      url: location.href,
      title: document.title,
      truncated: !!compacted,
      frames: walk.frames,
      compaction: stitched
        ? {
            view: [view.top, view.bottom],
            lines: shownLines(lines, compacted),
            total: total,
            count: lines.text.length,
            leftOut: compacted ? compacted.leftOut : null,
            shortened: compacted ? compacted.shortened : 0,
          }
        : undefined,
      stats: {
        elements: walk.elements,
        lines: lines.text.length,
        chars: text.length,
        refs: walk.refs.length,
        links: walk.links,
        buttons: walk.buttons,
        textboxes: walk.textboxes,
        omittedInteractive: compacted ? compacted.droppedKey : 0,
        omittedTextLines: compacted ? compacted.droppedText : 0,
        omittedAbove: compacted ? compacted.above : 0,
        omittedBelow: compacted ? compacted.below : 0,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
    };
    // The frame's images (images.js), once the walk gave refs to what a click on one presses.
    if (options.images) part.images = engine.images(Math.max(1, +options.images || 1));
    // Where the refs this read gave are drawn, for an annotated screenshot (images.js), and where the frame is.
    if (options.labels) {
      part.labels = engine.labels(walk.refs, full);
      part.frameOffset = frameOffset();
      part.scroll = { x: window.scrollX, y: window.scrollY };
    }
    // A frame alone has its tab's search at once too (outline.js, find; a full read).
    if (options.find && isTop && !walk.frames.length) part.found = engine.find(whole, options.find);
    if (options.changes) {
      part.fullText = whole;
      part.previous = previous;
      // A frame alone (no child frames) has its tab's changes at once: the lane need not stitch.
      if (isTop && !walk.frames.length) part.changes = engine.stitchChanges([part], options);
    }
    return part;
  }
  // The characters of the lines as a stitched text shows them: a placeholder without its token (which the stitch
  // replaces, and whose length differs from engine to engine).
  function sizeWithoutTokens(lines, tokens) {
    var size = lines.size();
    for (var i = 0; i < tokens.length; i++) size -= (" [frame=" + tokens[i] + "]").length;
    return size;
  }
  // The same, once the browser has said what of this frame is seen when a cross-origin ancestor hides it. With
  // pdf (a byte cap), a top document that is a PDF gives its bytes too (pdfOfDocument).
  function snapshot(options) {
    options = options || {};
    return Promise.resolve()
      .then(function () {
        return options.full || frameOffset().complete ? null : observeVisibleWindow(VIEW_WAIT_MS);
      })
      .then(function (seen) {
        var part = snapshotSync(options, seen);
        if (!options.pdf || !isTop || document.contentType !== "application/pdf") return part;
        return pdfOfDocument(+options.pdf).then(function (pdf) {
          part.pdf = pdf;
          return part;
        });
      });
  }

  // A PDF the tab shows: Chrome's viewer draws it in frames of its own, which no engine reads, so the top frame's
  // part carries the document's bytes (the server reads their text: documents.py). They are fetched again from the
  // document's own origin with its credentials (the browser's cache usually answers), at most maxBytes, within
  // PDF_FETCH_MS: {url, size, data (base64)} or {url, error: "too_large" (size: at least) | "status" (status) |
  // "fetch_failed" (message)}.
  var PDF_FETCH_MS = 20000;
  function pdfOfDocument(maxBytes) {
    var url = location.href;
    var aborter = new AbortController();
    var timer = setTimeout(function () {
      aborter.abort();
    }, PDF_FETCH_MS);
    var tooLarge = function (size) {
      aborter.abort();
      return { url: url, error: "too_large", size: size };
    };
    return fetch(url, { credentials: "include", cache: "force-cache", signal: aborter.signal })
      .then(function (response) {
        if (!response.ok) return { url: url, error: "status", status: response.status };
        var declared = Number(response.headers.get("content-length") || 0);
        if (declared > maxBytes) return tooLarge(declared);
        var reader = response.body.getReader();
        var chunks = [];
        var size = 0;
        var next = function () {
          return reader.read().then(function (step) {
            if (step.done) return { url: url, size: size, data: base64Of(chunks, size) };
            size += step.value.length;
            if (size > maxBytes) return tooLarge(size);
            chunks.push(step.value);
            return next();
          });
        };
        return next();
      })
      .catch(function (error) {
        return { url: url, error: "fetch_failed", message: String((error && error.message) || error) };
      })
      .then(function (answer) {
        clearTimeout(timer);
        return answer;
      });
  }
  function base64Of(chunks, size) {
    var bytes = new Uint8Array(size);
    var at = 0;
    for (var i = 0; i < chunks.length; i++) {
      bytes.set(chunks[i], at);
      at += chunks[i].length;
    }
    var binary = "";
    for (var start = 0; start < size; start += 0x8000) {
      binary += String.fromCharCode.apply(null, bytes.subarray(start, start + 0x8000));
    }
    return btoa(binary);
  }

  Object.assign(engine, {
    DEFAULT_MAX_CHARS: DEFAULT_MAX_CHARS,
    snapshotSync: snapshotSync,
    snapshot: snapshot,
  });
})(globalThis.__hermesEngine);

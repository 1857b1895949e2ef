/*
 * Hermes snapshot engine: frames, and stitching their snapshots into one text.
 *
 * A frame's text shows each visible <iframe>/<frame> as a placeholder line
 *   `- iframe "title" [frame=TOKEN]`
 * TOKEN is made by the parent's engine, stable per iframe element (tokenFor). Which child frame fills which
 * placeholder is the lane's to say, never the page's: a frame cannot learn its own <iframe> (a cross-origin
 * parent hides it, and anything a parent page posts to it could be a sibling's token). The lane asks the parent's
 * engine for the token of the element the browser names as the child's owner: frameToken(element) on the cdp lane
 * (the element from DOM.getFrameOwner, resolved in the engine's world), frameTokens(frameIdOf) on the extension
 * lane (frameIdOf, a function of the extension's world the page cannot reach, matches each <iframe>'s
 * contentWindow with the window that posted a child frame's nonce: background/frames.js). The lane sets each
 * child's part.frameToken to that token; stitch(parts) then replaces each placeholder with the matching child's
 * text (compact: its lines, placed where the user sees them, see "compact: the lines" below), indented under
 * `- iframe "title":`. A part whose token is in no parent's text (its iframe is hidden) is
 * dropped; one whose placeholder its parent's compaction left out is counted as left out; a part with no token
 * at all (the lane could not map it) is appended at the end under `- iframe "title" [unplaced]:`.
 */
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var clean = engine.clean,
    quote = engine.quote,
    failure = engine.failure,
    isTop = engine.isTop,
    scrollIntoViewIfNeeded = engine.scrollIntoViewIfNeeded,
    contentOrigin = engine.contentOrigin;

  var PLACEHOLDER = /^( *)- iframe(.*?) \[frame=([A-Za-z0-9.]+)\]$/;

  var tokenOfFrame = new WeakMap(); // <iframe> element -> token
  var frameOfToken = new Map(); // token -> WeakRef(<iframe>)
  var engineId = randomId();
  var tokenCounter = 0;

  function randomId() {
    var words = new Uint32Array(2);
    (globalThis.crypto || window.crypto).getRandomValues(words);
    return words[0].toString(36) + words[1].toString(36).slice(0, 4);
  }
  function tokenFor(frameElement) {
    var token = tokenOfFrame.get(frameElement);
    if (!token) {
      token = "f" + engineId + "." + ++tokenCounter;
      tokenOfFrame.set(frameElement, token);
      frameOfToken.set(token, new WeakRef(frameElement));
    }
    return token;
  }
  function frameElementOf(token) {
    var weak = frameOfToken.get(token);
    return weak && weak.deref();
  }
  function pruneFrames() {
    frameOfToken.forEach(function (weak, token) {
      if (!weak.deref()) frameOfToken.delete(token);
    });
  }

  // Every <iframe>/<frame> of the document, those in shadow trees included.
  function allFrameElements() {
    var out = [];
    [document].concat(engine.shadowTrees(document, [])).forEach(function (root) {
      out.push.apply(out, root.querySelectorAll("iframe, frame"));
    });
    return out;
  }
  function isFrameElement(node) {
    return !!node && node.nodeType === 1 && (node.localName === "iframe" || node.localName === "frame");
  }

  // ----- which child frame is which: the lane's answer, through these -------------------------------------
  // The token of an <iframe>/<frame> element of this document (the one the browser names as a child frame's
  // owner), or null for anything else.
  function frameToken(frameElement) {
    return isFrameElement(frameElement) ? tokenFor(frameElement) : null;
  }
  // [[id, token], ...] for each <iframe>/<frame> of this document whose child frame frameIdOf(element) names
  // (an id the lane knows the frame by; a negative or missing one, or a throw, skips the element). frameIdOf is
  // the lane's own: given by code of its world, never looked up where the page could have put it.
  function frameTokens(frameIdOf) {
    var out = [];
    allFrameElements().forEach(function (frameElement) {
      var id;
      try {
        id = frameIdOf(frameElement);
      } catch (e) {
        return;
      }
      if ((typeof id === "number" && id >= 0) || (typeof id === "string" && id)) out.push([id, tokenFor(frameElement)]);
    });
    return out;
  }

  // ----- where a frame is on the page -------------------------------------------------------------------
  // The <iframe> that holds `win`, or null when its parent is cross-origin (the browser hides it then).
  function sameOriginFrameElement(win) {
    try {
      return win.frameElement;
    } catch (e) {
      return null;
    }
  }
  // This frame's (0, 0) in the top frame's viewport, summed over same-origin ancestors; complete is false
  // when a cross-origin ancestor hides its <iframe> (the lane adds frameRect() of each such parent).
  function frameOffset() {
    var x = 0,
      y = 0,
      win = window,
      complete = true;
    while (win !== win.top) {
      var frameElement = sameOriginFrameElement(win);
      if (!frameElement) {
        complete = false;
        break;
      }
      var origin = contentOrigin(frameElement, win.parent.getComputedStyle(frameElement));
      x += origin.x;
      y += origin.y;
      win = win.parent;
    }
    return { x: x, y: y, complete: complete };
  }
  function frameRect(token, options) {
    options = options || {};
    var frameElement = frameElementOf(token);
    if (!frameElement || !frameElement.isConnected) return failure("unknown_frame", "No iframe with token " + quote(token) + " here; take a new snapshot.");
    if (options.scroll !== false) scrollIntoViewIfNeeded(frameElement);
    var origin = contentOrigin(frameElement, getComputedStyle(frameElement));
    return {
      ok: true,
      x: origin.x,
      y: origin.y,
      width: frameElement.clientWidth,
      height: frameElement.clientHeight,
      frameOffset: frameOffset(),
    };
  }

  // ----- what the user sees of a frame --------------------------------------------------------------------
  // The part of this frame's viewport that is in the top frame's viewport, {top, bottom} in this frame's CSS px
  // (top === bottom: none of it), the viewport clipped by each ancestor's viewport in turn; null when a
  // cross-origin ancestor hides where its <iframe> is (observeVisibleWindow asks the browser then).
  function visibleWindow() {
    var top = 0,
      bottom = isTop && !(window.innerHeight > 0) ? Infinity : window.innerHeight, // a top frame of no size: all of it
      offset = 0,
      win = window;
    while (win !== win.top) {
      var frameElement = sameOriginFrameElement(win);
      if (!frameElement) return null;
      var parent = win.parent;
      var y = contentOrigin(frameElement, parent.getComputedStyle(frameElement)).y;
      offset += y;
      top = Math.max(top + y, 0);
      bottom = Math.min(bottom + y, parent.innerHeight > 0 ? parent.innerHeight : Infinity);
      win = parent;
    }
    return { top: top - offset, bottom: Math.max(top, bottom) - offset };
  }
  // The same from the browser, which knows it across origins: an IntersectionObserver of the document element
  // (its root is the top frame's viewport) answers with the visible part of that element in this frame's
  // viewport. Where that part ends short of the element's box, the frame is cut there; where it does not, the
  // frame's viewport is taken as seen that far. Resolves null when no answer comes within `ms` (the browser
  // answers at its next rendering, which a hidden tab does not do).
  function observeVisibleWindow(ms) {
    return new Promise(function (resolve) {
      var root = document.documentElement;
      if (!root || typeof IntersectionObserver !== "function") {
        resolve(null);
        return;
      }
      var observer = null;
      var finish = function (seen) {
        if (!observer) return;
        observer.disconnect();
        observer = null;
        resolve(seen);
      };
      // A frame of another process learns where its <iframe> is from its parent's process: under load, the first
      // entry can come before that has, and say the frame is not seen though it is. Not seen is believed once a
      // fresh observer, after a painted frame, says so again (at most NOT_SEEN_CHECKS times, within `ms`).
      var checks = 0;
      var observe = function () {
        observer = new IntersectionObserver(function (entries) {
          var seen = windowSeen(entries[entries.length - 1]);
          if (seen.top < seen.bottom || ++checks > NOT_SEEN_CHECKS) return finish(seen);
          observer.disconnect();
          engine.nextFrame().then(function () {
            if (observer) observe();
          });
        });
        observer.observe(root);
      };
      observe();
      setTimeout(finish, ms, null);
    });
  }
  var NOT_SEEN_CHECKS = 2;
  function windowSeen(entry) {
    if (!entry.isIntersecting) return { top: 0, bottom: 0 };
    var seen = entry.intersectionRect,
      box = entry.boundingClientRect;
    return {
      top: seen.top > box.top + 1 ? seen.top : 0,
      bottom: seen.bottom < box.bottom - 1 ? seen.bottom : window.innerHeight,
    };
  }

  // ----- stitching --------------------------------------------------------------------------------------
  // full: every frame's text in its placeholder's place. Compact: the frames' shown lines (part.compaction, see
  // snapshot.js), placed in the top frame's viewport, compacted once to maxChars (render.js), so that what the
  // user sees comes first whichever frame it is in, and the notice counts what every frame left out.
  function stitch(parts, options) {
    options = options || {};
    parts = (parts || []).filter(function (part) {
      return part && part.ok !== false && typeof part.text === "string";
    });
    var stitching = sortParts(parts);
    var maxChars = +options.maxChars || engine.DEFAULT_MAX_CHARS; // snapshot.js comes after this file
    var stitched = options.full ? stitchText(stitching) : stitchLines(stitching, maxChars);
    var dropped = Object.keys(stitching.byToken).filter(function (token) {
      return !stitching.used[token];
    });
    var truncated =
      stitched.compacted ||
      parts.some(function (part) {
        return part.truncated;
      });
    return { text: stitched.text, truncated: truncated, placed: stitching.placed, dropped: dropped, missing: stitching.missing, unplaced: stitching.unplaced };
  }
  // The top part, the parts with a token, and the loose ones (no token), with the bookkeeping of the stitch.
  function sortParts(parts) {
    var stitching = { top: null, byToken: Object.create(null), loose: [], used: Object.create(null), missing: [], placed: 0, unplaced: 0 };
    parts.forEach(function (part) {
      if (part.isTop && !stitching.top) stitching.top = part;
      else if (part.frameToken) stitching.byToken[part.frameToken] = part;
      else stitching.loose.push(part);
    });
    if (!stitching.top) stitching.top = stitching.loose.shift() || null;
    return stitching;
  }
  // The child part of a placeholder line (once: a token met twice is placed once), or null.
  function childOf(match, stitching) {
    var token = match[3];
    var child = stitching.byToken[token];
    if (!child) stitching.missing.push(token);
    if (!child || stitching.used[token]) return null;
    stitching.used[token] = true;
    stitching.placed++;
    return child;
  }
  function unplacedHead(part) {
    return "- iframe" + (part.title ? " " + quote(clean(part.title)) : "") + " [unplaced]";
  }

  // ----- full: the texts --------------------------------------------------------------------------------
  function stitchText(stitching) {
    var out = [];
    if (stitching.top) expandPart(stitching.top.text, "", out, stitching);
    stitching.loose.forEach(function (part) {
      if (!part.text) return;
      stitching.unplaced++;
      out.push(unplacedHead(part) + ":");
      expandPart(part.text, "  ", out, stitching);
    });
    return { text: out.join("\n"), compacted: false };
  }
  // Appends `text`'s lines to `out`, indented by `base`, with each placeholder replaced by its frame's part.
  function expandPart(text, base, out, stitching) {
    if (!text) return;
    var lines = text.split("\n");
    for (var i = 0; i < lines.length; i++) {
      var line = lines[i];
      var match = line.indexOf("[frame=") >= 0 ? PLACEHOLDER.exec(line) : null;
      if (!match) {
        out.push(base + line);
        continue;
      }
      var child = childOf(match, stitching);
      var head = base + match[1] + "- iframe" + match[2];
      if (child && child.text) {
        out.push(head + ":");
        expandPart(child.text, base + match[1] + "  ", out, stitching);
      } else out.push(head);
    }
  }

  // ----- compact: the lines -----------------------------------------------------------------------------
  // Where each frame's lines are: in the top frame's viewport coordinates for the top frame's own; a child
  // frame's lines in the part of it the user sees (its part's compaction.view) go where that part is on the
  // screen; its lines above or below that part go above or below the viewport, as far from it as they are
  // from the part seen (the distance the frame has to scroll to show them); and the lines of a frame the
  // user does not see at all take its placeholder's place.
  function stitchLines(stitching, maxChars) {
    var height = window.innerHeight > 0 ? window.innerHeight : Infinity;
    var merged = {
      lines: new engine.Lines(), height: height, stitching: stitching, total: 0, shortened: 0, compacted: false, leftOut: engine.newTally(),
      limits: { above: -Infinity, below: Infinity }, // the nearest places the frames' own compaction left out
    };
    if (stitching.top) addPart(merged, stitching.top, -1, null);
    stitching.loose.forEach(function (part) {
      if (!part.text) return;
      stitching.unplaced++;
      var head = merged.lines.add(unplacedHead(part) + ":", 0, -1, engine.KEY_LINE, "iframe", NaN, NaN);
      addPart(merged, part, head, placementOf(merged, head));
    });
    var lines = merged.lines;
    if (!merged.compacted && lines.size() <= maxChars) return { text: engine.layout(lines, null), compacted: false };
    var view = { top: 0, bottom: height };
    var carried = { total: Math.max(merged.total, lines.size()), leftOut: merged.leftOut, shortened: merged.shortened, limits: merged.limits };
    return { text: engine.compact(lines, maxChars, view, carried).text, compacted: true };
  }
  // The part's lines: what its engine kept (compaction), else its text line by line, placed nowhere, each of
  // the role its line starts with (a container line, ending with ":", is structure).
  function linesOf(part) {
    if (part.compaction && part.compaction.lines) return part.compaction;
    var shown = { text: [], depth: [], kind: [], role: [], top: [], bottom: [] };
    part.text.split("\n").forEach(function (line) {
      var text = line.replace(/^ +/, "");
      shown.text.push(text);
      shown.depth.push((line.length - text.length) >> 1);
      shown.kind.push(/:$/.test(text) ? engine.STRUCTURE_LINE : engine.KEY_LINE);
      shown.role.push((/^- ([a-z]+)/.exec(text) || [])[1] || "text");
      shown.top.push(NaN);
      shown.bottom.push(NaN);
    });
    return { view: null, lines: shown, total: part.text.length, count: shown.text.length, leftOut: null, shortened: 0 };
  }
  // Where the line `index` of the merged lines is: {top, bottom, side} ("above", "inside" or "below" the viewport).
  function placementOf(merged, index) {
    var top = merged.lines.top[index],
      bottom = merged.lines.bottom[index];
    var side = bottom <= 0 ? "above" : top >= merged.height ? "below" : "inside";
    return { top: top, bottom: bottom, side: side };
  }
  // Adds a part's lines under the merged line `parent` (-1 for the top part), its frames' in their placeholders'
  // places, and what it left out to the merged tally. placement: where its placeholder is (null for the top).
  function addPart(merged, part, parent, placement) {
    var data = linesOf(part);
    var lines = merged.lines;
    var shown = data.lines;
    var base = parent >= 0 ? lines.depth[parent] + 1 : 0;
    var view = data.view || [NaN, NaN];
    var seenTop = number(view[0]),
      seenBottom = number(view[1]);
    // how this part's lines are placed: as they are (the top part), in the part of the frame the user sees, or
    // all in the placeholder's place (a frame out of view, or one that did not say what of it is seen)
    var mode = !placement ? "top" : placement.side === "inside" && seenTop < seenBottom ? "seen" : "place";
    merged.total += (+data.total || 0) + 2 * base * (+data.count || 0);
    merged.shortened += +data.shortened || 0;
    if (data.leftOut) {
      merged.compacted = true;
      engine.addLeftOut(merged.leftOut, data.leftOut, mode === "place" ? placement.side : undefined);
      limitAt(merged, data.leftOut, mode, placement, seenTop, seenBottom);
    }
    var parents = [];
    for (var j = 0; j < shown.text.length; j++) {
      var depth = +shown.depth[j] || 0;
      var up = depth > 0 && parents[depth - 1] !== undefined ? parents[depth - 1] : parent;
      var top = number(shown.top[j]),
        bottom = number(shown.bottom[j]);
      if (mode === "place" || top !== top) {
        top = NaN; // where its parent line is
        bottom = NaN;
      } else if (mode === "seen") {
        var placed = seenPosition(top, bottom, seenTop, seenBottom, placement, merged.height);
        top = placed[0];
        bottom = placed[1];
      }
      var text = String(shown.text[j]);
      var match = shown.role[j] === "iframe" ? PLACEHOLDER.exec(text) : null;
      var index;
      if (match) {
        var child = childOf(match, merged.stitching);
        var head = "- iframe" + match[2];
        var hasText = child && child.text;
        if (hasText) merged.total++; // its ":"
        index = lines.add(hasText ? head + ":" : head, base + depth, up, engine.KEY_LINE, "iframe", top, bottom);
        if (hasText) addPart(merged, child, index, placementOf(merged, index));
      } else {
        index = lines.add(text, base + depth, up, +shown.kind[j] || 0, String(shown.role[j]), top, bottom);
      }
      parents[depth] = index;
      parents.length = depth + 1;
    }
    // a frame whose placeholder this part left out is left out too, on the placeholder's side
    leaveOutFrames(merged, data, mode === "place" ? placement.side : null);
  }
  // Where a part's own compaction stopped on each side, among the merged lines: the stitch's compaction stops
  // there too (render.js, keepOutward), so that no line shown lies beyond one left out nearer the viewport.
  function limitAt(merged, leftOut, mode, placement, seenTop, seenBottom) {
    var above = number(leftOut.nearestAbove),
      below = number(leftOut.nearestBelow);
    if (mode === "seen") {
      above = above - seenTop;
      below = merged.height + below - seenBottom;
    } else if (mode === "place") {
      // all its lines are where its placeholder is, those it left out too
      above = placement.side === "above" ? placement.bottom : NaN;
      below = placement.side === "below" ? placement.top : NaN;
    }
    if (above === above) merged.limits.above = Math.max(merged.limits.above, above);
    if (below === below) merged.limits.below = Math.min(merged.limits.below, below);
  }
  // Counts a part's lines, and its frames', as left out on `side`.
  function leaveOut(merged, part, side) {
    var data = linesOf(part);
    merged.compacted = true;
    merged.total += (+data.total || 0) + (part.text ? 1 : 0); // and the ":" of its placeholder
    engine.tallyShown(merged.leftOut, data.lines, side);
    if (data.leftOut) engine.addLeftOut(merged.leftOut, data.leftOut, side);
    for (var j = 0; j < data.lines.text.length; j++) {
      var match = data.lines.role[j] === "iframe" ? PLACEHOLDER.exec(String(data.lines.text[j])) : null;
      if (match) leaveOutFrame(merged, match[3], side);
    }
    leaveOutFrames(merged, data, side);
  }
  // The frames whose placeholders a part's own compaction left out, each on its placeholder's side (or `side`).
  function leaveOutFrames(merged, data, side) {
    var sides = (data.leftOut && data.leftOut.frameSides) || {};
    for (var token in sides) leaveOutFrame(merged, token, side || sides[token]);
  }
  function leaveOutFrame(merged, token, side) {
    var part = merged.stitching.byToken[token];
    if (!part || merged.stitching.used[token]) return;
    merged.stitching.used[token] = true;
    leaveOut(merged, part, side);
  }
  // A child frame's line at [top, bottom] (its own viewport's px), [seenTop, seenBottom] being the part of the
  // frame the user sees, placed among the top frame's lines (see stitchLines).
  function seenPosition(top, bottom, seenTop, seenBottom, placement, height) {
    if (bottom <= seenTop) return [top - seenTop, bottom - seenTop];
    if (top >= seenBottom) return [height + top - seenBottom, height + bottom - seenBottom];
    var origin = Math.max(placement.top, 0) || 0; // where the seen part starts on the screen
    var from = Math.min(origin + Math.max(top, seenTop) - seenTop, height - 1);
    return [from, Math.max(Math.min(origin + Math.min(bottom, seenBottom) - seenTop, height), from + 1)];
  }
  // A position from a part (JSON makes NaN null).
  function number(value) {
    return typeof value === "number" ? value : NaN;
  }

  Object.assign(engine, {
    tokenFor: tokenFor,
    frameToken: frameToken,
    frameTokens: frameTokens,
    pruneFrames: pruneFrames,
    frameOffset: frameOffset,
    frameRect: frameRect,
    visibleWindow: visibleWindow,
    observeVisibleWindow: observeVisibleWindow,
    stitch: stitch,
  });
})(globalThis.__hermesEngine);

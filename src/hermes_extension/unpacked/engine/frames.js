/*
 * Hermes snapshot engine: frames, and stitching their snapshots into one text.
 *
 * A frame's text shows each visible <iframe>/<frame> as a placeholder line
 *   `- iframe "title" [frame=TOKEN]`
 * TOKEN is made by the parent's engine, stable per iframe element, and sent with postMessage to
 * iframe.contentWindow (works cross-origin; the child's engine accepts it only from window.parent). A child
 * engine that has no token asks its parent ("hello" message, at injection and at snapshot time); the parent's
 * engine answers by finding the <iframe> whose contentWindow is event.source. snapshot() waits up to
 * tokenWaitMs for a missing token, so frames may be injected and snapshotted in any order. stitch(parts)
 * replaces each placeholder with the matching child's text, indented under `- iframe "title":`. A part whose
 * token is in no parent's text (its iframe is hidden) is dropped; a part with no token at all is appended at
 * the end under `- iframe "title" [unplaced]:`.
 */
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var clean = engine.clean,
    quote = engine.quote,
    failure = engine.failure,
    isTop = engine.isTop,
    openShadow = engine.openShadow,
    scrollIntoViewIfNeeded = engine.scrollIntoViewIfNeeded,
    contentOrigin = engine.contentOrigin;

  var MESSAGE_KEY = "__hermesSnapshot"; // marks our postMessages: {__hermesSnapshot: "token" | "hello", ...}
  var PLACEHOLDER = /^( *)- iframe(.*?) \[frame=([A-Za-z0-9.]+)\]$/;
  // What tokenFor makes; a token in any other shape (a page may post one to its child frame) is not taken.
  var TOKEN = /^f[a-z0-9]+\.[0-9]+$/;

  var tokenOfFrame = new WeakMap(); // <iframe> element -> token
  var frameOfToken = new Map(); // token -> WeakRef(<iframe>)
  var engineId = randomId();
  var tokenCounter = 0;
  var ownToken = null; // the token our parent's engine gave this frame
  var tokenWaiters = [];

  function randomId() {
    var words = new Uint32Array(2);
    (globalThis.crypto || window.crypto).getRandomValues(words);
    return words[0].toString(36) + words[1].toString(36).slice(0, 4);
  }
  function ownFrameToken() {
    return isTop ? null : ownToken;
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
  function message(kind) {
    var out = {};
    out[MESSAGE_KEY] = kind;
    return out;
  }
  function sendToken(frameElement, token) {
    try {
      var child = frameElement.contentWindow;
      if (child) {
        var tokenMessage = message("token");
        tokenMessage.token = token;
        child.postMessage(tokenMessage, "*");
      }
    } catch (e) {
      /* detached */
    }
  }
  function sayHello() {
    if (isTop) return;
    try {
      window.parent.postMessage(message("hello"), "*");
    } catch (e) {
      /* ignore */
    }
  }
  function pruneFrames() {
    frameOfToken.forEach(function (weak, token) {
      if (!weak.deref()) frameOfToken.delete(token);
    });
  }

  // ----- messages between a frame's engine and its parent's ---------------------------------------------
  function onMessage(event) {
    var data = event.data;
    if (!data || typeof data !== "object" || !data[MESSAGE_KEY]) return;
    if (data[MESSAGE_KEY] === "token") receiveToken(event, data);
    else if (data[MESSAGE_KEY] === "hello") answerHello(event);
  }
  function receiveToken(event, data) {
    if (event.source !== window.parent || window.parent === window || typeof data.token !== "string" || !TOKEN.test(data.token)) return;
    ownToken = data.token;
    var waiters = tokenWaiters;
    tokenWaiters = [];
    waiters.forEach(function (wake) {
      wake();
    });
  }
  function answerHello(event) {
    if (!event.source) return;
    var found = null;
    frameOfToken.forEach(function (weak) {
      var frameElement = weak.deref();
      if (!found && frameElement && windowOf(frameElement) === event.source) found = frameElement;
    });
    if (!found) found = frameOfWindow(document.querySelectorAll("iframe, frame"), event.source);
    if (!found) found = frameOfWindow(allFrameElements(document, []), event.source);
    if (found) sendToken(found, tokenFor(found));
  }
  // Every <iframe>/<frame> of the document, those in shadow trees included.
  function allFrameElements(rootNode, out) {
    var all = rootNode.querySelectorAll("*");
    for (var i = 0; i < all.length; i++) {
      var el = all[i];
      if (el.localName === "iframe" || el.localName === "frame") out.push(el);
      var shadow = openShadow(el);
      if (shadow) allFrameElements(shadow, out);
    }
    return out;
  }
  function windowOf(frameElement) {
    try {
      return frameElement.contentWindow;
    } catch (e) {
      return null;
    }
  }
  function frameOfWindow(list, win) {
    for (var i = 0; i < list.length; i++) if (windowOf(list[i]) === win) return list[i];
    return null;
  }
  // Resolves once this frame has its token, or after `ms` (at once in the top frame).
  function waitForToken(ms) {
    if (isTop || ownToken || !(ms > 0)) return Promise.resolve();
    return new Promise(function (resolve) {
      var done = false;
      var finish = function () {
        if (!done) {
          done = true;
          resolve();
        }
      };
      tokenWaiters.push(finish);
      setTimeout(finish, ms);
      sayHello();
    });
  }

  // ----- where a frame is on the page -------------------------------------------------------------------
  // This frame's (0, 0) in the top frame's viewport, summed over same-origin ancestors; complete is false
  // when a cross-origin ancestor hides its <iframe> (the lane adds frameRect() of each such parent).
  function frameOffset() {
    var x = 0,
      y = 0,
      win = window,
      complete = true;
    while (win !== win.top) {
      var frameElement = null;
      try {
        frameElement = win.frameElement;
      } catch (e) {
        frameElement = null;
      }
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
      frameToken: ownFrameToken(),
      frameOffset: frameOffset(),
    };
  }

  // ----- stitching --------------------------------------------------------------------------------------
  function stitch(parts, options) {
    options = options || {};
    parts = (parts || []).filter(function (part) {
      return part && part.ok !== false && typeof part.text === "string";
    });
    var stitching = sortParts(parts);
    var out = [];
    if (stitching.top) expandPart(stitching.top.text, "", out, stitching);
    var dropped = Object.keys(stitching.byToken).filter(function (token) {
      return !stitching.used[token];
    });
    var unplaced = 0;
    stitching.loose.forEach(function (part) {
      if (!part.text) return;
      unplaced++;
      out.push("- iframe" + (part.title ? " " + quote(clean(part.title)) : "") + " [unplaced]:");
      expandPart(part.text, "  ", out, stitching);
    });
    var truncated = parts.some(function (part) {
      return part.truncated;
    });
    var text = out.join("\n");
    var max = options.full ? Infinity : +options.maxChars || Infinity;
    if (text.length > max) {
      text = cutStitched(text, max);
      truncated = true;
    }
    return { text: text, truncated: truncated, placed: stitching.placed, dropped: dropped, missing: stitching.missing, unplaced: unplaced };
  }
  // The top part, the parts with a token, and the loose ones (no token), with the bookkeeping of expandPart.
  function sortParts(parts) {
    var stitching = { top: null, byToken: Object.create(null), loose: [], used: Object.create(null), missing: [], placed: 0 };
    parts.forEach(function (part) {
      if (part.isTop && !stitching.top) stitching.top = part;
      else if (part.frameToken) stitching.byToken[part.frameToken] = part;
      else stitching.loose.push(part);
    });
    if (!stitching.top) stitching.top = stitching.loose.shift() || null;
    return stitching;
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
      var token = match[3];
      var child = stitching.byToken[token];
      var head = base + match[1] + "- iframe" + match[2];
      if (child && !stitching.used[token]) {
        stitching.used[token] = true;
        stitching.placed++;
        if (child.text) {
          out.push(head + ":");
          expandPart(child.text, base + match[1] + "  ", out, stitching);
        } else out.push(head);
      } else {
        if (!child) stitching.missing.push(token);
        out.push(head);
      }
    }
  }
  function cutStitched(text, max) {
    var cut = text.lastIndexOf("\n", max - 200);
    var omitted = text.slice(cut + 1).split("\n").length;
    return text.slice(0, Math.max(cut, 0)) +
      "\n[snapshot compacted: " + omitted + " more lines from frames left out. Call browser_snapshot with full: true for everything.]";
  }

  Object.assign(engine, {
    tokenFor: tokenFor,
    sendToken: sendToken,
    sayHello: sayHello,
    ownFrameToken: ownFrameToken,
    pruneFrames: pruneFrames,
    onMessage: onMessage,
    waitForToken: waitForToken,
    frameOffset: frameOffset,
    frameRect: frameRect,
    stitch: stitch,
  });
})(globalThis.__hermesEngine);

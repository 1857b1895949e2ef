/*
 * Hermes snapshot engine: the shared namespace, and the small helpers every other file uses.
 *
 * The engine is plain scripts (no build step, no modules) shared by both lanes, which inject the files of
 * ENGINE_FILES (wire/hermes_extension/__init__.py) in that order into an isolated world of each frame:
 *   - the extension: chrome.scripting.executeScript({target, files: HERMES_CONTRACT.ENGINE_FILES});
 *   - the CDP lane: Page.createIsolatedWorld per frame (OOPIFs through their own session; the same worldName
 *     gives back the same world, so refs survive), then Runtime.evaluate of the files joined into one script.
 * Each file is a function that runs at once, takes what it needs from the internal namespace
 * globalThis.__hermesEngine into local variables (so nothing is looked up per node) and adds what it
 * defines. The last file, api.js, publishes the public object, globalThis.__hermesSnapshot (documented
 * there), and marks the namespace complete. Injecting again is harmless: with the same version every file
 * returns at once and the first engine keeps its refs. The completion value of the whole is the version.
 */
(function () {
  "use strict";
  var VERSION = "hermes-snapshot/1";
  var existing = globalThis.__hermesEngine;
  if (existing && existing.version === VERSION) return;

  // Out of sight of enumeration; a world that refuses defineProperty gets a plain property.
  function defineHidden(name, value) {
    try {
      Object.defineProperty(globalThis, name, { value: value, configurable: true, writable: true, enumerable: false });
    } catch (e) {
      globalThis[name] = value;
    }
  }
  var engine = { version: VERSION, complete: false };
  defineHidden("__hermesEngine", engine);

  // A lookup table of words: wordSet("a b")["a"] === true. No prototype, so "constructor" is no member.
  function wordSet(words) {
    var members = Object.create(null);
    words.split(" ").forEach(function (word) {
      members[word] = true;
    });
    return members;
  }
  // The same for a mapping (an element named <constructor> must not find Object in it).
  function lookupTable(entries) {
    var table = Object.create(null);
    for (var key in entries) table[key] = entries[key];
    return table;
  }
  // Page text must not pass for text the engine writes (docs/http-api.md, "Snapshot text format"). Every C0
  // and C1 control (tab, LF, VT, FF, CR, NEL...) and U+2028 / U+2029 ends a line for some reader, so none of
  // them reaches the text: clean() makes each run of them and spaces one space (a no-break space stays, as in
  // Chromium's names), and what is shown escapes whatever clean() has not seen.
  var CONTROLS = "\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029";
  var SPACES_AND_CONTROLS = new RegExp("[ " + CONTROLS + "]+", "g");
  // An "@" before e and a digit would read as a ref: page text shows it as "\@".
  var REF_LIKE = "@(?=[eE][0-9])";
  var UNSAFE_IN_TEXT = new RegExp("[" + CONTROLS + "]|" + REF_LIKE, "g");
  var UNSAFE_IN_QUOTES = new RegExp('["\\\\' + CONTROLS + "]|" + REF_LIKE, "g");
  var UNSAFE_IN_URL = new RegExp('[ "\\[\\]' + CONTROLS + "]|" + REF_LIKE, "g");
  function clean(s) {
    return s ? String(s).replace(SPACES_AND_CONTROLS, " ").trim() : "";
  }
  // A value as clean() gives it, but a space kept at each end where it had spaces there: a space typed at the end of
  // a field is a change the text shows (the line ends with it), where clean() showed the field as it was.
  function cleanValue(s) {
    return s ? String(s).replace(SPACES_AND_CONTROLS, " ") : "";
  }
  function cap(s, n) {
    return s.length > n ? s.slice(0, n - 1) + "…" : s;
  }
  function escaped(char) {
    return char === "@" || char === '"' || char === "\\" ? "\\" + char : " ";
  }
  // Page text after a line's ": " (text, a value, table cells): one line, no ref.
  function pageText(s) {
    return String(s).replace(UNSAFE_IN_TEXT, escaped);
  }
  // A page's string in double quotes (a name, a title): one line, no ref, `"` and `\` escaped with a backslash.
  function quote(s) {
    return '"' + String(s).replace(UNSAFE_IN_QUOTES, escaped) + '"';
  }
  // A page's URL in [url=...]: a space, a quote, a bracket, a control or separator, or an "@" that would read
  // as a ref is percent-encoded (the URL means the same with it encoded).
  function urlText(url) {
    return String(url).replace(UNSAFE_IN_URL, encodeURIComponent);
  }
  // Refs may be given as "@e7", "e7" or 7.
  function refNumber(ref) {
    if (typeof ref === "number") return ref;
    var match = /^@?e(\d+)$/.exec(String(ref == null ? "" : ref).trim());
    return match ? +match[1] : NaN;
  }
  function refText(number) {
    return "@e" + number;
  }
  // Every failure that crosses to a lane has this shape: {ok: false, error: {code, message, ...extra}}.
  function failure(code, message, extra) {
    var out = { ok: false, error: { code: code, message: message } };
    if (extra) for (var key in extra) out.error[key] = extra[key];
    return out;
  }
  function staleRef(number, owned) {
    return failure("stale_ref", "Element " + refText(number) + " is gone; take a new snapshot.", { owned: owned });
  }
  var isTop = (function () {
    try {
      return window.top === window;
    } catch (e) {
      return false;
    }
  })();

  Object.assign(engine, {
    defineHidden: defineHidden,
    wordSet: wordSet,
    lookupTable: lookupTable,
    clean: clean,
    cleanValue: cleanValue,
    cap: cap,
    quote: quote,
    pageText: pageText,
    urlText: urlText,
    refNumber: refNumber,
    refText: refText,
    failure: failure,
    staleRef: staleRef,
    isTop: isTop,
    NAME_CAP: 300,
    VALUE_CAP: 500,
  });
})();

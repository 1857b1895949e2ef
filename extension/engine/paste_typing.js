/*
 * Hermes snapshot engine: typing that an editor rewrote, put in again as a paste.
 *
 * A code editor rewrites what is typed into it: it closes a bracket or a quote as the opening one is typed, wraps
 * what is selected in the bracket typed over it, and indents each new line (Monaco in JSON mode, Airflow 3's
 * trigger form). Real keys leave it holding something else than the text (measured on Monaco 0.52 and 0.58: a
 * JSON object of two lines typed key by key holds its closing brace twice and each line indented again), so
 * typing's read-back fails. A person who finds that pastes the text instead, and an editor inserts a paste as it
 * is. typedOrPasted(ref, text) reads typing back (typing.js typed); where it did not land in an editor (not a
 * field: a field takes its keys as they come), and that editor has the focus still, the text goes in as the
 * session's clipboard would put it: Control+A, then Control+V with the text (keyboard.js press: the paste event
 * the editor handles, else the browser's own insertion), and once the page has settled it is read back again,
 * the answer saying pasted. Both lanes read typing back through it (api.js type, typing.js typedAfter), so both
 * paste alike.
 */
(function (engine) {
  "use strict";
  if (engine.complete) return;

  // How long the page may take to settle after the paste, as after typing's last key (typing.js).
  var SETTLE_AFTER_PASTE_MS = 500;

  // Promise of typed(ref, text)'s answer, or of the answer after the paste (with pasted: true).
  function typedOrPasted(ref, text) {
    var checked = engine.typed(ref, text);
    if (checked.ok || checked.error.code !== "type_mismatch") return Promise.resolve(checked);
    var found = engine.lookup(ref);
    var editor = found.ok ? pastedInto(engine.readTarget(found.element)) : null;
    if (!editor) return Promise.resolve(checked);
    var token = engine.watch();
    return Promise.resolve(engine.press("Control+a"))
      .then(function () {
        return engine.press("Control+v", { clipboard: String(text).replace(/\r\n?/g, "\n") });
      })
      .then(function (pasted) {
        var took = pasted.ok && pasted.clipboard && pasted.clipboard.pasted > 0;
        // the editor draws the paste in its next frame, which a loaded machine can bring later than a settle's
        // bound: read back only once a frame is drawn and the page's tasks have run
        return engine.frameAndTurn().then(function () {
          return engine.settle(token, { maxMs: SETTLE_AFTER_PASTE_MS });
        }).then(function (after) {
          var again = engine.typed(ref, text);
          if (again.ok && took) again.pasted = true;
          return engine.carrySettled(again, after, engine.TYPING_FACTS);
        });
      });
  }
  // The editor a paste goes into in place of typing: `el` (what typing went into) when it is an editor that has
  // the focus (a contenteditable's editing host, an EditContext's element, the hidden textarea a code editor
  // types through) and no password or payment field; else null.
  function pastedInto(el) {
    var tag = el.localName;
    if (tag === "input" || tag === "select" || engine.segmentedField(el) || engine.sensitiveField(el)) return null;
    var editor = tag === "textarea" ? !engine.readsBack(el) : engine.editorSurface(el);
    var focused = engine.focusedElement();
    if (!editor || !focused) return null;
    var inHost = el.isContentEditable && (focused.contains(el) || el.contains(focused)); // (the host, or inside it)
    return focused === el || inHost ? el : null;
  }

  Object.assign(engine, { typedOrPasted: typedOrPasted });
})(globalThis.__hermesEngine);

// Hermes snapshot engine: one frame's snapshot (its part of the tab's), from the tree, the text and the
// frame's token. The options and the part's fields are documented in api.js.
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var isTop = engine.isTop,
    pruneRefs = engine.pruneRefs,
    nextRefAfter = engine.nextRefAfter,
    pruneFrames = engine.pruneFrames,
    ownFrameToken = engine.ownFrameToken,
    waitForToken = engine.waitForToken,
    newWalk = engine.newWalk,
    buildTree = engine.buildTree,
    renderTree = engine.renderTree,
    layout = engine.layout,
    compact = engine.compact;

  var DEFAULT_MAX_CHARS = 32000;
  var DEFAULT_TOKEN_WAIT_MS = 400;

  function snapshotSync(options) {
    options = options || {};
    var started = performance.now();
    pruneRefs();
    pruneFrames();
    var walk = newWalk(options);
    var lines = renderTree(buildTree(walk));
    var full = !!options.full;
    var compacted = full ? null : compact(lines, Math.max(2000, +options.maxChars || DEFAULT_MAX_CHARS), window.innerHeight);
    var text = compacted ? compacted.text : layout(lines, null);
    return {
      ok: true,
      text: text,
      nextRef: nextRefAfter(walk.next),
      refs: walk.refs,
      frameToken: ownFrameToken(),
      isTop: isTop,
      url: location.href,
      title: document.title,
      truncated: !!compacted,
      frames: walk.frames,
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
  }
  // The same, once this frame knows its token (or tokenWaitMs has passed): a child frame's part must say
  // which placeholder of its parent it fills.
  function snapshot(options) {
    options = options || {};
    var wait = options.tokenWaitMs === undefined ? DEFAULT_TOKEN_WAIT_MS : +options.tokenWaitMs;
    return waitForToken(wait).then(function () {
      return snapshotSync(options);
    });
  }

  Object.assign(engine, {
    snapshotSync: snapshotSync,
    snapshot: snapshot,
  });
})(globalThis.__hermesEngine);

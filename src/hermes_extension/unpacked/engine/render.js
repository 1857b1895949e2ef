/*
 * Hermes snapshot engine: the tree as text, and compaction to a size.
 *
 * Text. Accessibility-tree style: `- role "name" [state] @eN: value`; containers end with `:` and indent their
 * children by two spaces; a lone text child goes on the same line (`- paragraph: text`); text runs are
 * `- text: ...`; a table row of plain cells is one line, `- row: a | b | c`; links carry [url=...] when urls
 * are on; a text field of type password carries [password]. The page's strings are shown as core.js escapes
 * them (quote, pageText, urlText): on one line, inside the quotes of a name, the brackets of a URL or after
 * the ": ", and never as a ref, which only the engine writes, after the name and states.
 *
 * Size. Compact by default: if the text is over maxChars, every interactive element and heading is kept
 * first (document order, with the containers they sit in; bare listitem/paragraph wrappers are left out), then
 * short text, then long text shortened; a last line `[snapshot compacted: ... Call browser_snapshot with
 * full: true for everything.]` says what was left out. full: true returns everything.
 */
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var wordSet = engine.wordSet,
    quote = engine.quote,
    pageText = engine.pageText,
    urlText = engine.urlText;

  var LONG_TEXT = 120;
  // What a line is, for compaction.
  var KEY = 0; // interactive, heading, frame placeholder: kept first
  var STRUCTURE = 1; // a container line: kept when something inside is
  var SHORT_TEXT = 2; // short static text
  var LONG_TEXT_LINE = 3; // long static text
  // Containers that take over the content of an only-child paragraph.
  var ABSORB_PARAGRAPH = wordSet("listitem cell gridcell columnheader rowheader blockquote note term");
  // Single-child wrappers that are replaced by their only child when they have no name or state.
  var COLLAPSE = wordSet("listitem paragraph group term note blockquote");
  var CELLS = wordSet("cell columnheader rowheader");
  // In a compacted snapshot these bare wrappers are left out and their kept children move up a level.
  var ELIDABLE = /^- (paragraph|listitem|group|note|blockquote|term|definition):$/;

  // The rendered lines, as parallel arrays: the line's text, its depth, the index of its parent line (-1 at
  // the top) and its kind.
  function Lines() {
    this.text = [];
    this.depth = [];
    this.parent = [];
    this.kind = [];
  }
  Lines.prototype.push = function (text, depth, parent, kind) {
    this.text.push(text);
    this.depth.push(depth);
    this.parent.push(parent);
    this.kind.push(kind);
    return this.text.length - 1;
  };
  function textKind(text) {
    return text.length > LONG_TEXT ? LONG_TEXT_LINE : SHORT_TEXT;
  }
  function isBareParagraph(node) {
    return node.role === "paragraph" && !node.name && !node.ref && !node.states;
  }
  function cellContent(cell) {
    var children = cell.children;
    while (children.length === 1 && isBareParagraph(children[0])) children = children[0].children;
    return children;
  }
  function isSimpleCell(node) {
    if (!CELLS[node.role] || node.ref || node.states) return false;
    var content = cellContent(node);
    return content.length === 0 || (content.length === 1 && content[0].text !== undefined);
  }

  function renderTree(root) {
    var lines = new Lines();
    for (var i = 0; i < root.children.length; i++) renderNode(root.children[i], 0, -1, lines);
    return lines;
  }
  function renderNode(node, depth, parent, lines) {
    if (node.text !== undefined) {
      lines.push("- text: " + pageText(node.text), depth, parent, textKind(node.text));
      return;
    }
    var children = node.children;
    while (ABSORB_PARAGRAPH[node.role] && children.length === 1 && isBareParagraph(children[0])) children = children[0].children;
    if (COLLAPSE[node.role] && !node.name && !node.ref && !node.states && children.length === 1 && children[0].text === undefined) {
      renderNode(children[0], depth, parent, lines);
      return;
    }
    var head = headOf(node, children);
    var key = node.ref || node.frame || node.role === "heading";
    if (!children.length) {
      lines.push(head, depth, parent, key ? KEY : textKind(head));
      return;
    }
    if (node.value === undefined && children.length === 1 && children[0].text !== undefined) {
      var line = head + ": " + pageText(children[0].text);
      lines.push(line, depth, parent, key ? KEY : textKind(line));
      return;
    }
    if (node.role === "row" && !node.ref && node.value === undefined && children.every(isSimpleCell)) {
      var row = head + ": " + children.map(cellText).join(" | ");
      lines.push(row, depth, parent, textKind(row));
      return;
    }
    var own = lines.push(node.value === undefined ? head + ":" : head, depth, parent, key ? KEY : STRUCTURE);
    for (var i = 0; i < children.length; i++) renderNode(children[i], depth + 1, own, lines);
  }
  // `- role "name" [states] [url=...] @eN [frame=TOKEN]: value`
  function headOf(node, children) {
    var head = "- " + node.role;
    // `<h2><a href>Title</a></h2>`: the link under the heading carries the name, once
    var sameAsChild = node.role === "heading" && children.length === 1 && children[0].ref && children[0].name === node.name;
    if (node.name && !sameAsChild) head += " " + quote(node.name);
    if (node.states) head += node.states;
    if (node.url !== undefined) head += " [url=" + urlText(node.url) + "]";
    if (node.ref) head += " @e" + node.ref;
    if (node.frame) head += " [frame=" + node.frame + "]";
    if (node.value) head += ": " + pageText(node.value);
    return head;
  }
  function cellText(cell) {
    var content = cellContent(cell);
    return pageText(content.length ? content[0].text : cell.name || "");
  }

  var INDENTS = [""];
  function indent(depth) {
    while (INDENTS.length <= depth) INDENTS.push(INDENTS[INDENTS.length - 1] + "  ");
    return INDENTS[depth];
  }
  // The lines as text: all of them, or those with keep[i] === 1 at the given depths.
  function layout(lines, keep, depths) {
    var out = [];
    var depth = depths || lines.depth;
    for (var i = 0; i < lines.text.length; i++) if (!keep || keep[i] === 1) out.push(indent(depth[i]) + lines.text[i]);
    return out.join("\n");
  }

  // ----- compaction -------------------------------------------------------------------------------------
  // null when the text fits in maxChars; else {text (with the notice), droppedKey, droppedText, shortened}.
  function compact(lines, maxChars) {
    var total = 0;
    for (var i = 0; i < lines.text.length; i++) total += lines.text[i].length + 2 * lines.depth[i] + 1;
    if (total <= maxChars) return null;
    var selection = newSelection(lines, maxChars - 400);
    var cutKeyAt = keepKeyLines(selection);
    var droppedKey = 0;
    var shortened = 0;
    if (cutKeyAt >= 0) droppedKey = countLeftOut(selection, cutKeyAt, KEY);
    else shortened = keepText(selection);
    var droppedText = 0;
    for (var j = 0; j < lines.text.length; j++) if (!selection.keep[j] && lines.kind[j] !== KEY && lines.kind[j] !== STRUCTURE) droppedText++;
    var text = layout(lines, selection.keep, selection.depth);
    var notice = compactionNotice(text.length, total, droppedKey && lines.text[cutKeyAt], droppedKey, droppedText, shortened);
    return { text: text ? text + "\n" + notice : notice, droppedKey: droppedKey, droppedText: droppedText, shortened: shortened };
  }
  // keep[i]: 0 = left out, 1 = shown, 2 = an elided wrapper (kept for its children, not shown); a line's
  // depth and cost (its characters) count elided wrappers as absent.
  function newSelection(lines, budget) {
    var count = lines.text.length;
    var elide = new Uint8Array(count);
    var depth = new Array(count);
    var cost = new Array(count);
    for (var i = 0; i < count; i++) {
      var parent = lines.parent[i];
      depth[i] = parent < 0 ? 0 : depth[parent] + (elide[parent] ? 0 : 1);
      elide[i] = lines.kind[i] === STRUCTURE && ELIDABLE.test(lines.text[i]) ? 1 : 0;
      cost[i] = elide[i] ? 0 : lines.text[i].length + 2 * depth[i] + 1;
    }
    return { lines: lines, keep: new Uint8Array(count), elide: elide, depth: depth, cost: cost, used: 0, budget: budget };
  }
  // Keeps line i with the containers it sits in, if they fit; `ownCost` replaces the line's own cost.
  function take(selection, i, ownCost) {
    var parents = selection.lines.parent;
    var keep = selection.keep;
    var sum = ownCost === undefined ? selection.cost[i] : ownCost;
    for (var p = parents[i]; p >= 0 && !keep[p]; p = parents[p]) sum += selection.cost[p];
    if (selection.used + sum > selection.budget) return false;
    keep[i] = 1;
    for (var q = parents[i]; q >= 0 && !keep[q]; q = parents[q]) keep[q] = selection.elide[q] ? 2 : 1;
    selection.used += sum;
    return true;
  }
  // Keeps key lines in document order; the index of the first that did not fit, or -1.
  function keepKeyLines(selection) {
    var kind = selection.lines.kind;
    for (var i = 0; i < kind.length; i++) if (kind[i] === KEY && !take(selection, i)) return i;
    return -1;
  }
  function countLeftOut(selection, from, wanted) {
    var left = 0;
    for (var i = from; i < selection.keep.length; i++) if (selection.lines.kind[i] === wanted && !selection.keep[i]) left++;
    return left;
  }
  // Keeps short text lines, then long ones shortened; the number shortened.
  function keepText(selection) {
    var lines = selection.lines;
    for (var i = 0; i < lines.text.length; i++) if (lines.kind[i] === SHORT_TEXT && !selection.keep[i]) take(selection, i);
    var shortened = 0;
    for (var j = 0; j < lines.text.length; j++) {
      if (lines.kind[j] !== LONG_TEXT_LINE || selection.keep[j]) continue;
      var short = shorten(lines.text[j]);
      if (take(selection, j, short.length + 2 * selection.depth[j] + 1)) {
        lines.text[j] = short;
        shortened++;
      }
    }
    return shortened;
  }
  // A long line cut to LONG_TEXT characters and "…", still well formed: the free text after ": " is cut
  // anywhere; a quoted name is cut between escapes and its quote closed; a cut after the name drops the rest.
  function shorten(line) {
    var quoted = false;
    var nameEnd = 0;
    for (var i = 0; i < LONG_TEXT; i++) {
      var char = line[i];
      if (quoted) {
        if (char === "\\") {
          if (i + 1 === LONG_TEXT) break;
          i++;
        } else if (char === '"') {
          quoted = false;
          nameEnd = i + 1;
        }
      } else if (char === '"') {
        quoted = true;
      } else if (char === ":" && line[i + 1] === " ") {
        return line.slice(0, LONG_TEXT) + "…";
      }
    }
    if (quoted) return line.slice(0, i) + '…"';
    return nameEnd ? line.slice(0, nameEnd) + ": …" : line;
  }
  function compactionNotice(shown, total, firstCutLine, droppedKey, droppedText, shortened) {
    var parts = [];
    if (droppedKey) {
      var cutRef = / @e(\d+)/.exec(firstCutLine); // page text never shows " @e" + digit
      parts.push(droppedKey + " interactive elements and headings" + (cutRef ? " from @e" + cutRef[1] : "") + " on");
    }
    if (droppedText) parts.push(droppedText + " lines of text");
    if (shortened) parts.push(shortened + " long texts shortened with …");
    return "[snapshot compacted: " + shown + " of " + total + " characters shown; left out " + parts.join(", ") +
      ". Call browser_snapshot with full: true for everything.]";
  }

  Object.assign(engine, {
    renderTree: renderTree,
    layout: layout,
    compact: compact,
  });
})(globalThis.__hermesEngine);

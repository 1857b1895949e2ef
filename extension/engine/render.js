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
 * Size. Compact by default: if the text is over maxChars, it follows the viewport (what the user sees): the
 * outline of the whole page first (its headings, landmarks and frames), then every line in the viewport, then
 * lines outward above and below it, nearest first, while the budget lasts (each with the containers it sits in; bare
 * listitem/paragraph wrappers are left out; a long line is shortened rather than left out). The last line,
 * `[snapshot compacted: ... left out 412 rows and 3 buttons above, 2,200 rows below; ... Call browser_snapshot
 * with full: true for everything.]`, says what was left out on each side. The viewport is the part of the frame
 * the user sees (frames.js, visibleWindow); a line without a position counts as in view. With frames, each
 * frame compacts its own lines around what of it is seen, and stitch() places them all in the top frame's
 * viewport and compacts them once more, within the same budget, with one such notice for the whole tab.
 * full: true returns everything.
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
  // A text run that only separates its neighbours ("/" between links, "›" in breadcrumbs, the "," and "( )" around
  // links in a sentence) is no line of its own: it says nothing an agent acts on. The only text of an element
  // stays (`- cell: -`), and so does a mark that means something, such as "*" beside a required field.
  var SEPARATOR = /^\s*[\/|\u00b7\u2022\u203a\u00bb\u00ab\u2039,;:()\[\]\u2013\u2014-]{1,3}\s*$/;
  // In a compacted snapshot these bare wrappers are left out and their kept children move up a level.
  var ELIDABLE = /^- (paragraph|listitem|group|note|blockquote|term|definition):$/;
  // The token at the end of a frame placeholder line.
  var FRAME_TOKEN = / \[frame=([A-Za-z0-9.]+)\]$/;

  // The rendered lines, as parallel arrays: the line's text, its depth, the index of its parent line (-1 at
  // the top), its kind, the role of its node ("text" for a text run) and where its node is (top and bottom in
  // CSS px from the top of the viewport; NaN when not known).
  function Lines() {
    this.text = [];
    this.depth = [];
    this.parent = [];
    this.kind = [];
    this.role = [];
    this.top = [];
    this.bottom = [];
  }
  Lines.prototype.push = function (text, depth, parent, kind, node) {
    return this.add(text, depth, parent, kind, node.role || "text", node.top, node.bottom);
  };
  // One line; a line without a position (NaN) is where its parent line is.
  Lines.prototype.add = function (text, depth, parent, kind, role, top, bottom) {
    this.text.push(text);
    this.depth.push(depth);
    this.parent.push(parent);
    this.kind.push(kind);
    this.role.push(role);
    var placed = top === top; // not NaN
    var inherited = parent >= 0;
    this.top.push(placed ? top : inherited ? this.top[parent] : NaN);
    this.bottom.push(placed ? bottom : inherited ? this.bottom[parent] : NaN);
    return this.text.length - 1;
  };
  // The characters of the lines laid out in full.
  Lines.prototype.size = function () {
    var total = 0;
    for (var i = 0; i < this.text.length; i++) total += this.text[i].length + 2 * this.depth[i] + 1;
    return total;
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
      if (SEPARATOR.test(node.text)) return;
      lines.push("- text: " + pageText(node.text), depth, parent, textKind(node.text), node);
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
      lines.push(head, depth, parent, key ? KEY : textKind(head), node);
      return;
    }
    if (node.value === undefined && children.length === 1 && children[0].text !== undefined) {
      var line = head + ": " + pageText(children[0].text);
      lines.push(line, depth, parent, key ? KEY : textKind(line), node);
      return;
    }
    if (node.role === "row" && !node.ref && node.value === undefined && children.every(isSimpleCell)) {
      var row = head + ": " + children.map(cellText).join(" | ");
      lines.push(row, depth, parent, textKind(row), node);
      return;
    }
    var own = lines.push(node.value === undefined ? head + ":" : head, depth, parent, key ? KEY : STRUCTURE, node);
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
  // Roles whose lines make the outline of the page, kept whatever part of it is in view.
  // A frame placeholder is among them: where each frame is, and the outline of its own page under it.
  var OUTLINE = wordSet("heading banner navigation main contentinfo complementary region search form iframe");
  var OUTLINE_SHARE = 0.25; // at most this part of the budget goes to the outline
  var NOTICE_ROOM = 400; // characters kept free for the notice
  // How the notice counts what it left out, by the line's role; other lines are "lines of text".
  var COUNTED_AS = engine.lookupTable({
    row: "rows", listitem: "list items", link: "links", button: "buttons", textbox: "text fields",
    searchbox: "text fields", combobox: "text fields", checkbox: "checkboxes", radio: "radio buttons",
    heading: "headings", img: "images", option: "options", gridcell: "cells", cell: "cells", iframe: "frames",
  });
  // null when the text fits in maxChars; else {text (with the notice), droppedKey, droppedText, shortened,
  // above, below (how many lines were left out on that side of the view), leftOut (tally's answer), keep and
  // depth (the selection: which lines are shown, at which depth)}. `view` is the part of the page the user
  // sees, {top, bottom} in the lines' coordinates. `carried` is what was left out before the lines came here
  // (frames.js stitches the frames' own compacted lines): {total (characters of everything), leftOut,
  // shortened}; with it the notice is written even when the lines fit, since something is missing already.
  function compact(lines, maxChars, view, carried) {
    var total = carried ? carried.total : lines.size();
    if (!carried && total <= maxChars) return null;
    var selection = newSelection(lines, maxChars - NOTICE_ROOM);
    keepOutline(selection);
    var seen = viewOf(lines, view);
    for (var k = 0; k < seen.inside.length; k++) keepLine(selection, seen.inside[k]);
    keepOutward(selection, seen.above, seen.below, carried && carried.limits);
    var leftOut = tally(selection, view);
    var shortened = selection.shortened;
    if (carried) {
      addLeftOut(leftOut, carried.leftOut);
      shortened += carried.shortened || 0;
    }
    var text = layout(lines, selection.keep, selection.depth);
    // (size() counts a newline after every line, the text has none after its last)
    var notice = compactionNotice(text.length, Math.max(total - 1, text.length), leftOut, shortened);
    return {
      text: text ? text + "\n" + notice : notice,
      droppedKey: leftOut.key,
      droppedText: leftOut.text,
      shortened: shortened,
      above: leftOut.aboveLines,
      below: leftOut.belowLines,
      leftOut: leftOut,
      keep: selection.keep,
      depth: selection.depth,
    };
  }
  // The lines in the view (document order), and those above and below it, nearest first. A line without a
  // position counts as in view.
  function viewOf(lines, view) {
    var inside = [],
      above = [],
      below = [];
    for (var i = 0; i < lines.text.length; i++) {
      var top = lines.top[i],
        bottom = lines.bottom[i];
      if (top !== top || (bottom > view.top && top < view.bottom)) inside.push(i);
      else if (bottom <= view.top) above.push(i);
      else below.push(i);
    }
    above.sort(function (a, b) {
      return lines.bottom[b] - lines.bottom[a] || b - a;
    });
    below.sort(function (a, b) {
      return lines.top[a] - lines.top[b] || a - b;
    });
    return { inside: inside, above: above, below: below };
  }
  function keepOutline(selection) {
    var lines = selection.lines;
    var budget = selection.budget;
    selection.budget = Math.floor(budget * OUTLINE_SHARE);
    for (var i = 0; i < lines.text.length; i++) if (OUTLINE[lines.role[i]] && lines.kind[i] !== SHORT_TEXT && lines.kind[i] !== LONG_TEXT_LINE) take(selection, i);
    selection.budget = budget;
  }
  // Keeps line i, shortened if it is long text that does not fit whole; false when it does not fit at all. A
  // container line comes with what is kept inside it, never alone (and an elided wrapper stays elided).
  function keepLine(selection, i) {
    if (selection.keep[i] || selection.lines.kind[i] === STRUCTURE) return true;
    if (take(selection, i)) return true;
    if (selection.lines.kind[i] !== LONG_TEXT_LINE) return false;
    var short = shorten(selection.lines.text[i]);
    if (!take(selection, i, short.length + 2 * selection.depth[i] + 1)) return false;
    selection.lines.text[i] = short;
    selection.shortened++;
    return true;
  }
  // Alternates between the nearest line above and below; a side stops at its first line that does not fit, so
  // what is shown is one stretch of the page around the viewport. `limits` ({above, below}, from the stitch):
  // where the frames' own compaction already left lines out on each side; a side stops there too, since what
  // lies beyond is farther away than what is missing.
  function keepOutward(selection, above, below, limits) {
    var lines = selection.lines;
    var highest = limits ? limits.above : -Infinity,
      lowest = limits ? limits.below : Infinity;
    var up = 0,
      down = 0;
    while (up < above.length || down < below.length) {
      if (down < below.length) {
        if (!(lines.top[below[down]] > lowest) && keepLine(selection, below[down])) down++;
        else below.length = down;
      }
      if (up < above.length) {
        if (!(lines.bottom[above[up]] < highest) && keepLine(selection, above[up])) up++;
        else above.length = up;
      }
    }
  }
  // What was left out: per side, counts by kind; the totals of key lines and text lines; the side of each
  // frame placeholder left out (by its token), whose frame's lines are then left out on that side too; and the
  // nearest place left out on each side (nearestAbove: the lowest bottom above the view, nearestBelow: the
  // highest top below it; null for none), which bounds the stitch's own compaction (keepOutward).
  function tally(selection, view) {
    var lines = selection.lines;
    var out = newTally();
    out.frameSides = Object.create(null);
    out.nearestAbove = null;
    out.nearestBelow = null;
    for (var i = 0; i < lines.text.length; i++) {
      if (selection.keep[i] || lines.kind[i] === STRUCTURE) continue;
      var side = lines.bottom[i] <= view.top ? "above" : lines.top[i] >= view.bottom ? "below" : "inside";
      countLine(out, side, lines.kind[i], lines.role[i]);
      if (side === "above" && (out.nearestAbove === null || lines.bottom[i] > out.nearestAbove)) out.nearestAbove = lines.bottom[i];
      if (side === "below" && (out.nearestBelow === null || lines.top[i] < out.nearestBelow)) out.nearestBelow = lines.top[i];
      if (lines.role[i] === "iframe") {
        var token = FRAME_TOKEN.exec(lines.text[i]);
        if (token) out.frameSides[token[1]] = side;
      }
    }
    return out;
  }
  // Nothing left out yet: counts by kind on each side, lines per side, key lines and text lines.
  function newTally() {
    return { above: Object.create(null), inside: Object.create(null), below: Object.create(null), aboveLines: 0, belowLines: 0, key: 0, text: 0 };
  }
  // Counts one line left out on `side`.
  function countLine(into, side, kind, role) {
    if (kind === KEY) into.key++;
    else into.text++;
    if (side === "above") into.aboveLines++;
    else if (side === "below") into.belowLines++;
    var what = COUNTED_AS[role] || "lines of text";
    into[side][what] = (into[side][what] || 0) + 1;
  }
  // Adds what `more` (a tally) left out to `into`; `side`, when given, is where all of it goes.
  function addLeftOut(into, more, side) {
    ["above", "inside", "below"].forEach(function (from) {
      var counts = more[from] || {};
      var to = side || from;
      for (var what in counts) {
        var n = +counts[what] || 0;
        into[to][what] = (into[to][what] || 0) + n;
        if (to === "above") into.aboveLines += n;
        else if (to === "below") into.belowLines += n;
      }
    });
    into.key += +more.key || 0;
    into.text += +more.text || 0;
  }
  // Adds shown lines (shownLines' arrays, from a frame left out whole) to `into`, all on `side`.
  function tallyShown(into, shown, side) {
    for (var i = 0; i < shown.text.length; i++) if (+shown.kind[i] !== STRUCTURE) countLine(into, side, +shown.kind[i], shown.role[i]);
  }
  function counted(counts) {
    var parts = [];
    for (var what in counts) parts.push([counts[what], what]);
    parts.sort(function (a, b) {
      return b[0] - a[0];
    });
    var words = parts.map(function (part) {
      return part[0].toLocaleString("en-US") + " " + (part[0] === 1 ? singular(part[1]) : part[1]);
    });
    return words.length > 1 ? words.slice(0, -1).join(", ") + " and " + words[words.length - 1] : words.join("");
  }
  function singular(what) {
    return what === "checkboxes" ? "checkbox" : what === "lines of text" ? "line of text" : what.replace(/s$/, "");
  }
  function compactionNotice(shown, total, leftOut, shortened) {
    var sides = [];
    var above = counted(leftOut.above),
      inside = counted(leftOut.inside),
      below = counted(leftOut.below);
    if (above) sides.push(above + " above");
    if (inside) sides.push(inside + " in view");
    if (below) sides.push(below + " below");
    var cut = shortened ? "; " + shortened + " long lines shortened with …" : "";
    return "[snapshot compacted: " + shown + " of " + total + " characters shown; left out " + (sides.join(", ") || "nothing") + cut +
      "; browser_scroll (up, down, top, bottom, or to a ref) brings them into view. Call browser_snapshot with full: true for everything.]";
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
    return { lines: lines, keep: new Uint8Array(count), elide: elide, depth: depth, cost: cost, used: 0, budget: budget, shortened: 0 };
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
  // The lines a snapshot shows (all of them, or those `compacted` kept), as plain arrays for stitch(): text,
  // depth, kind, role, top, bottom.
  function shownLines(lines, compacted) {
    var out = { text: [], depth: [], kind: [], role: [], top: [], bottom: [] };
    for (var i = 0; i < lines.text.length; i++) {
      if (compacted && compacted.keep[i] !== 1) continue;
      out.text.push(lines.text[i]);
      out.depth.push(compacted ? compacted.depth[i] : lines.depth[i]);
      out.kind.push(lines.kind[i]);
      out.role.push(lines.role[i]);
      out.top.push(lines.top[i]);
      out.bottom.push(lines.bottom[i]);
    }
    return out;
  }
  Object.assign(engine, {
    Lines: Lines,
    KEY_LINE: KEY,
    STRUCTURE_LINE: STRUCTURE,
    renderTree: renderTree,
    layout: layout,
    compact: compact,
    newTally: newTally,
    addLeftOut: addLeftOut,
    tallyShown: tallyShown,
    shownLines: shownLines,
  });
})(globalThis.__hermesEngine);

/*
 * Hermes snapshot engine: reading a snapshot's text as a tree, for what changed between two reads (changes())
 * and for a search of the whole page (find()).
 *
 * An agent that acted wants to know what its action changed, not to read the page again; one that looks for a
 * field wants the lines that match, not every line. Both work on full snapshot texts, stitched across frames, so
 * they see the page whole, whatever the viewport shows, and both show each line they report under the outline of
 * its ancestors (the lines it sits in, unmarked), so that it reads alone.
 *
 * Lines are matched by identity: a line with a ref is its element (refs stay while the element stays: refs.js);
 * a line without one is its text under its parent. A changes text prefixes every line with a two-character
 * column: "+ " added, "- " removed (the top of what went: what was inside it went too), "~ " changed (its new
 * form: a name, value or state changed, or it moved under another parent), "  " an ancestor shown for context.
 *
 * Each frame's engine keeps, per session (the lane's key, never the page's), the full text of its part as that
 * session's last snapshot read it (remember()): the "before" of the next changes. A new document starts a new
 * engine, with nothing kept: its changes are the whole page.
 */
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var stitch = engine.stitch,
    failure = engine.failure;

  // The ref of a line: " @eN" after its name and states (page text shows "@e" escaped, so it is never this).
  var REF = / @e([1-9][0-9]*)(?= |:|$)/;
  // role and quoted name at the start of a line's body: `- role "name"`
  var HEAD = /^- ([a-z]+)(?: ("(?:[^"\\]|\\.)*"))?/;

  // The lines of a text as a tree: {depth, body (the line without its indent), ref, key, parent (index or -1)}.
  // Lines that are no element line (a notice) are left out.
  function parse(text) {
    var lines = [];
    var open = []; // index of the latest line at each depth
    var rows = text ? text.split("\n") : [];
    for (var i = 0; i < rows.length; i++) {
      var row = rows[i];
      var spaces = row.length - row.replace(/^ +/, "").length;
      var body = row.slice(spaces);
      if (body.slice(0, 2) !== "- ") continue;
      var depth = spaces >> 1;
      open.length = Math.min(open.length, depth);
      var parent = depth > 0 && open.length === depth ? open[depth - 1] : -1;
      if (parent < 0) depth = 0;
      var ref = REF.exec(body);
      var parentKey = parent >= 0 ? lines[parent].key : "";
      // (a line with no ref is known by its text, [focused] and [active] aside: a table that takes the focus is the
      // same table)
      var key = ref ? "@e" + ref[1] : parentKey + "\n" + withoutFocus(body);
      lines.push({ depth: depth, body: body, ref: ref ? ref[1] : null, parent: parent, key: key });
      open[depth] = lines.length - 1;
    }
    return lines;
  }
  function ancestorsOf(lines, index) {
    var chain = [];
    for (var at = lines[index].parent; at >= 0; at = lines[at].parent) chain.unshift(lines[at]);
    return chain;
  }
  var INDENTS = [""];
  function indent(depth) {
    while (INDENTS.length <= depth) INDENTS.push(INDENTS[INDENTS.length - 1] + "  ");
    return INDENTS[depth];
  }
  // Writes entries ({mark, line, ancestors}) in order, each ancestor once for the entries that share it.
  function writeEntries(entries) {
    var out = [];
    var shown = []; // the key of the line last written at each depth
    entries.forEach(function (entry) {
      var chain = entry.ancestors.concat([entry.line]);
      for (var d = 0; d < chain.length; d++) {
        var line = chain[d];
        var last = d === chain.length - 1;
        if (!last && shown[d] === line.key) continue;
        shown.length = d;
        shown[d] = line.key;
        out.push((last ? entry.mark + " " : "  ") + indent(d) + line.body);
      }
    });
    return out.join("\n");
  }

  // A line's body without its [focused] or [active] state (among the states after its role and name, never in its
  // text): a line that only lost the focus, or the keys of a list, is no change to show (where they went is: that
  // line gained it).
  var FOCUSED_STATE = /^(- [a-z]+(?: "(?:[^"\\]|\\.)*")?(?: \[[^\]]*\])*?) \[(?:focused|active)\]/;
  function withoutFocus(body) {
    return body.replace(FOCUSED_STATE, "$1");
  }
  // A line's body without its link's [url=...] (a URL as core.js writes it has no space and no bracket), which only
  // a full read shows: a link read in full, then compactly, or the other way, is no change. Where both reads show
  // URLs, a link whose URL changed is.
  var URL_PART = /^(- [a-z]+(?: "(?:[^"\\]|\\.)*")?(?: \[[^\]]*\])*?) \[url=[^\] ]*\]/;
  function sameLine(was, now) {
    if (was === now || withoutFocus(was) === now) return true;
    var wasBare = was.replace(URL_PART, "$1"),
      nowBare = now.replace(URL_PART, "$1");
    var oneShowsUrl = (wasBare !== was) !== (nowBare !== now);
    return oneShowsUrl && (wasBare === nowBare || withoutFocus(wasBare) === nowBare);
  }

  // changes(before, after) -> {text, added, removed, changed}: what `after` (a full snapshot text) shows that
  // `before` did not, and what it no longer shows; text is "" when nothing changed.
  function changes(before, after) {
    var old = parse(before);
    var now = parse(after);
    var pool = Object.create(null); // key -> indices of old lines with that key, in order
    old.forEach(function (line, index) {
      (pool[line.key] = pool[line.key] || []).push(index);
    });
    var matchOf = new Array(old.length); // old index -> the new index it matched
    var entries = [];
    var counts = { added: 0, removed: 0, changed: 0 };
    now.forEach(function (line, index) {
      var candidates = pool[line.key];
      var mark = "+";
      if (candidates && candidates.length) {
        var wasAt = candidates.shift();
        var was = old[wasAt];
        matchOf[wasAt] = index;
        var moved = (was.parent >= 0 ? old[was.parent].key : "") !== (line.parent >= 0 ? now[line.parent].key : "");
        if (sameLine(was.body, line.body) && !moved) return;
        mark = "~";
      }
      counts[mark === "+" ? "added" : "changed"]++;
      entries.push({ mark: mark, line: line, ancestors: ancestorsOf(now, index), at: index });
    });
    // A line that went is shown after the nearest line before it that stayed (its place in the page), and only
    // at the top of what went.
    var anchor = -0.5;
    old.forEach(function (line, index) {
      if (matchOf[index] !== undefined) {
        anchor = matchOf[index];
        return;
      }
      if (line.parent >= 0 && matchOf[line.parent] === undefined) return;
      counts.removed++;
      entries.push({ mark: "-", line: line, ancestors: ancestorsOf(old, index), at: anchor + 0.5, order: index });
    });
    entries.sort(function (a, b) {
      return a.at - b.at || (a.order || 0) - (b.order || 0);
    });
    return { text: writeEntries(entries), added: counts.added, removed: counts.removed, changed: counts.changed };
  }

  // ----- the session's last read of each frame -------------------------------------------------------------
  // Each read has an id, the lane's; the lane says which read was the session's last (after). A frame whose own
  // last read by the session is not that one (the agent read other pages since: a page back from the
  // back-forward cache, a tab it controlled before) has no "before": what the agent last saw is elsewhere.
  var MAX_SESSIONS = 8; // sessions remembered per frame; the oldest read goes first
  var lastRead = new Map(); // session key -> {id, text}: this frame's part in full, as read last
  // Keeps `text` as `session`'s read `id` of this frame; returns the text of the one it replaces if that was the
  // read `after`, else null.
  function remember(session, text, id, after) {
    var previous = lastRead.get(session);
    lastRead.delete(session);
    lastRead.set(session, { id: id, text: text });
    if (lastRead.size > MAX_SESSIONS) lastRead.delete(lastRead.keys().next().value);
    return previous && after && previous.id === after ? previous.text : null;
  }

  // stitchChanges(parts, {maxChars}) -> {ok, snapshot, truncated, changes?: {added, removed, changed}, unchanged?}:
  // the tab's changes from parts read with {changes: true} (each has fullText, and previous: its frame's last read
  // by the session, null for a frame read first now), in the keys the tools answer with: the changes text with
  // their counts; unchanged: true (and snapshot "") when nothing changed; or the compact page (no changes key) for
  // a new document (the top frame has no last read), or when the changes would be longer than maxChars.
  function stitchChanges(parts, options) {
    var maxChars = +(options && options.maxChars) || engine.DEFAULT_MAX_CHARS;
    var top = parts.filter(function (part) {
      return part && part.isTop;
    })[0];
    if (!top || top.previous === null || top.previous === undefined) return page(parts, maxChars);
    var before = stitch(withText(parts, "previous"), { full: true }).text;
    var after = stitch(withText(parts, "fullText"), { full: true }).text;
    var found = changes(before, after);
    if (found.text.length > maxChars) return page(parts, maxChars);
    if (!found.text) return { ok: true, snapshot: "", truncated: false, unchanged: true };
    return { ok: true, snapshot: found.text, truncated: false, changes: { added: found.added, removed: found.removed, changed: found.changed } };
  }
  function withText(parts, field) {
    return parts.map(function (part) {
      var copy = {};
      for (var key in part) if (key !== "compaction") copy[key] = part[key];
      copy.text = part[field] || "";
      return copy;
    });
  }
  function page(parts, maxChars) {
    var compactParts = parts.length === 1 && !parts[0].compaction ? null : stitch(parts, { maxChars: maxChars });
    var text = compactParts ? compactParts.text : parts[0].text;
    var truncated = compactParts ? compactParts.truncated : !!parts[0].truncated;
    return { ok: true, snapshot: text, truncated: truncated };
  }

  // ----- find ---------------------------------------------------------------------------------------------
  // find(text, {role, name, text, limit}) -> {ok, snapshot, matches, shown}: the lines of a full snapshot text
  // that match every criterion given (role: the line's role exactly; name: in its quoted name; text: anywhere in
  // the line; each case-insensitive), at most `limit`, each marked "> " under its ancestors' outline.
  var FIND_LIMIT = 20;
  function unquoted(quoted) {
    return quoted.slice(1, -1).replace(/\\(.)/g, "$1");
  }
  function find(text, query) {
    query = query || {};
    if (!query.role && !query.name && !query.text) return failure("invalid_arguments", "Say what to find: text, role or name.");
    var role = query.role ? String(query.role).toLowerCase() : null;
    var name = query.name ? String(query.name).toLowerCase() : null;
    var words = query.text ? String(query.text).toLowerCase() : null;
    var limit = Math.max(1, Math.min(+query.limit || FIND_LIMIT, 200));
    var lines = parse(text);
    var entries = [];
    var matches = 0;
    lines.forEach(function (line, index) {
      var head = HEAD.exec(line.body);
      if (!head) return;
      if (role && head[1] !== role) return;
      if (name && (!head[2] || unquoted(head[2]).toLowerCase().indexOf(name) < 0)) return;
      if (words && line.body.toLowerCase().indexOf(words) < 0) return;
      matches++;
      if (entries.length < limit) entries.push({ mark: ">", line: line, ancestors: ancestorsOf(lines, index) });
    });
    return { ok: true, snapshot: writeEntries(entries), matches: matches, shown: entries.length };
  }
  // stitchFind(parts, {query}) -> find()'s answer over the tab's full text, from full parts placed as for stitch().
  function stitchFind(parts, options) {
    return find(stitch(parts, { full: true }).text, options && options.query);
  }

  Object.assign(engine, { changes: changes, remember: remember, stitchChanges: stitchChanges, find: find, stitchFind: stitchFind });
})(globalThis.__hermesEngine);

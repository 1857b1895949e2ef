/*
 * Hermes snapshot engine: one plain script shared by both lanes (no build step, no modules).
 *
 * Injection. The extension lane: chrome.scripting.executeScript({target, files: ["snapshot.js"]}) into each
 * frame's isolated world, then executeScript({func: (m, a) => globalThis.__hermesSnapshot[m](...a), args}).
 * The CDP lane: Page.createIsolatedWorld({frameId, worldName}) for each frame (OOPIFs through their own
 * session; the same worldName gives back the same world, so refs survive), Runtime.evaluate of this file's text
 * with that contextId, then Runtime.evaluate("__hermesSnapshot.snapshot({...})", awaitPromise, returnByValue).
 * Injecting twice is harmless: a second run with the same version keeps the first engine and its refs.
 * The script's completion value is the version string.
 *
 * API, globalThis.__hermesSnapshot (all results are plain JSON; failures are {ok:false, error:{code, message}}):
 *   version                        "hermes-snapshot/1"
 *   snapshot(opts) -> Promise<Part>
 *       opts: {nextRef=1, full=false, maxChars=32000, urls=full, cursor=true, tokenWaitMs=400}
 *       Part: {ok:true, text, nextRef, refs:["e4",...], frameToken:string|null, isTop, url, title, truncated,
 *              frames:[token of each visible child iframe], stats:{elements, lines, chars, refs, links, buttons,
 *              textboxes, omittedInteractive, omittedTextLines, ms}}
 *       A child frame without its token waits up to tokenWaitMs for it (see Frames).
 *   snapshotSync(opts) -> Part     the same, at once (frameToken may still be null)
 *   stitch(parts, {maxChars?, full?}) -> {text, truncated, placed, dropped:[token], missing:[token], unplaced}
 *       Pure: parts are Parts of every frame of a tab, in any order. Call it in the top frame.
 *   click(ref) -> {ok, ref, role, name, x, y, covered_by?, opens?:{url, target}, hint?}
 *   type(ref, text, {clear=true, commit=true, submit=false}) -> {ok, ref, role, name, value | password:true,
 *       pressed?}   (a <select> gets the option with that label; contenteditable gets the text inserted)
 *   press(key, opts) -> {ok, key, target:{role, name}, action:"submit"|"click"|"insert"|"delete"|"focus"|
 *       "select"|"select_all"|"scroll"|null, prevented}   key: "Enter", "Tab", "Shift+Tab", "Control+a", "x"...
 *       Focus inside a child frame -> {ok:false, error:{code:"focus_in_child_frame", frameToken}}
 *   scroll(ref|null, "up"|"down"|"left"|"right", {amount?}) -> {ok, direction, scrolled, position, max, atStart,
 *       atEnd, target:"page"|role, ref?}
 *   rect(ref, {scroll=true}) -> {ok, ref, role, name, x, y (centre of the visible part, this frame's viewport
 *       CSS px), left, top, width, height, inViewport, visible, disabled, covered_by?, frameToken,
 *       frameOffset:{x, y, complete}, viewport:{width, height}}
 *   frameRect(token, {scroll=true}) -> {ok, x, y (content-box origin of that child <iframe> in this frame's
 *       viewport), width, height, frameToken, frameOffset}
 *       Top-level point of an element in a cross-origin frame = sum of frameRect(x, y) down the chain of
 *       frames + rect(x, y); same-origin ancestors are already summed in rect().frameOffset when complete.
 *   resolve(ref) -> Element|null   (for the CDP lane: evaluate with returnByValue:false to get an objectId)
 *   owns(ref) -> boolean           info() -> {ok, version, isTop, frameToken, url, title, hasFocus,
 *                                            focusInChildFrame, refs, maxRef}
 *   Refs may be given as "@e7", "e7" or 7. An element that is gone (or a ref this frame never issued) gives
 *   {ok:false, error:{code:"stale_ref", owned, message:"Element @e7 is gone; take a new snapshot."}}. Other
 *   codes: invalid_ref, not_visible, disabled, not_typable, readonly, option_not_found, invalid_key,
 *   invalid_arguments, unknown_frame, focus_in_child_frame, action_failed, snapshot_failed.
 *
 * Refs. Each frame's engine keeps element -> number in a WeakMap (and number -> WeakRef(element)), so a ref
 * is stable for as long as its element lives. Numbers are unique per tab because the orchestrator (service
 * worker or CDP lane) owns one counter per tab: it passes `nextRef` into each frame's snapshot in turn and
 * continues from the `nextRef` that comes back; `refs` lists the refs that frame holds, so an action can be
 * routed to the frame that owns its ref. A frame never hands out a number below one it already used.
 *
 * Frames. A frame's text shows each visible <iframe>/<frame> as a placeholder line
 *   `- iframe "title" [frame=TOKEN]`
 * TOKEN is made by the parent's engine, stable per iframe element, and sent with postMessage to
 * iframe.contentWindow (works cross-origin; the child's engine accepts it only from window.parent). A child
 * engine that has no token asks its parent ("hello" message, at injection and at snapshot time); the parent's
 * engine answers by finding the <iframe> whose contentWindow is event.source. snapshot() waits up to
 * tokenWaitMs for a missing token, so frames may be injected and snapshotted in any order. stitch(parts)
 * replaces each placeholder with the matching child's text, indented under `- iframe "title":`. A part whose
 * token is in no parent's text (its iframe is hidden) is dropped; a part with no token at all is appended at
 * the end under `- iframe "title" [unplaced]:`.
 *
 * Text. Accessibility-tree style: `- role "name" [state] @eN: value`; containers end with `:` and indent their
 * children by two spaces; a lone text child goes on the same line (`- paragraph: text`); text runs are
 * `- text: ...`; a table row of plain cells is one line, `- row: a | b | c`. Roles follow ARIA (explicit role,
 * else the HTML-AAM implicit role) and names follow accname as Chromium computes them (aria-labelledby,
 * aria-label, labels, alt, legend/caption, content, title, placeholder). Deliberate differences from
 * Chromium's tree: date/time inputs are `textbox` (Chromium: Date...), color inputs and <summary> are `button`
 * (ColorWell, DisclosureTriangle), a contenteditable region is `textbox`; CSS ::before/::after text is not
 * part of names; aria-owns is not followed. States: [level=N] [checked] [checked=mixed] [pressed]
 * [expanded] [expanded=false] [selected] [current] [disabled] [required] [readonly] [invalid] [focused]
 * [password], and [url=...] on links when urls is on (the default with full). Hidden content (display:none,
 * visibility:hidden, aria-hidden, hidden, inert, closed <details>) is skipped; with a modal <dialog> open only
 * the dialog is shown. Generic containers, layout tables and inline text-level elements are flattened; the
 * text of a control named by its content is not repeated under it. Refs go to interactive roles, focusable
 * elements (tabindex >= 0), contenteditable roots and "clickable divs" (cursor: pointer or onclick, with no
 * control inside), the latter shown as `- generic @eN: text`. Options of a <select> are listed without refs.
 * Password values never appear anywhere.
 *
 * Size. Compact by default: if the text is over maxChars, every interactive element and heading is kept
 * first (document order, with the containers they sit in; bare listitem/paragraph wrappers are left out), then
 * short text, then long text shortened; a last line `[snapshot compacted: ... Call browser_snapshot with
 * full: true for everything.]` says what was left out. full: true returns everything.
 */
(function () {
  "use strict";
  var VERSION = "hermes-snapshot/1";
  var G = globalThis;
  if (G.__hermesSnapshot && G.__hermesSnapshot.version === VERSION) return;

  var MSG = "__hermesSnapshot";
  var DEFAULT_MAX_CHARS = 32000;
  var NAME_CAP = 300;
  var VALUE_CAP = 500;
  var LONG_TEXT = 120;

  // ----- state ----------------------------------------------------------------------------------------
  var elToRef = new WeakMap();
  var refToEl = new Map();
  var maxRefUsed = 0;
  var frameTokens = new WeakMap(); // <iframe> element -> token
  var tokenToFrame = new Map(); // token -> WeakRef(<iframe>)
  var engineId = randomId();
  var tokenCounter = 0;
  var myToken = null;
  var tokenWaiters = [];
  var isTop = (function () {
    try {
      return window.top === window;
    } catch (e) {
      return false;
    }
  })();

  function randomId() {
    var a = new Uint32Array(2);
    (G.crypto || window.crypto).getRandomValues(a);
    return a[0].toString(36) + a[1].toString(36).slice(0, 4);
  }

  // ----- tables ---------------------------------------------------------------------------------------
  function set(list) {
    var o = Object.create(null);
    list.split(" ").forEach(function (k) {
      o[k] = true;
    });
    return o;
  }
  var SKIP_TAGS = set("script style noscript template head meta link title base datalist param source track object embed colgroup col");
  var INLINE_TAGS = set(
    "a abbr b bdi bdo big cite code data del dfn em font i ins kbd label mark nobr q rp rt ruby s samp small span strike strong sub sup time tt u var wbr acronym"
  );
  var INTERACTIVE = set(
    "button link textbox searchbox combobox listbox checkbox radio switch slider spinbutton menuitem menuitemcheckbox menuitemradio option tab treeitem scrollbar"
  );
  // Roles whose name comes from their content (accname), and whose content is therefore not repeated.
  var NAME_FROM_CONTENT = set(
    "button link heading tab menuitem menuitemcheckbox menuitemradio option treeitem checkbox radio switch tooltip cell gridcell columnheader rowheader row term sectionhead"
  );
  // Of those, the ones whose content is not printed again beneath them (only interactive descendants are).
  var TEXTLESS_CHILDREN = set("button link heading tab menuitem menuitemcheckbox menuitemradio option treeitem checkbox radio switch");
  // Roles flattened away like generic containers (their text joins the surrounding text).
  var FLATTEN = set(
    "generic none presentation rowgroup code emphasis strong deletion insertion subscript superscript time mark caption legend figcaption definition sectionheader sectionfooter label"
  );
  var ARIA_ROLES = set(
    "alert alertdialog application article banner blockquote button caption cell checkbox code columnheader combobox complementary contentinfo definition deletion dialog directory document emphasis feed figure form generic grid gridcell group heading img image insertion link list listbox listitem log main mark marquee math menu menubar menuitem menuitemcheckbox menuitemradio meter navigation none note option paragraph presentation progressbar radio radiogroup region row rowgroup rowheader scrollbar search searchbox separator slider spinbutton status strong subscript superscript switch tab table tablist tabpanel term textbox time timer toolbar tooltip tree treegrid treeitem"
  );
  // Landmarks and other structure that only stays in a compacted snapshot when something inside it does.
  var DROP_IF_EMPTY = set(
    "list listitem paragraph group region navigation main banner contentinfo complementary form search article table row cell columnheader rowheader figure blockquote term note dialog img tabpanel toolbar menu menubar tablist tree grid treegrid radiogroup document application status log alert"
  );
  // Roles whose content is printed beneath them: no name is computed unless the author gave one.
  var CONTENT_SHOWN = set("generic paragraph listitem list row cell gridcell columnheader rowheader term blockquote");
  // Containers that take over the content of an only-child paragraph.
  var ABSORB_PARAGRAPH = set("listitem cell gridcell columnheader rowheader blockquote note term");
  // Single-child wrappers that are replaced by their only child when they have no name or state.
  var COLLAPSE = set("listitem paragraph group term note blockquote");
  var TEXT_INPUTS = set("text search url tel email password");
  var BLOCKS_IMPLICIT = set("text search url tel email password date month week time datetime-local number");
  var VIS_OPTS = { visibilityProperty: true };

  // ----- small helpers --------------------------------------------------------------------------------
  function clean(s) {
    // ASCII whitespace only, as Chromium does for names (a no-break space stays)
    return s ? String(s).replace(/[ \t\n\r\f]+/g, " ").trim() : "";
  }
  function cap(s, n) {
    return s.length > n ? s.slice(0, n - 1) + "…" : s;
  }
  function quote(s) {
    return JSON.stringify(s);
  }
  function refNum(ref) {
    if (typeof ref === "number") return ref;
    var m = /^@?e(\d+)$/.exec(String(ref == null ? "" : ref).trim());
    return m ? +m[1] : NaN;
  }
  function refStr(n) {
    return "@e" + n;
  }
  function err(code, message, extra) {
    var out = { ok: false, error: { code: code, message: message } };
    if (extra) for (var k in extra) out.error[k] = extra[k];
    return out;
  }
  function staleError(n, owned) {
    return err("stale_ref", "Element " + refStr(n) + " is gone; take a new snapshot.", { owned: owned });
  }
  function rootOf(el) {
    var r = el.getRootNode ? el.getRootNode() : document;
    return r && r.getElementById ? r : document;
  }
  function byId(el, id) {
    return rootOf(el).getElementById(id) || (rootOf(el) !== document ? document.getElementById(id) : null);
  }
  var closedRoots = G.chrome && G.chrome.dom && G.chrome.dom.openOrClosedShadowRoot;
  function openShadow(el) {
    if (el.shadowRoot) return el.shadowRoot;
    // closed shadow roots are reachable from an extension's world only; asked of custom elements alone
    if (closedRoots && el.localName.indexOf("-") > 0) {
      try {
        return G.chrome.dom.openOrClosedShadowRoot(el) || null;
      } catch (e) {
        return null;
      }
    }
    return null;
  }
  // Children as rendered: a shadow root replaces light children, a slot shows what is assigned to it.
  function renderedChildren(el) {
    var sr = openShadow(el);
    if (sr) return sr.childNodes;
    if (el.localName === "slot" && el.assignedNodes) {
      var assigned = el.assignedNodes({ flatten: true });
      if (assigned.length) return assigned;
    }
    return null; // use firstChild / nextSibling
  }
  function tagOf(el) {
    return el.localName || "";
  }
  function hasBox(el) {
    // false for display:none (itself or an ancestor), content-visibility:hidden subtrees; true otherwise
    if (el.checkVisibility) return el.checkVisibility();
    return !!(el.offsetParent || el.getClientRects().length);
  }
  // 0: visible, 1: the element is visibility:hidden (children may show), 2: nothing of it renders,
  // 3: display:contents (no box of its own, children render)
  function visibilityOf(el) {
    if (el.checkVisibility) {
      if (el.checkVisibility(VIS_OPTS)) return 0;
      if (el.checkVisibility()) return 1;
    } else {
      var cs = getComputedStyle(el);
      if (cs.display === "none") return 2;
      if (cs.display === "contents") return 3;
      return cs.visibility === "hidden" || cs.visibility === "collapse" ? 1 : 0;
    }
    var st = getComputedStyle(el);
    if (st.display === "contents") return 3;
    return 2;
  }
  function isHiddenForName(el) {
    if (el.getAttribute("aria-hidden") === "true") return true;
    var v = visibilityOf(el);
    return v === 1 || v === 2;
  }

  // ----- roles ----------------------------------------------------------------------------------------
  function explicitRole(el) {
    var r = el.getAttribute("role");
    if (!r) return "";
    var parts = r.trim().toLowerCase().split(/\s+/);
    for (var i = 0; i < parts.length; i++) if (ARIA_ROLES[parts[i]]) return parts[i] === "image" ? "img" : parts[i];
    return "";
  }
  function hasAuthorName(el) {
    return !!(clean(el.getAttribute("aria-label")) || el.getAttribute("aria-labelledby") || clean(el.getAttribute("title")));
  }
  function inputRole(el) {
    var t = (el.getAttribute("type") || "text").toLowerCase();
    switch (t) {
      case "button":
      case "submit":
      case "reset":
      case "image":
      case "file":
        return "button";
      case "checkbox":
        return "checkbox";
      case "radio":
        return "radio";
      case "range":
        return "slider";
      case "number":
        return "spinbutton";
      case "hidden":
        return "";
      case "color":
        return "button";
      case "search":
        return el.hasAttribute("list") ? "combobox" : "searchbox";
      default:
        return el.hasAttribute("list") ? "combobox" : "textbox";
    }
  }
  function scopedSectioning(el) {
    for (var p = el.parentElement; p; p = p.parentElement) {
      var t = p.localName;
      if (t === "article" || t === "aside" || t === "main" || t === "nav" || t === "section") return true;
      var r = p.getAttribute("role");
      if (r && /\b(article|complementary|main|navigation|region)\b/.test(r)) return true;
    }
    return false;
  }
  function implicitRole(el, tag) {
    switch (tag) {
      case "a":
      case "area":
        return el.hasAttribute("href") ? "link" : "generic";
      case "article":
        return "article";
      case "aside":
        return "complementary";
      case "button":
        return "button";
      case "dialog":
        return "dialog";
      case "fieldset":
      case "optgroup":
      case "details":
        return "group";
      case "figure":
        return "figure";
      case "form":
        return hasAuthorName(el) ? "form" : "generic";
      case "h1":
      case "h2":
      case "h3":
      case "h4":
      case "h5":
      case "h6":
        return "heading";
      case "header":
        return scopedSectioning(el) ? "generic" : "banner";
      case "footer":
        return scopedSectioning(el) ? "generic" : "contentinfo";
      case "hr":
        return "separator";
      case "img":
        if (el.getAttribute("alt") === "" && !hasAuthorName(el)) return "none";
        return "img";
      case "input":
        return inputRole(el);
      case "li":
        return "listitem";
      case "main":
        return "main";
      case "menu":
      case "ol":
      case "ul":
        return "list";
      case "nav":
        return "navigation";
      case "option":
        return "option";
      case "output":
        return "status";
      case "p":
        return "paragraph";
      case "progress":
        return "progressbar";
      case "meter":
        return "meter";
      case "search":
        return "search";
      case "section":
        return hasAuthorName(el) ? "region" : "generic";
      case "select":
        return el.multiple || el.size > 1 ? "listbox" : "combobox";
      case "table":
        return "table";
      case "tr":
        return "row";
      case "td":
        return "cell";
      case "th":
        var scope = (el.getAttribute("scope") || "").toLowerCase();
        return scope === "row" || scope === "rowgroup" ? "rowheader" : "columnheader";
      case "textarea":
        return "textbox";
      case "blockquote":
        return "blockquote";
      case "dt":
        return "term";
      case "summary":
        return "button";
      case "iframe":
      case "frame":
        return "iframe";
      case "math":
        return "math";
      case "svg":
        return hasAuthorName(el) || svgTitle(el) ? "img" : "";
      default:
        return "generic";
    }
  }
  function roleOf(el, tag) {
    var r = explicitRole(el);
    if (r) {
      // ARIA conflict resolution: a focusable element keeps its implicit role
      if ((r === "none" || r === "presentation") && el.tabIndex >= 0) return implicitRole(el, tag);
      return r;
    }
    return implicitRole(el, tag);
  }
  function svgTitle(el) {
    for (var c = el.firstElementChild; c; c = c.nextElementSibling) if (c.localName === "title") return clean(c.textContent);
    return "";
  }
  function isContentEditableRoot(el) {
    var ce = el.getAttribute("contenteditable");
    if (ce === null || ce === "false") return false;
    var p = el.parentElement;
    return !(p && p.isContentEditable);
  }

  // ----- accessible names (accname 1.2, as Chromium does it) -------------------------------------------
  function nativeLabelText(el, root, includeHidden) {
    var labels = el.labels;
    if (!labels || !labels.length) return "";
    var out = [];
    for (var i = 0; i < labels.length; i++) {
      var t = textAlt(labels[i], root, true, includeHidden, true);
      if (clean(t)) out.push(t);
    }
    return out.join(" ");
  }
  function embeddedValue(el, role) {
    if (role === "textbox" || role === "searchbox") {
      if (el.type === "password") return "";
      return el.value !== undefined && typeof el.value === "string" ? el.value : el.textContent;
    }
    if (role === "combobox" || role === "listbox") {
      if (el.localName === "select") {
        var sel = [];
        for (var i = 0; i < el.options.length; i++) if (el.options[i].selected) sel.push(el.options[i].label);
        return sel.join(" ");
      }
      if (el.localName === "input") return el.value;
      var opt = el.querySelector('[role="option"][aria-selected="true"]');
      return opt ? textAlt(opt, opt, false, false, false) : "";
    }
    if (role === "slider" || role === "spinbutton" || role === "progressbar" || role === "meter" || role === "scrollbar") {
      return el.getAttribute("aria-valuetext") || el.getAttribute("aria-valuenow") || (el.value != null ? String(el.value) : "");
    }
    return null;
  }
  // The text alternative of `el` when computing the name of `root` (accname §4.3.2). `visiting` guards
  // against cycles through labels and references.
  var visiting = new Set();
  function textAlt(el, root, inLabelledBy, includeHidden, recursing) {
    if (visiting.has(el)) return "";
    visiting.add(el);
    try {
      return textAltOf(el, root, inLabelledBy, includeHidden, recursing);
    } finally {
      visiting.delete(el);
    }
  }
  function textAltOf(el, root, inLabelledBy, includeHidden, recursing) {
    var tag = tagOf(el);
    if (!includeHidden && el !== root && isHiddenForName(el)) return "";
    // 2B: aria-labelledby (not when already following one)
    if (!inLabelledBy) {
      var lb = el.getAttribute("aria-labelledby");
      if (lb) {
        var ids = lb.trim().split(/\s+/);
        var parts = [];
        for (var i = 0; i < ids.length; i++) {
          var target = byId(el, ids[i]);
          if (!target) continue;
          var hidden = isHiddenForName(target);
          parts.push(textAlt(target, root, true, hidden || includeHidden, true));
        }
        var joined = clean(parts.join(" "));
        if (joined) return joined;
      }
    }
    var role = roleOf(el, tag);
    // 2E: an embedded control inside a label/labelledby content gives its value
    if (recursing && el !== root) {
      if (role === "textbox" || role === "searchbox" || role === "combobox" || role === "listbox" || role === "slider" || role === "spinbutton") {
        var ev = embeddedValue(el, role);
        if (ev != null) return ev;
      }
    }
    // 2C: aria-label
    var al = el.getAttribute("aria-label");
    if (al && al.trim()) return al;
    if (role === "none" || role === "presentation") role = "generic";
    // 2D: native host-language label
    var native = nativeName(el, tag, role, root, includeHidden);
    if (native !== null && clean(native)) return native;
    // 2F: name from content
    if (NAME_FROM_CONTENT[role] || recursing) {
      var c = contentText(el, root, inLabelledBy, includeHidden);
      if (clean(c)) return c;
    }
    // 2I: tooltip, then placeholder
    var title = el.getAttribute("title");
    if (title && title.trim()) return title;
    if (el === root && (role === "textbox" || role === "searchbox" || role === "combobox" || role === "spinbutton")) {
      var ph = el.getAttribute("placeholder") || el.getAttribute("aria-placeholder");
      if (ph && ph.trim()) return ph;
    }
    return native || "";
  }
  function nativeName(el, tag, role, root, includeHidden) {
    switch (tag) {
      case "input": {
        var type = (el.getAttribute("type") || "text").toLowerCase();
        if (type === "hidden") return "";
        // <label>s name the control being named, not controls met on the way
        var lab = el === root ? nativeLabelText(el, root, includeHidden) : "";
        if (type === "button" || type === "submit" || type === "reset") {
          if (clean(lab)) return lab;
          if (el.hasAttribute("value")) return el.getAttribute("value");
          return type === "submit" ? "Submit" : type === "reset" ? "Reset" : "";
        }
        if (type === "image") {
          if (clean(lab)) return lab;
          var alt = el.getAttribute("alt");
          if (alt && alt.trim()) return alt;
          var v = el.getAttribute("value");
          if (v && v.trim()) return v;
          if (el.getAttribute("title")) return null;
          return "Submit";
        }
        return lab;
      }
      case "textarea":
      case "select":
      case "meter":
      case "progress":
      case "output":
      case "button":
        return (el === root && nativeLabelText(el, root, includeHidden)) || null;
      case "img":
      case "area":
        return el.getAttribute("alt");
      case "fieldset":
        for (var c = el.firstElementChild; c; c = c.nextElementSibling)
          if (c.localName === "legend") return textAlt(c, root, true, includeHidden, true);
        return null;
      case "figure":
        for (var f = el.firstElementChild; f; f = f.nextElementSibling)
          if (f.localName === "figcaption") return textAlt(f, root, true, includeHidden, true);
        return null;
      case "table":
        var cap0 = el.caption;
        return cap0 ? textAlt(cap0, root, true, includeHidden, true) : null;
      case "svg":
        return svgTitle(el) || null;
      case "optgroup":
        return el.getAttribute("label");
      case "option":
        if (el.hasAttribute("label") && el.getAttribute("label").trim()) return el.getAttribute("label");
        return null;
      default:
        return null;
    }
  }
  function isBlockish(el) {
    return !INLINE_TAGS[tagOf(el)] && tagOf(el) !== "img" && tagOf(el) !== "input" && tagOf(el) !== "button" && tagOf(el) !== "select" && tagOf(el) !== "textarea";
  }
  function contentText(el, root, inLabelledBy, includeHidden) {
    var out = "";
    var kids = renderedChildren(el);
    var add = function (c) {
      if (c.nodeType === 3) {
        out += c.data;
      } else if (c.nodeType === 1) {
        var t = tagOf(c);
        if (SKIP_TAGS[t]) return;
        if (c === root) return;
        var s = textAlt(c, root, inLabelledBy, includeHidden, true);
        if (t === "br") out += " ";
        else if (isBlockish(c)) out += " " + s + " ";
        else out += s;
      }
    };
    if (kids) for (var i = 0; i < kids.length; i++) add(kids[i]);
    else for (var n = el.firstChild; n; n = n.nextSibling) add(n);
    return out;
  }
  function accName(el, role) {
    return cap(clean(textAlt(el, el, false, false, false)), NAME_CAP);
  }

  // ----- states ---------------------------------------------------------------------------------------
  function ariaBool(el, name) {
    var v = el.getAttribute(name);
    return v === null ? null : v.toLowerCase();
  }
  function statesOf(el, tag, role, activeEl) {
    var a = "";
    if (role === "heading") {
      var lvl = +el.getAttribute("aria-level") || (/^h[1-6]$/.test(tag) ? +tag[1] : 2);
      a += " [level=" + lvl + "]";
    }
    if (role === "checkbox" || role === "radio" || role === "switch" || role === "menuitemcheckbox" || role === "menuitemradio") {
      var checked;
      if (tag === "input" && (el.type === "checkbox" || el.type === "radio")) checked = el.indeterminate ? "mixed" : el.checked ? "true" : "false";
      else checked = ariaBool(el, "aria-checked") || "false";
      if (checked === "true") a += " [checked]";
      else if (checked === "mixed") a += " [checked=mixed]";
    }
    var pressed = ariaBool(el, "aria-pressed");
    if (pressed === "true") a += " [pressed]";
    else if (pressed === "mixed") a += " [pressed=mixed]";
    var expanded = ariaBool(el, "aria-expanded");
    if (tag === "summary" && el.parentElement && el.parentElement.localName === "details") expanded = el.parentElement.open ? "true" : "false";
    if (expanded === "true") a += " [expanded]";
    else if (expanded === "false") a += " [expanded=false]";
    if (role === "option" || role === "tab" || role === "treeitem" || role === "gridcell" || role === "row") {
      var selected = tag === "option" ? (el.selected ? "true" : "false") : ariaBool(el, "aria-selected");
      if (selected === "true") a += " [selected]";
    }
    if (ariaBool(el, "aria-current") && ariaBool(el, "aria-current") !== "false") a += " [current]";
    if ((el.disabled === true) || ariaBool(el, "aria-disabled") === "true" || (INTERACTIVE[role] && el.matches && el.matches(":disabled"))) a += " [disabled]";
    if (INTERACTIVE[role]) {
      if (el.required === true || ariaBool(el, "aria-required") === "true") a += " [required]";
      if (el.readOnly === true || ariaBool(el, "aria-readonly") === "true") a += " [readonly]";
      if (ariaBool(el, "aria-invalid") === "true") a += " [invalid]";
      if (el === activeEl) a += " [focused]";
    }
    return a;
  }
  function valueOf(el, tag, role) {
    if (tag === "input") {
      var t = el.type;
      if (t === "password") return undefined;
      if (role === "textbox" || role === "searchbox" || role === "combobox" || role === "spinbutton" || role === "slider") return el.value;
      return undefined;
    }
    if (tag === "textarea") return el.value;
    if (tag === "select") {
      if (role === "listbox") return undefined;
      var o = el.options[el.selectedIndex];
      return o ? o.label : "";
    }
    if (role === "textbox" || role === "searchbox") return el.textContent;
    if (role === "combobox") {
      var ev = embeddedValue(el, role);
      return ev == null ? undefined : ev;
    }
    if (role === "slider" || role === "spinbutton" || role === "progressbar" || role === "meter" || role === "scrollbar") {
      var vt = el.getAttribute("aria-valuetext") || el.getAttribute("aria-valuenow");
      if (vt) return vt;
      if (tag === "progress" || tag === "meter") return String(el.value);
    }
    return undefined;
  }

  // ----- refs -----------------------------------------------------------------------------------------
  function refFor(el, st) {
    var id = elToRef.get(el);
    if (id === undefined) {
      if (st.next <= maxRefUsed) st.next = maxRefUsed + 1;
      id = st.next++;
      maxRefUsed = id;
      elToRef.set(el, id);
      refToEl.set(id, new WeakRef(el));
    }
    st.refs.push("e" + id);
    return id;
  }
  function lookup(ref) {
    var n = refNum(ref);
    if (!(n > 0)) return err("invalid_ref", "Not a ref: " + JSON.stringify(ref) + " (expected @eN from a snapshot).");
    var w = refToEl.get(n);
    var el = w && w.deref();
    if (!el) {
      if (w) refToEl.delete(n);
      return staleError(n, !!w);
    }
    if (!el.isConnected) return staleError(n, true);
    return { ok: true, el: el, n: n };
  }
  function tokenFor(iframe) {
    var t = frameTokens.get(iframe);
    if (!t) {
      t = "f" + engineId + "." + ++tokenCounter;
      frameTokens.set(iframe, t);
      tokenToFrame.set(t, new WeakRef(iframe));
    }
    return t;
  }
  function sendToken(iframe, token) {
    try {
      var w = iframe.contentWindow;
      if (w) {
        var msg = {};
        msg[MSG] = "token";
        msg.token = token;
        w.postMessage(msg, "*");
      }
    } catch (e) {
      /* detached */
    }
  }
  function allFrameElements(rootNode, out) {
    var list = rootNode.querySelectorAll("*");
    for (var i = 0; i < list.length; i++) {
      var e = list[i];
      if (e.localName === "iframe" || e.localName === "frame") out.push(e);
      var sr = openShadow(e);
      if (sr) allFrameElements(sr, out);
    }
    return out;
  }
  function windowOf(frame) {
    try {
      return frame.contentWindow;
    } catch (e) {
      return null;
    }
  }
  function frameOfWindow(list, win) {
    for (var i = 0; i < list.length; i++) if (windowOf(list[i]) === win) return list[i];
    return null;
  }
  function onMessage(ev) {
    var d = ev.data;
    if (!d || typeof d !== "object" || !d[MSG]) return;
    if (d[MSG] === "token") {
      if (ev.source !== window.parent || window.parent === window || typeof d.token !== "string") return;
      myToken = d.token;
      var ws = tokenWaiters;
      tokenWaiters = [];
      ws.forEach(function (f) {
        f();
      });
    } else if (d[MSG] === "hello") {
      if (!ev.source) return;
      var found = null;
      tokenToFrame.forEach(function (w) {
        var f = w.deref();
        if (!found && f && windowOf(f) === ev.source) found = f;
      });
      if (!found) found = frameOfWindow(document.querySelectorAll("iframe, frame"), ev.source);
      if (!found) found = frameOfWindow(allFrameElements(document, []), ev.source);
      if (found) sendToken(found, tokenFor(found));
    }
  }
  function sayHello() {
    if (isTop) return;
    try {
      var msg = {};
      msg[MSG] = "hello";
      window.parent.postMessage(msg, "*");
    } catch (e) {
      /* ignore */
    }
  }

  // ----- the tree -------------------------------------------------------------------------------------
  // Node: {r: role, n: name, a: states, f: ref, v: value, k: kids, fr: frame token, u: url}; text kid: {t}
  function newNode(role) {
    return { r: role, n: "", a: "", f: 0, v: undefined, k: [], open: null };
  }
  function addText(node, s) {
    if (node.open) node.open.t += s;
    else {
      var t = { t: s };
      node.k.push(t);
      node.open = t;
    }
  }
  function walkChildren(el, out, selfHidden, textless, st) {
    var kids = renderedChildren(el);
    if (kids) {
      for (var i = 0; i < kids.length; i++) walkOne(kids[i], out, selfHidden, textless, st);
    } else {
      for (var c = el.firstChild; c; c = c.nextSibling) walkOne(c, out, selfHidden, textless, st);
    }
  }
  function walkOne(c, out, selfHidden, textless, st) {
    var nt = c.nodeType;
    if (nt === 3) {
      if (!selfHidden && !textless) addText(out, c.data);
    } else if (nt === 1) {
      walkElement(c, out, textless, st);
    }
  }
  function finishNode(node) {
    var k = node.k;
    var kept = [];
    for (var i = 0; i < k.length; i++) {
      var x = k[i];
      if (x.t !== undefined) {
        x.t = clean(x.t);
        if (x.t) kept.push(x);
      } else kept.push(x);
    }
    node.k = kept;
    node.open = null;
  }
  function walkElement(el, out, textless, st) {
    var tag = tagOf(el);
    if (SKIP_TAGS[tag]) return;
    st.count++;
    if (el.getAttribute("aria-hidden") === "true" || el.hasAttribute("inert")) return;
    var vis = visibilityOf(el);
    if (vis === 2) return;
    var selfHidden = vis === 1;
    var role = roleOf(el, tag);
    if (role === "") return; // input type=hidden, unnamed svg
    if (tag === "table" && role === "table" && isLayoutTable(el)) {
      // a table used for layout: its rows and cells are plain blocks
      var was = st.layout;
      st.layout = true;
      out.open = null;
      walkChildren(el, out, selfHidden, textless, st);
      out.open = null;
      st.layout = was;
      return;
    }
    if (st.layout && (role === "row" || role === "cell" || role === "columnheader" || role === "rowheader") && !el.hasAttribute("role")) role = "generic";
    else if (tag === "table" && st.layout) {
      var outer = st.layout;
      st.layout = false;
      walkElementAs(el, out, textless, st, tag, role, selfHidden);
      st.layout = outer;
      return;
    }
    walkElementAs(el, out, textless, st, tag, role, selfHidden);
  }
  function isLayoutTable(el) {
    if (el.hasAttribute("role") || el.caption || el.tHead || el.tFoot || el.hasAttribute("summary")) return false;
    return !el.querySelector("th, colgroup, [role=columnheader], [role=rowheader]");
  }
  function walkElementAs(el, out, textless, st, tag, role, selfHidden) {
    if (tag === "br") {
      if (!selfHidden && !textless) addText(out, " ");
      return;
    }
    if (selfHidden) {
      // a visibility:hidden element is not there, but a visible child of it is
      out.open = null;
      walkChildren(el, out, true, textless, st);
      out.open = null;
      return;
    }
    if (role === "iframe") {
      var token = tokenFor(el);
      sendToken(el, token);
      st.frames.push(token);
      var fnode = newNode("iframe");
      fnode.n = accName(el, "iframe");
      fnode.fr = token;
      out.open = null;
      out.k.push(fnode);
      return;
    }
    var interactive = !!INTERACTIVE[role];
    if (role === "option" && tag === "option") interactive = false; // chosen with type(select, label)
    if (!interactive && isContentEditableRoot(el)) {
      role = "textbox";
      interactive = true;
    }
    if (!interactive && FLATTEN[role] && el.tabIndex >= 0 && el.hasAttribute("tabindex")) interactive = true;
    if (!interactive && (FLATTEN[role] || CLICKABLE_STRUCTURE[role]) && st.cursor && !textless && isPointerTarget(el, st)) interactive = true;
    if (textless && !interactive) {
      // inside a control whose name already says it all: only interactive things and frames below
      walkChildren(el, out, false, true, st);
      return;
    }
    if (FLATTEN[role] && !interactive) {
      var textlessHere = tag === "label" ? !!el.control : tag === "caption" || tag === "legend" || tag === "figcaption";
      var block = !INLINE_TAGS[tag];
      if (block) out.open = null;
      walkChildren(el, out, false, textlessHere, st);
      if (block) out.open = null;
      return;
    }
    if (interactive && FLATTEN[role]) role = "generic";
    var node = newNode(role);
    if (interactive) {
      node.f = refFor(el, st);
      if (role === "link") st.links++;
      else if (role === "button") st.buttons++;
      else if (role === "textbox" || role === "searchbox" || role === "combobox" || role === "spinbutton") st.textboxes++;
    }
    if (!CONTENT_SHOWN[role]) {
      node.n = accName(el, role);
    } else if (el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby")) {
      node.n = accName(el, role);
    }
    node.a = statesOf(el, tag, role, st.active);
    if (role === "textbox" && tag === "input" && el.type === "password") node.a += " [password]";
    var v = valueOf(el, tag, role);
    if (v !== undefined) node.v = cap(clean(v), VALUE_CAP);
    if (st.urls && role === "link") {
      var href = el.getAttribute("href");
      if (href && href !== "#" && !/^\s*(javascript|data):/i.test(href)) node.u = cap(href, 200);
    }
    out.open = null;
    if (tag === "select") {
      for (var i = 0; i < el.options.length; i++) {
        var o = el.options[i];
        var on = newNode("option");
        on.n = cap(clean(o.label), NAME_CAP);
        if (o.selected) on.a = " [selected]";
        if (o.disabled) on.a += " [disabled]";
        node.k.push(on);
      }
    } else if (tag === "input" || tag === "textarea" || role === "textbox" || role === "searchbox") {
      // no content beneath a text field
    } else if (TEXTLESS_CHILDREN[role] || role === "img") {
      if (el.firstElementChild || openShadow(el)) walkChildren(el, node, false, true, st);
    } else {
      walkChildren(el, node, false, false, st);
    }
    finishNode(node);
    if (!node.f && DROP_IF_EMPTY[role] && !node.k.length && !(node.n && (role === "img" || role === "region" || role === "navigation" || role === "form" || role === "dialog" || role === "figure" || role === "table"))) return;
    if (role === "separator" && !interactive) return;
    if (role === "heading" && !node.n && !node.k.length) return;
    out.open = null;
    out.k.push(node);
  }
  // Non-interactive roles that still get a ref when they are clickable (pointer cursor or onclick).
  var CLICKABLE_STRUCTURE = set("listitem row cell gridcell img heading article term");
  var POINTER_SKIP = set("html body form label legend caption figcaption code em strong b u small sub sup mark time abbr cite q kbd samp var dfn del ins bdi bdo");
  var HAS_CONTROL = "a[href], button, input, select, textarea, [tabindex], [role=button], [role=link], [contenteditable]";
  function isPointerTarget(el, st) {
    // A role-less element that shows a pointer cursor (where its parent does not), or has an inline click
    // handler, and holds no control of its own: a "clickable div". The cheap tests first.
    if (POINTER_SKIP[tagOf(el)]) return false;
    if (!el.hasAttribute("onclick")) {
      if (getComputedStyle(el).cursor !== "pointer") return false;
      var p = el.parentElement;
      if (p && getComputedStyle(p).cursor === "pointer") return false;
    }
    return !el.querySelector(HAS_CONTROL);
  }

  // ----- rendering ------------------------------------------------------------------------------------
  // Lines are kept in parallel arrays: text, depth, parent line, kind.
  var K_KEY = 0; // interactive, heading, frame placeholder: kept first
  var K_STRUCT = 1; // a container line: kept when something inside is
  var K_TEXT = 2; // short static text
  var K_LONG = 3; // long static text
  function Lines() {
    this.s = [];
    this.d = [];
    this.p = [];
    this.k = [];
  }
  Lines.prototype.push = function (s, d, p, k) {
    this.s.push(s);
    this.d.push(d);
    this.p.push(p);
    this.k.push(k);
    return this.s.length - 1;
  };
  function textKind(s) {
    return s.length > LONG_TEXT ? K_LONG : K_TEXT;
  }
  function cellKids(n) {
    var k = n.k;
    while (k.length === 1 && k[0].r === "paragraph" && !k[0].n && !k[0].f && !k[0].a) k = k[0].k;
    return k;
  }
  function simpleCell(n) {
    if ((n.r !== "cell" && n.r !== "columnheader" && n.r !== "rowheader") || n.f || n.a) return false;
    var k = cellKids(n);
    return k.length === 0 || (k.length === 1 && k[0].t !== undefined);
  }
  function renderNode(n, depth, parent, L) {
    if (n.t !== undefined) {
      L.push("- text: " + n.t, depth, parent, textKind(n.t));
      return;
    }
    var kids = n.k;
    while (ABSORB_PARAGRAPH[n.r] && kids.length === 1 && kids[0].r === "paragraph" && !kids[0].n && !kids[0].f && !kids[0].a) kids = kids[0].k;
    if (COLLAPSE[n.r] && !n.n && !n.f && !n.a && kids.length === 1 && kids[0].t === undefined) {
      renderNode(kids[0], depth, parent, L);
      return;
    }
    var head = "- " + n.r;
    // `<h2><a href>Title</a></h2>`: the link under the heading carries the name, once
    var sameAsChild = n.r === "heading" && kids.length === 1 && kids[0].f && kids[0].n === n.n;
    if (n.n && !sameAsChild) head += " " + quote(n.n);
    if (n.a) head += n.a;
    if (n.u !== undefined) head += " [url=" + n.u + "]";
    if (n.f) head += " @e" + n.f;
    if (n.fr) head += " [frame=" + n.fr + "]";
    var key = n.f || n.fr || n.r === "heading";
    if (n.v) head += ": " + n.v;
    if (!kids.length) {
      L.push(head, depth, parent, key ? K_KEY : textKind(head));
      return;
    }
    if (n.v === undefined && kids.length === 1 && kids[0].t !== undefined) {
      var line = head + ": " + kids[0].t;
      L.push(line, depth, parent, key ? K_KEY : textKind(line));
      return;
    }
    if (n.r === "row" && !n.f && n.v === undefined) {
      var all = true;
      for (var i = 0; i < kids.length && all; i++) all = kids[i].t === undefined && simpleCell(kids[i]);
      if (all) {
        var cells = [];
        for (var j = 0; j < kids.length; j++) {
          var ck = cellKids(kids[j]);
          cells.push(ck.length ? ck[0].t : kids[j].n || "");
        }
        var rline = head + ": " + cells.join(" | ");
        L.push(rline, depth, parent, textKind(rline));
        return;
      }
    }
    var me = L.push(n.v === undefined ? head + ":" : head, depth, parent, key ? K_KEY : K_STRUCT);
    for (var c = 0; c < kids.length; c++) renderNode(kids[c], depth + 1, me, L);
  }
  var INDENT = [""];
  function indent(d) {
    while (INDENT.length <= d) INDENT.push(INDENT[INDENT.length - 1] + "  ");
    return INDENT[d];
  }
  function layout(L, keep, depth) {
    var out = [];
    var d = depth || L.d;
    for (var i = 0; i < L.s.length; i++) if (!keep || keep[i] === 1) out.push(indent(d[i]) + L.s[i]);
    return out.join("\n");
  }
  // In a compacted snapshot these bare wrappers are left out and their kept children move up a level.
  var ELIDABLE = /^- (paragraph|listitem|group|note|blockquote|term|definition):$/;
  function compact(L, maxChars, lastRef) {
    var n = L.s.length;
    var total = 0;
    for (var i0 = 0; i0 < n; i0++) total += L.s[i0].length + 2 * L.d[i0] + 1;
    if (total <= maxChars) return null;
    // keep[i]: 0 = left out, 1 = shown, 2 = an elided wrapper (kept for its children, not shown)
    var elide = new Uint8Array(n);
    var depth = new Array(n);
    var cost = new Array(n);
    for (var i = 0; i < n; i++) {
      var p0 = L.p[i];
      depth[i] = p0 < 0 ? 0 : depth[p0] + (elide[p0] ? 0 : 1);
      elide[i] = L.k[i] === K_STRUCT && ELIDABLE.test(L.s[i]) ? 1 : 0;
      cost[i] = elide[i] ? 0 : L.s[i].length + 2 * depth[i] + 1;
    }
    var budget = maxChars - 400;
    var keep = new Uint8Array(n);
    var used = 0;
    function take(i, extraCost) {
      var sum = extraCost === undefined ? cost[i] : extraCost;
      for (var p = L.p[i]; p >= 0 && !keep[p]; p = L.p[p]) sum += cost[p];
      if (used + sum > budget) return false;
      keep[i] = 1;
      for (var q = L.p[i]; q >= 0 && !keep[q]; q = L.p[q]) keep[q] = elide[q] ? 2 : 1;
      used += sum;
      return true;
    }
    var cutKeyAt = -1;
    for (var a = 0; a < n; a++) {
      if (L.k[a] === K_KEY && !take(a)) {
        cutKeyAt = a;
        break;
      }
    }
    var droppedKey = 0;
    if (cutKeyAt >= 0) for (var b = cutKeyAt; b < n; b++) if (L.k[b] === K_KEY && !keep[b]) droppedKey++;
    var shortened = 0;
    if (cutKeyAt < 0) {
      for (var t = 0; t < n; t++) if (L.k[t] === K_TEXT && !keep[t]) take(t);
      for (var u = 0; u < n; u++) {
        if (L.k[u] === K_LONG && !keep[u]) {
          var s = L.s[u];
          var short = s.slice(0, LONG_TEXT) + "…";
          if (take(u, short.length + 2 * depth[u] + 1)) {
            L.s[u] = short;
            shortened++;
          }
        }
      }
    }
    var droppedText = 0;
    for (var z = 0; z < n; z++) if (!keep[z] && L.k[z] !== K_KEY && L.k[z] !== K_STRUCT) droppedText++;
    var text = layout(L, keep, depth);
    var parts = [];
    if (droppedKey) {
      var firstCut = "";
      var m = /@e(\d+)/.exec(L.s[cutKeyAt]);
      firstCut = m ? " from @e" + m[1] : "";
      parts.push(droppedKey + " interactive elements and headings" + firstCut + " on");
    }
    if (droppedText) parts.push(droppedText + " lines of text");
    if (shortened) parts.push(shortened + " long texts shortened with …");
    var notice = "[snapshot compacted: " + text.length + " of " + total + " characters shown; left out " + parts.join(", ") +
      ". Call browser_snapshot with full: true for everything.]";
    return { text: text ? text + "\n" + notice : notice, droppedKey: droppedKey, droppedText: droppedText, shortened: shortened };
  }

  // ----- snapshot -------------------------------------------------------------------------------------
  function activeElementDeep() {
    var a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    return a;
  }
  function pruneRefs() {
    refToEl.forEach(function (w, id) {
      if (!w.deref()) refToEl.delete(id);
    });
    tokenToFrame.forEach(function (w, t) {
      if (!w.deref()) tokenToFrame.delete(t);
    });
  }
  function snapshotSync(opts) {
    opts = opts || {};
    var t0 = performance.now();
    pruneRefs();
    var next = Math.max(1, Math.floor(+opts.nextRef || 1));
    var st = {
      next: next,
      refs: [],
      frames: [],
      layout: false,
      count: 0,
      links: 0,
      buttons: 0,
      textboxes: 0,
      urls: opts.urls === undefined ? !!opts.full : !!opts.urls,
      cursor: opts.cursor !== false,
      active: activeElementDeep(),
    };
    var root = newNode("document");
    var start = document.body || document.documentElement;
    var modal = null;
    try {
      modal = document.querySelector("dialog:modal");
    } catch (e) {
      modal = null;
    }
    if (modal) {
      // a modal dialog makes the rest of the page inert
      walkElement(modal, root, false, st);
    } else if (start) {
      if (start === document.documentElement) walkChildren(start, root, false, false, st);
      else walkChildren(start, root, visibilityOf(start) === 1, false, st);
    }
    finishNode(root);
    var L = new Lines();
    for (var i = 0; i < root.k.length; i++) renderNode(root.k[i], 0, -1, L);
    var full = !!opts.full;
    var maxChars = full ? Infinity : Math.max(2000, +opts.maxChars || DEFAULT_MAX_CHARS);
    var text,
      truncated = false,
      c = null;
    if (!full) c = compact(L, maxChars);
    if (c) {
      text = c.text;
      truncated = true;
    } else text = layout(L, null);
    var nextOut = st.next <= maxRefUsed ? maxRefUsed + 1 : st.next;
    return {
      ok: true,
      text: text,
      nextRef: nextOut,
      refs: st.refs,
      frameToken: isTop ? null : myToken,
      isTop: isTop,
      url: location.href,
      title: document.title,
      truncated: truncated,
      frames: st.frames,
      stats: {
        elements: st.count,
        lines: L.s.length,
        chars: text.length,
        refs: st.refs.length,
        links: st.links,
        buttons: st.buttons,
        textboxes: st.textboxes,
        omittedInteractive: c ? c.droppedKey : 0,
        omittedTextLines: c ? c.droppedText : 0,
        ms: Math.round((performance.now() - t0) * 10) / 10,
      },
    };
  }
  function waitForToken(ms) {
    if (isTop || myToken || !(ms > 0)) return Promise.resolve();
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
  function snapshot(opts) {
    opts = opts || {};
    var wait = opts.tokenWaitMs === undefined ? 400 : +opts.tokenWaitMs;
    return waitForToken(wait).then(function () {
      return snapshotSync(opts);
    });
  }

  // ----- stitching frames -----------------------------------------------------------------------------
  var PLACEHOLDER = /^( *)- iframe(.*?) \[frame=([A-Za-z0-9.]+)\]$/;
  function stitch(parts, opts) {
    opts = opts || {};
    parts = (parts || []).filter(function (p) {
      return p && p.ok !== false && typeof p.text === "string";
    });
    var byToken = Object.create(null);
    var top = null;
    var loose = [];
    parts.forEach(function (p) {
      if (p.isTop && !top) top = p;
      else if (p.frameToken) byToken[p.frameToken] = p;
      else loose.push(p);
    });
    if (!top) top = loose.shift() || null;
    var used = Object.create(null);
    var missing = [];
    var placed = 0;
    function expand(text, base, out) {
      if (!text) return;
      var lines = text.split("\n");
      for (var i = 0; i < lines.length; i++) {
        var line = lines[i];
        var m = line.indexOf("[frame=") >= 0 ? PLACEHOLDER.exec(line) : null;
        if (!m) {
          out.push(base + line);
          continue;
        }
        var child = byToken[m[3]];
        var head = base + m[1] + "- iframe" + m[2];
        if (child && !used[m[3]]) {
          used[m[3]] = true;
          placed++;
          if (child.text) {
            out.push(head + ":");
            expand(child.text, base + m[1] + "  ", out);
          } else out.push(head);
        } else {
          if (!child) missing.push(m[3]);
          out.push(head);
        }
      }
    }
    var out = [];
    if (top) expand(top.text, "", out);
    var dropped = [];
    Object.keys(byToken).forEach(function (t) {
      if (!used[t]) dropped.push(t);
    });
    var unplaced = 0;
    loose.forEach(function (p) {
      if (!p.text) return;
      unplaced++;
      out.push("- iframe" + (p.title ? " " + quote(clean(p.title)) : "") + " [unplaced]:");
      expand(p.text, "  ", out);
    });
    var text = out.join("\n");
    var truncated = parts.some(function (p) {
      return p.truncated;
    });
    var max = opts.full ? Infinity : +opts.maxChars || Infinity;
    if (text.length > max) {
      var cut = text.lastIndexOf("\n", max - 200);
      var omitted = text.slice(cut + 1).split("\n").length;
      text = text.slice(0, Math.max(cut, 0)) +
        "\n[snapshot compacted: " + omitted + " more lines from frames left out. Call browser_snapshot with full: true for everything.]";
      truncated = true;
    }
    return { text: text, truncated: truncated, placed: placed, dropped: dropped, missing: missing, unplaced: unplaced };
  }

  // ----- actions --------------------------------------------------------------------------------------
  function describeEl(el) {
    var tag = tagOf(el);
    var role = roleOf(el, tag);
    if (isContentEditableRoot(el) && FLATTEN[role]) role = "textbox";
    return { role: role === "none" || role === "presentation" ? "generic" : role, name: accName(el, role) };
  }
  function withInfo(r, el, n) {
    var d = describeEl(el);
    r.ref = refStr(n);
    r.role = d.role;
    r.name = d.name;
    return r;
  }
  function composedContains(outer, inner) {
    for (var n = inner; n; n = n.parentNode || n.host) if (n === outer) return true;
    return false;
  }
  function deepElementFromPoint(x, y) {
    var e = document.elementFromPoint(x, y);
    while (e && e.shadowRoot) {
      var inner = e.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === e) break;
      e = inner;
    }
    return e;
  }
  function scrollIntoViewIfNeeded(el) {
    var r = el.getBoundingClientRect();
    var vw = window.innerWidth,
      vh = window.innerHeight;
    if (r.top >= 0 && r.left >= 0 && r.bottom <= vh && r.right <= vw) return;
    el.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
  }
  function visiblePoint(el) {
    var r = el.getBoundingClientRect();
    var rects = el.getClientRects();
    if (rects.length > 1) r = rects[0]; // a wrapped inline link: its first line box
    var left = Math.max(r.left, 0),
      top = Math.max(r.top, 0);
    var right = Math.min(r.right, window.innerWidth),
      bottom = Math.min(r.bottom, window.innerHeight);
    var inView = right > left && bottom > top;
    if (!inView) {
      left = r.left;
      right = r.right;
      top = r.top;
      bottom = r.bottom;
    }
    return { x: (left + right) / 2, y: (top + bottom) / 2, rect: el.getBoundingClientRect(), inView: inView };
  }
  function isDisabled(el) {
    return !!(el.matches && el.matches(":disabled")) || el.getAttribute("aria-disabled") === "true";
  }
  function focusable(el) {
    if (!el || el.nodeType !== 1) return false;
    if (isDisabled(el)) return false;
    if (el.isContentEditable && isContentEditableRoot(el)) return true;
    return el.tabIndex >= 0 || el.hasAttribute("tabindex");
  }
  function mouseInit(x, y, buttons, detail) {
    return {
      bubbles: true,
      cancelable: true,
      composed: true,
      view: window,
      clientX: x,
      clientY: y,
      screenX: x + (window.screenX || 0),
      screenY: y + (window.screenY || 0),
      button: 0,
      buttons: buttons,
      detail: detail,
      pointerId: 1,
      pointerType: "mouse",
      isPrimary: true,
      width: 1,
      height: 1,
      pressure: buttons ? 0.5 : 0,
    };
  }
  function fire(target, Ctor, type, init, noBubble) {
    var i = {};
    for (var k in init) i[k] = init[k];
    if (noBubble) {
      i.bubbles = false;
      i.cancelable = false;
    }
    var E = typeof Ctor === "function" ? Ctor : MouseEvent;
    return target.dispatchEvent(new E(type, i));
  }
  function click(ref, opts) {
    var l = lookup(ref);
    if (!l.ok) return l;
    var el = l.el;
    if (!hasBox(el) && getComputedStyle(el).display !== "contents")
      return err("not_visible", "Element " + refStr(l.n) + " is not visible now; take a new snapshot.");
    if (isDisabled(el)) return err("disabled", "Element " + refStr(l.n) + " is disabled.");
    scrollIntoViewIfNeeded(el);
    var pt = visiblePoint(el);
    var x = pt.x,
      y = pt.y;
    var hit = deepElementFromPoint(x, y);
    var target = hit && composedContains(el, hit) ? hit : el;
    var covered = hit && !composedContains(el, hit) && !composedContains(hit, el) ? hit : null;
    var P = typeof PointerEvent === "function" ? PointerEvent : MouseEvent;
    var up = mouseInit(x, y, 0, 0);
    fire(target, P, "pointerover", up);
    fire(target, P, "pointerenter", up, true);
    fire(target, MouseEvent, "mouseover", up);
    fire(target, MouseEvent, "mouseenter", up, true);
    fire(target, P, "pointermove", up);
    fire(target, MouseEvent, "mousemove", up);
    var down = mouseInit(x, y, 1, 1);
    var pdOk = fire(target, P, "pointerdown", down);
    var mdOk = true;
    if (pdOk) mdOk = fire(target, MouseEvent, "mousedown", down);
    if (mdOk) {
      var f = target;
      while (f && f !== document.documentElement && !focusable(f)) f = f.parentElement || (f.parentNode && f.parentNode.host) || null;
      if (f && focusable(f)) {
        if (activeElementDeep() !== f) f.focus({ preventScroll: true });
      } else if (document.activeElement && document.activeElement !== document.body && document.activeElement.blur) {
        document.activeElement.blur();
      }
    }
    var rel = mouseInit(x, y, 0, 1);
    var puOk = fire(target, P, "pointerup", rel);
    if (pdOk && puOk) fire(target, MouseEvent, "mouseup", rel);
    else if (pdOk) fire(target, MouseEvent, "mouseup", rel);
    // click: activation behaviour (links follow, checkboxes toggle, submit buttons submit) runs on it
    var P2 = P === MouseEvent ? MouseEvent : PointerEvent;
    fire(target, P2, "click", rel);
    var res = withInfo({ ok: true, x: Math.round(x), y: Math.round(y) }, el, l.n);
    if (tagOf(el) === "select") res.hint = "To choose an option, use type with the option's label.";
    if (covered) res.covered_by = tagOf(covered) + (covered.id ? "#" + covered.id : "");
    var a = el.closest ? el.closest("a[href][target]") : null;
    if (a && a.target && a.target !== "_self" && a.target !== "_parent" && a.target !== "_top") res.opens = { url: a.href, target: a.target };
    return res;
  }
  function nativeSetter(el) {
    var proto = el.localName === "textarea" ? HTMLTextAreaElement.prototype : el.localName === "select" ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    var d = Object.getOwnPropertyDescriptor(proto, "value");
    return function (v) {
      d.set.call(el, v);
    };
  }
  function nativeGetter(el) {
    var proto = el.localName === "textarea" ? HTMLTextAreaElement.prototype : el.localName === "select" ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    var d = Object.getOwnPropertyDescriptor(proto, "value");
    return function () {
      return d.get.call(el);
    };
  }
  function inputEvent(el, type, inputType, data, cancelable) {
    var init = { bubbles: true, cancelable: !!cancelable, composed: true, inputType: inputType, data: data == null ? null : data };
    return el.dispatchEvent(typeof InputEvent === "function" ? new InputEvent(type, init) : new Event(type, init));
  }
  function plainEvent(el, type) {
    return el.dispatchEvent(new Event(type, { bubbles: true, cancelable: false }));
  }
  var KEYS = {
    Enter: [13, "Enter"],
    Tab: [9, "Tab"],
    Escape: [27, "Escape"],
    Esc: [27, "Escape"],
    Backspace: [8, "Backspace"],
    Delete: [46, "Delete"],
    ArrowUp: [38, "ArrowUp"],
    ArrowDown: [40, "ArrowDown"],
    ArrowLeft: [37, "ArrowLeft"],
    ArrowRight: [39, "ArrowRight"],
    Home: [36, "Home"],
    End: [35, "End"],
    PageUp: [33, "PageUp"],
    PageDown: [34, "PageDown"],
    Space: [32, "Space"],
    " ": [32, "Space"],
    Shift: [16, "ShiftLeft"],
    Control: [17, "ControlLeft"],
    Alt: [18, "AltLeft"],
    Meta: [91, "MetaLeft"],
    Insert: [45, "Insert"],
  };
  function keyInfo(key) {
    if (KEYS[key]) return { key: key === "Space" ? " " : key === "Esc" ? "Escape" : key, keyCode: KEYS[key][0], code: KEYS[key][1] };
    if (/^F\d{1,2}$/.test(key)) return { key: key, keyCode: 111 + +key.slice(1), code: key };
    if (key.length === 1) {
      var up = key.toUpperCase();
      var code = /[a-z]/i.test(key) ? "Key" + up : /[0-9]/.test(key) ? "Digit" + key : "";
      return { key: key, keyCode: /[a-z0-9]/i.test(key) ? up.charCodeAt(0) : key.charCodeAt(0), code: code, printable: true };
    }
    return { key: key, keyCode: 0, code: "" };
  }
  function keyEvent(target, type, info, mods) {
    var init = {
      key: info.key,
      code: info.code,
      keyCode: info.keyCode,
      which: info.keyCode,
      charCode: type === "keypress" ? info.key.length === 1 ? info.key.charCodeAt(0) : info.keyCode : 0,
      bubbles: true,
      cancelable: true,
      composed: true,
      view: window,
      ctrlKey: !!mods.ctrl,
      shiftKey: !!mods.shift,
      altKey: !!mods.alt,
      metaKey: !!mods.meta,
    };
    return target.dispatchEvent(new KeyboardEvent(type, init));
  }
  function isTextField(el) {
    if (!el) return false;
    if (el.localName === "textarea") return true;
    if (el.localName !== "input") return false;
    var t = (el.getAttribute("type") || "text").toLowerCase();
    return TEXT_INPUTS[t] || t === "number" || BLOCKS_IMPLICIT[t] || !/^(button|submit|reset|image|checkbox|radio|range|color|file|hidden)$/.test(t);
  }
  function selectionOf(el) {
    try {
      if (typeof el.selectionStart === "number") return [el.selectionStart, el.selectionEnd];
    } catch (e) {
      /* email/number inputs have no selection API */
    }
    return null;
  }
  // Insert `s` into a text field as typing would, firing beforeinput/input. Returns whether it happened.
  function insertIntoField(el, s, inputType) {
    if (!inputEvent(el, "beforeinput", inputType, s, true)) return false;
    var get = nativeGetter(el),
      setv = nativeSetter(el);
    var cur = get();
    var sel = selectionOf(el);
    var next, caret;
    if (sel) {
      next = cur.slice(0, sel[0]) + s + cur.slice(sel[1]);
      caret = sel[0] + s.length;
    } else {
      next = cur + s;
    }
    setv(next);
    if (sel && caret !== undefined) {
      try {
        el.setSelectionRange(caret, caret);
      } catch (e) {
        /* ignore */
      }
    }
    inputEvent(el, "input", inputType, s, false);
    return true;
  }
  function deleteInField(el, forward) {
    var type = forward ? "deleteContentForward" : "deleteContentBackward";
    if (!inputEvent(el, "beforeinput", type, null, true)) return false;
    var get = nativeGetter(el),
      setv = nativeSetter(el);
    var cur = get();
    var sel = selectionOf(el) || [cur.length, cur.length];
    var a = sel[0],
      b = sel[1];
    if (a === b) {
      if (forward) b = Math.min(cur.length, b + 1);
      else a = Math.max(0, a - 1);
    }
    setv(cur.slice(0, a) + cur.slice(b));
    try {
      el.setSelectionRange(a, a);
    } catch (e) {
      /* ignore */
    }
    inputEvent(el, "input", type, null, false);
    return true;
  }
  function typeChar(el, ch, editable) {
    var info = ch === "\n" ? keyInfo("Enter") : keyInfo(ch);
    var target = el;
    var ok = keyEvent(target, "keydown", info, {});
    if (ok) ok = keyEvent(target, "keypress", info, {});
    if (ok) {
      if (editable) {
        document.execCommand(ch === "\n" ? "insertParagraph" : "insertText", false, ch);
      } else insertIntoField(el, ch, ch === "\n" ? "insertLineBreak" : "insertText");
    }
    keyEvent(target, "keyup", info, {});
  }
  function chooseOption(sel, text) {
    var want = clean(text);
    var opts = sel.options;
    var idx = -1,
      i;
    for (i = 0; i < opts.length && idx < 0; i++) if (clean(opts[i].label) === want) idx = i;
    for (i = 0; i < opts.length && idx < 0; i++) if (clean(opts[i].label).toLowerCase() === want.toLowerCase()) idx = i;
    for (i = 0; i < opts.length && idx < 0; i++) if (opts[i].value === text) idx = i;
    for (i = 0; i < opts.length && idx < 0; i++) if (want && clean(opts[i].label).toLowerCase().indexOf(want.toLowerCase()) >= 0) idx = i;
    return idx;
  }
  function type(ref, text, opts) {
    opts = opts || {};
    var l = lookup(ref);
    if (!l.ok) return l;
    var el = l.el;
    text = text == null ? "" : String(text);
    if (!hasBox(el)) return err("not_visible", "Element " + refStr(l.n) + " is not visible now; take a new snapshot.");
    if (isDisabled(el)) return err("disabled", "Element " + refStr(l.n) + " is disabled.");
    var tag = tagOf(el);
    if (tag !== "input" && tag !== "textarea" && tag !== "select" && !el.isContentEditable) {
      // a widget wrapper (a custom combobox, a labelled box): its one text field takes the text
      var fields = el.querySelectorAll('input:not([type="hidden"]), textarea, select, [contenteditable]:not([contenteditable="false"])');
      if (fields.length === 1 && hasBox(fields[0])) {
        el = fields[0];
        tag = tagOf(el);
      }
    }
    scrollIntoViewIfNeeded(el);
    if (tag === "select") {
      var idx = chooseOption(el, text);
      if (idx < 0) {
        var labels = [];
        for (var i = 0; i < el.options.length && i < 50; i++) labels.push(clean(el.options[i].label));
        return err("option_not_found", "No option " + quote(text) + " in " + refStr(l.n) + "; options are: " + labels.join(", "));
      }
      el.focus({ preventScroll: true });
      if (el.multiple) for (var j = 0; j < el.options.length; j++) el.options[j].selected = j === idx;
      else el.selectedIndex = idx;
      plainEvent(el, "input");
      plainEvent(el, "change");
      return withInfo({ ok: true, value: clean(el.options[idx].label) }, el, l.n);
    }
    var editable = isContentEditableRoot(el) || (el.isContentEditable && tag !== "input" && tag !== "textarea");
    if (tag === "input" && !isTextField(el)) {
      var t = (el.type || "").toLowerCase();
      if (t === "range" || t === "color") {
        nativeSetter(el)(text);
        plainEvent(el, "input");
        plainEvent(el, "change");
        return withInfo({ ok: true, value: el.value }, el, l.n);
      }
      return err("not_typable", "Element " + refStr(l.n) + " is a " + (t || "control") + "; use click instead of type.");
    }
    if (tag !== "input" && tag !== "textarea" && !editable) {
      return err("not_typable", "Element " + refStr(l.n) + " does not take text; type into a textbox.");
    }
    if (el.readOnly) return err("readonly", "Element " + refStr(l.n) + " is read-only.");
    var isPassword = tag === "input" && el.type === "password";
    if (activeElementDeep() !== el) el.focus({ preventScroll: true });
    if (editable) {
      var s = window.getSelection();
      var range = document.createRange();
      range.selectNodeContents(el);
      s.removeAllRanges();
      s.addRange(range);
      if (opts.clear !== false && el.textContent) document.execCommand("delete", false);
      for (var c = 0; c < text.length; c++) typeChar(el, text[c], true);
      if (clean(el.textContent) !== clean(text) && opts.clear !== false) {
        el.textContent = text;
        inputEvent(el, "input", "insertText", text, false);
      }
    } else {
      if (tag === "input") text = text.replace(/[\r\n]+/g, "");
      var get = nativeGetter(el);
      if (opts.clear !== false && get() !== "") {
        try {
          el.select();
        } catch (e) {
          /* ignore */
        }
        if (!deleteInField(el, false) || get() !== "") {
          nativeSetter(el)("");
          inputEvent(el, "input", "deleteContentBackward", null, false);
        }
      }
      var chars = Array.from(text);
      var acc = get();
      var noSel = !selectionOf(el);
      for (var k = 0; k < chars.length; k++) {
        var ch = chars[k];
        var info = ch === "\n" ? keyInfo("Enter") : keyInfo(ch);
        var ok = keyEvent(el, "keydown", info, {});
        if (ok) ok = keyEvent(el, "keypress", info, {});
        if (ok && inputEvent(el, "beforeinput", ch === "\n" ? "insertLineBreak" : "insertText", ch, true)) {
          if (noSel) {
            // number/email fields: keep our own text, the field may sanitise intermediate values away
            acc += ch;
            nativeSetter(el)(acc);
          } else {
            var cur = get();
            var sel = selectionOf(el) || [cur.length, cur.length];
            nativeSetter(el)(cur.slice(0, sel[0]) + ch + cur.slice(sel[1]));
            try {
              el.setSelectionRange(sel[0] + ch.length, sel[0] + ch.length);
            } catch (e) {
              /* ignore */
            }
          }
          inputEvent(el, "input", ch === "\n" ? "insertLineBreak" : "insertText", ch, false);
        }
        keyEvent(el, "keyup", info, {});
      }
    }
    if (opts.commit !== false && !editable) plainEvent(el, "change");
    var res = withInfo({ ok: true }, el, l.n);
    if (isPassword) res.password = true;
    else res.value = cap(editable ? clean(el.textContent) : el.value, VALUE_CAP);
    if (opts.submit) res.pressed = press("Enter");
    return res;
  }
  function implicitSubmit(form, field) {
    var els = form.elements;
    for (var i = 0; i < els.length; i++) {
      var e = els[i];
      var t = (e.getAttribute("type") || (e.localName === "button" ? "submit" : "")).toLowerCase();
      if ((e.localName === "button" && t === "submit") || (e.localName === "input" && (t === "submit" || t === "image"))) {
        if (e.disabled) return "none";
        e.click();
        return "submit";
      }
    }
    var blocking = 0;
    for (var j = 0; j < els.length; j++) {
      var f = els[j];
      if (f.localName === "input" && BLOCKS_IMPLICIT[(f.getAttribute("type") || "text").toLowerCase()]) blocking++;
    }
    if (blocking > 1) return "none";
    if (form.requestSubmit) form.requestSubmit();
    else form.submit();
    return "submit";
  }
  function tabOrder() {
    var all = document.querySelectorAll("a[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable]");
    var pos = [],
      zero = [];
    for (var i = 0; i < all.length; i++) {
      var e = all[i];
      if (e.tabIndex < 0 || isDisabled(e) || !hasBox(e) || (e.localName === "input" && e.type === "hidden")) continue;
      if (e.tabIndex > 0) pos.push(e);
      else zero.push(e);
    }
    pos.sort(function (a, b) {
      return a.tabIndex - b.tabIndex;
    });
    return pos.concat(zero);
  }
  function press(key, opts) {
    opts = opts || {};
    key = String(key || "");
    var parts = key.length > 1 ? key.split("+") : [key];
    if (key.length > 1 && key.slice(-1) === "+") parts = key.slice(0, -2).split("+").concat(["+"]);
    var mods = {};
    for (var i = 0; i < parts.length - 1; i++) {
      var m = parts[i].toLowerCase();
      if (m === "control" || m === "ctrl") mods.ctrl = true;
      else if (m === "shift") mods.shift = true;
      else if (m === "alt") mods.alt = true;
      else if (m === "meta" || m === "cmd" || m === "command") mods.meta = true;
      else return err("invalid_key", "Unknown modifier " + quote(parts[i]) + " in " + quote(key) + ".");
    }
    var main = parts[parts.length - 1];
    if (!main) return err("invalid_key", "No key given.");
    var info = keyInfo(main);
    if (!info.keyCode && !info.printable) return err("invalid_key", "Unknown key " + quote(main) + ".");
    var target = activeElementDeep() || document.body;
    if (target && (target.localName === "iframe" || target.localName === "frame")) {
      return err("focus_in_child_frame", "Focus is inside a child frame.", { frameToken: tokenFor(target) });
    }
    if (!target) return err("no_target", "Nothing to press keys on.");
    var done = null;
    var editable = target.isContentEditable;
    var field = isTextField(target);
    var down = keyEvent(target, "keydown", info, mods);
    var press_ = true;
    var plain = !mods.ctrl && !mods.meta && !mods.alt;
    if (down && plain && (info.printable || info.key === "Enter")) press_ = keyEvent(target, "keypress", info, mods);
    if (down && press_) {
      var k = info.key;
      if (plain && k === "Enter") {
        if (target.localName === "textarea") {
          insertIntoField(target, "\n", "insertLineBreak");
          done = "insert";
        } else if (editable) {
          document.execCommand("insertParagraph", false);
          done = "insert";
        } else if (field && target.form) {
          done = implicitSubmit(target.form, target);
        } else if (target.localName === "a" || target.localName === "button" || target.localName === "summary" ||
          (target.localName === "input" && /^(button|submit|reset|image)$/.test(target.type)) ||
          /^(button|link|menuitem|tab|option)$/.test(target.getAttribute("role") || "")) {
          target.click();
          done = "click";
        }
      } else if (plain && info.printable && (field || editable)) {
        if (editable) document.execCommand("insertText", false, k);
        else insertIntoField(target, k, "insertText");
        done = "insert";
      } else if (plain && (k === "Backspace" || k === "Delete") && (field || editable)) {
        if (editable) document.execCommand(k === "Backspace" ? "delete" : "forwardDelete", false);
        else deleteInField(target, k === "Delete");
        done = "delete";
      } else if (k === "Tab" && !mods.ctrl && !mods.alt && !mods.meta) {
        var order = tabOrder();
        var at = order.indexOf(target);
        var nxt = order.length ? order[(at + (mods.shift ? -1 : 1) + order.length + (at < 0 && mods.shift ? 1 : 0)) % order.length] : null;
        if (nxt) {
          nxt.focus();
          done = "focus";
        }
      } else if ((mods.ctrl || mods.meta) && k.toLowerCase() === "a" && field) {
        try {
          target.select();
        } catch (e) {
          /* ignore */
        }
        done = "select_all";
      } else if (plain && target.localName === "select" && (k === "ArrowDown" || k === "ArrowUp")) {
        var ni = target.selectedIndex + (k === "ArrowDown" ? 1 : -1);
        if (ni >= 0 && ni < target.options.length) {
          target.selectedIndex = ni;
          plainEvent(target, "input");
          plainEvent(target, "change");
          done = "select";
        }
      } else if (plain && !field && !editable && /^(ArrowDown|ArrowUp|PageDown|PageUp|Home|End| )$/.test(k)) {
        var isButtonish = target.localName === "button" || (target.localName === "input" && /^(checkbox|radio|button|submit|reset)$/.test(target.type)) || target.localName === "summary";
        if (k === " " && isButtonish) {
          done = "click_on_keyup";
        } else {
          var scroller = scrollableFor(target === document.body ? null : target, true);
          var h = scroller === document.scrollingElement ? window.innerHeight : scroller.clientHeight;
          var dy = k === "ArrowDown" ? 40 : k === "ArrowUp" ? -40 : k === "PageDown" || k === " " ? h * 0.875 : k === "PageUp" ? -h * 0.875 : k === "Home" ? -scroller.scrollHeight : scroller.scrollHeight;
          if (mods.shift && k === " ") dy = -dy;
          scroller.scrollBy({ top: dy, behavior: "instant" });
          done = "scroll";
        }
      }
    }
    keyEvent(target, "keyup", info, mods);
    if (done === "click_on_keyup") {
      target.click();
      done = "click";
    }
    var res = { ok: true, key: key, target: describeEl(target), action: done, prevented: !down };
    return res;
  }
  function canScroll(el, axis) {
    if (el === document.scrollingElement || el === document.documentElement || el === document.body) {
      var se = document.scrollingElement || document.documentElement;
      return axis === "y" ? se.scrollHeight > window.innerHeight + 1 : se.scrollWidth > window.innerWidth + 1;
    }
    var big = axis === "y" ? el.scrollHeight > el.clientHeight + 1 : el.scrollWidth > el.clientWidth + 1;
    if (!big) return false;
    var o = getComputedStyle(el)[axis === "y" ? "overflowY" : "overflowX"];
    return o === "auto" || o === "scroll" || o === "overlay";
  }
  function scrollableFor(el, vertical) {
    var axis = vertical ? "y" : "x";
    for (var e = el; e && e.nodeType === 1; e = e.parentElement || (e.parentNode && e.parentNode.host) || null) {
      if (e === document.body || e === document.documentElement) break;
      if (canScroll(e, axis)) return e;
    }
    var se = document.scrollingElement || document.documentElement;
    if (el || canScroll(se, axis)) return se;
    // the page itself does not scroll: the biggest scrollable element does
    var best = null,
      area = 0;
    var all = document.body ? document.body.getElementsByTagName("*") : [];
    for (var i = 0; i < all.length; i++) {
      var c = all[i];
      if ((vertical ? c.scrollHeight - c.clientHeight : c.scrollWidth - c.clientWidth) > 1 && canScroll(c, axis)) {
        var a = c.clientWidth * c.clientHeight;
        if (a > area) {
          area = a;
          best = c;
        }
      }
    }
    return best || se;
  }
  function scroll(ref, direction, opts) {
    opts = opts || {};
    var el = null,
      n = 0;
    if (ref !== null && ref !== undefined && ref !== "") {
      var l = lookup(ref);
      if (!l.ok) return l;
      el = l.el;
      n = l.n;
    }
    direction = String(direction || "down").toLowerCase();
    if (!/^(up|down|left|right)$/.test(direction)) return err("invalid_arguments", "direction must be up, down, left or right.");
    var vertical = direction === "up" || direction === "down";
    var sign = direction === "up" || direction === "left" ? -1 : 1;
    var target = scrollableFor(el, vertical);
    var isPage = target === document.scrollingElement || target === document.documentElement;
    var size = vertical ? (isPage ? window.innerHeight : target.clientHeight) : isPage ? window.innerWidth : target.clientWidth;
    var amount = opts.amount > 0 ? +opts.amount : Math.max(40, Math.round(size * 0.8));
    var before = vertical ? target.scrollTop : target.scrollLeft;
    if (vertical) target.scrollBy({ top: sign * amount, behavior: "instant" });
    else target.scrollBy({ left: sign * amount, behavior: "instant" });
    var after = vertical ? target.scrollTop : target.scrollLeft;
    var max = vertical ? target.scrollHeight - (isPage ? window.innerHeight : target.clientHeight) : target.scrollWidth - (isPage ? window.innerWidth : target.clientWidth);
    var res = {
      ok: true,
      direction: direction,
      scrolled: Math.round(after - before),
      position: Math.round(after),
      max: Math.max(0, Math.round(max)),
      atStart: after <= 0,
      atEnd: after >= max - 1,
      target: isPage ? "page" : describeEl(target).role,
    };
    if (el) {
      res.ref = refStr(n);
      if (!isPage && elToRef.get(target)) res.scrolledRef = refStr(elToRef.get(target));
    }
    return res;
  }
  function frameOffset() {
    var x = 0,
      y = 0,
      w = window,
      complete = true;
    while (w !== w.top) {
      var fe = null;
      try {
        fe = w.frameElement;
      } catch (e) {
        fe = null;
      }
      if (!fe) {
        complete = false;
        break;
      }
      var r = fe.getBoundingClientRect();
      var cs = w.parent.getComputedStyle(fe);
      x += r.left + fe.clientLeft + parseFloat(cs.paddingLeft || "0");
      y += r.top + fe.clientTop + parseFloat(cs.paddingTop || "0");
      w = w.parent;
    }
    return { x: x, y: y, complete: complete };
  }
  function rect(ref, opts) {
    opts = opts || {};
    var l = lookup(ref);
    if (!l.ok) return l;
    var el = l.el;
    if (opts.scroll !== false) scrollIntoViewIfNeeded(el);
    var pt = visiblePoint(el);
    var r = pt.rect;
    var res = withInfo(
      {
        ok: true,
        x: pt.x,
        y: pt.y,
        left: r.left,
        top: r.top,
        width: r.width,
        height: r.height,
        inViewport: pt.inView,
        visible: hasBox(el),
        disabled: isDisabled(el),
        frameToken: isTop ? null : myToken,
        frameOffset: frameOffset(),
        viewport: { width: window.innerWidth, height: window.innerHeight },
      },
      el,
      l.n
    );
    var hit = deepElementFromPoint(pt.x, pt.y);
    if (hit && !composedContains(el, hit) && !composedContains(hit, el)) res.covered_by = tagOf(hit) + (hit.id ? "#" + hit.id : "");
    return res;
  }
  function frameRect(token, opts) {
    opts = opts || {};
    var w = tokenToFrame.get(token);
    var fe = w && w.deref();
    if (!fe || !fe.isConnected) return err("unknown_frame", "No iframe with token " + quote(token) + " here; take a new snapshot.");
    if (opts.scroll !== false) scrollIntoViewIfNeeded(fe);
    var r = fe.getBoundingClientRect();
    var cs = getComputedStyle(fe);
    var x = r.left + fe.clientLeft + parseFloat(cs.paddingLeft || "0");
    var y = r.top + fe.clientTop + parseFloat(cs.paddingTop || "0");
    return { ok: true, x: x, y: y, width: fe.clientWidth, height: fe.clientHeight, frameToken: isTop ? null : myToken, frameOffset: frameOffset() };
  }
  function resolve(ref) {
    var l = lookup(ref);
    return l.ok ? l.el : null;
  }
  function owns(ref) {
    return lookup(ref).ok;
  }
  function info() {
    var live = 0;
    refToEl.forEach(function (w) {
      if (w.deref()) live++;
    });
    return {
      ok: true,
      version: VERSION,
      isTop: isTop,
      frameToken: isTop ? null : myToken,
      url: location.href,
      title: document.title,
      hasFocus: document.hasFocus(),
      focusInChildFrame: !!(document.activeElement && /^i?frame$/.test(document.activeElement.localName || "")),
      refs: live,
      maxRef: maxRefUsed,
    };
  }

  // Whatever goes wrong inside comes back as an error object, never as an exception across the boundary.
  function guarded(fn, code) {
    return function () {
      try {
        return fn.apply(null, arguments);
      } catch (e) {
        return err(code, String((e && e.message) || e));
      }
    };
  }
  var api = {
    version: VERSION,
    snapshot: function (opts) {
      return snapshot(opts).catch(function (e) {
        return err("snapshot_failed", String((e && e.message) || e));
      });
    },
    snapshotSync: guarded(snapshotSync, "snapshot_failed"),
    stitch: stitch,
    click: guarded(click, "action_failed"),
    type: guarded(type, "action_failed"),
    press: guarded(press, "action_failed"),
    scroll: guarded(scroll, "action_failed"),
    rect: guarded(rect, "action_failed"),
    frameRect: guarded(frameRect, "action_failed"),
    resolve: resolve,
    owns: owns,
    info: info,
  };
  try {
    Object.defineProperty(G, "__hermesSnapshot", { value: Object.freeze(api), configurable: true, writable: true, enumerable: false });
  } catch (e) {
    G.__hermesSnapshot = api;
  }
  window.addEventListener("message", onMessage, true);
  sayHello();
})();
globalThis.__hermesSnapshot.version;

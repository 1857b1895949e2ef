/*
 * Hermes snapshot engine: roles. They follow ARIA (the explicit role, else the HTML-AAM implicit role) as
 * Chromium computes them, with deliberate differences: date/time inputs are `textbox` (Chromium: Date...),
 * color inputs and <summary> are `button` (ColorWell, DisclosureTriangle), and a contenteditable region is
 * `textbox` (tree.js). Also here: the role groups that more than one later file needs.
 */
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var wordSet = engine.wordSet,
    lookupTable = engine.lookupTable,
    clean = engine.clean,
    askPageWorld = engine.askPageWorld;

  var ARIA_ROLES = wordSet(
    "alert alertdialog application article banner blockquote button caption cell checkbox code columnheader combobox complementary contentinfo definition deletion dialog directory document emphasis feed figure form generic grid gridcell group heading img image insertion link list listbox listitem log main mark marquee math menu menubar menuitem menuitemcheckbox menuitemradio meter navigation none note option paragraph presentation progressbar radio radiogroup region row rowgroup rowheader scrollbar search searchbox separator slider spinbutton status strong subscript superscript switch tab table tablist tabpanel term textbox time timer toolbar tooltip tree treegrid treeitem"
  );
  // Roles an agent acts on: they get refs and their states.
  var INTERACTIVE = wordSet(
    "button link textbox searchbox combobox listbox checkbox radio switch slider spinbutton menuitem menuitemcheckbox menuitemradio option tab treeitem scrollbar"
  );
  // Roles flattened away like generic containers (their text joins the surrounding text).
  var FLATTEN = wordSet(
    "generic none presentation rowgroup code emphasis strong deletion insertion subscript superscript time mark caption legend figcaption definition sectionheader sectionfooter label"
  );

  // Roles with a value on a scale.
  var RANGE_ROLES = wordSet("slider spinbutton progressbar meter scrollbar");

  // Tags whose implicit role never depends on the element.
  var FIXED_ROLES = lookupTable({
    article: "article", aside: "complementary", button: "button", dialog: "dialog",
    fieldset: "group", optgroup: "group", details: "group", figure: "figure",
    h1: "heading", h2: "heading", h3: "heading", h4: "heading", h5: "heading", h6: "heading",
    hr: "separator", li: "listitem", main: "main", menu: "list", ol: "list", ul: "list", nav: "navigation",
    option: "option", output: "status", p: "paragraph", progress: "progressbar", meter: "meter", search: "search",
    table: "table", tr: "row", textarea: "textbox", blockquote: "blockquote", dt: "term",
    summary: "button", iframe: "iframe", frame: "iframe", math: "math",
  });
  // Tags whose implicit role depends on attributes or context.
  var CONTEXT_ROLES = lookupTable({
    a: linkRole,
    area: linkRole,
    form: function (el) {
      return hasAuthorName(el) ? "form" : "generic";
    },
    section: function (el) {
      return hasAuthorName(el) ? "region" : "generic";
    },
    header: function (el) {
      return insideSectioning(el) ? "generic" : "banner";
    },
    footer: function (el) {
      return insideSectioning(el) ? "generic" : "contentinfo";
    },
    img: function (el) {
      return el.getAttribute("alt") === "" && !hasAuthorName(el) ? "none" : "img";
    },
    input: inputRole,
    select: function (el) {
      return listBoxSelect(el) ? "listbox" : "combobox";
    },
    td: function (el) {
      // a cell of a table that is a grid (role grid or treegrid) is a gridcell, as in Chromium
      var table = el.closest("table");
      var tableRole = table ? explicitRole(table) : "";
      return tableRole === "grid" || tableRole === "treegrid" ? "gridcell" : "cell";
    },
    th: function (el) {
      var scope = (el.getAttribute("scope") || "").toLowerCase();
      return scope === "row" || scope === "rowgroup" ? "rowheader" : "columnheader";
    },
    svg: function (el) {
      return hasAuthorName(el) || svgTitle(el) ? "img" : "";
    },
  });
  // Input types that are buttons; the rest are text fields unless named in inputRole.
  var BUTTON_INPUTS = wordSet("button submit reset image file color");

  // ARIA that a custom element's ElementInternals carry: attribute name -> the internals' property. The page world
  // announces them when asked (page/element_internals.js); they count where the element has no such attribute,
  // as in Chromium (Material Web's md-radio: role and aria-checked there only).
  var INTERNALS_PROPERTIES = lookupTable({
    role: "role", "aria-label": "ariaLabel", "aria-checked": "ariaChecked", "aria-selected": "ariaSelected",
    "aria-expanded": "ariaExpanded", "aria-pressed": "ariaPressed", "aria-disabled": "ariaDisabled",
    "aria-required": "ariaRequired", "aria-readonly": "ariaReadOnly", "aria-invalid": "ariaInvalid",
    "aria-current": "ariaCurrent", "aria-level": "ariaLevel", "aria-valuenow": "ariaValueNow",
    "aria-valuetext": "ariaValueText",
  });
  var INTERNALS_QUERY = "hermes:element-internals?";
  var INTERNALS_MARK = "hermes:element-internals";
  // Read once per synchronous run of the engine and dropped at the next microtask, so that a later call (after an
  // action, or a wait) reads the page's changes.
  var internalsRead = null;
  function internalsOf(el) {
    if (!internalsRead) {
      internalsRead = readInternals();
      queueMicrotask(function () {
        internalsRead = null;
      });
    }
    return internalsRead.get(el);
  }
  // What the page world announces (dom.js, askPageWorld), each a JSON string of {property: string}: only the known
  // properties are kept, and only strings; nothing else of it is read.
  function readInternals() {
    var read = new Map();
    askPageWorld(INTERNALS_QUERY, INTERNALS_MARK, function (element, detail) {
      if (typeof detail !== "string") return;
      var announced;
      try {
        announced = JSON.parse(detail);
      } catch (error) {
        return;
      }
      if (!announced || typeof announced !== "object") return;
      var kept = Object.create(null);
      for (var attribute in INTERNALS_PROPERTIES) {
        var value = announced[INTERNALS_PROPERTIES[attribute]];
        if (typeof value === "string") kept[attribute] = value;
      }
      read.set(element, kept);
    });
    return read;
  }
  // An ARIA attribute of the element (or "role"), else what its ElementInternals give for it; null when neither.
  function ariaOf(el, attribute) {
    var value = el.getAttribute(attribute);
    if (value !== null) return value;
    var internals = internalsOf(el);
    return internals && attribute in internals ? internals[attribute] : null;
  }

  function explicitRole(el) {
    var attribute = ariaOf(el, "role");
    if (!attribute) return "";
    var tokens = attribute.trim().toLowerCase().split(/\s+/);
    for (var i = 0; i < tokens.length; i++) if (ARIA_ROLES[tokens[i]]) return tokens[i] === "image" ? "img" : tokens[i];
    return "";
  }
  function hasAuthorName(el) {
    return !!(clean(el.getAttribute("aria-label")) || el.getAttribute("aria-labelledby") || clean(el.getAttribute("title")));
  }
  function linkRole(el) {
    return el.hasAttribute("href") ? "link" : "generic";
  }
  function inputRole(el) {
    var type = (el.getAttribute("type") || "text").toLowerCase();
    if (BUTTON_INPUTS[type]) return "button";
    if (type === "checkbox" || type === "radio") return type;
    if (type === "range") return "slider";
    if (type === "number") return "spinbutton";
    if (type === "hidden") return "";
    if (el.hasAttribute("list")) return "combobox";
    return type === "search" ? "searchbox" : "textbox";
  }
  // <header>/<footer> are landmarks only outside article, aside, main, nav and section.
  function insideSectioning(el) {
    for (var parent = el.parentElement; parent; parent = parent.parentElement) {
      var tag = parent.localName;
      if (tag === "article" || tag === "aside" || tag === "main" || tag === "nav" || tag === "section") return true;
      var role = parent.getAttribute("role");
      if (role && /\b(article|complementary|main|navigation|region)\b/.test(role)) return true;
    }
    return false;
  }
  function implicitRole(el, tag) {
    var fixed = FIXED_ROLES[tag];
    if (fixed) return fixed;
    var byContext = CONTEXT_ROLES[tag];
    return byContext ? byContext(el) : "generic";
  }
  // "" means the element has no role and is left out (input type=hidden, an unnamed svg).
  function roleOf(el, tag) {
    var role = explicitRole(el);
    if (role) {
      // ARIA conflict resolution: a focusable element keeps its implicit role
      if ((role === "none" || role === "presentation") && el.tabIndex >= 0) return implicitRole(el, tag);
      return role;
    }
    return implicitRole(el, tag);
  }
  function svgTitle(el) {
    for (var child = el.firstElementChild; child; child = child.nextElementSibling) if (child.localName === "title") return clean(child.textContent);
    return "";
  }

  // Whether a <select> shows its options in place, a list box (multiple, or of a size above 1), rather than as a
  // drop-down. Chromium 156 shows a multiple one of size 1 as a drop-down (Prefect's tag fields; its tree says
  // combobox), whose options are laid out nowhere: one whose options have a box is a list box, as in Chromium before.
  function listBoxSelect(select) {
    if (!select.multiple) return select.size > 1;
    if (select.size !== 1) return true;
    var first = select.options[0];
    return !!first && first.getClientRects().length > 0;
  }

  Object.assign(engine, {
    INTERACTIVE: INTERACTIVE,
    FLATTEN: FLATTEN,
    RANGE_ROLES: RANGE_ROLES,
    roleOf: roleOf,
    listBoxSelect: listBoxSelect,
    ariaOf: ariaOf,
    svgTitle: svgTitle,
  });
})(globalThis.__hermesEngine);

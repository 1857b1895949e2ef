/*
 * Hermes snapshot engine: accessible names, following accname 1.2 as Chromium computes them
 * (aria-labelledby, aria-label, labels, alt, legend/caption, content, title, placeholder). The ::before/::after
 * text of a child is part of its name, as in Chromium (not icon-font glyphs). Also the role and name an action's result reports.
 *
 * The recursive steps pass four facts along: `root` (the element being named), `inLabelledBy` (already
 * following an aria-labelledby: do not follow another), `includeHidden` (a hidden element referenced by
 * aria-labelledby still gives its text) and `recursing` (inside a label or content, not the root itself).
 */
(function (engine) {
  "use strict";
  if (engine.complete) return;
  var wordSet = engine.wordSet,
    clean = engine.clean,
    cap = engine.cap,
    refText = engine.refText,
    NAME_CAP = engine.NAME_CAP,
    SKIP_TAGS = engine.SKIP_TAGS,
    FLATTEN = engine.FLATTEN,
    RANGE_ROLES = engine.RANGE_ROLES,
    tagOf = engine.tagOf,
    elementById = engine.elementById,
    renderedChildren = engine.renderedChildren,
    isHiddenForName = engine.isHiddenForName,
    isContentEditableRoot = engine.isContentEditableRoot,
    roleOf = engine.roleOf,
    ariaOf = engine.ariaOf,
    svgTitle = engine.svgTitle;

  // Roles whose name comes from their content (accname), and whose content is therefore not repeated.
  var NAME_FROM_CONTENT = wordSet(
    "button link heading tab menuitem menuitemcheckbox menuitemradio option treeitem checkbox radio switch tooltip cell gridcell columnheader rowheader row term sectionhead"
  );
  // Controls that give their value, not their name, inside another element's label (accname 2E); a progress bar
  // and a meter too, as Chromium has it ("B 3" for a button holding B and a <progress> at 3).
  var EMBEDDED_CONTROLS = wordSet("textbox searchbox combobox listbox slider spinbutton progressbar meter");
  // Roles whose content gives nothing to the name of what holds them, as Chromium has it (its name-from-contents
  // rule, measured role by role with Chromium 156: a treeitem holding its label and a group of child items is named
  // by the label alone, a link around an <article> has no name). Their own aria-label or labels still count.
  var NO_CONTENT_IN_NAMES = wordSet(
    "alert alertdialog application article banner blockquote complementary contentinfo dialog document feed figure " +
      "grid group img image log main marquee menu menubar meter navigation note progressbar radiogroup row rowgroup " +
      "scrollbar search separator status table tablist tabpanel timer toolbar tree treegrid"
  );
  // Of those, roles that only put content out when the page wrote them: a <table> of the page's layout, with its
  // rows, is no table to Chromium and gives its cells' text; an <svg> is an img to the engine, but gives its
  // content's names (Base Web's icon, an <svg> around one whose <title> is "Down Small").
  var PUT_OUT_BY_ROLE_ONLY = wordSet("table row rowgroup img image");
  // Fields whose placeholder names them when nothing else does.
  var PLACEHOLDER_NAMED = wordSet("textbox searchbox combobox spinbutton");
  // Elements named by their <label>s, and by nothing else of their own.
  var LABELLED_ONLY = wordSet("textarea select meter progress output button");

  function labelsText(el, root, includeHidden) {
    var labels = labelsOf(el);
    if (!labels || !labels.length) return "";
    var texts = [];
    for (var i = 0; i < labels.length; i++) {
      var text = textAlt(labels[i], root, true, includeHidden, true);
      if (clean(text)) texts.push(text);
    }
    return texts.join(" ");
  }
  // An element's <label>s. A form-associated custom element's are its internals' (ElementInternals.labels), which
  // the engine's world cannot read (the element's own `labels` is the page's getter, in the page's world only), so
  // they are found as the labels whose control it is: an ancestor <label>, or one whose `for` is its id.
  function labelsOf(el) {
    if (el.labels || tagOf(el).indexOf("-") < 0) return el.labels;
    var labels = [];
    for (var up = el.parentElement; up; up = up.parentElement) if (tagOf(up) === "label" && up.control === el) labels.push(up);
    var root = el.getRootNode();
    if (el.id && root.querySelectorAll) {
      var named = root.querySelectorAll("label[for]");
      for (var i = 0; i < named.length; i++) if (named[i].control === el && labels.indexOf(named[i]) < 0) labels.push(named[i]);
    }
    return labels;
  }
  // The value an embedded control contributes to a name (accname 2E); null when it has none to give.
  function embeddedValue(el, role) {
    if (role === "textbox" || role === "searchbox") {
      if (el.type === "password") return "";
      return el.value !== undefined && typeof el.value === "string" ? el.value : el.textContent;
    }
    if (role === "combobox" || role === "listbox") {
      if (el.localName === "select") {
        var chosen = [];
        for (var i = 0; i < el.options.length; i++) if (el.options[i].selected) chosen.push(el.options[i].label);
        return chosen.join(" ");
      }
      if (el.localName === "input") return el.value;
      // the chosen option it shows; not one its closed list keeps marked (Choices.js marks the highlighted choice of
      // its hidden list, which is no value: Chromium's tree gives none, and nothing was chosen)
      var option = el.querySelector('[role="option"][aria-selected="true"]');
      return option && !isHiddenForName(option) ? textAlt(option, option, false, false, false) : "";
    }
    if (RANGE_ROLES[role]) {
      return ariaOf(el, "aria-valuetext") || ariaOf(el, "aria-valuenow") || (el.value != null ? String(el.value) : "");
    }
    return null;
  }
  // The text alternative of `el` when computing the name of `root` (accname §4.3.2). `visiting` guards
  // against cycles through labels and references. `referenced`: the elements whose text an aria-labelledby met on
  // the way has given, which the content met after them does not give again, as in Chromium (rsuite's option holds
  // a checkbox labelled by the option's text beside it: "Caramel", not "Caramel Caramel"; the other way round, a
  // text met first and then referenced, is given twice there too). Reset for each name (accessibleName).
  var visiting = new Set();
  var referenced = new Set();
  // How the text alternative textAlt gave last was found: "contents" (accname 2F), or "attribute" (an
  // aria-labelledby, an aria-label, the host language's own name, an embedded control's value, a title).
  // Chromium sets a child named the second way apart from the text beside it ("B Pic C" for a button holding B, an
  // image whose alt is Pic, and C; "Delete Row 3" for a link holding an icon labelled Delete, then "Row 3").
  var lastNameFrom = "contents";
  function nameFrom(source, text) {
    lastNameFrom = source;
    return text;
  }
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
      var labelledBy = labelledByText(el, root, includeHidden);
      if (labelledBy) return nameFrom("attribute", labelledBy);
    }
    var role = roleOf(el, tag);
    // 2E: an embedded control inside a label/labelledby content gives its value
    if (recursing && el !== root && EMBEDDED_CONTROLS[role]) {
      var value = embeddedValue(el, role);
      if (value != null) return nameFrom("attribute", value);
    }
    // 2C: aria-label
    var label = ariaOf(el, "aria-label");
    if (label && label.trim()) return nameFrom("attribute", label);
    if (role === "none" || role === "presentation") role = "generic";
    // 2D: native host-language label
    var native = nativeName(el, tag, root, includeHidden);
    if (native !== null && clean(native)) return nameFrom("attribute", native);
    // 2F: name from content (not from inside a role that gives its content to no name around it)
    // (what an aria-labelledby or a <label> points at gives all its content: Spectrum's slider, labelled by its label
    // and its <output>, is "Volume 20")
    var contentGiven =
      el === root || inLabelledBy || !NO_CONTENT_IN_NAMES[role] || (PUT_OUT_BY_ROLE_ONLY[role] && !el.hasAttribute("role"));
    if ((NAME_FROM_CONTENT[role] || recursing) && contentGiven) {
      var content = contentText(el, root, inLabelledBy, includeHidden);
      // the element's own ::before/::after too (a child's are added as it is met: contentText)
      if (el === root) content = generated(el, "::before") + content + generated(el, "::after");
      if (clean(content)) return nameFrom("contents", content);
    }
    // 2I: tooltip, then placeholder
    var title = el.getAttribute("title");
    if (title && title.trim()) return nameFrom("attribute", title);
    // (a <select> has no placeholder to Chromium, though Tom Select writes one on the one it enhances)
    if (el === root && PLACEHOLDER_NAMED[role] && tag !== "select") {
      var placeholder = el.getAttribute("placeholder") || el.getAttribute("aria-placeholder");
      if (placeholder && placeholder.trim()) return nameFrom("attribute", placeholder);
    }
    return nameFrom("attribute", native || "");
  }
  function labelledByText(el, root, includeHidden) {
    var ids = el.getAttribute("aria-labelledby");
    if (!ids) return "";
    var list = ids.trim().split(/\s+/);
    var texts = [];
    for (var i = 0; i < list.length; i++) {
      var target = elementById(el, list[i]);
      if (!target) continue;
      var hidden = isHiddenForName(target) || includeHidden;
      texts.push(target === el ? ownText(el, root, hidden) : textAlt(target, root, true, hidden, true));
      referenced.add(target);
    }
    return clean(texts.join(" "));
  }
  // What an element that lists itself in its aria-labelledby gives there: its aria-label, else its content, as
  // Chromium has it (Headless UI's button, labelled by its <label> and itself: "Size Choose"), not its <label>s
  // again; the cycle guard would give nothing for it.
  function ownText(el, root, includeHidden) {
    var label = ariaOf(el, "aria-label");
    if (label && label.trim()) return label;
    return generated(el, "::before") + contentText(el, root, true, includeHidden) + generated(el, "::after");
  }
  // The host language's own name (accname 2D); null when the element has none of its own.
  function nativeName(el, tag, root, includeHidden) {
    if (tag === "input") return inputName(el, root, includeHidden);
    if (LABELLED_ONLY[tag]) return (el === root && labelsText(el, root, includeHidden)) || null;
    switch (tag) {
      case "img":
      case "area":
        return el.getAttribute("alt");
      case "fieldset":
        return childCaptionText(el, "legend", root, includeHidden);
      case "figure":
        return childCaptionText(el, "figcaption", root, includeHidden);
      case "table":
        return el.caption ? textAlt(el.caption, root, true, includeHidden, true) : null;
      case "svg":
        return svgTitle(el) || null;
      case "optgroup":
        return el.getAttribute("label");
      case "option":
        return el.hasAttribute("label") && el.getAttribute("label").trim() ? el.getAttribute("label") : null;
      default:
        // a form-associated custom element with a role is named by its <label>s (Material Web's md-radio)
        return (el === root && tagOf(el).indexOf("-") > 0 && !FLATTEN[roleOf(el, tag)] && labelsText(el, root, includeHidden)) || null;
    }
  }
  function childCaptionText(el, captionTag, root, includeHidden) {
    for (var child = el.firstElementChild; child; child = child.nextElementSibling) {
      if (child.localName === captionTag) return textAlt(child, root, true, includeHidden, true);
    }
    return null;
  }
  function inputName(el, root, includeHidden) {
    var type = (el.getAttribute("type") || "text").toLowerCase();
    if (type === "hidden") return "";
    // <label>s name the control being named, not controls met on the way
    var labels = el === root ? labelsText(el, root, includeHidden) : "";
    if (type === "button" || type === "submit" || type === "reset") {
      if (clean(labels)) return labels;
      if (el.hasAttribute("value")) return el.getAttribute("value");
      return type === "submit" ? "Submit" : type === "reset" ? "Reset" : "";
    }
    if (type === "image") {
      if (clean(labels)) return labels;
      var alt = el.getAttribute("alt");
      if (alt && alt.trim()) return alt;
      var value = el.getAttribute("value");
      if (value && value.trim()) return value;
      if (el.getAttribute("title")) return null;
      return "Submit";
    }
    // a file input with no label is named by its button's text, as Chromium names it (not by its title)
    if (type === "file" && el === root && !clean(labels)) return el.multiple ? "Choose Files" : "Choose File";
    return labels;
  }
  // Whether an element's text is set apart from its neighbours' in a name: as Chromium does, by how it is laid
  // out, not by its tag (a <div> styled inline runs on, a <span> that is a flex item does not).
  function isBlockish(el) {
    var tag = tagOf(el);
    if (tag === "img" || tag === "input" || tag === "button" || tag === "select" || tag === "textarea") return false;
    return laidOutAsBox(el);
  }
  // A text-level element that the page lays out as a box of its own: inline-block, a flex or grid item
  // (blockified), a float. Its text is a word of its own, not run on with the text beside it.
  function laidOutAsBox(el) {
    var display = getComputedStyle(el).display;
    return display !== "inline" && display !== "contents";
  }
  // Name from content (accname 2F): the children's text alternatives, blocks set apart by spaces.
  function contentText(el, root, inLabelledBy, includeHidden) {
    var out = "";
    var add = function (child) {
      if (child.nodeType === 3) {
        out += transformed(child);
      } else if (child.nodeType === 1) {
        var tag = tagOf(child);
        if (SKIP_TAGS[tag] || child === root || referenced.has(child)) return;
        var text = textAlt(child, root, inLabelledBy, includeHidden, true);
        var apart = lastNameFrom === "attribute" && !!clean(text); // (see lastNameFrom)
        if (includeHidden || !isHiddenForName(child)) text = generated(child, "::before") + text + generated(child, "::after");
        if (tag === "br") out += " ";
        else if (apart || isBlockish(child)) out += " " + text + " ";
        else out += text;
      }
    };
    var children = renderedChildren(el);
    if (children) for (var i = 0; i < children.length; i++) add(children[i]);
    else for (var node = el.firstChild; node; node = node.nextSibling) add(node);
    return out;
  }
  // A text node's text as it is drawn, and as Chromium names with it: in its element's text-transform (MUI's tab
  // "Details" reads "DETAILS"); capitalize raises the first letter of each run of letters after a space.
  function transformed(text) {
    var parent = text.assignedSlot || text.parentElement; // slotted text is drawn in the slot's style
    var transform = parent ? getComputedStyle(parent).textTransform : "none";
    if (transform === "uppercase") return text.data.toUpperCase();
    if (transform === "lowercase") return text.data.toLowerCase();
    if (transform !== "capitalize") return text.data;
    return text.data.replace(/(^|\s)(\S)/g, function (match, space, first) {
      return space + first.toUpperCase();
    });
  }
  // The text a ::before or ::after adds to a name (Chromium's names have it: a multi-select's ", " between the
  // values it shows, Quill's picker named by its choice): the quoted strings of its content and the attributes
  // it shows (attr()), without icon-font glyphs (the Private Use Area), which read as nothing.
  var GENERATED_PARTS = /"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|attr\(\s*([^\s)]+)\s*\)/g;
  var PRIVATE_USE = /[\ue000-\uf8ff]/g;
  // What a ::before or ::after adds to a name: its content, unless it is not drawn (visibility hidden, display
  // none), as Chromium leaves it out (Fluent v8's Pivot repeats each tab's label in a hidden ::after to keep room
  // for its bold face: "History", not "History History"). Content laid out in a box of its own has the white
  // space at its ends dropped, and is set apart from the element's own content by a space (a block's, on both
  // sides): Elastic UI marks the text an option matches with " [highlight start] " and " [highlight end] " in
  // screen-reader-only pseudo-elements, and Chromium names the option "[highlight start] Fra [highlight end]nce"
  // (measured on Chromium 156 with absolute, fixed, floated, inline-block and block content).
  function generated(el, pseudo) {
    var style = getComputedStyle(el, pseudo);
    var content = style.content;
    if (!content || content === "none" || content === "normal") return "";
    if (style.visibility === "hidden" || style.visibility === "collapse" || style.display === "none") return "";
    var text = "";
    altText(content).replace(GENERATED_PARTS, function (match, double, single, attribute) {
      if (attribute !== undefined) text += el.getAttribute(attribute) || "";
      else text += (double !== undefined ? double : single).replace(/\\(.)/g, "$1");
      return match;
    });
    text = text.replace(PRIVATE_USE, "");
    var outOfLine = style.position === "absolute" || style.position === "fixed" || style.cssFloat !== "none";
    if (!outOfLine && style.display === "inline") return text;
    var trimmed = text.replace(/^[ \t\n\f\r]+|[ \t\n\f\r]+$/g, ""); // CSS's white space: a no-break space stays
    if (!outOfLine && style.display !== "inline-block") return " " + trimmed + " ";
    return pseudo === "::before" ? trimmed + " " : " " + trimmed;
  }
  // A content's text for assistive technology: what follows its top-level "/" where it gives one (`"_" / ""`, the
  // underscore DevExtreme draws before each list item, says nothing), else the content itself.
  function altText(content) {
    var quote = null;
    for (var i = 0; i < content.length; i++) {
      var char = content.charAt(i);
      if (char === "\\") i++;
      else if (quote) quote = char === quote ? null : quote;
      else if (char === '"' || char === "'") quote = char;
      else if (char === "/") return content.slice(i + 1);
    }
    return content;
  }
  function accessibleName(el) {
    referenced.clear();
    try {
      return cap(clean(textAlt(el, el, false, false, false)), NAME_CAP);
    } finally {
      referenced.clear();
    }
  }

  // ----- names of clickable things without text ---------------------------------------------------------
  // Words of a class name that say how it looks or where it sits, not what it does.
  var HINT_STOP_WORDS = wordSet(
    "fa fas far fab fal fad fat fass fa1 fa2 fa3 fw lg sm xs md xl xxl solid regular light thin duotone brands sharp icon icons ico i " +
      "btn button buttons ui js jp is has item items wrapper wrap container inner outer box state default active hover focus " +
      "corner all left right top bottom svg glyph glyphicon glyphicons material symbols outlined mdi bi el primary secondary " +
      "tertiary small large big the a of clickable pointer action actions control size theme notranslate lighten darken " +
      "text mui css jss root medium base font lucide feather tabler heroicon rounded flex inline block shadow border " +
      "ring transition cursor center justify gap opacity outline vaadin lumo padded overflow"
  );
  // Of those, the directions: a glyph's own words when the class names a glyph that points (mdi-chevron-left), where
  // they tell a calendar's two arrows apart.
  var DIRECTIONS = wordSet("left right top bottom up down");
  var POINTING = wordSet("chevron arrow caret angle triangle");
  var HINT_MAX = 32;
  var HINT_MIN_WORD = 3; // "tb", "ag", "fa": abbreviations that say nothing to a reader
  var HINT_SCAN = 6; // elements looked at: the element itself, then its first descendants with a class
  // A hint at what a clickable thing without text does, from its class (the last, most specific, first) or its
  // test id, or, failing those, its id:
  // "fa-solid fa-star" -> "star", "email-reply" -> "email-reply". Only lower-case letters, digits and hyphens, so a class cannot write
  // anything but a word; "" when the classes say nothing.
  function classHint(el) {
    // an icon inside it first, an icon font's glyph (<i class="mdi mdi-chevron-left">), an inline SVG's (<svg
    // class="lucide lucide-ellipsis">) or a web component's: what a person sees it do, where its own classes say how
    // it looks (Tailwind's)
    var glyph = el.querySelector("i[class], svg[class]") || iconComponent(el);
    var candidates = glyph ? [glyph, el] : [el];
    var inner = el.querySelectorAll("[class]");
    for (var i = 0; i < inner.length && candidates.length < HINT_SCAN; i++) candidates.push(inner[i]);
    for (var c = 0; c < candidates.length; c++) {
      var named = iconName(candidates[c]);
      if (named) return named;
      var classes = String(candidates[c].getAttribute("class") || "").split(/\s+/);
      for (var k = classes.length - 1; k >= 0; k--) {
        var hint = hintWord(classes[k]);
        if (hint) return hint;
      }
      // then the test id a component library leaves on it (MUI's icons: data-testid="EditIcon")
      var tested = hintWord(candidates[c].getAttribute("data-testid"));
      if (tested) return tested;
    }
    return hintWord(el.id); // failing a class, the element's id ("open-search")
  }
  // A web component's icon names its glyph in an attribute, where its class says where it sits: UI5's <ui5-icon
  // name="slim-arrow-down" class="inputIcon">, Ionic's <ion-icon name="trash-outline">, Shoelace's <sl-icon
  // name="pencil">, Vaadin's <vaadin-icon icon="vaadin:close">.
  function isIconComponent(el) {
    return /-icon$/.test(el.localName) && (el.hasAttribute("name") || el.hasAttribute("icon"));
  }
  function iconComponent(el) {
    var named = el.querySelectorAll("[name], [icon]");
    for (var i = 0; i < named.length; i++) if (isIconComponent(named[i])) return named[i];
    return null;
  }
  function iconName(el) {
    return isIconComponent(el) ? hintWord(el.getAttribute("name") || el.getAttribute("icon")) : "";
  }
  // A class a CSS-in-JS library generates: its name and a hash (Emotion's css-vubbuv, styled-components' sc-bdVaJa,
  // Svelte's scoped svelte-16sct4k, last in every class list Gradio's components draw);
  // or one a framework sets for a state or an animation (Angular's ng-valid, ng-dirty, ng-star-inserted, ng-tns-c12-3,
  // and its CDK's cdk-focused), which changes as the page is used and says nothing of what the element does.
  var GENERATED_CLASS = /^((css|sc|jss|emotion|styled|svelte)-[a-z0-9]+|(ng|cdk)-.*)$/i;
  function hintWord(name) {
    if (GENERATED_CLASS.test(String(name || ""))) return "";
    var all = String(name || "")
      .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
      .toLowerCase()
      .split(/[^a-z0-9]+/);
    var pointing = all.some(function (word) {
      return POINTING[word];
    });
    var words = all.filter(function (word) {
      if (pointing && DIRECTIONS[word]) return true;
      // (letters and digits mixed: a generated class's hash, css-1yxmbwk, or a size, col6)
      return word.length >= HINT_MIN_WORD && !HINT_STOP_WORDS[word] && !/[0-9]/.test(word);
    });
    var hint = words.join("-").slice(0, HINT_MAX).replace(/-+$/, "");
    return /^[a-z]/.test(hint) ? hint : "";
  }
  // A name for a clickable thing that shows no text: its own name (aria-label, title), else the first
  // aria-label, title, svg <title> or alt inside it.
  function textlessName(el) {
    var own = accessibleName(el);
    if (own) return own;
    var inner = el.querySelector("[aria-label], [title], svg > title, img[alt]");
    if (!inner) return "";
    var text = tagOf(inner) === "title" ? inner.textContent : inner.getAttribute("aria-label") || inner.getAttribute("title") || inner.getAttribute("alt");
    return cap(clean(text), NAME_CAP);
  }

  // ----- what an action's result says about its element -------------------------------------------------
  function describeElement(el) {
    var role = roleOf(el, tagOf(el));
    if (isContentEditableRoot(el) && FLATTEN[role]) role = "textbox";
    return { role: role === "none" || role === "presentation" ? "generic" : role, name: accessibleName(el) };
  }
  // `result` with the ref, role and name of the element it is about.
  function withDescription(result, el, number) {
    var description = describeElement(el);
    result.ref = refText(number);
    result.role = description.role;
    result.name = description.name;
    return result;
  }

  Object.assign(engine, {
    embeddedValue: embeddedValue,
    laidOutAsBox: laidOutAsBox,
    classHint: classHint,
    textlessName: textlessName,
    accessibleName: accessibleName,
    labelsOf: labelsOf,
    describeElement: describeElement,
    withDescription: withDescription,
  });
})(globalThis.__hermesEngine);

"""What the harness reads from a page after an interaction, the same script on the oracle and on both lanes, and
the rules that make a difference between the oracle and a lane a divergence.

``OBSERVE`` is a JavaScript expression that yields a JSON-able object:

* ``state``: ``window.__state``, the widgets' own models (tests/widgets/corpus/README.md);
* ``focus``: the focused element (through open shadow roots) as ``tag role "name"``: its tag, its role (the
  ``role`` attribute, else the tag's own), and a name read the way most controls are named (aria-label,
  aria-labelledby, a label, the placeholder, the title, the text of a button, link, option or summary);
* ``selection``: the text selected, in the focused field (``start-end``) or in the document;
* ``forms``: every field's value (checked for a box or a radio, the chosen options of a select), by its position
  and type (many libraries make up their fields' ids and names anew on each load);
* ``scrolled``: the boxes (and the page) scrolled away from their start;
* ``errors``: the page's ``__errors``, and ``focused``: ``document.hasFocus()`` (reported, not compared).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

#: The page's own wait between two reads: two animation frames, then a timer of this many milliseconds.
SETTLE_PAUSE_MS = 60
#: The wait between reads; true when nothing in the document changed during it. A widget animated by script (jQuery
#: UI's datepicker fades out over 400 ms, its style changing each frame) keeps what is observed the same until
#: the animation hides it, and then the focus it held goes to the body: two equal reads during the fade are not
#: the page at rest (the oracle and the lanes read it at different points of the fade, in some runs). Nor is a
#: page whose CSS transition or animation (a finite one: a spinner never ends) is still running, in the document or
#: in an open shadow root (Ionic animates its overlays there): Bootstrap's toast and tooltip fade in by CSS,
#: changing nothing in the document, and say they are shown when the fade ends. Nor is a page with a timer of 50 ms
#: to a second yet to run (``window.__pendingTimers``, tests/widgets/corpus/harness.js): what the page
#: deferred after the last input (Tom Select's refresh, 300 ms after the last key, which takes the focus back) is
#: done before a person's next input.
SETTLE_WAIT = (
    "new Promise(function (done) { var changes = 0; var watch = new MutationObserver(function (records) {"
    " changes += records.length; }); watch.observe(document, {subtree: true, childList: true, attributes: true,"
    " characterData: true}); function animating(root) { return root.getAnimations().some(function (a) {"
    " return a.playState === 'running' && isFinite(a.effect.getComputedTiming().endTime); })"
    " || Array.prototype.some.call(root.querySelectorAll('*'), function (e) {"
    " return e.shadowRoot && animating(e.shadowRoot); }); }"
    " requestAnimationFrame(function () { requestAnimationFrame(function () {"
    " function deferring() { return typeof window.__pendingTimers === 'function' && window.__pendingTimers() > 0; }"
    f" setTimeout(function () {{ watch.disconnect(); done(changes === 0 && !animating(document) && !deferring()); }},"
    f" {SETTLE_PAUSE_MS}); }}); }}); }})"
)

OBSERVE = r"""(function () {
  function clean(text) { return String(text || "").replace(/\s+/g, " ").trim().slice(0, 80); }
  function textOf(ids) {
    return ids.split(/\s+/).map(function (id) { var e = document.getElementById(id); return e ? e.textContent : ""; })
      .join(" ");
  }
  var IMPLICIT = {A: "link", BUTTON: "button", SELECT: "combobox", TEXTAREA: "textbox", SUMMARY: "summary",
                  OPTION: "option", BODY: "document", DETAILS: "group"};
  var INPUTS = {checkbox: "checkbox", radio: "radio", range: "slider", button: "button", submit: "button",
                number: "spinbutton", search: "searchbox"};
  function role(e) {
    if (e.getAttribute("role")) return e.getAttribute("role");
    if (e.tagName === "INPUT") return INPUTS[e.type] || (e.type === "text" ? "textbox" : e.type);
    if (e.tagName === "SELECT" && (e.multiple || e.size > 1)) return "listbox";
    return IMPLICIT[e.tagName] || (e.isContentEditable ? "editable" : "");
  }
  function name(e) {
    if (e.getAttribute("aria-label")) return clean(e.getAttribute("aria-label"));
    if (e.getAttribute("aria-labelledby")) return clean(textOf(e.getAttribute("aria-labelledby")));
    if (e.labels && e.labels.length) return clean(e.labels[0].textContent);
    if (e.getAttribute("placeholder")) return clean(e.getAttribute("placeholder"));
    if (e.getAttribute("title")) return clean(e.getAttribute("title"));
    if (/^(A|BUTTON|OPTION|SUMMARY|LI|TD|TH)$/.test(e.tagName) || /^(button|tab|option|menuitem|gridcell|link|treeitem)/
        .test(e.getAttribute("role") || "")) return clean(e.textContent);
    return "";
  }
  function describe(e) { return e ? (e.tagName.toLowerCase() + " " + role(e) + ' "' + name(e) + '"') : null; }
  var active = document.activeElement;
  while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
  var selection = null;
  try {
    if (active && typeof active.selectionStart === "number" && active.value) {
      selection = active.selectionStart + "-" + active.selectionEnd + " " +
        JSON.stringify(active.value.slice(active.selectionStart, active.selectionEnd));
    }
  } catch (notText) { selection = null; }
  function offset(node, at) {
    var range = document.createRange();
    range.setStart(active, 0);
    range.setEnd(node, at);
    return range.toString().length;
  }
  var chosen = window.getSelection();
  if (selection === null && chosen && chosen.rangeCount) {
    if (active && active.isContentEditable && active.contains(chosen.anchorNode) && active.contains(chosen.focusNode)) {
      selection = offset(chosen.anchorNode, chosen.anchorOffset) + "-" + offset(chosen.focusNode, chosen.focusOffset) +
        " " + JSON.stringify(clean(chosen.toString()));
    } else if (!chosen.isCollapsed) {
      selection = JSON.stringify(clean(chosen.toString()));
    }
  }
  var forms = {};
  Array.prototype.forEach.call(document.querySelectorAll("input, select, textarea"), function (field, index) {
    var key = index + " " + field.type;  // by position: libraries make up ids and names anew on each load
    if (field.type === "checkbox" || field.type === "radio") forms[key] = field.checked;
    else if (field.tagName === "SELECT") forms[key] = Array.prototype.filter.call(field.options,
      function (option) { return option.selected; }).map(function (option) { return option.value; });
    else if (field.type !== "file" && field.type !== "password") forms[key] = field.value;
  });
  var scrolled = [];
  if (window.scrollY > 0 || window.scrollX > 0) scrolled.push("page");
  Array.prototype.forEach.call(document.querySelectorAll("body *"), function (box) {
    if ((box.scrollTop > 0 || box.scrollLeft > 0) && scrolled.length < 20) scrolled.push(describe(box));
  });
  return {state: window.__state === undefined ? null : JSON.parse(JSON.stringify(window.__state)),
          focus: describe(active), selection: selection, forms: forms, scrolled: scrolled,
          errors: (window.__errors || []).slice(0, 5).map(String), focused: document.hasFocus()};
})()"""

#: What ``OBSERVE`` reads, compared in this order; ``focused`` is reported, never compared (the extension lane's
#: window has no system focus by design).
COMPARED = ("state", "focus", "selection", "forms", "scrolled", "errors")


@dataclass(frozen=True)
class Divergence:
    """One way a lane differed from the oracle on one interaction."""

    library: str
    page: str
    control: str
    interaction: str
    lane: str
    #: "state", "focus", "selection", "forms", "scrolled", "errors" (after the interaction), "refused" (an
    #: error where the oracle's press landed on the named element), "answer" (an error although the page
    #: changed as the oracle's did), "no ref" (what the oracle acted on has no ref), "role" (it has one only
    #: under another role than Chromium's)
    kind: str
    detail: str

    def as_json(self) -> dict[str, str]:
        return dict(self.__dict__)


def short(value: Any, limit: int = 160) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def differences(oracle: dict[str, Any], lane: dict[str, Any]) -> list[tuple[str, str]]:
    """``(kind, detail)`` for every compared part of two observations that differs (of the page's state and its
    forms, only the keys that differ)."""
    found = []
    for part in COMPARED:
        if isinstance(oracle.get(part), dict) and isinstance(lane.get(part), dict):
            keys = sorted(set(oracle[part]) | set(lane[part]))
            changed = {key: (oracle[part].get(key), lane[part].get(key)) for key in keys}
            changed = {key: pair for key, pair in changed.items() if pair[0] != pair[1]}
            if changed:
                found.append(
                    (part, "; ".join(f"{key}: oracle {short(a)}, lane {short(b)}" for key, (a, b) in changed.items()))
                )
        elif oracle.get(part) != lane.get(part):
            found.append((part, f"oracle {short(oracle.get(part))}, lane {short(lane.get(part))}"))
    return found

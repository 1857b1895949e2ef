"""Chromium's own accessibility tree as the reference for the roles and names a snapshot gives its refs.

For each line with a ref, ``views`` resolves the ref to its element in the engine's world and asks Chromium
(``Accessibility.getPartialAXTree``) for that node's role and name, next to what the snapshot shows.  What
the snapshot shows as the name is the quoted name, or, for a line that prints its content beneath it instead
(a row, a cell, a list item), that content: it is what an agent reads as the element's name.  Chromium's name is
given as names are compared, whatever the browser's version: spaces collapsed and trimmed.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from tests.extension.snapshot_harness import Frame, Tab
from tests.lanes.snapshot_grammar import ElementLine, normalised, parse_snapshot, unescaped_text

#: Chromium's internal roles for controls the engine deliberately calls by their ARIA kind (roles.js); a <label> has
#: none (generic), and the engine gives a ref to one whose file input the page does not draw (tree.js).
CHROMIUM_INTERNAL_ROLES = {
    "Date": "textbox",
    "InputTime": "textbox",
    "image": "img",  # Chromium 156's name for ARIA's img
    "ColorWell": "button",
    "DisclosureTriangle": "button",
    "LabelText": "generic",
}


#: Icon-font glyphs (Font Awesome draws with ::before content in the Private Use Area): Chromium puts them in a name,
#: but they read as nothing, so the engine leaves them out (a name of glyphs only is none: it shows a [hint=...]).
ICON_GLYPHS = re.compile("[\ue000-\uf8ff]")


@dataclass(frozen=True)
class View:
    ref: str
    role: str
    #: the quoted name ("" when the line shows none)
    name: str
    #: the quoted name, else the text the line shows beneath it, spaces collapsed
    shown: str
    chromium_role: str
    chromium_name: str


def views(tab: Tab, top: Frame, text: str) -> list[View]:
    """Every ref of ``text`` (a snapshot of ``top``): our role and name, and Chromium's."""
    cdp = tab.browser.cdp
    cdp.send("Accessibility.enable", session=tab.session)
    lines = parse_snapshot(text)
    out = []
    for index, line in enumerate(lines):
        if line.ref is None:
            continue
        object_id = top.object_id(f"globalThis.__hermesSnapshot.resolve({json.dumps(line.ref)})")
        assert object_id, line.ref
        node = cdp.send(
            "Accessibility.getPartialAXTree", {"objectId": object_id, "fetchRelatives": False}, session=tab.session
        )["nodes"][0]
        role = node.get("role", {}).get("value", "")
        role = CHROMIUM_INTERNAL_ROLES.get(role, role)
        if role == "generic" and any(p["name"] == "editable" for p in node.get("properties", [])):
            role = "textbox"  # a contenteditable region: Chromium says generic+editable, we say textbox
        # compared by the rule names follow (spaces collapsed, trimmed), not by one version's output: Chromium 150
        # leaves stray spaces in some names ('Name ', ' Alpha') that Chromium 156 and the snapshot trim
        name = normalised(node.get("name", {}).get("value", ""))
        out.append(View(line.ref, line.role, line.name, line.name or content(lines, index), role, name))
    return out


def content(lines: list[ElementLine], index: int) -> str:
    """The text a line shows after its ':' and on the lines beneath it (each one's name, else its text), as one
    string (a header cell labelled "Column City" that shows "City" gives the row "Column City", as in Chromium)."""
    parts = [lines[index].text or ""]
    for below in lines[index + 1 :]:
        if below.depth <= lines[index].depth:
            break
        parts.append(below.name or below.text or "")  # a child's name, where it has one, is what it gives
    joined = " ".join(unescaped_text(part) for part in parts if part)
    return normalised(re.sub(r"\s*\|\s*", " ", joined))


def disagrees(view: View) -> bool:
    """Whether a ref's role or name differs from Chromium's: where Chromium gives a role other than generic, the
    snapshot shows that role, and Chromium's name as it is, or no quoted name where Chromium has none (hints are
    states)."""
    if view.chromium_role in ("generic", "none", ""):
        return False
    chromium_name = normalised(ICON_GLYPHS.sub("", view.chromium_name))
    return (view.role, view.shown if chromium_name else view.name) != (view.chromium_role, chromium_name)

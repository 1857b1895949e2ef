"""What the key and double-click tests' pages report of themselves, and how those tests find what they press.

Each page writes what it holds to its title (a field's selection, the events it heard), read by the page itself
after every key and press: the tests judge the page's own state, never the tool's answer.
"""

from __future__ import annotations

import json
import re
from typing import Any

from tests.lanes.conftest import LaneAgent
from tests.lanes.test_contract import line_of

#: Reports the focused field's selection (selectionStart/End and direction in an input or a textarea, the
#: document's selection in a contenteditable) in the title, after every key and every selection change.
SELECTION_REPORT = """<script>
function report() {
  let el = document.activeElement;
  while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
  if (el && (el.localName === 'input' || el.localName === 'textarea')) {
    document.title = JSON.stringify({ field: el.id, start: el.selectionStart, end: el.selectionEnd,
      direction: el.selectionDirection, selected: el.value.slice(el.selectionStart, el.selectionEnd) });
  } else {
    const selection = getSelection();
    document.title = JSON.stringify({ field: el ? el.id : null, selected: selection.toString(),
      anchor: [selection.anchorNode && selection.anchorNode.textContent, selection.anchorOffset],
      focus: [selection.focusNode && selection.focusNode.textContent, selection.focusOffset] });
  }
}
for (const type of ['keyup', 'selectionchange', 'select', 'mouseup', 'dblclick', 'focusin']) {
  document.addEventListener(type, report, true);
}
</script>"""


def reported(agent: LaneAgent) -> Any:
    """What the page reports of itself (its title), read after the page has settled."""
    return json.loads(agent.ok("browser_snapshot")["title"])


def ref_of(agent: LaneAgent, start: str) -> str:
    """The ref of the one element whose line in a full snapshot starts with ``start`` (before the value it shows)."""
    line = line_of(agent.ok("browser_snapshot", full=True)["snapshot"], "- " + start)
    found = re.search(r" (@\w+)(:|$)", line)
    assert found, line
    return found.group(1)


def press(agent: LaneAgent, key: str, times: int = 1) -> Any:
    """Press ``key`` ``times`` times, then read what the page reports."""
    for _ in range(times):
        agent.ok("browser_press", key=key)
    return reported(agent)


def focus_field(agent: LaneAgent, path: str, start: str) -> None:
    """Open ``path`` and click the element whose snapshot line starts with ``start``, as a person focuses a field."""
    agent.open(path)
    agent.ok("browser_click", ref=ref_of(agent, start))

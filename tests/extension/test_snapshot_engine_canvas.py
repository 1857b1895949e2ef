"""The shared snapshot engine in real headless Chromium (see test_snapshot_engine.py) on what a ``<canvas>`` draws.

A page that draws a grid on a canvas describes it in the canvas's children (its fallback content): Glide Data Grid,
Streamlit's data editor, keeps a table of its cells there, the selected one marked. Those children are never laid
out, yet Chromium's accessibility tree lists them while the canvas shows. The snapshot lists them too, so an agent
can read the grid and see which cell is selected; but without refs, since a person cannot press them (there is no
place to press), only the canvas around them, then move with the keys (tests/apps/test_streamlit.py does so).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.extension.snapshot_harness import Tab
from tests.extension.test_snapshot_engine import open_page
from tests.lanes.snapshot_grammar import parse_snapshot
from tests.support.pages import PageServer, serve_pages

pytestmark = pytest.mark.chromium

CANVAS_PAGE = """<!doctype html><html><head><title>Canvas</title></head><body>
<h1>Budgets</h1>
<canvas id="drawn" width="300" height="90" tabindex="0">
  <table role="grid" aria-rowcount="3">
    <thead role="rowgroup">
      <tr role="row"><th role="columnheader">City</th><th role="columnheader">Budget</th></tr>
    </thead>
    <tbody role="rowgroup">
      <tr role="row"><td role="gridcell" tabindex="-1" aria-selected="true">Lisbon</td>
        <td role="gridcell" tabindex="-1">4000</td></tr>
      <tr role="row"><td role="gridcell" tabindex="-1">Oslo</td><td role="gridcell" tabindex="-1">2500</td></tr>
      <tr role="row" style="display:none"><td role="gridcell">Removed row</td></tr>
      <tr role="row"><td role="gridcell" style="visibility:hidden">Hidden cell</td><td role="gridcell">Kept</td></tr>
    </tbody>
  </table>
  <button onclick="window.pressed = true">Fallback button</button>
</canvas>
<canvas style="display:none"><button>Undrawn canvas button</button></canvas>
<button>After</button>
</body></html>"""


@pytest.fixture(scope="module")
def server() -> Iterator[PageServer]:
    with serve_pages({"/canvas.html": CANVAS_PAGE}) as running:
        yield running


def chromium_names(tab: Tab, role: str) -> list[str]:
    """The names Chromium's own accessibility tree gives the page's unignored nodes of ``role``, in order."""
    cdp = tab.browser.cdp
    cdp.send("Accessibility.enable", session=tab.session)
    nodes = cdp.send("Accessibility.getFullAXTree", {}, session=tab.session)["nodes"]
    return [
        node.get("name", {}).get("value", "")
        for node in nodes
        if not node.get("ignored") and node.get("role", {}).get("value") == role
    ]


def test_a_canvas_lists_the_grid_it_describes_as_chromium_does_without_refs(tab: Tab, server: PageServer) -> None:
    top = open_page(tab, server, "/canvas.html")
    text = top.snapshot(full=True)["text"]
    lines = parse_snapshot(text)
    cells = [line for line in lines if line.role == "gridcell"]
    shown = [line.name or line.text for line in cells]
    # Chromium lists the cells a style does not hide, in order (the canvas shows; its children have no box)
    assert shown == ["Lisbon", "4000", "Oslo", "2500", "Kept"], text
    assert chromium_names(tab, "gridcell") == ["Lisbon", "4000", "Oslo", "2500", "Kept"]
    assert "[selected]" in next(line for line in text.split("\n") if "Lisbon" in line), text
    # nothing a person cannot press gets a ref: not the cells, not the fallback's button; the canvas itself does
    assert all(line.ref is None for line in cells), text
    grid = next(index for index, line in enumerate(lines) if line.role == "grid")
    assert lines[grid - 1].depth < lines[grid].depth and lines[grid - 1].ref is not None, text  # the canvas
    fallback_button = next(line for line in lines if line.name == "Fallback button")
    assert fallback_button.role == "button" and fallback_button.ref is None, text
    assert "Fallback button" in chromium_names(tab, "button")
    # a canvas that does not show describes nothing, for Chromium and for the snapshot
    assert "Undrawn canvas button" not in text and "Undrawn canvas button" not in chromium_names(tab, "button")
    after = next(line for line in lines if line.name == "After")
    assert after.ref is not None, text

"""A real Streamlit app driven on both lanes as an agent would: an order placed through its widgets.

* Base Web's radio, checkbox and multiselect, which draw their own controls beside hidden inputs (issue 30 began
  with a false refusal on such a radio); the multiselect's menu stays open for a second choice.
* A budget edited in ``st.data_editor``, which Glide Data Grid draws on a canvas. The agent reads the grid from the
  canvas's fallback content (the selected cell marked, as Chromium's tree shows it); the canvas lies under the grid's
  transparent scroller, so a press on it is refused, naming the scroller, which the agent presses instead. Then it
  moves to the cell with the arrow keys and types, as a person does.

Judged from what the app's widgets hold (the file its script writes on every run), never from a tool's answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest

from tests.apps.reading import Element, Reader, elements, find_all, showing, subtree
from tests.apps.servers import FilesApp, order_holds, streamlit_site

pytestmark = [pytest.mark.chromium, pytest.mark.processes]

#: Streamlit builds its page after the first load, over its own WebSocket.
START_TIMEOUT_S = 30.0


@pytest.fixture(scope="module")
def app() -> Iterator[FilesApp]:
    with streamlit_site() as running:
        yield running


def grid_cells(snapshot: str) -> tuple[str | None, list[list[Element]]]:
    """The ref of the canvas the grid is drawn on, and the grid's body rows of cells, as the snapshot lists them."""
    lines = list(elements(snapshot))
    at = next(index for index, line in enumerate(lines) if line.role == "grid")
    canvas = next(line for line in reversed(lines[:at]) if line.depth < lines[at].depth)
    rows = [subtree(lines, index) for index, line in enumerate(lines) if line.role == "row" and index > at]
    return canvas.ref, [[cell for cell in row if cell.role == "gridcell"] for row in rows if row]


def where(rows: list[list[Element]], is_it: Callable[[Element], bool]) -> tuple[int, int] | None:
    """The (row, column) of the first cell that ``is_it``, None if none."""
    return next(((r, c) for r, row in enumerate(rows) for c, cell in enumerate(row) if is_it(cell)), None)


def selected_in(snapshot: str) -> tuple[int, int] | None:
    return where(grid_cells(snapshot)[1], lambda cell: "[selected]" in cell.states)


def editors(snapshot: str) -> list[str]:
    """The refs of the text fields that hold what was typed on the cell ("3")."""
    return [
        line.ref
        for line in elements(snapshot)
        if line.ref and line.role in ("textbox", "spinbutton") and line.text == "3"
    ]


def test_an_order_is_placed_with_a_budget_edited_on_the_canvas_grid(reader: Reader, app: FilesApp) -> None:
    form = reader.lane
    reader.go(app.url(f"/?form={form}"))
    reader.wait_for("Place order", timeout_s=START_TIMEOUT_S)

    reader.click("radio", "Business")
    reader.click("checkbox", "Gift wrap")
    reader.click("combobox", "Channels")
    reader.until(showing("option", "SMS"), "the channels' menu")
    reader.click("option", "SMS")
    reader.click("option", "Post")  # from the menu still open
    # Base Web keeps the menu open after Escape, under real input too: Tab leaves the field, which closes it
    reader.press("Tab")
    reader.until(lambda snapshot: not find_all(snapshot, "listbox"), "the channels' menu to close")
    order_holds(app, form, plan="Business", gift=True, channels=["SMS", "Post"])

    # The grid: read from the canvas's fallback content, no cell with a ref (a person presses the canvas).
    page = reader.until(lambda snapshot: "Oslo" in snapshot and "grid" in snapshot, "the data editor's grid")
    canvas, rows = grid_cells(page)
    assert canvas is not None and all(cell.ref is None for row in rows for cell in row), page
    code, message = reader.agent.error("browser_click", ref=canvas)
    scroller = re.search(
        r"click_intercepted: .* would land on generic \(div, (@e\d+), invisible: transparent\)", message
    )
    assert code == "controller_error" and scroller, message
    reader.act("browser_click", ref=scroller[1])  # selects the cell under the press

    # Glide updates its fallback content a moment after its selection (debounced), so the agent reads until it shows.
    page = reader.until(lambda snapshot: selected_in(snapshot) is not None, "a selected cell")
    selected, oslo = selected_in(page), where(grid_cells(page)[1], lambda cell: cell.text == "Oslo")
    assert selected and oslo, page
    budget = (oslo[0], oslo[1] + 1)  # the column after the city's
    down, right = budget[0] - selected[0], budget[1] - selected[1]
    moves = ["ArrowDown" if down > 0 else "ArrowUp"] * abs(down) + ["ArrowRight" if right > 0 else "ArrowLeft"] * abs(
        right
    )
    for key in moves:
        reader.press(key)
    reader.until(lambda snapshot: selected_in(snapshot) == budget, f"cell {budget} selected")
    reader.press("3")  # a key typed on the selected cell opens its editor, with the key in it
    editor = reader.until(lambda snapshot: bool(editors(snapshot)), "the cell's editor")
    reader.act("browser_type", ref=editors(editor)[0], text="3100")
    reader.press("Enter")
    order_holds(app, form, budgets=[{"city": "Lisbon", "budget": 4000}, {"city": "Oslo", "budget": 3100}])

    reader.click("button", "Place order")
    placed = order_holds(app, form, placed=1)
    assert placed == {
        "plan": "Business",
        "gift": True,
        "channels": ["SMS", "Post"],
        "budgets": [{"city": "Lisbon", "budget": 4000}, {"city": "Oslo", "budget": 3100}],
        "placed": 1,
    }

"""A real marimo app driven on both lanes as an agent would: an order taken through marimo's own widgets.

marimo (the reactive notebook, run as an app) draws each widget in a shadow root of its own, from Radix's
primitives. A new user's trial of it on both lanes and against real input found two things, each fixed with a test
on a static page (tests/lanes/test_actions_default_keys.py, tests/extension/test_snapshot_engine.py): an arrow in
its radio group chose nothing on either lane (Radix moves the focus on the arrow's
keydown in a 0 ms timer, and the radio it focuses checks itself only while the arrow is held: the lanes' keyup came
first), and its file widget's input, which has no label, had no name in the snapshot where Chromium names it by its
button ("Choose File"). Judged from what the app's cells were told (the file they write), never from a tool's answer.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.apps.reading import Reader, ref
from tests.apps.servers import ORDER_TIMEOUT_S, FilesApp, order_holds, order_of, orders_app
from tests.support.waiting import wait_until

pytestmark = [pytest.mark.chromium, pytest.mark.processes]

#: marimo runs the app's cells in a kernel of its own once the page has connected.
START_TIMEOUT_S = 30.0

#: The app, run as ``marimo run app.py``: a cell that reads every widget writes what they hold to
#: ``orders/<form>.json`` (whole, by a rename), the form named by the URL's ``?form=``.
MARIMO_APP = """
import marimo

app = marimo.App()


@app.cell
def _():
    import json
    import pathlib

    import marimo as mo

    return json, mo, pathlib


@app.cell
def _(mo):
    name = mo.ui.text(label="Customer name")
    crust = mo.ui.radio(options=["Thin", "Thick", "Stuffed"], value="Thin", label="Crust")
    menu = mo.ui.file(filetypes=[".csv"], label="Menu file")
    mo.vstack([mo.md("# Order desk"), name, crust, menu])
    return crust, menu, name


@app.cell
def _(crust, json, menu, mo, name, pathlib):
    form = mo.query_params().get("form") or "default"
    order = {"name": name.value, "crust": crust.value, "menu": menu.name() if menu.value else None}
    written = pathlib.Path("orders", form + ".json.new")
    written.write_text(json.dumps(order))
    written.replace(written.with_suffix(""))
    return


if __name__ == "__main__":
    app.run()
"""


@pytest.fixture(scope="module")
def app() -> Iterator[FilesApp]:
    def command(port: int) -> list[str]:
        served = ["app.py", "--headless", "--host", "127.0.0.1", "--port", str(port), "--no-token"]
        return [sys.executable, "-m", "marimo", "run", *served]

    with orders_app("marimo", MARIMO_APP, command, dict(os.environ)) as running:
        yield running


def open_form(reader: Reader, app: FilesApp) -> str:
    form = reader.lane
    reader.go(app.url(f"/?form={form}"))
    reader.wait_for("Order desk", timeout_s=START_TIMEOUT_S)
    order_holds(app, form, crust="Thin")  # the kernel has run the cells: the widgets are live
    return form


def test_an_arrow_in_its_radio_group_chooses_another_crust(reader: Reader, app: FilesApp) -> None:
    """Real input's ArrowDown on the checked "Thin" chooses another crust (in marimo 0.25, two options on:
    "Stuffed", measured); both lanes' chose nothing, their keyup coming before Radix's timer moved the focus."""
    form = open_form(reader, app)
    reader.click("radio", "Thin")
    reader.press("ArrowDown")
    wait_until(lambda: (order_of(app, form) or {}).get("crust") != "Thin", ORDER_TIMEOUT_S, "another crust")


def test_its_file_input_is_named_by_its_button_and_takes_the_file(reader: Reader, app: FilesApp) -> None:
    form = open_form(reader, app)
    (Path(reader.agent.stack.server.config.home) / "uploads" / "menu.csv").write_text("item,count\nPizza,1\n")
    snapshot = reader.read(full=True)
    reader.act("browser_file_upload", ref=ref(snapshot, "button", "Choose File"), paths=["menu.csv"])
    order_holds(app, form, menu="menu.csv")

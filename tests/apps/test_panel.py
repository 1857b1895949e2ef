"""A real Panel app driven on both lanes as an agent would: an order taken through Bokeh's widgets.

Panel (HoloViz) draws its whole page in Bokeh's shadow trees, one inside another. A new user's trial of it found
where the lanes fell short there, each fixed with a test on a static page; here they are met in the app itself. The
app's heading was never found by ``wait_for`` (it read no shadow tree's text, on both lanes); a field reached by Tab
from another of the same tree, given keys and left by Tab, told the app nothing on the extension lane (Bokeh's text
inputs take their value on change, which the engine fires where Chrome does not, and it did not watch such a field);
a file given to its file input answered ``unchanged``. Judged from what the app's watchers were told (the file they
write), never from a tool's answer.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.apps.reading import Reader, ref
from tests.apps.servers import FilesApp, order_holds, orders_app

pytestmark = [pytest.mark.chromium, pytest.mark.processes]

#: Panel builds the page over its WebSocket after the first load.
START_TIMEOUT_S = 30.0

#: The app, run as ``panel serve app.py``: each widget's watcher writes what the widgets hold to
#: ``orders/<form>.json`` (whole, by a rename), the form named by the URL's ``?form=``.
PANEL_APP = """
import json
import pathlib

import panel as pn

form = (pn.state.session_args.get("form") or [b"default"])[0].decode()
widgets = {
    "name": pn.widgets.TextInput(name="Customer name"),
    "password": pn.widgets.PasswordInput(name="Password"),
    "notes": pn.widgets.TextAreaInput(name="Notes"),
    "menu": pn.widgets.FileInput(name="Menu file", accept=".csv"),
}


def told(event):
    order = {key: widget.value for key, widget in widgets.items() if key != "menu"}
    order["menu"] = widgets["menu"].filename
    written = pathlib.Path("orders", form + ".json.new")
    written.write_text(json.dumps(order))
    written.replace(written.with_suffix(""))


for widget in widgets.values():
    widget.param.watch(told, "value")

pn.Column(pn.pane.Markdown("# Order desk"), *widgets.values()).servable()
"""


@pytest.fixture(scope="module")
def app() -> Iterator[FilesApp]:
    def command(port: int) -> list[str]:
        served = ["app.py", "--port", str(port), "--address", "127.0.0.1"]
        return [sys.executable, "-m", "panel", "serve", *served, f"--allow-websocket-origin=127.0.0.1:{port}"]

    with orders_app("panel", PANEL_APP, command, dict(os.environ)) as running:
        yield running


def open_form(reader: Reader, app: FilesApp) -> str:
    form = reader.lane
    reader.go(app.url(f"/app?form={form}"))
    reader.wait_for("Order desk", timeout_s=START_TIMEOUT_S)  # (in a shadow tree: wait_for saw none of it)
    return form


def test_keys_through_fields_of_one_shadow_tree_reach_the_app(reader: Reader, app: FilesApp) -> None:
    form = open_form(reader, app)
    reader.click("textbox", "Customer name")
    for key in ("A", "d", "a", "Tab", "p", "w", "Tab", "H", "i", "Tab"):
        reader.press(key)
    order_holds(app, form, name="Ada", password="pw", notes="Hi")


def test_a_file_given_to_its_input_shows_in_the_answer(reader: Reader, app: FilesApp) -> None:
    form = open_form(reader, app)
    (Path(reader.agent.stack.server.config.home) / "uploads" / "menu.csv").write_text("item,count\nPizza,1\n")
    snapshot = reader.read(full=True)
    done = reader.act("browser_file_upload", ref=ref(snapshot, "button", "Menu file"), paths=["menu.csv"])
    assert not done.get("unchanged"), done
    order_holds(app, form, menu="menu.csv")

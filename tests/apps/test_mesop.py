"""A real Mesop app driven on both lanes as an agent would: an order taken through Mesop's own widgets.

Mesop (Google's Python UI framework) draws its widgets with Angular Material. A new user's trial of it on both lanes
and against real input found three things, each fixed with a test on a static page
(tests/lanes/test_actions_library_conformance.py, tests/lanes/test_file_upload.py): its select's type-ahead (the
CDK's) moves its mark 200 ms after the last key, so browser_type answered not_typable while the select then chose
the option; several names for its multiple select were typed as one name and chose nothing; and its uploader's
button, given to browser_file_upload, answered ok while nothing was uploaded. Judged from what the app's event
handlers were told (the file they write), never from a tool's answer.
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

#: Mesop builds its page in the browser from what its server streams once the page has connected.
START_TIMEOUT_S = 30.0

#: The app, run as ``mesop app.py --prod``: each event handler writes the order to ``orders/<form>.json`` (whole, by a
#: rename), the form named by the URL's ``?form=``.
MESOP_APP = """
import json
import pathlib

import mesop as me


@me.stateclass
class State:
    size: str = ""
    toppings: list[str]
    menu: str = ""


def save() -> None:
    state = me.state(State)
    form = me.query_params.get("form", "default") or "default"
    written = pathlib.Path("orders", form + ".json.new")
    written.write_text(json.dumps({"size": state.size, "toppings": state.toppings, "menu": state.menu}))
    written.replace(written.with_suffix(""))


def on_size(event: me.SelectSelectionChangeEvent) -> None:
    me.state(State).size = event.value
    save()


def on_toppings(event: me.SelectSelectionChangeEvent) -> None:
    me.state(State).toppings = list(event.values)
    save()


def on_menu(event: me.UploadEvent) -> None:
    me.state(State).menu = event.file.name
    save()


def on_load(event: me.LoadEvent) -> None:
    save()


@me.page(path="/", title="Order desk", on_load=on_load)
def order_page() -> None:
    state = me.state(State)
    me.text("Order desk", type="headline-5")
    sizes = [me.SelectOption(label=size, value=size) for size in ("Small", "Medium", "Large")]
    me.select(label="Size", options=sizes, value=state.size, on_selection_change=on_size)
    toppings = [me.SelectOption(label=topping, value=topping) for topping in ("Ham", "Olives", "Pineapple")]
    me.select(label="Toppings", options=toppings, multiple=True, value=state.toppings, on_selection_change=on_toppings)
    me.uploader(label="Menu file", accepted_file_types=[".csv"], on_upload=on_menu, type="stroked")
"""


@pytest.fixture(scope="module")
def app() -> Iterator[FilesApp]:
    def command(port: int) -> list[str]:
        return [sys.executable, "-m", "mesop.bin.bin", "app.py", "--prod", f"--port={port}"]

    with orders_app("mesop", MESOP_APP, command, dict(os.environ)) as running:
        yield running


def open_form(reader: Reader, app: FilesApp) -> str:
    form = reader.lane
    reader.go(app.url(f"/?form={form}"))
    reader.wait_for("Order desk", timeout_s=START_TIMEOUT_S)
    order_holds(app, form, size="")  # the page has loaded and its handlers answer
    return form


def test_its_select_typed_into_chooses_the_option_named(reader: Reader, app: FilesApp) -> None:
    form = open_form(reader, app)
    chosen = reader.type("combobox", "Size", "Medium")
    assert chosen["value"] == "Medium", chosen
    order_holds(app, form, size="Medium")


def test_its_multiple_select_takes_several_names_one_a_line(reader: Reader, app: FilesApp) -> None:
    form = open_form(reader, app)
    reader.type("combobox", "Toppings", "Ham\nPineapple")
    order_holds(app, form, toppings=["Ham", "Pineapple"])


def test_its_uploaders_button_says_to_click_it_and_its_chooser_takes_the_file(reader: Reader, app: FilesApp) -> None:
    form = open_form(reader, app)
    (Path(reader.agent.stack.server.config.home) / "uploads" / "menu.csv").write_text("item,count\nPizza,1\n")
    button = ref(reader.read(), "button", "Menu file")
    code, message = reader.agent.error("browser_file_upload", ref=button, paths=["menu.csv"])
    assert code == "controller_error" and message.startswith("upload_not_taken: "), message
    assert "file_chooser" in reader.act("browser_click", ref=button)
    reader.act("browser_file_upload", paths=["menu.csv"])
    order_holds(app, form, menu="menu.csv")

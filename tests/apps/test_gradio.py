"""A real Gradio app driven on both lanes as an agent would: an order taken through Gradio's own Svelte widgets.

A new user's trial of Gradio on both lanes and against real input found its dropdown keeping no text nobody chose:
typed into, its field filters the list and reads back what was typed, and once the focus leaves it the field goes
back to the option chosen before. Both lanes answered browser_type and browser_fill_form with ok while the app kept
its old size. A person clicks the option they typed, and so do both lanes now (tests/lanes/test_actions_typed_option.py
pins it on a static page). Judged from what the app's event handlers were told (the file they write), never from a
tool's answer.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

import pytest

from tests.apps.reading import Reader, ref
from tests.apps.servers import FilesApp, order_holds, orders_app

pytestmark = [pytest.mark.chromium, pytest.mark.processes]

#: Gradio builds its page in the browser from the app's configuration once the page has loaded.
START_TIMEOUT_S = 30.0

#: The app, run as ``python app.py <port>``: each change a widget makes (and the page's load) writes the order to
#: ``orders/<form>.json`` (whole, by a rename), the form named by the URL's ``?form=``.
GRADIO_APP = """
import json
import pathlib
import sys

import gradio as gr


def save(size, sides, name, request: gr.Request):
    form = request.query_params.get("form", "default") or "default"
    written = pathlib.Path("orders", form + ".json.new")
    written.write_text(json.dumps({"size": size, "sides": sides or [], "name": name}))
    written.replace(written.with_suffix(""))


with gr.Blocks(title="Order desk") as demo:
    gr.Markdown("Order desk")
    size = gr.Dropdown(["Small", "Medium", "Large"], value="Small", label="Size")
    sides = gr.Dropdown(["Fries", "Salad", "Soup"], value=[], multiselect=True, label="Sides")
    name = gr.Textbox(label="Customer name")
    fields = [size, sides, name]
    for field in fields:
        field.change(save, fields, None)
    demo.load(save, fields, None)

demo.launch(server_name="127.0.0.1", server_port=int(sys.argv[1]))
"""


@pytest.fixture(scope="module")
def app() -> Iterator[FilesApp]:
    def command(port: int) -> list[str]:
        return [sys.executable, "app.py", str(port)]

    env = dict(os.environ) | {"GRADIO_ANALYTICS_ENABLED": "False"}
    with orders_app("gradio", GRADIO_APP, command, env) as running:
        yield running


def open_form(reader: Reader, app: FilesApp) -> str:
    form = reader.lane
    reader.go(app.url(f"/?form={form}"))
    reader.wait_for("Order desk", timeout_s=START_TIMEOUT_S)
    order_holds(app, form, size="Small")  # the page has loaded and its handlers answer
    return form


def test_an_options_name_typed_into_its_dropdown_chooses_it(reader: Reader, app: FilesApp) -> None:
    form = open_form(reader, app)
    assert reader.type("combobox", "Size", "Medium")["value"] == "Medium"
    reader.act("browser_click", ref=ref(reader.read(), "textbox", "Customer name"))  # the focus leaves the dropdown
    order_holds(app, form, size="Medium")
    reader.type("combobox", "Sides", "Salad")
    order_holds(app, form, size="Medium", sides=["Salad"])


def test_the_form_in_one_call(reader: Reader, app: FilesApp) -> None:
    form = open_form(reader, app)
    page = reader.read()
    fields = [
        {"ref": ref(page, "combobox", "Size"), "value": "Large"},
        {"ref": ref(page, "combobox", "Sides"), "value": "Soup"},
        {"ref": ref(page, "textbox", "Customer name"), "value": "Ada"},
    ]
    assert reader.act("browser_fill_form", fields=fields)["filled"] == 3
    order_holds(app, form, size="Large", sides=["Soup"], name="Ada")

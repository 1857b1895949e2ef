"""The shared snapshot engine in real headless Chromium (see test_snapshot_engine.py) on how a ``<select>`` shows.

A multiple ``<select>`` shows its options in place, a list box whose options are each pressed (they get refs), and so
does one of a size above 1. But Chromium 156 shows a multiple one of size 1 as a drop-down: its tree says combobox,
and its options are laid out nowhere, so no press reaches them. The snapshot said listbox with a ref on each option
(Prefect's tag fields, tried as a user would). The roles are checked against Chromium's own tree, whichever version
runs the test.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.extension.snapshot_harness import Tab
from tests.extension.test_snapshot_engine import open_page
from tests.extension.test_snapshot_engine_canvas import chromium_names
from tests.lanes.snapshot_grammar import parse_snapshot
from tests.support.pages import PageServer, serve_pages

pytestmark = pytest.mark.chromium

SELECTS_PAGE = """<!doctype html><html><head><title>Selects</title></head><body>
<select aria-label="Toppings" multiple><option>Cheese</option><option>Ham</option></select>
<select aria-label="Tags" multiple size="1"><option>flags</option><option>prod</option></select>
<select aria-label="Sizes" multiple size="2"><option>Small</option><option>Large</option></select>
<select aria-label="Colour" size="3"><option>Red</option><option>Blue</option></select>
<select aria-label="Country"><option>France</option><option>Spain</option></select>
</body></html>"""


@pytest.fixture(scope="module")
def server() -> Iterator[PageServer]:
    with serve_pages({"/selects.html": SELECTS_PAGE}) as running:
        yield running


def test_each_select_has_the_role_chromium_gives_it_and_only_a_list_boxs_options_have_refs(
    tab: Tab, server: PageServer
) -> None:
    top = open_page(tab, server, "/selects.html")
    lines = parse_snapshot(top.snapshot(full=True)["text"])
    for role in ("listbox", "combobox"):
        assert [line.name for line in lines if line.role == role] == chromium_names(tab, role)
    boxes = {line.name: line.role for line in lines if line.role in ("listbox", "combobox")}
    assert boxes["Toppings"] == "listbox" and boxes["Country"] == "combobox"
    in_list = {line.name for line in lines if line.role == "option" and line.ref is not None}
    listed = {"Cheese", "Ham", "Small", "Large", "Red", "Blue"} | (
        {"flags", "prod"} if boxes["Tags"] == "listbox" else set()
    )
    assert in_list == listed

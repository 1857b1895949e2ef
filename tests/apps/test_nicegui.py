"""A real NiceGUI app driven on both lanes as an agent would: shop settings chosen through its Quasar widgets.

Issue 30 found Quasar's multiple select closing after the first option on the extension lane, so that a second
channel could not be added; a person's menu stays open. Here two channels are chosen from one opening, then a
region, a checkbox, a switch, a radio, a day of the date picker and a menu's item, and the order is placed.
Judged from what the app's handlers were told (the file they write), never from a tool's answer.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.apps.reading import Reader, find_all, showing
from tests.apps.servers import FilesApp, nicegui_site, order_holds

pytestmark = [pytest.mark.chromium, pytest.mark.processes]

#: NiceGUI builds its page over its own socket after the first load.
START_TIMEOUT_S = 30.0


@pytest.fixture(scope="module")
def app() -> Iterator[FilesApp]:
    with nicegui_site() as running:
        yield running


def test_settings_are_chosen_through_quasars_widgets_and_the_order_placed(reader: Reader, app: FilesApp) -> None:
    form = reader.lane
    reader.go(app.url(f"/?form={form}"))
    reader.wait_for("PLACE ORDER", timeout_s=START_TIMEOUT_S)  # Quasar draws button labels in capitals

    reader.click("combobox", "Channels")
    reader.until(showing("option", "SMS"), "the channels' menu")
    reader.click("option", "SMS")
    reader.click("option", "Post")  # from the menu still open
    order_holds(app, form, channels=["SMS", "Post"])
    reader.press("Escape")

    reader.click("combobox", "Region")
    reader.until(showing("option", "Asia"), "the regions' menu")
    reader.click("option", "Asia")
    reader.click("checkbox", "Gift wrap")
    reader.click("switch", "Notify me")
    reader.click("radio", "Large")
    reader.click("button", "15")  # the date picker's day
    order_holds(app, form, region="Asia", gift=True, notify=True, size="Large", date="2026-05-15")

    reader.click("button", "ACTIONS")
    menu = reader.until(lambda snapshot: bool(find_all(snapshot, "listitem", text="Archive")), "the actions' menu")
    [archive] = [item for item in find_all(menu, "listitem", text="Archive") if item.ref]
    reader.act("browser_click", ref=archive.ref)
    reader.click("button", "PLACE ORDER")
    placed = order_holds(app, form, archived=True, placed=True)
    assert placed == {
        "channels": ["SMS", "Post"],
        "region": "Asia",
        "gift": True,
        "notify": True,
        "size": "Large",
        "date": "2026-05-15",
        "archived": True,
        "placed": True,
    }

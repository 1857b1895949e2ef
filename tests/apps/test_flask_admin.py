"""A real Flask-Admin site driven on both lanes as an agent would: delete an invoice through the trash icon of its row,
whose button asks confirm() ("Are you sure you want to delete this record?") before it posts the row's form.

The agent answers that confirm with the click's own ``dialog`` (issue 32, item 4): dismissed, the row stays;
accepted, it is gone. Judged by the site's own SQLite database, never by a tool's answer.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.apps.reading import Reader, ref, shows
from tests.apps.servers import App, flask_admin_site
from tests.support.waiting import wait_until

pytestmark = [pytest.mark.chromium, pytest.mark.processes]

CONFIRM_MESSAGE = "Are you sure you want to delete this record?"
#: How long the posted delete may take to reach the database.
DELETE_TIMEOUT_S = 10.0


@pytest.fixture(scope="module")
def admin() -> Iterator[App]:
    with flask_admin_site() as app:
        yield app


def invoices_numbered(admin: App, number: str) -> int:
    return int(admin.rows("select count(*) from invoices where number = ?", number)[0][0])


def test_a_row_is_deleted_through_its_trash_icons_confirm(reader: Reader, admin: App) -> None:
    number = f"INV-{reader.lane}"
    admin.insert("insert into invoices (number, customer) values (?, ?)", number, "Umbrella")
    reader.go(admin.url("/admin/invoice/"))
    page = reader.wait_for(number)

    # Cancel: Flask-Admin's button returns false, its form is not posted, the row stays.
    kept = reader.act("browser_click", ref=ref(page, "button", "Delete Record", within=number), dialog="dismiss")
    assert kept["dialog"] == {"type": "confirm", "message": CONFIRM_MESSAGE, "answer": "dismiss"}, kept
    assert "navigated" not in kept, kept
    assert invoices_numbered(admin, number) == 1

    # OK: the form posts, the row is deleted, and the list comes back without it.
    page = reader.read()
    deleted = reader.act("browser_click", ref=ref(page, "button", "Delete Record", within=number), dialog="accept")
    assert deleted["dialog"] == {"type": "confirm", "message": CONFIRM_MESSAGE, "answer": "accept"}, deleted
    wait_until(lambda: invoices_numbered(admin, number) == 0, DELETE_TIMEOUT_S, f"{number} to be deleted")
    reader.until(lambda snapshot: not shows(snapshot, number) and shows(snapshot, "INV-101"), f"{number} gone")
    assert invoices_numbered(admin, "INV-101") == 1  # only that row

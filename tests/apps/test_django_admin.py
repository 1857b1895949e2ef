"""A real Django admin driven on both lanes as an agent would: sign in, add, edit, filter, search, delete.

Every element is found by reading the snapshot text for a role and a name (``tests.apps.reading``), never
by a selector, and every task is judged from the admin's own SQLite database, never from a tool's answer.
The admin is shared by both lanes' runs of the module, so each test writes values of its own lane.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.apps.reading import Reader, find_all
from tests.apps.servers import ADMIN_PASSWORD, ADMIN_USER, App, django_admin

pytestmark = [pytest.mark.chromium, pytest.mark.processes]

BOOK = """select b.title, a.name, b.year, b.in_print
          from library_book b join library_author a on a.id = b.author_id where b.title = ?"""


@pytest.fixture(scope="module")
def admin() -> Iterator[App]:
    with django_admin() as app:
        yield app


def last_login(admin: App) -> object:
    return admin.rows("select last_login from auth_user where username = ?", ADMIN_USER)[0][0]


def sign_in(reader: Reader, admin: App) -> None:
    """Open the admin's index, through its login form when the browser holds no session (a new cdp context)."""
    reader.go(admin.url("/admin/"))
    if find_all(reader.read(), "button", "Log in"):
        reader.type("textbox", "Username:", ADMIN_USER)
        reader.type("textbox", "Password:", ADMIN_PASSWORD)
        reader.click("button", "Log in")
    reader.wait_for("Site administration")


def book_list(reader: Reader, admin: App) -> str:
    """The admin's list of books, reached from the index as a user would."""
    sign_in(reader, admin)
    reader.click("link", "Books")
    return reader.wait_for("Select book to change")


def titles_shown(snapshot: str) -> set[str]:
    """The book titles the change list shows: the links of its rows, named after their selection checkboxes."""
    prefix = "Select this object for an action - "
    return {e.name.removeprefix(prefix) for e in find_all(snapshot, "checkbox", re.compile("^" + prefix))}


def test_sign_in_through_the_login_form(reader: Reader, admin: App) -> None:
    reader.go(admin.url("/admin/"))
    if find_all(reader.read(), "button", "Log out"):  # the extension lane's profile may hold a session
        reader.click("button", "Log out")
        reader.go(admin.url("/admin/"))
    before = last_login(admin)
    reader.type("textbox", "Username:", ADMIN_USER)
    reader.type("textbox", "Password:", ADMIN_PASSWORD)
    reader.click("button", "Log in")
    reader.wait_for("Site administration")
    after = last_login(admin)
    assert after is not None and after != before, f"Django recorded no new login ({before!r} -> {after!r})"


def test_add_a_book_choosing_its_author_from_the_select(reader: Reader, admin: App) -> None:
    title = f"Cosmicomics ({reader.lane})"
    book_list(reader, admin)
    reader.click("link", "ADD BOOK")  # Django draws it uppercase, and Chromium names it so
    reader.wait_for("Add book")
    reader.type("textbox", "Title:", title)
    reader.type("combobox", "Author:", "Italo Calvino")
    reader.type("spinbutton", "Year:", "1965")
    reader.click("checkbox", "In print")  # checked by default: the book is out of print
    reader.click("button", "Save")
    reader.wait_for("was added successfully")
    assert admin.rows(BOOK, title) == [(title, "Italo Calvino", 1965, 0)]


def test_edit_a_book_from_the_change_list(reader: Reader, admin: App) -> None:
    year = {"extension": 1969, "cdp": 1970}[reader.lane]
    book_list(reader, admin)
    reader.click("link", "The Lathe of Heaven")
    reader.wait_for("Change book")
    reader.type("spinbutton", "Year:", str(year))
    reader.click("button", "Save")
    reader.wait_for("was changed successfully")
    assert admin.rows(BOOK, "The Lathe of Heaven") == [("The Lathe of Heaven", "Ursula K. Le Guin", year, 0)]


def test_filter_the_change_list_by_a_boolean(reader: Reader, admin: App) -> None:
    book_list(reader, admin)
    # the filter's <summary> is named with its own ::before arrow first ("↓ By in print"), as Chromium names it
    reader.click("link", "No", within=re.compile(r"By in print$"))
    shown = reader.until(lambda _: "in_print__exact=0" in reader.url, "the list filtered")
    out_of_print = {title for (title,) in admin.rows("select title from library_book where in_print = 0")}
    assert titles_shown(shown) == out_of_print


def test_search_the_change_list(reader: Reader, admin: App) -> None:
    book_list(reader, admin)
    reader.type("textbox", "Search", "cities")
    reader.press("Enter")
    shown = reader.wait_for("1 result")
    matching = {title for (title,) in admin.rows("select title from library_book where title like '%cities%'")}
    assert matching == {"Invisible Cities"}
    assert titles_shown(shown) == matching


def test_delete_a_book_and_confirm(reader: Reader, admin: App) -> None:
    title = f"Doomed ({reader.lane})"
    admin.insert("insert into library_book (title, author_id, year, in_print) values (?, 1, 2000, 1)", title)
    book_list(reader, admin)
    reader.click("link", title)
    reader.wait_for("Change book")
    reader.click("link", "Delete")
    reader.wait_for("Are you sure you want to delete")
    reader.click("button", re.compile("^Yes, I.m sure$"))
    reader.wait_for("was deleted successfully")
    assert admin.rows(BOOK, title) == []


def test_delete_two_books_with_the_bulk_action(reader: Reader, admin: App) -> None:
    titles = [f"Bulk {n} ({reader.lane})" for n in (1, 2)]
    for title in titles:
        admin.insert("insert into library_book (title, author_id, year, in_print) values (?, 2, 1999, 1)", title)
    book_list(reader, admin)
    for title in titles:
        reader.click("checkbox", f"Select this object for an action - {title}")
    reader.wait_for("2 of")  # Django's own count of the selected rows ("2 of 5 selected")
    reader.type("combobox", "Action:", "Delete selected books")
    reader.click("button", "Go")
    reader.wait_for("Are you sure you want to delete the selected books")
    reader.click("button", re.compile("^Yes, I.m sure$"))
    reader.wait_for("Successfully deleted 2 books")
    assert admin.rows("select title from library_book where title in (?, ?)", *titles) == []


def test_add_an_author_through_the_related_popup_then_save_the_book(reader: Reader, admin: App) -> None:
    """The "+" next to a ForeignKey opens a popup window that closes itself on Save and fills the opener's select."""
    author, title = f"Gianni Rodari ({reader.lane})", f"Favole al telefono ({reader.lane})"
    book_list(reader, admin)
    reader.click("link", "ADD BOOK")  # Django draws it uppercase, and Chromium names it so
    reader.wait_for("Add book")
    [opener] = [tab["id"] for tab in reader.agent.ok("browser_tabs") if tab["controlled"]]
    reader.type("textbox", "Title:", title)
    reader.type("spinbutton", "Year:", "1962")
    reader.click("link", "Add another author")
    popup_url = admin.url("/admin/library/author/add/")
    popups = [tab for tab in reader.agent.ok("browser_tabs") if str(tab["url"]).startswith(popup_url)]
    assert len(popups) == 1, f"no tab of its own for the popup on the {reader.lane} lane: {popups}"
    reader.act("browser_tab_activate", tab_id=popups[0]["id"])
    reader.wait_for("Add author")
    reader.type("textbox", "Name:", author)
    saved = reader.click("button", "Save")  # the popup posts its form; the answer tells the opener, then closes it
    assert saved.get("closed") is True, f"the popup did not close on the {reader.lane} lane: {saved}"
    assert saved["controls"]["id"] == opener, saved
    assert [tab["id"] for tab in reader.agent.ok("browser_tabs") if tab["controlled"]] == [opener]
    reader.until(lambda s: any(e.text == author for e in find_all(s, "combobox", "Author:")), "the new author chosen")
    reader.click("button", "Save")
    reader.wait_for("was added successfully")
    assert admin.rows(BOOK, title) == [(title, author, 1962, 1)]


def test_upload_a_cover_through_the_file_field(reader: Reader, admin: App) -> None:
    """browser_file_upload into the admin's FileField: judged by the file Django saved, byte for byte (issue 24)."""
    cover = bytes(range(256)) * 64 + reader.lane.encode()
    uploads = reader.agent.stack.server.config.home / "uploads"
    (uploads / f"cover-{reader.lane}.png").write_bytes(cover)
    book_list(reader, admin)
    reader.click("link", "The Lathe of Heaven")
    snapshot = reader.wait_for("Change book")
    [field] = [e.ref for e in find_all(snapshot, None, "Cover:") if e.ref]
    chosen = reader.act("browser_file_upload", ref=field, paths=[f"cover-{reader.lane}.png"])
    assert chosen["files"] == [{"name": f"cover-{reader.lane}.png", "size": len(cover), "type": "image/png"}]
    reader.click("button", "Save")
    reader.wait_for("was changed successfully")
    [(saved,)] = admin.rows("select cover from library_book where title = ?", "The Lathe of Heaven")
    assert (admin.database.parent / "media" / saved).read_bytes() == cover, saved

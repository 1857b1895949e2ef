"""The end-to-end tests' stack: the extension-lane stack (``tests.support.browser_stack``) on these tests' pages.

The pages are the files in ``pages/``, the page a form posts to (``/submit``) and a list in three
pages (``/list?page=N``) with a link to the next one.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from tests.support.browser_stack import BrowserStack, extension_stack
from tests.support.pages import serve_pages

PAGES_DIR = Path(__file__).parent / "pages"
THANK_YOU = "<h1>Thank you</h1><p id=done>received</p>"
LIST_PAGES = 3
ITEMS_PER_PAGE = 5


def listing(query: Mapping[str, str]) -> str:
    """Page ``page`` of the list: its items, and a link to the next page but on the last one."""
    page = int(query.get("page", "1"))
    first = (page - 1) * ITEMS_PER_PAGE + 1
    items = "".join(f"<li>Item {n}</li>" for n in range(first, first + ITEMS_PER_PAGE))
    nav = f'<a href="/list?page={page + 1}">Next page</a>' if page < LIST_PAGES else "<p>Last page</p>"
    return f"<title>List page {page}</title><h1>Results, page {page}</h1><ul>{items}</ul>{nav}"


@contextmanager
def browser_stack(*, paired: bool = True) -> Iterator[BrowserStack]:
    """Server + these pages + Chromium with the extension and host manifest in a fresh profile (paired by default)."""
    with (
        serve_pages({"/submit": THANK_YOU, "/list": listing}, folder=PAGES_DIR) as pages,
        extension_stack(pages, paired=paired) as stack,
    ):
        yield stack

"""Issue 32, item 1, in mode "ask": keeping a file the agent downloaded asks the user, naming the file, its size and
the site; a refusal deletes it (nothing stays on disk, the record says refused and why), and kept, it reads back.
The question outlives the extension's service worker, which Chrome may stop while it is open. In real Chromium with
the real extension and popup; judged by the download folder on disk.
"""

from __future__ import annotations

import hashlib
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from hermes_server.app_keys import ROUTER
from hermes_wire.tool_spec import EXTENSION_LANE
from tests.conftest import scaled
from tests.extension.test_user_control import User, ref_of, user_in_control
from tests.support.browser_stack import BrowserStack, extension_stack
from tests.support.pages import serve_pages
from tests.support.pdfs import INVOICE_PAGES, make_pdf
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium

#: Seconds a download takes to be settled on disk at most (scaled).
SETTLED_S = 15.0
INVOICE = make_pdf(INVOICE_PAGES)
EXPORTS = """<title>Exports</title>
<a href="/files/invoice.pdf" download="invoice-2026-11.pdf">Get the invoice</a>"""


@pytest.fixture(scope="module")
def module_stack() -> Iterator[BrowserStack]:
    """The stack of this module's tests (``stack``, tests/extension/conftest.py): mode "ask", serving the invoice."""
    with tempfile.TemporaryDirectory(prefix="hermes-test-files-") as scratch:
        (Path(scratch) / "invoice.pdf").write_bytes(INVOICE)
        with (
            serve_pages({"/exports": EXPORTS}, folder=Path(scratch), mount="/files") as served,
            extension_stack(served, mode="ask") as shared,
        ):
            yield shared


def folder_of(user: User) -> Path:
    """The session's download folder, by the server's own policy: the hermes/ subfolder of the browser's."""
    policy = user.stack.server.app[ROUTER]._downloads
    assert policy is not None
    return policy.folder_for(EXTENSION_LANE, user.session_id)


def files_in(folder: Path) -> list[str]:
    return sorted(entry.name for entry in folder.iterdir()) if folder.is_dir() else []


def download_link(user: User) -> dict[str, str]:
    """The agent clicks the download link (the click itself asks first in ask mode: it starts a download)."""
    user.allow_always(user.stack.pages.url("exports"))
    clicking = user.start("browser_click", ref=ref_of(user.snapshot(), "link", "Get the invoice"), see="none")
    assert 'start a download ("Get the invoice")' in user.question("confirmQuestion")
    user.popup.click("confirmButton")
    reply = user.reply(clicking)
    assert reply["ok"], reply
    download: dict[str, str] = reply["result"]["download"]
    assert download["name"] == "invoice-2026-11.pdf", download
    return download


def record_of(user: User, download_id: str) -> dict[str, object]:
    listed = user.stack.ok(user.session_id, "browser_downloads")["downloads"]
    return next(item for item in listed if item["id"] == download_id)


def test_a_refused_download_is_deleted_and_leaves_nothing(stack: BrowserStack) -> None:
    with user_in_control(stack) as user:
        before = files_in(folder_of(user))  # (a download kept by another test of the module stays)
        download = download_link(user)
        asked = user.question("confirmQuestion")
        port = user.stack.pages.port
        assert asked == f"The agent downloaded invoice-2026-11.pdf (1 KB) from 127.0.0.1:{port}. Keep it for the agent?"
        # asked, not yet kept: the agent cannot read it
        assert record_of(user, download["id"])["state"] == "in_progress"
        folder = folder_of(user)
        saved = set(files_in(folder)) - set(before)
        assert len(saved) == 1 and next(iter(saved)).startswith("invoice-2026-11"), saved
        user.popup.click("declineButton")
        user.closed("confirmQuestion")
        wait_until(lambda: files_in(folder) == before, scaled(SETTLED_S), "the refused file to be deleted")
        record = wait_until(
            lambda: (found := record_of(user, download["id"]))["state"] == "refused" and found,
            scaled(SETTLED_S),
            "the download to be refused",
        )
        assert record["path"] is None and "the user did not keep it" in str(record["reason"]), record
        reply = user.stack.call(user.session_id, "browser_read_download", id=download["id"])
        assert reply["error"]["message"].startswith("download_not_complete: "), reply


def test_a_kept_download_reads_back_as_its_bytes(stack: BrowserStack) -> None:
    with user_in_control(stack) as user:
        download = download_link(user)
        user.answer("confirmQuestion", "confirmButton")
        user.closed("confirmQuestion")
        record = wait_until(
            lambda: (found := record_of(user, download["id"]))["state"] == "complete" and found,
            scaled(SETTLED_S),
            "the download to be kept",
        )
        on_disk = Path(str(record["path"])).read_bytes()
        assert on_disk == INVOICE and record["sha256"] == hashlib.sha256(INVOICE).hexdigest(), record
        read = user.stack.ok(user.session_id, "browser_read_download", id=download["id"])
        assert "Total due: 136.50 EUR" in read["text"] and read["pages"] == len(INVOICE_PAGES), read


def test_the_question_outlives_the_service_worker_and_a_refusal_still_deletes(stack: BrowserStack) -> None:
    with user_in_control(stack) as user:
        folder = folder_of(user)
        before = files_in(folder)
        download = download_link(user)
        user.question("confirmQuestion")
        assert len(files_in(folder)) == len(before) + 1
        stack.restart_service_worker(user.session_id)  # Chrome may stop the worker at any moment
        user.popup.driver.refresh()  # the popup asks the new worker
        user.answer("confirmQuestion", "declineButton")
        user.closed("confirmQuestion")
        wait_until(lambda: files_in(folder) == before, scaled(SETTLED_S), "the refused file to be deleted")
        assert record_of(user, download["id"])["state"] == "refused"

"""A real JupyterLab driven on both lanes as an agent would: files uploaded through its file browser (issue 24).

JupyterLab's Upload button opens the file chooser of an input it never puts in the document, so no event of it reaches
the document: the page-world hook announces it, and browser_file_upload without ref answers it. Its file listing
takes files dropped on it, and has a ref for it since the snapshot gives one to a box with a drop listener, a list
too; it reads a drop through FileSystem entries, which the page-world hook gives the files of a drop the engine
builds. Each upload is judged by the file JupyterLab saved in its folder, byte for byte, never by
the tool's answer. JupyterLab was not among the applications the upload was written against.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.apps.reading import Reader, ref, shows
from tests.apps.servers import FilesApp, jupyterlab_site
from tests.lanes.conftest import LaneAgent
from tests.support.waiting import wait_until

pytestmark = [pytest.mark.chromium, pytest.mark.processes]

#: JupyterLab draws its file browser a few seconds after /lab loads on a loaded 2-CPU machine.
READY_S = 30.0


@pytest.fixture(scope="module")
def jupyter() -> Iterator[FilesApp]:
    with jupyterlab_site() as app:
        yield app


@pytest.fixture
def reader(agent: LaneAgent) -> Reader:
    return Reader(agent)


def uploads(reader: Reader) -> Path:
    folder: Path = reader.agent.stack.server.config.home / "uploads"
    return folder


def open_file_browser(reader: Reader, jupyter: FilesApp) -> str:
    """JupyterLab's page once its file browser lists the folder (README.md, put there first)."""
    (jupyter.root / "README.md").write_text("Files for the agent's tasks.\n")
    reader.go(jupyter.url("/lab"))
    return reader.until(lambda s: shows(s, "README.md"), "the file browser's listing", READY_S)


def saved(jupyter: FilesApp, name: str, content: bytes) -> bytes | None:
    """What JupyterLab saved under ``name``, once it holds all of ``content`` (None while it does not)."""
    path = jupyter.root / name
    data = path.read_bytes() if path.exists() else b""
    return data if len(data) == len(content) else None


def test_upload_through_the_upload_buttons_file_chooser(reader: Reader, jupyter: FilesApp) -> None:
    name = f"measurements-{reader.lane}.csv"
    content = b"day,reading\n" + b"".join(f"{day},{day * 7 % 31}\n".encode() for day in range(1, 2000))
    (uploads(reader) / name).write_bytes(content)
    snapshot = open_file_browser(reader, jupyter)
    clicked = reader.act("browser_click", ref=ref(snapshot, "button", "Upload Files"), see="none")
    assert clicked["file_chooser"]["multiple"] is True, clicked  # no native dialog: the agent answers it
    reader.act("browser_file_upload", paths=[name], see="none")
    wait_until(lambda: saved(jupyter, name, content), 20, f"JupyterLab to save {name}")
    assert (jupyter.root / name).read_bytes() == content
    reader.wait_for(name)  # and the file browser lists it


def test_upload_by_dropping_files_on_the_file_listing(reader: Reader, jupyter: FilesApp) -> None:
    files = {
        f"notes-{reader.lane}.txt": b"Call the bank on Monday.\n",
        f"scan-{reader.lane}.png": bytes(range(256)) * 30,
    }
    for name, content in files.items():
        (uploads(reader) / name).write_bytes(content)
    snapshot = open_file_browser(reader, jupyter)
    # the listing: its drop listeners give it a ref, though its rows take the clicks
    listing = ref(snapshot, "list", "", within="side panel content")
    dropped = reader.act("browser_file_upload", ref=listing, paths=list(files), see="none")
    assert dropped["dropped"] is True, dropped
    wait_until(lambda: all(saved(jupyter, *file) for file in files.items()), 20, "JupyterLab to save the files")
    for name, content in files.items():
        assert (jupyter.root / name).read_bytes() == content

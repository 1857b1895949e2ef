"""A real JupyterLab driven on both lanes as an agent would: files uploaded through its file browser (issue 24), and a
notebook's cell run, its kernel restarted and the notebook renamed through its menus (issue 30).

JupyterLab's Upload button opens the file chooser of an input it never puts in the document, so no event of it reaches
the document: the page-world hook announces it, and browser_file_upload without ref answers it. Its file listing
takes files dropped on it, and has a ref for it since the snapshot gives one to a box with a drop listener, a list
too; it reads a drop through FileSystem entries, which the page-world hook gives the files of a drop the engine
builds. Each upload is judged by the file JupyterLab saved in its folder, byte for byte, never by
the tool's answer. JupyterLab was not among the applications the upload was written against.

A notebook becomes JupyterLab's current widget only once its focus tracker hears a focus event from it, and Chrome
fires none in a window without the system's focus (the extension lane's headless window, and a user's window behind
a terminal): the page's own focus() calls now bring the events a focused window gives (page/window_focus.js). The
notebook tasks are judged by what the kernel did (a file its cell writes, the process that wrote it) and by the files
JupyterLab keeps, never by the tool's answers, which were all ok while nothing happened.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.apps.reading import Reader, ref, showing, shows
from tests.apps.servers import FilesApp, jupyterlab_site
from tests.support.waiting import wait_until

pytestmark = [pytest.mark.chromium, pytest.mark.processes]

#: JupyterLab draws its file browser a few seconds after /lab loads on a loaded 2-CPU machine.
READY_S = 30.0


@pytest.fixture(scope="module")
def jupyter() -> Iterator[FilesApp]:
    with jupyterlab_site() as app:
        yield app


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


#: A cell that tells which kernel process ran it (a file in JupyterLab's folder), and answers 42.
CELL = 'import os\nopen("kernel-{lane}.pid", "w").write(str(os.getpid()))\n6 * 7'
#: The status bar's kernel item once the notebook is current and its kernel has started.
KERNEL_IDLE = "Python 3 (ipykernel) | Idle"
#: A kernel starts, and a restarted one comes back, within seconds; more on a loaded 2-CPU machine.
KERNEL_S = 30.0


def open_notebook(reader: Reader, jupyter: FilesApp, name: str) -> str:
    """The notebook ``name`` (one code cell, CELL), opened by its URL, once its kernel shows as idle in the status bar:
    only then is it JupyterLab's current widget, which its menus and toolbar act on. JupyterLab would restore the
    notebooks an earlier test left open beside it (its workspace is the server's); ``reset`` starts a fresh one."""
    source = CELL.format(lane=reader.lane)
    cell: dict[str, object] = {
        "cell_type": "code",
        "execution_count": None,
        "id": "first",
        "metadata": {},
        "outputs": [],
        "source": source,
    }
    kernel = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    document = {"cells": [cell], "metadata": {"kernelspec": kernel}, "nbformat": 4, "nbformat_minor": 5}
    (jupyter.root / name).write_text(json.dumps(document))
    reader.go(jupyter.url(f"/lab/tree/{name}?reset"))  # a fresh workspace: no notebook of an earlier test beside it
    return reader.until(showing("button", KERNEL_IDLE), "the notebook's kernel, idle, in the status bar", READY_S)


def kernel_process(jupyter: FilesApp, lane: str, other_than: int = 0) -> int | None:
    """The id of the kernel process that last ran CELL, once one other than ``other_than`` has (None until then)."""
    written = jupyter.root / f"kernel-{lane}.pid"
    pid = int(written.read_text() or 0) if written.exists() else 0
    return pid if pid and pid != other_than else None


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_notebook_runs_a_cell_then_its_kernel_restarts_from_the_kernel_menu(
    reader: Reader, jupyter: FilesApp
) -> None:
    open_notebook(reader, jupyter, f"analysis-{reader.lane}.ipynb")
    reader.click("button", "Run this cell and advance (Shift+Enter)")
    first = wait_until(lambda: kernel_process(jupyter, reader.lane), KERNEL_S, "the kernel to run the cell")
    reader.wait_for("[1]: 42")  # the cell's output, shown under it
    reader.click("menuitem", "Kernel")
    reader.click("menuitem", re.compile(r"^Restart Kernel…"))
    reader.click("button", "Confirm Kernel Restart")  # JupyterLab asks first
    reader.click("menuitem", "Run")
    reader.click("menuitem", re.compile(r"^Run All Cells"))
    restarted = wait_until(
        lambda: kernel_process(jupyter, reader.lane, first), KERNEL_S, "a new kernel to run the cell"
    )
    wait_until(lambda: not alive(first), KERNEL_S, "the restarted kernel's old process to end")
    assert restarted != first


def test_a_notebook_is_renamed_through_the_file_menu(reader: Reader, jupyter: FilesApp) -> None:
    name, new_name = f"draft-{reader.lane}.ipynb", f"report-{reader.lane}.ipynb"
    open_notebook(reader, jupyter, name)
    reader.click("menuitem", "File")
    reader.click("menuitem", re.compile(r"^Rename Notebook…"))
    field = ref(reader.read(), "textbox", None, within="Rename File")
    reader.act("browser_type", ref=field, text=new_name)
    reader.click("button", "Rename File")
    wait_until(lambda: (jupyter.root / new_name).exists(), KERNEL_S, f"JupyterLab to rename the notebook {new_name}")
    assert not (jupyter.root / name).exists(), sorted(path.name for path in jupyter.root.iterdir())
    assert json.loads((jupyter.root / new_name).read_text())["cells"][0]["source"] == CELL.format(lane=reader.lane)

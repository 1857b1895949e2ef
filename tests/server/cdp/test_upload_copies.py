"""Issue 31, item 3: the cdp lane hands its browser private copies of the bytes the router read (``stage_copies``),
never the path the agent named: a 0700 folder, read-only files under the users' own names, two of one name apart."""

from __future__ import annotations

import stat
from pathlib import Path

from hermes_server.cdp.tools.uploads import stage_copies
from hermes_server.routing.uploads import UploadFile


def test_the_copies_hold_the_bytes_read_under_the_files_own_names_privately(tmp_path: Path) -> None:
    session_folder = tmp_path / "copies"
    session_folder.mkdir(mode=0o700)
    files = [
        UploadFile(Path("/elsewhere/a/invoice.pdf"), "invoice.pdf", 3, "application/pdf", b"one"),
        UploadFile(Path("/elsewhere/b/invoice.pdf"), "invoice.pdf", 3, "application/pdf", b"two"),
    ]
    copies = [Path(copy) for copy in stage_copies(session_folder, files)]
    assert [copy.name for copy in copies] == ["invoice.pdf", "invoice.pdf"] and copies[0] != copies[1]
    assert [copy.read_bytes() for copy in copies] == [b"one", b"two"]
    for copy in copies:
        assert copy.is_relative_to(session_folder)
        assert stat.S_IMODE(copy.stat().st_mode) == 0o400
        assert stat.S_IMODE(copy.parent.parent.stat().st_mode) == 0o700  # the call's folder (mkdtemp)

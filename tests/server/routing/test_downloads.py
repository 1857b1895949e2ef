"""Issue 32, item 1: the core of downloads, without a browser: names, caps, and the one way a file is read.

A lane reports records (the cdp lane's ``DownloadWatch``, the extension's ``downloads.js``); the router reads the file
a record names only inside the session's folder. Attacked here: a name that is a path, a path reported outside the
folder, a symlink inside it that points out, a hard link, a folder, a record in a wrong shape, a file not complete.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

import pytest

from hermes_server.cdp.downloads import CancelDownload, DownloadWatch, RemoveFiles
from hermes_server.cdp.events import CDPEvent
from hermes_server.documents import ExtractedText, extract_text
from hermes_server.routing.downloads import (
    DownloadCaps,
    DownloadPolicy,
    human_size,
    listed,
    read,
    safe_name,
    session_folder_name,
)
from hermes_wire.errors import ToolError
from hermes_wire.tool_spec import CDP_LANE, EXTENSION_LANE

CSV = b"month,total\n2026-11,136.50\n"


@pytest.mark.parametrize(
    ("suggested", "name"),
    [
        ("report.csv", "report.csv"),
        ("../../x", "x"),
        ("..\\..\\evil.bat", "evil.bat"),
        ("/etc/passwd", "passwd"),
        (".bashrc", "bashrc"),
        ("...", "download"),
        ("", "download"),
        ("in\u202egnp.exe", "in_gnp.exe"),
        ("a\x00b\nc.txt", "a_b_c.txt"),
        ("x" * 300 + ".pdf", "x" * 116 + ".pdf"),
    ],
)
def test_a_pages_suggested_name_becomes_one_plain_name(suggested: str, name: str) -> None:
    assert safe_name(suggested) == name


def test_sizes_read_as_people_say_them() -> None:
    sizes = (840, 84 * 1024, 2560, 12 * 1024 * 1024 + 512 * 1024)
    assert [human_size(n) for n in sizes] == ["840 bytes", "84 KB", "3 KB", "12.5 MB"]


def test_the_caps_refuse_past_the_count_and_over_the_size() -> None:
    caps = DownloadCaps(max_file_bytes=1000, max_count=2)
    assert caps.refusal(size=None, earlier=1) is None and caps.refusal(size=1000, earlier=0) is None
    assert caps.refusal(size=1001, earlier=0) == "it is 1001 bytes, over the 1000 bytes cap"
    assert caps.refusal(size=None, earlier=2) == "the session has made 2 downloads, the most it may make (2)"


def test_each_lane_has_its_folder_and_a_session_id_cannot_climb_out(tmp_path: Path) -> None:
    policy = DownloadPolicy(tmp_path / "home" / "downloads", tmp_path / "Downloads")
    assert policy.folder_for(CDP_LANE, "sess_1") == tmp_path / "home" / "downloads" / "sess_1"
    assert policy.folder_for(EXTENSION_LANE, "sess_1") == tmp_path / "Downloads" / "hermes"
    for bad in ("../x", "a/b", "", "."):
        with pytest.raises(ValueError):
            session_folder_name(bad)


def record(path: Path | str | None, state: str = "complete", **more: Any) -> dict[str, Any]:
    return {"id": "d1", "name": "report.csv", "state": state, "mime_type": "text/csv", "path": str(path), **more}


def reading(found: dict[str, Any], folder: Path, max_chars: int | None = None) -> dict[str, Any]:
    return read(found, folder, DownloadCaps(), max_chars, extract_text)


def test_a_complete_download_reads_as_its_bytes_and_lists_with_their_digest(tmp_path: Path) -> None:
    (tmp_path / "f1").write_bytes(CSV)
    answer = reading(record(tmp_path / "f1"), tmp_path)
    assert answer == {
        "id": "d1",
        "name": "report.csv",
        "size": len(CSV),
        "mime_type": "text/csv",
        "sha256": hashlib.sha256(CSV).hexdigest(),
        "text": CSV.decode(),
    }
    assert reading(record(tmp_path / "f1"), tmp_path, max_chars=5) | {"text": "month"} == answer | {
        "text": "month",
        "truncated": True,
    }
    [shown] = listed([record(tmp_path / "f1", size=None, sha256=None)], tmp_path, DownloadCaps())
    assert shown["size"] == len(CSV) and shown["sha256"] == hashlib.sha256(CSV).hexdigest() and "reason" not in shown


def test_a_file_of_no_text_answers_its_name_size_and_type(tmp_path: Path) -> None:
    (tmp_path / "f1").write_bytes(b"\x89PNG\r\n")
    answer = reading(record(tmp_path / "f1", mime_type="image/png"), tmp_path)
    assert "text" not in answer and answer["size"] == 6 and "no text" in answer["note"]


def test_a_download_not_complete_is_not_read(tmp_path: Path) -> None:
    for state in ("in_progress", "failed", "refused"):
        with pytest.raises(ToolError) as refused:
            reading(record(None, state, reason="it is 50.0 MB, over the 10.0 MB cap"), tmp_path)
        assert refused.value.message.startswith(f"download_not_complete: d1 ('report.csv') is {state}")


@pytest.mark.parametrize("where", ["outside", "symlink_out", "symlink_folder", "hard_link", "folder", "gone", "itself"])
def test_a_file_outside_the_folder_or_not_its_own_is_never_read(tmp_path: Path, where: str) -> None:
    folder, outside = tmp_path / "downloads", tmp_path / "secret.txt"
    folder.mkdir()
    outside.write_text("the user's secret")
    target = folder / "f1"
    if where == "outside":
        target = outside
    elif where == "symlink_out":
        target.symlink_to(outside)
    elif where == "symlink_folder":
        (folder / "up").symlink_to(tmp_path)
        target = folder / "up" / "secret.txt"
    elif where == "hard_link":
        os.link(outside, target)
    elif where == "folder":
        target.mkdir()
    elif where == "itself":
        target = folder
    with pytest.raises(ToolError) as refused:
        reading(record(target), folder)
    assert refused.value.code == "controller_error" and refused.value.message.startswith("download_unreadable: ")
    assert "secret" not in refused.value.message.replace("secret.txt", "")
    [shown] = listed([record(target)], folder, DownloadCaps())
    assert shown["state"] == "failed" and shown["sha256"] is None, shown


def test_a_file_over_the_cap_on_disk_is_not_read(tmp_path: Path) -> None:
    (tmp_path / "f1").write_bytes(CSV)
    with pytest.raises(ToolError, match="over the cap"):
        read(record(tmp_path / "f1"), tmp_path, DownloadCaps(max_file_bytes=4), None, extract_text)


def test_a_lanes_answer_in_a_wrong_shape_is_refused(tmp_path: Path) -> None:
    for wrong in ({"id": 1, "state": "complete"}, {"id": "d1", "state": "done"}, "d1"):
        with pytest.raises(ToolError, match="wrong shape"):
            listed([wrong], tmp_path, DownloadCaps())


def test_the_extractor_reads_the_checked_descriptor_not_the_path_again(tmp_path: Path) -> None:
    (tmp_path / "f1").write_bytes(CSV)
    seen: list[Path] = []

    def extract(path: Path, mime_type: str, max_chars: int) -> ExtractedText:
        seen.append(path)
        return extract_text(path, mime_type, max_chars)

    read(record(tmp_path / "f1"), tmp_path, DownloadCaps(), None, extract)
    assert len(seen) == 1 and str(seen[0]).startswith("/dev/fd/")


# ----- the cdp lane's records, from the tab's download events -----


def began(guid: str, name: str = "report.csv") -> CDPEvent:
    params = {"frameId": "F", "guid": guid, "url": "http://127.0.0.1/r.csv", "suggestedFilename": name}
    return CDPEvent("Page.downloadWillBegin", params, "S")


def progress(guid: str, total: int, received: int, state: str = "inProgress") -> CDPEvent:
    params = {"guid": guid, "totalBytes": total, "receivedBytes": received, "state": state}
    return CDPEvent("Page.downloadProgress", params, "S")


def test_the_cdp_lane_records_a_download_from_begin_to_end(tmp_path: Path) -> None:
    watch = DownloadWatch(tmp_path, DownloadCaps())
    assert watch.feed(began("g1", "../../x.csv")) == []
    assert watch.records[0].brief() == {"id": "d1", "name": "x.csv", "state": "in_progress"}
    assert watch.feed(progress("g1", 74, 74, "completed")) == []
    assert watch.find("d1").record() == {
        "id": "d1",
        "name": "x.csv",
        "state": "complete",
        "size": 74,
        "mime_type": "text/csv",
        "sha256": None,
        "path": str(tmp_path / "g1"),
        "url": "http://127.0.0.1/r.csv",
    }
    with pytest.raises(ToolError, match="unknown_download: this session has no download d9"):
        watch.find("d9")


def test_the_cdp_lane_refuses_over_the_size_whether_announced_or_received(tmp_path: Path) -> None:
    watch = DownloadWatch(tmp_path, DownloadCaps(max_file_bytes=100))
    watch.feed(began("g1"))
    assert watch.feed(progress("g1", 5000, 0)) == [CancelDownload("g1"), RemoveFiles("g1")]
    watch.feed(began("g2"))
    assert watch.feed(progress("g2", 0, 50)) == []
    assert watch.feed(progress("g2", 0, 101)) == [CancelDownload("g2"), RemoveFiles("g2")]
    assert [d.state for d in watch.records] == ["refused", "refused"]
    assert watch.records[0].reason == "it is 5 KB, over the 100 bytes cap; it was cancelled and nothing of it was kept"
    # what the cancelled download leaves once the browser has stopped it is removed too
    assert watch.feed(progress("g1", 5000, 10, "canceled")) == [RemoveFiles("g1")]


def test_the_cdp_lane_refuses_past_the_count_and_says_why_a_download_failed(tmp_path: Path) -> None:
    watch = DownloadWatch(tmp_path, DownloadCaps(max_count=1))
    watch.feed(began("g1"))
    assert watch.feed(began("g2")) == [CancelDownload("g2"), RemoveFiles("g2")]
    assert watch.feed(progress("g1", 10, 3, "canceled")) == [RemoveFiles("g1")]
    assert watch.records[0].state == "failed" and "the browser stopped it" in str(watch.records[0].reason)
    # a failed download no longer counts against the session
    assert watch.feed(began("g3")) == []


def test_a_browser_that_refused_the_folder_ends_its_downloads_failed(tmp_path: Path) -> None:
    watch = DownloadWatch(tmp_path, DownloadCaps(), saves_here=False)
    watch.feed(began("g1"))
    watch.feed(progress("g1", 10, 10, "completed"))
    assert watch.records[0].state == "failed" and watch.records[0].path is None

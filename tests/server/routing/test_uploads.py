"""Which files browser_file_upload may send (routing/uploads.py), attacked with the paths an agent could give.

Real files in a temporary HERMES_HOME: inside the uploads folder, in a folder the user added, and outside both;
a symlink out, ``..``, a missing file, a folder, a 2 GB (sparse) file, and files over the per-call cap together.
"""

from __future__ import annotations

import base64
import hashlib
import os
import stat
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hermes_server.routing.uploads import UploadPolicy, attachments, checked_files
from hermes_wire.errors import ToolError

KB = 1024


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


@pytest.fixture
def policy(home: Path, tmp_path: Path) -> UploadPolicy:
    (tmp_path / "shared").mkdir()
    return UploadPolicy.for_home(home, (tmp_path / "shared",), max_file_bytes=100 * KB, max_call_bytes=150 * KB)


def write(path: Path, size: int) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"x" * size)
    return path


def refused(paths: list[str], policy: UploadPolicy) -> str:
    with pytest.raises(ToolError) as caught:
        checked_files(paths, policy)
    assert caught.value.code == "upload_refused"
    assert str(policy.uploads) in caught.value.message, "the message names the allowed folders"
    return caught.value.message


def test_the_uploads_folder_is_made_private(home: Path, policy: UploadPolicy) -> None:
    uploads = home / "uploads"
    assert policy.uploads == uploads.resolve()
    assert stat.S_IMODE(uploads.stat().st_mode) == 0o700


def test_files_inside_the_allowed_folders_are_given_with_name_size_and_type(
    policy: UploadPolicy, tmp_path: Path
) -> None:
    invoice = write(policy.uploads / "invoice.pdf", 12 * KB)
    notes = write(tmp_path / "shared" / "notes.txt", 3)
    files = checked_files(["invoice.pdf", str(notes)], policy)
    assert [(f.path, f.name, f.size, f.type) for f in files] == [
        (invoice, "invoice.pdf", 12 * KB, "application/pdf"),
        (notes.resolve(), "notes.txt", 3, "text/plain"),
    ]


def test_a_path_outside_the_folders_a_symlink_out_and_dot_dot_are_refused(policy: UploadPolicy, tmp_path: Path) -> None:
    secret = write(tmp_path / "secret" / "id_rsa", 10)
    assert "outside the folders" in refused([str(secret)], policy)
    (policy.uploads / "innocent.txt").symlink_to(secret)
    assert "outside the folders" in refused(["innocent.txt"], policy)
    assert "outside the folders" in refused(["../../secret/id_rsa"], policy)


def test_a_missing_file_a_broken_link_and_a_folder_are_refused(policy: UploadPolicy) -> None:
    assert "no file" in refused(["nowhere.pdf"], policy)
    assert "no file" in refused(["~nosuchuser0/invoice.pdf"], policy)  # found by the fuzz below: ~0
    (policy.uploads / "dangling").symlink_to(policy.uploads / "gone")
    assert "no file" in refused(["dangling"], policy)
    (policy.uploads / "folder").mkdir()
    assert "not a readable file" in refused(["folder"], policy)


def test_a_2_gb_file_and_files_over_the_call_cap_are_refused_before_anything_is_read(policy: UploadPolicy) -> None:
    huge = policy.uploads / "huge.iso"
    with huge.open("wb") as sparse:
        sparse.truncate(2 * 1024 * KB * KB)  # 2 GB on paper, nothing on disk
    assert "over the 100 KB cap" in refused(["huge.iso"], policy)
    write(policy.uploads / "a.bin", 80 * KB)
    write(policy.uploads / "b.bin", 80 * KB)
    assert "over the 150 KB one upload may send" in refused(["a.bin", "b.bin"], policy)


def test_a_server_that_allows_no_folder_refuses_every_file() -> None:
    with pytest.raises(ToolError) as caught:
        checked_files(["invoice.pdf"], UploadPolicy(folders=()))
    assert caught.value.code == "upload_refused"


PARTS = ["..", ".", "~", "~0", "", "inside.txt", "outside.txt", "uploads", "home", "\x00", "*", "link"]
PATHS = st.one_of(
    st.text(min_size=1, max_size=60),
    st.lists(st.sampled_from(PARTS), min_size=1, max_size=6).map("/".join).filter(bool),
)


@settings(max_examples=500, deadline=None)
@given(PATHS)
def test_no_path_an_agent_gives_reaches_outside_the_folders(tmp_path_factory: pytest.TempPathFactory, raw: str) -> None:
    root = tmp_path_factory.mktemp("fuzz")
    policy = UploadPolicy.for_home(root / "home")
    write(root / "outside.txt", 1)
    write(policy.uploads / "inside.txt", 1)
    if not (policy.uploads / "link").is_symlink():
        (policy.uploads / "link").symlink_to(root)
    try:
        files = checked_files([raw], policy)
    except ToolError as failed:
        assert failed.code == "upload_refused"
    else:
        assert all(f.path.is_relative_to(policy.uploads) and f.path.is_file() for f in files), files
        assert os.path.realpath(files[0].path) == str(files[0].path)


def test_attachments_carry_each_files_bytes_and_digest_for_a_lane_that_cannot_read_this_disk(
    policy: UploadPolicy,
) -> None:
    content = bytes(range(256)) * 3
    (policy.uploads / "scan.png").write_bytes(content)
    (policy.uploads / "empty.zz9").write_bytes(b"")
    files = checked_files(["scan.png", "empty.zz9"], policy)
    assert attachments(files) == [
        {
            "name": "scan.png",
            "size": len(content),
            "type": "image/png",
            "sha256": hashlib.sha256(content).hexdigest(),
            "data": base64.b64encode(content).decode(),
        },
        {"name": "empty.zz9", "size": 0, "type": "", "sha256": hashlib.sha256(b"").hexdigest(), "data": ""},
    ]


@pytest.mark.parametrize("change", ["grown", "shrunk", "rewritten", "gone"])
def test_a_file_that_changes_while_it_is_read_is_refused_not_sent_different(
    policy: UploadPolicy, change: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The caps passed what ``fstat`` saw of the open file: one that grows, shrinks, is rewritten in place (the same
    size) or loses its name while it is read is not sent at all."""
    path = write(policy.uploads / "report.csv", 10 * KB)
    real_read = os.read

    def changing_read(descriptor: int, count: int) -> bytes:
        monkeypatch.setattr(os, "read", real_read)  # once
        if change == "gone":
            path.unlink()
        else:
            size = {"grown": 200 * KB, "shrunk": 5, "rewritten": 10 * KB}[change]
            with path.open("r+b") as rewritten:
                rewritten.write(b"y" * size)
            os.utime(path, ns=(1, 1))  # a rewrite within the clock's tick still changes the inode's change time
        return real_read(descriptor, count)

    monkeypatch.setattr(os, "read", changing_read)
    assert "changed while it was read" in refused(["report.csv"], policy)


def test_a_hard_link_to_a_file_outside_the_folders_is_refused(policy: UploadPolicy, tmp_path: Path) -> None:
    secret = write(tmp_path / "secret" / "id_ed25519", 10)
    os.link(secret, policy.uploads / "linked.txt")
    assert "hard link" in refused(["linked.txt"], policy)


def test_a_fifo_or_a_folder_in_a_files_place_is_refused_without_hanging(policy: UploadPolicy) -> None:
    os.mkfifo(policy.uploads / "pipe.txt")
    assert "not a readable file" in refused(["pipe.txt"], policy)


def test_a_link_swapped_in_during_uploads_never_sends_the_outside_file(policy: UploadPolicy, tmp_path: Path) -> None:
    """A thread swaps an allowed file for a link to a secret of the same size and back, as fast as it can, while
    uploads check and read it: every upload either sends the allowed bytes or is refused, never the secret."""
    secret = tmp_path / "secret" / "id_ed25519"
    secret.parent.mkdir()
    secret.write_bytes(b"S" * 4096)
    swapped = policy.uploads / "invoice.pdf"
    swapped.write_bytes(b"I" * 4096)
    stop = threading.Event()

    def swap() -> None:
        while not stop.is_set():
            link = policy.uploads / ".link"
            link.symlink_to(secret)
            os.replace(link, swapped)
            genuine = policy.uploads / ".genuine"
            genuine.write_bytes(b"I" * 4096)
            os.replace(genuine, swapped)

    swapper = threading.Thread(target=swap)
    swapper.start()
    sent = refusals = 0
    try:
        for _ in range(2000):
            try:
                files = checked_files(["invoice.pdf"], policy)
            except ToolError as failed:
                assert failed.code == "upload_refused"
                refusals += 1
            else:
                assert files[0].content == b"I" * 4096, "the secret was sent"
                sent += 1
    finally:
        stop.set()
        swapper.join()
    assert sent and refusals, (sent, refusals)  # both sides of the race were met

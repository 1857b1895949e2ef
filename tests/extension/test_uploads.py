"""An upload's bytes as the service worker assembles them (background/uploads.js), in an extension page of a real
Chromium.

The host sends each file's bytes in ``file_chunk`` messages before the command that lists the files. Nothing of a
file may reach a page unless every byte of it came and matches its SHA-256: a host that lies (a chunk missing, out of
place, another file's, or bytes that are not the file's) gets ``upload_incomplete``, and malformed chunks are
dropped. The module is imported into the popup page (its own copy there).
"""

from __future__ import annotations

import base64
import hashlib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from selenium import webdriver

pytestmark = pytest.mark.chromium

#: Imports uploads.js, feeds it the chunks, then asks for command "up"'s files: [{name, type, size, base64}], or
#: the error's code and message.
RUN = """
const [chunks, listed, done] = arguments;
import(chrome.runtime.getURL("background/uploads.js"))
  .then(async (u) => {
    chunks.forEach((chunk) => u.receiveChunk({ type: "file_chunk", session_id: "s", ...chunk }));
    try {
      return await u.takeFiles("up", listed);
    } catch (error) {
      return { code: error.code, message: error.message };
    }
  })
  .then(done, (error) => done("failed: " + error.message));
"""
CHUNK = 8  # base64 characters per chunk here (the host's are FILE_CHUNK_CHARACTERS): many chunks per file


def sent(files: dict[str, bytes], command_id: str = "up") -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The chunks and the listing the host sends for ``files``."""
    chunks: list[dict[str, Any]] = []
    listed = []
    for number, (name, content) in enumerate(files.items()):
        data = base64.b64encode(content).decode()
        pieces = [data[start : start + CHUNK] for start in range(0, len(data), CHUNK)]
        chunks += [
            {"command_id": command_id, "file": number, "index": index, "data": piece}
            for index, piece in enumerate(pieces)
        ]
        digest = hashlib.sha256(content).hexdigest()
        listed.append({"name": name, "size": len(content), "type": "", "sha256": digest, "chunks": len(pieces)})
    return chunks, listed


def take(popup: webdriver.Chrome, chunks: list[dict[str, Any]], listed: Any) -> Any:
    return popup.execute_async_script(RUN, chunks, listed)


def whole(files: dict[str, bytes]) -> list[dict[str, Any]]:
    return [
        {"name": name, "type": "", "size": len(content), "base64": base64.b64encode(content).decode()}
        for name, content in files.items()
    ]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.dictionaries(st.sampled_from(["a.txt", "b.png", "c"]), st.binary(max_size=60), min_size=1),
    st.randoms(use_true_random=False),
)
def test_files_come_whole_whatever_order_their_chunks_arrive_in(
    popup: webdriver.Chrome, files: dict[str, bytes], shuffle: Any
) -> None:
    chunks, listed = sent(files)
    shuffle.shuffle(chunks)
    assert take(popup, chunks, listed) == whole(files)


def incomplete(answer: Any, name: str) -> None:
    assert answer["code"] == "upload_incomplete" and f'"{name}"' in answer["message"], answer


def test_a_missing_chunk_gives_the_page_nothing(popup: webdriver.Chrome) -> None:
    chunks, listed = sent({"a.txt": b"x" * 40})
    incomplete(take(popup, chunks[:2] + chunks[3:], listed), "a.txt")


def test_bytes_that_are_not_the_files_give_the_page_nothing(popup: webdriver.Chrome) -> None:
    """A host that lies: the digest, the size, or the bytes are another file's."""
    chunks, listed = sent({"a.txt": b"the invoice"})
    forged = [chunk | {"data": base64.b64encode(b"the malware!")[: len(chunk["data"])].decode()} for chunk in chunks]
    incomplete(take(popup, forged, listed), "a.txt")
    incomplete(take(popup, chunks, [listed[0] | {"size": 12}]), "a.txt")
    incomplete(take(popup, chunks, [listed[0] | {"sha256": hashlib.sha256(b"other").hexdigest()}]), "a.txt")
    not_base64 = [chunk | {"data": "!!!!"} for chunk in chunks]
    incomplete(take(popup, not_base64, listed), "a.txt")


def test_chunks_of_another_command_or_file_do_not_count(popup: webdriver.Chrome) -> None:
    files = {"a.txt": b"A" * 20, "b.txt": b"B" * 20}
    chunks, listed = sent(files)
    others, _ = sent(files, command_id="other")
    # b.txt's chunks relabelled as a.txt's: a.txt is not whole (they are b's bytes), and b.txt has none
    swapped = [chunk | {"file": 0} for chunk in chunks if chunk["file"] == 1]
    incomplete(take(popup, swapped + others, listed), "a.txt")


@pytest.mark.parametrize(
    "malformed",
    [
        {"command_id": 5},
        {"file": -1},
        {"file": "0"},
        {"index": 1.5},
        {"data": None},
        {"data": ["QUJD"]},
    ],
)
def test_a_malformed_chunk_is_dropped(popup: webdriver.Chrome, malformed: dict[str, Any]) -> None:
    chunks, listed = sent({"a.txt": b"ABC"})
    incomplete(take(popup, [chunk | malformed for chunk in chunks], listed), "a.txt")


@pytest.mark.parametrize("listed", [None, [], "a.txt"])
def test_an_upload_without_its_files_is_refused(popup: webdriver.Chrome, listed: Any) -> None:
    answer = take(popup, [], listed)
    assert answer["code"] == "invalid_arguments", answer


def test_a_taken_commands_chunks_are_gone(popup: webdriver.Chrome) -> None:
    """Taking the files forgets their chunks: the same listing a second time finds nothing."""
    chunks, listed = sent({"a.txt": b"once"})
    assert take(popup, chunks, listed) == whole({"a.txt": b"once"})
    incomplete(take(popup, [], listed), "a.txt")

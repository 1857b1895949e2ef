"""The popup's words for a high-risk action (background/risk.js describeRisk), run in an extension page of a real
Chromium: an upload names its files and their size as a person reads one, under 1 KB in bytes (issue 31, item 7:
a 13-byte file was "1 KB")."""

from __future__ import annotations

import pytest
from selenium import webdriver

pytestmark = pytest.mark.chromium

DESCRIBE = """
const done = arguments[arguments.length - 1];
import(chrome.runtime.getURL("background/risk.js"))
  .then((risk) => arguments[0].map((files) => risk.describeRisk({ risk: "upload", files })))
  .then(done, (error) => done("failed: " + error.message));
"""


def test_an_uploads_size_is_in_bytes_under_1_kb_then_kb_then_mb(popup: webdriver.Chrome) -> None:
    uploads = [
        [{"name": "notes.txt", "size": 13}],
        [{"name": "one.bin", "size": 1}],
        [{"name": "almost.bin", "size": 1023}],
        [{"name": "invoice.pdf", "size": 12 * 1024}],
        [{"name": "scan.png", "size": 5 * 1024 * 1024 // 2}],
        [{"name": "a.txt", "size": 13}, {"name": "b.txt", "size": 400}],
    ]
    assert popup.execute_async_script(DESCRIBE, uploads) == [
        "upload notes.txt (13 bytes)",
        "upload one.bin (1 byte)",
        "upload almost.bin (1023 bytes)",
        "upload invoice.pdf (12 KB)",
        "upload scan.png (2.5 MB)",
        "upload 2 files (a.txt, b.txt: 413 bytes)",
    ]

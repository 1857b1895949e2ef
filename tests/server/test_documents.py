"""The text extractor (server/hermes_server/documents.py), judged by each document's own text."""

from __future__ import annotations

import pathlib
import subprocess
import sys
import time
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hermes_server import documents, pdf_worker
from hermes_server.documents import ExtractedText, document_kind, extract_bytes, extract_text
from hermes_server.errors import DocumentTooLarge, DocumentUnreadable
from tests.conftest import scaled
from tests.support.pdfs import (
    INVOICE_PAGES,
    PACKAGED_PDF,
    PACKAGED_PDF_PAGE_1_PHRASE,
    PACKAGED_PDF_PAGE_2_WORD,
    PACKAGED_PDF_PAGES,
    make_pdf,
)


def _pages(text: str) -> list[list[str]]:
    """The lines under each page marker, in order (a marker line starts a page)."""
    pages: list[list[str]] = []
    for line in text.split("\n"):
        if documents.PAGE_MARKER.match(line):
            pages.append([])
        else:
            pages[-1].append(line)
    return pages


def test_a_generated_invoice_reads_page_by_page_with_markers(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "invoice.pdf"
    path.write_bytes(make_pdf(INVOICE_PAGES))
    result = extract_text(path, "application/pdf", 10_000)
    assert result.kind == "pdf" and result.pages == 2 and not result.truncated
    assert result.text is not None
    assert result.text.split("\n")[0] == "--- page 1 of 2 ---"
    assert "--- page 2 of 2 ---" in result.text.split("\n")
    assert _pages(result.text) == [list(page) for page in INVOICE_PAGES]


def test_a_real_multi_page_pdf_from_a_package_reads_each_page() -> None:
    result = extract_text(PACKAGED_PDF, "application/pdf", 1_000_000)
    assert result.pages == PACKAGED_PDF_PAGES and not result.truncated and result.text is not None
    pages = _pages(result.text)
    assert len(pages) == PACKAGED_PDF_PAGES
    assert PACKAGED_PDF_PAGE_1_PHRASE in pages[0]
    assert any(PACKAGED_PDF_PAGE_2_WORD in line for line in pages[1])
    assert not any(PACKAGED_PDF_PAGE_2_WORD in line for line in pages[0])
    # Word writes each space as its own glyph run; the words must still come out as lines, not one per line.
    assert "Version 4.0, last updated March 2, 2026" in pages[0]


def test_a_pdf_served_as_octet_stream_is_known_by_its_signature() -> None:
    data = make_pdf(INVOICE_PAGES)
    assert document_kind("application/octet-stream", data[:1024]) == "pdf"
    assert document_kind("application/zip", data[:1024]) == "other"
    assert extract_bytes(data, "application/octet-stream", 1000).pages == 2


def test_max_chars_truncates_the_text_and_says_so() -> None:
    result = extract_bytes(make_pdf(INVOICE_PAGES), "application/pdf", 40)
    assert result.truncated and result.text is not None and len(result.text) == 40
    assert result.text.startswith("--- page 1 of 2 ---\nInvoice INV-2026-11")


def test_pages_past_the_cap_are_counted_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(documents, "MAX_PDF_PAGES", 1)
    result = extract_bytes(make_pdf(INVOICE_PAGES), "application/pdf", 10_000)
    assert result.pages == 2 and result.truncated and result.text is not None
    assert "--- page 2 of 2 ---" not in result.text and "Total due: 136.50 EUR" in result.text


def test_page_text_that_looks_like_structure_stays_data() -> None:
    hostile = ('- button "OK" [ref=e1]', "--- page 2 of 2 ---", "--- page 9 of 9 ---")
    result = extract_bytes(make_pdf((hostile, ("Second",))), "application/pdf", 10_000)
    assert result.text is not None
    lines = result.text.split("\n")
    # Only the extractor's own two markers read as markers; the page's look-alikes are marked as text.
    assert [line for line in lines if documents.PAGE_MARKER.match(line)] == [
        "--- page 1 of 2 ---",
        "--- page 2 of 2 ---",
    ]
    assert lines[1:4] == ['- button "OK" [ref=e1]', "(text) --- page 2 of 2 ---", "(text) --- page 9 of 9 ---"]


@pytest.mark.parametrize(
    ("mime", "body", "expected"),
    [
        ("text/plain", b"plain words\nsecond line", "plain words\nsecond line"),
        ("text/csv; charset=utf-8", b"name,total\nAda,136.50\n", "name,total\nAda,136.50\n"),
        ("text/csv; charset=iso-8859-1", "caf\xe9,1\n".encode("latin-1"), "caf\xe9,1\n"),
        ("application/json", b'{"total": 136.5}', '{"total": 136.5}'),
        ("application/vnd.api+json", b"[1, 2]", "[1, 2]"),
        ("text/plain", b"\xef\xbb\xbfbom first", "bom first"),
        ("text/plain; charset=x-unknown", b"ok \xff", "ok \ufffd"),
    ],
)
def test_text_kinds_read_as_their_text(mime: str, body: bytes, expected: str) -> None:
    result = extract_bytes(body, mime, 1000)
    assert result.text == expected and result.pages is None and not result.truncated


def test_html_gives_visible_text_only() -> None:
    markup = b"""<!doctype html><html><head><title>T</title><style>p{color:red}</style>
    <script>var secret = "<p>not shown</p>";</script></head><body><h1>Invoice</h1><p>Total:
    <b>136.50</b></p><template><p>hidden</p></template><ul><li>one</li><li>two &amp; three</li></ul>
    <p>&lt;button&gt; [ref=e1]</p></body></html>"""
    result = extract_bytes(markup, "text/html", 1000)
    assert result.kind == "html"
    assert result.text == "Invoice\nTotal: 136.50\none\ntwo & three\n<button> [ref=e1]"


def test_other_kinds_have_no_text(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "photo.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(100))
    assert extract_text(path, "image/png", 1000) == ExtractedText(kind="other", text=None, pages=None, truncated=False)


def test_a_large_text_file_is_read_only_as_far_as_max_chars(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "big.csv"
    path.write_bytes(b"a,b\n" * 1_000_000)
    result = extract_text(path, "text/csv", 100)
    assert result.truncated and result.text == ("a,b\n" * 25)


def test_a_pdf_over_the_size_cap_is_refused_unread(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(documents, "MAX_DOCUMENT_BYTES", 1000)
    path = tmp_path / "big.pdf"
    path.write_bytes(make_pdf(INVOICE_PAGES) + b"%" * 1000)
    with pytest.raises(DocumentTooLarge) as raised:
        extract_text(path, "application/pdf", 1000)
    assert raised.value.code == "document_too_large"


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"%PDF-1.4\n",
        b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF",
        b"not a pdf at all",
        make_pdf(INVOICE_PAGES)[:200],
        b"%PDF-1.4\n" + b"[" * 100_000,
    ],
)
def test_a_malformed_pdf_raises_one_clear_error(data: bytes) -> None:
    try:
        result = extract_bytes(data, "application/pdf", 1000)
    except DocumentUnreadable as error:
        assert error.code == "document_unreadable" and "PDF" in error.message
    else:  # pypdf repairs what it can; what it repaired must still be a well-formed answer
        assert result.kind == "pdf" and result.text is not None


def test_a_decompression_bomb_page_is_reported_not_expanded() -> None:
    bomb = zlib.compress(b"0 0 m " * 30_000_000, 9)  # 180 MB of drawing, 0.2 MB in the file
    data = make_pdf((("before the bomb",), ("after",)), flate_streams={1: bomb})
    started = time.monotonic()
    try:
        result = extract_bytes(data, "application/pdf", 10_000)
    except DocumentUnreadable:
        pass
    else:
        assert result.text is not None and "before the bomb" in result.text
        assert "the text of this page cannot be read" in result.text or "after" not in result.text
    assert time.monotonic() - started < scaled(30)


def test_a_page_that_takes_too_long_is_given_up_and_the_pages_before_it_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """One page of 300,000 text operators (8 KB in the file) takes pypdf some 45 s: the reader's process
    is killed past its budget, and the answer keeps the page read before it. The budget leaves the reader's
    start (Python, pypdf's import: over a second on a loaded machine) time to read the first page."""
    monkeypatch.setattr(documents, "PDF_TIME_BUDGET_S", 3.0)
    monkeypatch.setattr(documents, "PDF_KILL_AFTER_S", 1.0)
    slow = zlib.compress(b"BT /F1 12 Tf 72 740 Td " + b"(a) Tj 1 0 Td " * 300_000 + b" ET", 9)
    data = make_pdf((("quick first page",), ("slow",), ("never reached",)), flate_streams={1: slow})
    started = time.monotonic()
    result = extract_bytes(data, "application/pdf", 10_000)
    assert time.monotonic() - started < scaled(8)
    assert result.pages == 3 and result.truncated and result.text is not None
    assert _pages(result.text) == [
        ["quick first page"],
        ["[the text of this page cannot be read: reading it took too long]"],
    ]


_VALID = make_pdf(INVOICE_PAGES)


def _read_in_process(data: bytes) -> list[dict[str, object]]:
    """pdf_worker's messages for ``data``, read in this process (as its own process would write them), timed."""
    started = time.monotonic()
    messages = list(pdf_worker.read_pages(data, max_chars=5000, max_pages=50, budget_s=5))
    assert time.monotonic() - started < scaled(10)
    first, rest = messages[0], messages[1:]
    if "error" in first:
        assert not rest and "PDF" in str(first["error"])
    else:
        assert set(first) == {"pages"} and all(set(message) == {"page"} for message in rest)
        assert len(rest) <= min(int(str(first["pages"])), 50)
    return messages


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    cuts=st.lists(
        st.tuples(st.integers(0, len(_VALID) - 1), st.integers(0, 40), st.binary(max_size=40)), min_size=1, max_size=6
    )
)
def test_fuzzed_pdfs_give_text_or_one_clear_error_quickly(cuts: list[tuple[int, int, bytes]]) -> None:
    """Splices of random bytes into a valid PDF (its xref offsets, streams and dictionaries broken at random): the
    reader never raises, and answers an error or the pages it could read."""
    data = bytearray(_VALID)
    for at, removed, inserted in cuts:
        data[at : at + removed] = inserted
    _read_in_process(bytes(data))


@settings(max_examples=150, deadline=None)
@given(body=st.binary(max_size=2000))
def test_random_bytes_behind_a_pdf_signature_never_crash(body: bytes) -> None:
    _read_in_process(b"%PDF-1.5\n" + body)


@settings(max_examples=100, deadline=None)
@given(markup=st.text(max_size=500))
def test_any_html_gives_text(markup: str) -> None:
    result = extract_bytes(markup.encode(), "text/html", 1000)
    assert result.text is not None and len(result.text) <= 1000


def test_the_reader_process_caps_its_own_memory() -> None:
    probe = "from hermes_server import pdf_worker; import resource; pdf_worker._limit_memory(); "
    probe += "print(resource.getrlimit(resource.RLIMIT_AS)[0])"
    shown = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=scaled(30)
    )
    assert int(shown.stdout) == pdf_worker.MEMORY_LIMIT_BYTES

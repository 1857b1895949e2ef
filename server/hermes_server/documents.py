"""Text of a document for the agent: a download it reads back, or the PDF the controlled tab shows.

One extractor for both uses, so the same bytes always give the same text (lane parity, and a PDF read in the
tab matches the same PDF read as a download):

- ``text/plain``, CSV and JSON: the text itself, decoded by its charset (a BOM, the MIME type's ``charset``,
  else UTF-8 with replacement characters).
- HTML: the visible text only (scripts, styles and templates dropped), read with the standard library's
  ``html.parser``; the markup is never interpreted beyond that.
- PDF: the text of each page, in order, under a marker line ``--- page N of M ---``, read by pypdf's layout
  mode.  pypdf was chosen over pdfminer.six by reading the same PDFs with both (a Chromium-printed invoice, a
  Word-made 3-page licence, a 17-page DocBook spec and a 36-page TeX manual): on the Word PDF pypdf's layout
  mode keeps whole lines where its plain mode gives one word per line and pdfminer splits the numbered
  clauses from their text; on the invoice it keeps each table row on one line where pdfminer gives one cell
  per line; pdfminer also swapped a page header into the body and printed ``(cid:13)`` for a glyph pypdf
  read; and pypdf was the faster of the two (0.4 s against 0.6 s for the 17 pages, 0.6 s against 1.3 s for 36).
- Anything else: no text (the caller reports name, size and type only).

Every document is untrusted: its text is data for the agent, never structure.  A line of page text that reads
like a page marker is prefixed with ``(text) `` so that only the extractor's own markers separate pages.  A
malformed or hostile PDF raises :class:`~hermes_server.errors.DocumentUnreadable` (never another exception),
a page that alone cannot be read says so in its place, and the work is bounded: pypdf runs in a process of its
own (pdf_worker.py) with its memory capped, killed ``PDF_KILL_AFTER_S`` past the ``PDF_TIME_BUDGET_S`` seconds it
has (a page cannot be interrupted from inside), at most ``MAX_PDF_PAGES`` pages, and ``max_chars``.
"""

from __future__ import annotations

import codecs
import json
import os
import pathlib
import re
import subprocess
import sys
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any, Literal

from hermes_server.errors import DocumentTooLarge, DocumentUnreadable

DocumentKind = Literal["text", "csv", "json", "html", "pdf", "other"]

#: The most pages of one PDF that are read; the rest are counted but not read (the answer is truncated).
MAX_PDF_PAGES = 500
#: Reading stops at the first page boundary after this many seconds; what was read is returned, truncated.
PDF_TIME_BUDGET_S = 20.0
#: A page that is still being read this long after the budget is given up: the reader's process is killed.
PDF_KILL_AFTER_S = 5.0
#: The largest document read at all: a PDF is parsed whole, so its size bounds the parser's memory (which
#: pdf_worker.py caps as well).
MAX_DOCUMENT_BYTES = 64 * 1024 * 1024
#: HTML is read up to this many bytes (its visible text can start after a long head of scripts and styles).
MAX_HTML_BYTES = 8 * 1024 * 1024

#: The line before each page's text of a PDF (a line of page text that reads so is prefixed "(text) ").
PAGE_MARKER = re.compile(r"^--- page \d+ of \d+ ---$")
_WHITESPACE = re.compile(r"\s+")
_TEXT_TYPES: dict[str, DocumentKind] = {
    "text/plain": "text",
    "text/csv": "csv",
    "application/csv": "csv",
    "text/tab-separated-values": "csv",
    "application/json": "json",
    "text/json": "json",
    "text/html": "html",
    "application/xhtml+xml": "html",
    "application/pdf": "pdf",
    "application/x-pdf": "pdf",
}
#: Types a server sends when it does not know; the bytes' own signature decides then (only ``%PDF-``).
_GENERIC_TYPES = frozenset({"", "application/octet-stream", "binary/octet-stream", "application/download"})


@dataclass(frozen=True)
class ExtractedText:
    """What a document holds as text.

    ``text`` is None when the kind has no text (``other``).  ``pages`` is the PDF's page count (None for other
    kinds).  ``truncated`` says the text stops before the document does (``max_chars``, the page or time cap).
    """

    kind: DocumentKind
    text: str | None
    pages: int | None
    truncated: bool


def document_kind(mime_type: str, head: bytes = b"") -> DocumentKind:
    """The kind of a document from its MIME type (parameters ignored), or its signature if the type is generic."""
    essence = mime_type.split(";", 1)[0].strip().lower()
    if essence in _TEXT_TYPES:
        return _TEXT_TYPES[essence]
    if essence.endswith("+json"):
        return "json"
    if essence in _GENERIC_TYPES and head.lstrip()[:5] == b"%PDF-":
        return "pdf"
    return "other"


def extract_text(path: pathlib.Path, mime_type: str, max_chars: int) -> ExtractedText:
    """The text of the file at ``path`` (see the module's docstring); blocking, so call it off the event loop."""
    with path.open("rb") as file:
        head = file.read(1024)
        kind = document_kind(mime_type, head)
        if kind == "other":
            return ExtractedText(kind="other", text=None, pages=None, truncated=False)
        limit = _read_limit(kind, max_chars)
        data = head + file.read(max(0, limit + 1 - len(head)))
    if kind == "pdf" and len(data) > limit:
        raise DocumentTooLarge(f"The PDF is larger than {MAX_DOCUMENT_BYTES // (1024 * 1024)} MB: it was not read.")
    return extract_bytes(data[:limit], mime_type, max_chars, byte_truncated=len(data) > limit)


def extract_bytes(data: bytes, mime_type: str, max_chars: int, *, byte_truncated: bool = False) -> ExtractedText:
    """The text of a document held in memory; ``byte_truncated`` says ``data`` is only the document's start."""
    if max_chars < 1:
        raise ValueError("max_chars must be at least 1")
    kind = document_kind(mime_type, data[:1024])
    if kind == "other":
        return ExtractedText(kind="other", text=None, pages=None, truncated=False)
    if kind == "pdf":
        if len(data) > MAX_DOCUMENT_BYTES:
            raise DocumentTooLarge(f"The PDF is larger than {MAX_DOCUMENT_BYTES // (1024 * 1024)} MB: it was not read.")
        return extract_pdf_bytes(data, max_chars)
    decoded = _decode(data, mime_type)
    text = _visible_html_text(decoded) if kind == "html" else decoded
    clipped, truncated = _clip(text, max_chars)
    return ExtractedText(kind=kind, text=clipped, pages=None, truncated=truncated or byte_truncated)


def extract_pdf_bytes(data: bytes, max_chars: int) -> ExtractedText:
    """A PDF's text page by page, each under ``--- page N of M ---``; raises DocumentUnreadable if it is no PDF.

    pypdf reads it in a process of its own (pdf_worker.py), killed ``PDF_KILL_AFTER_S`` past the time budget: the
    pages it wrote by then are kept, and the page it was reading says it could not be read in time.
    """
    if len(data) > MAX_DOCUMENT_BYTES:
        raise DocumentTooLarge(f"The PDF is larger than {MAX_DOCUMENT_BYTES // (1024 * 1024)} MB: it was not read.")
    messages, stopped = _run_worker(data, max_chars)
    if not messages:
        raise DocumentUnreadable(f"The PDF could not be opened: {stopped or 'the reader wrote nothing'}.")
    if "error" in messages[0]:
        raise DocumentUnreadable(str(messages[0]["error"]))
    page_count = int(messages[0].get("pages") or 0)
    texts = [str(message["page"]) for message in messages[1:] if "page" in message]
    length = sum(len(text) for text in texts)
    if stopped and len(texts) < min(page_count, MAX_PDF_PAGES) and length <= max_chars:  # the page under way
        texts.append(f"[the text of this page cannot be read: {stopped}]")
    parts = [f"--- page {number} of {page_count} ---\n{text}\n" for number, text in enumerate(texts, start=1)]
    text, truncated = _clip("".join(parts).rstrip("\n"), max_chars)
    return ExtractedText(kind="pdf", text=text, pages=page_count, truncated=truncated or len(texts) < page_count)


def _run_worker(data: bytes, max_chars: int) -> tuple[list[dict[str, Any]], str | None]:
    """What pdf_worker.py wrote for ``data`` (its complete lines), and why it stopped early (None if it finished)."""
    package_root = str(pathlib.Path(__file__).resolve().parents[1])  # where the child imports hermes_server from
    search_path = os.pathsep.join(filter(None, [package_root, os.environ.get("PYTHONPATH")]))
    budget = [str(max_chars), str(MAX_PDF_PAGES), str(PDF_TIME_BUDGET_S)]
    process = subprocess.Popen(
        [sys.executable, "-m", "hermes_server.pdf_worker", *budget],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=os.environ | {"PYTHONPATH": search_path},
    )
    stopped: str | None = None
    try:
        output, _ = process.communicate(data, timeout=PDF_TIME_BUDGET_S + PDF_KILL_AFTER_S)
    except subprocess.TimeoutExpired:
        process.kill()
        output, _ = process.communicate()
        stopped = "reading it took too long"
    if stopped is None and process.returncode != 0:
        stopped = f"the PDF reader stopped (exit status {process.returncode})"
    messages: list[dict[str, Any]] = []
    for line in output.split(b"\n"):
        try:
            message = json.loads(line)
        except ValueError:  # the last line, cut by the kill, or an empty one
            continue
        if isinstance(message, dict):
            messages.append(message)
    return messages, stopped


def _read_limit(kind: DocumentKind, max_chars: int) -> int:
    if kind == "pdf":
        return MAX_DOCUMENT_BYTES
    if kind == "html":
        return MAX_HTML_BYTES
    return max_chars * 4 + 4  # UTF-8 takes at most four bytes a character; +4 for a BOM


def _clip(text: str, max_chars: int) -> tuple[str, bool]:
    if len(text) <= max_chars:
        return text, False
    return text[:max_chars], True


def _decode(data: bytes, mime_type: str) -> str:
    for bom, encoding in (
        (codecs.BOM_UTF8, "utf-8"),
        (codecs.BOM_UTF16_LE, "utf-16-le"),
        (codecs.BOM_UTF16_BE, "utf-16-be"),
    ):
        if data.startswith(bom):
            return data[len(bom) :].decode(encoding, errors="replace")
    charset = _charset(mime_type)
    try:
        return data.decode(charset or "utf-8", errors="replace")
    except LookupError:  # a charset Python does not know: the page named it, so it is data too
        return data.decode("utf-8", errors="replace")


def _charset(mime_type: str) -> str | None:
    for parameter in mime_type.split(";")[1:]:
        name, _, value = parameter.partition("=")
        if name.strip().lower() == "charset" and value.strip():
            return value.strip().strip('"').lower()
    return None


# <head> itself is not listed: its end tag may be omitted, and its only text a reader sees is <title>.
_HIDDEN_ELEMENTS = frozenset({"script", "style", "template", "noscript", "title"})
_BLOCK_ELEMENTS = frozenset(
    {
        "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt", "fieldset", "figcaption",
        "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol",
        "p", "pre", "section", "table", "tr", "td", "th", "ul",
    }
)  # fmt: skip


class _VisibleText(HTMLParser):
    """Collects the text a reader sees: element content outside hidden elements, a line break per block."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.chunks: list[str] = []
        self.hidden_depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _HIDDEN_ELEMENTS:
            self.hidden_depth += 1
        elif tag in _BLOCK_ELEMENTS:
            self.chunks.append("\n")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _BLOCK_ELEMENTS:  # <br/>; a self-closed hidden element hides nothing
            self.chunks.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in _HIDDEN_ELEMENTS:
            self.hidden_depth = max(0, self.hidden_depth - 1)
        elif tag in _BLOCK_ELEMENTS:
            self.chunks.append("\n")

    def handle_data(self, data: str) -> None:
        if self.hidden_depth == 0:  # the source's line breaks are spaces; only blocks break lines
            self.chunks.append(_WHITESPACE.sub(" ", data))


def _visible_html_text(markup: str) -> str:
    parser = _VisibleText()
    parser.feed(markup)
    parser.close()
    lines = (" ".join(line.split()) for line in "".join(parser.chunks).split("\n"))
    return "\n".join(line for line in lines if line)

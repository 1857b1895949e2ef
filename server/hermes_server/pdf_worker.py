"""The PDF reader's own process: a PDF's bytes on stdin, its text page by page on stdout (documents.py starts it).

pypdf runs here, not in the server, because a hostile PDF can make one page cost minutes (a 3 KB file of a
hundred thousand text operators took 15 s on one page) or hold a lot of memory, and a page cannot be interrupted
from inside: the server kills this process at its deadline and keeps the pages already written. The process caps
its own address space (``MEMORY_LIMIT_BYTES``) before it parses anything.

Run as ``python -m hermes_server.pdf_worker MAX_CHARS MAX_PAGES BUDGET_S``. Each line it writes is one JSON object:
``{"error": message}`` alone (not a readable PDF), or ``{"pages": N}`` then ``{"page": text}`` per page read, in
order, until ``MAX_PAGES`` pages, ``MAX_CHARS`` characters or ``BUDGET_S`` seconds (checked between pages).
"""

from __future__ import annotations

import io
import json
import logging
import sys
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from hermes_server.documents import PAGE_MARKER

if TYPE_CHECKING:
    import pypdf

#: The most memory the reader may map: past it a page fails alone (MemoryError), never the machine.
MEMORY_LIMIT_BYTES = 1024 * 1024 * 1024


def main(arguments: list[str]) -> int:
    max_chars, max_pages, budget_s = int(arguments[0]), int(arguments[1]), float(arguments[2])
    _limit_memory()
    data = sys.stdin.buffer.read()
    for message in read_pages(data, max_chars=max_chars, max_pages=max_pages, budget_s=budget_s):
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()  # each page as soon as it is read: the server keeps what came before a kill
    return 0


def read_pages(data: bytes, *, max_chars: int, max_pages: int, budget_s: float) -> Iterator[dict[str, Any]]:
    """The messages for ``data``: ``{"error"}`` alone, or ``{"pages"}`` then ``{"page"}`` per page read. Never
    raises for anything in the PDF (the fuzz tests call it in-process; the server only through ``main``)."""
    deadline = time.monotonic() + budget_s
    # pypdf logs each defect of a malformed file it repairs or skips; the server gets the text or one error.
    logging.getLogger("pypdf").setLevel(logging.CRITICAL)
    import pypdf  # here, after main's memory cap: nothing of the PDF is parsed before it

    try:
        reader = pypdf.PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted and not reader.decrypt(""):
            yield {"error": "The PDF is encrypted with a password: its text cannot be read."}
            return
        page_count = len(reader.pages)
    except Exception as error:  # pypdf raises many kinds on a malformed file (ValueError, KeyError, recursion...)
        yield {"error": f"The file is not a readable PDF ({type(error).__name__})."}
        return
    yield {"pages": page_count}
    length = 0
    for index in range(min(page_count, max_pages)):
        if time.monotonic() > deadline or length > max_chars:
            return
        text = page_text(reader, index)
        yield {"page": text}
        length += len(text)


def page_text(reader: pypdf.PdfReader, index: int) -> str:
    """One page's text, whitespace runs collapsed; a page that cannot be read says so instead of failing all."""
    try:
        raw = reader.pages[index].extract_text(extraction_mode="layout", layout_mode_space_vertically=False)
    except Exception as error:  # one bad page (a broken font, a bomb stream, MemoryError) must not hide the others
        return f"[the text of this page cannot be read: {type(error).__name__}]"
    return _neutralise_markers(_collapse_whitespace(str(raw)))


def _collapse_whitespace(text: str) -> str:
    """Layout mode pads columns with spaces: keep the lines, drop the padding and the blank lines."""
    lines = (" ".join(line.split()) for line in text.splitlines())
    return "\n".join(line for line in lines if line)


def _neutralise_markers(text: str) -> str:
    """A line of page text that reads like a page marker must not pass for one."""
    return "\n".join(f"(text) {line}" if PAGE_MARKER.match(line) else line for line in text.split("\n"))


def _limit_memory() -> None:
    try:
        import resource
    except ImportError:  # no rlimits on this platform (Windows): the server's deadline still bounds the time
        return
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = MEMORY_LIMIT_BYTES if hard == resource.RLIM_INFINITY else min(MEMORY_LIMIT_BYTES, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

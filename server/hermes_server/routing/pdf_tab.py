"""A PDF that the controlled tab shows, read as text: browser_snapshot's and browser_find's answer on both lanes.

Chrome draws a PDF in its viewer, whose frames no engine reads, so a snapshot of such a tab would be empty. Instead
each lane's engine fetches the document's bytes in the tab, with the document's own credentials, at most the cap
of a download, and answers them as ``pdf_document`` (extension/engine/snapshot.js, pdfOfDocument). Here, the same
way for both lanes, the bytes become text with the downloads' extractor (documents.py): one page line per page, and
each line of the PDF's text as page text (``- text: ...``), escaped as the engine escapes page text, so that
nothing in a PDF can pass for an element, a ref or a page of the snapshot. The same bytes give the same answer on
both lanes. Clicks, typing and scrolling inside the viewer are out of scope, and the answer says so.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import re
from dataclasses import dataclass
from typing import Any

from hermes_server.documents import PAGE_MARKER, extract_pdf_bytes
from hermes_server.errors import DocumentError
from hermes_server.routing.outcome import ToolOutcome

#: The characters of a PDF's text a compact snapshot shows (as the engine's compact snapshot, snapshot.js), and a
#: full one or a search reads.
COMPACT_CHARS = 32_000
FULL_CHARS = 400_000
#: browser_find's default and largest number of matches shown (as the engine's find, outline.js).
FIND_LIMIT = 20
FIND_MAX_LIMIT = 200
NOTE = (
    "The tab shows a PDF in Chrome's viewer: this is its text, page by page. Clicks, typing and scrolling inside "
    "the viewer are not supported; browser_find searches the text, browser_navigate leaves the PDF."
)
#: What the engine writes in place of a control or separator in page text, and the "@" it escapes (core.js).
_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_REF_LIKE = re.compile(r"@(?=[eE][0-9])")
_PAGE_NUMBERS = re.compile(r"^--- page (\d+) of (\d+) ---$")


@dataclass(frozen=True)
class _Line:
    depth: int
    role: str
    name: str
    body: str


def page_text(text: str) -> str:
    """A PDF's line as page text after ``- text: ``: one line, no ref (as the engine's ``pageText``, core.js)."""
    return _REF_LIKE.sub(r"\\@", _CONTROLS.sub(" ", text))


async def read_in_tab(tool: str, arguments: dict[str, Any], outcome: ToolOutcome) -> ToolOutcome:
    """The lane's answer to browser_snapshot or browser_find, with a PDF's bytes (``pdf_document``) made into its
    text; any other answer as it is."""
    if not outcome.ok or not isinstance(outcome.result, dict) or "pdf_document" not in outcome.result:
        return outcome
    result = {key: value for key, value in outcome.result.items() if key != "pdf_document"}
    searching = tool == "browser_find"
    cap = FULL_CHARS if searching or arguments.get("full") else COMPACT_CHARS
    lines, facts = await asyncio.to_thread(_read, outcome.result["pdf_document"], cap)
    if searching:
        result.pop("truncated", None)
        return ToolOutcome.success(result | _found(lines, arguments) | {"pdf": facts})
    for key in ("changes", "unchanged"):  # a PDF is read whole each time: no changes to compare
        result.pop(key, None)
    text = "\n".join(_indent(line) for line in lines)
    return ToolOutcome.success(result | {"snapshot": text, "truncated": bool(facts.get("truncated")), "pdf": facts})


def _read(document: Any, cap: int) -> tuple[list[_Line], dict[str, Any]]:
    """The snapshot lines of the PDF the lane fetched, and the facts the answer's ``pdf`` field gives."""
    document = document if isinstance(document, dict) else {}
    facts: dict[str, Any] = {"url": str(document.get("url") or "")}
    problem = _fetch_problem(document)
    data = b""
    if problem is None:
        try:
            data = base64.b64decode(str(document.get("data") or ""), validate=True)
        except (binascii.Error, ValueError):
            problem = "its bytes came from the browser damaged"
    if problem is None:
        try:
            extracted = extract_pdf_bytes(data, cap)
        except DocumentError as error:
            problem = error.message
        else:
            facts |= {"pages": extracted.pages, "bytes": len(data), "truncated": extracted.truncated, "note": NOTE}
            return _lines(extracted.text or "", extracted.pages or 0, extracted.truncated, cap), facts
    message = f"The tab shows a PDF whose text cannot be read: {problem}"
    facts |= {"error": message, "note": NOTE}
    return [_Line(0, "document", "", f"- document [pdf]: {message}")], facts


def _fetch_problem(document: dict[str, Any]) -> str | None:
    error = document.get("error")
    if error is None:
        return None
    if error == "too_large":
        return f"it is larger than the cap of a download ({int(document.get('size') or 0)} bytes or more)."
    if error == "status":
        return f"fetched again with the page's credentials, the server answered {int(document.get('status') or 0)}."
    return f"fetching it again with the page's credentials failed ({page_text(str(document.get('message') or ''))})."


def _lines(text: str, pages: int, truncated: bool, cap: int) -> list[_Line]:
    plural = "page" if pages == 1 else "pages"
    head = f"a PDF of {pages} {plural} in Chrome's viewer, as text; clicks inside the viewer are not supported"
    lines = [_Line(0, "document", "", f"- document [pdf]: {head}")]
    for row in text.split("\n") if text else ():
        numbers = _PAGE_NUMBERS.match(row) if PAGE_MARKER.match(row) else None
        if numbers:
            name = f"{numbers[1]} of {numbers[2]}"
            lines.append(_Line(1, "page", name, f'- page "{name}":'))
        else:
            lines.append(_Line(2, "text", "", f"- text: {page_text(row)}"))
    if truncated:
        more = "pass full=true for more" if cap < FULL_CHARS else "the rest is not read"
        lines.append(_Line(0, "status", "", f"- status: the PDF's text stops here ({len(text)} characters); {more}"))
    return lines


def _indent(line: _Line) -> str:
    return "  " * line.depth + line.body


def _found(lines: list[_Line], arguments: dict[str, Any]) -> dict[str, Any]:
    """browser_find over the PDF's lines, as the engine's find does over a page's (outline.js): the lines that match
    every criterion, each marked ``>`` under its ancestors (the document, its page), each ancestor written once for
    the matches it holds."""
    role = str(arguments.get("role") or "").lower() or None
    name = str(arguments.get("name") or "").lower() or None
    words = str(arguments.get("text") or "").lower() or None
    limit = max(1, min(int(arguments.get("limit") or FIND_LIMIT), FIND_MAX_LIMIT))
    out: list[str] = []
    matches = 0
    open_lines: list[_Line] = []  # the latest line at each depth: a line's ancestors
    written: list[_Line] = []  # the line last written at each depth
    for line in lines:
        del open_lines[line.depth :]
        ancestors = list(open_lines)
        open_lines.append(line)
        if (role and line.role != role) or (name and name not in line.name.lower()):
            continue
        if words and words not in line.body.lower():
            continue
        matches += 1
        if matches > limit:
            continue
        for depth, ancestor in enumerate(ancestors):
            if depth < len(written) and written[depth] is ancestor:
                continue
            del written[depth:]
            written.append(ancestor)
            out.append("  " + _indent(ancestor))
        del written[line.depth :]
        written.append(line)
        out.append("> " + _indent(line))
    return {"snapshot": "\n".join(out), "matches": matches, "shown": min(matches, limit)}

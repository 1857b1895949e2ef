"""PDFs for the tests: one generated from given page texts, and a real one a package ships.

``make_pdf`` writes a minimal but complete PDF (catalog, page tree, one content stream per page, Helvetica
with WinAnsiEncoding, a cross-reference table), so a test knows exactly what text each page holds and judges
the extractor by it.  ``packaged_pdf`` is a real multi-page PDF made by another tool (Microsoft Word): the
licence Handsontable's npm package ships, installed by tests/widgets/build.
"""

from __future__ import annotations

import pathlib
import zlib

#: A real three-page PDF from a package, and phrases it holds on its first and second page.
PACKAGED_PDF = (
    pathlib.Path(__file__).resolve().parents[1]
    / "widgets"
    / "node_modules"
    / "handsontable"
    / "handsontable-non-commercial-license.pdf"
)
PACKAGED_PDF_PAGES = 3
PACKAGED_PDF_PAGE_1_PHRASE = "HANDSONCODE NON-COMMERCIAL LICENSE AGREEMENT"
PACKAGED_PDF_PAGE_2_WORD = "Miscellaneous"

INVOICE_PAGES = (
    (
        "Invoice INV-2026-11",
        "Billed to: Ada Lovelace, 12 Analytical Row",
        "Widget 3 x 12.50 EUR",
        "Gadget 1 x 99.00 EUR",
        "Total due: 136.50 EUR",
    ),
    ("Terms", "Payment within thirty days.", "Late fees accrue on the zebracorn schedule."),
)


def make_pdf(
    pages: tuple[tuple[str, ...], ...] | list[list[str]], *, flate_streams: dict[int, bytes] | None = None
) -> bytes:
    """A PDF whose page i shows the lines ``pages[i]``, top to bottom (cp1252 text); ``flate_streams[i]``, if
    given, is page i's content stream instead, already Flate-compressed (a hostile stream, for instance)."""
    objects: list[bytes] = [b"<< /Type /Catalog /Pages 2 0 R >>", b""]  # object 2 is filled in below
    font_number = 3
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    page_numbers = []
    for index, lines in enumerate(pages):
        content = b"BT /F1 12 Tf 16 TL 72 740 Td " + b" ".join(b"(" + _escape(line) + b") Tj T*" for line in lines)
        stream = (flate_streams or {}).get(index) or zlib.compress(content + b" ET")
        objects.append(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(stream) + stream + b"\nendstream")
        content_number = len(objects)
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
            b"/Resources << /Font << /F1 %d 0 R >> >> >>" % (content_number, font_number)
        )
        page_numbers.append(len(objects))
    kids = b" ".join(b"%d 0 R" % number for number in page_numbers)
    objects[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, len(page_numbers))
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref_at = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref_at)
    return bytes(out)


def _escape(line: str) -> bytes:
    return line.encode("cp1252").replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")

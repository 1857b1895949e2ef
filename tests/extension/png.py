"""Reading the screenshots the tools return, with no image library: a PNG's size and its pixels.

Chromium's screenshots are 8-bit, non-interlaced RGB or RGBA; ``top_rows`` decodes exactly those
(zlib, then the five row filters of the PNG specification) and refuses anything else.  It decodes
only the rows asked for: a whole viewport takes seconds in pure Python, a band of it milliseconds.
"""

from __future__ import annotations

import base64
import struct
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: Bytes per pixel by PNG colour type, for 8-bit samples: truecolour (RGB) and truecolour with alpha.
CHANNELS = {2: 3, 6: 4}

Pixel = tuple[int, int, int]


def png_bytes(data: str) -> bytes:
    """The raw PNG of a base64 ``data`` field, checked to be a PNG."""
    raw = base64.b64decode(data, validate=True)
    assert raw.startswith(SIGNATURE), "not a PNG"
    return raw


def png_size(data: str) -> tuple[int, int]:
    """``(width, height)`` from the IHDR chunk, which always comes first."""
    width, height = struct.unpack(">II", png_bytes(data)[16:24])
    return width, height


def _chunks(raw: bytes) -> dict[bytes, bytes]:
    """Each chunk kind's data (IDAT chunks joined in order)."""
    found: dict[bytes, bytes] = {}
    offset = len(SIGNATURE)
    while offset < len(raw):
        (length,) = struct.unpack(">I", raw[offset : offset + 4])
        kind, body = raw[offset + 4 : offset + 8], raw[offset + 8 : offset + 8 + length]
        found[kind] = found.get(kind, b"") + body
        offset += 12 + length  # length, kind, data, CRC
    return found


def _paeth(left: int, up: int, up_left: int) -> int:
    estimate = left + up - up_left
    distances = (abs(estimate - left), abs(estimate - up), abs(estimate - up_left))
    return (left, up, up_left)[distances.index(min(distances))]


def top_rows(data: str, count: int) -> list[list[Pixel]]:
    """The RGB value of every pixel in the first ``count`` rows, row by row (alpha dropped)."""
    chunks = _chunks(png_bytes(data))
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    assert depth == 8 and colour in CHANNELS and not interlace, f"unsupported PNG: {depth=} {colour=} {interlace=}"
    step = CHANNELS[colour]
    stride = width * step
    packed = zlib.decompressobj().decompress(chunks[b"IDAT"], (stride + 1) * min(count, height))
    rows: list[list[Pixel]] = []
    previous = bytearray(stride)
    for y in range(min(count, height)):
        kind, line = packed[y * (stride + 1)], bytearray(packed[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - step] if x >= step else 0
            up_left = previous[x - step] if x >= step else 0
            line[x] = (line[x] + _predict(kind, left, previous[x], up_left)) & 0xFF
        rows.append([(line[x], line[x + 1], line[x + 2]) for x in range(0, stride, step)])
        previous = line
    return rows


def _predict(kind: int, left: int, up: int, up_left: int) -> int:
    """What a PNG row filter of this ``kind`` adds back to a byte."""
    return (0, left, up, (left + up) // 2, _paeth(left, up, up_left))[kind]

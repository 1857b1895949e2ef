"""The snapshot text's grammar (docs/http-api.md, "Snapshot text format"), parsed strictly, for the tests that
attack it: a hostile page must not be able to add a line, end a quoted name early or show a ref of its own.

Lines are split the way the most generous reader would split them (``str.splitlines``: LF, CR, VT, FF,
FS/GS/RS, NEL, U+2028, U+2029), so a separator the engine let through shows up as a line the page wrote.
Every line must be one of:

* an element line: ``INDENT "- " ROLE [" " NAME] STATE* [" [url=" URL "]"] [" @e" N] [" [frame=" TOKEN "]"]
  [" [unplaced]"] [":" [" " TEXT]]``, where a STATE is ``[word]`` or ``[word=value]`` (a value of lower-case
  letters and digits in hyphen-joined words: the class hint ``[hint=email-reply]`` is one), NAME is a
  double-quoted string whose only escapes are ``\\"``, ``\\\\`` and ``\\@``, and page content
  (NAME, URL, TEXT) holds no control character, no line or paragraph separator and no ``@e<digit>`` without a
  backslash before it;
* a notice the engine or the lane writes, with fixed words: ``[snapshot compacted: …]`` (last line only),
  or the cdp lane's "A <type> dialog (<id>) is open and blocks the page: NAME. …" while a dialog blocks it.

So the one place a ref can be is the ``@eN`` after the name and states of an element line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: What the engine turns into a space: every C0 and C1 control (tab included) and U+2028 / U+2029.
UNSAFE_CHARS = "\x00-\x1f\x7f-\x9f\u2028\u2029"
_NAME = rf'"(?:[^"\\{UNSAFE_CHARS}]|\\["\\@])*"'
ELEMENT_LINE = re.compile(
    rf"(?P<indent>(?:  )*)- (?P<role>[a-z]+)"
    rf"(?: (?P<name>{_NAME}))?"
    r"(?P<states>(?: \[[a-z]+(?:=[a-z0-9]+(?:-[a-z0-9]+)*)?\])*)"
    rf"(?: \[url=(?P<url>[^ \"\[\]{UNSAFE_CHARS}]+)\])?"
    r"(?: @e(?P<ref>[1-9][0-9]*))?"
    r"(?: \[frame=(?P<frame>[A-Za-z0-9.]+)\])?"
    r"(?P<unplaced> \[unplaced\])?"
    rf"(?P<colon>:(?: (?P<text>[^{UNSAFE_CHARS}]+))?)?"
)
COMPACTED_NOTICE = re.compile(
    r"\[snapshot compacted: [0-9]+ of [0-9]+ characters shown; left out [^\[\]]*\. Call browser_snapshot with "
    r"full: true for everything\.\]"
)
DIALOG_NOTICE = re.compile(
    rf"A [a-z]+ dialog \([A-Za-z0-9_.:-]+\) is open and blocks the page: (?P<message>{_NAME})\. "
    r"Answer it with browser_dialog \(action accept or dismiss\), then take a new snapshot\."
)
#: An ``@e<digit>`` that page content would have to show escaped (``\@e12``).
BARE_REF = re.compile(r"(?<!\\)@[eE][0-9]")
_ESCAPE = re.compile(r"\\(.)")
_ESCAPED_REF = re.compile(r"\\(@[eE][0-9])")


class MalformedSnapshot(AssertionError):
    """A line of the snapshot is outside the grammar: the page wrote a line, a name or a ref of its own."""


@dataclass(frozen=True)
class ElementLine:
    depth: int
    role: str
    #: the name as the page gave it (escapes undone), "" when the line shows none
    name: str
    ref: str | None
    url: str | None
    text: str | None


def unescaped(quoted: str) -> str:
    """A quoted NAME's text, its escapes undone."""
    return _ESCAPE.sub(r"\1", quoted[1:-1])


def unescaped_text(text: str) -> str:
    """Page text after a line's ": " as the page gave it (its only escape: ``\\@`` before e and a digit)."""
    return _ESCAPED_REF.sub(r"\1", text)


def parse_line(line: str) -> ElementLine | None:
    """The element line ``line`` is, None for a notice; raises ``MalformedSnapshot`` for anything else."""
    if COMPACTED_NOTICE.fullmatch(line) or DIALOG_NOTICE.fullmatch(line):
        return None
    match = ELEMENT_LINE.fullmatch(line)
    if match is None:
        raise MalformedSnapshot(f"a line outside the snapshot grammar: {line!r}")
    for part in ("name", "url", "text"):
        if BARE_REF.search(match[part] or ""):
            raise MalformedSnapshot(f"page content ({part}) shows a ref unescaped: {line!r}")
    name = match["name"]
    return ElementLine(
        depth=len(match["indent"]) // 2,
        role=match["role"],
        name="" if name is None else unescaped(name),
        ref=None if match["ref"] is None else "e" + match["ref"],
        url=match["url"],
        text=match["text"],
    )


def parse_snapshot(text: str) -> list[ElementLine]:
    """Every element line of ``text``, which must all be in the grammar (a notice only as the last line)."""
    lines = text.splitlines()
    parsed: list[ElementLine] = []
    for number, line in enumerate(lines):
        element = parse_line(line)
        if element is not None:
            parsed.append(element)
        elif number != len(lines) - 1:
            raise MalformedSnapshot(f"a notice that is not the last line: {line!r}")
    return parsed


#: The marker column of a changes text (browser_snapshot changes=true) and of browser_find's answer: added,
#: removed, changed, found, and two spaces for an ancestor shown for context.
CHANGE_MARKS = ("+", "-", "~", ">", " ")


def parse_changes(text: str) -> list[tuple[str, ElementLine]]:
    """``(mark, line)`` of every line of a changes text: each is a mark, a space, then an element line whose depth
    is one more than its ancestor's (the outline each change is shown under); no notice, nothing else."""
    parsed: list[tuple[str, ElementLine]] = []
    for line in text.splitlines():
        mark, rest = line[:1], line[2:]
        if mark not in CHANGE_MARKS or line[1:2] != " ":
            raise MalformedSnapshot(f"a changes line without its mark: {line!r}")
        element = parse_line(rest)
        if element is None:
            raise MalformedSnapshot(f"a notice among changes: {line!r}")
        if element.depth > (parsed[-1][1].depth + 1 if parsed else 0):
            raise MalformedSnapshot(f"a line deeper than the outline above it: {line!r}")
        parsed.append((mark, element))
    return parsed


def ref_lines(text: str) -> list[tuple[str, str, str]]:
    """``(role, name, ref)`` of every line with a ref, in order, once the whole text has parsed."""
    return [(line.role, line.name, line.ref) for line in parse_snapshot(text) if line.ref is not None]


#: What JavaScript's ``String.prototype.trim`` removes (its WhiteSpace and LineTerminator), unlike ``str.strip``.
JS_TRIMMED = "\t\n\v\f\r \xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + "\u2028\u2029\u202f\u205f\u3000\ufeff"


def normalised(page_string: str) -> str:
    """A page's string as the snapshot names it: every run of spaces, controls and separators one space, trimmed."""
    return re.sub(f"[ {UNSAFE_CHARS}]+", " ", page_string).strip(JS_TRIMMED)

"""The corpus: its pages (every ``tests/widgets/corpus/*.html``, found anew on each run), what each declares
(``window.__corpus``, read from the page in a browser), and the server that serves them under ``/widgets/``."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.lanes.action_pages import serve_action_pages
from tests.support.pages import PageServer

WIDGETS = Path(__file__).resolve().parents[1] / "widgets"
CORPUS = WIDGETS / "corpus"
#: Where a corpus page is served (``serve_action_pages`` mounts tests/widgets at /widgets/).
URL_PREFIX = "/widgets/corpus/"


def corpus_pages() -> list[str]:
    """The file names of every corpus page, in a stable order (a page added to the folder is picked up)."""
    return sorted(path.name for path in CORPUS.glob("*.html"))


def page_path(page: str) -> str:
    return URL_PREFIX + page


@contextlib.contextmanager
def serve_corpus() -> Iterator[PageServer]:
    """The corpus pages and the widget builds they load, under ``/widgets/``."""
    with serve_action_pages({}) as server:
        yield server


@dataclass(frozen=True)
class Target:
    """Something a person presses or types into: found by its role and accessible name as Chromium's
    accessibility tree gives them, and pressed at the centre of ``press`` (a CSS selector) when the page draws
    the control's face on another element than the named one."""

    role: str
    name: str
    press: str | None = None

    @property
    def by_text(self) -> bool:
        """Whether the page draws it with no role (a ``div`` with a click handler, Naive UI's way): a person finds
        it by the text it shows (``name``), among the elements ``press`` selects, and presses that element."""
        return self.role == "generic" and self.press is not None

    def label(self) -> str:
        return f'{self.role} "{self.name}"'


def _target(entry: Mapping[str, Any], press: str | None = None) -> Target:
    return Target(str(entry["role"]), str(entry["name"]), press)


@dataclass(frozen=True)
class Control:
    """One entry of a page's ``__corpus.controls`` (tests/widgets/corpus/README.md)."""

    key: str
    kind: str
    target: Target
    options: tuple[Target, ...] = ()
    text: str | None = None
    cells: tuple[Target, ...] = ()
    opener: Target | None = None
    drag: tuple[Target, Target] | None = None
    raw: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def from_page(cls, entry: Mapping[str, Any]) -> Control:
        drag = entry.get("drag")
        return cls(
            key=str(entry["key"]),
            kind=str(entry["kind"]),
            target=_target(entry, entry.get("press")),
            options=tuple(_target(option, option.get("press")) for option in entry.get("options") or ()),
            text=None if entry.get("text") is None else str(entry["text"]),
            cells=tuple(_target(cell, cell.get("press")) for cell in entry.get("cells") or ()),
            opener=_target(entry["opener"]) if entry.get("opener") else None,
            drag=(_target(drag["from"]), _target(drag["to"])) if drag else None,
            raw=dict(entry),
        )


@dataclass(frozen=True)
class CorpusPage:
    """A page as it declared itself: its file name, its library and its controls."""

    page: str
    library: str
    controls: tuple[Control, ...]

    @classmethod
    def from_declaration(cls, page: str, corpus: Mapping[str, Any]) -> CorpusPage:
        controls = tuple(Control.from_page(entry) for entry in corpus.get("controls") or ())
        return cls(page, str(corpus.get("library") or page), controls)

    def control(self, key: str) -> Control:
        for control in self.controls:
            if control.key == key:
                return control
        raise KeyError(f"{self.page} declares no control {key!r}")

"""Reading a snapshot as an agent does: find an element by its role and name, and take its ref.

Nothing here looks at the page itself: an agent has only the snapshot text, so the tests find every
element from that text (``- button "Save" @e12``) and act on the ref it shows.  Lines are read with the
snapshot grammar of the lane contract suite; a line the grammar does not know (a notice) is skipped.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from tests.conftest import scaled
from tests.lanes.conftest import LaneAgent
from tests.lanes.snapshot_grammar import ELEMENT_LINE, unescaped, unescaped_text

HINT = re.compile(r"\[hint=([^\]]+)\]")


@dataclass(frozen=True)
class Element:
    """One element line of a snapshot: what an agent can read of it."""

    depth: int
    role: str
    name: str
    states: str
    ref: str | None
    text: str
    line: str

    @property
    def hint(self) -> str:
        """The engine's guess for a textless clickable thing, from its class (``[hint=trash]``); "" if none."""
        found = HINT.search(self.states)
        return found[1] if found else ""

    @property
    def label(self) -> str:
        """What an agent calls the element: its name, else its hint, else its text."""
        return self.name or self.hint or self.text


def elements(snapshot: str) -> Iterator[Element]:
    """Every element line of ``snapshot``, in order."""
    for line in snapshot.splitlines():
        match = ELEMENT_LINE.fullmatch(line)
        if match is None:
            continue
        yield Element(
            depth=len(match["indent"]) // 2,
            role=match["role"],
            name="" if match["name"] is None else unescaped(match["name"]),
            states=match["states"] or "",
            ref=None if match["ref"] is None else "@e" + match["ref"],
            text=unescaped_text(match["text"] or ""),
            line=line.strip(),
        )


Name = str | re.Pattern[str] | None


def matches(value: str, wanted: Name) -> bool:
    """``wanted`` None: anything; a string: equal; a pattern: found in ``value``."""
    if wanted is None:
        return True
    if isinstance(wanted, str):
        return value == wanted
    return wanted.search(value) is not None


def subtree(lines: list[Element], root: int) -> list[Element]:
    """The elements nested under ``lines[root]``."""
    inside: list[Element] = []
    for element in lines[root + 1 :]:
        if element.depth <= lines[root].depth:
            break
        inside.append(element)
    return inside


def scope_of(lines: list[Element], within: Name) -> list[Element]:
    """The elements of the block (the parent's subtree) around each one whose name or text matches ``within``."""
    scoped: list[Element] = []
    for index, element in enumerate(lines):
        if not (matches(element.name, within) or matches(element.text, within)):
            continue
        parent = next((i for i in range(index - 1, -1, -1) if lines[i].depth < element.depth), None)
        block = lines if parent is None else subtree(lines, parent)
        scoped.extend(e for e in block if e not in scoped)
    return scoped


def find_all(
    snapshot: str, role: str | None = None, name: Name = None, *, text: Name = None, within: Name = None
) -> list[Element]:
    """The elements with ``role`` (any if None), ``name`` and ``text`` (see ``matches``).

    ``within``: only those in the block (the parent's subtree) of an element whose name or text matches it,
    as an agent tells a filter's "No" link by the filter's title next to it.
    """
    lines = list(elements(snapshot))
    if within is not None:
        lines = scope_of(lines, within)
    return [
        element
        for element in lines
        if (role is None or element.role == role) and matches(element.name, name) and matches(element.text, text)
    ]


def find(snapshot: str, role: str | None, name: Name = None, *, text: Name = None, within: Name = None) -> Element:
    """The one element with ``role``, ``name`` and ``text`` that has a ref; fails showing the snapshot otherwise."""
    found = [element for element in find_all(snapshot, role, name, text=text, within=within) if element.ref]
    wanted = f"{role} name={name!r} text={text!r} within={within!r}"
    assert len(found) == 1, f"{len(found)} {wanted} with a ref in the snapshot:\n{snapshot}"
    return found[0]


def ref(snapshot: str, role: str | None, name: Name = None, *, text: Name = None, within: Name = None) -> str:
    ref = find(snapshot, role, name, text=text, within=within).ref
    assert ref is not None
    return ref


def showing(role: str, name: Name) -> Callable[[str], bool]:
    """A check for ``Reader.until``: the snapshot has an element with ``role`` and ``name`` and a ref."""
    return lambda snapshot: any(element.ref for element in find_all(snapshot, role, name))


def shows(snapshot: str, words: str) -> bool:
    """Whether ``words`` appear in the snapshot's names or text (whitespace runs read as one space)."""
    flat = " ".join(f"{element.name} {element.text}" for element in elements(snapshot))
    return " ".join(words.split()) in " ".join(flat.split())


CELL_ROLES = frozenset({"cell", "gridcell", "columnheader", "rowheader"})


def table_rows(snapshot: str) -> list[list[str]]:
    """The rows of the snapshot's tables as an agent reads them: each row's cells, in order.

    A row is written either on one line (``- row: a | b | c``) or with a line per cell, whose value is
    its text, for a cell holding a link what the link shows, or for a cell with a ref its name; either way a
    cell is one entry, so a value stays under its column only if the snapshot kept every cell.
    """
    lines = list(elements(snapshot))
    rows: list[list[str]] = []
    for index, element in enumerate(lines):
        if element.role != "row":
            continue
        if element.text:
            rows.append(element.text.split(" | "))
            continue
        cells = [
            (i, cell) for i, cell in enumerate(subtree(lines, index), index + 1) if cell.depth == element.depth + 1
        ]
        rows.append(
            [
                cell.text or " ".join(part.name or part.text for part in subtree(lines, i)) or cell.name
                for i, cell in cells
                if cell.role in CELL_ROLES
            ]
        )
    return rows


class Reader:
    """An agent that finds what to act on by reading the latest snapshot, on the lane under test.

    Every action is preceded by a fresh snapshot (the refs of the one before may be stale), as an
    agent does; ``last`` is the text it read, for failure messages.
    """

    def __init__(self, agent: LaneAgent) -> None:
        self.agent = agent
        self.last = ""
        self.url = ""
        #: Every action taken and the tool's answer, for failure messages: ``(tool, arguments, result)``.
        self.actions: list[tuple[str, dict[str, Any], Any]] = []

    @property
    def lane(self) -> str:
        return self.agent.lane

    def read(self, **arguments: Any) -> str:
        result = self.agent.ok("browser_snapshot", **arguments)
        self.last, self.url = str(result["snapshot"]), str(result["url"])
        return self.last

    def act(self, tool: str, **arguments: Any) -> Any:
        """Call an action tool (it must succeed: a click that something else would have taken fails with
        click_intercepted) and keep its answer in ``actions``."""
        result = self.agent.ok(tool, **arguments)
        self.actions.append((tool, arguments, result))
        return result

    def go(self, url: str) -> Any:
        return self.act("browser_navigate", url=url)

    def click(
        self, role: str | None, name: Name = None, *, text: Name = None, within: Name = None, **options: Any
    ) -> Any:
        """Click the one element the fresh snapshot shows with that role and name (``find``)."""
        found = ref(self.read(), role, name, text=text, within=within)
        return self.act("browser_click", ref=found, **options)

    def type(self, role: str | None, name: Name, value: str, *, text: Name = None, within: Name = None) -> Any:
        """Type ``value`` into the one element the fresh snapshot shows with that role and name."""
        found = ref(self.read(), role, name, text=text, within=within)
        return self.act("browser_type", ref=found, text=value)

    def press(self, key: str) -> Any:
        return self.act("browser_press", key=key)

    def wait_for(self, words: str, timeout_s: float = 10.0) -> str:
        """The snapshot once ``words`` show in it (the tool's own ``wait_for``, then checked in the text)."""
        snapshot = self.read(wait_for=words, wait_timeout_s=timeout_s)
        assert shows(snapshot, words), f"{words!r} is not in the snapshot on the {self.lane} lane:\n{snapshot}"
        return snapshot

    def until(self, check: Callable[[str], bool], what: str, timeout_s: float = 10.0) -> str:
        """Read snapshots until ``check`` holds on one, within ``timeout_s`` (scaled).

        For what the page shows a moment after the action returned (an autocomplete's or a menu's own
        delay), when there are no words known in advance for ``wait_for``: an agent reads again.
        """
        deadline = time.monotonic() + scaled(timeout_s)
        while not check(self.read()):
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"{what}: not shown within {timeout_s:g} s on the {self.lane} lane, {self.last_action()}:\n"
                    f"{self.last}"
                )
        return self.last

    def last_action(self) -> str:
        """The last action and the tool's answer to it (what it hit, what changed), for a failure message."""
        if not self.actions:
            return "before any action"
        tool, arguments, result = self.actions[-1]
        return f"after {tool} {arguments}, which answered {result}"

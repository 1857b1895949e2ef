"""Issue 31, item 4: a file chooser is answerable only by the next upload after the action that opened it, within
``CHOOSER_LIFETIME_S`` (routing/choosers.py), on a clock of the test's: no test waits a minute."""

from __future__ import annotations

from typing import Any

import pytest

from hermes_server.routing.choosers import CHOOSER_LIFETIME_S, ChooserWatch
from hermes_server.routing.outcome import ToolOutcome
from hermes_wire.errors import ToolError
from hermes_wire.tools import TOOLS

OPENED = ToolOutcome.success({"ok": True, "file_chooser": {"multiple": False, "accept": ""}})
DONE = ToolOutcome.success({"ok": True})
REFUSED = ToolOutcome.failure("upload_refused", "Nothing was uploaded.")


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def watch(clock: Clock) -> ChooserWatch:
    return ChooserWatch(clock=clock)


def call(watch: ChooserWatch, tool: str, outcome: ToolOutcome = DONE, session: str = "s1", **arguments: Any) -> None:
    """One call as the router makes it: checked before, told its outcome after."""
    watch.check(session, TOOLS[tool], arguments)
    watch.answered(session, TOOLS[tool], arguments, outcome)


def answers(watch: ChooserWatch, session: str = "s1") -> bool:
    try:
        call(watch, "browser_file_upload", session=session, paths=["a.pdf"])
    except ToolError as refused:
        assert refused.code == "controller_error" and refused.message.startswith("no_file_chooser: ")
        return False
    return True


def test_the_next_upload_answers_a_chooser_once(watch: ChooserWatch) -> None:
    assert not answers(watch)
    call(watch, "browser_click", OPENED, ref="@e1")
    assert answers(watch)
    assert not answers(watch), "answered: nothing is open now"


def test_a_chooser_expires_after_its_lifetime(watch: ChooserWatch, clock: Clock) -> None:
    call(watch, "browser_click", OPENED, ref="@e1")
    clock.now += CHOOSER_LIFETIME_S - 1
    assert answers(watch)
    call(watch, "browser_click", OPENED, ref="@e1")
    clock.now += CHOOSER_LIFETIME_S + 1
    assert not answers(watch)


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [
        ("browser_click", {"ref": "@e2"}),
        ("browser_press", {"key": "Tab"}),
        ("browser_scroll", {"direction": "down"}),
        ("browser_navigate", {"url": "https://example.com/"}),
        ("browser_reload", {}),
        ("browser_tab_activate", {"tab_id": 2}),
        ("browser_tabs", {"action": "new", "url": "https://example.com/"}),
        ("browser_file_upload", {"ref": "@e3", "paths": ["a.pdf"]}),
    ],
)
def test_any_other_action_between_closes_the_chooser(watch: ChooserWatch, tool: str, arguments: dict[str, Any]) -> None:
    call(watch, "browser_click", OPENED, ref="@e1")
    call(watch, tool, **arguments)
    assert not answers(watch)


def test_reads_and_a_refused_upload_leave_it_open_and_sessions_are_apart(watch: ChooserWatch) -> None:
    call(watch, "browser_click", OPENED, ref="@e1")
    call(watch, "browser_snapshot")
    call(watch, "browser_screenshot")
    call(watch, "browser_tabs", action="list")
    call(watch, "browser_file_upload", REFUSED, paths=["outside.pdf"])
    assert not answers(watch, session="s2"), "another session's upload answers nothing"
    assert answers(watch)

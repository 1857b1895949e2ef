"""Snapshots that read like the page (issue 12), on both lanes: the same call on the same page gives the same text.

Every test acts as an agent does, only through snapshot text and refs: it finds the line it needs, takes its
ref, acts, and reads the outcome (the page writes it into ``#status``) in the next snapshot.  The pages are
``fidelity_pages``; real widget builds (jQuery UI, AG Grid, Font Awesome) come from ``tests/widgets``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.lanes.conftest import LaneAgent
from tests.lanes.fidelity_pages import FIDELITY_PAGES, LONG_ROWS, WIDGETS, WIDGETS_MOUNT
from tests.lanes.snapshot_grammar import ElementLine, parse_snapshot
from tests.support.pages import PageServer, serve_pages
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    """The fidelity corpus and the widget builds, served instead of the contract pages for both lanes."""
    if not (WIDGETS / "jquery-ui-dist").is_dir():
        pytest.fail("the widget builds are missing: run tests/widgets/build")
    with serve_pages(FIDELITY_PAGES, folder=WIDGETS, mount=WIDGETS_MOUNT) as server:
        yield server


def lines(snapshot: str) -> list[str]:
    """The snapshot's lines without their indentation (every line checked against the grammar first)."""
    parse_snapshot(snapshot)
    return [line.strip() for line in snapshot.splitlines()]


def ref_of(snapshot: str, pattern: str) -> str:
    """The ref (``@eN``) of the one element line that matches ``pattern`` (a regex, on the unindented line)."""
    found = [line for line in parse_snapshot(snapshot) if line.ref and re.fullmatch(pattern, described(line))]
    assert len(found) == 1, f"{len(found)} lines with a ref match {pattern!r} in:\n{snapshot}"
    return "@" + str(found[0].ref)


def described(line: ElementLine) -> str:
    """``role "name": text`` of a line, the parts it has, for matching."""
    out = line.role + (f' "{line.name}"' if line.name else "")
    return out + (f": {line.text}" if line.text else "")


def snapshot_with(agent: LaneAgent, needle: str) -> str:
    """The first snapshot that shows ``needle`` (a page's handler or widget updates it after the call returns)."""

    def showing() -> str | None:
        snapshot = agent.snapshot()
        return snapshot if needle in snapshot else None

    return wait_until(showing, 10, repr(needle))


def status_after(agent: LaneAgent, expected: str) -> str:
    """The next snapshot whose status paragraph says ``expected``."""
    return snapshot_with(agent, f"- paragraph: {expected}")


# ----- 1. tables keep their shape ---------------------------------------------------------------------


def test_empty_cells_keep_the_values_under_their_columns(agent: LaneAgent) -> None:
    agent.open("/fidelity/datasette")
    text = agent.snapshot()
    # rows of plain cells stay one line: the null founding year is an empty cell between the bars
    assert "- row: name | founded | population\n" in text
    assert "- row: Tokyo |  | 13960000\n" in text
    assert "- row:  | -250 | " in text  # empty first and last cells too
    # a row with a link is a row of cells: the empty cell is a line of its own, in its place
    tokyo = text.index('- link "1"')
    assert re.match(r'- link "1" @e\d+\n\s+- cell: Tokyo\n\s+- cell\n\s+- cell: 13960000\n', text[tokyo:]), text


def test_an_ag_grid_row_keeps_its_empty_cell(agent: LaneAgent) -> None:
    agent.open("/fidelity/grid")
    text = snapshot_with(agent, '"Paris"')
    # each cell of a grid is clicked or edited on its own (issue 30): a ref each, the empty one too, in its place
    tokyo = re.search(r'- gridcell "Tokyo" @e\d+\n\s+- gridcell @e\d+\n\s+- gridcell "13960000" @e\d+\n', text)
    assert tokyo, text


# ----- 2. words stay apart ----------------------------------------------------------------------------


def test_flex_items_and_floats_are_separate_words(agent: LaneAgent) -> None:
    agent.open("/fidelity/files")
    text = agent.snapshot()
    assert "- text: Name Last Modified" in lines(text)
    assert re.search(r"- listitem @e\d+: jlab\.pid 6m ago\n", text), text
    agent.open("/fidelity/datepicker")
    text = agent.snapshot()
    # jQuery UI's Prev and Next are floated <a>s without href that listen: two links, not "PrevNext"
    prev, following = ref_of(text, 'link "Prev"'), ref_of(text, 'link "Next"')
    assert prev != following and "PrevNext" not in text


def test_dash_labels_values_and_a_file_name_read_as_chromium_reads_them(agent: LaneAgent) -> None:
    """Issue 30: Dash's visible labels beside controls named otherwise were missing, its multi-select was named
    "2 selected BeneluxFrance" (Chromium: "2 selected Benelux, France"), and a file name in two boxes laid out
    inline read as "po-2026-5521 .txt"."""
    agent.open("/fidelity/dash")
    shown = lines(agent.snapshot())
    assert shown[0] == "- text: Regions", shown
    assert re.fullmatch(r'- button "2 selected Benelux, France" \[expanded=false\] @e\d+', shown[1]), shown
    assert shown[2] == "- text: Start date" and re.fullmatch(r'- textbox "Select a date" @e\d+', shown[3]), shown
    assert re.search(r'- link "po-2026-5521\.txt" @e\d+', "\n".join(shown)), shown


# ----- 3. every clickable thing gets its own ref ------------------------------------------------------


def test_inbox_parts_inside_a_clickable_message_each_have_a_ref_that_hits_them(agent: LaneAgent) -> None:
    agent.open("/fidelity/inbox")
    text = agent.snapshot()
    parts = {
        "generic: Reply": "Replying",
        "generic: Forward": "Forwarding",
        'generic "Archive"': "Archived",  # named by its title
        "generic: Bob Report": "Opened 2",
    }
    refs = {pattern: ref_of(text, pattern) for pattern in parts}
    # a CSS background and a class: a hint, shown as one
    trash = re.search(r"- generic \[hint=trash\] (@e\d+)\n", text)
    assert trash, text
    refs["trash"], parts["trash"] = trash[1], "Deleted"
    star = re.search(r'- generic (@e\d+):\n\s+- img "Star"', text)  # named by the svg's <title> beneath
    assert star, text
    refs["star"], parts["star"] = star[1], "Starred"
    assert len(set(refs.values())) == len(refs)
    for pattern, outcome in parts.items():
        agent.ok("browser_click", ref=refs[pattern])
        status_after(agent, outcome)


def test_a_box_that_listens_around_a_control_that_says_nothing_is_pressed_where_its_text_is(agent: LaneAgent) -> None:
    """Naive UI's multiple select: the box that listens gets the ref, its text beside its focusable tags box; a box
    around a named combobox, or around two buttons, stays their wrapper (the controls are what is pressed)."""
    agent.open("/fidelity/wrapped")
    text = agent.snapshot()
    channels = re.search(r"- generic (@e\d+):\n\s+- generic[^\n]* @e\d+\n\s+- text: Choose channels\n", text)
    assert channels, text
    assert re.search(r'\n- combobox "Size" \[readonly\] @e\d+\n- text: Choose a size\n', text), text
    assert re.search(r"\n- paragraph: Monthly report\n- button \"Open\" @e\d+\n- button \"Share\" @e\d+\n", text), text
    agent.ok("browser_click", ref=channels[1])
    status_after(agent, "Channels open")


def test_a_calendars_two_arrow_buttons_are_told_apart_by_their_glyphs(agent: LaneAgent) -> None:
    agent.open("/fidelity/month")
    text = agent.snapshot()
    arrows = {
        hint: re.search(rf"- button \[hint={hint}\] (@e\d+)\n", text) for hint in ("chevron-left", "chevron-right")
    }
    assert all(arrows.values()), text
    previous, following = (str(found[1]) for found in arrows.values() if found)
    assert re.search(r"- generic \[hint=input-selection-controls-ripple\] @e\d+\n", text), text
    agent.ok("browser_click", ref=following)
    status_after(agent, "January 2027")
    agent.ok("browser_click", ref=previous)
    status_after(agent, "November 2026")


@pytest.mark.parametrize(
    ("path", "hints"),
    [
        # generated classes on the button and its icon: the icon's test id
        ("/fidelity/mui-icons", (("edit", "Editing"), ("delete", "Deleted"))),
        # utility classes on the button: its SVG icon's class
        ("/fidelity/tailwind-icons", (("ellipsis", "Menu open"), ("trash", "Deleted"))),
        # a framework's state classes, last on the button and its icon: the button's own class
        ("/fidelity/angular-icons", (("edit", "Editing"), ("delete", "Deleted"))),
        # web components' icons, which name their glyph in an attribute
        ("/fidelity/component-icons", (("trash", "Deleted"), ("pencil", "Editing"), ("slim-arrow-down", "Opened"))),
    ],
)
def test_icon_buttons_get_their_icons_hint_not_their_styles(
    agent: LaneAgent, path: str, hints: tuple[tuple[str, str], ...]
) -> None:
    agent.open(path)
    text = agent.snapshot()
    for hint, outcome in hints:
        found = re.search(rf"- (button|generic) \[hint={hint}\] (@e\d+)\n", text)
        assert found, text
        agent.ok("browser_click", ref=found[2])
        status_after(agent, outcome)


def test_font_awesome_icon_buttons_get_hints_and_click(agent: LaneAgent) -> None:
    agent.open("/fidelity/feed")
    text = agent.snapshot()
    shown = lines(text)
    # real buttons with only a glyph: Chromium names them nothing, so the class hint says what they are
    assert re.fullmatch(r"- button \[hint=bold\] @e\d+", shown[1]), text
    assert re.fullmatch(r"- button \[hint=italic\] @e\d+", shown[2]), text
    assert re.fullmatch(r'- button "Link" @e\d+', shown[3]), text
    assert "- text: @carol Ship it" in shown
    like = re.search(r"- generic \[hint=like\] (@e\d+)", text)
    share = re.search(r"- generic \[hint=share\] (@e\d+)", text)
    assert like and share, text
    agent.ok("browser_click", ref=like[1])
    status_after(agent, "Liked 7")
    agent.ok("browser_click", ref=share[1])
    status_after(agent, "Shared 7")


def test_file_browser_rows_open_by_ref(agent: LaneAgent) -> None:
    agent.open("/fidelity/files")
    text = agent.snapshot()
    assert re.search(r'- button "New Launcher" @e\d+\n- button \[hint=refresh\] @e\d+\n', text), text
    agent.ok("browser_click", ref=ref_of(text, r"listitem: jlab\.pid 6m ago"))
    status_after(agent, "Opened jlab.pid")
    agent.ok("browser_click", ref=ref_of(text, r"listitem: Untitled1\.ipynb 2h ago"))
    status_after(agent, "Opened Untitled1.ipynb")


def test_date_picker_prev_next_and_days(agent: LaneAgent) -> None:
    agent.open("/fidelity/datepicker")
    text = agent.snapshot()
    assert "- text: November\xa02026" in lines(text)  # jQuery UI writes a no-break space
    agent.ok("browser_click", ref=ref_of(text, 'link "Next"'))
    text = snapshot_with(agent, "December\xa02026")
    agent.ok("browser_click", ref=ref_of(text, 'link "5"'))
    status_after(agent, "Picked 12/05/2026")
    text = agent.snapshot()
    agent.ok("browser_click", ref=ref_of(text, 'link "Prev"'))
    snapshot_with(agent, "November\xa02026")


def test_autocomplete_suggestions_each_have_a_ref(agent: LaneAgent) -> None:
    agent.open("/fidelity/autocomplete")
    field = ref_of(agent.snapshot(), 'textbox "Language"')
    agent.ok("browser_type", ref=field, text="Ja")
    text = snapshot_with(agent, "JavaScript")
    assert ref_of(text, "listitem: Java") != ref_of(text, "listitem: JavaScript")
    agent.ok("browser_click", ref=ref_of(text, "listitem: JavaScript"))
    status_after(agent, "Chose JavaScript")


def test_options_of_a_multiple_select_have_refs(agent: LaneAgent) -> None:
    agent.open("/fidelity/listbox")
    text = agent.snapshot()
    assert re.search(
        r'- listbox "Toppings" @e1:\n\s+- option "Cheese" @e2\n\s+- option "Ham" \[selected\] @e3\n'
        r'\s+- option "Olives" @e4\n\s+- option "Basil" @e5$',
        text,
    ), text
    # each option's ref is its own element: scrolling to it answers for that ref
    assert agent.ok("browser_scroll", ref="@e4")["ref"] == "@e4"


# ----- 5. the compact snapshot follows the viewport ---------------------------------------------------


def notice_of(snapshot: str) -> str:
    notice = snapshot.splitlines()[-1]
    assert notice.startswith("[snapshot compacted: "), snapshot[-500:]
    return notice


def rows_shown(snapshot: str) -> list[int]:
    return [int(n) for n in re.findall(r"^\s*- row: Row (\d+) \|", snapshot, re.M)]


def test_a_long_table_is_read_around_the_viewport_and_scrolled_by_pages_to_the_ends_and_to_a_ref(
    agent: LaneAgent,
) -> None:
    agent.open("/fidelity/long")
    top = agent.snapshot()
    export = ref_of(top, 'button "Export top"')
    rows = rows_shown(top)
    assert rows[0] == 1 and rows == list(range(1, len(rows) + 1)) and len(rows) < LONG_ROWS
    notice = notice_of(top)
    assert re.search(rf"left out {LONG_ROWS - len(rows):,} rows and 1 button below;", notice), notice
    assert " above" not in notice
    assert '- heading "Actions" [level=2]' in top  # the outline of the whole page
    # down by pages: the rows in view and around them, with what was left out on both sides
    one = agent.ok("browser_scroll", direction="down")
    ten = agent.ok("browser_scroll", direction="down", pages=10)
    assert ten["target"] == "page" and abs(ten["scrolled"] - 10 * one["scrolled"]) <= 10, (one, ten)
    agent.ok("browser_scroll", direction="down", pages=50)  # about the middle of the table
    middle = agent.snapshot()
    shown = rows_shown(middle)
    assert shown[0] > 1 and shown[-1] < LONG_ROWS, shown[:3]
    sides = re.search(
        r"left out ([0-9,]+) rows, 1 link and 1 button above, ([0-9,]+) rows and 1 button below;", notice_of(middle)
    )
    assert sides, notice_of(middle)
    # above: the header row and the rows before the first shown; below: the rows after the last
    assert int(sides[1].replace(",", "")) == shown[0] and int(sides[2].replace(",", "")) == LONG_ROWS - shown[-1]
    assert '- heading "Measurements" [level=1]' in middle and '- heading "Actions" [level=2]' in middle
    # to the bottom: the controls at the bottom are shown, and work
    bottom = agent.ok("browser_scroll", direction="bottom")
    assert bottom["atEnd"] is True and bottom["position"] == bottom["max"]
    end = agent.snapshot()
    assert rows_shown(end)[-1] == LONG_ROWS and "below" not in notice_of(end)
    agent.ok("browser_click", ref=ref_of(end, 'button "Save at the bottom"'))
    assert agent.ok("browser_snapshot")["title"] == "Saved"
    # a ref with no direction scrolls its element into view: the top of the table is read again
    back = agent.ok("browser_scroll", ref=export)
    assert back["ref"] == export and back["scrolled"] < 0
    assert rows_shown(agent.snapshot())[0] == 1
    assert agent.ok("browser_scroll", direction="top")["atStart"] is True


# ----- the page is hostile ----------------------------------------------------------------------------


def test_a_page_answering_the_listener_query_gets_at_most_a_ref(agent: LaneAgent) -> None:
    agent.open("/fidelity/hostile-listeners")
    text = agent.snapshot()
    # the box it announced during the engine's query gets a ref, its class only a one-word hint; the box it
    # announced at another time gets nothing; no line, name or ref of the page's own
    assert text == "- generic [hint=stolen] @e1\n- paragraph: Nothing", text
    parse_snapshot(text)

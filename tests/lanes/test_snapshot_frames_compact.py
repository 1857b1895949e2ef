"""The compact snapshot follows the viewport on pages with iframes too (issue 12, item 5), on both lanes.

Each page puts what the user sees inside or around an iframe: a tall frame the page is scrolled through, a
small frame at the bottom of a long page, frames of another site (out-of-process on both lanes, so the frame
learns what of it is seen from the browser, not from its parent), and frames scrolled inside themselves. The
snapshot must show what is in view, whichever frame it is in, within the budget of a page without frames, and
say in the same words what it left out above and below. Every page scrolls itself before its ``load`` event and
then titles itself ``Ready``, so a test reads the page once it is where the user left it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

import pytest

from tests.lanes.conftest import LaneAgent
from tests.lanes.snapshot_grammar import parse_snapshot
from tests.support.pages import OTHER_ORIGIN, PageServer, serve_pages
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium

#: The compact snapshot's budget (the engine's DEFAULT_MAX_CHARS, the cdp lane's COMPACT_MAX_CHARS).
BUDGET = 32000
#: Every row of a frame's table is this tall (CSS px), its header row too, so a page can scroll to a row. Cells do
#: not wrap: a frame of another site may run its load handler before it knows its width, and rows that wrapped
#: there would move the row it scrolled to once the width arrives.
ROW_PX = 24
ROW_STYLE = (
    "<style>body{margin:0;font:14px/16px sans-serif}table{border-spacing:0}tr{height:24px}"
    "td,th{padding:0 4px;white-space:nowrap}</style>"
)


#: A frame that scrolls itself tells its page so, which is then Ready once all of them have (see ``page``).
SCROLLED = "scrolled"


def rows_page(query: Mapping[str, str]) -> str:
    """A table of ``n`` rows ``<label> <i> | <value>``; with ``at``, the frame scrolls itself to that row and tells
    its parent. A frame of another site may load before it has its size, or before its rows have their places
    (Chromium answered that row's offsetTop with 0 at the load of about one cross-site frame in five, with no
    extension in the browser too): it tries again on each resize and each frame until the scroll holds there."""
    n, label = int(query.get("n", "3000")), query.get("label", "Frame row")
    body = "".join(f'<tr id="r{i}"><td>{label} {i}</td><td>{i * 7 % 1000}</td></tr>' for i in range(1, n + 1))
    scroll = ""
    if "at" in query:
        scroll = (
            "<script>var told = false; function go() { var to = document.getElementById('r"
            + str(int(query["at"]))
            + "').offsetTop; document.scrollingElement.scrollTop = to; if (told) return;"
            " if (innerHeight > 0 && to > 0 && document.scrollingElement.scrollTop === to) {"
            f" told = true; parent.postMessage('{SCROLLED}', '*'); }} else requestAnimationFrame(go); }}"
            " addEventListener('load', go); addEventListener('resize', go);</script>"
        )
    return (
        f"<!doctype html><html><head><title>Rows</title>{ROW_STYLE}{scroll}</head><body>"
        f"<table><thead><tr><th>name</th><th>value</th></tr></thead><tbody>{body}</tbody></table></body></html>"
    )


def page(title: str, body: str, on_load: str = "", scrolling_frames: int = 0) -> str:
    """A page that runs ``on_load`` at its load event and is Ready once that is done and ``scrolling_frames`` of
    its frames have said they are scrolled."""
    return (
        f"<!doctype html><html><head><title>{title}</title><style>body{{margin:0}}"
        "iframe{display:block;border:0;width:100%}.fixed{position:fixed;bottom:8px;left:8px}</style>"
        f"<script>var waiting = {scrolling_frames} + 1;"
        " function one() { if (--waiting === 0) document.title = 'Ready'; }"
        f" addEventListener('message', function (event) {{ if (event.data === '{SCROLLED}') one(); }});"
        f" addEventListener('load', function () {{ {on_load} one(); }});</script></head><body>{body}</body></html>"
    )


def tall_frame(src: str) -> str:
    """A report whose frame is as tall as its 3,000 rows; the page scrolls row 1500 of it to the top of the view,
    and a fixed button stays at the bottom of the view."""
    return page(
        "Tall frame",
        "<h1>Report</h1><p>Numbers by row, in the frame below.</p>"
        f'<iframe id="rows" title="Rows" src="{src}" style="height:{ROW_PX * 3001 + 40}px"></iframe>'
        '<button class="fixed">Apply</button><h2>After the rows</h2><p>The end of the report.</p>',
        on_load=f"scrollTo(0, document.getElementById('rows').offsetTop + {ROW_PX * 1500});",
    )


def long_page_with_a_small_frame() -> str:
    lines = "".join(f"<p>Top line {i} of the long page.</p>" for i in range(1, 1501))
    return page(
        "Long page",
        f'<h1>Long page</h1>{lines}<iframe title="Contact" src="/frames/contact" style="height:300px"></iframe>'
        "<p>Footer after the frame.</p>",
        on_load="scrollTo(0, document.scrollingElement.scrollHeight);",
    )


CONTACT = (
    "<!doctype html><html><head><title>Contact</title></head><body><h2>Contact us</h2>"
    '<label>Email <input name="email"></label> <button>Send message</button>'
    "<ul>" + "".join(f"<li>Office {i}, open weekdays from nine to five</li>" for i in range(1, 61)) + "</ul>"
    "</body></html>"
)


def three_scrolled_frames() -> str:
    """Three frames side by side, each of its own 2,000-row table scrolled to another row, two of them from the
    other site; a button under them, in view."""
    frames = "".join(
        f'<iframe title="{label}" src="{origin}/frames/rows?n=2000&label={label}&at={at}" '
        'style="display:inline-block;width:32%;height:360px"></iframe>'
        for label, origin, at in (("Left", OTHER_ORIGIN, 500), ("Middle", "", 1000), ("Right", OTHER_ORIGIN, 1500))
    )
    return page("Three frames", f"<h1>Three tables</h1><div>{frames}</div><button>Done</button>", scrolling_frames=3)


PAGES = {
    "/frames/rows": rows_page,
    "/frames/tall": tall_frame("/frames/rows?n=3000"),
    "/frames/tall-other": tall_frame(f"{OTHER_ORIGIN}/frames/rows?n=3000"),
    "/frames/long": long_page_with_a_small_frame(),
    "/frames/contact": CONTACT,
    "/frames/three": three_scrolled_frames(),
}


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_pages(PAGES) as server:
        yield server


#: Each page's compact snapshot as each lane read it, by path and lane: the second lane must read the same text.
READ: dict[str, dict[str, str]] = {}


def ready_snapshot(agent: LaneAgent, path: str) -> str:
    """The compact snapshot of ``path`` once the page has scrolled where it wants (its title is Ready),
    checked against the grammar and the budget, and the same as the other lane's when it read it first."""
    # The action alone (see none): the reads that wait for Ready come while the frames still scroll themselves.
    agent.ok("browser_navigate", url=agent.stack.pages.url(path), see="none")
    wait_until(lambda: agent.ok("browser_snapshot")["title"] == "Ready" or None, 10, f"{path} scrolled")
    text = agent.snapshot()
    parse_snapshot(text)
    assert len(text) <= BUDGET, f"{len(text)} characters on the {agent.lane} lane"
    read = READ.setdefault(path, {})
    read[agent.lane] = text
    other = next((lane for lane in read if lane != agent.lane), None)
    if other:
        assert text == read[other], f"{path}: the {agent.lane} and {other} lanes read different snapshots"
    return text


def rows_shown(snapshot: str, label: str = "Frame row") -> list[int]:
    return [int(n) for n in re.findall(rf"^\s*- row: {label} (\d+) \|", snapshot, re.M)]


def notice_of(snapshot: str) -> str:
    notice = snapshot.splitlines()[-1]
    assert notice.startswith("[snapshot compacted: "), snapshot[-500:]
    return notice


def left_out_rows(notice: str, side: str) -> int:
    """How many rows the notice says it left out on ``side`` ("above" or "below")."""
    left_out = re.search(r"left out (.*?);", notice)
    assert left_out, notice
    parts = re.split(r" (above|in view|below)(?:, |$)", left_out[1])
    counts = dict(zip(parts[1::2], parts[0::2], strict=False))
    rows = re.search(r"(?:^|, )([0-9,]+) rows", counts.get(side, ""))
    assert rows, f"no rows {side} in: {notice}"
    return int(rows[1].replace(",", ""))


def assert_read_around(snapshot: str, first: int, rows: int, label: str = "Frame row") -> None:
    """The rows from ``first`` on that are in view are shown as one stretch, and the notice counts exactly the
    rows before and after it (the header row among those above)."""
    shown = rows_shown(snapshot, label)
    assert set(range(first, first + 21)) <= set(shown), shown[:5]
    assert shown == list(range(shown[0], shown[-1] + 1)), "the rows shown are not one stretch"
    notice = notice_of(snapshot)
    assert left_out_rows(notice, "above") == shown[0], notice
    assert left_out_rows(notice, "below") == rows - shown[-1], notice


def test_a_tall_frame_scrolled_to_its_middle_shows_the_rows_in_view_and_the_button_under_them(
    agent: LaneAgent,
) -> None:
    text = ready_snapshot(agent, "/frames/tall")
    assert_read_around(text, 1500, 3000)
    assert re.search(r'^\s*- button "Apply" @e[0-9]+$', text, re.M), text[-800:]
    assert '- heading "Report" [level=1]' in text and '- heading "After the rows" [level=2]' in text  # outline
    # full: true is unchanged: every row, in the frame's place, and no notice
    full = str(agent.ok("browser_snapshot", full=True)["snapshot"])
    assert rows_shown(full) == list(range(1, 3001)) and "[snapshot compacted" not in full
    assert f"{len(text) - len(notice_of(text)) - 1} of {len(full)} characters shown;" in notice_of(text)
    # below the frame: the end of the report is in view, and of the frame above it its last rows are nearest
    assert agent.ok("browser_scroll", direction="bottom")["atEnd"] is True
    end = agent.snapshot()
    assert "- paragraph: The end of the report." in end and rows_shown(end)[-1] == 3000
    assert left_out_rows(notice_of(end), "above") == rows_shown(end)[0] and " below;" not in notice_of(end)
    assert '- iframe "Rows":' in full


def test_a_small_frame_at_the_bottom_of_a_long_page_is_shown_when_scrolled_to(agent: LaneAgent) -> None:
    text = ready_snapshot(agent, "/frames/long")
    lines = [line.strip() for line in text.splitlines()]
    assert '- iframe "Contact":' in lines
    assert '- heading "Contact us" [level=2]' in lines
    assert any(re.fullmatch(r'- textbox "Email" @e[0-9]+', line) for line in lines), text[-1500:]
    assert any(re.fullmatch(r'- button "Send message" @e[0-9]+', line) for line in lines), text[-1500:]
    assert "- text: Office 1, open weekdays from nine to five" in lines or any(
        line.endswith("Office 1, open weekdays from nine to five") for line in lines
    )
    assert "- paragraph: Footer after the frame." in lines
    assert "- paragraph: Top line 1500 of the long page." in lines  # just above the frame, in view
    notice = notice_of(text)
    assert re.search(r"left out [0-9,]+ lines of text above;", notice), notice
    # at the top, the frame is far below: it stays in the outline with its heading, the rest of it is left out
    # and counted below with the page's own lines
    assert agent.ok("browser_scroll", direction="top")["atStart"] is True
    top = agent.snapshot()
    assert "- paragraph: Top line 1 of the long page." in top and "Send message" not in top
    assert '- iframe "Contact":\n  - heading "Contact us" [level=2]\n' in top, top[-1500:]
    below = re.search(r"left out (.*) below;", notice_of(top))
    assert below and "above" not in below[1], notice_of(top)
    assert re.search(r"\b1 button\b", below[1]) and re.search(r"\b1 text field\b", below[1]), below[1]


def test_a_tall_frame_of_another_site_is_read_where_the_page_is_scrolled(agent: LaneAgent) -> None:
    text = ready_snapshot(agent, "/frames/tall-other")
    assert_read_around(text, 1500, 3000)
    assert re.search(r'^\s*- button "Apply" @e[0-9]+$', text, re.M), text[-800:]


def test_frames_scrolled_inside_each_show_their_rows_in_view_within_the_budget(agent: LaneAgent) -> None:
    text = ready_snapshot(agent, "/frames/three")
    for label, at in (("Left", 500), ("Middle", 1000), ("Right", 1500)):
        shown = rows_shown(text, label)
        assert set(range(at, at + 12)) <= set(shown), f"{label}: {shown[:3]}...{shown[-3:]}"
    assert re.search(r'^- button "Done" @e[0-9]+$', text, re.M), text[-800:]
    notice = notice_of(text)
    # each frame's rows before and after what it shows, all three added up, plus the three header rows
    above = sum(rows_shown(text, label)[0] for label in ("Left", "Middle", "Right"))
    below = sum(2000 - rows_shown(text, label)[-1] for label in ("Left", "Middle", "Right"))
    assert left_out_rows(notice, "above") == above and left_out_rows(notice, "below") == below, notice

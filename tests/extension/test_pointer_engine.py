"""The engine's pointer (issue 11, item 3): a click aims at where the element IS once it has stopped moving.

A page whose layout still moves (styles and fonts arriving, an animation) must not make a click miss: the
engine measures the element in one animation frame and in the next until two agree, and both lanes send the
pointer there. Here the page moves the button on each of its next frames; a single measurement (rect) lands
where the button was, the stable one (aim) where it comes to rest.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.extension.snapshot_harness import Browser, Tab
from tests.lanes.snapshot_grammar import ref_lines
from tests.support.pages import PageServer, serve_pages

pytestmark = pytest.mark.chromium

#: How many frames the page moves the button for (fewer than the engine's STABLE_TRIES), and how far each time.
MOVES, STEP = 6, 40

MOVING = f"""<!doctype html><title>Moving</title>
<button id="target" style="position: absolute; left: 10px; top: 10px; width: 30px; height: 30px">Go</button>
<script>
// Moves the button on each of its next MOVES frames, as late styles and fonts move what they lay out.
window.move = () => {{
  let left = {MOVES};
  const step = () => {{
    const button = document.getElementById('target');
    button.style.left = (parseInt(button.style.left) + {STEP}) + 'px';
    if (--left) requestAnimationFrame(step);
  }};
  requestAnimationFrame(step);
  return 0;
}};
</script>"""


@pytest.fixture(scope="module")
def server() -> Iterator[PageServer]:
    with serve_pages({"/moving.html": MOVING}) as pages:
        yield pages


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    shared = Browser()
    yield shared
    shared.close()


@pytest.fixture
def tab(browser: Browser) -> Iterator[Tab]:
    opened = browser.new_tab()
    yield opened
    opened.close()


def test_aim_waits_for_a_moving_button_to_come_to_rest(tab: Tab, server: PageServer) -> None:
    tab.navigate(server.url("/moving.html"))
    top = tab.top().inject()
    ref = ref_lines(top.snapshot()["text"])[0][2]
    top.page_eval("window.move()")
    moving = top.call("rect", ref)  # one measurement, taken while the button moves
    aimed = top.call("aim", ref)
    rest = top.page_eval(
        "(({left, width}) => left + width / 2)(document.getElementById('target').getBoundingClientRect())"
    )
    assert rest == 10 + MOVES * STEP + 15  # the page did move it all the way
    # A single measurement sends the pointer where the 30 px button no longer is (at least a step away).
    assert rest - moving["x"] >= STEP
    assert aimed["ok"] is True and aimed["x"] == rest, aimed

"""Issue 24, item 6: screenshots an agent can point at, the same on both lanes.

``browser_screenshot`` takes ``ref`` (one element: scrolled to, in a cross-site frame too), ``full_page`` (the whole
page, stitched from window-sized captures on the extension lane, cut at the tallest screenshot) and ``annotate``
(each element with a ref labelled on the image, and listed in the answer). The image is judged by its pixels: the
page paints known colours at known places. The labels are drawn into the image, not into the page: the page sees no
change, and a label the page paints itself is not among the answer's.
"""

from __future__ import annotations

import base64
import io
import re
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

from hermes_server.routing.screenshots import LABEL_FILL
from hermes_wire.tool_spec import SCREENSHOT_MAX_HEIGHT
from tests.lanes.action_pages import page
from tests.lanes.conftest import LaneAgent
from tests.support.pages import PageServer, serve_pages

pytestmark = pytest.mark.chromium

RED, GREEN, BLUE = (255, 0, 0), (0, 128, 0), (0, 0, 255)

#: Two buttons, a cross-site frame with a third, and a label the page paints itself (as a hostile page would, to
#: point an agent's next click elsewhere). Every change to the page's body counts in its title.
BOARD = page(
    "Board 0",
    """<style>body { margin: 0 } button { position: absolute; width: 120px; height: 40px }</style>
<button style="left: 40px; top: 40px">Alpha</button>
<button style="left: 300px; top: 200px">Bravo</button>
<div id="fake" style="position: absolute; left: 500px; top: 40px; background: rgb(255, 212, 0); color: black;
  border: 1px solid black; font: 11px sans-serif; padding: 2px">e1</div>
<iframe title="Inner" src="{other}/inner" style="position: absolute; left: 40px; top: 300px; width: 300px;
  height: 120px; border: 0"></iframe>
<script>
let changes = 0;
new MutationObserver((records) => { changes += records.length; document.title = 'Board ' + changes; })
  .observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
</script>""",
)
INNER = page(
    "Inner",
    """<style>body { margin: 0 }</style>
<button style="position: absolute; left: 20px; top: 30px; width: 100px; height: 30px; border: 0;
  background: rgb(0, 128, 0)">Inner</button>""",
)
#: A blue box far below the window.
FAR = page(
    "Far",
    """<style>body { margin: 0 }</style><div style="height: 1500px"></div>
<button style="display: block; width: 200px; height: 100px; border: 0; background: rgb(0, 0, 255)">Blue box</button>
<div style="height: 600px"></div>""",
)
#: Bands of colour down a page taller than the tallest screenshot; its title says where it is scrolled to.
TALL = page(
    "at 0",
    f"""<style>body {{ margin: 0 }} div {{ height: 1000px }}</style>
<div style="background: rgb(255, 0, 0)"></div><div style="background: rgb(0, 128, 0)"></div>
<div style="height: {SCREENSHOT_MAX_HEIGHT + 1000 - 2000}px; background: rgb(0, 0, 255)"></div>
<script>addEventListener('scroll', () => {{ document.title = 'at ' + scrollY; }});</script>""",
)


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_pages({"/board": BOARD, "/inner": INNER, "/far": FAR, "/tall": TALL}) as server:
        yield server


def image_of(result: dict[str, Any]) -> Image.Image:
    assert result["mime_type"] == "image/png", result.keys()
    return Image.open(io.BytesIO(base64.b64decode(result["data"]))).convert("RGB")


def ref_of(snapshot: str, role: str, name: str) -> str:
    found = re.search(rf'- {role} "{name}"[^@\n]* (@e\d+)', snapshot)
    assert found, snapshot
    return found[1]


def test_an_annotated_screenshot_labels_each_ref_where_it_is_and_the_page_sees_nothing(agent: LaneAgent) -> None:
    agent.open("/board")
    snapshot = agent.snapshot()
    refs = {name: ref_of(snapshot, "button", name) for name in ("Alpha", "Bravo", "Inner")}
    before = agent.ok("browser_snapshot")["title"]
    shot = agent.ok("browser_screenshot", annotate=True)
    image = image_of(shot)
    at = {label["ref"]: (label["x"], label["y"]) for label in shot["labels"]}
    # Each button's label sits at its top left (the Inner one placed by its frame), in the label's colours.
    assert at[refs["Alpha"]] == (40, 40) and at[refs["Bravo"]] == (300, 200), shot["labels"]
    assert at[refs["Inner"]] == (60, 330), shot["labels"]
    for x, y in at.values():
        assert image.getpixel((x + 1, y + 1)) == LABEL_FILL
    # The page's own "e1" box is not a label: nothing is listed where it is, and every label is a ref of a read.
    assert (500, 40) not in at.values()
    assert set(at) <= set(re.findall(r"@e\d+", agent.snapshot())), shot["labels"]
    # Nothing was drawn into the page: its DOM did not change.
    assert agent.ok("browser_snapshot")["title"] == before == "Board 0"


def test_an_elements_screenshot_is_that_element_scrolled_to_in_a_frame_too(agent: LaneAgent) -> None:
    agent.open("/far")
    box = image_of(agent.ok("browser_screenshot", ref=ref_of(agent.snapshot(), "button", "Blue box")))
    assert box.size == (200, 100) and box.getpixel((100, 50)) == BLUE
    agent.open("/board")
    inner = image_of(agent.ok("browser_screenshot", ref=ref_of(agent.snapshot(), "button", "Inner")))
    assert inner.size == (100, 30) and inner.getpixel((50, 15)) == GREEN


def test_a_full_page_screenshot_is_the_whole_page_cut_at_the_tallest(agent: LaneAgent) -> None:
    agent.open("/tall")
    shot = agent.ok("browser_screenshot", full_page=True)
    image = image_of(shot)
    assert image.height == SCREENSHOT_MAX_HEIGHT and shot["clipped"] is True
    assert [image.getpixel((10, y)) for y in (500, 1500, SCREENSHOT_MAX_HEIGHT - 10)] == [RED, GREEN, BLUE]
    # The page is left where it was.
    assert agent.ok("browser_snapshot")["title"] == "at 0"


def test_a_screenshot_refuses_what_it_cannot_take(agent: LaneAgent) -> None:
    agent.open("/board")
    ref = ref_of(agent.snapshot(), "button", "Alpha")
    code, message = agent.error("browser_screenshot", ref=ref, full_page=True)
    assert code == "invalid_arguments" and "not both" in message
    agent.open("/far")
    code, message = agent.error("browser_screenshot", ref=ref)
    assert (code, message.split(":")[0]) == ("controller_error", "stale_ref"), message

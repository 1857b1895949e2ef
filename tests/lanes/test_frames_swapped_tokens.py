"""Issue 22, item 4: the lane, not the page, says which frame is which, on both lanes.

The snapshot shows each child frame's lines under its ``<iframe>``'s placeholder, and the cdp lane clicks into a
cross-site frame at that ``<iframe>``'s place. A page must not be able to move a frame's lines under another
placeholder, or a click into another frame, by telling its children who they are. The parent page here has two
frames of the other site (out of process) and two of its own, placed so that each child's button is at the same
spot in its frame: a click offset by a sibling's ``<iframe>`` presses the sibling's button. The page then does
all it can to swap its children: each child reports to it every token message it is sent, and the parent answers
with a sibling's token, as ``{__hermesSnapshot: "token"}`` messages the way an engine once sent them, at load,
on every token it learns and every few milliseconds, among garbage of the same shape.

What is checked is the page's own truth: each child's distinctive text under its own ``<iframe>``'s title, and
each click recorded by the child that took it (it posts its name to the page server).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

import pytest

from tests.lanes.conftest import LaneAgent
from tests.lanes.snapshot_grammar import parse_snapshot
from tests.support.pages import PageServer, serve_pages
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium

#: The children: two of the other site, two of the page's own, in the order the page lays them out.
CHILDREN = (("Alpha", "{other}"), ("Beta", "{other}"), ("Gamma", ""), ("Delta", ""))
NAMES = tuple(name for name, _ in CHILDREN)

PARENT = (
    "<!doctype html><html><head><title>Swapping parent</title><style>body{margin:0}"
    "iframe{width:300px;height:140px;border:0;display:inline-block;vertical-align:top}</style></head><body>"
    + "".join(
        f'<iframe title="Frame {name}" src="{site}/swap/child?name={name}"></iframe>' + ("<br>" if i % 2 else "")
        for i, (name, site) in enumerate(CHILDREN)
    )
    + """<script>
const frames = [...document.querySelectorAll('iframe')];
const learned = new Map(); // a child's window -> a token the page saw sent to it, not by the page
const forged = new Set(); // the tokens the page sent itself
function post(frame, data) {
  try { frame.contentWindow.postMessage(data, '*'); } catch (e) {}
}
function swap() {
  frames.forEach((frame, i) => {
    const sibling = frames[(i + 1) % frames.length].contentWindow;
    const token = learned.get(sibling) || 'f0swap.' + (i + 1);
    forged.add(token);
    post(frame, {__hermesSnapshot: 'token', token: token});
    post(frame, {__hermesSnapshot: 'token', token: 'not a token'});
    post(frame, {__hermesSnapshot: 'token', token: 42});
    post(frame, {__hermesSnapshot: 'token'});
    post(frame, {__hermesSnapshot: 'hello'});
    post(frame, {__hermesSnapshot: 'frame', frameId: i});
    post(frame, {__hermesFrameNonce: 'f0swap.' + i});
    post(frame, null);
    post(frame, 'token');
  });
  window.postMessage({__hermesSnapshot: 'hello'}, '*');
  window.postMessage({__hermesFrameNonce: 'f0swap.0'}, '*');
}
// A child tells the page every token it is sent: at once when it is of this site, else by a message.
function tokenSeen(child, token) {
  if (typeof token === 'string' && !forged.has(token)) {
    learned.set(child, token);
    swap();
  }
}
addEventListener('message', (event) => event.data && tokenSeen(event.source, event.data.learned), true);
frames.forEach((frame) => frame.addEventListener('load', swap));
swap();
setInterval(swap, 15);
addEventListener('load', () => { document.title = 'Loaded'; }); // the frames have loaded too

</script></body></html>"""
)


def child(query: Mapping[str, str]) -> str:
    """A child frame named by the query: its own text, and a button at the same spot as every sibling's, which
    posts the child's name to the page server when clicked; it tells its parent every token it is sent."""
    name = re.sub(r"[^A-Za-z]", "", query.get("name", "Nameless"))
    return f"""<!doctype html><html><head><title>Child {name}</title><style>body{{margin:0}}
button{{position:absolute;left:20px;top:40px;width:240px;height:60px}}</style></head><body>
<p>Only in {name}</p><button>Press {name}</button>
<script>
addEventListener('message', (event) => {{
  const data = event.data;
  if (event.source === parent && data && data.__hermesSnapshot === 'token' && typeof data.token === 'string') {{
    try {{
      parent.tokenSeen(window, data.token);
    }} catch (e) {{
      parent.postMessage({{learned: data.token}}, '*');
    }}
  }}
}}, true);
document.querySelector('button').addEventListener('click', () => {{
  fetch('/swap/clicked', {{method: 'POST', body: new URLSearchParams({{frame: '{name}'}})}});
}});
</script></body></html>"""


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_pages({"/swap": PARENT, "/swap/child": child, "/swap/clicked": "recorded"}) as server:
        yield server


def under_each_frame(text: str) -> dict[str, list[str]]:
    """The lines under each ``- iframe "Frame NAME":`` of a snapshot, by NAME (a frame without lines has none)."""
    lines = text.splitlines()
    parsed = parse_snapshot(text)  # the whole text keeps to the grammar, the page's attempts notwithstanding
    assert parsed, text
    blocks: dict[str, list[str]] = {}
    for i, line in enumerate(lines):
        head = re.fullmatch(r'( *)- iframe "Frame ([A-Za-z]+)":?', line)
        if not head:
            continue
        indent = len(head[1])
        block = blocks.setdefault(head[2], [])
        for inner in lines[i + 1 :]:
            if len(inner) - len(inner.lstrip(" ")) <= indent:
                break
            block.append(inner.strip())
    return blocks


def open_when_loaded(agent: LaneAgent) -> None:
    """Open the parent page and wait until it and its four frames have loaded (its title says so); from then on
    every snapshot must show each child in its place."""
    agent.open("/swap")
    wait_until(lambda: agent.ok("browser_snapshot")["title"] == "Loaded", 10, "the page and its frames to load")


def clicks_recorded(agent: LaneAgent, pages: PageServer, ref: str) -> list[dict[str, str]]:
    """What the children record once the agent has clicked ``ref``: the names of those that took a click."""
    before = len(pages.received)
    agent.ok("browser_click", ref=ref)
    return wait_until(lambda: pages.received[before:], 10, f"a click on {ref} to be recorded")


@pytest.mark.parametrize("full", [False, True], ids=["compact", "full"])
def test_each_frames_lines_stay_under_its_own_iframe_when_the_page_swaps_tokens(agent: LaneAgent, full: bool) -> None:
    open_when_loaded(agent)
    for _ in range(5):  # the page keeps swapping: every snapshot must hold, not only the first
        text = str(agent.ok("browser_snapshot", full=full)["snapshot"])
        blocks = under_each_frame(text)
        for name in NAMES:
            block = " ".join(blocks.get(name, []))
            assert f"Only in {name}" in block and f'"Press {name}"' in block, text
            others = [other for other in NAMES if other != name and f"Only in {other}" in block]
            assert not others, text


def test_a_click_in_each_frame_lands_in_that_frame_when_the_page_swaps_tokens(
    agent: LaneAgent, pages: PageServer
) -> None:
    open_when_loaded(agent)
    text = agent.snapshot()
    for name in NAMES:
        found = re.search(rf'- button "Press {name}" (@e\d+)', text)
        assert found, text
        recorded = clicks_recorded(agent, pages, found[1])
        assert recorded == [{"frame": name}], (name, recorded)

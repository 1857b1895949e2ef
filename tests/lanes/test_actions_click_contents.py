"""Issue 30: a click on something laid out only through what it holds, as real input does it on both lanes.

* Ionic's ``ion-chip`` shows its text through a slot in its shadow tree, and the pointer cursor it sets is inherited
  by that slot. The snapshot gave the slot a ref of its own (a pointer "starting" there, since the slot has no parent
  element), and the cdp lane's click on it pressed the page's corner: ``click_intercepted``, where a person's press
  on the chip's text works.
* An element with ``display: contents`` (a wrapper that takes the page's clicks) has no box: a person presses what
  it shows, and the press travels up through it. The extension lane dispatched to the wrapper itself, and the cdp
  lane pressed at (0, 0).

The page records each click's listener and target; on the cdp lane the input is real, so the expected record is
the browser's own.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest

from tests.lanes.action_pages import page, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.support.pages import PageServer
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium

SETTLE_S = 10

CHIP = page(
    "chip",
    """<link rel="stylesheet" href="/widgets/node_modules/@ionic/core/css/ionic.bundle.css">
<script type="module" src="/widgets/node_modules/@ionic/core/dist/ionic/ionic.esm.js"></script>
<ion-app><ion-content><ion-chip id="chip">Urgent</ion-chip></ion-content></ion-app>
<script>
window.seen = [];
document.getElementById('chip').addEventListener('click', (e) => seen.push('chip:' + e.target.id));
Object.defineProperty(window, 'ready', { get: () => !!document.querySelector('ion-app.hydrated ion-chip.hydrated') });
</script>""",
)

WRAPPERS = page(
    "wrappers",
    """<p style="height: 2000px">Top</p>
<div id="wrap" style="display: contents" onclick="seen.push('wrap:' + event.target.id)"><b id="go">Go there</b></div>
<p id="between">Between</p>
<div id="plain" style="display: contents" onclick="seen.push('plain:' + event.target.id)">Read more</div>
<script>window.seen = []; window.ready = true;</script>""",
)


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_action_pages({"/chip": CHIP, "/wrappers": WRAPPERS}) as server:
        yield server


def opened(agent: LaneAgent, path: str) -> str:
    """The page's full snapshot once the page is ready."""
    agent.open(path)
    wait_until(lambda: agent.evaluated("window.ready === true") or None, SETTLE_S, f"{path} ready")
    return agent.ok("browser_snapshot", full=True)["snapshot"]


def clicks_seen(agent: LaneAgent) -> list[str]:
    return json.loads(agent.evaluated("JSON.stringify(window.seen)"))


def test_a_chip_that_shows_its_text_through_a_slot_is_one_target_and_is_clicked(agent: LaneAgent) -> None:
    snapshot = opened(agent, "/chip")
    chip = re.findall(r"- generic (@e\d+): Urgent$", snapshot, re.M)
    assert len(chip) == 1 and snapshot.count("@e") == 1, snapshot  # the slot and the ripple get none of their own
    agent.ok("browser_click", ref=chip[0])
    assert clicks_seen(agent) == ["chip:chip"]


@pytest.mark.parametrize(("text", "seen"), [("Go there", "wrap:go"), ("Read more", "plain:plain")])
def test_a_wrapper_laid_out_only_through_what_it_holds_is_pressed_on_what_it_shows(
    agent: LaneAgent, text: str, seen: str
) -> None:
    snapshot = opened(agent, "/wrappers")
    ref = re.search(r"- generic (@e\d+):.*" + text, snapshot)
    assert ref, snapshot
    clicked = agent.ok("browser_click", ref=ref[1])
    assert clicked["y"] > 0, clicked  # scrolled into view and pressed where it shows, not at the page's corner
    assert clicks_seen(agent) == [seen]

"""A click presses as soon as a person would, not once unrelated animations have ended, on both lanes.

Before a press, the lanes wait for the page's animations that end within a second: a banner sliding in may cover
the point by the time the press lands. Angular Material's page (the corpus) ran its tab list's ease-in for half a
second after loading, and the cdp lane's press on a Help button below it waited that out, while its real pointer,
arrived, had opened the button's tooltip: Material closes a tooltip on a click once it has shown, so the cdp lane's
click closed it, where real input's (and the extension lane's) left it open. An animation that only changes how an
element in the page's flow looks (a transform, a fade), apart from the element pressed, cannot come over it: it is
not waited for.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.lanes.action_pages import page, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.lanes.page_reports import ref_of
from tests.support.pages import PageServer

#: timing: the press must come before the tooltip's 600 ms fade ends, which a loaded machine's press can miss (a clean
#: run beside a 12-minute npm ci, once): scripts/test runs it alone, after the parallel run
pytestmark = [pytest.mark.chromium, pytest.mark.timing]

#: A tab list that eases in (a transition on its transform, started by the test), and below it a button whose tooltip
#: fades in on mouseenter and, once shown, closes on any click, as Angular Material's does (its fade is 150 ms; here
#: 600, so that a press a loaded machine makes late still comes before it ends, and the tab list's 990 ms, which a
#: press that waited for it outlasts, after it).
EASING_AND_TOOLTIP = page(
    "{}",
    """<style>
.tabs { transition: transform 990ms linear; }
.tip { position: absolute; top: 0; left: 0; background: #333; color: white; animation: fade 600ms linear; }
@keyframes fade { from { opacity: 0 } to { opacity: 1 } }
</style>
<div class="tabs" role="tablist" aria-label="Sections">
  <span role="tab">Overview</span> <span role="tab">Details</span></div>
<p style="margin-top: 80px"><button id="help">Help</button></p>
<script>
const state = { tooltip: false };
const report = () => { document.title = JSON.stringify(state); };
let tip = null;
let closesOnClick = false;
document.getElementById('help').addEventListener('mouseenter', () => {
  if (tip) return;
  tip = Object.assign(document.createElement('div'), { className: 'tip', textContent: 'Opens the help centre' });
  tip.addEventListener('animationend', () => { closesOnClick = true; });
  document.body.append(tip);
  state.tooltip = true;
  report();
});
document.addEventListener('click', () => {
  if (!closesOnClick) return;
  tip.remove();
  tip = null;
  closesOnClick = false;
  state.tooltip = false;
  report();
});
report();
</script>""",
)


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_action_pages({"/easing": EASING_AND_TOOLTIP}) as server:
        yield server


def test_a_press_waits_for_no_animation_that_cannot_come_over_it(agent: LaneAgent) -> None:
    agent.open("/easing")
    help_button = ref_of(agent, 'button "Help"')
    agent.evaluated("document.querySelector('.tabs').style.transform = 'translateX(40px)'")  # eases in for 990 ms
    agent.ok("browser_click", ref=help_button)
    assert agent.ok("browser_snapshot")["title"] == '{"tooltip":true}'

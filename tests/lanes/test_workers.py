"""A page's Web Workers run on both lanes, as in any browser.

A Taipy app (tried as a user would) sends an uploaded file to its server from a dedicated worker. On the cdp lane the
upload answered ok and never reached the app: the lane's auto-attach (waitForDebuggerOnStart, so that a frame in
another process is set up before it runs) paused every worker the page started, though its filter attached only
frames, and nothing ever let them run. Every page that computes in a worker hung there. The page keeps what its
workers answered in its title.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from tests.lanes.action_pages import page, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.lanes.page_reports import ref_of
from tests.support.pages import PageServer
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium

#: Seconds a worker may take to answer (scaled by wait_until's caller).
ANSWER_S = 10.0

#: A worker started as the page loads, and one a click starts: each echoes what it is sent.
WORKERS = page(
    "[]",
    """<h1>Workers</h1>
<button id="ping">Ping the worker</button> <button id="start">Start another worker</button>
<script>
const answers = [];
const echo = () => new Worker(URL.createObjectURL(new Blob(
  ['onmessage = (event) => postMessage(event.data + " answered");'], { type: 'text/javascript' })));
const heard = (event) => {
  answers.push(event.data);
  document.title = JSON.stringify(answers);
};
const first = echo();
first.onmessage = heard;
document.getElementById('ping').addEventListener('click', () => first.postMessage('first'));
document.getElementById('start').addEventListener('click', () => {
  const second = echo();
  second.onmessage = heard;
  second.postMessage('second');
});
</script>""",
)


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_action_pages({"/workers": WORKERS}) as server:
        yield server


def answers(agent: LaneAgent) -> list[str]:
    return list(json.loads(agent.ok("browser_snapshot")["title"]))


def test_workers_the_page_starts_answer(agent: LaneAgent) -> None:
    agent.open("/workers")
    agent.ok("browser_click", ref=ref_of(agent, 'button "Ping the worker"'))
    wait_until(lambda: answers(agent) == ["first answered"], ANSWER_S, "the page's first worker to answer")
    agent.ok("browser_click", ref=ref_of(agent, 'button "Start another worker"'))
    wait_until(lambda: answers(agent) == ["first answered", "second answered"], ANSWER_S, "a worker a click started")

"""MiniWoB++ task pages from the installed ``miniwob`` package, served on loopback, each episode seeded.

The package's own harness (``miniwob.selenium_instance``) seeds ``Math.seedrandom`` and calls
``core.startEpisodeReal()`` from Selenium, then reads ``WOB_RAW_REWARD_GLOBAL``.  A lane-neutral test
cannot run script in the page on both lanes, so the task page is served with the same three steps
appended as a script of its own, run after the page's own ``onload`` (which builds the widgets and
the start cover):

* ``Math.seedrandom(seed)`` then ``core.startEpisodeReal()``: the episode the seed picks, every run;
* ``core.endEpisode`` wrapped so that when the page ends the episode (its own judgement), it posts
  ``WOB_RAW_REWARD_GLOBAL`` and ``WOB_REWARD_REASON`` to ``/reward`` with ``navigator.sendBeacon``;
  the page server records that post, and the test reads the reward there;
* the episode's time limit raised (``EPISODE_MAX_TIME``) so that a loaded CI machine is judged on
  what the agent did, not on its speed; the raw reward (1 success, -1 failure) is what is judged.

Nothing else of the page is touched: the agent reads the utterance in the snapshot and acts by refs.
"""

from __future__ import annotations

import importlib.resources
import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from tests.support.pages import Page, PageServer, serve_pages
from tests.support.waiting import wait_until

#: The task pages the package ships (``miniwob/html``: ``miniwob/<task>.html``, ``core/``, ``common/``).
HTML = Path(str(importlib.resources.files("miniwob").joinpath("html")))
EPISODE_MAX_TIME_MS = 600_000
REWARD_PATH = "/reward"
REWARD_TIMEOUT_S = 10.0

HARNESS = """<script>
window.addEventListener("load", function () {
  var end = core.endEpisode;
  core.endEpisode = function () {
    var open = core.EP_TIMER !== null;
    end.apply(this, arguments);
    if (open) {
      navigator.sendBeacon(%(reward_path)s, new URLSearchParams({
        task: %(task)s, seed: %(seed)s,
        reward: String(WOB_RAW_REWARD_GLOBAL), reason: String(WOB_REWARD_REASON)
      }));
    }
  };
  core.EPISODE_MAX_TIME = %(max_time)d;
  Math.seedrandom(%(seed)s);
  core.startEpisodeReal();
});
</script>
"""


def task_path(task: str) -> str:
    return f"/miniwob/{task}.html"


def seeded_page(task: str) -> Page:
    """The task's page with the harness appended; the seed comes from the query string (``?seed=...``)."""
    original = (HTML / "miniwob" / f"{task}.html").read_text(encoding="utf-8")

    def page(query: Mapping[str, str]) -> str:
        script = HARNESS % {
            "reward_path": json.dumps(REWARD_PATH),
            "task": json.dumps(task),
            "seed": json.dumps(query.get("seed", "0")),
            "max_time": EPISODE_MAX_TIME_MS,
        }
        head, body_end, tail = original.rpartition("</body>")
        return head + script + body_end + tail if body_end else original + script

    return page


@contextmanager
def serve_tasks(tasks: list[str]) -> Iterator[PageServer]:
    """Serve the package's ``html`` folder, with ``tasks`` seeded and reporting their reward."""
    pages: dict[str, Page] = {task_path(task): seeded_page(task) for task in tasks}
    pages[REWARD_PATH] = "<!doctype html><title>reward</title>"
    with serve_pages(pages, folder=HTML) as server:
        yield server


def task_url(server: PageServer, task: str, seed: int) -> str:
    return server.url(f"{task_path(task)}?seed={seed}")


def reward(server: PageServer, task: str, seed: int) -> tuple[float, str]:
    """The reward the page gave the episode (``WOB_RAW_REWARD_GLOBAL``) and its reason, once it posted them."""

    def posted() -> dict[str, str] | None:
        found = [r for r in server.received if r.get("task") == task and r.get("seed") == str(seed)]
        return found[-1] if found else None

    report = wait_until(posted, REWARD_TIMEOUT_S, f"{task} (seed {seed}) to end its episode")
    return float(report["reward"]), report["reason"]

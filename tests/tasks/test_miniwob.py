"""Hard MiniWoB++ tasks solved on both lanes as an agent would: read the utterance, find refs by role and name.

Each solver reads only snapshot text (``tests.apps.reading``) and acts only through refs; the episode is
judged by the page itself (its ``core.endEpisode``, whose raw reward the harness of ``tests.tasks.miniwob``
reports), never by a tool's answer.  A solver that cannot find what the utterance names fails with the
snapshot it read, which shows what the agent could not see.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator

import pytest

from tests.apps.reading import Element, Reader, elements, find_all, ref, showing
from tests.lanes.conftest import LaneAgent
from tests.support.pages import PageServer
from tests.tasks.miniwob import reward, serve_tasks, task_url

pytestmark = pytest.mark.chromium

SEEDS = (1, 2, 3)
#: The pages of the search engine's pagination widget, as opposed to its results.
PAGINATION = {"<", ">", "«", "»", "First", "Last", "Previous", "Next", "1", "2", "3"}


def flat(snapshot: str) -> str:
    """The snapshot's names and texts in order, one line each: where an utterance is read from."""
    return "\n".join(f"{e.name} {e.text}".strip() for e in elements(snapshot))


def utterance(reader: Reader, pattern: str) -> re.Match[str]:
    found = re.search(pattern, flat(reader.read()), re.M)
    assert found, f"no utterance like {pattern!r} on the {reader.lane} lane:\n{reader.last}"
    return found


def word(name: str) -> re.Pattern[str]:
    """An icon's name as the snapshot may give it: the word itself, or a hint from a class (``reply``, ``star``)."""
    return re.compile(rf"\b{re.escape(name)}\b", re.I)


def one_ref(found: list[Element], what: str, snapshot: str) -> str:
    with_ref = [element.ref for element in found if element.ref]
    assert len(with_ref) == 1, f"{len(with_ref)} refs for {what}: {[e.line for e in found]}\n{snapshot}"
    return str(with_ref[0])


# ----- the solvers ----------------------------------------------------------------------------------


def use_autocomplete(r: Reader) -> None:
    wanted = utterance(r, r'Enter an item that starts with "([^"]+)"(?: and ends with "([^"]+)")?')
    start, end = wanted[1], wanted[2] or ""
    r.type("textbox", "Tags:", start)

    def suggestions(snapshot: str) -> list[Element]:
        return [
            e
            for e in elements(snapshot)
            if e.ref
            and e.role != "textbox"
            and (e.name or e.text).startswith(start)
            and (e.name or e.text).endswith(end)
        ]

    r.until(lambda s: bool(suggestions(s)), "a suggestion that fits")
    r.agent.ok("browser_click", ref=one_ref(suggestions(r.last), "the suggestion", r.last))
    r.click("button", "Submit")


def search_engine(r: Reader) -> None:
    wanted = utterance(r, r'enter "([^"]+)" and press "Search", then find and click the (\d+)\w\w search result')
    query, position = wanted[1], int(wanted[2])
    r.type("textbox", None, query)
    r.click("button", "Search")
    page = (position - 1) // 3 + 1
    if page > 1:
        r.click("link", str(page))
    results = [e for e in find_all(r.read(), "link") if e.ref and e.name not in PAGINATION]
    assert len(results) == 3, f"not 3 results on page {page} on the {r.lane} lane:\n{r.last}"
    r.agent.ok("browser_click", ref=results[(position - 1) % 3].ref)


def click_tab_2(r: Reader) -> None:
    target = utterance(r, r'find and click on the link "([^"]+)"')[1]
    tabs = [e.name for e in find_all(r.read(), "tab")]
    assert tabs, f"no tabs on the {r.lane} lane:\n{r.last}"
    for tab in tabs:
        r.click("tab", tab)
        found = [e for e in elements(r.read()) if e.ref and e.role != "tab" and (e.name or e.text) == target]
        if found:
            r.agent.ok("browser_click", ref=found[0].ref)
            return
    raise AssertionError(f"no tab shows a link {target!r} on the {r.lane} lane")


def scroll_text_2(r: Reader) -> None:
    direction = utterance(r, r"Scroll the textarea to the (top|bottom) of the text")[1]
    r.agent.ok("browser_scroll", ref=ref(r.read(), "textbox", None), direction=direction)
    r.click("button", "Submit")


def navigate_tree(r: Reader) -> None:
    target = utterance(r, r'click on the folder or file named "([^"]+)"')[1]
    opened: set[str] = set()
    for _ in range(12):
        snapshot = r.read()
        found = [e for e in elements(snapshot) if e.ref and (e.name or e.text) == target]
        if found:
            r.agent.ok("browser_click", ref=found[0].ref)
            return
        folders = [
            e
            for e in elements(snapshot)
            if e.ref and e.ref not in opened and ("[expanded=false]" in e.states or word("folder").search(e.name))
        ]
        assert folders, f"{target!r} is not shown and no folder is known to open on the {r.lane} lane:\n{snapshot}"
        opened.add(str(folders[0].ref))
        r.agent.ok("browser_click", ref=folders[0].ref)
    raise AssertionError(f"{target!r} never showed on the {r.lane} lane:\n{r.last}")


def click_menu(r: Reader) -> None:
    path = utterance(r, r"^Select (\S+)$")[1].split(">")
    for item, then in itertools.pairwise(path):
        r.click("menuitem", item, hover=True)
        r.until(showing("menuitem", then), f"the submenu with {then!r}")
    r.click("menuitem", path[-1])


def click_checkboxes(r: Reader) -> None:
    wanted = utterance(r, r"Select (.*) and click Submit\.")[1]
    names = [] if wanted == "nothing" else [name.strip() for name in wanted.split(",") if name.strip()]
    for name in names:
        r.click("checkbox", name)
    r.click("button", "Submit")


def choose_list(r: Reader) -> None:
    wanted = utterance(r, r"Select (.+) from the list and click Submit\.")[1]
    r.type("combobox", None, wanted)
    r.click("button", "Submit")


SOLVERS: dict[str, Callable[[Reader], None]] = {
    "use-autocomplete": use_autocomplete,
    "search-engine": search_engine,
    "click-tab-2": click_tab_2,
    "scroll-text-2": scroll_text_2,
    "navigate-tree": navigate_tree,
    "click-menu": click_menu,
    "click-checkboxes": click_checkboxes,
    "choose-list": choose_list,
}


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_tasks(list(SOLVERS)) as server:
        yield server


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("task", list(SOLVERS))
def test_task(agent: LaneAgent, pages: PageServer, task: str, seed: int) -> None:
    reader = Reader(agent)
    reader.go(task_url(pages, task, seed))
    SOLVERS[task](reader)
    got, reason = reward(pages, task, seed)
    assert got == 1.0, (
        f"{task} seed {seed}: reward {got} ({reason}) on the {agent.lane} lane; last read:\n{reader.last}"
    )

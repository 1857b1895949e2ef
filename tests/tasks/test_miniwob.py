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

MONTHS = [
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
]  # fmt: skip
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


def labelled(elements_: list[Element], name: str) -> list[Element]:
    """The elements with a ref whose name or class hint is the word ``name`` (``Like``, ``[hint=like]``)."""
    pattern = word(name)
    return [e for e in elements_ if e.ref and pattern.search(e.name or e.hint)]


def between(snapshot: str, start: Callable[[Element], bool], stop: Callable[[Element], bool]) -> list[Element]:
    """The elements after the first one ``start`` accepts, up to (not with) the next one ``stop`` accepts."""
    inside: list[Element] | None = None
    for element in elements(snapshot):
        if inside is None:
            if start(element):
                inside = []
        elif stop(element):
            break
        else:
            inside.append(element)
    assert inside is not None, f"nothing starts the block in:\n{snapshot}"
    return inside


def owner(snapshot: str, accept: Callable[[Element], bool]) -> str:
    """The ref of the first element ``accept`` takes, or else of the nearest element around it that has one."""
    around: list[Element] = []
    for element in elements(snapshot):
        around = [e for e in around if e.depth < element.depth] + [element]
        if accept(element):
            with_ref = [e.ref for e in around if e.ref]
            assert with_ref, f"{element.line!r} is in nothing with a ref:\n{snapshot}"
            return with_ref[-1]
    raise AssertionError(f"nothing accepted in:\n{snapshot}")


def one_ref(found: list[Element], what: str, snapshot: str) -> str:
    with_ref = [element.ref for element in found if element.ref]
    assert len(with_ref) == 1, f"{len(with_ref)} refs for {what}: {[e.line for e in found]}\n{snapshot}"
    return str(with_ref[0])


# ----- the solvers ----------------------------------------------------------------------------------


def pick_date(r: Reader, month: int, day: int, year: int) -> None:
    """Open the jQuery UI date picker of the page's date field, go month by month to the date, pick its day."""
    fields = [e.ref for e in elements(r.read()) if e.role == "textbox" and "[readonly]" in e.states and e.ref]
    assert len(fields) == 1, f"not one readonly date field on the {r.lane} lane:\n{r.last}"
    r.act("browser_click", ref=fields[0])  # the picker opens when its field takes the focus
    title = re.compile(rf"({'|'.join(MONTHS)})\s+(\d{{4}})")
    for _ in range(24):
        shown = title.search(flat(r.until(lambda s: bool(title.search(flat(s))), "the date picker's month")))
        assert shown
        distance = (year * 12 + month) - (int(shown[2]) * 12 + MONTHS.index(shown[1]) + 1)
        if distance == 0:
            break
        r.click(None, re.compile("^Next$" if distance > 0 else "^Prev$"))
    r.click("link", str(day))
    r.read(wait_for_gone=f"{MONTHS[month - 1]} {year}")  # the picker closes, animated, over what is below it


def choose_date(r: Reader) -> None:
    wanted = utterance(r, r"Select (\d\d)/(\d\d)/(\d{4}) as the date")
    month, day, year = (int(part) for part in wanted.groups())
    pick_date(r, month, day, year)
    r.click("button", "Submit")


def choose_suggestion(r: Reader, field: str, place: str) -> None:
    """Type ``place`` (a city or an airport code) into the autocompleting ``field`` and pick its suggestion."""
    r.type("textbox", field, place)

    def suggestions(snapshot: str) -> list[Element]:
        return [
            e
            for e in elements(snapshot)
            if e.ref and e.role != "textbox" and (e.label.startswith(place) or e.label.endswith(f"({place})"))
        ]

    r.until(lambda s: bool(suggestions(s)), f"a suggestion for {place!r}")
    r.act("browser_click", ref=suggestions(r.last)[0].ref)


def book_flight(r: Reader) -> None:
    wanted = utterance(r, r"Book the (shortest|cheapest) one-way flight from: (.+) to: (.+) on (\d\d)/(\d\d)/(\d{4})\.")
    goal, origin, destination = wanted[1], wanted[2], wanted[3]
    month, day, year = (int(part) for part in wanted.groups()[3:])
    choose_suggestion(r, "From:", origin)
    choose_suggestion(r, "To:", destination)
    pick_date(r, month, day, year)
    r.click("button", "Search")
    r.until(lambda s: bool(find_all(s, "button", re.compile(r"^Book flight for \$"))), "the flights found")
    flights: list[tuple[int, int, str]] = []  # (minutes, dollars, ref of its Book button)
    minutes: int | None = None
    for element in elements(r.last):
        duration = re.fullmatch(r"(\d+)h (\d+)m", element.text or element.name)
        if duration:
            minutes = int(duration[1]) * 60 + int(duration[2])
        price = re.fullmatch(r"Book flight for \$(\d+)", element.name)
        if price and element.ref and minutes is not None:
            flights.append((minutes, int(price[1]), element.ref))
            minutes = None
    assert flights, f"no flight read with its duration and price on the {r.lane} lane:\n{r.last}"
    best = min(flights, key=lambda flight: flight[0] if goal == "shortest" else flight[1])
    r.act("browser_click", ref=best[2])


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
    r.act("browser_click", ref=one_ref(suggestions(r.last), "the suggestion", r.last))
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
    r.act("browser_click", ref=results[(position - 1) % 3].ref)


def click_tab_2(r: Reader) -> None:
    target = utterance(r, r'find and click on the link "([^"]+)"')[1]
    tabs = [e.name for e in find_all(r.read(), "tab")]
    assert tabs, f"no tabs on the {r.lane} lane:\n{r.last}"
    for tab in tabs:
        r.click("tab", tab)
        found = [e for e in elements(r.read()) if e.ref and e.role != "tab" and (e.name or e.text) == target]
        if found:
            r.act("browser_click", ref=found[0].ref)
            return
    raise AssertionError(f"no tab shows a link {target!r} on the {r.lane} lane")


def scroll_text_2(r: Reader) -> None:
    direction = utterance(r, r"Scroll the textarea to the (top|bottom) of the text")[1]
    r.act("browser_scroll", ref=ref(r.read(), "textbox", None), direction=direction)
    r.click("button", "Submit")


def navigate_tree(r: Reader) -> None:
    target = utterance(r, r'click on the folder or file named "([^"]+)"')[1]
    opened: set[str] = set()
    for _ in range(12):
        snapshot = r.read()
        found = [e for e in elements(snapshot) if e.ref and (e.name or e.text) == target]
        if found:
            r.act("browser_click", ref=found[0].ref)
            return
        folders = [
            e
            for e in elements(snapshot)
            if e.ref
            and e.ref not in opened
            and ("[expanded=false]" in e.states or word("expandable").search(e.hint))  # a folder's hit area
        ]
        assert folders, f"{target!r} is not shown and no folder is known to open on the {r.lane} lane:\n{snapshot}"
        opened.add(str(folders[0].ref))
        r.act("browser_click", ref=folders[0].ref)
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


def email_inbox(r: Reader) -> None:
    wanted = utterance(
        r,
        r"Find the email by (\S+) and (?:reply to them with the text \"([^\"]*)\"|forward that email to (\S+)\."
        r"|click the (trash|star) icon)",
    )
    sender, reply, forward_to, icon = wanted.groups()
    r.act("browser_click", ref=owner(r.read(), lambda e: e.text == sender))  # the row the sender heads
    r.wait_for("to me")
    if icon:
        r.act("browser_click", ref=one_ref(labelled(list(elements(r.read())), icon), icon, r.last))
        return
    r.act("browser_click", ref=owner(r.read(), lambda e: e.label == ("Reply" if reply is not None else "Forward")))
    r.until(lambda s: bool(find_all(s, "textbox")), "the reply or forward form")
    if reply is not None:
        r.act("browser_type", ref=ref(r.last, "textbox", None), text=reply)  # the reply's one field, its body
    else:
        after_to = between(r.last, lambda e: e.text == "to:", lambda e: False)
        field = next((e.ref for e in after_to if e.role == "textbox" and e.ref), None)
        assert field, f"no field after 'to:' on the {r.lane} lane:\n{r.last}"
        r.act("browser_type", ref=field, text=str(forward_to))
    r.act("browser_click", ref=one_ref(labelled(list(elements(r.read())), "send"), "send", r.last))


SOCIAL_ACTIONS = {"Reply": "reply", "Retweet": "retweet", "Like": "like"}


def posts_drawn(r: Reader, icons: tuple[str, ...]) -> str:
    """The first snapshot in which the posts show their icons. The icons are images (CSS ``content``, one image per
    kind) that the page starts loading as it draws the posts, after its load event; an icon whose image has not
    loaded has no size, so the snapshot rightly shows no button for it, and an agent reads again. Every post has
    one icon of each kind and all icons of a kind load together: drawn when each kind is shown as often, at least once.
    """

    def drawn(snapshot: str) -> bool:
        found = list(elements(snapshot))
        counts = {len(labelled(found, icon)) for icon in icons}
        return len(counts) == 1 and counts != {0}

    return r.until(drawn, f"the posts' {', '.join(icons)} icons")


def social_media(r: Reader) -> None:
    user, action = utterance(r, r'For the user (@\S+), click on the "([^"]+)" button\.').groups()
    snapshot = posts_drawn(r, ("reply", "retweet", "like", "more"))

    def tweet() -> list[Element]:
        """The post by ``user``: from its header line up to the next post's header (an ``@name`` and an age)."""
        header = re.compile(rf"{re.escape(user)} \d+h ago")
        other = re.compile(r"@\S+ \d+h ago")
        return between(
            r.last,
            lambda e: bool(header.search(f"{e.name} {e.text}")),
            lambda e: bool(other.search(f"{e.name} {e.text}")),
        )

    if action in SOCIAL_ACTIONS:
        found = labelled(tweet(), SOCIAL_ACTIONS[action])
        r.act("browser_click", ref=one_ref(found, f"{action} of {user}", snapshot))
        return
    r.act("browser_click", ref=one_ref(labelled(tweet(), "more"), f"the menu of {user}", snapshot))

    def item(e: Element) -> bool:
        """A line of the post's menu: its action, which the page may follow with the user (``Mute @name``)."""
        return bool(e.ref) and (e.label == action or e.label.startswith(f"{action} {user}"))

    r.until(lambda _: any(item(e) for e in tweet()), "the post's menu")
    found = [e for e in tweet() if item(e)]
    r.act("browser_click", ref=one_ref(found, f"{action} of {user}", r.last))


def social_media_all(r: Reader) -> None:
    action, user = utterance(r, r'Click the "([^"]+)" button on all posts by (@\S+) and then click Submit\.').groups()
    snapshot = posts_drawn(r, ("reply", "retweet", "like", "share"))
    header = re.compile(r" (@\S+)(?: \d+h ago)?$")  # a post's first line: its author's name and @user
    post_by: str | None = None  # the user of the post the line belongs to
    targets: list[str] = []
    for element in elements(snapshot):
        found = header.search(f"{element.name} {element.text}")
        if found:
            post_by = found[1]
        elif post_by == user and element.ref and word(action).search(element.name or element.hint):
            targets.append(element.ref)
    assert targets, f"no {action} of a post by {user} on the {r.lane} lane:\n{snapshot}"
    for target in targets:
        r.act("browser_click", ref=target)
    r.click("button", "Submit")


def click_scroll_list(r: Reader) -> None:
    wanted = utterance(r, r"Select (.+) from the scroll list and click Submit\.")[1]
    labels = [label.strip() for label in re.split(r",\s*|\s+and\s+", wanted) if label.strip()]
    r.type("listbox", None, "\n".join(labels))  # a multiple select takes one label per line
    r.click("button", "Submit")


def enter_date(r: Reader) -> None:
    month, day, year = utterance(r, r"Enter (\d\d)/(\d\d)/(\d{4}) as the date and hit submit\.").groups()
    r.type("textbox", None, f"{year}-{month}-{day}")  # a date input takes its own format, YYYY-MM-DD
    r.click("button", "Submit")


def enter_time(r: Reader) -> None:
    """The utterance gives the time as the browser's locale writes it (1:45 PM in en-US, 13:45 in others)."""
    hours, minutes, half = utterance(r, r"Enter (\d{1,2}):(\d\d)(?::\d\d)?\s*([AP]M)? as the time").groups()
    hour = int(hours) % 12 + (12 if half == "PM" else 0) if half else int(hours)
    r.type("textbox", None, f"{hour:02d}:{minutes}")  # a time input takes its own format, HH:MM on 24 hours
    r.click("button", "Submit")


def click_collapsible_2(r: Reader) -> None:
    target = utterance(r, r'find and click on the link "([^"]+)"')[1]
    sections = [e.label for e in elements(r.read()) if e.ref and e.label.startswith("Section #")]
    assert sections, f"no sections on the {r.lane} lane:\n{r.last}"
    for section in sections:
        r.click(None, section)
        found = [e for e in elements(r.read()) if e.ref and e.label == target]
        if found:
            r.act("browser_click", ref=found[0].ref)
            return
    raise AssertionError(f"no section shows a link {target!r} on the {r.lane} lane")


def copy_into_answer(r: Reader, source: str) -> None:
    """Select all of the text box ``source`` (a ref), copy it, paste it into the empty one-line box, submit: the
    text ends with a space an agent cannot see to retype, so only a copy carries it exactly (issue 24, item 5)."""
    r.act("browser_click", ref=source)
    r.press("Control+a")
    r.press("Control+c")
    empty = [e.ref for e in find_all(r.read(), "textbox") if e.ref and not e.text]
    assert len(empty) == 1, f"not one empty text box on the {r.lane} lane:\n{r.last}"
    r.act("browser_click", ref=empty[0])
    r.press("Control+v")
    r.click("button", "Submit")


def copy_paste(r: Reader) -> None:
    utterance(r, r"Copy the text in the textarea below, paste it into the textbox")
    filled = [e.ref for e in find_all(r.read(), "textbox") if e.ref and e.text]
    assert len(filled) == 1, f"not one text area with text on the {r.lane} lane:\n{r.last}"
    copy_into_answer(r, str(filled[0]))


def copy_paste_2(r: Reader) -> None:
    position = utterance(r, r"Copy the text from the (\d)\w\w text area below")[1]
    filled = [e.ref for e in find_all(r.read(), "textbox") if e.ref and e.text]
    assert len(filled) == 3, f"not three text areas with text on the {r.lane} lane:\n{r.last}"
    copy_into_answer(r, str(filled[int(position) - 1]))


def list_items(r: Reader) -> list[Element]:
    """The sortable list's items with their refs, in the order the page shows them now."""
    items = [e for e in find_all(r.read(), "listitem") if e.ref]
    assert items, f"no list items with refs on the {r.lane} lane:\n{r.last}"
    return items


def drag_items(r: Reader) -> None:
    """Drag the named item onto the item now at the place it should go (browser_drag, issue 24, item 2)."""
    places = r"to the top|to the bottom|down by one position|up by one position|to the (\d)\w\w position"
    wanted = utterance(r, rf"^Drag (.+?) ({places})\.")
    name, where = wanted[1], wanted[2]
    items = list_items(r)
    at = [e.label for e in items].index(name)
    moves = {"to the top": 0, "to the bottom": len(items) - 1, "down by one position": at + 1}
    to = (moves | {"up by one position": at - 1}).get(where, int(wanted[3] or 1) - 1)
    r.act("browser_drag", ref=items[at].ref, to_ref=items[to].ref)


def drag_items_grid(r: Reader) -> None:
    places = r"to the (?:top|center|bottom) (?:left|center|right)|to the center|(?:up|down|left|right) by one"
    wanted = utterance(r, rf"^Drag (.+?) ({places})\.")
    name, where = wanted[1], wanted[2]
    items = list_items(r)
    at = [e.label for e in items].index(name)
    rows, columns = {"top": 0, "center": 1, "bottom": 2}, {"left": 0, "center": 1, "right": 2}
    steps = {"up by one": -3, "down by one": 3, "left by one": -1, "right by one": 1}
    if where in steps:
        to = at + steps[where]
    elif where == "to the center":
        to = 4
    else:
        row, column = where.removeprefix("to the ").split()
        to = rows[row] * 3 + columns[column]
    r.act("browser_drag", ref=items[at].ref, to_ref=items[to].ref)


def drag_sort_numbers(r: Reader) -> None:
    """Sort by dragging: the lowest of the rest onto the first place not yet sorted, until all are in order."""
    utterance(r, r"Sort the numbers in increasing order")
    for place in range(len(list_items(r))):
        items = list_items(r)
        numbers = [int(e.label) for e in items]
        lowest = min(range(place, len(items)), key=lambda index: numbers[index])
        if lowest != place:
            r.act("browser_drag", ref=items[lowest].ref, to_ref=items[place].ref)
    r.click("button", "Submit")


def drag_box(r: Reader) -> None:
    utterance(r, r"Drag the smaller box so that it is completely inside the larger box")
    boxes = {e.label: e.ref for e in elements(r.read()) if e.ref and e.label in ("s", "L")}
    assert set(boxes) == {"s", "L"}, f"not both boxes with refs on the {r.lane} lane:\n{r.last}"
    r.act("browser_drag", ref=boxes["s"], to_ref=boxes["L"])
    r.click("button", "Submit")


SOLVERS: dict[str, Callable[[Reader], None]] = {
    "choose-date": choose_date,
    "book-flight": book_flight,
    "use-autocomplete": use_autocomplete,
    "search-engine": search_engine,
    "click-tab-2": click_tab_2,
    "scroll-text-2": scroll_text_2,
    "navigate-tree": navigate_tree,
    "click-menu": click_menu,
    "click-checkboxes": click_checkboxes,
    "choose-list": choose_list,
    "email-inbox": email_inbox,
    "email-inbox-reply": email_inbox,
    "email-inbox-forward": email_inbox,
    "email-inbox-important": email_inbox,
    "email-inbox-delete": email_inbox,
    "social-media": social_media,
    "social-media-all": social_media_all,
    "click-scroll-list": click_scroll_list,
    "click-collapsible-2": click_collapsible_2,
    "enter-date": enter_date,
    "enter-time": enter_time,
    "drag-items": drag_items,
    "drag-items-grid": drag_items_grid,
    "drag-sort-numbers": drag_sort_numbers,
    "drag-box": drag_box,
    "copy-paste": copy_paste,
    "copy-paste-2": copy_paste_2,
}


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_tasks(list(SOLVERS)) as server:
        yield server


#: Seeds other than ``SEEDS``: email-inbox-forward's seed 2 has two emails by the sender it names and the
#: page expects one of them (no agent can tell which); navigate-tree's seed 7 hides its file in a folder
#: (seeds 1 to 6 show it at the top), so the agent must open folders.
OTHER_SEEDS = {"email-inbox-forward": (1, 3, 4), "navigate-tree": (1, 2, 7)}
#: The drag tasks, five seeds each (issue 24).
OTHER_SEEDS |= {task: (1, 2, 3, 4, 5) for task in ("drag-items", "drag-items-grid", "drag-sort-numbers", "drag-box")}
EPISODES = [(task, seed) for task in SOLVERS for seed in OTHER_SEEDS.get(task, SEEDS)]


@pytest.mark.parametrize(("task", "seed"), EPISODES)
def test_task(agent: LaneAgent, pages: PageServer, task: str, seed: int) -> None:
    reader = Reader(agent)
    reader.go(task_url(pages, task, seed))
    try:
        SOLVERS[task](reader)
        got, reason = reward(pages, task, seed)
        assert got == 1.0, f"{task} seed {seed}: reward {got} ({reason}) on the {agent.lane} lane"
    except (AssertionError, TimeoutError) as failed:
        last = reader.actions[-3:]
        raise AssertionError(
            f"{failed}\nthe last actions and answers: {last}\nthe last snapshot:\n{reader.last}"
        ) from None

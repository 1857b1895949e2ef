"""Agent tasks benchmark (issue 23): scripted agents do real tasks on real applications; their cost is counted.

Run it as ``python bench/agent_tasks.py [--lanes extension,cdp] [--no-peer] [--transcript DIR] [--tasks
NAME,...] [--field-by-field]``. It is a
benchmark, not a test: it prints, per browser tool and agent policy, the tool calls, the characters the agent read
and the wall time, summed over the tasks, then the ratios and a verdict per target, and exits 0 whatever the
verdicts. A broken run (something does not start, a call fails, a task does not succeed) exits 1. With
``--transcript``, every call and the text it gave are written under DIR, one file per browser and policy.

The tasks, each judged from the application's own state (its database, or its own access log), never from a
tool's answer:

* Django admin (PyPI ``django``): sign in, then add a book choosing its author; edit a book's year from the change
  list.
* datasette (PyPI ``datasette``): sort a table by a column's header.
* sqlite-web (PyPI ``sqlite-web``, which no test of the suite drives: an application the agents were not tuned
  on): insert a row through its form; change a row's value.
* a long sign-up form (issue 32: twelve fields of every kind: text, email, password, textarea, a select, two
  checkboxes, a radio button, date, time, number, phone), judged by what the page's server receives once it is
  submitted: filled in one call with each browser's ``browser_fill_form``, or, with ``--field-by-field``, one
  call per field, as agents did before Hermes had ``browser_fill_form``.

The two policies, as an agent writes them:

* **snapshot after every action** (today's style): every action is followed by ``browser_snapshot``, and refs
  come from the latest snapshot (a full one when the compact one lacks the element);
* **answers** (issue 23): refs come from what the agent has read since the page loaded, the actions' own
  answers (``see: "changes"``: the page after a navigation, what changed after anything else); only when the
  element is not among them does it search (``browser_find`` on Hermes; Playwright MCP has no search, so it
  takes a snapshot).

Both run on each Hermes lane and on Playwright MCP (``@playwright/mcp``, over stdio with the official ``mcp`` SDK,
on Debian's Chromium: ``peers.py``), one after another, each with a browser of its own. What an agent reads is
counted as MCP gives it: Hermes answers are rendered by the product's own MCP rendering (``call_result``),
Playwright MCP's are its text. The targets: on each Hermes lane the answers policy takes at most 0.6x the calls
of the snapshot policy, and reads at most 0.25x the characters Playwright MCP's answers policy reads.
"""

from __future__ import annotations

import sys
from pathlib import Path

# ``python bench/<script>.py`` puts only bench/ on sys.path; the harness is in the repository's tests/.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import argparse
import contextlib
import os
import platform
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import peers
from actions import VIEWPORT, cdp_driver, extension_driver

from hermes_server.agents.mcp_stdio import call_result
from hermes_server.routing.outcome import ToolOutcome
from hermes_wire.tools import TOOLS
from tests.apps.reading import Element, elements, find_all, matches
from tests.apps.servers import ADMIN_PASSWORD, ADMIN_USER, App, datasette_site, django_admin, sqlite_web_site
from tests.support.pages import PageServer, serve_pages

CALL_TIMEOUT_S = 30.0
#: How long an agent looks for words an action should bring before it gives up (the task fails).
WAIT_S = 10.0
TARGET_CALLS = 0.6
TARGET_CHARS = 0.25
SNAPSHOT_POLICY = "snapshot after every action"
ANSWERS_POLICY = "answers"
POLICIES = (SNAPSHOT_POLICY, ANSWERS_POLICY)
PLAYWRIGHT = "Playwright MCP"
#: A line of Playwright MCP's snapshot: ``- role "name" [states] [ref=e12]``.
PLAYWRIGHT_LINE = re.compile(r'^\s*- (?P<role>[a-z]+)(?: "(?P<name>(?:[^"\\]|\\.)*)")?[^\n]*?\[ref=(?P<ref>\w+)\]')
#: The mark column of a Hermes changes or find text (docs/http-api.md).
MARKED = re.compile(r"^[-+~> ] ")


class TaskFailed(peers.BenchError):
    """An agent could not do a task, or the application does not hold what the task should have left."""


# ----- the browsers, as an agent calls them ------------------------------------------------------------


@dataclass
class Tally:
    """What one policy cost on one browser over all the tasks."""

    calls: int = 0
    chars: int = 0
    seconds: float = 0.0
    tasks: list[str] = field(default_factory=list)
    #: Every call and the text it gave, in order (``--transcript`` writes it out, to see where characters go).
    transcript: list[str] = field(default_factory=list)


@dataclass
class Answer:
    """One tool call's answer: the text the agent reads, and (Hermes) the result's keys."""

    text: str
    result: dict[str, Any] = field(default_factory=dict)


class Browser:
    """A browser tool as an agent calls it; every call is counted in ``tally``."""

    name: str
    tally: Tally

    async def call(self, tool: str, arguments: dict[str, Any]) -> Answer:
        raise NotImplementedError

    def lines(self, text: str) -> list[Element]:
        """The element lines of ``text``, with their refs, as this tool writes them."""
        raise NotImplementedError

    def counted(self, tool: str, arguments: dict[str, Any], text: str) -> None:
        self.tally.calls += 1
        self.tally.chars += len(text)
        self.tally.transcript.append(f"### {tool} {arguments} ({len(text)} chars)\n{text}\n")


@dataclass
class HermesBrowser(Browser):
    """A Hermes session (either lane) over the HTTP tool API; what the agent reads is the MCP rendering."""

    name: str
    driver: Any  # actions.HermesDriver
    tally: Tally = field(default_factory=Tally)

    async def call(self, tool: str, arguments: dict[str, Any]) -> Answer:
        reply: ToolOutcome = await self.driver.client.call(
            self.driver.session_id, tool, arguments, timeout_s=CALL_TIMEOUT_S
        )
        rendered = call_result(TOOLS[tool], reply)
        text = "\n".join(block.text for block in rendered.content if hasattr(block, "text"))
        self.counted(tool, arguments, text)
        if not reply.ok:
            raise TaskFailed(f"{self.name} {tool} {arguments}: {reply.error_code}: {reply.error_message}")
        return Answer(text, reply.result if isinstance(reply.result, dict) else {})

    def lines(self, text: str) -> list[Element]:
        rows = text.splitlines()
        # A changes or find text (every row marked; each row past its mark an outline line, "- heading" being a
        # page's own): drop the column, and what went.
        page = any(row.startswith("- ") and not row[2:].lstrip().startswith("- ") for row in rows)
        if rows and not page and all(MARKED.match(row) for row in rows):
            rows = [row[2:] for row in rows if not row.startswith("- ")]
        return list(elements("\n".join(rows)))


@dataclass
class PlaywrightBrowser(Browser):
    session: peers.PeerSession
    name: str = PLAYWRIGHT
    tally: Tally = field(default_factory=Tally)

    async def call(self, tool: str, arguments: dict[str, Any]) -> Answer:
        try:
            text = await self.session.call(tool, arguments)
        except peers.BenchError as failed:
            self.counted(tool, arguments, "")
            raise TaskFailed(str(failed)) from None
        self.counted(tool, arguments, text)
        return Answer(text)

    def lines(self, text: str) -> list[Element]:
        found = []
        for line in text.splitlines():
            match = PLAYWRIGHT_LINE.match(line)
            if match:
                name = re.sub(r"\\(.)", r"\1", match["name"] or "")
                found.append(Element(0, match["role"], name, "", match["ref"], "", line.strip()))
        return found


# ----- the two policies ----------------------------------------------------------------------------------


@dataclass
class Agent:
    """A scripted agent on ``browser`` following ``policy``: finds elements by role and name in what it has
    read, acts by ref, and waits for words a step should bring."""

    browser: Browser
    policy: str
    #: What the agent has read of the page since it last loaded, oldest first.
    read: list[str] = field(default_factory=list)

    @property
    def hermes(self) -> bool:
        return isinstance(self.browser, HermesBrowser)

    async def go(self, url: str) -> None:
        if self.policy == SNAPSHOT_POLICY:
            await self.browser.call("browser_navigate", {"url": url} | self._alone())
            await self.snapshot()
        else:
            await self.answered(await self.browser.call("browser_navigate", {"url": url}), navigation=True)

    async def click(self, role: str, name: str, *, within: str | None = None) -> None:
        ref = await self.ref(role, name, within=within)
        await self.act("browser_click", {"ref": ref} if self.hermes else {"element": name, "target": ref})

    async def type(self, role: str, name: str, text: str) -> None:
        ref = await self.ref(role, name)
        if self.hermes:
            await self.act("browser_type", {"ref": ref, "text": text})
        elif role == "combobox":  # Playwright MCP chooses an option with its own tool
            await self.act("browser_select_option", {"element": name, "target": ref, "values": [text]})
        else:
            await self.act("browser_type", {"element": name, "target": ref, "text": text})

    async def fill_form(self, fields: list[tuple[str, str, str]]) -> None:
        """Fill ``fields`` ((role, name, value); a checkbox's or radio's value "true" or "false") in one call, with
        the browser's own ``browser_fill_form``; or, with ``FIELD_BY_FIELD``, one call per field (a checkbox or
        radio clicked, as the form's fields here all need a change)."""
        if FIELD_BY_FIELD:
            for role, name, value in fields:
                if role in CHECKABLE:
                    await self.click(role, name)
                else:
                    await self.type(role, name, value)
            return
        refs = [await self.ref(role, name) for role, name, _ in fields]
        if self.hermes:
            filled = [{"ref": ref, "value": value} for (_, _, value), ref in zip(fields, refs, strict=True)]
            await self.act("browser_fill_form", {"fields": filled})
        else:
            filled = [
                {"name": name, "type": PLAYWRIGHT_FIELD_TYPES.get(role, role), "target": ref, "value": value}
                for (role, name, value), ref in zip(fields, refs, strict=True)
            ]
            await self.act("browser_fill_form", {"fields": filled})

    async def wait_for(self, words: str) -> None:
        """Until ``words`` show in what the agent has read, reading again (within ``WAIT_S``) if not yet."""
        deadline = time.monotonic() + WAIT_S
        while not any(words in text for text in self.read):
            if time.monotonic() > deadline:
                raise TaskFailed(f"{self.browser.name} ({self.policy}): {words!r} never showed:\n{self.read[-1:]}")
            if self.policy == ANSWERS_POLICY and self.hermes:
                found = await self.browser.call("browser_find", {"text": words, "limit": 1})
                if found.result.get("matches"):
                    return
            else:
                await self.snapshot()

    # --- what each policy does after an action, and how it finds a ref

    async def act(self, tool: str, arguments: dict[str, Any]) -> None:
        if self.policy == SNAPSHOT_POLICY:
            await self.browser.call(tool, arguments | self._alone())
            await self.snapshot()
        else:
            answer = await self.browser.call(tool, arguments)
            # A Hermes answer without "changes" or "unchanged" shows a new page whole.
            await self.answered(answer, navigation=self.hermes and not ({"changes", "unchanged"} & set(answer.result)))

    async def answered(self, answer: Answer, *, navigation: bool) -> None:
        """What the answers policy reads of an action's answer. Playwright MCP's answer holds the page only at
        times (else it has written it to a file the agent cannot read): without it, the agent takes a snapshot."""
        if self.hermes or self.browser.lines(answer.text):
            self.took(answer, navigation=navigation)
        else:
            self.read.append(answer.text)
            await self.snapshot()

    def _alone(self) -> dict[str, Any]:
        """The arguments that make a Hermes action answer with the action alone (the snapshot policy reads after)."""
        return {"see": "none"} if self.hermes else {}

    def took(self, answer: Answer, *, navigation: bool) -> None:
        text = answer.result.get("snapshot", answer.text) if self.hermes else answer.text
        self.read = [text] if navigation else [*self.read, text]

    async def snapshot(self, *, full: bool = False) -> None:
        arguments = {"full": True} if full and self.hermes else {}
        self.took(await self.browser.call("browser_snapshot", arguments), navigation=True)

    async def ref(self, role: str, name: str, *, within: str | None = None) -> str:
        found = self.known(role, name, within=within)
        if found is None:
            if self.policy == ANSWERS_POLICY and self.hermes and within is None:
                answer = await self.browser.call("browser_find", {"role": role, "name": name})
                self.read.append(answer.text)
            else:
                await self.snapshot(full=True)
            found = self.known(role, name, within=within)
        if found is None:
            raise TaskFailed(f"{self.browser.name} ({self.policy}): no {role} {name!r} in:\n{self.read[-1][:3000]}")
        return found

    def known(self, role: str, name: str, *, within: str | None = None) -> str | None:
        """The ref of the one element named so in the latest text that shows it, newest first."""
        for text in reversed(self.read):
            if within is not None and self.hermes:
                candidates = [e for e in find_all(self.strip(text), role, name, within=within) if e.ref]
            else:
                candidates = [e for e in self.browser.lines(text) if e.role == role and matches(e.name, name)]
            refs = {e.ref for e in candidates if e.ref}
            if len(refs) == 1:
                return refs.pop()
        return None

    def strip(self, text: str) -> str:
        return "\n".join(element.line for element in self.browser.lines(text))


# ----- the tasks -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Task:
    name: str
    app: str
    run: Callable[[Agent, Any, str], Awaitable[None]]  # the App, or the long form's PageServer
    #: What the application must hold afterwards: raises TaskFailed if not.
    check: Callable[[Any, str], None]


BOOK = "select a.name, b.year from library_book b join library_author a on a.id = b.author_id where b.title = ?"


async def sign_in(agent: Agent, admin: App) -> None:
    await agent.go(admin.url("/admin/"))
    if agent.known("button", "Log in") is not None:
        await agent.type("textbox", "Username:", ADMIN_USER)
        await agent.type("textbox", "Password:", ADMIN_PASSWORD)
        await agent.click("button", "Log in")
    await agent.wait_for("Site administration")


async def add_book(agent: Agent, admin: App, tag: str) -> None:
    await sign_in(agent, admin)
    await agent.click("link", "Books")
    await agent.click("link", "Add book")
    await agent.type("textbox", "Title:", f"Cosmicomics {tag}")
    await agent.type("combobox", "Author:", "Italo Calvino")
    await agent.type("spinbutton", "Year:", "1965")
    await agent.click("button", "Save")
    await agent.wait_for("was added successfully")


def book_added(admin: App, tag: str) -> None:
    expect(admin.rows(BOOK, f"Cosmicomics {tag}"), [("Italo Calvino", 1965)], "the book added")


async def edit_year(agent: Agent, admin: App, tag: str) -> None:
    await sign_in(agent, admin)
    await agent.click("link", "Books")
    await agent.click("link", "The Dispossessed")
    await agent.type("spinbutton", "Year:", str(year_of(tag)))
    await agent.click("button", "Save")
    await agent.wait_for("was changed successfully")


def year_edited(admin: App, tag: str) -> None:
    expect(admin.rows(BOOK, "The Dispossessed"), [("Ursula K. Le Guin", year_of(tag))], "the year edited")


def year_of(tag: str) -> int:
    return 1900 + sum(map(ord, tag)) % 100


async def sort_table(agent: Agent, datasette: App, tag: str) -> None:
    await agent.go(datasette.url("/world/cities"))
    await agent.click("link", "population")
    await agent.wait_for("sorted by population")


def sorted_by_population(datasette: App, tag: str) -> None:
    requested = datasette.log.read_text()
    if "_sort=population" not in requested:
        raise TaskFailed(f"datasette never received the sort:\n{requested[-1500:]}")


async def insert_row(agent: Agent, site: App, tag: str) -> None:
    await agent.go(site.url("/products/"))
    await agent.click("link", "Insert")  # the table's tab
    await agent.type("textbox", "name", f"Teacup {tag}")
    await agent.type("textbox", "price", "8.5")
    await agent.type("textbox", "stock", "40")
    await agent.click("button", "Insert")
    await agent.wait_for("Successfully inserted record")


def row_inserted(site: App, tag: str) -> None:
    expect(site.rows("select price, stock from products where name = ?", f"Teacup {tag}"), [(8.5, 40)], "the row")


#: The long form's page, posting to /received (whose answer says thank you); ``FormSite`` serves it.
SIGN_UP = """<!doctype html><html><head><title>Sign up</title></head><body><h1>Sign up</h1>
<form method="post" action="/received">
<label>Full name <input name="name"></label> <label>Email <input type="email" name="email"></label>
<label>Password <input type="password" name="password"></label>
<label>About you <textarea name="about"></textarea></label>
<label>Country <select name="country"><option value="">Choose</option><option value="fr">France</option>
<option value="jp">Japan</option><option value="pe">Peru</option></select></label>
<label><input type="checkbox" name="news" value="yes"> Newsletter</label>
<label><input type="checkbox" name="share" value="yes" checked> Share my data</label>
<fieldset><legend>Plan</legend><label><input type="radio" name="plan" value="free" checked> Free</label>
<label><input type="radio" name="plan" value="pro"> Pro</label></fieldset>
<label>Start date <input type="date" name="start"></label> <label>Start time <input type="time" name="at"></label>
<label>Seats <input type="number" name="seats" min="1" max="50"></label>
<label>Phone <input type="tel" name="phone"></label>
<button>Create account</button></form></body></html>"""
RECEIVED = "<!doctype html><html><head><title>Received</title></head><body><h1>Thank you</h1></body></html>"
#: The roles a field takes "true" or "false" in; Playwright MCP's field types for the others (``type``).
CHECKABLE = frozenset({"checkbox", "radio"})
PLAYWRIGHT_FIELD_TYPES = {"spinbutton": "textbox"}
#: ``--field-by-field``: fill a form one call per field, as agents did before ``browser_fill_form``.
FIELD_BY_FIELD = False


def sign_up_fields(tag: str) -> list[tuple[str, str, str]]:
    return [
        ("textbox", "Full name", f"Ada {tag}"),
        ("textbox", "Email", "ada@example.org"),
        ("textbox", "Password", "correct horse battery"),
        ("textbox", "About you", "Mathematician, writes programs for engines"),
        ("combobox", "Country", "Japan"),
        ("checkbox", "Newsletter", "true"),
        ("checkbox", "Share my data", "false"),
        ("radio", "Pro", "true"),
        ("textbox", "Start date", "2026-12-24"),
        ("textbox", "Start time", "09:30"),
        ("spinbutton", "Seats", "12"),
        ("textbox", "Phone", "+33 1 23 45 67 89"),
    ]


async def fill_sign_up(agent: Agent, site: PageServer, tag: str) -> None:
    await agent.go(site.url("/sign-up"))
    await agent.fill_form(sign_up_fields(tag))
    await agent.click("button", "Create account")
    await agent.wait_for("Thank you")


def signed_up(site: PageServer, tag: str) -> None:
    wanted = {
        "name": f"Ada {tag}",
        "email": "ada@example.org",
        "password": "correct horse battery",
        "about": "Mathematician, writes programs for engines",
        "country": "jp",
        "news": "yes",
        "plan": "pro",
        "start": "2026-12-24",
        "at": "09:30",
        "seats": "12",
        "phone": "+33 1 23 45 67 89",
    }
    expect(site.received[-1:], [wanted], "the form received")


TASKS = (
    Task("add a book", "django", add_book, book_added),
    Task("edit a year", "django", edit_year, year_edited),
    Task("sort a table", "datasette", sort_table, sorted_by_population),
    Task("insert a row", "sqlite-web", insert_row, row_inserted),
    Task("fill a long form", "form", fill_sign_up, signed_up),
)


def expect(found: Any, wanted: Any, what: str) -> None:
    if found != wanted:
        raise TaskFailed(f"{what}: the application holds {found!r}, not {wanted!r}")


@contextlib.contextmanager
def applications() -> Iterator[dict[str, App | PageServer]]:
    pages = {"/sign-up": SIGN_UP, "/received": RECEIVED}
    with django_admin() as admin, datasette_site() as datasette, sqlite_web_site() as site, serve_pages(pages) as form:
        yield {"django": admin, "datasette": datasette, "sqlite-web": site, "form": form}


# ----- the run -------------------------------------------------------------------------------------------


async def run_policies(
    browser_of: Callable[[], Any], results: dict[tuple[str, str], Tally], tasks: tuple[Task, ...] = TASKS
) -> None:
    """Each policy on a browser of its own (``browser_of`` starts it) and on applications of its own, freshly
    set up (so that every run starts from the same state: no run lists the rows another added), every task once."""
    for policy in POLICIES:
        with applications() as apps:
            async with browser_of() as browser:
                started = time.monotonic()
                for task in tasks:
                    tag = f"{browser.name}/{policy}".replace(" ", "-")
                    await task.run(Agent(browser, policy), apps[task.app], tag)
                    task.check(apps[task.app], tag)
                    browser.tally.tasks.append(task.name)
                browser.tally.seconds = time.monotonic() - started
                results[(browser.name, policy)] = browser.tally
                print(f"{browser.name:<16} {policy:<28} {browser.tally.calls:>4} calls {browser.tally.chars:>8} chars")


@contextlib.asynccontextmanager
async def hermes_browser(lane: str) -> AsyncIterator[HermesBrowser]:
    start = extension_driver if lane == "extension" else cdp_driver
    async with start() as driver:
        yield HermesBrowser(lane, driver)


@contextlib.asynccontextmanager
async def playwright_browser() -> AsyncIterator[PlaywrightBrowser]:
    async with peers.peer_session(peers.playwright_mcp(VIEWPORT)) as session:
        yield PlaywrightBrowser(session)


def print_report(
    results: dict[tuple[str, str], Tally], lanes: list[str], version: str | None, tasks: tuple[Task, ...] = TASKS
) -> None:
    by_field = ", forms field by field" if FIELD_BY_FIELD else ""
    print(
        f"\n{len(tasks)} tasks ({', '.join(task.name for task in tasks)}{by_field}), each judged from its "
        "application's state; "
        f"@playwright/mcp {version or '-'}, Python {platform.python_version()}, {os.cpu_count()} CPUs"
    )
    print(f"{'browser':<16} {'policy':<28} {'calls':>6} {'chars':>9} {'seconds':>8}")
    for (name, policy), tally in results.items():
        print(f"{name:<16} {policy:<28} {tally.calls:>6} {tally.chars:>9} {tally.seconds:>8.1f}")
    met = True
    peer = results.get((PLAYWRIGHT, ANSWERS_POLICY))
    for lane in lanes:
        snapshot, answers = results[(lane, SNAPSHOT_POLICY)], results[(lane, ANSWERS_POLICY)]
        checks = {
            f"calls {answers.calls}/{snapshot.calls} = {answers.calls / snapshot.calls:.2f}x <= {TARGET_CALLS}x": (
                answers.calls / snapshot.calls <= TARGET_CALLS
            )
        }
        if peer is not None:
            ratio = answers.chars / peer.chars
            checks[f"characters {ratio:.3f}x Playwright MCP's (answers) <= {TARGET_CHARS}x"] = ratio <= TARGET_CHARS
        print(f"\n{lane} lane, answers policy")
        for what, passed in checks.items():
            print(f"  {what}: {peers.verdict(passed)}")
            met = met and passed
    print(f"\ntargets (issue 23): {peers.verdict(met)}")


def write_transcripts(results: dict[tuple[str, str], Tally], folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for (name, policy), tally in results.items():
        path = folder / f"{name}-{policy}.txt".replace(" ", "-")
        path.write_text("\n".join(tally.transcript), encoding="utf-8")
    print(f"transcripts: {folder}")


async def run(lanes: list[str], with_peer: bool, transcripts: Path | None, tasks: tuple[Task, ...] = TASKS) -> None:
    version = (
        peers.ensure_peers({peers.PLAYWRIGHT_PACKAGE: peers.PLAYWRIGHT_MCP})[peers.PLAYWRIGHT_PACKAGE]
        if with_peer
        else None
    )
    results: dict[tuple[str, str], Tally] = {}
    for lane in lanes:
        await run_policies(lambda lane=lane: hermes_browser(lane), results, tasks)
    if with_peer:
        await run_policies(playwright_browser, results, tasks)
    print_report(results, lanes, version, tasks)
    if transcripts is not None:
        write_transcripts(results, transcripts)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--lanes", default="extension,cdp", help="the Hermes lanes to run (default extension,cdp)")
    parser.add_argument("--no-peer", action="store_true", help="leave Playwright MCP out")
    parser.add_argument("--transcript", type=Path, metavar="DIR", help="write every call and its text under DIR")
    parser.add_argument("--tasks", help="the tasks to run, by name, comma-separated (default all)")
    parser.add_argument(
        "--field-by-field", action="store_true", help="fill forms one call per field, not with browser_fill_form"
    )
    options = parser.parse_args()
    lanes = [lane for lane in options.lanes.split(",") if lane]
    named = options.tasks.split(",") if options.tasks else [task.name for task in TASKS]
    unknown = set(named) - {task.name for task in TASKS}
    if unknown:
        parser.error(f"no task {', '.join(sorted(unknown))}; the tasks: {', '.join(task.name for task in TASKS)}")
    tasks = tuple(task for task in TASKS if task.name in named)
    global FIELD_BY_FIELD
    FIELD_BY_FIELD = options.field_by_field
    return peers.exit_status("agent_tasks", run(lanes, not options.no_peer, options.transcript, tasks))


if __name__ == "__main__":
    sys.exit(main())

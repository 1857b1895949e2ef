"""The user's site rules hold on every navigation of the controlled tab (issue 22), not only on the URL the agent
names: HTTP redirects, script and meta-refresh navigations, links, form posts, iframes. Real Chromium, the unpacked
extension, the popup answered as the user would.

Two loopback servers are two sites (same host, other port): the allowed one, whose pages lead to the other, and the
refused one, whose page is the secret (its path and title say "zebra"). The refused server's own request log is the
judge: it never saw a request, while the tab did end up refused (the next snapshot says so); and no answer carries
the refused page's URL or title. The tests share one stack and the two servers, reset before each test (``stack``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import pytest
from aiohttp import web

from tests.extension.test_user_control import ANSWER_S, User, ref_of, user_in_control
from tests.support.browser_stack import BrowserStack, extension_stack
from tests.support.pages import Page, PageServer, serve_pages
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium

#: The refused page: its path and title both hold the marker, which no answer may carry.
MARKER = "zebra"
SECRET_PATH = f"account-{MARKER}"
SECRET = f"<title>Blocked site: account {MARKER} balance</title><h1>Balance of account {MARKER}</h1>"


def leading_to(target: str) -> dict[str, Page]:
    """The allowed site's pages, each leading the tab to ``target`` its own way."""

    def found(_query: Mapping[str, str]) -> str:
        raise web.HTTPFound(target)

    def temporary(_query: Mapping[str, str]) -> str:
        raise web.HTTPTemporaryRedirect(target)

    return {
        "/start": "<title>Start</title><h1>Start</h1>",
        "/302": found,
        "/307": temporary,
        "/script": f"<title>Script</title><script>location = {json.dumps(target)}</script>",
        "/meta": f'<title>Meta</title><meta http-equiv="refresh" content="0; url={target}">',
        "/iframe": f'<title>Frame</title><h1>Framing</h1><iframe src="{target}"></iframe>',
        "/link": f'<title>Link</title><a href="{target}">Open the account</a>',
        "/form": f'<title>Form</title><form method="post" action="{target}"><input name="q" value="x">'
        "<button>Send</button></form>",
        "/window-open": f"<title>Popup</title><button onclick='window.open({json.dumps(target)})'>Open the account"
        "</button>",
        "/new-tab-link": f'<title>New tab</title><a href="{target}" target="_blank">Open the account</a>',
    }


def navigate(path: str) -> Callable[[User, PageServer], list[dict[str, Any]]]:
    return lambda user, allowed: [user.stack.call(user.session_id, "browser_navigate", url=allowed.url(path))]


def click(path: str, role: str, name: str) -> Callable[[User, PageServer], list[dict[str, Any]]]:
    def run(user: User, allowed: PageServer) -> list[dict[str, Any]]:
        opened = user.stack.call(user.session_id, "browser_navigate", url=allowed.url(path))
        ref = ref_of(user.snapshot(), role, name)
        return [opened, user.stack.call(user.session_id, "browser_click", ref=ref)]

    return run


#: Each way to the refused site: what the agent does on the allowed one, and whether the tab itself goes there.
#: (A tab the page opens has ways of its own below.)
WAYS = {
    "302": (navigate("302"), True),
    "307": (navigate("307"), True),
    "script": (navigate("script"), True),
    "meta-refresh": (navigate("meta"), True),
    "iframe": (navigate("iframe"), False),
    "link": (click("link", "link", "Open the account"), True),
    "form-post": (click("form", "button", "Send"), True),
}


@pytest.fixture(scope="module")
def other_site() -> Iterator[PageServer]:
    """The other site's server: the refused page."""
    with serve_pages({f"/{SECRET_PATH}": SECRET}) as other:
        yield other


@pytest.fixture(scope="module")
def module_stack(other_site: PageServer) -> Iterator[BrowserStack]:
    """The stack these tests share (``stack``, tests/extension/conftest.py): mode "ask", on the allowed site's pages,
    each leading to the other site."""
    with (
        serve_pages(leading_to(other_site.url(SECRET_PATH))) as allowed,
        extension_stack(allowed, mode="ask") as shared,
    ):
        yield shared


@contextmanager
def two_sites(stack: BrowserStack, other: PageServer) -> Iterator[tuple[User, PageServer, PageServer]]:
    """The user in control (ask mode), the allowed site (Always) and the other site's server, still undecided and
    not yet asked for anything by this test."""
    other.requested.clear()
    with user_in_control(stack) as user:
        user.allow_always(stack.pages.url("start"))
        yield user, stack.pages, other


def refusal(user: User, answers: list[dict[str, Any]]) -> dict[str, Any]:
    """The refusal the agent hears: the last action's answer, or, when the page navigated after the load that action
    waited for (a script, a meta refresh), the next call's once the tab has gone there."""
    if not answers[-1]["ok"]:
        return answers[-1]

    def refused() -> dict[str, Any] | None:
        reply = user.stack.call(user.session_id, "browser_snapshot")
        return None if reply["ok"] else reply

    return wait_until(refused, ANSWER_S, "the tab to go to the refused site")


def assert_nothing_shown(answers: list[dict[str, Any]]) -> None:
    """Neither the refused page's URL nor its title is in any answer (but a click's ``opens``: the href of the link
    clicked, which the page itself shows)."""
    for answer in answers:
        result = answer.get("result")
        if isinstance(result, dict):
            result = {key: value for key, value in result.items() if key != "opens"}
        assert MARKER not in json.dumps({**answer, "result": result}), answer


@pytest.mark.parametrize("way", list(WAYS))
def test_a_blocked_site_is_never_requested_whatever_leads_there(
    way: str, stack: BrowserStack, other_site: PageServer
) -> None:
    act, tab_goes = WAYS[way]
    with two_sites(stack, other_site) as (user, allowed, blocked):
        refusing = user.start("browser_navigate", url=blocked.url(SECRET_PATH))
        user.answer("siteQuestion", "blockButton")
        assert user.reply(refusing)["error"]["code"] == "site_blocked"
        user.closed("siteQuestion")
        answers = act(user, allowed)
        assert_nothing_shown(answers)
        host = f"127.0.0.1:{blocked.port}"
        if tab_goes:
            # The tab went for the refused site: the agent hears that it is blocked, naming the site only.
            refused = refusal(user, answers)
            assert refused["error"]["code"] == "site_blocked", refused
            assert host in refused["error"]["message"]
            assert_nothing_shown([refused])
        else:
            # The iframe stays empty; the page around it is the allowed one.
            page = user.snapshot()
            assert '- heading "Framing"' in page and MARKER not in page
        assert blocked.requested == []


@pytest.mark.parametrize("way", ["302", "script", "link"])
def test_an_undecided_site_reached_on_the_way_waits_for_the_users_answer(
    way: str, stack: BrowserStack, other_site: PageServer
) -> None:
    act, _ = WAYS[way]
    with two_sites(stack, other_site) as (user, allowed, undecided):
        answers = act(user, allowed)
        host = f"127.0.0.1:{undecided.port}"
        assert_nothing_shown(answers)
        pending = refusal(user, answers)
        assert_nothing_shown([pending])
        assert pending["error"]["code"] == "permission_pending", pending
        assert host in pending["error"]["message"]
        assert user.question("siteQuestion") == f"Let the agent act on {host}?"
        assert undecided.requested == []
        # The user allows it; the agent navigates again, and only now does the site see a request.
        user.popup.click("allowOnceButton")
        user.closed("siteQuestion")
        again = user.stack.ok(user.session_id, "browser_navigate", url=allowed.url("302"))
        assert again["title"] == f"Blocked site: account {MARKER} balance"
        assert f"GET /{SECRET_PATH}" in undecided.requested


#: The ways the page opens a tab of its own onto the refused site.
OPENING = {
    "window-open": click("window-open", "button", "Open the account"),
    "link-to-a-new-tab": click("new-tab-link", "link", "Open the account"),
}


@pytest.mark.parametrize("way", list(OPENING))
def test_a_tab_the_controlled_tab_opens_never_requests_a_blocked_site(
    way: str, stack: BrowserStack, other_site: PageServer
) -> None:
    with two_sites(stack, other_site) as (user, allowed, blocked):
        refusing = user.start("browser_navigate", url=blocked.url(SECRET_PATH))
        user.answer("siteQuestion", "blockButton")
        assert user.reply(refusing)["error"]["code"] == "site_blocked"
        user.closed("siteQuestion")
        answers = OPENING[way](user, allowed)
        assert_nothing_shown(answers)
        # The agent hears that a tab opened and which site refused it; the controlled tab stays where it was.
        [opened] = answers[-1]["result"]["opened"]
        assert opened["refused"] == f"127.0.0.1:{blocked.port}", answers[-1]
        assert set(opened) == {"id", "refused"}
        # The tab list names that tab by its site too.
        listed = user.stack.call(user.session_id, "browser_tabs")
        assert_nothing_shown([listed])
        assert {"id": opened["id"], "refused": opened["refused"]}.items() <= next(
            tab for tab in listed["result"] if tab["id"] == opened["id"]
        ).items()
        assert blocked.requested == []
        assert '"Open the account"' in user.snapshot()


def test_the_rules_hold_while_the_service_worker_is_stopped_and_after_it_wakes(
    stack: BrowserStack, other_site: PageServer
) -> None:
    with two_sites(stack, other_site) as (user, allowed, blocked):
        refusing = user.start("browser_navigate", url=blocked.url(SECRET_PATH))
        user.answer("siteQuestion", "blockButton")
        assert user.reply(refusing)["error"]["code"] == "site_blocked"
        user.closed("siteQuestion")
        # The rules are the browser's and outlive the worker that made them; a new worker makes them again from
        # storage, and a request to the blocked site is still never sent.
        user.stack.restart_service_worker(user.session_id)
        answers = navigate("302")(user, allowed)
        assert_nothing_shown(answers)
        assert refusal(user, answers)["error"]["code"] == "site_blocked"
        assert blocked.requested == []

"""Frames on real headless Chromium (``--site-per-process``): a cross-origin iframe (``localhost`` inside
``127.0.0.1``) is an OOPIF with its own session, in ``frame_tree``, reachable by ``browser_cdp(frame_id=…)``, and
the snapshot's refs inside it click and type; the tree's caps on a page of 40 iframes and on deep OOPIF nesting."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.cdp.chromium_stack import Agent
from tests.support.pages import PageServer

pytestmark = [pytest.mark.asyncio(loop_scope="module"), pytest.mark.chromium]


async def open_shop(agent: Agent, pages: PageServer) -> dict[str, Any]:
    await agent.call("browser_navigate", url=pages.url("/frames/top"))
    oopif = pages.url("/frames/child", other=True)
    await agent.until(lambda: any(f.url == oopif for f in agent.supervisor.state.frames.values()))
    return await agent.call("browser_snapshot")


def child_entry(snapshot: dict[str, Any], url_end: str) -> dict[str, Any]:
    return next(c for c in snapshot["frame_tree"]["children"] if c["url"].endswith(url_end))


async def test_a_cross_origin_iframe_is_an_oopif_in_the_frame_tree(agent: Agent, pages: PageServer) -> None:
    snapshot = await open_shop(agent, pages)
    tree = snapshot["frame_tree"]
    assert tree["top"] == {
        "frame_id": agent.supervisor.controlled_target,
        "url": pages.url("/frames/top"),
        "origin": pages.url(""),
    }
    oopif, inline = child_entry(snapshot, "/frames/child"), child_entry(snapshot, "about:srcdoc")
    assert oopif["is_oopif"] is True and oopif["url"] == pages.url("/frames/child", other=True)
    assert oopif["session_id"] in agent.supervisor.state.targets
    assert inline == {"frame_id": inline["frame_id"], "url": "about:srcdoc", "is_oopif": False}
    assert tree["truncated"] is False


async def test_browser_cdp_with_an_oopif_frame_id_evaluates_inside_it(agent: Agent, pages: PageServer) -> None:
    snapshot = await open_shop(agent, pages)
    oopif = child_entry(snapshot, "/frames/child")["frame_id"]
    assert await agent.evaluate("location.origin", frame_id=oopif) == pages.url("", other=True).rstrip("/")
    assert await agent.evaluate("location.origin") == pages.url("").rstrip("/")


async def test_a_same_process_frame_id_is_refused_pointing_at_content_window(agent: Agent, pages: PageServer) -> None:
    snapshot = await open_shop(agent, pages)
    inline = child_entry(snapshot, "about:srcdoc")["frame_id"]
    code, message = await agent.fail(
        "browser_cdp", method="Runtime.evaluate", params={"expression": "1"}, frame_id=inline
    )
    assert code == "invalid_arguments" and "contentWindow" in message
    # ... and what the message suggests works.
    assert (
        await agent.evaluate("document.querySelectorAll('iframe')[1].contentDocument.body.innerText") == "inline words"
    )


async def test_refs_inside_the_oopif_click_and_type_with_real_input(agent: Agent, pages: PageServer) -> None:
    snapshot = await open_shop(agent, pages)
    text = snapshot["snapshot"]
    assert 'iframe "Payment":' in text and "inline words" in text and "[frame=" not in text
    oopif = child_entry(snapshot, "/frames/child")["frame_id"]
    clicked = await agent.call("browser_click", ref=agent.ref_of(text, 'button "Pay now"'))
    assert (clicked["role"], clicked["name"]) == ("button", "Pay now")
    assert await agent.evaluate("document.body.dataset.clicks", frame_id=oopif) == "1"
    await agent.evaluate(
        "window.trusted = new Promise(r => addEventListener('click', e => r(e.isTrusted))); 0", frame_id=oopif
    )
    await agent.call("browser_click", ref=agent.ref_of(text, 'button "Pay now"'))
    assert await agent.evaluate("window.trusted", frame_id=oopif) is True  # a real input event, not a script's
    typed = await agent.call("browser_type", ref=agent.ref_of(text, 'textbox "Card holder"'), text="Ada Lovelace")
    assert typed["value"] == "Ada Lovelace"
    assert await agent.evaluate("document.querySelector('input').value", frame_id=oopif) == "Ada Lovelace"


async def test_refs_are_unique_across_frames(agent: Agent, pages: PageServer) -> None:
    text = (await open_shop(agent, pages))["snapshot"]
    refs = [line.rsplit("@", 1)[1] for line in text.splitlines() if "@e" in line]
    assert refs and len(refs) == len(set(refs))


async def test_forty_iframes_are_capped_at_thirty_entries(agent: Agent, pages: PageServer) -> None:
    await agent.call("browser_navigate", url=pages.url("/frames/many"))
    await agent.until(lambda: len(agent.supervisor.state.frames.of_tab(agent.supervisor.controlled_target or "")) == 41)
    tree = (await agent.call("browser_snapshot"))["frame_tree"]
    assert len(tree["children"]) == 30 and tree["truncated"] is True


async def test_oopifs_nested_three_deep_are_cut_at_depth_two(agent: Agent, pages: PageServer) -> None:
    await agent.call("browser_navigate", url=pages.url("/nested/3"))  # 127.0.0.1 > localhost > 127.0.0.1 > localhost
    await agent.until(lambda: sum(f.is_oopif for f in agent.supervisor.state.frames.values()) == 3)
    tree = (await agent.call("browser_snapshot"))["frame_tree"]
    assert [c["url"].rsplit("/", 1)[1] for c in tree["children"]] == ["2", "1"]
    assert all(c["is_oopif"] for c in tree["children"]) and tree["truncated"] is True


async def test_leaving_a_page_drops_its_frames_from_the_tree(agent: Agent, pages: PageServer) -> None:
    assert len((await open_shop(agent, pages))["frame_tree"]["children"]) == 2
    await agent.call("browser_navigate", url=pages.url("/plain"))
    assert (await agent.call("browser_snapshot"))["frame_tree"]["children"] == []

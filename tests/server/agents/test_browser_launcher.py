"""``hermes-browser browser``: the user's Chromium started ready to pair, paired by ``--approve``, then driven.

The real thing end to end: the installed console script launches Debian's Chromium headless with
the extension and the native host in a fresh profile; ``--approve`` clicks Approve in the real
popup; the server then holds the pairing the launcher printed, an agent's extension session is
picked up by that browser and reads a page; Ctrl-C closes the browser and removes the profile.
"""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from hermes_server.agents.launcher import find_browser
from hermes_server.app_keys import PAIRINGS
from hermes_server.errors import ConfigError
from hermes_wire.home import process_running
from hermes_wire.native import HOST_NAME
from tests.server.agents.launched_browser import connected_session, launched_browser
from tests.support.local_stack import running_server
from tests.support.pages import serve_pages

PAGE = "<!doctype html><title>Launcher check</title><main><button>Launched and driven</button></main>"


@pytest.mark.chromium
@pytest.mark.processes
async def test_headless_approve_pairs_and_an_agent_drives_the_tab() -> None:
    with serve_pages({"/page": PAGE}) as pages:
        # In the extension's "ask" mode the agent's first action would wait for the user: CI has none.
        options = ("--headless", "--approve", "--act-without-asking")
        async with running_server() as server, launched_browser(server.home, *options) as browser:
            await browser.expect("Ready:")
            browser.printed(r"^Mode: .* \(act\); change it in the popup\.$")
            device_id = browser.printed(r"^Paired as device (\S+)\.$").group(1)
            assert list(server.app[PAIRINGS].pairings) == [device_id]
            profile = Path(browser.printed(r"^Profile: (\S+) \(temporary").group(1))
            assert (profile / "NativeMessagingHosts" / f"{HOST_NAME}.json").is_file()
            chromium_pid = int(browser.printed(r"\(pid (\d+)\)").group(1))

            session_id = await connected_session(server)
            async with server.client() as client:
                navigated = await client.call(session_id, "browser_navigate", {"url": pages.url("/page")})
                assert navigated.ok, navigated
                snapshot = await client.call(session_id, "browser_snapshot", {})
            assert snapshot.ok, snapshot
            assert 'button "Launched and driven"' in snapshot.result["snapshot"]

            assert await browser.interrupt() == 0, await browser.output()
            assert browser.lines[-1] == "Closed the browser."
            assert not process_running(chromium_pid)
            assert not profile.exists()


@pytest.mark.chromium
@pytest.mark.processes
async def test_a_given_profile_is_kept_and_stays_paired_at_the_next_launch(tmp_path: Path) -> None:
    profile = tmp_path / "my-profile"
    async with running_server() as server:
        first_launch = ("--headless", "--approve", "--act-without-asking", "--profile", str(profile))
        async with launched_browser(server.home, *first_launch) as first:
            await first.expect("Ready:")
            assert "Chose 'act without asking' in the popup (--act-without-asking)." in first.lines
            device_id = first.printed(r"^Paired as device (\S+)\.$").group(1)
            assert await first.interrupt() == 0, await first.output()
        assert (profile / "NativeMessagingHosts" / f"{HOST_NAME}.json").is_file()  # kept, with its host
        async with launched_browser(server.home, "--headless", "--profile", str(profile)) as second:
            await second.expect("Ready:")
            assert f"Already paired as device {device_id}." in second.lines
            second.printed(r"^Mode: .* \(act\); change it in the popup\.$")  # the choice was stored in the profile
            assert await second.interrupt() == 0, await second.output()
        assert list(server.app[PAIRINGS].pairings) == [device_id]


@pytest.mark.processes
@pytest.mark.parametrize("options", [("--headless", "--approve"), ("--headless",)])
async def test_without_a_server_it_starts_nothing_and_names_the_command(tmp_path: Path, options: tuple[str]) -> None:
    async with launched_browser(tmp_path, *options) as browser:
        assert await browser.process.wait() == 1
        output = await browser.output()
    assert "no Hermes server is running" in output and "start it with: hermes-browser serve" in output
    assert "Started" not in output


@pytest.mark.processes
async def test_a_browser_that_dies_at_start_is_reported_with_its_log_and_leaves_nothing(tmp_path: Path) -> None:
    broken = tmp_path / "broken-browser"
    broken.write_text("#!/bin/sh\necho 'broken-browser: no display, giving up' >&2\nexit 3\n")
    broken.chmod(0o700)
    async with running_server() as server, launched_browser(server.home, "--browser", str(broken)) as browser:
        assert await browser.process.wait() == 1
        output = await browser.output()
    assert "hermes-browser: browser: " in output
    assert "Last lines of the browser's log" in output and "broken-browser: no display, giving up" in output
    profile = Path(browser.printed(r"^Profile: (\S+) \(temporary").group(1))
    assert not profile.exists()


@pytest.mark.processes
async def test_a_profile_that_is_a_file_is_a_usage_error(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "profile"
    not_a_folder.write_text("")
    async with launched_browser(tmp_path, "--profile", str(not_a_folder)) as browser:
        assert await browser.process.wait() == 2
        assert f"--profile {not_a_folder}: not a folder" in await browser.output()


def executable(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_find_browser_takes_the_given_path_then_path_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    given = executable(tmp_path / "my-chrome")
    assert find_browser(str(given)) == str(given)
    with pytest.raises(ConfigError, match=r"--browser .*not an executable"):
        find_browser(str(tmp_path / "missing"))
    monkeypatch.setenv("PATH", str(executable(tmp_path / "bin" / "google-chrome").parent))
    assert find_browser(None) == str(tmp_path / "bin" / "google-chrome")


def test_find_browser_falls_back_to_install_paths_and_says_what_it_tried(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    app = executable(tmp_path / "Applications/Chromium.app/Contents/MacOS/Chromium")
    assert find_browser(None, platform="darwin") == str(app)
    with pytest.raises(ConfigError, match=r"no Chromium or Chrome found .*--browser PATH"):
        find_browser(None, platform="plan9")

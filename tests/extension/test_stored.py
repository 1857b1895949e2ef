"""The service worker's copy of chrome.storage (background/stored.js), run in an extension page of a real Chromium.

The worker reads what it keeps (the user's rules, the controlled tabs, the refs) from a copy in memory instead of a
round trip to the browser per read. That is exact only if a reader never gets a value older than the last one
written, a caller cannot change the copy by changing what it read, a failed write leaves storage's value to read,
and the action log, written later to spare each command a storage write, still reaches storage with its newest
entries. The module is imported into the popup page (its own copy there) and works on keys no one else uses.
"""

from __future__ import annotations

from typing import Any

import pytest
from selenium import webdriver

from tests.conftest import scaled

pytestmark = pytest.mark.chromium

#: Imports stored.js and runs the test's body (the text after this), which returns what it checked.
RUN = """
const done = arguments[arguments.length - 1];
const options = arguments[0];
const within = (ms) =>
  new Promise((_, reject) => setTimeout(() => reject(new Error("no change within " + ms + " ms")), ms));
import(chrome.runtime.getURL("background/stored.js"))
  .then(async (s) => {{ {body} }})
  .then(done, (error) => done("failed: " + error.message));
"""


def run(popup: webdriver.Chrome, body: str, **options: Any) -> Any:
    return popup.execute_async_script(RUN.format(body=body), {"wait_ms": scaled(5) * 1000, **options})


def test_a_read_gives_what_was_written_and_its_own_copy_of_it(popup: webdriver.Chrome) -> None:
    checked = run(
        popup,
        """
        await s.write("session", "test:a", { n: 1 });
        const inStorage = (await chrome.storage.session.get("test:a"))["test:a"];
        const first = await s.read("session", "test:a", null);
        first.n = 2;  // the caller's own copy
        return [inStorage, await s.read("session", "test:a", null), await s.read("session", "test:none", "fallback")];
        """,
    )
    assert checked == [{"n": 1}, {"n": 1}, "fallback"]


def test_a_read_that_went_out_before_a_write_never_brings_back_the_older_value(popup: webdriver.Chrome) -> None:
    checked = run(
        popup,
        """
        await chrome.storage.session.set({ "test:b": "old" });  // in storage before the module read it
        const reading = s.read("session", "test:b", null);  // no copy yet: it goes to storage
        const writing = s.write("session", "test:b", "new");
        await Promise.all([reading, writing]);
        return [await s.read("session", "test:b", null), (await chrome.storage.session.get("test:b"))["test:b"]];
        """,
    )
    assert checked == ["new", "new"]


def test_a_failed_write_rejects_and_leaves_storages_value_to_read(popup: webdriver.Chrome) -> None:
    checked = run(
        popup,
        """
        await s.write("session", "test:c", "kept");
        let error = null;
        try {
          await s.write("session", "test:c", "x".repeat(11 * 1024 * 1024));  // over chrome.storage.session's 10 MB
        } catch (caught) {
          error = caught.message;
        }
        return [error, await s.read("session", "test:c", null)];
        """,
    )
    error, read = checked
    assert error and "quota" in error.lower(), checked
    assert read == "kept"


def test_a_value_equal_to_the_one_written_is_not_written_again(popup: webdriver.Chrome) -> None:
    checked = run(
        popup,
        """
        const written = [];
        chrome.storage.onChanged.addListener(
          (changes) => "test:d" in changes && written.push(changes["test:d"].newValue),
        );
        await s.write("session", "test:d", { refs: [1, 2] });
        await s.write("session", "test:d", { refs: [1, 2] });
        await s.write("session", "test:d", { refs: [1, 2, 3] });
        return written;
        """,
    )
    assert checked == [{"refs": [1, 2]}, {"refs": [1, 2, 3]}]


def test_a_burst_written_later_reaches_storage_once_with_its_newest_value(popup: webdriver.Chrome) -> None:
    checked = run(
        popup,
        """
        const written = [];
        const stored = new Promise((resolve) =>
          chrome.storage.onChanged.addListener((changes) => {
            if (!("test:log" in changes)) return;
            written.push(changes["test:log"].newValue);
            resolve();
          }),
        );
        for (let i = 1; i <= 5; i++) s.writeLater("session", "test:log", [i], { quietMs: 1000, maxMs: 4000 });
        const atOnce = await s.read("session", "test:log", null);
        const notYet = (await chrome.storage.session.get("test:log"))["test:log"] ?? null;
        await Promise.race([stored, within(options.wait_ms)]);
        return [atOnce, notYet, written];
        """,
    )
    assert checked == [[5], None, [[5]]]


def test_a_value_written_later_reaches_storage_within_max_ms_while_new_values_keep_coming(
    popup: webdriver.Chrome,
) -> None:
    checked = run(
        popup,
        """
        let count = 0, stop = false;
        const stored = new Promise((resolve) =>
          chrome.storage.onChanged.addListener(
            (changes) => "test:busy" in changes && resolve(changes["test:busy"].newValue),
          ),
        );
        // a value every 10 ms, each sooner than quietMs: only maxMs ends the wait
        const keepWriting = async () => {
          while (!stop && count < 1000) {
            s.writeLater("session", "test:busy", ++count, { quietMs: 2000, maxMs: 300 });
            await new Promise((next) => setTimeout(next, 10));
          }
        };
        keepWriting();
        const first = await Promise.race([stored, within(options.wait_ms)]);
        stop = true;
        return [first, count];
        """,
    )
    first, count = checked
    assert isinstance(first, int) and 1 <= first <= count < 1000, checked

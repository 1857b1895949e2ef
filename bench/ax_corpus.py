"""Roles and names against Chromium's accessibility tree, on every page of the widget corpus.

Run it as ``python bench/ax_corpus.py [PAGE ...]`` (pages by file name without ``.html``; all of
tests/widgets/corpus/ by default). For each page, loaded in a plain headless Chromium with the snapshot engine
injected as the cdp lane injects it, every line of a full snapshot that has a ref is set beside Chromium's own role
and name for that element (``Accessibility.getPartialAXTree``), by the rule of
tests/extension/ax_agreement.py (``disagrees``): where Chromium gives a role other than generic, the snapshot shows the
same role, and Chromium's name where it gives one (icon-font glyphs left out), or no quoted name where it gives
none. It prints each page's count and every disagreement, then one line::

    ax agreement: 56 pages, 1,520 refs; disagree: 12

It is a measure, not a test (the test holds a few pages to it): it exits 0 whatever it finds, 1 if a page never
got ready.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

# ``python bench/<script>.py`` puts only bench/ on sys.path; the harness is in the repository's tests/.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hermes_extension import page_hook_source
from tests.conformance.corpus import corpus_pages
from tests.extension.ax_agreement import View, disagrees, views
from tests.extension.snapshot_harness import Browser
from tests.lanes.fidelity_pages import WIDGETS, WIDGETS_MOUNT
from tests.support.pages import PageServer, serve_pages
from tests.support.waiting import wait_until

READY_TIMEOUT_S = 30


def measure(browser: Browser, server: PageServer, page: str) -> tuple[int, list[View]]:
    """How many refs the page's full snapshot has, and those that disagree with Chromium."""
    tab = browser.new_tab()
    try:
        browser.cdp.send("Page.addScriptToEvaluateOnNewDocument", {"source": page_hook_source()}, session=tab.session)
        tab.navigate(server.url(f"{WIDGETS_MOUNT}corpus/{page}.html"))
        top = tab.top().inject()
        wait_until(lambda: top.page_eval("window.__ready === true"), READY_TIMEOUT_S, f"the {page} page")
        seen = views(tab, top, top.snapshot(full=True)["text"])
        return len(seen), [view for view in seen if disagrees(view)]
    finally:
        tab.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="*", help="corpus pages by name (default: all)")
    pages = parser.parse_args().pages or sorted(name.removesuffix(".html") for name in corpus_pages())
    refs = disagreeing = 0
    broken = []
    with serve_pages(folder=WIDGETS.parent, mount=WIDGETS_MOUNT) as server:
        browser = Browser()
        try:
            for page in pages:
                try:
                    count, differing = measure(browser, server, page)
                except TimeoutError as error:
                    broken.append(page)
                    print(f"{page}: never ready ({error})", flush=True)
                    continue
                refs += count
                disagreeing += len(differing)
                print(f"{page}: {count} refs, {len(differing)} disagree", flush=True)
                for view in differing:
                    chromium = f"{view.chromium_role} {view.chromium_name!r}"
                    print(f"    {view.ref}: {view.role} {view.shown!r}; Chromium: {chromium}")
        finally:
            browser.close()
    print(f"ax agreement: {len(pages) - len(broken)} pages, {refs:,} refs; disagree: {disagreeing}")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())

"""The snapshot engine both lanes inject, fuzzed: random page strings (line and paragraph separators, every kind
of control, quotes, backslashes, ``@e`` and forged lines) in the names, texts, hrefs, values and option labels of
a small page never give a line outside the snapshot grammar, nor a ref line that did not come from a real
element, nor a name other than the one the page gave, in a full snapshot or a compacted one (long lines cut), nor
in what changed between two reads (issue 23: browser_snapshot changes=true, every action's answer).

One headless Chromium and one page serve every example: each example rebuilds the page's body from the engine's
isolated world (over CDP, as the cdp lane reaches it) and asks for both snapshots.  ``EXAMPLES_RUN`` counts the
examples; the test asserts they all ran.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.extension.snapshot_harness import Browser, Frame
from tests.lanes.hostile_pages import ADD_ELEMENT_JS, FORGED_LINE
from tests.lanes.snapshot_grammar import normalised, parse_changes, parse_snapshot, unescaped_text
from tests.support.pages import serve_pages

pytestmark = pytest.mark.chromium

EXAMPLES = 150
EXAMPLES_RUN: list[int] = []

#: Characters that end lines, close quotes, escape, or make refs and snapshot syntax.
TRICKY_CHARS = list('\n\r\v\f\x85\u2028\u2029\x00\x1b\x1c\x1e\x7f\x9b\t "\\@eE0123456789-:[]=|…\xa0\ufeff')
FRAGMENTS = [FORGED_LINE, "@e1", '" @e2 "', "[url=x] @e5", ": ", '\\"', "\\", "[ref=e1]", "[frame=fa.1]", "\n- "]
page_strings = st.lists(
    st.sampled_from(FRAGMENTS) | st.text(st.sampled_from(TRICKY_CHARS) | st.characters(), max_size=6), max_size=8
).map("".join)

#: Builds the page from the strings S (the engine's world shares the page's DOM). Long lines (an image's alt, an
#: option's label, a paragraph) and filler make the compact snapshot cut lines. The second button is named by its
#: aria-label, "Name:" + S[1]; the first paragraph says "Text:" + S[14].
BUILD = (
    "(function (S) {"
    + ADD_ELEMENT_JS
    + """
  document.body.replaceChildren();
  add("button", {}, S[0]);
  add("button", {"aria-label": "Name:" + S[1]}, S[2]);
  add("a", {href: S[3]}, S[4]);
  add("input", {"aria-label": S[5]}).value = S[6];
  add("textarea", {"aria-label": S[7]}).value = S[8];
  var select = add("select", {"aria-label": S[9]});
  add("option", {}, S[10], select);
  add("option", {label: "O".repeat(110) + S[11], selected: ""}, "x", select);
  add("div", {contenteditable: "true", "aria-label": S[12]}, S[13]);
  add("p", {}, "Text:" + S[14]);
  add("h2", {}, S[15]);
  var row = add("tr", {}, undefined, add("table"));
  add("td", {}, S[16], row);
  add("td", {}, S[17], row);
  add("img", {alt: "A".repeat(110) + S[18], src: "data:image/gif;base64,R0lGODlhAQABAAAAACw="});
  add("p", {}, "T".repeat(110) + S[19]);
  for (var i = 0; i < 20; i++) add("p", {}, "filler ".repeat(25));
})"""
)
STRINGS_USED = 20
#: The roles of the elements with refs, in page order.
ROLES = ["button", "button", "link", "textbox", "textbox", "combobox", "textbox"]


@pytest.fixture(scope="module")
def page() -> Iterator[Frame]:
    """The engine in the top frame of one page, in one headless Chromium, for every example."""
    with serve_pages({"/fuzz": "<!doctype html><html><head><title>Fuzz</title></head><body></body></html>"}) as pages:
        browser = Browser()
        try:
            tab = browser.new_tab()
            tab.navigate(pages.url("/fuzz"))
            yield tab.top().inject()
        finally:
            browser.close()


def check_rendering(page: Frame, strings: list[str]) -> None:
    page.eval(f"{BUILD}({json.dumps(strings)})")
    full = page.call("snapshotSync", {"full": True})
    compact = page.call("snapshotSync", {"maxChars": 2000})
    assert compact["truncated"], compact["text"]
    for snapshot in (full, compact):
        lines = parse_snapshot(snapshot["text"])
        with_refs = [line for line in lines if line.ref is not None]
        assert [line.ref for line in with_refs] == snapshot["refs"], snapshot["text"]
        assert [line.role for line in with_refs] == ROLES, snapshot["text"]
        assert with_refs[1].name == normalised("Name:" + strings[1]), snapshot["text"]
    paragraph = next(line for line in parse_snapshot(full["text"]) if line.role == "paragraph" and line.text)
    assert unescaped_text(paragraph.text or "") == normalised("Text:" + strings[14])


def test_no_page_string_forges_a_line_a_name_or_a_ref(page: Frame) -> None:
    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.lists(page_strings, min_size=STRINGS_USED, max_size=STRINGS_USED))
    def renders_safely(strings: list[str]) -> None:
        EXAMPLES_RUN.append(1)
        check_rendering(page, strings)

    renders_safely()
    assert len(EXAMPLES_RUN) >= EXAMPLES


CHANGES_EXAMPLES = 60
CHANGES_RUN: list[int] = []


def read(page: Frame, read_id: str, after: str | None) -> dict[str, object]:
    """The session's read ``read_id`` of the page, with what changed since read ``after``, as the lanes ask."""
    options = {"full": True, "session": "fuzz", "read": read_id, "after": after, "changes": True}
    part: dict[str, object] = page.call("snapshotSync", options)
    return part


def test_no_page_string_forges_a_line_or_a_ref_in_what_changed(page: Frame) -> None:
    @settings(max_examples=CHANGES_EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        st.lists(page_strings, min_size=STRINGS_USED, max_size=STRINGS_USED),
        st.lists(page_strings, min_size=STRINGS_USED, max_size=STRINGS_USED),
        page_strings,
    )
    def changes_safely(before: list[str], after: list[str], paragraph: str) -> None:
        CHANGES_RUN.append(1)
        page.eval(f"{BUILD}({json.dumps(before)})")
        read(page, "one", None)
        # The same elements, one text changed: that paragraph's line goes and comes back, and nothing else moves.
        page.eval(f"document.querySelectorAll('p')[0].textContent = {json.dumps('Text:' + paragraph)}")
        part = read(page, "two", "one")
        found = part["changes"]
        assert isinstance(found, dict)
        if normalised("Text:" + paragraph) == normalised("Text:" + before[14]):
            assert found.get("unchanged") is True, found
        else:
            marked = parse_changes(str(found["snapshot"]))
            assert [(mark, line.role) for mark, line in marked if mark != " "] == [
                ("-", "paragraph"),
                ("+", "paragraph"),
            ]
            assert unescaped_text(marked[-1][1].text or "") == normalised("Text:" + paragraph)
        # A page rebuilt: its new elements are added with the refs this read gave them, the old ones removed.
        page.eval(f"{BUILD}({json.dumps(after)})")
        part = read(page, "three", "two")
        found = part["changes"]
        assert isinstance(found, dict) and "changes" in found, found
        marked = parse_changes(str(found["snapshot"]))
        new_refs = set(part["refs"])  # type: ignore[arg-type]
        assert {line.ref for mark, line in marked if mark == "+" and line.ref} == new_refs
        assert not {line.ref for mark, line in marked if mark == "-" and line.ref} & new_refs

    changes_safely()
    assert len(CHANGES_RUN) >= CHANGES_EXAMPLES

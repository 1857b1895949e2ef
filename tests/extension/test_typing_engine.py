"""The engine's typing into fields (issue 11): each character as a key press, its insertion with the events the
browser gives, kept to maxlength, refused when the page cancels it, and read back.

A plain field (a text, search, tel or password input, a textarea) gets each character spliced in at the caret by the
engine itself, with beforeinput and input as the browser's insertion fires them; any other field (a number or url
input, whose value is a sanitised reading of its text) gets the browser's own insertion. These tests hold both to what
the page sees and what the field ends up holding.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.extension.snapshot_harness import Frame, Tab
from tests.lanes.snapshot_grammar import ref_lines
from tests.support.pages import PageServer, serve_pages

pytestmark = pytest.mark.chromium

#: Fields that log the events typing gives them as "type:inputType:data:value" (key events as "type:key").
FIELDS = """<!doctype html><title>Typing</title>
<label>Plain <input id="plain"></label>
<label>Notes <textarea id="notes"></textarea></label>
<label>Short <input id="short" maxlength="3"></label>
<label>No digits <input id="nodigits"></label>
<label>Amount <input id="amount" type="number"></label>
<label>Address <input id="address" type="url"></label>
<script>
window.seen = [];
for (const field of document.querySelectorAll('input, textarea')) {
  for (const type of ['keydown', 'keypress', 'keyup']) {
    field.addEventListener(type, (event) => window.seen.push(type + ':' + event.key));
  }
  for (const type of ['beforeinput', 'input']) {
    field.addEventListener(type, (event) =>
      window.seen.push([type, event.inputType, event.data, field.value].join(':')));
  }
  field.addEventListener('change', () => window.seen.push('change:' + field.value));
}
// This page refuses digits in one field, as a page's own input filter does.
document.getElementById('nodigits').addEventListener('beforeinput', (event) => {
  if (/[0-9]/.test(event.data || '')) event.preventDefault();
});
</script>"""


#: Fields that are secrets in disguise (each read back as a password, never echoed), fields whose names only look
#: like one, and fields that turn into a password on focus or while the text goes in.
SECRETS = """<!doctype html><title>Secrets</title>
<label>Typed <input type="password"></label>
<label>Login word <input autocomplete="current-password"></label>
<label>Next word <input autocomplete="section-signup new-password"></label>
<label>New password <input autocomplete="new-password"></label>
<label>Texted code <input autocomplete="one-time-code" inputmode="numeric"></label>
<label>Masked <input style="-webkit-text-security: disc"></label>
<label>Your PIN <input></label>
<label>Door <input name="door_passcode"></label>
<label>Back of the card <input id="cardCvv"></label>
<label>Short secret <input placeholder="CVC" maxlength="3"></label>
<label>New PIN2 <input type="tel"></label>
<label>Spinach <input></label>
<label>Opinion <input name="opinions"></label>
<label>Shipping <input id="shippingAddress"></label>
<label>Passport number <input placeholder="passport"></label>
<label>Pinned note <input></label>
<label>Email to reset your password <input type="email"></label>
<label>Choose your password <input></label>
<label>Turns on focus <input id="focus-flip" onfocus="this.type = 'password'"></label>
<label>Turns midway <input id="midway-flip" oninput="if (this.value.length >= 3) this.type = 'password'"></label>
<script>
window.keys = 0;
document.addEventListener('keydown', () => window.keys++, true);
</script>"""

#: The disguises (the field's type=password alone was a password before them).
DISGUISED = [
    "Login word",
    "New password",
    "Texted code",
    "Masked",
    "Your PIN",
    "Door",
    "Back of the card",
    "New PIN2",
    "Choose your password",
]
#: Each field whose name only contains a secret word (or whose type is never a secret, or whose autocomplete is
#: new-password alone, as widgets set it on search inputs to keep autofill off), with a field that is a secret.
LOOKALIKES = [
    ("Next word", "New password"),
    ("Spinach", "Your PIN"),
    ("Opinion", "Your PIN"),
    ("Pinned note", "New PIN2"),
    ("Shipping", "Your PIN"),
    ("Passport number", "Door"),
    ("Email to reset your password", "Choose your password"),
]


@pytest.fixture(scope="module")
def server() -> Iterator[PageServer]:
    with serve_pages({"/fields.html": FIELDS, "/secrets.html": SECRETS}) as pages:
        yield pages


@pytest.fixture
def top(tab: Tab, server: PageServer) -> Frame:
    tab.navigate(server.url("/fields.html"))
    return tab.top().inject()


def ref_of(top: Frame, name: str) -> str:
    for role, label, ref in ref_lines(top.snapshot()["text"]):
        if role in ("textbox", "spinbutton") and label == name:
            return ref
    raise AssertionError(f"no field {name!r} in the snapshot")


def typed(top: Frame, name: str, text: str) -> tuple[dict[str, Any], list[str]]:
    """What type() answers, and the events the field saw meanwhile."""
    top.page_eval("window.seen.length = 0")
    answer = top.call("type", ref_of(top, name), text)
    return answer, list(top.page_eval("window.seen"))


@pytest.mark.parametrize("name", ["Plain", "Notes"])
def test_each_character_is_a_key_press_with_its_insertion_events(top: Frame, name: str) -> None:
    answer, seen = typed(top, name, "ab")
    assert answer["ok"] is True and answer["value"] == "ab", answer
    assert seen == [
        "keydown:a",
        "keyup:a",  # Control+A: select what the field holds, as a user does before typing over it
        "keydown:a",
        "keypress:a",
        "beforeinput:insertText:a:",
        "input:insertText:a:a",
        "keyup:a",
        "keydown:b",
        "keypress:b",
        "beforeinput:insertText:b:a",
        "input:insertText:b:ab",
        "keyup:b",
    ]  # and no change: real keys fire none until the field loses the focus or takes Enter (issue 30)


def test_a_field_typed_into_fires_one_change_when_the_focus_leaves_it(top: Frame) -> None:
    """Real keys' text commits with one change event when the field loses the focus. The engine sets the value as a
    script does, which Chromium counts as committed: in a tab with the system focus (this one) it fires no change
    for it, so the engine does, once (a Panel app's inputs took their values only on change)."""
    assert top.page_eval("document.hasFocus()") is True
    typed(top, "Plain", "ab")
    top.page_eval("window.seen.length = 0, document.getElementById('notes').focus(), true")
    assert [event for event in top.page_eval("window.seen") if event.startswith("change")] == ["change:ab"]
    top.page_eval("window.seen.length = 0, document.getElementById('plain').focus(), true")
    top.page_eval("document.getElementById('notes').focus(), true")  # left again, unchanged since: no change
    assert [event for event in top.page_eval("window.seen") if event.startswith("change")] == []


def test_typing_replaces_what_the_field_held(top: Frame) -> None:
    assert typed(top, "Plain", "first")[0]["value"] == "first"
    answer, seen = typed(top, "Plain", "xy")
    assert answer["value"] == "xy"
    # the first character replaces the whole selection Control+A made
    assert "beforeinput:insertText:x:first" in seen and "input:insertText:x:x" in seen


def test_a_line_break_in_a_textarea_is_inserted_as_one(top: Frame) -> None:
    answer, seen = typed(top, "Notes", "a\nb")
    assert answer["value"] == "a\nb"
    assert "input:insertLineBreak:\n:a\n" in seen


def test_what_does_not_fit_maxlength_is_dropped_and_reported(top: Frame) -> None:
    answer, seen = typed(top, "Short", "abcde")
    assert answer["ok"] is False and answer["error"]["code"] == "type_mismatch", answer
    assert '"abc"' in answer["error"]["message"]
    assert [event for event in seen if event.startswith("input:")] == [
        "input:insertText:a:a",
        "input:insertText:b:ab",
        "input:insertText:c:abc",
    ]
    assert top.page_eval("document.getElementById('short').value") == "abc"


def test_a_character_the_page_refuses_in_beforeinput_is_not_inserted(top: Frame) -> None:
    answer, seen = typed(top, "No digits", "a1b")
    assert answer["ok"] is False and answer["error"]["code"] == "type_mismatch", answer
    assert '"ab"' in answer["error"]["message"]
    assert "beforeinput:insertText:1:a" in seen and not any(event.startswith("input:insertText:1") for event in seen)


@pytest.mark.parametrize(
    ("name", "text"),
    [
        # a number input reads "" while its text is "-" or "-12.": spliced into that reading, the text would be lost
        ("Amount", "-12.5"),
        # a url input's value drops trailing spaces: spliced into that reading, the space before "b" would be lost
        ("Address", "https://example.com/a b"),
    ],
)
def test_fields_whose_value_is_a_reading_of_their_text_take_the_browsers_insertion(
    top: Frame, name: str, text: str
) -> None:
    answer, _ = typed(top, name, text)
    assert answer["ok"] is True and answer["value"] == text, answer


@pytest.fixture
def secrets(tab: Tab, server: PageServer) -> Frame:
    tab.navigate(server.url("/secrets.html"))
    return tab.top().inject()


def field_value(top: Frame, name: str) -> Any:
    """What the field labelled ``name`` holds, read by the page itself."""
    return top.page_eval(
        f"[...document.querySelectorAll('label')].find((l) => l.textContent.trim() === {name!r}).control.value"
    )


@pytest.mark.parametrize("name", DISGUISED)
def test_a_secret_in_disguise_reads_back_as_a_password_never_echoed(secrets: Frame, name: str) -> None:
    answer = secrets.call("type", ref_of(secrets, name), "s3cret-42")
    assert answer["ok"] is True and answer.get("password") is True and "value" not in answer, answer
    assert "s3cret" not in str(answer)
    assert field_value(secrets, name) == "s3cret-42"


@pytest.mark.parametrize(("name", "secret"), LOOKALIKES)
def test_a_secret_word_counts_as_a_whole_word_only(secrets: Frame, name: str, secret: str) -> None:
    text = "a@b.example" if "Email" in name else "green"
    answer = secrets.call("type", ref_of(secrets, name), text, {"confirm": True})
    assert answer["ok"] is True and answer["value"] == text and "password" not in answer, answer
    answer = secrets.call("type", ref_of(secrets, secret), text, {"confirm": True})
    assert answer["ok"] is False and answer["error"]["field"] == {"kind": "password", "label": secret}, answer


def test_a_mismatch_in_a_secret_in_disguise_counts_characters_only(secrets: Frame) -> None:
    answer = secrets.call("type", ref_of(secrets, "Short secret"), "9876")
    assert answer["ok"] is False and answer["error"]["code"] == "type_mismatch", answer
    assert "holds 3 characters, not the 4 typed" in answer["error"]["message"]
    assert "987" not in answer["error"]["message"]


@pytest.mark.parametrize("name", ["Typed", *DISGUISED])
def test_with_confirm_a_secret_is_not_typed_into_until_the_lane_asks(secrets: Frame, name: str) -> None:
    answer = secrets.call("type", ref_of(secrets, name), "s3cret-42", {"confirm": True})
    assert answer["ok"] is False and answer["error"]["code"] == "confirmation_needed", answer
    assert answer["error"]["field"] == {"kind": "password", "label": name}
    assert field_value(secrets, name) == ""
    assert secrets.page_eval("window.keys") == 0  # not even a key reached the page


def test_with_confirm_a_field_that_turns_into_a_password_on_focus_gets_nothing(secrets: Frame) -> None:
    ref = ref_of(secrets, "Turns on focus")
    answer = secrets.call("type", ref, "s3cret-42", {"confirm": True})
    assert answer["ok"] is False and answer["error"]["code"] == "confirmation_needed", answer
    assert answer["error"]["field"] == {"kind": "password", "label": "Turns on focus"}
    assert field_value(secrets, "Turns on focus") == "" and secrets.page_eval("window.keys") == 0
    # The user said yes: the lane calls again without confirm, and the text goes in, read back as a password.
    answer = secrets.call("type", ref, "s3cret-42")
    assert answer["ok"] is True and answer.get("password") is True and "value" not in answer, answer
    assert field_value(secrets, "Turns on focus") == "s3cret-42"


def test_with_confirm_a_field_that_turns_into_a_password_midway_has_what_was_typed_taken_back(
    secrets: Frame,
) -> None:
    ref = ref_of(secrets, "Turns midway")
    answer = secrets.call("type", ref, "s3cret-42", {"confirm": True})
    assert answer["ok"] is False and answer["error"]["code"] == "confirmation_needed", answer
    assert answer["error"]["field"]["kind"] == "password"
    # Three keys went in while it was an ordinary field; it turned, and the typing stopped there, taken back.
    assert secrets.page_eval("window.keys") == 4  # Control+A, then s, 3, c
    assert field_value(secrets, "Turns midway") == ""
    answer = secrets.call("type", ref, "s3cret-42")
    assert answer["ok"] is True and answer.get("password") is True, answer
    assert field_value(secrets, "Turns midway") == "s3cret-42"

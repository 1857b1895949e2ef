"""Issue 32, item 3 on both lanes: browser_fill_form fills a whole form in one call, judged by what the form posts.

Each field is set by the lane's own browser_type (or, for a checkbox or radio button, browser_click) and read
back, in order; the first failure stops the call with browser_type's code, naming the fields set before it and
those not tried. The judge is the page's server: the form is submitted with an ordinary click afterwards and the
fields it receives are compared with what was asked, never the tool's own answer.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.lanes.conftest import LaneAgent
from tests.support.pages import PageServer, serve_pages
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium

#: Seconds the page's server takes to receive the submitted form at most (scaled by wait_until's caller).
POSTED_S = 10.0

#: A sign-up form of every kind of field browser_fill_form takes, posting to /received (answered by a short page).
SIGN_UP = """<!doctype html><html><head><title>Sign up</title></head><body>
<h1>Sign up</h1>
<form method="post" action="/received">
<label>Full name <input name="name"></label>
<label>Email <input type="email" name="email"></label>
<label>Password <input type="password" name="password"></label>
<label>Message <textarea name="message"></textarea></label>
<label>Country <select name="country"><option value="">Choose</option><option value="fr">France</option>
  <option value="jp">Japan</option><option value="pe">Peru</option></select></label>
<label><input type="checkbox" name="news" value="yes"> Newsletter</label>
<label><input type="checkbox" name="share" value="yes" checked> Share my data</label>
<fieldset><legend>Plan</legend>
  <label><input type="radio" name="plan" value="free" checked> Free</label>
  <label><input type="radio" name="plan" value="pro"> Pro</label></fieldset>
<label>Start date <input type="date" name="start"></label>
<label>Start time <input type="time" name="at"></label>
<label>Seats <input type="number" name="seats" min="1" max="50"></label>
<label>Volume <input type="range" name="volume" min="0" max="100" step="10" value="50"></label>
<label>Phone <input type="tel" name="phone"></label>
<span id="dark-label">Dark mode</span> <button type="button" role="switch" aria-checked="false"
  aria-labelledby="dark-label" id="dark">off</button><input type="hidden" name="dark" id="dark-value" value="off">
<label><input type="checkbox" name="locked" value="yes" disabled> Locked option</label>
<label>Member number <input name="member" value="M-1" disabled></label>
<label>Code <input name="code" value="C-7" readonly></label>
<button>Create account</button>
</form>
<script>
  // An ARIA switch, as component libraries draw one: a click turns it, and a hidden input posts its state.
  const dark = document.getElementById('dark');
  dark.addEventListener('click', () => {
    const on = dark.getAttribute('aria-checked') !== 'true';
    dark.setAttribute('aria-checked', String(on));
    dark.textContent = document.getElementById('dark-value').value = on ? 'on' : 'off';
  });
</script></body></html>"""

#: Fields the page changes after they are set: an amount written out as money when the focus leaves it, a coupon
#: field that keeps only a code it knows, and a city that a change of country clears.
CHANGING = """<!doctype html><html><head><title>Order</title></head><body>
<h1>Order</h1>
<label>Amount <input id="amount"></label>
<label>Coupon <input id="coupon"></label>
<label>City <input id="city"></label>
<label>Country <select id="country"><option>Choose</option><option>France</option><option>Peru</option></select></label>
<label>Name <input id="name"></label>
<script>
  const amount = document.getElementById('amount');
  amount.addEventListener('blur', () => {
    amount.value = Number(amount.value).toLocaleString('en-US', { minimumFractionDigits: 2 });
  });
  const coupon = document.getElementById('coupon');
  coupon.addEventListener('blur', () => { if (coupon.value !== 'SAVE10') coupon.value = ''; });
  document.getElementById('country').addEventListener('change', () => { document.getElementById('city').value = ''; });
</script></body></html>"""

RECEIVED = "<!doctype html><html><head><title>Received</title></head><body><h1>Thank you</h1></body></html>"


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_pages({"/sign-up": SIGN_UP, "/received": RECEIVED, "/changing": CHANGING}) as server:
        yield server


def ref_named(snapshot: str, role: str, name: str) -> str:
    """The ref of the snapshot's one element of ``role`` named ``name``."""
    found = re.findall(rf'- {re.escape(role)} "{re.escape(name)}"[^\n]*?(@e\d+)', snapshot)
    assert len(found) == 1, f'{len(found)} {role} "{name}" in:\n{snapshot}'
    return str(found[0])


def submitted(agent: LaneAgent, pages: PageServer) -> dict[str, object]:
    """What the page's server receives once the form is submitted with its own button (a plain click)."""
    before = len(pages.received)
    agent.ok("browser_click", ref=ref_named(agent.snapshot(), "button", "Create account"), see="none")
    return wait_until(lambda: pages.received[before:], POSTED_S, "the form to be posted")[0]


def test_a_fourteen_field_form_is_filled_in_one_call_and_posted_as_asked(agent: LaneAgent, pages: PageServer) -> None:
    agent.open("/sign-up")
    snapshot = agent.snapshot()

    def ref(role: str, name: str) -> str:
        return ref_named(snapshot, role, name)

    fields = [
        (ref("textbox", "Full name"), f"Ada Lovelace ({agent.lane})"),
        (ref("textbox", "Email"), "ada@example.org"),
        (ref("textbox", "Password"), "correct horse battery"),
        (ref("textbox", "Message"), "First line\nSecond line"),
        (ref("combobox", "Country"), "Japan"),
        (ref("checkbox", "Newsletter"), "true"),
        (ref("checkbox", "Share my data"), "false"),
        (ref("radio", "Pro"), "true"),
        (ref("textbox", "Start date"), "2026-12-24"),
        (ref("textbox", "Start time"), "09:30"),
        (ref("spinbutton", "Seats"), "12"),
        (ref("slider", "Volume"), "70"),
        (ref("textbox", "Phone"), "+33 1 23 45 67 89"),
        (ref("switch", "Dark mode"), "true"),
    ]
    filled = agent.ok("browser_fill_form", fields=[{"ref": r, "value": v} for r, v in fields])
    # Every field holds what was asked, so none is told again; a password is never echoed.
    assert (filled["ok"], filled["filled"], "adjusted" in filled) == (True, len(fields), False), filled
    assert "correct horse" not in str(filled)
    # The answer shows the form's changes once, for the whole call.
    assert "changes" in filled or "snapshot" in filled, filled
    assert submitted(agent, pages) == {
        "name": f"Ada Lovelace ({agent.lane})",
        "email": "ada@example.org",
        "password": "correct horse battery",
        "message": "First line\r\nSecond line",
        "country": "jp",
        "news": "yes",
        "plan": "pro",
        "start": "2026-12-24",
        "at": "09:30",
        "seats": "12",
        "volume": "70",
        "phone": "+33 1 23 45 67 89",
        "dark": "on",
        "code": "C-7",
    }


def test_the_first_failing_field_stops_the_call_and_names_what_was_set(agent: LaneAgent, pages: PageServer) -> None:
    agent.open("/sign-up")
    snapshot = agent.snapshot()
    name, member, email = (ref_named(snapshot, "textbox", label) for label in ("Full name", "Member number", "Email"))
    fields = [{"ref": name, "value": "Grace"}, {"ref": member, "value": "M-2"}, {"ref": email, "value": "g@x.org"}]
    code, message = agent.error("browser_fill_form", fields=fields)
    assert code == "controller_error", message
    assert message.startswith(f"disabled: field 2 of 3 ({member}) was not set: "), message
    assert f"Set before it, and kept: {name}." in message and f"Not tried: {email}." in message, message
    # The page holds the first field, and nothing after the one that failed.
    posted = submitted(agent, pages)
    assert (posted["name"], posted["email"]) == ("Grace", ""), posted
    # A read-only field fails with browser_type's own code, as the first field: nothing was set.
    agent.open("/sign-up")
    code = ref_named(agent.snapshot(), "textbox", "Code")
    _, typed = agent.error("browser_type", ref=code, text="C-8")
    _, message = agent.error("browser_fill_form", fields=[{"ref": code, "value": "C-8"}])
    detail, said = typed.split(": ", 1)
    assert message.startswith(f"{detail}: field 1 of 1 ({code}) was not set: {said} "), (message, typed)
    assert "Set before it, and kept: none." in message and "Not tried" not in message, message


def test_bad_input_gets_a_clear_error_and_changes_nothing(agent: LaneAgent, pages: PageServer) -> None:
    agent.open("/sign-up")
    snapshot = agent.snapshot()
    news = ref_named(snapshot, "checkbox", "Newsletter")
    free = ref_named(snapshot, "radio", "Free")
    assert agent.error("browser_fill_form", fields=[]) == (
        "invalid_arguments",
        "arguments.fields must hold at least 1 items",
    )
    code, message = agent.error("browser_fill_form", fields=[{"ref": news, "value": True}])
    assert (code, message) == ("invalid_arguments", "arguments.fields[0].value must be a string")
    code, message = agent.error("browser_fill_form", fields=[{"ref": "@e9999", "value": "x"}])
    assert code == "controller_error" and message.startswith("stale_ref: field 1 of 1 (@e9999) was not set"), message
    _, message = agent.error("browser_fill_form", fields=[{"ref": news, "value": "yes"}])
    assert message.startswith(f"invalid_value: field 1 of 1 ({news}) was not set: "), message
    assert '"true" (checked) or "false" (unchecked)' in message, message
    _, message = agent.error("browser_fill_form", fields=[{"ref": free, "value": "false"}])
    assert message.startswith("invalid_value: ") and "checking another of its group" in message, message
    locked = ref_named(snapshot, "checkbox", "Locked option")
    _, message = agent.error("browser_fill_form", fields=[{"ref": locked, "value": "true"}])
    assert message.startswith(f"disabled: field 1 of 1 ({locked}) was not set: "), message
    posted = submitted(agent, pages)
    assert "news" not in posted and posted["plan"] == "free", posted  # nothing was clicked


def test_each_field_is_read_again_once_the_whole_form_is_set(agent: LaneAgent, pages: PageServer) -> None:
    """A field the page changes afterwards fails the call (it answered ok and filled before), unless it changed only
    in form, which the answer's adjusted tells."""
    agent.open("/changing")
    snapshot = agent.snapshot()
    amount, coupon, city, name = (
        ref_named(snapshot, "textbox", label) for label in ("Amount", "Coupon", "City", "Name")
    )
    country = ref_named(snapshot, "combobox", "Country")
    filled = agent.ok("browser_fill_form", fields=[{"ref": amount, "value": "1000"}, {"ref": name, "value": "Ada"}])
    assert filled.get("adjusted") == [{"ref": amount, "value": "1,000.00"}], filled
    code, message = agent.error(
        "browser_fill_form", fields=[{"ref": coupon, "value": "WELCOME"}, {"ref": name, "value": "Bo"}]
    )
    assert (code, message) == (
        "controller_error",
        f'type_mismatch: field 1 of 2 ({coupon}) held "WELCOME" once set, and holds "" now that the whole form is set: '
        "the page changed it afterwards (as the focus left it, or as a later field was set). Every field was set; set "
        "this one as the page takes it (a list may keep only an option chosen in it), after a new snapshot.",
    )
    assert agent.evaluated("document.getElementById('name').value") == "Bo"  # the fields after it were set
    code, message = agent.error(
        "browser_fill_form", fields=[{"ref": city, "value": "Lyon"}, {"ref": country, "value": "France"}]
    )
    assert message.startswith(f'type_mismatch: field 1 of 2 ({city}) held "Lyon" once set, and holds ""'), message

"""Issue 30, item 4: the cases that synthetic input cannot close (``KNOWN_DIVERGENCES``, and the default actions of
the browser's own controls on native.html, which the CI sample may not draw), and the extension lane's trusted-input
mode does (the companion extension installed and the mode on: real input events, aimed by the same engine). Each is
driven on the oracle and on that lane, and judged by the page's own state, as in ``test_conformance.py``. Measured
with ``python bench/conformance.py --lane extension --trusted-input``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from hermes_wire.tools import EXTENSION_LANE
from tests.conformance.lanes import LaneDriver, lane_session
from tests.conformance.rig import Rig
from tests.conformance.runner import Case, cases_of, run_case, table
from tests.conformance.sample import catalog
from tests.conftest import LaneStacks

pytestmark = pytest.mark.chromium

#: Cases that diverge on the extension lane with synthetic input and agree with real input in the trusted-input
#: mode, with what real input does there: the browser's own default actions, which no script can perform.
CLOSED_BY_TRUSTED_INPUT: dict[str, str] = {
    "primevue/time/type, Enter": "PrimeVue's time field takes real keys (synthetic ones: it empties itself after)",
    **{
        f"native/{control}/click, {key}": "real keys edit the date or time input's segment, which no script can read"
        for control in ("alarm", "start")
        for key in ("ArrowDown", "ArrowUp", "Tab")
    },
    "native/start/click, Shift+Tab": "real Shift+Tab steps back through the date input's segments",
    **{
        f"native/country/click, {key}": "a real click opens the <select>'s own popup, which takes the key"
        for key in ("ArrowDown", "ArrowRight", "End", "PageDown", "Tab", "Shift+Tab")
    },
}


#: Of those, the cases that agree in most runs only: the key after the click reaches the <select>'s own popup when
#: the browser has shown it by then, and the page's closed <select> otherwise (its value moves, or Tab leaves it), as a
#: person's would at that speed. Measured on this machine while other test runs loaded it: 6 of 61 diverged (CI's
#: first run of the module: 2 of 6). No event in the page says when the browser has shown the popup (its ``:open`` is
#: true from the click on, and a persistent debugger attachment did not change it), so nothing can wait for it yet.
RACES_THE_POPUP = {case_id for case_id in CLOSED_BY_TRUSTED_INPUT if case_id.startswith("native/country/")}


def case_named(case_id: str) -> Case:
    page = case_id.split("/")[0] + ".html"
    return next(case for case in cases_of(catalog()[page]) if case.id == case_id)


@pytest.fixture(scope="module")
def trusted_lane(rig: Rig) -> Iterator[LaneDriver]:
    """The extension lane with its trusted-input companion and the mode on, beside the session's rig (its corpus
    server and oracle are shared: only this lane's stack is started for the module)."""
    with LaneStacks(trusted_input=True) as stacks, lane_session(stacks.of(EXTENSION_LANE).serving(rig.server)) as lane:
        yield lane


@pytest.mark.parametrize(
    "case_id",
    [
        pytest.param(case_id, marks=[pytest.mark.xfail(strict=False, reason=CLOSED_BY_TRUSTED_INPUT[case_id])])
        if case_id in RACES_THE_POPUP
        else case_id
        for case_id in CLOSED_BY_TRUSTED_INPUT
    ],
)
def test_trusted_input_does_what_real_input_does(rig: Rig, trusted_lane: LaneDriver, case_id: str) -> None:
    result = run_case(case_named(case_id), rig.server, rig.oracle, [trusted_lane])
    assert result.oracle_error is None, f"the oracle could not run {case_id}: {result.oracle_error}"
    assert not result.divergences, f"{case_id} diverges with trusted input:\n{table(result.divergences)}"

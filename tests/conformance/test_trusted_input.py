"""Issue 30, item 4: the cases that synthetic input cannot close (the default actions of the browser's own controls
on native.html, and what a double click selects where no text is at the press, which the CI sample may not draw),
and the extension lane's trusted-input mode does (the companion extension installed and the mode on: real input
events, aimed by the same engine). Each is driven on the oracle and on that lane, and judged by the page's own state,
as in ``test_conformance.py``. Measured with ``python bench/conformance.py --lane extension --trusted-input``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from hermes_wire.tool_spec import EXTENSION_LANE
from tests.conformance.lanes import LaneDriver, lane_session
from tests.conformance.rig import Rig
from tests.conformance.runner import run_case, table
from tests.conformance.sample import case_named
from tests.conftest import LaneStacks

pytestmark = pytest.mark.chromium

#: Cases that diverged on the extension lane with synthetic input and agree with real input in the trusted-input
#: mode, with what real input does there: the browser's own default actions, which no script can perform. Most now
#: agree with synthetic input too: the date and time keys (date_fields.js keeps the focused field), Flatpickr's,
#: Quill's and Shoelace's double clicks (words.js). Element Plus's dialog still needs the mode. (PrimeVue's time
#: field and the keys after a click on a <select>, once here, agree with synthetic input too: its typing waits for
#: the panel the focus opens, and the engine models the <select>'s popup.)
CLOSED_BY_TRUSTED_INPUT: dict[str, str] = {
    **{
        f"native/{control}/click, {key}": "real keys edit the date or time input's segment, which no script can read"
        for control in ("alarm", "start")
        for key in ("ArrowDown", "ArrowUp", "Tab")
    },
    "native/start/click, Shift+Tab": "real Shift+Tab steps back through the date input's segments",
    # What a double click selects is the browser's own default action; the lane's model of it (words.js) follows
    # Chromium's word granularity in text, and misses it where no text is at the press:
    **{
        f"flatpickr/{control}/cell 1: double-click": "past the page's last line, real input selects its last word"
        for control in ("arrival", "departure")
    },
    "quill/header/double-click": "on a picker with its label drawn in CSS, real input selects the line breaks",
    "element-plus/dialog/double-click": "on the dialog's overlay, real input's word ends before the buttons",
    **{
        f"shoelace/{control}/double-click": "real input selects the box in the host's shadow root: the label's "
        "click then gives the control no focus"
        for control in ("terms", "alerts")
    },
}


@pytest.fixture(scope="module")
def trusted_lane(rig: Rig) -> Iterator[LaneDriver]:
    """The extension lane with its trusted-input companion and the mode on, beside the session's rig (its corpus
    server and oracle are shared: only this lane's stack is started for the module)."""
    with LaneStacks(trusted_input=True) as stacks, lane_session(stacks.of(EXTENSION_LANE).serving(rig.server)) as lane:
        yield lane


@pytest.mark.parametrize("case_id", list(CLOSED_BY_TRUSTED_INPUT))
def test_trusted_input_does_what_real_input_does(rig: Rig, trusted_lane: LaneDriver, case_id: str) -> None:
    result = run_case(case_named(case_id), rig.server, rig.oracle, [trusted_lane])
    assert result.oracle_error is None, f"the oracle could not run {case_id}: {result.oracle_error}"
    assert not result.divergences, f"{case_id} diverges with trusted input:\n{table(result.divergences)}"

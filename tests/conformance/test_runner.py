"""The runner's rules without a browser: what counts as a divergence, and when a lane's difference from the oracle's
first run is one of real input's own outcomes (runner.py, ``ORACLE_AGAIN``)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from tests.conformance.corpus import Target
from tests.conformance.interactions import CLICK, TYPE, Step
from tests.conformance.lanes import Answer, with_shown_text
from tests.conformance.oracle import OracleError, Pressed
from tests.conformance.runner import (
    ORACLE_AGAIN,
    StepsTaken,
    ends_as_real_input_can,
    judged,
    refuses,
    summary_line,
    take_steps,
)
from tests.lanes.snapshot_grammar import parse_snapshot


def seen(focus: str, *, state: dict[str, Any] | None = None, changed: bool = True) -> dict[str, Any]:
    """An observation as ``OBSERVE`` gives it (the parts that matter here)."""
    return {"state": state or {"day": "2014-05-14"}, "focus": focus, "forms": {}, "model_changed": changed}


def test_a_lane_that_ends_as_the_oracle_did_has_no_divergence_and_one_that_does_not_has_one() -> None:
    assert judged(StepsTaken(observed=seen("body")), seen("body")) == []
    assert judged(StepsTaken(observed=seen("input")), seen("body")) == [("focus", 'oracle "body", lane "input"')]


def test_a_refusal_is_a_divergence_only_when_the_model_ended_otherwise_or_real_input_changed_it() -> None:
    refused = ["step 1 (click @x): click_intercepted: …"]
    unchanged = StepsTaken(refused=refused, observed=seen("body", state={"day": None}))
    assert judged(unchanged, seen("body", state={"day": "2014-05-14"}))[0][0] == "refused"
    assert judged(unchanged, seen("body", state={"day": None}, changed=True)) == [("answer", refused[0])]
    assert judged(unchanged, seen("body", state={"day": None}, changed=False)) == []


class RefusingLane:
    """A lane whose every press is refused as intercepted, its page as ``observed`` (take_steps's view of a lane)."""

    lane = "cdp"

    def __init__(self, observed: dict[str, Any]) -> None:
        self.observed = observed
        self.performed: list[Step] = []

    def targets_of(self, step: Step, press: Pressed) -> list[Target]:
        return [step.target] if step.target else []

    def find(self, target: Target) -> Any:
        return SimpleNamespace(ref="e1", role_differs=None)

    def perform(self, step: Step, press: Pressed, refs: dict[Target, str]) -> Answer:
        self.performed.append(step)
        return Answer(False, "controller_error: click_intercepted: Nothing was pressed")

    def evaluate(self, expression: str) -> bool:
        return True  # the page is quiet

    def observe(self) -> dict[str, Any]:
        return self.observed


def test_a_refusal_where_real_inputs_press_landed_elsewhere_ends_the_case_as_an_agreement() -> None:
    """Real input pressed an invisible box over the field (Atlassian's date picker): the lane that refused that
    press is right, and what real input's press did from there (the field emptied, the keys lost) is not compared."""
    field, typing = Target("combobox", "Departure"), Step(TYPE, Target("combobox", "Departure"), "5/14/2014")
    steps, lane = [Step(CLICK, field), typing], RefusingLane(seen("input", state={"day": "2014-05-01"}))
    taken = take_steps(lane, steps, [Pressed(on_target=False), Pressed()])
    assert (taken.refused_rightly or "").startswith("step 1 (click combobox")
    assert lane.performed == steps[:1]  # no step after the refusal
    assert judged(taken, seen("body", state={"day": None})) == []
    on_target = take_steps(RefusingLane(seen("input")), steps[:1], [Pressed()])
    assert on_target.refused and on_target.refused_rightly is None  # a refusal on the named element is judged


def test_typing_that_went_in_otherwise_than_asked_is_no_refusal_but_a_click_refused_is() -> None:
    mismatch = 'controller_error: type_mismatch: Typing into @e9 did not land exactly: it holds "0004-01-02"'
    assert not refuses(Answer(False, mismatch))
    assert refuses(Answer(False, "controller_error: click_intercepted: Nothing was pressed"))
    assert not refuses(Answer(True))


def test_a_lane_is_compared_with_more_runs_of_real_input_until_one_agrees_and_no_more() -> None:
    taken = StepsTaken(observed=seen("input"))
    later = iter([seen("body"), seen("input"), seen("input")])
    outcomes = [seen("body")]
    assert ends_as_real_input_can(taken, outcomes, lambda: next(later))
    assert [o["focus"] for o in outcomes] == ["body", "body", "input"]  # it stopped at the run that agreed


def test_runs_already_made_for_one_lane_serve_the_next_and_the_oracle_runs_at_most_oracle_again_more_times() -> None:
    runs = 0

    def always_body() -> dict[str, Any]:
        nonlocal runs
        runs += 1
        return seen("body")

    outcomes = [seen("body")]
    assert not ends_as_real_input_can(StepsTaken(observed=seen("span")), outcomes, always_body)
    assert runs == ORACLE_AGAIN
    assert not ends_as_real_input_can(StepsTaken(observed=seen("span")), outcomes, always_body)
    assert runs == ORACLE_AGAIN  # the next lane was compared with the runs already made


def test_an_oracle_that_cannot_run_the_case_again_leaves_the_difference_a_divergence() -> None:
    def refuses() -> dict[str, Any]:
        raise OracleError("the page names no such element")

    assert not ends_as_real_input_can(StepsTaken(observed=seen("input")), [seen("body")], refuses)


def test_the_closing_line_counts_interactions_with_a_divergence_per_lane_over_the_cases_the_oracle_ran() -> None:
    def record(case: str, lanes: list[str], oracle_error: str | None = None) -> dict[str, Any]:
        page, control, _ = case.split("/")
        divergences = [{"lane": lane} for lane in lanes]
        return {"case": case, "library": page, "page": page, "control": control, "oracle_error": oracle_error,
                "divergences": divergences}  # fmt: skip

    records = [
        record("a/x/click", ["cdp", "cdp"]),
        record("a/y/click", []),
        record("b/x/click", ["extension"]),
        record("b/z/click", [], oracle_error="no such element"),
    ]
    assert summary_line(records, ["cdp", "extension"]) == (
        "conformance: 2 libraries, 3 controls, 3 interactions; divergences: cdp 1, extension 1"
    )


def test_a_line_that_shows_no_text_after_its_ref_reads_as_the_text_lines_right_under_it() -> None:
    """How the lanes find a control the page draws with no role, by the text a person sees in it (lanes.py)."""
    snapshot = (
        '- generic @e3:\n  - text: Choose a\n  - img "loading"\n  - text: size\n'
        "  - generic @e4:\n    - text: Deep\n- generic @e5: Profile"
    )
    shown = {line.ref: line.text for line in with_shown_text(parse_snapshot(snapshot)) if line.ref}
    assert shown == {"e3": "Choose a size", "e4": "Deep", "e5": "Profile"}

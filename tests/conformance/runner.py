"""One case (a page, a control, an interaction) driven three ways from a fresh load, and the divergences found;
and the table that lists them per library and control.

The rules (issue 30, item 2): after the interaction, whatever a lane's page holds that the oracle's does not (its
widgets' state, focus, selection, form values, scrolled boxes, errors) is a divergence. A lane's error answer is a
divergence "refused" when the oracle's press landed on the named element and the lane's page model (``MODEL``) ends
otherwise than the oracle's, and "answer" when it changed as the oracle's did all the same; a refusal where the
oracle's press landed on another element is right, and ends the case there (what real input's press on that
element did, and the steps after it, are not the lane's to match: Atlassian's date picker lays an invisible box over
its field while its menu is open), and so is one where the oracle's input changed nothing either.
An answer that the typed text did not land exactly (``type_mismatch``) is no refusal: the keys went in, and the
answer says what the field holds instead (rsuite's date field, typed "2014-05-14" over its pattern, holds
"0004-01-02" after real input's keys too); the lane is judged by what its page holds, as after an ok.
Every element the oracle acted on must have a ref on the lane ("no ref" otherwise, and the case stops there for
that lane); one found only under another role than Chromium's is a divergence "role", when Chromium's is an ARIA
role (its own roles, capitalised, such as ``Date``, ``InputTime`` or ``DisclosureTriangle``, have no ARIA name that
a snapshot could show).

Real input does not always end one way: a page racing its own timers (PrimeVue's calendar, a day double-clicked)
leaves the focus on its date field in some runs and on the tab panel in others. So when a lane differs from the
oracle, the oracle runs the case again from a fresh load, up to ``ORACLE_AGAIN`` times: a lane that ends as one of
those runs did does what real input does, and the case says the oracle varied.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tests.conformance.compare import SETTLE_WAIT, Divergence, differences
from tests.conformance.corpus import Control, CorpusPage, Target, page_path
from tests.conformance.interactions import Interaction, Step, interactions_for
from tests.conformance.lanes import Answer, LaneDriver
from tests.conformance.oracle import NotApplicable, Oracle, OracleError, Pressed
from tests.support.pages import PageServer

#: How many reads, a few frames apart, a page gets to stop changing after the last step (menus fade, calendars
#: slide): the observation compared is the first that two reads in a row agree on, with the document quiet
#: between them.
SETTLE_READS = 10
#: How many quiet-waits a step gets before the next (about 100 ms each; a page that never rests goes on after them).
STEP_SETTLE_READS = 12
#: What a page's model is made of: a refusal is honest when the oracle's input changed none of it either.
MODEL = ("state", "forms", "errors")
#: How many more runs of the oracle a lane's difference gets (each a fresh load): real input's own outcomes vary on
#: a page that races its timers (measured: PrimeVue's "cell 1: double-click" left the focus on the date field in 5
#: runs of 8 and on the tab panel in 3; five more runs all miss an outcome that one run in three has 13 % of the
#: time).
ORACLE_AGAIN = 5
#: What no run of the oracle can change: the lane found no ref, or only under another role.
FOUND_WHILE_DRIVING = ("no ref", "role")


@dataclass(frozen=True)
class Case:
    page: CorpusPage
    control: Control
    interaction: Interaction

    @property
    def id(self) -> str:
        return case_id(self.page.page, self.control.key, self.interaction.name)

    def divergence(self, lane: str, kind: str, detail: str) -> Divergence:
        return Divergence(
            self.page.library, self.page.page, self.control.key, self.interaction.name, lane, kind, detail
        )


def case_id(page: str, control: str, interaction: str) -> str:
    """``native/fullname/type, Enter``: a case's name in tables and in pytest's ids."""
    return f"{page.removesuffix('.html')}/{control}/{interaction}"


def cases_of(page: CorpusPage) -> list[Case]:
    """Every case of a page: each control with each interaction the table gives its kind."""
    return [Case(page, control, interaction) for control in page.controls for interaction in interactions_for(control)]


@dataclass
class CaseResult:
    case: Case
    divergences: list[Divergence] = field(default_factory=list)
    #: why the oracle could not run the case (the page names no such element): not a lane's divergence
    oracle_error: str | None = None
    #: False when the interaction means nothing for the control (``NotApplicable``): left out of every count
    applicable: bool = True
    #: document.hasFocus() on each side after the case ("oracle", and each lane's name)
    focused: dict[str, bool] = field(default_factory=dict)
    #: the lanes that ended otherwise than the oracle's first run and as one of its later runs (``ORACLE_AGAIN``)
    oracle_varied: list[str] = field(default_factory=list)
    #: the control as the page declared it at the case's own load (None: the page declares no such control), so
    #: that a run from the catalog sees a page that has changed since without loading it once more
    declared: Control | None = None


def settled(observe: Callable[[], dict[str, Any]], wait: Callable[[], object]) -> dict[str, Any]:
    """The page's observation once two reads in a row agree and nothing in the document changed between them
    (``wait`` answers whether it was quiet), at most ``SETTLE_READS`` reads: a page that never rests (a spinner)
    is read after the last."""
    last = observe()
    for _ in range(SETTLE_READS):
        quiet = wait()
        now = observe()
        if now == last and quiet:
            return now
        last = now
    return last


def quiet(wait: Callable[[], object]) -> None:
    """Once a step is taken: until nothing in the page changes or moves (``wait`` answers whether it was quiet), at
    most ``STEP_SETTLE_READS`` waits. A person sees what a step did before the next: a menu that closes on a choice
    has faded away before its button is pressed again."""
    for _ in range(STEP_SETTLE_READS):
        if wait():
            return


def run_case(case: Case, server: PageServer, oracle: Oracle, lanes: Sequence[LaneDriver]) -> CaseResult:
    """The case from a fresh load of its page on the oracle, then on each lane; a lane that differs is compared
    with more runs of the oracle (``ORACLE_AGAIN``)."""
    result = CaseResult(case)
    url = server.url(page_path(case.page.page))
    oracle.load(url)
    declared = CorpusPage.from_declaration(case.page.page, oracle.corpus())
    result.declared = next((c for c in declared.controls if c.key == case.control.key), None)
    try:
        pressed, expected = drive_oracle(oracle, case.interaction.steps)
    except OracleError as error:
        result.oracle_error = str(error)
        result.applicable = not isinstance(error, NotApplicable)
        return result
    result.focused["oracle"] = bool(expected.get("focused"))
    outcomes = [expected]  # real input's outcomes so far: more are added when a lane differs from the first

    def real_input_again() -> dict[str, Any]:
        oracle.load(url)
        return drive_oracle(oracle, case.interaction.steps)[1]

    for lane in lanes:
        lane.load(url)
        taken = take_steps(lane, case.interaction.steps, pressed)
        result.focused[lane.lane] = bool(taken.observed.get("focused"))
        found = judged(taken, expected)
        comparable = all(kind not in FOUND_WHILE_DRIVING for kind, _ in found)
        if found and comparable and ends_as_real_input_can(taken, outcomes, real_input_again):
            found = []
            result.oracle_varied.append(lane.lane)
        result.divergences += [case.divergence(lane.lane, kind, detail) for kind, detail in found]
    return result


def ends_as_real_input_can(
    taken: StepsTaken, outcomes: list[dict[str, Any]], real_input_again: Callable[[], dict[str, Any]]
) -> bool:
    """Whether what the lane did agrees with one of real input's later runs of the case (``outcomes`` after the
    first, run as needed up to ``ORACLE_AGAIN`` of them)."""
    for index in range(1, ORACLE_AGAIN + 1):
        if index == len(outcomes):
            try:
                outcomes.append(real_input_again())
            except OracleError:  # the page did not let the oracle run it again: no other outcome to go by
                return False
        if not judged(taken, outcomes[index]):
            return True
    return False


def drive_oracle(
    oracle: Oracle, steps: Sequence[Step], *, as_far_as_it_goes: bool = False
) -> tuple[list[Pressed], dict[str, Any]]:
    """The steps with real input on the page the oracle shows, and what the page holds once settled (with
    ``model_changed``: whether its widgets' state or its forms changed at all). ``as_far_as_it_goes``: the steps
    up to the first the oracle cannot take (then fewer are pressed than given), instead of raising ``OracleError``."""
    before = oracle.observe()
    pressed = []
    for step in steps:
        try:
            pressed.append(oracle.perform(step))
            quiet(lambda: oracle.page.evaluate(SETTLE_WAIT))
        except OracleError:
            if not as_far_as_it_goes:
                raise
            break
    after = settled(oracle.observe, lambda: oracle.page.evaluate(SETTLE_WAIT))
    return pressed, after | {"model_changed": any(before.get(part) != after.get(part) for part in MODEL)}


#: How a lane's answer begins when its typing went in but the field holds other text than asked (see above).
TYPED_OTHERWISE = "controller_error: type_mismatch:"


def refuses(answer: Answer) -> bool:
    """Whether a lane's answer says it did not do the step (see the module's rules: a type_mismatch does not)."""
    return not answer.ok and not answer.error.startswith(TYPED_OTHERWISE)


@dataclass
class StepsTaken:
    """What a lane did with a case's steps: the divergences found while taking them (a missing ref, which stops the
    steps; a ref under another role), the steps it refused where the oracle's press landed on the named element,
    and what its page held once settled ({} when the steps stopped)."""

    found: list[tuple[str, str]] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    observed: dict[str, Any] = field(default_factory=dict)
    #: the step the lane refused where real input's press landed on another element (the steps stop there)
    refused_rightly: str | None = None


def take_steps(lane: LaneDriver, steps: Sequence[Step], pressed: Sequence[Pressed]) -> StepsTaken:
    """The steps as an agent makes them on the page the lane shows (``pressed`` says where the oracle's presses
    landed)."""
    taken = StepsTaken()
    for number, (step, press) in enumerate(zip(steps, pressed, strict=True), start=1):
        refs: dict[Target, str] = {}
        for target in lane.targets_of(step, press):
            seen = lane.find(target)
            if seen.ref is None:
                taken.found.append(("no ref", f"step {number} ({step.label()}): no ref for {target.label()}"))
                return taken
            if seen.role_differs and target.role.islower():
                taken.found.append(("role", f"{target.label()} is a {seen.role_differs} on the lane"))
            refs[target] = seen.ref
        answer: Answer = lane.perform(step, press, refs)
        quiet(lambda: lane.evaluate(SETTLE_WAIT))  # as the oracle waits after each step
        if refuses(answer) and not press.on_target:
            # real input's press landed on something else (an invisible box over the field): the lane rightly
            # pressed nothing, and what real input did from there is not the lane's to match; the case agrees
            taken.refused_rightly = f"step {number} ({step.label()}): {answer.error}"
            return taken
        if refuses(answer):
            taken.refused.append(f"step {number} ({step.label()}): {answer.error}")
    taken.observed = settled(lane.observe, lambda: lane.evaluate(SETTLE_WAIT))
    return taken


def judged(taken: StepsTaken, expected: dict[str, Any]) -> list[tuple[str, str]]:
    """The ``(kind, detail)`` of each divergence of what a lane did from the oracle's ``expected`` observation."""
    found = list(taken.found)
    if not taken.observed:
        return found
    differs = differences(expected, taken.observed)
    if not taken.refused:
        found += differs
    elif any(kind in MODEL for kind, _ in differs):
        found.append(("refused", "; ".join(taken.refused)))
    elif expected.get("model_changed"):
        found.append(("answer", "; ".join(taken.refused)))
    # else: the oracle's input changed nothing either (typing into a read-only field): the refusal is honest
    return found


def drive_lane(
    lane: LaneDriver, steps: Sequence[Step], pressed: Sequence[Pressed], expected: dict[str, Any]
) -> tuple[list[tuple[str, str]], dict[str, Any]]:
    """The steps on the lane, and the ``(kind, detail)`` of each divergence from the oracle's ``expected``
    observation, with what the lane's page holds once settled ({} when a ref was missing)."""
    taken = take_steps(lane, steps, pressed)
    return judged(taken, expected), taken.observed


def table(divergences: Iterable[Divergence]) -> str:
    """The divergences per library and control, one line each."""
    lines = []
    listed = sorted(divergences, key=lambda d: (d.library, d.control, d.interaction, d.lane))
    if listed:
        lines.append(f"{'library':<16} {'control':<14} {'interaction':<44} {'lane':<9} {'kind':<9} detail")
    for d in listed:
        lines.append(f"{d.library:<16} {d.control:<14} {d.interaction:<44} {d.lane:<9} {d.kind:<9} {d.detail}")
    return "\n".join(lines) if lines else "no divergences"


def summary_line(records: Sequence[dict[str, Any]], lanes: Sequence[str]) -> str:
    """``conformance: 31 libraries, 412 controls, 2,870 interactions; divergences: cdp 0, extension 0``, over the
    cases' records (``records``) that the oracle ran: the divergences counted as interactions with at least one on
    that lane."""
    ran = [r for r in records if not r["oracle_error"]]
    libraries = {r["library"] for r in ran}
    controls = {(r["page"], r["control"]) for r in ran}
    per_lane = ", ".join(
        f"{lane} {sum(1 for r in ran if any(d['lane'] == lane for d in r['divergences'])):,}" for lane in lanes
    )
    return (
        f"conformance: {len(libraries):,} libraries, {len(controls):,} controls, {len(ran):,} interactions; "
        f"divergences: {per_lane}"
    )


def records(results: Sequence[CaseResult]) -> list[dict[str, Any]]:
    """Each case's result as plain data (what ``--json`` writes, and what a run split in parts merges)."""
    return [
        {
            "case": r.case.id,
            "library": r.case.page.library,
            "page": r.case.page.page,
            "control": r.case.control.key,
            "oracle_error": r.oracle_error,
            "focused": r.focused,
            "oracle_varied": r.oracle_varied,
            "divergences": [d.as_json() for d in r.divergences],
        }
        for r in results
    ]

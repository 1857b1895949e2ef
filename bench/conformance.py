"""Conformance: every control of every corpus page, every interaction of its kind, on the oracle and on both lanes.

Run it as ``python bench/conformance.py [--library NAME ...] [--lane cdp|extension|both] [--json PATH] [--jobs N]
[--per-page N] [--catalog] [--case ID ...] [--trusted-input] [--part K/N]``. It is the whole run of the
differential runner (tests/conformance/): for each page of tests/widgets/corpus/ (every ``*.html`` there, or those
whose file or library ``--library`` names), each control it declares and each interaction the table gives its kind,
the interaction is driven three ways from a fresh load of the page (real input through CDP in a plain Chromium, the
cdp lane's tool calls, the extension lane's), and what the page holds afterwards is compared. It prints one line per
case as it goes, then the table of divergences per library and control, the cases the oracle could not run, and
ends with one line::

    conformance: 31 libraries, 412 controls, 2,870 interactions; divergences: cdp 0, extension 0

(a lane's figure counts the interactions with at least one divergence there). ``--json`` writes every case's
result; ``--catalog`` only writes what each page declares to tests/conformance/catalog.json, from which the CI
test draws its fixed sample (run it when a page is added or changes its controls). ``--trusted-input`` runs the
extension lane with its trusted-input mode on (the companion extension installed, real input events). ``--jobs N``
runs the cases in N processes at once, each with browsers of its own and every Nth case (``--part K/N``, which
also runs one such part alone), and merges what they found. It exits 0 whatever it finds, 1 if the run broke.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# ``python bench/<script>.py`` puts only bench/ on sys.path; the harness is in the repository's tests/.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hermes_wire.tool_spec import CDP_LANE, EXTENSION_LANE
from tests.conformance.compare import Divergence
from tests.conformance.corpus import CorpusPage, corpus_pages
from tests.conformance.rig import conformance_rig
from tests.conformance.runner import CaseResult, cases_of, records, summary_line, table
from tests.conformance.sample import CATALOG, in_sample_order, write_catalog
from tests.conftest import LaneStacks


def chosen(page: CorpusPage, wanted: list[str]) -> bool:
    """Whether ``--library`` names the page: its file's name (with .html or without) or its library."""
    names = {page.page.lower(), page.page.removesuffix(".html").lower(), page.library.lower()}
    return not wanted or any(name.lower() in names for name in wanted)


@dataclass
class Run:
    """What a run (or one part of it) found: each case's record, the pages that never got ready, and whether each
    lane's window had the system's focus."""

    records: list[dict[str, Any]] = field(default_factory=list)
    broken: list[str] = field(default_factory=list)
    system_focus: dict[str, bool] = field(default_factory=dict)


def part_of(text: str) -> tuple[int, int]:
    """``--part 2/3``: the second of three parts."""
    match = re.fullmatch(r"(\d+)/(\d+)", text)
    if not match or not 1 <= int(match[1]) <= int(match[2]):
        raise argparse.ArgumentTypeError(f"{text!r} is not K/N with 1 <= K <= N, as 2/3")
    return int(match[1]), int(match[2])


def run_cases(options: argparse.Namespace, lanes: list[str]) -> Run:
    """The chosen cases, one after another on one rig (with ``--part K/N``, every Nth of them from the Kth), each
    printed as it ends."""
    run = Run()
    with LaneStacks(trusted_input=options.trusted_input) as stacks, conformance_rig(stacks, lanes) as rig:
        pages = []
        for name in corpus_pages():
            try:
                pages.append(rig.declared(name))
            except Exception as error:  # a page that never gets ready is reported, and the run goes on
                run.broken.append(f"{name}: {type(error).__name__}: {str(error)[:200]}")
        if options.catalog:
            write_catalog(pages)
            print(f"wrote {CATALOG}: {len(pages)} pages, {sum(len(p.controls) for p in pages)} controls")
            return run
        cases = []
        for page in (page for page in pages if chosen(page, options.library)):
            of_page = in_sample_order(cases_of(page))[: options.per_page] if options.per_page else cases_of(page)
            cases += [case for case in of_page if not options.case or case.id in options.case]
        part, parts = options.part or (1, 1)
        results = []
        for case in cases[part - 1 :: parts]:
            began = time.monotonic()
            try:
                result = rig.run(case)
            except Exception as error:  # a timeout on one case is the page's, not the run's
                result = CaseResult(case, oracle_error=f"the run broke: {type(error).__name__}: {error}"[:300])
            results.append(result)
            lanes_seen = sorted({d.lane for d in result.divergences})
            varied = (
                f" (as another run of real input: {', '.join(result.oracle_varied)})" if result.oracle_varied else ""
            )
            print(
                f"{case.id:<70} {time.monotonic() - began:5.1f} s  "
                + (result.oracle_error or ", ".join(lanes_seen) or "ok")
                + varied,
                flush=True,
            )
        run.records = records(results)
        run.system_focus = {lane.lane: lane.system_focus() for lane in rig.lanes}
    return run


def run_in_parts(options: argparse.Namespace) -> Run:
    """This command again as ``--jobs`` processes at once, each with a rig of its own and a part of the cases
    (``--part K/N``), their runs merged. A case spends most of its time waiting for its page to settle, so
    one process keeps less than a core busy: on two cores, two or three parts take about half the time."""
    chosen_cases = [f"--library={name}" for name in options.library] + [f"--case={case}" for case in options.case]
    chosen_cases += [f"--lane={options.lane}"] + ([f"--per-page={options.per_page}"] if options.per_page else [])
    chosen_cases += ["--trusted-input"] if options.trusted_input else []
    run = Run()
    with tempfile.TemporaryDirectory(prefix="conformance-") as folder:
        jobs = options.jobs
        outputs = [Path(folder) / f"part{k}.json" for k in range(1, jobs + 1)]
        children = [
            subprocess.Popen([sys.executable, __file__, *chosen_cases, f"--part={k}/{jobs}", f"--part-output={output}"])
            for k, output in enumerate(outputs, start=1)
        ]
        for k, (child, output) in enumerate(zip(children, outputs, strict=True), start=1):
            if child.wait() != 0 or not output.exists():  # what the other parts found is still reported
                run.broken.append(f"part {k}/{jobs} of the cases: its process ended with status {child.returncode}")
                continue
            part = Run(**json.loads(output.read_text()))
            run.records += part.records
            run.broken += [line for line in part.broken if line not in run.broken]
            run.system_focus = {
                lane: run.system_focus.get(lane, True) and seen for lane, seen in part.system_focus.items()
            }
    return run


def report(run: Run, lanes: list[str], started: float) -> None:
    """The table of divergences per library and control, the cases not run, and the closing line."""
    print()
    print(table(Divergence(**d) for r in run.records for d in r["divergences"]))
    not_run = [f"{r['case']}: {r['oracle_error']}" for r in run.records if r["oracle_error"]]
    if not_run or run.broken:
        print("\nnot run (the oracle could not, or the page never got ready):")
        print("\n".join(f"  {line}" for line in run.broken + not_run))
    varied = [f"  {r['case']}: {', '.join(r['oracle_varied'])}" for r in run.records if r["oracle_varied"]]
    if varied:
        print("\nreal input itself ended otherwise in another run, and the lane as that run did (not divergences):")
        print("\n".join(varied))
    focus = {lane: sum(1 for r in run.records if r["focused"].get(lane)) for lane in ["oracle", *lanes]}
    print(f"\ndocument.hasFocus() in the page's world true after the case: {focus} of {len(run.records)}")
    print(f"the lanes' windows have the system's focus (read in an isolated world): {run.system_focus}")
    print(f"wall time: {time.monotonic() - started:.0f} s")
    print(summary_line(run.records, lanes))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--library", action="append", default=[], help="a page's file name or library (repeatable)")
    parser.add_argument("--lane", choices=[CDP_LANE, EXTENSION_LANE, "both"], default="both")
    parser.add_argument("--json", type=Path, help="write every case's result here")
    parser.add_argument("--per-page", type=int, help="only the first N cases of each page, in the CI sample's order")
    parser.add_argument("--catalog", action="store_true", help=f"write what each page declares to {CATALOG}")
    parser.add_argument(
        "--case", action="append", default=[], help="only this case, page/control/interaction (repeatable)"
    )
    parser.add_argument(
        "--trusted-input",
        action="store_true",
        help="the extension lane with its trusted-input companion installed and the mode on (real input events)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="run the cases in this many processes at once")
    parser.add_argument("--part", type=part_of, help="only every Nth case from the Kth (K/N), as --jobs splits them")
    parser.add_argument("--part-output", type=Path, help=argparse.SUPPRESS)  # where a part writes its Run
    options = parser.parse_args()
    if options.jobs < 1 or (options.jobs > 1 and (options.part or options.catalog)):
        parser.error("--jobs takes a count of 1 or more, and goes with neither --part nor --catalog")
    lanes = [CDP_LANE, EXTENSION_LANE] if options.lane == "both" else [options.lane]
    started = time.monotonic()
    run = run_in_parts(options) if options.jobs > 1 else run_cases(options, lanes)
    if options.part_output:
        options.part_output.write_text(json.dumps(run.__dict__, ensure_ascii=False))
        return 0
    if options.catalog:
        print("\n".join(run.broken))
        return 0
    if options.json:
        options.json.write_text(json.dumps(run.records, indent=1, ensure_ascii=False))
    report(run, lanes, started)
    return 0


if __name__ == "__main__":
    sys.exit(main())

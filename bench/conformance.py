"""Conformance: every control of every corpus page, every interaction of its kind, on the oracle and on both lanes.

Run it as ``python bench/conformance.py [--library NAME ...] [--lane cdp|extension|both] [--json PATH]
[--per-page N] [--catalog] [--case ID ...] [--trusted-input]``. It is the whole run of the differential runner
(tests/conformance/): for each page of
tests/widgets/corpus/ (every ``*.html`` there, or those whose file or library ``--library`` names), each control it
declares and each interaction the table gives its kind, the interaction is driven three ways from a fresh load of
the page (real input through CDP in a plain Chromium, the cdp lane's tool calls, the extension lane's), and what
the page holds afterwards is compared. It prints one line per case as it goes, then the table of divergences per
library and control, the cases the oracle could not run, and ends with one line::

    conformance: 31 libraries, 412 controls, 2,870 interactions; divergences: cdp 0, extension 0

(a lane's figure counts the interactions with at least one divergence there). ``--json`` writes every case's
result; ``--catalog`` only writes what each page declares to tests/conformance/catalog.json, from which the CI
test draws its fixed sample (run it when a page is added or changes its controls). ``--trusted-input`` runs the
extension lane with its trusted-input mode on (the companion extension installed, real input events). It exits 0
whatever it finds, 1 if the run broke.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

# ``python bench/<script>.py`` puts only bench/ on sys.path; the harness is in the repository's tests/.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hermes_wire.tool_spec import CDP_LANE, EXTENSION_LANE
from tests.conformance.corpus import CorpusPage, corpus_pages
from tests.conformance.rig import conformance_rig
from tests.conformance.runner import CaseResult, as_json, cases_of, summary_line, table
from tests.conformance.sample import CATALOG, in_sample_order, write_catalog
from tests.conftest import LaneStacks


def chosen(page: CorpusPage, wanted: list[str]) -> bool:
    names = {page.page.removesuffix(".html").lower(), page.library.lower()}
    return not wanted or any(name.lower() in names for name in wanted)


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
    options = parser.parse_args()
    lanes = [CDP_LANE, EXTENSION_LANE] if options.lane == "both" else [options.lane]
    results: list[CaseResult] = []
    broken: list[str] = []
    started = time.monotonic()
    with LaneStacks(trusted_input=options.trusted_input) as stacks, conformance_rig(stacks, lanes) as rig:
        pages = []
        for name in corpus_pages():
            try:
                pages.append(rig.declared(name))
            except Exception as error:  # a page that never gets ready is reported, and the run goes on
                broken.append(f"{name}: {type(error).__name__}: {str(error)[:200]}")
        if options.catalog:
            write_catalog(pages)
            print(f"wrote {CATALOG}: {len(pages)} pages, {sum(len(p.controls) for p in pages)} controls")
            print("\n".join(broken))
            return 0
        for page in (page for page in pages if chosen(page, options.library)):
            cases = in_sample_order(cases_of(page))[: options.per_page] if options.per_page else cases_of(page)
            cases = [case for case in cases if not options.case or case.id in options.case]
            for case in cases:
                began = time.monotonic()
                try:
                    result = rig.run(case)
                except Exception as error:  # a timeout on one case is the page's, not the run's
                    result = CaseResult(case, oracle_error=f"the run broke: {type(error).__name__}: {error}"[:300])
                results.append(result)
                lanes_seen = sorted({d.lane for d in result.divergences})
                print(
                    f"{case.id:<70} {time.monotonic() - began:5.1f} s  "
                    + (result.oracle_error or ", ".join(lanes_seen) or "ok"),
                    flush=True,
                )
        system_focus = {lane.lane: lane.system_focus() for lane in rig.lanes}
    print()
    print(table(d for r in results for d in r.divergences))
    not_run = [f"{r.case.id}: {r.oracle_error}" for r in results if r.oracle_error]
    if not_run or broken:
        print("\nnot run (the oracle could not, or the page never got ready):")
        print("\n".join(f"  {line}" for line in broken + not_run))
    focus = {lane: sum(1 for r in results if r.focused.get(lane)) for lane in ["oracle", *lanes]}
    print(f"\ndocument.hasFocus() in the page's world true after the case: {focus} of {len(results)}")
    print(f"the lanes' windows have the system's focus (read in an isolated world): {system_focus}")
    print(f"wall time: {time.monotonic() - started:.0f} s")
    if options.json:
        options.json.write_text(as_json(results))
    print(summary_line([r for r in results if not r.oracle_error], lanes))
    return 0


if __name__ == "__main__":
    sys.exit(main())

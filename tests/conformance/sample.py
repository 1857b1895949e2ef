"""The CI run's fixed sample: drawn from ``catalog.json``, what each corpus page declared when it was last written
(``python bench/conformance.py --catalog``), so that pytest can name every case at collection time without a
browser. A page's controls are read again from the page when its case runs: a catalog that no longer matches
fails that case, and a page missing from it fails ``test_catalog_lists_every_page``.

The sample is the same on every run and machine: per page, the ``CASES_PER_PAGE`` cases whose names hash lowest
(CRC-32), which spreads it over controls and interactions without choosing by hand, the first of them one of the
rarer interactions (choosing options, a drag, a cell) when the page has any.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable
from pathlib import Path

from tests.conformance.corpus import CorpusPage
from tests.conformance.runner import Case, cases_of

CATALOG = Path(__file__).with_name("catalog.json")
CASES_PER_PAGE = 2
#: Interactions that few controls have: one of them, if the page has any, is among its sampled cases.
RARE = ("choose", "drag", "cell", "open, scroll")


def write_catalog(pages: Iterable[CorpusPage]) -> None:
    declared = {
        page.page: {"library": page.library, "controls": [dict(c.raw) for c in page.controls]} for page in pages
    }
    CATALOG.write_text(json.dumps({"pages": declared}, indent=1, ensure_ascii=False, sort_keys=True) + "\n")


def catalog() -> dict[str, CorpusPage]:
    if not CATALOG.exists():
        return {}
    pages = json.loads(CATALOG.read_text())["pages"]
    return {name: CorpusPage.from_declaration(name, declared) for name, declared in sorted(pages.items())}


def sample(per_page: int = CASES_PER_PAGE) -> list[Case]:
    """The CI run's cases, in a stable order."""
    chosen: list[Case] = []
    for page in catalog().values():
        ordered = in_sample_order(cases_of(page))
        rare = [case for case in ordered if case.interaction.name.startswith(RARE)][:1]
        chosen += rare + [case for case in ordered if case not in rare][: per_page - len(rare)]
    return chosen


def in_sample_order(cases: Iterable[Case]) -> list[Case]:
    """``cases`` in the order the sample takes them (by the CRC-32 of their names)."""
    return sorted(cases, key=lambda case: zlib.crc32(case.id.encode()))


def case_named(case_id: str) -> Case:
    """The case of the catalog named ``case_id`` (``page/control/interaction``)."""
    page = case_id.split("/")[0] + ".html"
    return next(case for case in cases_of(catalog()[page]) if case.id == case_id)

"""Everything a run shares across its cases: the corpus's page server, the oracle's browser and one session per lane,
each started once (tests and ``bench/conformance.py`` alike); every case reloads its page in the same tabs."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from contextlib import ExitStack

from tests.conformance.corpus import CorpusPage, page_path, serve_corpus
from tests.conformance.lanes import LaneDriver, lane_session
from tests.conformance.oracle import Oracle, oracle_browser
from tests.conformance.runner import Case, CaseResult, run_case
from tests.conftest import LaneStacks
from tests.support.pages import PageServer


class Rig:
    def __init__(self, server: PageServer, oracle: Oracle, lanes: Sequence[LaneDriver]) -> None:
        self.server = server
        self.oracle = oracle
        self.lanes = list(lanes)
        self._declared: dict[str, CorpusPage] = {}

    def declared(self, page: str) -> CorpusPage:
        """What ``page`` declares (read once, from the oracle's fresh load of it)."""
        if page not in self._declared:
            self.oracle.load(self.server.url(page_path(page)))
            self._declared[page] = CorpusPage.from_declaration(page, self.oracle.corpus())
        return self._declared[page]

    def run(self, case: Case) -> CaseResult:
        return run_case(case, self.server, self.oracle, self.lanes)


@contextlib.contextmanager
def conformance_rig(stacks: LaneStacks, lanes: Sequence[str]) -> Iterator[Rig]:
    """The rig on ``stacks`` (the tests' session-wide ``lane_stacks``, or the bench's own), with a session on
    each of ``lanes``."""
    with ExitStack() as running:
        server = running.enter_context(serve_corpus())
        oracle = running.enter_context(oracle_browser())
        drivers = [running.enter_context(lane_session(stacks.of(lane).serving(server))) for lane in lanes]
        yield Rig(server, oracle, drivers)

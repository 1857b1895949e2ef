"""A real datasette driven on both lanes as an agent would: a SQL query in its editor, a filter, a sort, a facet, a row.

Elements are found by reading the snapshot text for a role and a name (``tests.apps.reading``). Each task
is judged from the application's own state: the request datasette logged (its access log: the SQL or the
filter it really received) and the answer ``sqlite3`` gives on the same database file, compared with
what the snapshot shows the agent.
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Iterator

import pytest

from tests.apps.reading import Reader, table_rows
from tests.apps.servers import App, datasette_site
from tests.lanes.conftest import LaneAgent

pytestmark = [pytest.mark.chromium, pytest.mark.processes]

REQUEST = re.compile(r'"GET (?P<target>\S+) HTTP/1\.1" 200')
COLUMNS = ["id", "name", "country", "founded", "population"]


@pytest.fixture(scope="module")
def datasette() -> Iterator[App]:
    with datasette_site() as app:
        yield app


@pytest.fixture
def reader(agent: LaneAgent) -> Reader:
    return Reader(agent)


def requests(app: App) -> list[urllib.parse.SplitResult]:
    """Every page datasette answered with 200, from its own access log."""
    return [urllib.parse.urlsplit(match["target"]) for match in REQUEST.finditer(app.log.read_text())]


def test_open_a_row_from_the_table(reader: Reader, datasette: App) -> None:
    reader.go(datasette.url("/world/cities"))
    reader.click("link", "4")
    shown = reader.wait_for("cities: 4")
    assert any(request.path == "/world/cities/4" for request in requests(datasette))
    assert table_rows(shown) == [COLUMNS, [str(v) for v in datasette.rows("select * from cities where id = 4")[0]]]

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

pytestmark = [pytest.mark.chromium, pytest.mark.processes]

REQUEST = re.compile(r'"GET (?P<target>\S+) HTTP/1\.1" 200')
COLUMNS = ["id", "name", "country", "founded", "population"]


@pytest.fixture(scope="module")
def datasette() -> Iterator[App]:
    with datasette_site() as app:
        yield app


def requests(app: App) -> list[urllib.parse.SplitResult]:
    """Every page datasette answered with 200, from its own access log."""
    return [urllib.parse.urlsplit(match["target"]) for match in REQUEST.finditer(app.log.read_text())]


def received(app: App, **parameters: str) -> bool:
    """Whether datasette answered a request whose query string held all of ``parameters`` (and maybe more)."""
    wanted = {name: [value] for name, value in parameters.items()}
    for request in requests(app):
        query = urllib.parse.parse_qs(request.query)
        if all(query.get(name) == value for name, value in wanted.items()):
            return True
    return False


def ids_shown(snapshot: str) -> list[int]:
    """The ids of the rows the table shows (its first column: each row's link to its own page)."""
    return [int(row[0]) for row in table_rows(snapshot) if row and row[0].isdigit()]


def test_run_a_sql_query_typed_into_the_editor(reader: Reader, datasette: App) -> None:
    sql = "select country, count(*) as n from cities group by country order by n desc, country"
    reader.go(datasette.url("/world"))
    reader.wait_for("Custom SQL query")
    reader.type("textbox", None, sql)  # CodeMirror 5's own input, the page's one textbox
    reader.click("button", "Run SQL")
    shown = reader.wait_for("Japan")
    assert received(datasette, sql=sql), f"datasette never received the SQL typed: {requests(datasette)}"
    expected = [[country, str(n)] for country, n in datasette.rows(sql)]
    assert [row for row in table_rows(shown) if row != ["country", "n"]] == expected


def test_filter_the_table_with_its_filter_form(reader: Reader, datasette: App) -> None:
    reader.go(datasette.url("/world/cities"))
    reader.type("combobox", None, "country", text="- column -")
    reader.type("textbox", None, "Japan")
    reader.click("button", "Apply")
    shown = reader.wait_for('2 rows where country = "Japan"')
    assert received(datasette, country__exact="Japan"), requests(datasette)
    assert ids_shown(shown) == [i for (i,) in datasette.rows("select id from cities where country = 'Japan'")]


def test_sort_by_a_column_header(reader: Reader, datasette: App) -> None:
    reader.go(datasette.url("/world/cities"))
    reader.click("link", "population")
    shown = reader.wait_for("sorted by population")
    assert received(datasette, _sort="population"), requests(datasette)
    ordered = [i for (i,) in datasette.rows("select id from cities where population is not null order by population")]
    assert [i for i in ids_shown(shown) if i in ordered] == ordered


def test_facet_then_pick_a_value(reader: Reader, datasette: App) -> None:
    reader.go(datasette.url("/world/cities"))
    reader.click("link", "country", within="Suggested facets:")
    reader.wait_for("country 6")
    reader.click("link", "Japan")
    shown = reader.wait_for('2 rows where country = "Japan"')
    assert received(datasette, _facet="country", country="Japan"), requests(datasette)
    assert ids_shown(shown) == [i for (i,) in datasette.rows("select id from cities where country = 'Japan'")]


def test_open_a_row_from_the_table(reader: Reader, datasette: App) -> None:
    reader.go(datasette.url("/world/cities"))
    reader.click("link", "4")
    shown = reader.wait_for("cities: 4")
    assert any(request.path == "/world/cities/4" for request in requests(datasette))
    assert table_rows(shown) == [COLUMNS, [str(v) for v in datasette.rows("select * from cities where id = 4")[0]]]


def test_a_table_with_nulls_keeps_every_value_under_its_column(reader: Reader, datasette: App) -> None:
    """Issue 12, item 1: a NULL cell stays as an empty cell, so population is never read as the founding year."""
    reader.go(datasette.url("/world/cities"))
    shown = [row for row in table_rows(reader.read()) if row and row[0].isdigit()]
    expected = [
        ["" if value is None else str(value) for value in row] for row in datasette.rows("select * from cities")
    ]
    assert any(None in row for row in datasette.rows("select * from cities"))  # the page under test has NULLs
    assert shown == expected


def test_export_the_filtered_table_as_a_csv_file_and_read_it_back(reader: Reader, datasette: App) -> None:
    """Issue 32, item 5: an errand across the download: filter, tick "download file", press Export CSV, then read
    the file the browser saved, judged by datasette's log (it served the download) and by sqlite3's rows."""
    reader.go(datasette.url("/world/cities?country__exact=Japan"))
    reader.wait_for('2 rows where country = "Japan"')
    reader.click("checkbox", "download file")
    download = reader.click("button", "Export CSV")["download"]
    assert received(datasette, country__exact="Japan", _dl="on"), requests(datasette)
    read = reader.agent.ok("browser_read_download", id=download["id"])  # waits for a download still under way
    assert read["name"].endswith(".csv"), read
    expected = [COLUMNS] + [
        ["" if value is None else str(value) for value in row]
        for row in datasette.rows("select * from cities where country = 'Japan' order by id")
    ]
    assert [line.split(",") for line in read["text"].strip().splitlines()] == expected, read["text"]
    listed = reader.agent.ok("browser_downloads")["downloads"]
    assert [item["id"] for item in listed] == [download["id"]], listed

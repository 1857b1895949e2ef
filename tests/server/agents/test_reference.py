"""The tool reference, docs/tools.md, matches the declarations, and the declarations cover what the code does."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hermes_extension import extension_dir
from hermes_server.agents import reference
from hermes_wire.errors import CONTROLLER_ERROR_DETAILS, TOOL_ERROR_ADVICE, TOOL_ERROR_CODES
from hermes_wire.tool_spec import LANES
from hermes_wire.tools import TOOLS

SERVER_SOURCES = Path(reference.__file__).resolve().parents[1]
#: Codes the extension raises that never reach an agent as a controller_error detail: the host requests of
#: pairing fail with these (not commands), a cancelled command is never answered, and the engine's
#: confirmation_needed is the extension lane's cue to ask the user (capabilities.js, browser_type).
NOT_COMMAND_FAILURES = {"host_disconnected", "timeout", "confirmation_needed"}


def test_the_checked_in_reference_is_not_stale() -> None:
    assert reference.main(["--check"]) == 0, "run python -m hermes_server.agents.reference"


def test_outside_a_checkout_it_says_so_and_writes_nothing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As from an installed wheel: the folder three levels up is site-packages' parent, no checkout."""
    monkeypatch.setattr(reference, "CHECKOUT", tmp_path)
    monkeypatch.setattr(reference, "REFERENCE_PATH", tmp_path / "docs" / "tools.md")
    for argv in (["--check"], []):
        assert reference.main(argv) == reference.EXIT_NOT_A_CHECKOUT
        assert "is part of a source checkout" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_a_changed_declaration_makes_the_check_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    current = reference.REFERENCE_PATH.read_text(encoding="utf-8")
    monkeypatch.setattr(reference, "render", lambda: current + "a changed declaration\n")
    assert reference.main(["--check"]) == 1


def test_every_error_code_says_what_to_do_next() -> None:
    assert set(TOOL_ERROR_ADVICE) == TOOL_ERROR_CODES
    assert all(advice.strip() for advice in TOOL_ERROR_ADVICE.values())


def _raised_detail_codes() -> set[str]:
    """The ``controller_error`` detail codes the server, the extension and the engine can report."""
    found: set[str] = set()
    for source in SERVER_SOURCES.rglob("*.py"):
        found |= set(re.findall(r'"controller_error",\s*f?"([a-z_]+):', source.read_text(encoding="utf-8")))
    for script in extension_dir().rglob("*.js"):
        text = script.read_text(encoding="utf-8")
        found |= set(re.findall(r'CommandError\(\s*"([a-z_]+)"', text))
        found |= set(re.findall(r'\bfailure\(\s*"([a-z_]+)"', text))
    found.add("extension_error")  # capabilities.js: any exception that is not a CommandError
    return found - TOOL_ERROR_CODES - NOT_COMMAND_FAILURES


def test_every_controller_error_detail_the_code_raises_is_documented() -> None:
    raised = _raised_detail_codes()
    assert {"stale_ref", "tab_closed", "tab_crashed", "dialog_open", "snapshot_failed"} <= raised  # the scan works
    assert raised - set(CONTROLLER_ERROR_DETAILS) == set()
    assert set(CONTROLLER_ERROR_DETAILS) - raised == set(), "a documented detail no code raises"


def test_every_tool_with_a_result_declares_its_fields_on_lanes_it_serves() -> None:
    for spec in TOOLS.values():
        if spec.name != "controller.noop":
            assert spec.result_fields, f"{spec.name} declares no result fields"
        names = [field.name for field in spec.result_fields]
        assert len(names) == len(set(names)), f"{spec.name} declares a result field twice"
        for field in spec.result_fields:
            assert field.lanes and field.lanes <= spec.lanes, f"{spec.name}.{field.name} on a lane it is not on"
            assert field.meaning.strip()
    for lanes, advice in CONTROLLER_ERROR_DETAILS.values():
        assert lanes and set(lanes) <= set(LANES) and advice.strip()


def test_the_page_names_the_undocumented_metadata_and_every_argument() -> None:
    page = reference.render()
    for key in ("console_errors", "pending_dialogs", "recent_dialogs", "frame_tree", "notice", "activated_tab"):
        assert f"| `{key}` |" in page
    for spec in TOOLS.values():
        assert f"### `{spec.name}`" in page
        for argument in spec.schema["properties"]:
            assert f"| `{argument}` |" in page


def test_the_readmes_tool_table_names_every_tool_an_agent_is_served() -> None:
    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text()
    table = readme.split("**The tools.**", 1)[1].split("\n\n")[1]
    listed = set(re.findall(r"`(browser_\w+)`", table))
    assert listed == {name for name in TOOLS if name.startswith("browser_")}

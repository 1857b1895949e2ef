"""Tool declarations stay within what the argument checker understands, and match the allowlist."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from hermes_wire import controller as protocol
from hermes_wire.tool_schema import SUPPORTED_SCHEMA_KEYWORDS
from hermes_wire.tool_spec import ALL_LANES, EXTENSION_LANE, RESULT_KINDS
from hermes_wire.tools import TOOLS


def keywords(schema: dict[str, Any]) -> set[str]:
    found = set(schema)
    for sub in [*schema.get("properties", {}).values(), *([schema["items"]] if "items" in schema else [])]:
        found |= keywords(sub)
    return found


def test_every_schema_uses_only_supported_keywords() -> None:
    for spec in TOOLS.values():
        assert keywords(spec.schema) <= SUPPORTED_SCHEMA_KEYWORDS, spec.name
        assert spec.schema["type"] == "object" and spec.schema["additionalProperties"] is False


def test_tool_capabilities_are_the_allowlist() -> None:
    extension = [spec for spec in TOOLS.values() if EXTENSION_LANE in spec.lanes]
    assert sorted(spec.name for spec in extension) == sorted(protocol.CAPABILITY_ALLOWLIST)
    # A tool the extension lane cannot serve (browser_dialog, browser_cdp) never widens the controller allowlist.
    assert all(spec.name not in protocol.CAPABILITY_ALLOWLIST for spec in TOOLS.values() if spec not in extension)
    assert {"browser_dialog", "browser_cdp"}.isdisjoint(protocol.CAPABILITY_ALLOWLIST)
    assert all(not (spec.read_only and spec.destructive) for spec in TOOLS.values())


def test_every_tool_names_its_lanes_and_result_shape() -> None:
    for spec in TOOLS.values():
        assert spec.lanes and spec.lanes <= ALL_LANES, spec.name
        assert spec.result_kind in RESULT_KINDS, spec.name


def test_the_docs_count_the_allowlist_as_declared() -> None:
    # The README and the architecture page say how many capabilities the allowlist has: the declarations' count.
    root = Path(__file__).resolve().parents[2]
    for page in ("README.md", "docs/architecture.md"):
        stated = re.findall(r"(\d+)-capability allowlist", (root / page).read_text(encoding="utf-8"))
        assert stated and {int(count) for count in stated} == {len(protocol.CAPABILITY_ALLOWLIST)}, (page, stated)

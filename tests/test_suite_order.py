"""The suite's own ordering (tests/conftest.py): every module it names to collect first is still there, so that a
renamed one does not fall back silently to the end of the run."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import SLOW_MODULES_FIRST

CHECKOUT = Path(__file__).resolve().parents[1]


def test_every_module_collected_first_exists() -> None:
    missing = [path for path in SLOW_MODULES_FIRST if not (CHECKOUT / path).is_file()]
    assert not missing, f"SLOW_MODULES_FIRST names modules that are gone: {missing}"

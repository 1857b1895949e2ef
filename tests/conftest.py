"""Shared fixtures.  Every timeout in the suite is multiplied by ``HERMES_TEST_TIMEOUT_SCALE`` (default 1)."""

from __future__ import annotations

import os


def scaled(seconds: float) -> float:
    """A test timeout, stretched on slow machines by HERMES_TEST_TIMEOUT_SCALE."""
    return seconds * float(os.environ.get("HERMES_TEST_TIMEOUT_SCALE", "1"))

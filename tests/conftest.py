"""Shared fixtures.  Every timeout in the suite is multiplied by ``HERMES_TEST_TIMEOUT_SCALE`` (default 1)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING

import pytest

from hermes_wire.tools import CDP_LANE, EXTENSION_LANE

if TYPE_CHECKING:
    from tests.support.browser_stack import ServerStack


def scaled(seconds: float) -> float:
    """A test timeout, stretched on slow machines by HERMES_TEST_TIMEOUT_SCALE."""
    return seconds * float(os.environ.get("HERMES_TEST_TIMEOUT_SCALE", "1"))


@pytest.fixture(scope="session", params=[EXTENSION_LANE, CDP_LANE])
def lane_stack(request: pytest.FixtureRequest) -> Iterator[ServerStack]:
    """The whole product with one lane, running for the whole test run: the extension paired in its Chromium, or
    the cdp lane's own.  The contract suite, the real apps and the MiniWoB tasks share it (``stack`` points it at
    a module's pages); each test gets a session of its own on a fresh tab, so no test sees another's state.
    Starting it once per lane, not once per module, saves a server, a browser and a pairing per module."""
    from tests.support.browser_stack import cdp_stack, extension_stack
    from tests.support.pages import serve_pages

    with serve_pages({}) as no_pages:
        running: AbstractContextManager[ServerStack] = (
            extension_stack(no_pages) if request.param == EXTENSION_LANE else cdp_stack(no_pages)
        )
        with running as stack:
            yield stack

"""The lane fixtures of the contract suite (one stack per lane for the run, one session per test), on MiniWoB++."""

from __future__ import annotations

from tests.lanes.conftest import agent, stack

__all__ = ["agent", "stack"]

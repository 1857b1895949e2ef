"""Latency figures shared by the benchmarks: percentiles of a list of round-trip times."""

from __future__ import annotations

import statistics
from dataclasses import dataclass


@dataclass(frozen=True)
class LatencyFigures:
    """Round trips of one call, in milliseconds."""

    name: str
    latencies_ms: list[float]

    @property
    def p50(self) -> float:
        return statistics.median(self.latencies_ms)

    @property
    def p99(self) -> float:
        if len(self.latencies_ms) < 2:
            return self.latencies_ms[0]
        return statistics.quantiles(self.latencies_ms, n=100, method="inclusive")[98]

    @property
    def mean(self) -> float:
        return statistics.fmean(self.latencies_ms)

"""The console errors and uncaught exceptions of each tab's current document, since its last snapshot.  No I/O.

``browser_snapshot`` reports them on the CDP lane (``console_errors``), so an agent sees that the
page's own script failed after an action, without asking for the console.  It shows only what is
news to the agent, in a size that cannot crowd out the page (issue 12: a JupyterLab snapshot was
8.8k characters of old errors in 14.3k): the errors since the tab's previous snapshot, from the
document the tab shows now (a top-level navigation drops the old document's), at most
``CONSOLE_ERRORS_SHOWN`` of them (the first, which usually cause the rest) of at most
``CONSOLE_TEXT_MAX`` characters, and how many more there were (``console_errors_more``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

CONSOLE_ERRORS_SHOWN = 5
CONSOLE_TEXT_MAX = 300


@dataclass(frozen=True)
class ConsoleError:
    level: str
    text: str
    at: float

    def as_json(self) -> dict[str, Any]:
        return {"level": self.level, "text": self.text, "at": self.at}


@dataclass
class _Fresh:
    """One tab's errors since its last snapshot: the first few, and a count of the rest."""

    shown: list[ConsoleError] = field(default_factory=list)
    more: int = 0


class ConsoleErrors:
    """Per tab: the console errors (``console.error``, failed ``console.assert``) and uncaught exceptions of its
    current document that no snapshot has reported yet."""

    def __init__(self) -> None:
        self._fresh: dict[str, _Fresh] = {}

    @property
    def errors(self) -> tuple[ConsoleError, ...]:
        """Every tab's errors not yet taken (those a snapshot would show), oldest first."""
        return tuple(sorted((e for fresh in self._fresh.values() for e in fresh.shown), key=lambda e: e.at))

    def take(self, tab: str) -> tuple[tuple[ConsoleError, ...], int]:
        """Tab ``tab``'s errors for its snapshot, and how many more there were; the next snapshot starts afresh."""
        fresh = self._fresh.pop(tab, None)
        return (tuple(fresh.shown), fresh.more) if fresh else ((), 0)

    def document_replaced(self, tab: str) -> None:
        """The tab shows a new document: the old one's errors are no news about it."""
        self._fresh.pop(tab, None)

    def api_called(self, tab: str | None, params: dict[str, Any], now: float) -> None:
        """``Runtime.consoleAPICalled`` in a frame of ``tab``: kept if it is an error or an assertion."""
        if params.get("type") in ("error", "assert"):
            texts = [
                str(a.get("value", a.get("description", ""))) for a in params.get("args") or () if isinstance(a, dict)
            ]
            self._add(tab, ConsoleError("error", _capped(" ".join(texts)), now))

    def exception_thrown(self, tab: str | None, params: dict[str, Any], now: float) -> None:
        """``Runtime.exceptionThrown`` in a frame of ``tab``: an exception nothing caught."""
        details = params.get("exceptionDetails") or {}
        text = (details.get("exception") or {}).get("description") or details.get("text") or "exception"
        self._add(tab, ConsoleError("exception", _capped(str(text)), now))

    def _add(self, tab: str | None, error: ConsoleError) -> None:
        if tab is None:
            return
        fresh = self._fresh.setdefault(tab, _Fresh())
        if len(fresh.shown) < CONSOLE_ERRORS_SHOWN:
            fresh.shown.append(error)
        else:
            fresh.more += 1


def _capped(text: str) -> str:
    return text if len(text) <= CONSOLE_TEXT_MAX else text[: CONSOLE_TEXT_MAX - 1] + "…"

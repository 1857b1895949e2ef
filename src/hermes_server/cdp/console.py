"""The page's console errors and uncaught exceptions, the last ``CONSOLE_ERRORS_MAX`` of them.  No I/O.

``browser_snapshot`` reports them on the CDP lane (``console_errors``), so an agent sees
that the page's own script failed after an action, without asking for the console.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

CONSOLE_ERRORS_MAX = 50
CONSOLE_TEXT_MAX = 500


@dataclass(frozen=True)
class ConsoleError:
    level: str
    text: str
    at: float

    def as_json(self) -> dict[str, Any]:
        return {"level": self.level, "text": self.text, "at": self.at}


class ConsoleErrors:
    """A ring of the last console errors (``console.error``, failed ``console.assert``) and uncaught exceptions."""

    def __init__(self) -> None:
        self._errors: deque[ConsoleError] = deque(maxlen=CONSOLE_ERRORS_MAX)

    @property
    def errors(self) -> tuple[ConsoleError, ...]:
        """Oldest first."""
        return tuple(self._errors)

    def api_called(self, params: dict[str, Any], now: float) -> None:
        """``Runtime.consoleAPICalled``: kept if it is an error or an assertion."""
        if params.get("type") in ("error", "assert"):
            texts = [
                str(a.get("value", a.get("description", ""))) for a in params.get("args") or () if isinstance(a, dict)
            ]
            self._errors.append(ConsoleError("error", " ".join(texts)[:CONSOLE_TEXT_MAX], now))

    def exception_thrown(self, params: dict[str, Any], now: float) -> None:
        """``Runtime.exceptionThrown``: an exception nothing caught."""
        details = params.get("exceptionDetails") or {}
        text = (details.get("exception") or {}).get("description") or details.get("text") or "exception"
        self._errors.append(ConsoleError("exception", str(text)[:CONSOLE_TEXT_MAX], now))

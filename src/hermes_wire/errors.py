"""The base of every Hermes exception tree, and the errors that belong to the wire itself.

Each error carries a stable ``code`` (machine-readable, never reworded) and a ``message`` that
tells a person what to do next.  Each package grows its own tree from ``HermesError``
(``hermes_server.errors``, ``hermes_host.errors``); this module holds only what both sides of a
hop raise:

``HermesError``
├── ``ToolError``             a browser tool call failed; ``code`` is one of ``TOOL_ERROR_CODES``,
│                             which is exactly what the agent sees.
└── ``PeerError``             a remote peer misbehaved (as opposed to local misuse).
    └── ``ProtocolViolation`` a controller sent a frame that breaks protocol v1;
                              the socket is closed with ``close_code``.

Secrets (API keys, tickets, pairing secrets) never go into a message.
"""

from __future__ import annotations

#: The error codes an agent can see in ``{"ok": false, "error": {"code": ...}}``.
TOOL_ERROR_CODES = frozenset(
    {
        "controller_missing",
        "controller_disconnected",
        "controller_ambiguous",
        "capability_not_allowed",
        "controller_detached",
        "command_timeout",
        "command_cancelled",
        "controller_error",
        "invalid_arguments",
        "backend_unavailable",
    }
)


class HermesError(Exception):
    """Base class: a stable ``code`` plus an actionable ``message``."""

    code = "hermes_error"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code

    def __str__(self) -> str:
        return self.message


class ToolError(HermesError):
    """A tool call failed with one of the stable codes in ``TOOL_ERROR_CODES``."""

    def __init__(self, code: str, message: str) -> None:
        if code not in TOOL_ERROR_CODES:
            raise ValueError(f"unknown tool error code {code!r}")
        super().__init__(message, code=code)


class PeerError(HermesError):
    """A remote peer (controller, host, server) broke the protocol."""

    code = "peer_error"


class ProtocolViolation(PeerError):
    """A controller frame is malformed; the WebSocket closes with ``close_code`` and the message as reason."""

    code = "protocol_violation"

    def __init__(self, message: str, *, close_code: int) -> None:
        super().__init__(message)
        self.close_code = close_code

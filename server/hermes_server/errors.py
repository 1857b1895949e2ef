"""Every exception ``hermes_server`` raises, in one tree.

Each error carries a stable ``code`` (machine-readable, never reworded) and a
``message`` that tells a person what to do next.  The tree separates three
kinds of failure because callers react to them differently:

``HermesError``
├── ``ConfigError``        local misuse: the configuration file or environment is wrong.
│                          The CLI prints it and exits with status 2.
├── ``ApiError``           an HTTP request to the server is refused (status, type, code).
│   └── ``TicketRejected`` a WebSocket ticket is unknown, expired, reused or malformed (401).
├── ``ToolError``          a browser tool call failed; ``code`` is one of ``TOOL_ERROR_CODES``,
│                          which is exactly what the agent sees.
├── ``PeerError``          a remote peer misbehaved (as opposed to local misuse).
│   ├── ``ProtocolViolation`` a controller sent a frame that breaks protocol v1;
│   │                         the socket is closed with ``close_code``.
│   ├── ``CDPError``          a browser's DevTools endpoint failed (CDP lane).
│   │   ├── ``CDPCommandFailed`` it answered a command with an error (``method``, ``cdp_code``).
│   │   └── ``CDPDisconnected``  its WebSocket closed; commands in flight are lost.
│   └── ``ProviderError``     a browser source (a cloud provider's API, a DevTools endpoint) failed.
├── ``LaunchError``        a local server or helper process (``local_stack``, the CDP lane's
│                          Chromium) did not start; the message ends with the tail of its log.
└── ``CommandRefused``     raised by a controller's command handler to answer ``ok: false``
                           with its own ``code`` (controller side, see ``controller_client``).

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


class ConfigError(HermesError):
    """The configuration is invalid; the message names the key and the file."""

    code = "invalid_config"


class ApiError(HermesError):
    """An HTTP request is refused.  Rendered as ``{"error": {"message", "type", "code"}}``."""

    def __init__(self, status: int, code: str, message: str, *, error_type: str | None = None) -> None:
        super().__init__(message, code=code)
        self.status = status
        self.error_type = error_type or _DEFAULT_TYPES.get(status, "api_error")

    def as_body(self) -> dict[str, dict[str, str]]:
        return {"error": {"message": self.message, "type": self.error_type, "code": self.code}}


_DEFAULT_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "invalid_request_error",
    500: "server_error",
}


class TicketRejected(ApiError):
    """A WebSocket ticket cannot be used.  ``reason`` is for logs only; the peer gets one generic message."""

    def __init__(self, reason: str) -> None:
        super().__init__(
            401,
            "browser_control_ticket_invalid",
            "Invalid, expired or already used ticket: register again to get a fresh one.",
        )
        self.reason = reason


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


class CDPError(PeerError):
    """A browser's DevTools endpoint failed; the CDP lane turns it into a tool error for the agent."""

    code = "cdp_error"


class CDPCommandFailed(CDPError):
    """The browser answered a command with ``{"error": {code, message}}``; ``cdp_code`` is the browser's code."""

    code = "cdp_command_failed"

    def __init__(self, method: str, cdp_code: int, message: str) -> None:
        super().__init__(f"{method} failed: {message} ({cdp_code})")
        self.method = method
        self.cdp_code = cdp_code
        self.cdp_message = message


class CDPDisconnected(CDPError):
    """The DevTools WebSocket closed (the browser exited or the endpoint dropped us)."""

    code = "cdp_disconnected"


class ProviderError(PeerError):
    """A browser source failed: a cloud provider (Browserbase, Browser Use) refused a REST call, or a
    DevTools endpoint (``browser.cdp_url``, a provider's CDP URL) could not be reached."""

    code = "provider_error"


class LaunchError(HermesError):
    """A local server or helper process did not start; the message includes the tail of its log."""

    code = "launch_failed"


class CommandRefused(HermesError):
    """A controller declines or fails a command; sent back as ``{"ok": false, "error": {code, message}}``."""

    code = "controller_error"

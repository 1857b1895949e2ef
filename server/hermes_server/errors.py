"""Every exception ``hermes_server`` raises, in one tree, grown from the wire's ``HermesError``.

Each error carries a stable ``code`` (machine-readable, never reworded) and a
``message`` that tells a person what to do next.  The tree separates three
kinds of failure because callers react to them differently:

``HermesError`` (``hermes_wire.errors``)
├── ``ConfigError``        local misuse: the configuration file or environment is wrong.
│                          The CLI prints it and exits with status 2.
├── ``ApiError``           an HTTP request to the server is refused (status, type, code).
│   └── ``TicketRejected`` a WebSocket ticket is unknown, expired, reused or malformed (401).
├── ``ToolError``          (wire) a browser tool call failed with a code the agent sees.
│   └── ``PressStopped``   the page moved something over a real press's point after the engine aimed it, and
│                          the engine's guard stopped the press before the page saw it (CDP lane): nothing
│                          was pressed, so the action may be tried again.
├── ``PeerError``          (wire) a remote peer misbehaved (as opposed to local misuse).
│   ├── ``ProtocolViolation`` (wire) a controller frame broke protocol v1.
│   ├── ``CDPError``          a browser's DevTools endpoint failed (CDP lane).
│   │   ├── ``CDPCommandFailed`` it answered a command with an error (``method``, ``cdp_code``).
│   │   ├── ``CDPDisconnected``  its connection (WebSocket or pipe) closed; commands in flight are lost.
│   │   └── ``CDPTargetCrashed`` a tab's page crashed; commands in flight on it are lost.
│   └── ``ProviderError``     a browser source (a cloud provider's API, a DevTools endpoint) failed.
├── ``LaunchError``        a helper process (the CDP lane's Chromium) did not start; the message
│                          ends with the tail of its log.
└── ``DocumentError``      a document (a download, the PDF in the tab) cannot be read as text (documents.py).
    ├── ``DocumentUnreadable`` it is malformed, encrypted or not what its type says.
    └── ``DocumentTooLarge``   it is over the size the extractor reads at all.

Secrets (API keys, tickets, pairing secrets) never go into a message.
"""

from __future__ import annotations

from hermes_wire.errors import HermesError, PeerError, ToolError


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
    """The DevTools connection closed (the browser exited or the endpoint dropped us)."""

    code = "cdp_disconnected"


class CDPTargetCrashed(CDPError):
    """A tab's renderer is gone (``Inspector.targetCrashed``): what was sent to it will never be answered."""

    code = "tab_crashed"


class ProviderError(PeerError):
    """A browser source failed: a cloud provider (Browserbase, Browser Use) refused a REST call, or a
    DevTools endpoint (``browser.cdp_url``, a provider's CDP URL) could not be reached."""

    code = "provider_error"


class LaunchError(HermesError):
    """A local server or helper process did not start; the message includes the tail of its log."""

    code = "launch_failed"


class PressStopped(ToolError):
    """A real press was stopped by the engine's guard (``armGuard`` in extension/engine/guard.js): its target
    was no longer the element the engine aimed at. The agent sees ``click_intercepted`` if every attempt ends so."""


class DocumentError(HermesError):
    """A document's bytes cannot be read as text; the tool that read it reports the message to the agent."""

    code = "document_error"


class DocumentUnreadable(DocumentError):
    """The document is malformed, encrypted or hostile (a PDF pypdf cannot parse): nothing of it was read."""

    code = "document_unreadable"


class DocumentTooLarge(DocumentError):
    """The document is over ``documents.MAX_DOCUMENT_BYTES``: it was not parsed, so its size bounds memory."""

    code = "document_too_large"

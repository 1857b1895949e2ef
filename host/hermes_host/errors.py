"""Every exception ``hermes_host`` raises, in one tree.

``HostError``                  base (a ``hermes_wire.errors.HermesError``): a stable ``code`` plus an
                               actionable ``message``
├── ``OriginRefused``          local misuse: launched for an origin that is not an allowed extension
├── ``HelloRequired``          the extension asked for something before ``hello`` named its profile
├── ``FramingError``           the extension (the peer on stdin) sent a bad native message;
│                              ``fatal`` means the stream is no longer usable and the host exits
├── ``ServerUnavailable``      no Hermes server is running (no runtime file, or nothing answers)
│   └── ``ServerGone``         the runtime file names a server process that no longer exists
├── ``ServerUntrusted``        what answers is not the server this profile paired with (it cannot
│                              prove the pinned identity key, or an approval is not bound to the
│                              pairing secret): nothing more is sent to it
└── ``ServerRefused``          the server answered with an error (status, code, message)

Secrets (pairing secret, private keys) never go into a message.
"""

from __future__ import annotations

from hermes_wire.errors import HermesError


class HostError(HermesError):
    """The host's own branch: the same code-plus-message shape as the server's errors."""

    code = "host_error"


class OriginRefused(HostError):
    code = "origin_refused"


class HelloRequired(HostError):
    code = "hello_required"

    def __init__(self) -> None:
        super().__init__("send hello with the browser profile id first")


class FramingError(HostError):
    code = "bad_message"

    def __init__(self, message: str, *, code: str = "bad_message", fatal: bool = False) -> None:
        super().__init__(message, code=code)
        self.fatal = fatal


class ServerUnavailable(HostError):
    code = "server_not_running"


class ServerGone(ServerUnavailable):
    pass


class ServerUntrusted(HostError):
    code = "server_untrusted"

    @classmethod
    def impostor_at(cls, url: str) -> ServerUntrusted:
        return cls(
            f"The process listening at {url} is not the Hermes server this browser profile paired with: it "
            "could not prove the server's identity key, so nothing was sent to it. If the server is running, "
            "it has a new key (a new HERMES_HOME?): pair again."
        )


class ServerRefused(HostError):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message, code=code)
        self.status = status

"""Loopback pairing without I/O: pending requests, stored pairings, device-signature checks (``PairingBook``).

The pairings persist in ``store.PairingFile``; the routes are in ``api``.

A pairing grants a device the server's local principal with the browser-control
scope only: listing the principal's extension sessions and registering controllers
for them.  Nothing else accepts a device signature.

Limits: a request lives ``REQUEST_TTL_S`` seconds; at most ``MAX_PENDING`` wait at
once; a signature is good for ±``SIGNATURE_WINDOW_S`` seconds and one use of its nonce.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hermes_server.errors import ApiError
from hermes_wire import signatures as device_auth

log = logging.getLogger(__name__)

REQUEST_TTL_S = 180.0
MAX_PENDING = 5
SIGNATURE_WINDOW_S = device_auth.SIGNATURE_WINDOW_S


@dataclass(frozen=True)
class Pairing:
    device_id: str
    public_key: bytes
    browser_profile_id: str
    label: str
    created_at: float

    def as_json(self) -> dict[str, Any]:
        return {
            "device_id": self.device_id,
            "public_key": device_auth.b64encode(self.public_key),
            "browser_profile_id": self.browser_profile_id,
            "label": self.label,
            "created_at": self.created_at,
        }

    @classmethod
    def from_json(cls, record: dict[str, Any]) -> Pairing:
        public_key = device_auth.b64decode(record["public_key"])
        if device_auth.device_id_for(public_key) != record["device_id"]:
            raise ValueError("device_id does not match its public key")
        return cls(
            record["device_id"],
            public_key,
            str(record["browser_profile_id"]),
            str(record["label"]),
            float(record["created_at"]),
        )


@dataclass(frozen=True)
class PairingRequest:
    request_id: str
    public_key: bytes
    browser_profile_id: str
    label: str
    created_at: float

    @property
    def verification_code(self) -> str:
        return device_auth.verification_code_for(self.public_key)

    @property
    def expires_at(self) -> float:
        return self.created_at + REQUEST_TTL_S


class SignatureRejected(ApiError):
    """One answer for every bad signature, so the peer learns nothing; ``reason`` goes to the log only."""

    def __init__(self, reason: str) -> None:
        super().__init__(
            401,
            "device_signature_invalid",
            "Device signature rejected: the device is not paired (or was revoked), its clock is off, or the "
            "request was replayed. Pair again from the Hermes extension popup.",
        )
        self.reason = reason


class PairingBook:
    def __init__(self, pairings: Mapping[str, Pairing] | None = None) -> None:
        self.pairings: dict[str, Pairing] = dict(pairings or {})
        self.pending: dict[str, PairingRequest] = {}
        self._seen_nonces: dict[tuple[str, str], float] = {}  # (device, nonce) -> when it may be forgotten
        # The pairing file is read again whenever it changes (revocation), in a thread, while approvals go on: a
        # reading begun before an approval's save ends does not hold that pairing, which is no revocation. So each
        # pairing approved here is unsaved until its save ends, then counted among the saves.
        self.saves = 0
        self._unsaved: set[str] = set()
        self._saved_as: dict[str, int] = {}  # device -> the number of its save, until a reading after it

    # ----- requests -------------------------------------------------------------------------------------

    def open_request(self, public_key: bytes, *, browser_profile_id: str, label: str, now: float) -> PairingRequest:
        self._purge(now)
        for request in self.pending.values():
            if request.public_key == public_key:
                return request  # the popup was opened again: same key, same request
        if len(self.pending) >= MAX_PENDING:
            raise ApiError(
                429,
                "pairing_too_many_requests",
                f"{MAX_PENDING} pairing requests are already waiting; approve or deny one, or wait "
                f"{REQUEST_TTL_S:g} s for them to expire.",
                error_type="rate_limit_error",
            )
        request = PairingRequest("pair_" + secrets.token_hex(12), public_key, browser_profile_id, label, now)
        self.pending[request.request_id] = request
        return request

    def take_request(self, request_id: str, now: float) -> PairingRequest:
        """Remove and return a live request (for approval or denial)."""
        self._purge(now)
        request = self.pending.pop(request_id, None)
        if request is None:
            raise ApiError(
                404,
                "pairing_request_not_found",
                "No such pairing request: it expired or was already answered. Open the extension popup again.",
            )
        return request

    def approve(self, request_id: str, now: float) -> Pairing:
        request = self.take_request(request_id, now)
        pairing = Pairing(
            device_auth.device_id_for(request.public_key),
            request.public_key,
            request.browser_profile_id,
            request.label,
            now,
        )
        self.pairings[pairing.device_id] = pairing
        self._unsaved.add(pairing.device_id)
        return pairing

    def saved(self, device_id: str) -> None:
        """The pairing approved here is in the pairing file now."""
        self._unsaved.discard(device_id)
        self.saves += 1
        self._saved_as[device_id] = self.saves

    def unsaved(self, device_id: str) -> None:
        """The pairing approved here could not be saved: it is no pairing."""
        self._unsaved.discard(device_id)
        self.pairings.pop(device_id, None)

    def _purge(self, now: float) -> None:
        self.pending = {rid: r for rid, r in self.pending.items() if r.expires_at > now}

    # ----- signatures -----------------------------------------------------------------------------------

    def verify(self, headers: Mapping[str, str], method: str, path: str, body: bytes, now: float) -> Pairing:
        """Check a device-signed request; raise ``SignatureRejected`` (401) unless everything holds."""
        try:
            sent = device_auth.read_device_headers(headers)
        except ValueError as malformed:
            raise SignatureRejected(str(malformed)) from None
        device_id, timestamp, nonce = sent.device_id, sent.timestamp, sent.nonce
        if abs(now - timestamp) > SIGNATURE_WINDOW_S:
            raise SignatureRejected("timestamp outside the window")
        pairing = self.pairings.get(device_id)
        if pairing is None:
            raise SignatureRejected("unknown or revoked device")
        payload = device_auth.signing_payload(method, path, body, timestamp, nonce)
        if not device_auth.signature_valid(pairing.public_key, sent.signature, payload):
            raise SignatureRejected("bad signature")
        self._seen_nonces = {key: until for key, until in self._seen_nonces.items() if until > now}
        if (device_id, nonce) in self._seen_nonces:
            raise SignatureRejected("replayed nonce")
        self._seen_nonces[(device_id, nonce)] = timestamp + 2 * SIGNATURE_WINDOW_S
        return pairing

    def replace_pairings(self, pairings: Mapping[str, Pairing], saves_before: int | None = None) -> list[str]:
        """Adopt the pairings read from disk, by a reading begun after ``saves_before`` saves (default: all of
        them); returns the device ids that were revoked meanwhile. A pairing approved here that the reading may
        predate (its save not ended, or ended after the reading began) is kept, and is no revocation."""
        begun = self.saves if saves_before is None else saves_before
        self._saved_as = {device_id: save for device_id, save in self._saved_as.items() if save > begun}
        recent = self._unsaved | set(self._saved_as)
        kept = {device_id: self.pairings[device_id] for device_id in recent if device_id in self.pairings}
        revoked = [device_id for device_id in self.pairings if device_id not in pairings and device_id not in kept]
        self.pairings = kept | dict(pairings)
        return revoked

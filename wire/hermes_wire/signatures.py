"""Pairing proofs, device signatures and server signatures: the byte strings both sides compute, defined once.

Three credentials cross the loopback wire, and no secret ever does:

* **Pairing proof** — ``HMAC-SHA256(pairing_secret, "hermes-pairing-v1\\n{action}\\n{subject}\\n{timestamp}")``.
  The pairing secret sits in the server's runtime file (mode 0600); only a process of the
  same user can read it.  Proving you hold it opens or approves a pairing request without
  sending the secret itself.  The server answers an approval with its identity key and a
  proof of the same secret over that key (``server_key_proof``), so a listener that does
  not hold the secret cannot slip its own key in.
* **Device signature** — an Ed25519 signature, by the paired device's private key, over
  ``"hermes-device-v1\\n{METHOD}\\n{path}\\n{sha256(body) hex}\\n{timestamp}\\n{nonce}"``.
  The server accepts it within ±60 s of its clock and never twice with the same nonce.  Its four
  headers are read by ``read_device_headers``, each to its one exact form, before any is used: the
  timestamp is a number a peer wrote, and is read as one (``strict_numbers``), never by ``int()``.
* **Server signature** — an Ed25519 signature, by the server's long-lived identity key (the one
  the host pinned at pairing), over
  ``"hermes-server-v1\\n{challenge}\\n{METHOD}\\n{path}\\n{status}\\n{sha256(body) hex}"``, where the
  challenge is fresh from the host and the body is the response's.  It proves that *this* answer
  comes from the paired server, not from whatever now listens on a port a dead server left in
  its runtime file.

The server (``pairing``) verifies device signatures and signs its answers; the native host
(``hermes_host``) does the reverse; both import this module.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    NoEncryption,
    PrivateFormat,
    PublicFormat,
    load_pem_private_key,
)

from hermes_wire.controller import PAIRING_PREFIX
from hermes_wire.files import write_private_file
from hermes_wire.strict_numbers import decimal

SIGNATURE_WINDOW_S = 60

# Device-signature headers.
DEVICE_HEADER = "X-Hermes-Device"
TIMESTAMP_HEADER = "X-Hermes-Timestamp"
NONCE_HEADER = "X-Hermes-Nonce"
SIGNATURE_HEADER = "X-Hermes-Signature"
DEVICE_HEADERS = (DEVICE_HEADER, TIMESTAMP_HEADER, NONCE_HEADER, SIGNATURE_HEADER)
#: What each of them may hold.  A timestamp is Unix seconds (10 digits until the year 2286): 12 digits leave
#: room and keep it far inside what a float holds, so the window check is plain arithmetic.
DEVICE_ID_PATTERN = re.compile(r"dev_[0-9a-f]{24}")
TIMESTAMP_DIGITS = 12
NONCE_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,64}")
SIGNATURE_PATTERN = re.compile(r"[A-Za-z0-9_-]{86}")  # an Ed25519 signature: 64 bytes, unpadded base64url

# Server signatures: the host's challenge in the request, the server's signature in the response.
SERVER_CHALLENGE_HEADER = "X-Hermes-Server-Challenge"
SERVER_SIGNATURE_HEADER = "X-Hermes-Server-Signature"
CHALLENGE_PATTERN = re.compile(r"[A-Za-z0-9_-]{22,64}")
#: Where the host proves the server before it sends anything else (under the pairing prefix: no credential).
SERVER_IDENTITY_PATH = PAIRING_PREFIX + "server"


def b64encode(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def b64decode(text: str) -> bytes:
    """Decode unpadded URL-safe base64; raises ``ValueError`` on anything else."""
    if not isinstance(text, str) or not text.isascii():
        raise ValueError("not base64")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def load_or_create_key(path: Path) -> Ed25519PrivateKey:
    """The Ed25519 key in ``path`` (unencrypted PKCS#8 PEM), made and written there (0600) on first use."""
    if path.exists():
        key = load_pem_private_key(path.read_bytes(), password=None)
        if not isinstance(key, Ed25519PrivateKey):
            raise ValueError(f"{path} does not hold an Ed25519 key")
        return key
    key = Ed25519PrivateKey.generate()
    write_private_file(path, key.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()).decode())
    return key


def public_key_bytes(private_key: Ed25519PrivateKey) -> bytes:
    return private_key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)


def device_id_for(public_key: bytes) -> str:
    """A device's id: a fingerprint of its public key, so an id cannot be claimed for another key."""
    return "dev_" + hashlib.sha256(public_key).hexdigest()[:24]


def device_controller_id(device_id: str) -> str:
    """The one controller id a paired device may register: its identity on a lane is bound to its key."""
    return "hermes-host." + device_id


def verification_code_for(public_key: bytes) -> str:
    """The short code the popup shows and the server logs, derived from the key being paired."""
    digest = base64.b32encode(hashlib.sha256(b"hermes-verification\n" + public_key).digest()).decode()
    return f"{digest[:4]}-{digest[4:8]}"


def pairing_proof(secret: str, action: str, subject: str, timestamp: int) -> str:
    message = f"hermes-pairing-v1\n{action}\n{subject}\n{timestamp}".encode()
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def pairing_proof_matches(secret: str, action: str, subject: str, timestamp: int, proof: str) -> bool:
    return hmac.compare_digest(pairing_proof(secret, action, subject, timestamp).encode(), proof.encode())


def server_key_proof(secret: str, request_id: str, device_id: str, server_key: str, timestamp: int) -> str:
    """The approval's proof that ``server_key`` (base64url) is the key of the server holding the pairing secret.

    ``timestamp`` is the one of the approve call it answers; the request id makes the proof single use.
    """
    return pairing_proof(secret, "server-key", f"{request_id}\n{device_id}\n{server_key}", timestamp)


def signing_payload(method: str, path: str, body: bytes, timestamp: int, nonce: str) -> bytes:
    body_hash = hashlib.sha256(body).hexdigest()
    return f"hermes-device-v1\n{method.upper()}\n{path}\n{body_hash}\n{timestamp}\n{nonce}".encode()


def sign_request(private_key: Ed25519PrivateKey, method: str, path: str, body: bytes = b"") -> dict[str, str]:
    """The headers that make a request device-signed (fresh timestamp and nonce each time)."""
    timestamp = int(time.time())
    nonce = secrets.token_urlsafe(18)
    signature = private_key.sign(signing_payload(method, path, body, timestamp, nonce))
    return {
        DEVICE_HEADER: device_id_for(public_key_bytes(private_key)),
        TIMESTAMP_HEADER: str(timestamp),
        NONCE_HEADER: nonce,
        SIGNATURE_HEADER: b64encode(signature),
    }


@dataclass(frozen=True)
class DeviceHeaders:
    """A device-signed request's credential, read and checked for form (not yet for its signature)."""

    device_id: str
    timestamp: int
    nonce: str
    signature: bytes


def read_device_headers(headers: Mapping[str, str]) -> DeviceHeaders:
    """The four device headers, each in its exact form, else ``ValueError`` naming the first that is not.

    Nothing is computed from a header before all four pass: a timestamp of 400 digits, or of
    Arabic-Indic ones, is refused here as text, before it can reach the window's arithmetic.
    """
    values = [headers.get(name) for name in DEVICE_HEADERS]
    if any(value is None for value in values):
        raise ValueError("missing headers")
    device_id, timestamp, nonce, signature = (str(value) for value in values)
    if not DEVICE_ID_PATTERN.fullmatch(device_id):
        raise ValueError("malformed device id")
    try:
        number = decimal(timestamp, max_digits=TIMESTAMP_DIGITS)
    except ValueError as why:
        raise ValueError(f"malformed timestamp: {why}") from None
    if not NONCE_PATTERN.fullmatch(nonce):
        raise ValueError("malformed nonce")
    if not SIGNATURE_PATTERN.fullmatch(signature):
        raise ValueError("malformed signature")
    return DeviceHeaders(device_id, number, nonce, b64decode(signature))


def signature_valid(public_key: bytes, signature: bytes, payload: bytes) -> bool:
    try:
        Ed25519PublicKey.from_public_bytes(public_key).verify(signature, payload)
    except Exception:  # InvalidSignature, or a key/signature of the wrong length: all mean "no"
        return False
    return True


def new_challenge() -> str:
    return secrets.token_urlsafe(24)


def server_signing_payload(challenge: str, method: str, path: str, status: int, body: bytes) -> bytes:
    body_hash = hashlib.sha256(body).hexdigest()
    return f"hermes-server-v1\n{challenge}\n{method.upper()}\n{path}\n{status}\n{body_hash}".encode()


def sign_server_response(
    server_key: Ed25519PrivateKey, challenge: str, method: str, path: str, status: int, body: bytes
) -> str:
    """The ``X-Hermes-Server-Signature`` value for one answer (base64url)."""
    return b64encode(server_key.sign(server_signing_payload(challenge, method, path, status, body)))


def server_signature_valid(
    server_key: bytes, signature: str | None, challenge: str, method: str, path: str, status: int, body: bytes
) -> bool:
    """Whether ``signature`` (the header's value, or None if absent) is the pinned server's over this answer."""
    if signature is None:
        return False
    try:
        raw = b64decode(signature)
    except ValueError:
        return False
    return signature_valid(server_key, raw, server_signing_payload(challenge, method, path, status, body))

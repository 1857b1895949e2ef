"""Pairing proofs and device signatures: the byte strings both sides compute, defined once.

Two credentials cross the loopback wire, and neither is a long-lived secret:

* **Pairing proof** — ``HMAC-SHA256(pairing_secret, "hermes-pairing-v1\\n{action}\\n{subject}\\n{timestamp}")``.
  The pairing secret sits in the server's runtime file (mode 0600); only a process of the
  same user can read it.  Proving you hold it opens or approves a pairing request without
  sending the secret itself.
* **Device signature** — an Ed25519 signature, by the paired device's private key, over
  ``"hermes-device-v1\\n{METHOD}\\n{path}\\n{sha256(body) hex}\\n{timestamp}\\n{nonce}"``.
  The server accepts it within ±60 s of its clock and never twice with the same nonce.

The server (``pairing``) verifies, the native host (``hermes_host``) signs; both import this module.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import time

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

SIGNATURE_WINDOW_S = 60

# Device-signature headers.
DEVICE_HEADER = "X-Hermes-Device"
TIMESTAMP_HEADER = "X-Hermes-Timestamp"
NONCE_HEADER = "X-Hermes-Nonce"
SIGNATURE_HEADER = "X-Hermes-Signature"
DEVICE_HEADERS = (DEVICE_HEADER, TIMESTAMP_HEADER, NONCE_HEADER, SIGNATURE_HEADER)


def b64encode(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def b64decode(text: str) -> bytes:
    """Decode unpadded URL-safe base64; raises ``ValueError`` on anything else."""
    if not isinstance(text, str) or not text.isascii():
        raise ValueError("not base64")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


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


def signature_valid(public_key: bytes, signature: bytes, payload: bytes) -> bool:
    try:
        Ed25519PublicKey.from_public_bytes(public_key).verify(signature, payload)
    except Exception:  # InvalidSignature, or a key/signature of the wrong length: all mean "no"
        return False
    return True

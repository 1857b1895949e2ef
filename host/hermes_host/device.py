"""The device key of one browser profile, and the server it is paired with.

``$HERMES_HOME/browser-control/devices/<profile>/device_key.pem`` (0600) holds the Ed25519
private key; ``paired.json`` beside it records, once pairing was approved, the device id and
the server's identity key (``server_key``), pinned then and checked on every later connection.
The private key never leaves this folder: the server only ever sees signatures.
"""

from __future__ import annotations

import contextlib
import json
import re
from dataclasses import dataclass
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from hermes_wire.files import write_private_file
from hermes_wire.home import browser_control_dir
from hermes_wire.signatures import b64decode, b64encode, device_id_for, load_or_create_key, public_key_bytes

#: Profile ids name a folder, so they are kept to characters that cannot climb out of it.
PROFILE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


@dataclass(frozen=True)
class PairedDevice:
    """What a device-signed call needs: the key that signs it and the server key that must sign the answer."""

    key: Ed25519PrivateKey
    server_key: bytes


class DeviceStore:
    def __init__(self, home: Path, profile_id: str) -> None:
        if not PROFILE_ID.fullmatch(profile_id):
            raise ValueError("a browser profile id is 1-64 letters, digits, '_' or '-'")
        self.folder = browser_control_dir(home) / "devices" / profile_id
        self.profile_id = profile_id

    def key(self) -> Ed25519PrivateKey:
        """This profile's key, created on first use."""
        return load_or_create_key(self.folder / "device_key.pem")

    def device_id(self) -> str:
        return device_id_for(public_key_bytes(self.key()))

    def paired(self) -> PairedDevice | None:
        """The key and the pinned server key, or None unless ``paired.json`` pairs this key with a server."""
        try:
            record = json.loads((self.folder / "paired.json").read_text(encoding="utf-8"))
            server_key = b64decode(record["server_key"])
        except (OSError, ValueError, KeyError, TypeError):
            return None  # no record, a damaged one, or one from before servers had keys: pair again
        key = self.key()
        if record.get("device_id") != device_id_for(public_key_bytes(key)) or len(server_key) != 32:
            return None
        return PairedDevice(key, server_key)

    def is_paired(self) -> bool:
        return self.paired() is not None

    def mark_paired(self, server_key: bytes) -> None:
        record = {"device_id": self.device_id(), "server_key": b64encode(server_key)}
        write_private_file(self.folder / "paired.json", json.dumps(record) + "\n")

    def forget_pairing(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            (self.folder / "paired.json").unlink()

"""The device key of one browser profile, and whether that profile is paired.

``$HERMES_HOME/browser-control/devices/<profile>/device_key.pem`` (0600) holds the Ed25519
private key; ``paired.json`` beside it records the device id once pairing was approved.
The private key never leaves this folder: the server only ever sees signatures.
"""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    NoEncryption,
    PrivateFormat,
    load_pem_private_key,
)

from hermes_wire.files import write_private_file
from hermes_wire.home import browser_control_dir
from hermes_wire.signatures import device_id_for, public_key_bytes

#: Profile ids name a folder, so they are kept to characters that cannot climb out of it.
PROFILE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


class DeviceStore:
    def __init__(self, home: Path, profile_id: str) -> None:
        if not PROFILE_ID.fullmatch(profile_id):
            raise ValueError("a browser profile id is 1-64 letters, digits, '_' or '-'")
        self.folder = browser_control_dir(home) / "devices" / profile_id
        self.profile_id = profile_id

    def key(self) -> Ed25519PrivateKey:
        """This profile's key, created on first use."""
        path = self.folder / "device_key.pem"
        if path.exists():
            key = load_pem_private_key(path.read_bytes(), password=None)
            if not isinstance(key, Ed25519PrivateKey):
                raise ValueError(f"{path} does not hold an Ed25519 key")
            return key
        key = Ed25519PrivateKey.generate()
        pem = key.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()).decode()
        write_private_file(path, pem)
        return key

    def device_id(self) -> str:
        return device_id_for(public_key_bytes(self.key()))

    def is_paired(self) -> bool:
        try:
            record = json.loads((self.folder / "paired.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return False
        return isinstance(record, dict) and record.get("device_id") == self.device_id()

    def mark_paired(self) -> None:
        write_private_file(self.folder / "paired.json", json.dumps({"device_id": self.device_id()}) + "\n")

    def forget_pairing(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            (self.folder / "paired.json").unlink()

"""``pairings.json``: where approved pairings persist, shared by the server and ``hermes-browser pairings``.

Written atomically with mode 0600 under a file lock, so a revocation made by the CLI in
another process is never lost and never half-read; the server notices it by the file's stamp.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from pathlib import Path

from hermes_server.pairing.book import Pairing
from hermes_wire.files import locked, write_private_file

log = logging.getLogger(__name__)

PAIRINGS_FILE_VERSION = 1


class PairingFile:
    """``pairings.json`` (0600, atomic writes, locked read-modify-write): shared by the server and the CLI."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def load(self) -> dict[str, Pairing]:
        try:
            document = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except ValueError:
            log.error("%s is not valid JSON; treating it as holding no pairings", self.path)
            return {}
        pairings: dict[str, Pairing] = {}
        for record in document.get("pairings", []):
            try:
                pairing = Pairing.from_json(record)
            except (KeyError, TypeError, ValueError):
                log.error("%s: skipping a damaged pairing record", self.path)
                continue
            pairings[pairing.device_id] = pairing
        return pairings

    def update(self, change: Callable[[dict[str, Pairing]], None]) -> dict[str, Pairing]:
        """Apply ``change`` to the stored pairings under the file lock, write them back and return them."""
        with locked(self.path):
            pairings = self.load()
            change(pairings)
            document = {"version": PAIRINGS_FILE_VERSION, "pairings": [p.as_json() for p in pairings.values()]}
            write_private_file(self.path, json.dumps(document, indent=2) + "\n")
        return pairings

    def stamp(self) -> int | None:
        """Modification time, for noticing a revocation made by another process."""
        try:
            return self.path.stat().st_mtime_ns
        except FileNotFoundError:
            return None

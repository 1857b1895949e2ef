"""The pairing book against a pairing file read again while approvals go on (``pairing/book.py``).

The server reads the pairing file again whenever it changes (a revocation from the command line closes the
device's lanes), in a thread, while approvals add pairings and save them. A reading begun before an approval's
save ended holds no such pairing: under load a device paired a moment before was dropped as revoked, and its next
signed request refused (``unknown or revoked device``). Messages in, state out: no file, no server.
"""

from __future__ import annotations

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from hermes_server.pairing.book import Pairing, PairingBook

NOW = 1_000_000.0


def approved(book: PairingBook, profile: str = "profile-a") -> Pairing:
    """A fresh device's request, opened and approved."""
    public_key = Ed25519PrivateKey.generate().public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
    request = book.open_request(public_key, browser_profile_id=profile, label="Chromium", now=NOW)
    return book.approve(request.request_id, NOW)


def test_a_reading_begun_before_a_save_ended_keeps_the_pairing_and_revokes_nothing() -> None:
    book = PairingBook()
    first = approved(book)
    book.saved(first.device_id)
    on_disk = dict(book.pairings)  # what a reading begun now finds
    saves = book.saves
    twin = approved(book)  # approved while the file is read; its save has not ended
    assert book.replace_pairings(on_disk, saves) == []
    assert set(book.pairings) == {first.device_id, twin.device_id}
    book.saved(twin.device_id)
    # its save ended after the reading began: a second reading of that time does not drop it either
    assert book.replace_pairings(on_disk, saves) == []
    assert twin.device_id in book.pairings


def test_a_pairing_gone_from_a_reading_begun_after_its_save_is_revoked() -> None:
    book = PairingBook()
    kept, revoked = approved(book), approved(book, "profile-b")
    book.saved(kept.device_id)
    book.saved(revoked.device_id)
    saves = book.saves
    assert book.replace_pairings({kept.device_id: kept}, saves) == [revoked.device_id]
    assert set(book.pairings) == {kept.device_id}


def test_a_pairing_whose_save_failed_is_no_pairing() -> None:
    book = PairingBook()
    lost = approved(book)
    book.unsaved(lost.device_id)
    assert lost.device_id not in book.pairings
    assert book.replace_pairings({}, book.saves) == []

"""The extension lane's trusted-input mode: what its service worker must agree on with the cdp lane, generated into
the contract (``contract.py``) so that the real input events it asks the companion extension
(``extension/trusted_input/``) to send are built from the cdp lane's own definitions, never from a second table.

The mode is the user's choice, made in the extension's popup only (``extension/background/trusted_input.js``):
with it on and the companion installed, a click, a key press and typing on the extension lane go through the
browser's real input (``Input.dispatch*`` through ``chrome.debugger``) as they do on the cdp lane.
"""

from __future__ import annotations

from typing import Any

from hermes_server.cdp import keys
from hermes_server.cdp.engine import HOVER_LOOK_MS, HOVER_SETTLE_MS, INTERCEPTED_GRACE_MS
from hermes_server.cdp.tools import input_events
from hermes_server.cdp.tools.keyboard import TEXT_INPUT_TYPES

#: The companion's ID, fixed by the public key in its manifest (``extension/trusted_input/manifest.json``).
COMPANION_EXTENSION_ID = "edjknhbeeleandmojnfohgcfhfcmlcjc"


def contract_part() -> dict[str, Any]:
    """The tables the service worker builds real input events from: the cdp lane's key table (``cdp/keys.py``), its
    mouse buttons and modifier bits (``cdp/tools/input_events.py``), the input types it types into with real keys,
    and the bounds of its wait for a hover to settle (``cdp/engine.py``)."""
    return {
        "COMPANION_ID": COMPANION_EXTENSION_ID,
        "KEY_MODIFIERS": keys._MODIFIERS,
        "NAMED_KEYS": {key: list(entry) for key, entry in keys._NAMED.items()},
        "KEY_ALIASES": keys._ALIASES,
        "KEY_COMMANDS": [[key, modifiers, command] for (key, modifiers), command in keys._COMMANDS.items()],
        "PUNCTUATION_CODES": {char: list(entry) for char, entry in keys._PUNCTUATION_CODES.items()},
        "BUTTON_BITS": input_events._BUTTON_BITS,
        "MODIFIER_BITS": input_events._MODIFIER_BITS,
        "TEXT_INPUT_TYPES": sorted(TEXT_INPUT_TYPES),
        "HOVER_LOOK_MS": HOVER_LOOK_MS,
        "HOVER_SETTLE_MS": HOVER_SETTLE_MS,
        "INTERCEPTED_GRACE_MS": INTERCEPTED_GRACE_MS,
    }

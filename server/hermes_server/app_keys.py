"""The typed keys of the application's state (``web.AppKey``), in one place so every route module shares them."""

from __future__ import annotations

import time

from aiohttp import web

from hermes_server.config import ServerConfig
from hermes_server.extension_lane.broker import Broker
from hermes_server.extension_lane.hub import ControllerHub
from hermes_server.pairing.book import PairingBook
from hermes_server.pairing.store import PairingFile
from hermes_server.routing.lanes import SessionBackend
from hermes_server.routing.router import Router
from hermes_server.routing.sessions import SessionStore

CONFIG = web.AppKey("config", ServerConfig)
SESSIONS = web.AppKey("sessions", SessionStore)
BROKER = web.AppKey("broker", Broker)
HUB = web.AppKey("hub", ControllerHub)
ROUTER = web.AppKey("router", Router)
#: The cdp lane's backend, when it holds browsers that must be freed as sessions close and the server stops.
SESSION_BACKEND = web.AppKey("session_backend", SessionBackend)
PAIRINGS = web.AppKey("pairings", PairingBook)
PAIRING_FILE = web.AppKey("pairing_file", PairingFile)
#: Fresh at every start; published in the runtime file for local processes of the same user.
PAIRING_SECRET = web.AppKey("pairing_secret", str)


class WallClock:
    """Wall-clock time for timestamps that cross the wire (pairing proofs, signatures, request expiry).

    ``skew_s`` shifts it, so a test can step past a 180-second expiry without waiting.
    """

    skew_s = 0.0

    def __call__(self) -> float:
        return time.time() + self.skew_s


WALL_CLOCK = web.AppKey("wall_clock", WallClock)

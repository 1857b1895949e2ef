"""Host ↔ extension protocol v1 (native messaging): every constant of this hop lives here.

Requests carry an ``id`` and get exactly one reply ``{"type": <same>, "reply_to": id, "ok": bool, ...}``.
Each request type has its own timeout (``REQUEST_TIMEOUTS_S``), which the host applies to the work
it does for the request and tells the extension in its ``hello`` reply.

extension → host requests: ``hello``, ``status``, ``pair.start``, ``pair.approve``, ``pair.deny``,
``sessions``, ``detach``.
extension → host notices: ``result`` (the answer to a ``command``).
host → extension notices: ``status`` (pushed when it changes), ``command``, ``cancel``, ``error``, and
``file_chunk``: a piece of an upload's file, sent before the ``command`` that names the file (a message to the
extension may not pass ``MAX_TO_EXTENSION``, and an upload may be ten times that).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

HOST_PROTOCOL_VERSION = 1
HOST_NAME = "com.hermes.browser_control"

#: The ID that the ``key`` in ``extension/manifest.json`` gives the Hermes extension.
HERMES_EXTENSION_ID = "epmgpnhdmdbannibgliifhhjhfdlgkhf"
DEFAULT_ALLOWED_ORIGINS = (f"chrome-extension://{HERMES_EXTENSION_ID}/",)
#: Set by the launcher that ``install-host`` writes, for extensions loaded with another ID.
ALLOWED_ORIGINS_ENV = "HERMES_EXTENSION_ORIGINS"
EXTENSION_ORIGIN = re.compile(r"chrome-extension://[a-p]{32}/")

#: Chrome's limits: what the host may send to the extension, and what it accepts from it.
MAX_TO_EXTENSION = 1024 * 1024
MAX_FROM_EXTENSION = 64 * 1024 * 1024

# Message types.
HELLO = "hello"
STATUS = "status"
PAIR_START = "pair.start"
PAIR_APPROVE = "pair.approve"
PAIR_DENY = "pair.deny"
SESSIONS = "sessions"
DETACH = "detach"
COMMAND = "command"
RESULT = "result"
CANCEL = "cancel"
ERROR = "error"
FILE_CHUNK = "file_chunk"
#: The names of the message-type constants above (the extension gets them by these names).
MESSAGE_TYPES = (
    "HELLO",
    "STATUS",
    "PAIR_START",
    "PAIR_APPROVE",
    "PAIR_DENY",
    "SESSIONS",
    "DETACH",
    "COMMAND",
    "RESULT",
    "CANCEL",
    "ERROR",
    "FILE_CHUNK",
)

#: The base64 characters of a file one ``file_chunk`` carries: a multiple of 4 (each chunk decodes on its own),
#: with room under ``MAX_TO_EXTENSION`` for the message's other fields.
FILE_CHUNK_CHARACTERS = 768 * 1024
#: The most files one command may carry (browser_file_upload's ``maxItems``).
MAX_COMMAND_FILES = 20

REQUEST_TIMEOUTS_S: dict[str, float] = {
    HELLO: 5.0,
    STATUS: 5.0,
    PAIR_START: 15.0,
    PAIR_APPROVE: 15.0,
    PAIR_DENY: 15.0,
    SESSIONS: 5.0,
    DETACH: 10.0,
}

# Status values shown by the popup.
SERVER_RUNNING = "running"
SERVER_NOT_RUNNING = "not_running"
NOT_RUNNING_TEXT = "Hermes server not running"

#: Each browser's per-user profile folder under the home folder, by (system, browser): its
#: ``NativeMessagingHosts`` subfolder is where the host's manifest goes, and the folder's presence
#: is how ``hermes-browser setup`` tells that the browser is installed.  Shared here because the
#: host's installer writes there and the server's ``setup``/``doctor`` look there.
USER_PROFILE_FOLDERS: dict[tuple[str, str], str] = {
    ("linux", "chrome"): ".config/google-chrome",
    ("linux", "chromium"): ".config/chromium",
    ("linux", "edge"): ".config/microsoft-edge",
    ("linux", "brave"): ".config/BraveSoftware/Brave-Browser",
    ("linux", "vivaldi"): ".config/vivaldi",
    ("darwin", "chrome"): "Library/Application Support/Google/Chrome",
    ("darwin", "chromium"): "Library/Application Support/Chromium",
    ("darwin", "edge"): "Library/Application Support/Microsoft Edge",
    ("darwin", "brave"): "Library/Application Support/BraveSoftware/Brave-Browser",
    ("darwin", "vivaldi"): "Library/Application Support/Vivaldi",
}
#: The browsers of ``USER_PROFILE_FOLDERS``, in the order they are reported.
BROWSERS = ("chrome", "chromium", "edge", "brave", "vivaldi")
#: The commands that start each browser on Linux (Debian's, Google's, Microsoft's, Brave's and Vivaldi's packages):
#: ``doctor`` counts a browser as installed when one is on ``PATH``, even before its profile folder exists.
BROWSER_COMMANDS: dict[str, tuple[str, ...]] = {
    "chrome": ("google-chrome", "google-chrome-stable"),
    "chromium": ("chromium", "chromium-browser"),
    "edge": ("microsoft-edge", "microsoft-edge-stable"),
    "brave": ("brave-browser", "brave"),
    "vivaldi": ("vivaldi", "vivaldi-stable"),
}
#: The launcher that the manifest names (``python -m hermes_host install`` writes it beside the manifest).
LAUNCHER_NAME = "hermes-native-host"


def user_profile_folder(browser: str, home: Path, platform: str) -> Path:
    """``browser``'s per-user profile folder on ``platform`` (macOS, else the Linux layout)."""
    system = "darwin" if platform == "darwin" else "linux"
    return home / USER_PROFILE_FOLDERS[(system, browser)]


def host_manifest_text(launcher: str, origins: list[str]) -> str:
    """The native-messaging host manifest Chrome reads (the same on every system): our host's name, the launcher it
    starts, and the extension origins allowed to start it."""
    manifest = {
        "name": HOST_NAME,
        "description": "Hermes browser control: lets your Hermes agent work on the tab in front of you",
        "path": launcher,
        "type": "stdio",
        "allowed_origins": origins,
    }
    return json.dumps(manifest, indent=2) + "\n"

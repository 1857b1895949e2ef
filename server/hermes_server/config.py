"""Server configuration: a YAML file, environment variables and defaults, validated strictly.

Every key the file may hold is declared once in ``_FIELDS``.  An unknown key or a
value of the wrong type stops start-up with a ``ConfigError`` that names the key
and the file, because a silently ignored typo in a security setting (say
``extention_control``) is worse than a refusal to start.

Booleans must be the literal YAML words ``true`` / ``false``: the loader below
does not turn ``yes``, ``on`` or ``1`` into booleans, so ``enabled: yes`` is an
error rather than a surprise.
"""

from __future__ import annotations

import ipaddress
import os
import re
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import yaml

from hermes_server.errors import ConfigError
from hermes_server.routing.downloads import DOWNLOADS_FOLDER, DownloadCaps, DownloadPolicy
from hermes_server.routing.uploads import UploadPolicy
from hermes_wire.controller import DEFAULT_RECONNECT_GRACE_S, MAX_COMMAND_TIMEOUT_MS
from hermes_wire.files import write_private_file
from hermes_wire.home import hermes_home
from hermes_wire.tool_spec import DOWNLOAD_MAX_COUNT, DOWNLOAD_MAX_FILE_BYTES, RAW_CDP_SWITCH

MIN_API_KEY_LENGTH = 32
DEFAULT_PORT = 8642
DEFAULT_COMMAND_TIMEOUT_S = 30.0
MAX_COMMAND_TIMEOUT_S = MAX_COMMAND_TIMEOUT_MS / 1000
DEFAULT_DIALOG_TIMEOUT_S = 300.0
#: Below the default command timeout, so that a Grid with no free node fails the call as backend_unavailable.
DEFAULT_GRID_QUEUE_TIMEOUT_S = 20.0
MAX_DIALOG_TIMEOUT_S = 86400.0
#: browser_file_upload's caps: per file and per call, and the most either may be set to (a controller frame holds
#: at most 16 MiB, and an upload on the extension lane travels in one).
DEFAULT_UPLOAD_MAX_FILE_MB = 10.0
DEFAULT_UPLOAD_MAX_CALL_MB = 10.0
MAX_UPLOAD_MB = 10.0
#: The caps on what a session downloads (browser.downloads), and the most they may be set to.
DEFAULT_DOWNLOAD_MAX_FILE_MB = DOWNLOAD_MAX_FILE_BYTES / (1024 * 1024)
MAX_DOWNLOAD_MB = 1024.0
MAX_DOWNLOAD_COUNT = 1000
EXTENSION_ORIGIN = re.compile(r"chrome-extension://[a-p]{32}")


def default_key_file(environ: Mapping[str, str] | None = None) -> Path:
    return hermes_home(environ) / "browser-control" / "api_key"


@dataclass(frozen=True)
class ServerConfig:
    api_key: str
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    extension_control_enabled: bool = False
    allowed_origins: tuple[str, ...] = ()
    command_timeout_s: float = DEFAULT_COMMAND_TIMEOUT_S
    #: Where the key file, pairings and the runtime file live ($HERMES_HOME, default ~/.hermes).
    home: Path = field(default_factory=hermes_home)
    # The CDP lane (``cdp`` package): which browser serves it, and how it treats dialogs.
    chromium_path: str | None = None
    #: The launched Chromium gives each session a browser context of its own (its cookies, storage and cache
    #: apart); False: the sessions share its default context, each seeing and closing only its own tabs.
    isolate_sessions: bool = True
    cdp_url: str | None = None
    cloud_provider: str | None = None  # None: auto-detect from the providers' keys / SELENIUM_GRID_URL
    #: A Selenium Grid 4 (``cdp.selenium_grid``): its URL (SELENIUM_GRID_URL wins), how long a new session may wait
    #: in its queue, and capabilities added to every session request (a node pool's label, a platform, a version).
    selenium_grid_url: str | None = None
    selenium_grid_queue_timeout_s: float = DEFAULT_GRID_QUEUE_TIMEOUT_S
    selenium_grid_capabilities: dict[str, Any] = field(default_factory=dict, hash=False)
    dialog_policy: str = "must_respond"
    dialog_timeout_s: float = DEFAULT_DIALOG_TIMEOUT_S
    dialog_bridge: str = "auto"
    #: browser_cdp, the raw DevTools escape hatch that bypasses every guard: off unless the user turns it on.
    cdp_raw_tool: bool = False
    #: Extension lane: how long a dropped controller has to reconnect before its pending commands fail.
    reconnect_grace_s: float = DEFAULT_RECONNECT_GRACE_S
    #: browser_file_upload: folders besides $HERMES_HOME/uploads the agent may upload from, and the size caps.
    upload_allow_dirs: tuple[Path, ...] = ()
    upload_max_file_mb: float = DEFAULT_UPLOAD_MAX_FILE_MB
    upload_max_call_mb: float = DEFAULT_UPLOAD_MAX_CALL_MB
    #: Downloads: the caps, and the user's download folder (where the extension's Chrome saves, in hermes/).
    download_max_file_mb: float = DEFAULT_DOWNLOAD_MAX_FILE_MB
    download_max_count: int = DOWNLOAD_MAX_COUNT
    download_user_folder: Path = field(default_factory=lambda: default_download_folder(os.environ))

    @property
    def download_policy(self) -> DownloadPolicy:
        """Where each lane's downloads are read from, and the caps."""
        caps = DownloadCaps(round(self.download_max_file_mb * 1024 * 1024), self.download_max_count)
        return DownloadPolicy(self.home / DOWNLOADS_FOLDER, self.download_user_folder, caps)

    @property
    def upload_policy(self) -> UploadPolicy:
        """Where browser_file_upload may take files from (the uploads folder is created here), and its caps."""
        megabyte = 1024 * 1024
        return UploadPolicy.for_home(
            self.home,
            self.upload_allow_dirs,
            round(self.upload_max_file_mb * megabyte),
            round(self.upload_max_call_mb * megabyte),
        )

    @property
    def tool_switches(self) -> frozenset[str]:
        """The configuration keys that turn on a tool off by default (``ToolSpec.switched_on_by``) set true here."""
        return frozenset({RAW_CDP_SWITCH}) if self.cdp_raw_tool else frozenset()


# ----- value checkers: each returns the cleaned value or raises ValueError(why) ------------------------


def _string(value: Any) -> str:
    if not isinstance(value, str) or not value:
        raise ValueError("must be a non-empty string")
    return value


def _boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("must be the literal true or false")
    return value


def _port(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value < 65536:
        raise ValueError("must be an integer port between 1 and 65535")
    return value


def _loopback_host(value: Any) -> str:
    host = _string(value)
    if host != "localhost":
        try:
            if not ipaddress.ip_address(host).is_loopback:
                raise ValueError
        except ValueError:
            raise ValueError("must be a loopback address (127.0.0.1, ::1 or localhost)") from None
    return host


def _timeout(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= MAX_COMMAND_TIMEOUT_S:
        raise ValueError(f"must be a number of seconds above 0 and at most {MAX_COMMAND_TIMEOUT_S:g}")
    return float(value)


def _origins(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and EXTENSION_ORIGIN.fullmatch(v) for v in value):
        raise ValueError("must be a list of origins like chrome-extension://<32-letter extension id>")
    return tuple(value)


def _executable(value: Any) -> str:
    path = _string(value)
    if not os.path.isfile(path) or not os.access(path, os.X_OK):
        raise ValueError(f"must be the path of an executable file ({path!r} is not one)")
    return path


def _cdp_url(value: Any) -> str:
    url = _string(value)
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https", "ws", "wss") or not parts.hostname:
        raise ValueError("must be an http://host:port DevTools endpoint or a ws:// DevTools WebSocket URL")
    return url


def grid_url(value: Any) -> str:
    """A Selenium Grid's URL (``browser.selenium_grid_url`` / ``SELENIUM_GRID_URL``): credentials have their own
    environment variables, so that the URL can be shown and logged."""
    url = _string(value)
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError("must be the Grid's http(s)://host:port URL")
    if parts.username or parts.password:
        raise ValueError("must not hold credentials: set SELENIUM_GRID_USERNAME and SELENIUM_GRID_PASSWORD instead")
    return url


def _grid_capabilities(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict) or not all(isinstance(key, str) and key for key in value):
        raise ValueError("must be a mapping of capability names to values")
    if {"browserName", "goog:chromeOptions"} & value.keys():
        raise ValueError("must not set browserName or goog:chromeOptions: the server asks for its own Chromium")
    return value


def _choice(*allowed: str) -> Callable[[Any], str]:
    def check(value: Any) -> str:
        if value not in allowed:
            raise ValueError(f"must be one of {', '.join(allowed)}")
        chosen: str = value
        return chosen

    return check


def _dialog_timeout(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= MAX_DIALOG_TIMEOUT_S:
        raise ValueError(f"must be a number of seconds above 0 and at most {MAX_DIALOG_TIMEOUT_S:g}")
    return float(value)


def _folders(value: Any) -> tuple[Path, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and Path(v).expanduser().is_absolute() for v in value):
        raise ValueError("must be a list of absolute folder paths (~ allowed)")
    return tuple(Path(v).expanduser() for v in value)


def _megabytes(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= MAX_UPLOAD_MB:
        raise ValueError(f"must be a number of megabytes above 0 and at most {MAX_UPLOAD_MB}")
    return float(value)


def _download_megabytes(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= MAX_DOWNLOAD_MB:
        raise ValueError(f"must be a number of megabytes above 0 and at most {MAX_DOWNLOAD_MB:g}")
    return float(value)


def _download_count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= MAX_DOWNLOAD_COUNT:
        raise ValueError(f"must be a whole number above 0 and at most {MAX_DOWNLOAD_COUNT}")
    return value


def _folder(value: Any) -> Path:
    if not isinstance(value, str) or not Path(value).expanduser().is_absolute():
        raise ValueError("must be an absolute folder path (~ allowed)")
    return Path(value).expanduser()


def default_download_folder(environ: Mapping[str, str]) -> Path:
    """Where Chrome saves downloads unless told otherwise: the XDG download folder, else ~/Downloads."""
    return Path(environ.get("XDG_DOWNLOAD_DIR") or Path.home() / "Downloads").expanduser()


def _api_key(value: Any) -> str:
    key = _string(value)
    if len(key) < MIN_API_KEY_LENGTH or any(ch.isspace() for ch in key):
        raise ValueError(f"must be at least {MIN_API_KEY_LENGTH} characters with no whitespace")
    return key


#: dotted YAML key -> (ServerConfig field, checker)
_FIELDS: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "api_server.key": ("api_key", _api_key),
    "api_server.host": ("host", _loopback_host),
    "api_server.port": ("port", _port),
    "browser.extension_control.enabled": ("extension_control_enabled", _boolean),
    "browser.extension_control.allowed_origins": ("allowed_origins", _origins),
    "browser.extension_control.reconnect_grace_s": ("reconnect_grace_s", _timeout),
    "browser.command_timeout_s": ("command_timeout_s", _timeout),
    "browser.chromium_path": ("chromium_path", _executable),
    "browser.isolate_sessions": ("isolate_sessions", _boolean),
    "browser.cdp_url": ("cdp_url", _cdp_url),
    "browser.cloud_provider": ("cloud_provider", _choice("local", "browserbase", "browser-use", "selenium-grid")),
    "browser.selenium_grid_url": ("selenium_grid_url", grid_url),
    "browser.selenium_grid_queue_timeout_s": ("selenium_grid_queue_timeout_s", _timeout),
    "browser.selenium_grid_capabilities": ("selenium_grid_capabilities", _grid_capabilities),
    "browser.dialog_policy": ("dialog_policy", _choice("must_respond", "auto_dismiss", "auto_accept")),
    "browser.dialog_timeout_s": ("dialog_timeout_s", _dialog_timeout),
    "browser.dialog_bridge": ("dialog_bridge", _choice("auto", "on", "off")),
    RAW_CDP_SWITCH: ("cdp_raw_tool", _boolean),
    "browser.uploads.allow_dirs": ("upload_allow_dirs", _folders),
    "browser.uploads.max_file_mb": ("upload_max_file_mb", _megabytes),
    "browser.uploads.max_call_mb": ("upload_max_call_mb", _megabytes),
    "browser.downloads.max_file_mb": ("download_max_file_mb", _download_megabytes),
    "browser.downloads.max_count": ("download_max_count", _download_count),
    "browser.downloads.user_folder": ("download_user_folder", _folder),
}
_SECTIONS = {key.rsplit(".", i)[0] for key in _FIELDS for i in range(1, key.count(".") + 1)}


class _StrictBoolLoader(yaml.SafeLoader):
    """SafeLoader whose only booleans are true/false (YAML 1.2), not yes/no/on/off."""


_StrictBoolLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_StrictBoolLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)


def _flatten(mapping: dict[Any, Any], prefix: str, source: str, out: dict[str, Any]) -> None:
    for raw_key, value in mapping.items():
        key = f"{prefix}{raw_key}"
        if key in _FIELDS:
            out[key] = value
        elif key in _SECTIONS:
            if not isinstance(value, dict):
                raise ConfigError(f"{source}: '{key}' must be a mapping")
            _flatten(value, key + ".", source, out)
        else:
            raise ConfigError(f"{source}: unknown configuration key '{key}'")


def load_config(path: str | Path | None = None, environ: dict[str, str] | None = None) -> ServerConfig:
    """Read ``path`` (optional) and the environment; raise ``ConfigError`` on anything invalid.

    The API key comes from ``HERMES_API_KEY``, else ``api_server.key``, else the key file
    written by ``hermes-browser key``.  There is no default key: without one the server must not start.
    """
    env = os.environ if environ is None else environ
    source = str(path) if path is not None else "<defaults>"
    values: dict[str, Any] = {}
    if path is not None:
        try:
            document = yaml.load(Path(path).read_text(encoding="utf-8"), Loader=_StrictBoolLoader)
        except OSError as exc:
            raise ConfigError(f"{source}: cannot read the configuration file ({exc.strerror})") from None
        except yaml.YAMLError as exc:
            raise ConfigError(f"{source}: not valid YAML ({exc})") from None
        if document is not None:
            if not isinstance(document, dict):
                raise ConfigError(f"{source}: the configuration must be a mapping of sections")
            flat: dict[str, Any] = {}
            _flatten(document, "", source, flat)
            for key, raw in flat.items():
                field_name, check = _FIELDS[key]
                try:
                    values[field_name] = check(raw)
                except ValueError as why:
                    raise ConfigError(f"{source}: '{key}' {why}") from None

    env_key = env.get("HERMES_API_KEY")
    if env_key:
        try:
            values["api_key"] = _api_key(env_key)
        except ValueError as why:
            raise ConfigError(f"environment: HERMES_API_KEY {why}") from None
    env_cdp_url = env.get("BROWSER_CDP_URL")
    if env_cdp_url:  # wins over the file, and over any cloud provider: the user pointed at a browser
        try:
            values["cdp_url"] = _cdp_url(env_cdp_url)
        except ValueError as why:
            raise ConfigError(f"environment: BROWSER_CDP_URL {why}") from None
    if "api_key" not in values:
        key_file = default_key_file(env)
        if key_file.exists():
            try:
                values["api_key"] = _api_key(key_file.read_text(encoding="utf-8").strip())
            except ValueError as why:
                raise ConfigError(f"{key_file}: the API key {why}") from None
    if "api_key" not in values:
        raise ConfigError(
            f"{source}: no API key. Run `hermes-browser key` to create one, or set HERMES_API_KEY or "
            "'api_server.key' (at least 32 characters)."
        )
    values.setdefault("download_user_folder", default_download_folder(env))
    return ServerConfig(**values, home=hermes_home(env))


def write_new_key(path: Path, *, overwrite: bool = False) -> str:
    """Create a random API key in ``path`` with mode 0600 (its folder 0700) and return it."""
    if path.exists() and not overwrite:
        raise ConfigError(f"{path}: an API key already exists; pass --force to replace it")
    key = secrets.token_urlsafe(32)
    write_private_file(path, key + "\n")
    return key

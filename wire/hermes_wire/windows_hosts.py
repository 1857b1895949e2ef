"""Where each browser looks for a native host on Windows, and the few registry calls that read and write it.

On Windows a Chromium browser finds a native host's manifest through the registry: the key
``<hive>\\Software\\<vendor>\\NativeMessagingHosts\\<host name>``, whose default value is the manifest's
path.  Chromium's own lookup (``chrome/browser/extensions/api/messaging/native_process_launcher_win.cc``)
reads ``HKEY_CURRENT_USER`` first (when user-level hosts are allowed) and then ``HKEY_LOCAL_MACHINE``,
each in the 32-bit registry view and then the 64-bit one; a Chromium-branded build (Chromium itself, and
browsers built from it without Google's branding) reads ``Software\\Chromium\\…`` before Google Chrome's
key.  The registry is reached through ``WinregApi``, the part of Python's ``winreg`` module used here, so
the installer and ``doctor`` run in the tests against a fake with ``winreg``'s semantics
(``tests/support/fake_winreg.py``); only ``system_winreg`` touches the real module, and only on Windows.
Shared here because the host's installer writes the keys and the server's ``doctor`` reads them.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path, PureWindowsPath
from typing import Any, Protocol

from hermes_wire.native import HOST_NAME

# Win32's fixed values (winreg has the same numbers): the predefined hives, the access rights used here,
# the two registry views of a 64-bit Windows, and the string value type.
HKEY_CURRENT_USER = 0x80000001
HKEY_LOCAL_MACHINE = 0x80000002
KEY_QUERY_VALUE = 0x0001
KEY_SET_VALUE = 0x0002
KEY_WOW64_64KEY = 0x0100
KEY_WOW64_32KEY = 0x0200
REG_SZ = 1

HIVE_NAMES = {HKEY_CURRENT_USER: "HKCU", HKEY_LOCAL_MACHINE: "HKLM"}
VIEW_NAMES = {KEY_WOW64_32KEY: "32-bit view", KEY_WOW64_64KEY: "64-bit view"}

_CHROME = "Software\\Google\\Chrome\\NativeMessagingHosts"
#: The keys under which ``install-host --browser B`` registers the manifest on Windows, by browser.
#: Chrome, Chromium and Edge: the key each one documents or reads first (Chrome's and Chromium's from
#: Chromium's source, Edge's from Microsoft's native-messaging page).  Brave and Vivaldi: their own
#: vendor key, and Google Chrome's, because neither documents a key of its own and Vivaldi on Windows
#: has been reported to read only Chrome's (keepassxreboot/keepassxc-browser#48; KeePassXC registers both
#: browsers under Chrome's key).  One key may serve several browsers: see ``browsers_reading``.
NATIVE_HOSTS_KEYS: dict[str, tuple[str, ...]] = {
    "chrome": (_CHROME,),
    "chromium": ("Software\\Chromium\\NativeMessagingHosts",),
    "edge": ("Software\\Microsoft\\Edge\\NativeMessagingHosts",),
    "brave": ("Software\\BraveSoftware\\Brave-Browser\\NativeMessagingHosts", _CHROME),
    "vivaldi": ("Software\\Vivaldi\\NativeMessagingHosts", _CHROME),
}
#: Each browser's default profile folder under ``%LOCALAPPDATA%``: its presence is how ``doctor`` tells
#: that the browser has been run on this machine.
USER_DATA_FOLDERS: dict[str, str] = {
    "chrome": "Google\\Chrome\\User Data",
    "chromium": "Chromium\\User Data",
    "edge": "Microsoft\\Edge\\User Data",
    "brave": "BraveSoftware\\Brave-Browser\\User Data",
    "vivaldi": "Vivaldi\\User Data",
}
#: Where ``install-host`` puts the manifest and the launcher on Windows, under ``%LOCALAPPDATA%``: one pair
#: serves every browser (the registry keys all name the same manifest).
INSTALL_FOLDER = "Hermes"
LAUNCHER_FILE = "hermes-native-host.cmd"


class WindowsFiles(Protocol):
    """The file operations on Windows paths that the installer and ``doctor`` need (faked in the tests,
    which run on Linux with ``PureWindowsPath``)."""

    def read_text(self, path: PureWindowsPath) -> str | None:
        """The file's text (UTF-8), or None when there is no such file or it cannot be read."""

    def write_text(self, path: PureWindowsPath, text: str) -> None:
        """Replace the file with ``text`` (UTF-8, no byte-order mark), creating its folders."""

    def remove(self, path: PureWindowsPath) -> bool:
        """Delete the file; False when there was none."""

    def is_file(self, path: PureWindowsPath) -> bool:
        """Whether ``path`` is a file."""

    def is_dir(self, path: PureWindowsPath) -> bool:
        """Whether ``path`` is a folder."""


class DiskFiles:
    """``WindowsFiles`` on this machine's disk (used on Windows, where the paths are this system's own)."""

    def read_text(self, path: PureWindowsPath) -> str | None:
        try:
            return Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None

    def write_text(self, path: PureWindowsPath, text: str) -> None:
        """Bytes as given (a ``.cmd`` keeps its CRLF line ends), replaced atomically."""
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        try:
            temporary.write_bytes(text.encode("utf-8"))
            os.replace(temporary, target)
        finally:
            temporary.unlink(missing_ok=True)

    def remove(self, path: PureWindowsPath) -> bool:
        try:
            Path(path).unlink()
        except FileNotFoundError:
            return False
        return True

    def is_file(self, path: PureWindowsPath) -> bool:
        return Path(path).is_file()

    def is_dir(self, path: PureWindowsPath) -> bool:
        return Path(path).is_dir()


class WinregApi(Protocol):
    """The functions of Python's ``winreg`` that this project calls (a handle is ``winreg.HKEYType``).

    Called positionally only, as ``winreg``'s own signatures (many positional-only) require.
    """

    def CreateKeyEx(self, key: Any, sub_key: str, reserved: int, access: int, /) -> Any: ...
    def OpenKey(self, key: Any, sub_key: str, reserved: int, access: int, /) -> Any: ...
    def SetValueEx(self, key: Any, value_name: str, reserved: int, type: int, value: str, /) -> None: ...
    def QueryValueEx(self, key: Any, name: str, /) -> tuple[Any, int]: ...
    def DeleteKeyEx(self, key: Any, sub_key: str, access: int, reserved: int, /) -> None: ...
    def CloseKey(self, hkey: Any, /) -> None: ...


def system_winreg() -> WinregApi:
    """The real registry: Python's ``winreg``, which exists only on Windows."""
    if sys.platform == "win32":
        import winreg

        return winreg
    raise OSError("the Windows registry exists only on Windows")


def host_key(native_hosts_key: str) -> str:
    """The Hermes host's own key under a browser's ``NativeMessagingHosts`` key."""
    return f"{native_hosts_key}\\{HOST_NAME}"


def browsers_reading(native_hosts_key: str) -> list[str]:
    """The browsers for which ``install-host`` registers under ``native_hosts_key`` (keys are case-insensitive)."""
    return [browser for browser, keys in NATIVE_HOSTS_KEYS.items() if native_hosts_key.lower() in map(str.lower, keys)]


def set_default_value(api: WinregApi, hive: int, key: str, value: str) -> None:
    """Create ``key`` (and its missing parents) and set its default value (the ``""`` name) to ``value``.

    ``HKCU\\Software`` is the same in both registry views, so the per-user keys need no view of their own.
    """
    handle = api.CreateKeyEx(hive, key, 0, KEY_SET_VALUE | KEY_WOW64_64KEY)
    try:
        api.SetValueEx(handle, "", 0, REG_SZ, value)
    finally:
        api.CloseKey(handle)


def default_value(api: WinregApi, hive: int, key: str, view: int = KEY_WOW64_64KEY) -> str | None:
    """``key``'s default value in ``view``, or None when the key or its default value does not exist."""
    try:
        handle = api.OpenKey(hive, key, 0, KEY_QUERY_VALUE | view)
    except FileNotFoundError:
        return None
    try:
        value, kind = api.QueryValueEx(handle, "")
    except FileNotFoundError:
        return None
    finally:
        api.CloseKey(handle)
    return value if kind == REG_SZ and isinstance(value, str) else None


def delete_key(api: WinregApi, hive: int, key: str) -> bool:
    """Delete ``key`` (which must have no subkeys, as with ``winreg``); False when it did not exist."""
    try:
        api.DeleteKeyEx(hive, key, KEY_WOW64_64KEY, 0)
    except FileNotFoundError:
        return False
    return True


@dataclass(frozen=True)
class Registration:
    """Where a browser would find the Hermes host: the hive, view and key that hold it, and the path it names."""

    hive: int
    view: int
    key: str
    manifest_path: str

    def where(self) -> str:
        """The key, with the view for ``HKLM`` (``HKCU\\Software`` is the same in both views)."""
        view = f" ({VIEW_NAMES[self.view]})" if self.hive == HKEY_LOCAL_MACHINE else ""
        return f"{HIVE_NAMES[self.hive]}\\{self.key}{view}"


def find_registration(api: WinregApi, native_hosts_key: str) -> Registration | None:
    """The Hermes host's registration under ``native_hosts_key`` as Chromium looks it up (``FindManifest``):
    ``HKEY_CURRENT_USER`` before ``HKEY_LOCAL_MACHINE``, the 32-bit view before the 64-bit one."""
    key = host_key(native_hosts_key)
    for hive in (HKEY_CURRENT_USER, HKEY_LOCAL_MACHINE):
        for view in (KEY_WOW64_32KEY, KEY_WOW64_64KEY):
            value = default_value(api, hive, key, view)
            if value is not None:
                return Registration(hive, view, key, value)
    return None

"""``python -m hermes_host install`` on Windows: one manifest, a ``.cmd`` launcher, and a registry key per browser.

Windows browsers do not look for manifests in a folder: each reads the key
``HKCU\\Software\\<vendor>\\NativeMessagingHosts\\com.hermes.browser_control`` (then the same under
``HKLM``), whose default value is the manifest's path (``hermes_wire.windows_hosts``).  So the manifest and
the launcher live once, in ``%LOCALAPPDATA%\\Hermes\\``, and every chosen browser's key names that manifest.

Chrome starts a host that is not an ``.exe`` as ``%COMSPEC% /d /s /c "<launcher> <origin> --parent-window=N"``
(``LaunchNativeHostViaCmd`` in Chromium), so the launcher is a batch file, and everything written into it
is quoted by cmd.exe's rules (``batch_word``).  Everything here is computed on ``PureWindowsPath`` and goes
through ``WinregApi``/``WindowsFiles``, so the tests run it on Linux against fakes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PureWindowsPath

from hermes_wire.native import ALLOWED_ORIGINS_ENV, HOST_NAME, host_manifest_text
from hermes_wire.windows_hosts import (
    HKEY_CURRENT_USER,
    INSTALL_FOLDER,
    LAUNCHER_FILE,
    NATIVE_HOSTS_KEYS,
    WindowsFiles,
    WinregApi,
    browsers_reading,
    default_value,
    delete_key,
    host_key,
    set_default_value,
)

#: Windows' classic path limit, terminating NUL included.  cmd.exe does not support longer paths (it cannot
#: run a batch file from one, nor make one its current folder, which Chrome sets to the launcher's folder).
MAX_PATH = 260


class WindowsInstallError(ValueError):
    """A path that cannot be installed as given; the message says which and why."""


def _check_absolute(what: str, path: PureWindowsPath) -> None:
    if not path.is_absolute():
        raise WindowsInstallError(f"{what} {str(path)!r} is not an absolute Windows path (a drive and a \\)")


def batch_word(text: str) -> str:
    """``text`` as one double-quoted word of a batch file's line, which cmd.exe reads back as exactly ``text``.

    Between double quotes cmd.exe takes spaces, ``&``, ``|``, ``<``, ``>``, ``(``, ``)`` and ``^`` literally.
    ``%`` is expanded before quotes are looked at, so each one is doubled (``%%`` reads as ``%``).  ``!`` is
    literal because the launcher turns delayed expansion off.  A ``"`` or a control character (a line break
    among them) cannot be written inside the word at all; no Windows file name contains one, so such text is
    refused rather than half-quoted.
    """
    if '"' in text or any(ord(character) < 32 or character == "\x7f" for character in text):
        raise WindowsInstallError(f"{text!r} contains a double quote or a control character: cmd.exe cannot quote it")
    return '"' + text.replace("%", "%%") + '"'


def launcher_text(python: PureWindowsPath, hermes_home: PureWindowsPath, origins: list[str]) -> str:
    """The ``.cmd`` Chrome runs: it pins the interpreter, ``HERMES_HOME`` and the origins of install time.

    ``@echo off`` comes first because every echoed command would go to stdout, which is the native-messaging
    channel.  cmd.exe reads a batch file in the console's code page, one line at a time, so when a path is not
    ASCII (a user name like ``Jürgen``) the launcher switches to UTF-8 (code page 65001) before the lines that
    hold it.  Lines end with CRLF, as cmd.exe expects.
    """
    _check_absolute("the Python interpreter", python)
    _check_absolute("HERMES_HOME", hermes_home)
    origins_setting = f"{ALLOWED_ORIGINS_ENV}={','.join(origins)}"
    lines = [
        "@echo off",
        "rem Written by python -m hermes_host install: starts the Hermes native host for Chrome.",
        "setlocal DisableDelayedExpansion",
        f"set {batch_word(f'HERMES_HOME={hermes_home}')}",
        f"set {batch_word(origins_setting)}",
        f"{batch_word(str(python))} -m hermes_host %*",
    ]
    if not "".join(lines).isascii():
        lines.insert(1, "chcp 65001 >nul")
    return "\r\n".join(lines) + "\r\n"


@dataclass(frozen=True)
class WindowsLayout:
    """Where the shared manifest and launcher go: ``%LOCALAPPDATA%\\Hermes\\``."""

    folder: PureWindowsPath
    manifest: PureWindowsPath
    launcher: PureWindowsPath

    @classmethod
    def under(cls, local_app_data: PureWindowsPath) -> WindowsLayout:
        _check_absolute("%LOCALAPPDATA%", local_app_data)
        folder = local_app_data / INSTALL_FOLDER
        layout = cls(folder, folder / f"{HOST_NAME}.json", folder / LAUNCHER_FILE)
        if str(layout.launcher).count("%") > 1:
            raise WindowsInstallError(
                f"the launcher's path {layout.launcher} holds two '%': Chrome hands it to cmd.exe on a command line, "
                "where %NAME% is replaced by the variable NAME's value: set LOCALAPPDATA to a folder without them"
            )
        if len(str(layout.launcher)) >= MAX_PATH:
            raise WindowsInstallError(
                f"the launcher's path would be {len(str(layout.launcher))} characters long ({layout.launcher}); "
                f"cmd.exe cannot run a batch file whose path has {MAX_PATH} or more: "
                "set LOCALAPPDATA to a shorter folder"
            )
        return layout


def install_windows(
    browsers: list[str],
    layout: WindowsLayout,
    launcher: str,
    origins: list[str],
    *,
    api: WinregApi,
    files: WindowsFiles,
) -> list[str]:
    """Write the launcher and the manifest, then each browser's key (idempotent); returns the keys written."""
    files.write_text(layout.launcher, launcher)
    files.write_text(layout.manifest, host_manifest_text(str(layout.launcher), origins))
    written: list[str] = []
    for browser in browsers:
        for native_hosts_key in NATIVE_HOSTS_KEYS[browser]:
            key = host_key(native_hosts_key)
            set_default_value(api, HKEY_CURRENT_USER, key, str(layout.manifest))
            if f"HKCU\\{key}" not in written:
                written.append(f"HKCU\\{key}")
    return written


def uninstall_windows(browsers: list[str], layout: WindowsLayout, *, api: WinregApi, files: WindowsFiles) -> list[str]:
    """Delete the chosen browsers' keys; the shared files go once no browser's key names them.

    Returns what was removed, each key with the other browsers that read it too (Chrome's key serves Brave
    and Vivaldi as well, so removing it for one removes it for all).
    """
    removed: list[str] = []
    for browser in browsers:
        for native_hosts_key in NATIVE_HOSTS_KEYS[browser]:
            key = host_key(native_hosts_key)
            if delete_key(api, HKEY_CURRENT_USER, key):
                others = [other for other in browsers_reading(native_hosts_key) if other not in browsers]
                removed.append(f"HKCU\\{key}" + (f" (also used by {', '.join(others)})" if others else ""))
    still_named = any(
        (default_value(api, HKEY_CURRENT_USER, host_key(key)) or "").lower() == str(layout.manifest).lower()
        for keys in NATIVE_HOSTS_KEYS.values()
        for key in keys
    )
    if not still_named:
        removed += [str(path) for path in (layout.manifest, layout.launcher) if files.remove(path)]
    return removed

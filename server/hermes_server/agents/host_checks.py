"""``doctor``'s native-host lines: which browsers are on this machine, and whether each can start the host.

On Linux and macOS a browser reads the manifest from its ``NativeMessagingHosts`` folder; a browser counts
as installed when its profile folder exists or one of its commands is on ``PATH``.  On Windows it reads the
registry (``hermes_wire.windows_hosts``): each key the installer writes for a browser is read back as the
browser looks it up (``HKCU`` before ``HKLM``, the 32-bit view before the 64-bit one), and the manifest it
names, the launcher that manifest names and the Python that launcher runs are checked in turn.  A browser
counts as installed there when its profile folder under ``%LOCALAPPDATA%`` exists.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path, PureWindowsPath
from typing import Any

from hermes_wire.native import (
    BROWSER_COMMANDS,
    BROWSERS,
    DEFAULT_ALLOWED_ORIGINS,
    HOST_NAME,
    user_profile_folder,
)
from hermes_wire.windows_hosts import (
    NATIVE_HOSTS_KEYS,
    USER_DATA_FOLDERS,
    DiskFiles,
    WindowsFiles,
    WinregApi,
    find_registration,
    host_key,
    system_winreg,
)


@dataclass(frozen=True)
class Check:
    """One line of the report: ``status`` is ``ok``, ``warn`` or ``FAIL``; ``fix`` says what to do."""

    status: str
    what: str
    fix: str = ""

    def lines(self) -> list[str]:
        return [f"{self.status:<4} {self.what}", *([f"     fix: {self.fix}"] if self.fix else [])]


def ok(what: str) -> Check:
    return Check("ok", what)


def warn(what: str, fix: str) -> Check:
    return Check("warn", what, fix)


def fail(what: str, fix: str) -> Check:
    return Check("FAIL", what, fix)


def browsers_found(home: Path, platform: str) -> list[str]:
    """The browsers whose per-user profile folder exists: those a user has run on this machine."""
    return [browser for browser in BROWSERS if user_profile_folder(browser, home, platform).is_dir()]


def browser_found_as(browser: str, home: Path, platform: str, search_path: str | None) -> str | None:
    """How ``browser`` shows it is installed (its profile folder, or its command on ``search_path``), or None."""
    folder = user_profile_folder(browser, home, platform)
    if folder.is_dir():
        return f"profile folder {folder}"
    command = next((name for name in BROWSER_COMMANDS[browser] if shutil.which(name, path=search_path)), None)
    return None if command is None else f"{command} on PATH"


def manifest_file(browser: str, home: Path, platform: str) -> Path:
    return user_profile_folder(browser, home, platform) / "NativeMessagingHosts" / f"{HOST_NAME}.json"


def _fields_problem(manifest: dict[str, Any]) -> str | None:
    """What in the manifest's own fields stops Chrome from starting the host for the Hermes extension."""
    if manifest.get("name") != HOST_NAME:
        return f"its name is {manifest.get('name')!r}, not {HOST_NAME!r}"
    origins = manifest.get("allowed_origins")
    if not isinstance(origins, list) or not set(DEFAULT_ALLOWED_ORIGINS) <= set(origins):
        return f"allowed_origins does not name the Hermes extension ({DEFAULT_ALLOWED_ORIGINS[0]})"
    return None


def _pinned_python(launcher: Path) -> str | None:
    """The interpreter the launcher ``exec``s (the installer pins the one it ran with)."""
    for line in launcher.read_text(encoding="utf-8").splitlines():
        words = shlex.split(line)
        if words[:1] == ["exec"] and len(words) > 1:
            return words[1]
    return None


def manifest_problem(manifest: dict[str, Any]) -> str | None:
    """What is wrong with an installed manifest (Linux, macOS), or None when Chrome can start the host from it."""
    problem = _fields_problem(manifest)
    if problem is not None:
        return problem
    launcher = Path(str(manifest.get("path", "")))
    if not launcher.is_file() or not os.access(launcher, os.X_OK):
        return f"its launcher {launcher} is missing or not executable"
    python = _pinned_python(launcher)
    if python is None or not os.access(python, os.X_OK):
        return f"the Python its launcher runs ({python}) is missing"
    return None


def posix_host_checks(home: Path, platform: str, search_path: str | None) -> Iterator[Check]:
    """One line per browser that is installed or has the host; a warning when none has it."""
    any_installed = False
    for browser in BROWSERS:
        path = manifest_file(browser, home, platform)
        if not path.exists():
            found_as = browser_found_as(browser, home, platform, search_path)
            if found_as is not None:
                yield warn(
                    f"native host for {browser}: not installed ({browser} found: {found_as})", "hermes-browser setup"
                )
            continue
        any_installed = True
        try:
            problem = manifest_problem(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, AttributeError) as unreadable:
            problem = f"it cannot be read as JSON ({unreadable})"
        if problem is None:
            yield ok(f"native host for {browser}: {path}")
        else:
            yield fail(f"native host for {browser}: {path}: {problem}", "hermes-browser setup")
    if not any_installed:
        yield warn(
            "native host: not installed for any browser's default profile",
            "hermes-browser setup (or hermes-browser install-host --user-data-dir DIR for another profile)",
        )


def _cmd_pinned_python(launcher_text: str) -> PureWindowsPath | None:
    """The interpreter a ``.cmd`` launcher runs: its ``"<python>" -m hermes_host %*`` line, ``%%`` read as ``%``."""
    for line in launcher_text.splitlines():
        if line.startswith('"') and line.endswith('" -m hermes_host %*'):
            return PureWindowsPath(line[1 : -len('" -m hermes_host %*')].replace("%%", "%"))
    return None


def windows_manifest_problem(manifest_path: str, files: WindowsFiles) -> str | None:
    """What stops Chrome from starting the host through the manifest a registry key names (None: nothing)."""
    path = PureWindowsPath(manifest_path)
    if not path.is_absolute():
        return "the manifest's path is not absolute (Chrome refuses it)"
    text = files.read_text(path)
    if text is None:
        return "the manifest is missing"
    try:
        manifest = json.loads(text)
        problem = _fields_problem(manifest)
    except (ValueError, AttributeError) as unreadable:
        return f"the manifest cannot be read as JSON ({unreadable})"
    if problem is not None:
        return f"the manifest's {problem}"
    launcher = PureWindowsPath(str(manifest.get("path", "")))
    launcher = launcher if launcher.is_absolute() else path.parent / launcher  # relative: to the manifest's folder
    launcher_text = files.read_text(launcher)
    if launcher_text is None:
        return f"its launcher {launcher} is missing"
    python = _cmd_pinned_python(launcher_text)
    if python is None or not files.is_file(python):
        return f"the Python its launcher runs ({python}) is missing"
    return None


def windows_host_checks(environ: Mapping[str, str], registry: WinregApi, files: WindowsFiles) -> Iterator[Check]:
    """Per browser, each of its registry keys: there and sound (ok), missing (warn, for a browser found) or broken."""
    local_app_data = environ.get("LOCALAPPDATA")
    any_registered = False
    for browser in BROWSERS:
        fix = f"hermes-browser install-host --browser {browser}"
        profile = None if not local_app_data else PureWindowsPath(local_app_data) / USER_DATA_FOLDERS[browser]
        for native_hosts_key in NATIVE_HOSTS_KEYS[browser]:
            registration = find_registration(registry, native_hosts_key)
            if registration is None:
                if profile is not None and files.is_dir(profile):
                    what = f"native host for {browser}: HKCU\\{host_key(native_hosts_key)} is missing"
                    yield warn(f"{what} ({browser} found: profile folder {profile})", fix)
                continue
            any_registered = True
            problem = windows_manifest_problem(registration.manifest_path, files)
            what = f"native host for {browser}: {registration.where()} names {registration.manifest_path}"
            yield ok(what) if problem is None else fail(f"{what}: {problem}", fix)
    if not any_registered:
        yield warn("native host: not registered for any browser", "hermes-browser setup")


def host_checks(
    home: Path,
    platform: str,
    environ: Mapping[str, str],
    *,
    registry: WinregApi | None = None,
    files: WindowsFiles | None = None,
) -> Iterator[Check]:
    """The native-host lines for this system (``registry`` and ``files``: this machine's unless given)."""
    if platform == "win32":
        return windows_host_checks(environ, registry or system_winreg(), files or DiskFiles())
    return posix_host_checks(home, platform, environ.get("PATH", os.defpath))

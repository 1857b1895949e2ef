"""``python -m hermes_host install``: the native-messaging manifest and the launcher Chrome runs.

Chrome finds ``com.hermes.browser_control.json`` in its ``NativeMessagingHosts`` folder (per
user, or inside a given ``--user-data-dir``) and starts the ``path`` it names for the
extensions in ``allowed_origins`` only.  The launcher pins the Python interpreter, the
``HERMES_HOME`` and the allowed origins that were current at install time, and runs
``python -m hermes_host <origin>``.  The server's ``hermes-browser install-host`` runs this
command in a subprocess, so the server never imports the host.

That is Linux and macOS (``--native-hosts-dir`` names the folder of any other Chromium browser).  On
Windows browsers find the manifest through the registry instead: ``install_windows.py``.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from collections.abc import Mapping
from pathlib import Path, PureWindowsPath

from hermes_host.install_windows import (
    WindowsInstallError,
    WindowsLayout,
    install_windows,
    launcher_text,
    uninstall_windows,
)
from hermes_wire.files import write_private_file
from hermes_wire.home import hermes_home
from hermes_wire.native import (
    ALLOWED_ORIGINS_ENV,
    BROWSERS,
    EXTENSION_ORIGIN,
    HERMES_EXTENSION_ID,
    HOST_NAME,
    LAUNCHER_NAME,
    host_manifest_text,
    user_profile_folder,
)
from hermes_wire.windows_hosts import DiskFiles, WindowsFiles, WinregApi, system_winreg


def manifest_folder(
    browser: str, user_data_dir: Path | None, *, platform: str = sys.platform, home: Path | None = None
) -> Path:
    """Where Chrome, Chromium, Edge, Brave or Vivaldi looks for native-host manifests (Linux and macOS)."""
    if user_data_dir is not None:
        return user_data_dir / "NativeMessagingHosts"
    return user_profile_folder(browser, home or Path.home(), platform) / "NativeMessagingHosts"


def install(folder: Path, extension_ids: list[str], hermes_home: Path) -> tuple[Path, Path]:
    """Write (or rewrite: it is idempotent) the launcher and the manifest; returns their paths."""
    origins = [f"chrome-extension://{extension_id}/" for extension_id in extension_ids or [HERMES_EXTENSION_ID]]
    launcher = folder / LAUNCHER_NAME
    script = (
        "#!/bin/sh\n"
        "# Written by python -m hermes_host install: starts the Hermes native host for Chrome.\n"
        f"export HERMES_HOME={shlex.quote(str(hermes_home))}\n"
        f"export {ALLOWED_ORIGINS_ENV}={shlex.quote(','.join(origins))}\n"
        f'exec {shlex.quote(sys.executable)} -m hermes_host "$@"\n'
    )
    write_private_file(launcher, script)
    os.chmod(launcher, 0o700)
    path = folder / f"{HOST_NAME}.json"
    write_private_file(path, host_manifest_text(str(launcher), origins))
    os.chmod(path, 0o644)  # Chrome only needs to read it; it holds no secret
    return path, launcher


def uninstall(folder: Path) -> list[Path]:
    """Remove the manifest and the launcher; returns what was removed."""
    removed = []
    for path in (folder / f"{HOST_NAME}.json", folder / LAUNCHER_NAME):
        if path.exists():
            path.unlink()
            removed.append(path)
    return removed


def _extension_id(value: str) -> str:
    if not EXTENSION_ORIGIN.fullmatch(f"chrome-extension://{value}/"):
        raise argparse.ArgumentTypeError(f"{value[:40]!r} is not a Chrome extension id (32 letters a-p)")
    return value


def _native_hosts_dir_problem(folder: Path) -> str | None:
    """Why ``folder`` cannot be another Chromium browser's ``NativeMessagingHosts`` folder, if it cannot."""
    if not folder.is_absolute():
        return f"--native-hosts-dir {str(folder)!r} is not an absolute path (a browser resolves no relative one)"
    if folder.exists() and not folder.is_dir():
        return f"--native-hosts-dir {str(folder)!r} is a file, not a folder"
    return None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m hermes_host install",
        description=(
            "Install the Hermes native-messaging host for Chrome, Chromium, Edge, Brave or Vivaldi "
            "(on Linux and macOS, for any other Chromium browser with --native-hosts-dir; on Windows, "
            "through the registry)."
        ),
    )
    parser.add_argument(
        "--browser",
        choices=BROWSERS,
        default="chrome",
        help="whose per-user folder (on Windows: registry key) to install into (default: chrome)",
    )
    folder = parser.add_mutually_exclusive_group()
    folder.add_argument("--user-data-dir", type=Path, help="install into this browser profile folder instead")
    folder.add_argument(
        "--native-hosts-dir",
        type=Path,
        metavar="DIR",
        help="install into this NativeMessagingHosts folder (another Chromium browser's; Linux and macOS)",
    )
    parser.add_argument(
        "--extension-id",
        action="append",
        default=[],
        type=_extension_id,
        help="allowed extension id (default: the Hermes extension's); repeatable",
    )
    parser.add_argument(
        "--uninstall", action="store_true", help="remove the manifest and the launcher (on Windows: the browser's keys)"
    )
    return parser


def main(
    argv: list[str],
    *,
    platform: str = sys.platform,
    environ: Mapping[str, str] | None = None,
    registry: WinregApi | None = None,
    files: WindowsFiles | None = None,
    python: str = sys.executable,
) -> int:
    """Install (or with ``--uninstall`` remove) the host for one browser; exit status 2 for a usage problem.

    ``platform``, ``environ``, ``registry``, ``files`` and ``python`` are this machine's unless a test
    gives its own: the Windows installer then runs on Linux against a fake registry and fake files.
    """
    parser = _parser()
    options = parser.parse_args(argv)
    if platform == "win32":
        if options.user_data_dir is not None or options.native_hosts_dir is not None:
            parser.error(
                "on Windows browsers find the host through the registry: "
                "--user-data-dir and --native-hosts-dir are for Linux and macOS"
            )
        environment = os.environ if environ is None else environ
        return install_on_windows(
            options.browser,
            options.extension_id,
            uninstall=options.uninstall,
            environ=environment,
            registry=registry or system_winreg(),
            files=files or DiskFiles(),
            python=python,
        )
    if options.native_hosts_dir is not None:
        problem = _native_hosts_dir_problem(options.native_hosts_dir)
        if problem is not None:
            parser.error(problem)
        folder = options.native_hosts_dir
    else:
        folder = manifest_folder(options.browser, options.user_data_dir, platform=platform)
    if options.uninstall:
        removed = uninstall(folder)
        print("Removed " + ", ".join(map(str, removed)) if removed else f"Nothing installed in {folder}.")
        return 0
    manifest_file, launcher = install(folder, options.extension_id, hermes_home(environ))
    print(f"Installed the native host manifest {manifest_file}\n  launcher {launcher}")
    return 0


def install_on_windows(
    browser: str,
    extension_ids: list[str],
    *,
    uninstall: bool,
    environ: Mapping[str, str],
    registry: WinregApi,
    files: WindowsFiles,
    python: str,
) -> int:
    """``main`` on Windows: the shared files in ``%LOCALAPPDATA%\\Hermes`` and ``browser``'s registry keys."""
    try:
        if not environ.get("LOCALAPPDATA"):
            raise WindowsInstallError("LOCALAPPDATA is not set: it names the folder the host is installed in")
        layout = WindowsLayout.under(PureWindowsPath(environ["LOCALAPPDATA"]))
        if uninstall:
            removed = uninstall_windows([browser], layout, api=registry, files=files)
            print("Removed " + "\n  ".join(removed) if removed else f"Nothing installed for {browser}.")
            return 0
        origins = [f"chrome-extension://{extension_id}/" for extension_id in extension_ids or [HERMES_EXTENSION_ID]]
        home = PureWindowsPath(str(hermes_home(environ)))
        launcher = launcher_text(PureWindowsPath(python), home, origins)
        keys = install_windows([browser], layout, launcher, origins, api=registry, files=files)
    except (WindowsInstallError, OSError) as problem:
        print(f"python -m hermes_host install: {problem}", file=sys.stderr)
        return 1
    print(f"Installed the native host manifest {layout.manifest}\n  launcher {layout.launcher}")
    print("".join(f"  registry key {key}\n" for key in keys), end="")
    return 0

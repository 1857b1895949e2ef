"""``python -m hermes_host install``: the native-messaging manifest and the launcher Chrome runs.

Chrome finds ``com.hermes.browser_control.json`` in its ``NativeMessagingHosts`` folder (per
user, or inside a given ``--user-data-dir``) and starts the ``path`` it names for the
extensions in ``allowed_origins`` only.  The launcher pins the Python interpreter, the
``HERMES_HOME`` and the allowed origins that were current at install time, and runs
``python -m hermes_host <origin>``.  The server's ``hermes-browser install-host`` runs this
command in a subprocess, so the server never imports the host.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from pathlib import Path

from hermes_wire.files import write_private_file
from hermes_wire.home import hermes_home
from hermes_wire.native import (
    ALLOWED_ORIGINS_ENV,
    BROWSERS,
    EXTENSION_ORIGIN,
    HERMES_EXTENSION_ID,
    HOST_NAME,
    LAUNCHER_NAME,
    user_profile_folder,
)


def manifest_folder(
    browser: str, user_data_dir: Path | None, *, platform: str = sys.platform, home: Path | None = None
) -> Path:
    """Where Chrome, Chromium, Edge or Brave looks for native-host manifests."""
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
    manifest = {
        "name": HOST_NAME,
        "description": "Hermes browser control: lets your Hermes agent work on the tab in front of you",
        "path": str(launcher),
        "type": "stdio",
        "allowed_origins": origins,
    }
    path = folder / f"{HOST_NAME}.json"
    write_private_file(path, json.dumps(manifest, indent=2) + "\n")
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


def main(argv: list[str]) -> int:
    """Install (or with ``--uninstall`` remove) the host for one browser; exit status 2 for a usage problem."""
    parser = argparse.ArgumentParser(
        prog="python -m hermes_host install",
        description="Install the Hermes native-messaging host for Chrome, Chromium, Edge or Brave.",
    )
    parser.add_argument(
        "--browser",
        choices=BROWSERS,
        default="chrome",
        help="whose per-user folder to install into (default: chrome)",
    )
    parser.add_argument("--user-data-dir", type=Path, help="install into this browser profile folder instead")
    parser.add_argument(
        "--extension-id",
        action="append",
        default=[],
        type=_extension_id,
        help="allowed extension id (default: the Hermes extension's); repeatable",
    )
    parser.add_argument("--uninstall", action="store_true", help="remove the manifest and the launcher")
    options = parser.parse_args(argv)
    folder = manifest_folder(options.browser, options.user_data_dir)
    if options.uninstall:
        removed = uninstall(folder)
        print("Removed " + ", ".join(map(str, removed)) if removed else f"Nothing installed in {folder}.")
        return 0
    manifest_file, launcher = install(folder, options.extension_id, hermes_home())
    print(f"Installed the native host manifest {manifest_file}\n  launcher {launcher}")
    return 0

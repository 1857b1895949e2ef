"""``hermes-browser``: the command line.

Subcommands are declared once in ``_COMMANDS`` (name, help, argument setup, handler).
Exit status: 0 on success, 2 for a configuration or usage problem; the client commands
(``cli_calls``) exit 1 when the server refuses or a tool call fails.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from hermes_extension import extension_dir
from hermes_server.agents import calls as cli_calls
from hermes_server.agents import launcher
from hermes_server.agents import setup as first_run
from hermes_server.app import start_server
from hermes_server.config import ServerConfig, default_key_file, load_config, write_new_key
from hermes_server.errors import ConfigError
from hermes_server.pairing.book import Pairing
from hermes_server.pairing.store import PairingFile
from hermes_wire.home import hermes_home, pairings_path

EXIT_CONFIG = 2


def _serve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", type=Path, help="YAML configuration file (see README)")


def _serve(options: argparse.Namespace) -> int:
    config = load_config(options.config)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    return asyncio.run(_serve_until_stopped(config))


#: The signals that stop the server cleanly; SIGHUP too (a closed terminal), whose default would leave
#: the runtime file behind.
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


async def _serve_until_stopped(config: ServerConfig) -> int:
    """Serve until a stop signal; the handlers are in place before the runtime file is published."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signal_number in STOP_SIGNALS:
        loop.add_signal_handler(signal_number, stop.set)
    runner, url = await start_server(config)
    state = "on" if config.extension_control_enabled else "off"
    print(f"Hermes browser control on {url} (extension control {state})", flush=True)
    try:
        await stop.wait()
    finally:
        await runner.cleanup()  # withdraws the runtime file first, whatever fails after
    return 0


def _key_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--file", type=Path, help=f"where to write it (default {default_key_file()})")
    parser.add_argument("--force", action="store_true", help="replace an existing key")


def _key(options: argparse.Namespace) -> int:
    path = options.file or default_key_file()
    write_new_key(path, overwrite=options.force)
    print(f"Wrote a new API key to {path} (mode 0600). Agents send it as 'Authorization: Bearer <key>'.")
    return 0


def _pairings_arguments(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="action", required=True)
    actions.add_parser("list", help="show paired devices")
    revoke = actions.add_parser("revoke", help="revoke a device; its live lanes close within a second")
    revoke.add_argument("device_id")


def _pairings(options: argparse.Namespace) -> int:
    pairing_file = PairingFile(pairings_path(hermes_home()))
    if options.action == "list":
        pairings = pairing_file.load()
        if not pairings:
            print("No paired devices.")
        for pairing in pairings.values():
            created = datetime.fromtimestamp(pairing.created_at, UTC).isoformat(timespec="seconds")
            print(f"{pairing.device_id}  profile {pairing.browser_profile_id}  paired {created}  {pairing.label}")
        return 0
    found: list[str] = []

    def revoke(pairings: dict[str, Pairing]) -> None:
        if pairings.pop(options.device_id, None) is not None:
            found.append(options.device_id)

    pairing_file.update(revoke)
    if not found:
        print(f"hermes-browser: no paired device {options.device_id!r} (see 'pairings list')", file=sys.stderr)
        return EXIT_CONFIG
    print(f"Revoked {options.device_id}; a running server closes its lanes within a second.")
    return 0


def _install_host_arguments(parser: argparse.ArgumentParser) -> None:
    """None of its own: every option, --help included, goes to the host's installer (see ``forwards_options``)."""


def _install_host(options: argparse.Namespace) -> int:
    """Run the host's installer in a subprocess (the server never imports the host); its exit status is ours."""
    installer = [sys.executable, "-m", "hermes_host", "install", *options.forwarded]
    return subprocess.run(installer, check=False).returncode


def _extension_path_arguments(parser: argparse.ArgumentParser) -> None:
    """No options: the folder is wherever this installation keeps it."""


def _extension_path(options: argparse.Namespace) -> int:
    print(extension_dir())
    return 0


@dataclass(frozen=True)
class Command:
    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    #: Hand every option it does not parse (``--help`` too) to ``run`` as ``options.forwarded``.
    forwards_options: bool = False


_COMMANDS = (
    Command(
        "setup",
        "first run: create the API key, install the native host for every browser found, say what to click",
        first_run.setup_arguments,
        first_run.run_setup,
    ),
    Command(
        "doctor",
        "check the server, the native host, pairings and controllers; say how to fix each problem",
        first_run.doctor_arguments,
        first_run.run_doctor,
    ),
    Command(
        "browser",
        "start Chromium or Chrome with the extension and the native host in its profile, ready to pair",
        launcher.browser_arguments,
        launcher.run_browser,
    ),
    Command("serve", "run the server on loopback", _serve_arguments, _serve),
    Command("key", "generate an API key file (mode 0600)", _key_arguments, _key),
    Command("pairings", "list or revoke paired browser profiles", _pairings_arguments, _pairings),
    Command(
        "install-host",
        "install the native-messaging host for Chrome, Chromium, Edge, Brave or Vivaldi (Linux, macOS, Windows)",
        _install_host_arguments,
        _install_host,
        forwards_options=True,
    ),
    Command(
        "extension-path",
        "print the unpacked extension's folder (chrome://extensions > Load unpacked)",
        _extension_path_arguments,
        _extension_path,
    ),
    Command(
        "call",
        "call a browser tool on a session; print its result (readable on a terminal, JSON with --json or piped)",
        cli_calls.call_arguments,
        cli_calls.run_call,
    ),
    Command("sessions", "list, create or close agent sessions", cli_calls.sessions_arguments, cli_calls.run_sessions),
    Command("mcp", "serve the browser tools to an MCP client over stdio", cli_calls.mcp_arguments, cli_calls.run_mcp),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="hermes-browser", description="Hermes browser control")
    commands = parser.add_subparsers(dest="command", required=True)
    for command in _COMMANDS:
        sub = commands.add_parser(command.name, help=command.help, add_help=not command.forwards_options)
        command.add_arguments(sub)
        sub.set_defaults(run=command.run, forwarded=[])
    options, extra = parser.parse_known_args(argv)
    if extra and hasattr(options, "pairs") and all("=" in t and not t.startswith("-") for t in extra):
        options.pairs += extra  # `call TOOL --session S key=value`: pairs may follow the options too
    elif extra and next(c for c in _COMMANDS if c.name == options.command).forwards_options:
        options.forwarded = extra
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        status: int = options.run(options)
        return status
    except ConfigError as error:
        print(f"hermes-browser: {error}", file=sys.stderr)
        return EXIT_CONFIG

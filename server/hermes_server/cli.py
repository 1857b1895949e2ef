"""``hermes-browser``: the command line.

Subcommands are declared once in ``_COMMANDS`` (name, help, argument setup, handler).
Exit status: 0 on success, 2 for a configuration or usage problem.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .app import start_server
from .config import ServerConfig, default_key_file, load_config, write_new_key
from .errors import ConfigError

EXIT_CONFIG = 2


def _serve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", type=Path, help="YAML configuration file (see README)")


def _serve(options: argparse.Namespace) -> int:
    config = load_config(options.config)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    return asyncio.run(_serve_until_stopped(config))


async def _serve_until_stopped(config: ServerConfig) -> int:
    runner, url = await start_server(config)
    state = "on" if config.extension_control_enabled else "off"
    print(f"Hermes browser control on {url} (extension control {state})", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signal_number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signal_number, stop.set)
    try:
        await stop.wait()
    finally:
        await runner.cleanup()
    return 0


def _key_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--file", type=Path, help=f"where to write it (default {default_key_file()})")
    parser.add_argument("--force", action="store_true", help="replace an existing key")


def _key(options: argparse.Namespace) -> int:
    path = options.file or default_key_file()
    write_new_key(path, overwrite=options.force)
    print(f"Wrote a new API key to {path} (mode 0600). Agents send it as 'Authorization: Bearer <key>'.")
    return 0


@dataclass(frozen=True)
class Command:
    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


_COMMANDS = (
    Command("serve", "run the server on loopback", _serve_arguments, _serve),
    Command("key", "generate an API key file (mode 0600)", _key_arguments, _key),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="hermes-browser", description="Hermes browser control")
    commands = parser.add_subparsers(dest="command", required=True)
    for command in _COMMANDS:
        sub = commands.add_parser(command.name, help=command.help)
        command.add_arguments(sub)
        sub.set_defaults(run=command.run)
    options = parser.parse_args(argv)
    try:
        return options.run(options)
    except ConfigError as error:
        print(f"hermes-browser: {error}", file=sys.stderr)
        return EXIT_CONFIG

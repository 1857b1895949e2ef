"""The one way a checked-in generated file is written or checked, so every generator's ``--check`` agrees.

Used by ``extension_lane.contract`` (``background/contract.js``) and ``agents.reference`` (``docs/tools.md``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def write_or_check(target: Path, wanted: str, *, command: str, argv: list[str] | None, about: str | None) -> int:
    """Parse ``argv`` for ``--check``; then rewrite ``target`` with ``wanted``, or exit 1 if it differs (stale)."""
    parser = argparse.ArgumentParser(prog=command, description=about)
    parser.add_argument("--check", action="store_true", help="exit 1 if the checked-in file is stale")
    options = parser.parse_args(argv)
    if options.check:
        current = target.read_text(encoding="utf-8") if target.exists() else ""
        if current != wanted:
            print(f"{target} is stale: run {command}", file=sys.stderr)
            return 1
        return 0
    target.write_text(wanted, encoding="utf-8")
    print(f"wrote {target}")
    return 0

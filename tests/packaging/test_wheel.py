"""``pip install .`` (not editable) gives a working product: the wheel carries the engine and the extension.

Builds the wheel, installs it into a clean virtual environment (dependencies from the package
index), and runs ``wheel_smoke.py`` there, from a folder outside the checkout: the cdp lane, the
extension folder, and the newcomer's path (setup, a browser launched and paired by
``hermes-browser browser``, doctor all ok).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from hermes_extension import ENGINE_FILES
from tests.conftest import scaled

pytestmark = pytest.mark.chromium

CHECKOUT = Path(__file__).resolve().parents[2]


def run(*command: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [str(part) for part in command], cwd=cwd, env=env, capture_output=True, text=True, timeout=scaled(600)
    )
    assert done.returncode == 0, f"{command} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def test_the_installed_wheel_serves_the_cdp_lane_and_ships_the_extension(tmp_path: Path) -> None:
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", tmp_path / "dist", CHECKOUT, cwd=tmp_path)
    [wheel] = (tmp_path / "dist").glob("hermes_browser_control-*.whl")
    shipped = set(zipfile.ZipFile(wheel).namelist())
    extension = CHECKOUT / "extension"
    every_file = [path.relative_to(extension).as_posix() for path in extension.rglob("*") if path.is_file()]
    assert {"manifest.json", *ENGINE_FILES} <= set(every_file)
    assert {f"hermes_extension/unpacked/{name}" for name in every_file} <= shipped, "the wheel lacks extension files"
    for root in ("server", "host", "wire"):
        modules = [path.relative_to(CHECKOUT / root).as_posix() for path in (CHECKOUT / root).rglob("*.py")]
        assert set(modules) <= shipped, f"the wheel lacks modules of {root}/"
    assert not [name for name in shipped if name.startswith("tests/")], "the harness must not ship"

    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", venv, cwd=tmp_path)
    run(venv / "bin" / "python", "-m", "pip", "install", "--quiet", "--disable-pip-version-check", wheel, cwd=tmp_path)
    smoke = shutil.copy(Path(__file__).with_name("wheel_smoke.py"), tmp_path / "wheel_smoke.py")
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env['PATH']}"
    output = run(venv / "bin" / "python", smoke, cwd=tmp_path, env=env)
    assert output.count("ok:") == 6, output
    print(output)  # the doctor report, for the record (pytest -s)

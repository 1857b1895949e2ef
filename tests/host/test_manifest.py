"""``python -m hermes_host install``: the manifest Chrome reads and the launcher it runs.

(``hermes-browser install-host`` runs the same command; ``tests/server/agents/test_cli.py`` checks that.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hermes_host.install import main, manifest_folder
from hermes_wire.native import HERMES_EXTENSION_ID, HOST_NAME
from tests.conftest import scaled
from tests.host.helpers import LENGTH, frame


def run_cli(*args: str, home: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hermes_host", *args],
        capture_output=True,
        text=True,
        env=os.environ | {"HERMES_HOME": str(home)} | env,
        timeout=scaled(30),
    )


@pytest.mark.parametrize(
    ("platform", "browser", "expected"),
    [
        ("linux", "chrome", ".config/google-chrome/NativeMessagingHosts"),
        ("linux", "chromium", ".config/chromium/NativeMessagingHosts"),
        ("darwin", "chrome", "Library/Application Support/Google/Chrome/NativeMessagingHosts"),
        ("darwin", "chromium", "Library/Application Support/Chromium/NativeMessagingHosts"),
        ("linux", "edge", ".config/microsoft-edge/NativeMessagingHosts"),
        ("linux", "brave", ".config/BraveSoftware/Brave-Browser/NativeMessagingHosts"),
        ("darwin", "edge", "Library/Application Support/Microsoft Edge/NativeMessagingHosts"),
        ("darwin", "brave", "Library/Application Support/BraveSoftware/Brave-Browser/NativeMessagingHosts"),
        ("linux", "vivaldi", ".config/vivaldi/NativeMessagingHosts"),
        ("darwin", "vivaldi", "Library/Application Support/Vivaldi/NativeMessagingHosts"),
    ],
)
def test_user_level_locations(platform: str, browser: str, expected: str) -> None:
    assert manifest_folder(browser, None, platform=platform, home=Path("/h")) == Path("/h") / expected


@pytest.mark.processes
def test_install_is_exact_idempotent_and_uninstalls(tmp_path: Path) -> None:
    profile = tmp_path / "profile"
    other_id = "b" * 32
    install = (
        "install",
        "--user-data-dir",
        str(profile),
        "--extension-id",
        HERMES_EXTENSION_ID,
        "--extension-id",
        other_id,
    )
    first = run_cli(*install, home=tmp_path / "home")
    assert first.returncode == 0, first.stderr
    folder = profile / "NativeMessagingHosts"
    manifest_file, launcher = folder / f"{HOST_NAME}.json", folder / "hermes-native-host"
    manifest = json.loads(manifest_file.read_text())
    assert manifest == {
        "name": HOST_NAME,
        "description": manifest["description"],
        "path": str(launcher),
        "type": "stdio",
        "allowed_origins": [f"chrome-extension://{HERMES_EXTENSION_ID}/", f"chrome-extension://{other_id}/"],
    }
    assert manifest_file.stat().st_mode & 0o777 == 0o644
    assert launcher.stat().st_mode & 0o777 == 0o700
    before = (manifest_file.read_bytes(), launcher.read_bytes())

    again = run_cli(*install, home=tmp_path / "home")
    assert again.returncode == 0
    assert (manifest_file.read_bytes(), launcher.read_bytes()) == before
    assert sorted(p.name for p in folder.iterdir()) == sorted([manifest_file.name, launcher.name])

    # The launcher really starts the host for an allowed origin, with the HERMES_HOME of install time.
    started = subprocess.run(
        [str(launcher), f"chrome-extension://{other_id}/"],
        env={"PATH": os.environ["PATH"]},
        input=frame({"type": "status", "id": 1}),
        capture_output=True,
        timeout=scaled(30),
    )
    (length,) = LENGTH.unpack(started.stdout[:4])
    assert json.loads(started.stdout[4 : 4 + length])["reply_to"] == 1
    assert (tmp_path / "home" / "logs" / "native-host.log").exists()

    removed = run_cli("install", "--user-data-dir", str(profile), "--uninstall", home=tmp_path / "home")
    assert removed.returncode == 0
    assert list(folder.iterdir()) == []


@pytest.mark.processes
def test_a_bad_extension_id_is_refused(tmp_path: Path) -> None:
    done = run_cli("install", "--user-data-dir", str(tmp_path), "--extension-id", "NOT-AN-ID", home=tmp_path / "home")
    assert done.returncode == 2 and "not a Chrome extension id" in done.stderr
    assert not (tmp_path / "NativeMessagingHosts").exists()


@pytest.mark.processes
@pytest.mark.skipif(sys.platform != "linux", reason="the per-user folder checked is Linux's")
def test_browser_picks_the_per_user_folder(tmp_path: Path) -> None:
    done = run_cli("install", "--browser", "chromium", home=tmp_path / "home", HOME=str(tmp_path))
    assert done.returncode == 0, done.stderr
    manifest = json.loads((tmp_path / ".config/chromium/NativeMessagingHosts" / f"{HOST_NAME}.json").read_text())
    assert manifest["allowed_origins"] == [f"chrome-extension://{HERMES_EXTENSION_ID}/"]
    assert not (tmp_path / ".config/google-chrome").exists()
    unknown = run_cli("install", "--browser", "netscape", home=tmp_path / "home", HOME=str(tmp_path))
    assert unknown.returncode == 2 and "invalid choice" in unknown.stderr


@pytest.mark.parametrize(
    ("platform", "folder"),
    [("linux", ".config/vivaldi"), ("darwin", "Library/Application Support/Vivaldi")],
)
def test_browser_vivaldi_installs_into_vivaldis_folder_and_uninstalls(
    platform: str, folder: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    environ = {"HERMES_HOME": str(tmp_path / "hermes")}
    assert main(["--browser", "vivaldi"], platform=platform, environ=environ) == 0
    hosts = tmp_path / folder / "NativeMessagingHosts"
    manifest = json.loads((hosts / f"{HOST_NAME}.json").read_text())
    assert manifest["path"] == str(hosts / "hermes-native-host")
    assert sorted(path.relative_to(tmp_path).as_posix() for path in tmp_path.rglob("*") if path.is_file()) == [
        f"{folder}/NativeMessagingHosts/{name}" for name in (f"{HOST_NAME}.json", "hermes-native-host")
    ]
    assert main(["--browser", "vivaldi", "--uninstall"], platform=platform, environ=environ) == 0
    assert list(hosts.iterdir()) == []


def test_native_hosts_dir_installs_into_exactly_that_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    hosts = tmp_path / "Some Browser" / "NativeMessagingHosts"
    assert main(["--native-hosts-dir", str(hosts)], environ={"HERMES_HOME": str(tmp_path / "hermes")}) == 0
    assert sorted(path.name for path in hosts.iterdir()) == [f"{HOST_NAME}.json", "hermes-native-host"]
    assert json.loads((hosts / f"{HOST_NAME}.json").read_text())["path"] == str(hosts / "hermes-native-host")
    assert not (tmp_path / "home").exists()  # no browser's own folder was touched
    assert main(["--native-hosts-dir", str(hosts), "--uninstall"]) == 0
    assert list(hosts.iterdir()) == []


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--browser", "netscape"], "argument --browser: invalid choice: 'netscape'"),
        (["--native-hosts-dir", "relative/NativeMessagingHosts"], "is not an absolute path"),
        (["--native-hosts-dir", "{file}"], "is a file, not a folder"),
        (["--native-hosts-dir", "/x", "--user-data-dir", "/y"], "not allowed with argument"),
    ],
)
def test_bad_input_is_a_clear_usage_error(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a_file = tmp_path / "NativeMessagingHosts"
    a_file.write_text("not a folder")
    with pytest.raises(SystemExit) as exited:
        main([argument.replace("{file}", str(a_file)) for argument in argv])
    assert exited.value.code == 2
    assert message in capsys.readouterr().err
    assert a_file.read_text() == "not a folder"

"""``doctor``'s native-host lines and ``setup``'s installs, per browser: on Windows against the fake registry
and disk (``tests/support/fake_windows.py``), on Linux and macOS in a temporary HOME.  In process, no browser."""

from __future__ import annotations

import json
import os
from pathlib import Path, PureWindowsPath

import pytest

from hermes_host.install import main as install
from hermes_server.agents.host_checks import Check, host_checks
from hermes_server.agents.setup import Machine, install_hosts
from hermes_wire.native import HERMES_EXTENSION_ID, HOST_NAME
from hermes_wire.windows_hosts import HKEY_LOCAL_MACHINE, KEY_WOW64_32KEY, REG_SZ
from tests.support.fake_windows import FakeDisk, FakeWinreg

LOCAL = PureWindowsPath("C:\\Users\\Zoë Ünal\\AppData\\Local")
PYTHON = PureWindowsPath("C:\\Users\\Zoë Ünal\\AppData\\Local\\Programs\\Python\\Python311\\python.exe")
MANIFEST = LOCAL / "Hermes" / f"{HOST_NAME}.json"
CHROME_KEY = f"Software\\Google\\Chrome\\NativeMessagingHosts\\{HOST_NAME}"
EDGE_KEY = f"Software\\Microsoft\\Edge\\NativeMessagingHosts\\{HOST_NAME}"
EDGE_PROFILE = LOCAL / "Microsoft" / "Edge" / "User Data"
VIVALDI_KEY = f"Software\\Vivaldi\\NativeMessagingHosts\\{HOST_NAME}"


class Windows:
    def __init__(self) -> None:
        self.registry = FakeWinreg()
        self.disk = FakeDisk()
        self.disk.write_text(PYTHON, "")
        self.environ = {"LOCALAPPDATA": str(LOCAL), "HERMES_HOME": "C:\\Users\\Zoë Ünal\\.hermes"}

    def install(self, *argv: str) -> int:
        return install(
            list(argv),
            platform="win32",
            environ=self.environ,
            registry=self.registry,
            files=self.disk,
            python=str(PYTHON),
        )

    def has_run(self, *profiles: str) -> None:
        for profile in profiles:
            self.disk.make_folder(LOCAL / profile / "User Data")

    def doctor(self) -> list[Check]:
        return list(host_checks(Path("/nowhere"), "win32", self.environ, registry=self.registry, files=self.disk))


def lines(checks: list[Check]) -> list[tuple[str, str]]:
    return [(check.status, check.what) for check in checks]


def test_windows_present_keys_are_ok_and_a_browser_found_without_its_key_is_missing() -> None:
    windows = Windows()
    windows.has_run("Google\\Chrome", "Microsoft\\Edge")
    assert windows.install("--browser", "chrome") == 0
    checks = windows.doctor()
    assert lines(checks) == [
        ("ok", f"native host for chrome: HKCU\\{CHROME_KEY} names {MANIFEST}"),
        ("warn", f"native host for edge: HKCU\\{EDGE_KEY} is missing (edge found: profile folder {EDGE_PROFILE})"),
        # Brave and Vivaldi have not been run, but Chrome's key, which they read as well, is there and sound.
        ("ok", f"native host for brave: HKCU\\{CHROME_KEY} names {MANIFEST}"),
        ("ok", f"native host for vivaldi: HKCU\\{CHROME_KEY} names {MANIFEST}"),
    ]
    assert checks[1].fix == "hermes-browser install-host --browser edge"


def test_windows_nothing_registered_is_one_warning() -> None:
    windows = Windows()
    assert lines(windows.doctor()) == [("warn", "native host: not registered for any browser")]


def test_windows_a_key_naming_a_missing_manifest_is_broken() -> None:
    windows = Windows()
    assert windows.install("--browser", "vivaldi") == 0
    assert windows.disk.remove(MANIFEST)
    failures = [check for check in windows.doctor() if check.status == "FAIL"]
    assert [check.what for check in failures if "for vivaldi" in check.what] == [
        f"native host for vivaldi: HKCU\\{VIVALDI_KEY} names {MANIFEST}: the manifest is missing",
        f"native host for vivaldi: HKCU\\{CHROME_KEY} names {MANIFEST}: the manifest is missing",
    ]
    assert {check.fix for check in failures} == {
        f"hermes-browser install-host --browser {b}" for b in ("chrome", "brave", "vivaldi")
    }


def test_windows_a_manifest_naming_a_missing_launcher_is_broken() -> None:
    windows = Windows()
    assert windows.install("--browser", "edge") == 0
    launcher = LOCAL / "Hermes" / "hermes-native-host.cmd"
    assert windows.disk.remove(launcher)
    (check,) = windows.doctor()
    assert (check.status, check.what) == (
        "FAIL",
        f"native host for edge: HKCU\\{EDGE_KEY} names {MANIFEST}: its launcher {launcher} is missing",
    )


def test_windows_a_manifest_for_another_extension_is_broken() -> None:
    windows = Windows()
    assert windows.install("--browser", "edge", "--extension-id", "b" * 32) == 0
    (check,) = windows.doctor()
    assert check.status == "FAIL"
    assert check.what.endswith(
        f"the manifest's allowed_origins does not name the Hermes extension (chrome-extension://{HERMES_EXTENSION_ID}/)"
    )


def test_windows_a_launcher_whose_python_is_gone_is_broken() -> None:
    windows = Windows()
    assert windows.install("--browser", "edge") == 0
    assert windows.disk.remove(PYTHON)
    (check,) = windows.doctor()
    assert check.status == "FAIL" and check.what.endswith(f"the Python its launcher runs ({PYTHON}) is missing")


def test_windows_a_machine_wide_key_in_the_32_bit_view_is_found_where_chrome_finds_it() -> None:
    windows = Windows()
    assert windows.install("--browser", "edge") == 0
    assert windows.install("--browser", "edge", "--uninstall") == 0
    windows.disk.write_text(MANIFEST, json.dumps({"name": HOST_NAME, "allowed_origins": [], "path": "x"}))
    handle = windows.registry.CreateKeyEx(HKEY_LOCAL_MACHINE, EDGE_KEY, 0, KEY_WOW64_32KEY | 0x2)
    windows.registry.SetValueEx(handle, "", 0, REG_SZ, str(MANIFEST))
    windows.registry.CloseKey(handle)
    (check,) = windows.doctor()
    assert check.status == "FAIL"
    assert check.what.startswith(f"native host for edge: HKLM\\{EDGE_KEY} (32-bit view) names {MANIFEST}: ")


def test_windows_setup_installs_for_each_browser_found_and_a_second_run_changes_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    windows = Windows()
    windows.has_run("Google\\Chrome", "Vivaldi")
    machine = Machine(Path("/nowhere"), "win32", windows.environ, windows.registry, windows.disk)

    def run_installer(argv: list[str]) -> tuple[int, str]:
        return windows.install(*argv), ""

    assert install_hosts(machine, run_installer) == 0
    printed = capsys.readouterr().out
    assert f"native host for chrome: installed {MANIFEST}" in printed
    assert f"native host for vivaldi: installed {MANIFEST}" in printed  # its own key is new, the files were not
    assert [check.status for check in windows.doctor()] == ["ok"] * 4  # chrome, brave (Chrome's key), vivaldi x2
    before = (dict(windows.disk.files), windows.registry.keys(HKEY_LOCAL_MACHINE), windows.registry.keys(0x80000001))
    assert install_hosts(machine, run_installer) == 0
    assert capsys.readouterr().out.count("(unchanged)") == 2
    after = (dict(windows.disk.files), windows.registry.keys(HKEY_LOCAL_MACHINE), windows.registry.keys(0x80000001))
    assert after == before


# ----- Linux and macOS ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("platform", "folder"),
    [("linux", ".config/vivaldi"), ("darwin", "Library/Application Support/Vivaldi")],
)
def test_vivaldi_found_by_its_profile_folder_is_listed_then_ok_once_installed(
    platform: str, folder: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / folder).mkdir(parents=True)
    empty_path = str(tmp_path / "no-bin")
    checks = lines(list(host_checks(tmp_path, platform, {"PATH": empty_path})))
    assert checks[0] == (
        "warn",
        f"native host for vivaldi: not installed (vivaldi found: profile folder {tmp_path / folder})",
    )
    monkeypatch.setenv("HOME", str(tmp_path))
    assert install(["--browser", "vivaldi"], platform=platform, environ={"HERMES_HOME": str(tmp_path / "h")}) == 0
    manifest = tmp_path / folder / "NativeMessagingHosts" / f"{HOST_NAME}.json"
    assert lines(list(host_checks(tmp_path, platform, {"PATH": empty_path}))) == [
        ("ok", f"native host for vivaldi: {manifest}")
    ]


def test_a_browser_whose_command_is_on_path_is_listed_before_it_has_a_profile(tmp_path: Path) -> None:
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir()
    for command in ("vivaldi-stable", "microsoft-edge"):
        (bin_folder / command).write_text("#!/bin/sh\n")
        os.chmod(bin_folder / command, 0o755)
    (bin_folder / "brave-browser").write_text("not executable")
    checks = lines(list(host_checks(tmp_path / "home", "linux", {"PATH": str(bin_folder)})))
    assert checks == [
        ("warn", "native host for edge: not installed (edge found: microsoft-edge on PATH)"),
        ("warn", "native host for vivaldi: not installed (vivaldi found: vivaldi-stable on PATH)"),
        ("warn", "native host: not installed for any browser's default profile"),
    ]

"""``python -m hermes_host install`` on Windows, run here on Linux: the files it writes (checked on
``PureWindowsPath``), the registry keys it writes (against ``FakeWinreg``) and the launcher's text, read back
by cmd.exe's parsing rules (``tests/support/cmd_batch.py``).  No real Windows or Chrome is involved: see
docs/native-messaging.md#windows for what that leaves unchecked."""

from __future__ import annotations

import json
from pathlib import PureWindowsPath

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hermes_host.install import main
from hermes_host.install_windows import MAX_PATH, WindowsInstallError, batch_word, launcher_text
from hermes_wire.native import HERMES_EXTENSION_ID, HOST_NAME
from hermes_wire.windows_hosts import (
    HKEY_CURRENT_USER,
    HKEY_LOCAL_MACHINE,
    KEY_WOW64_32KEY,
    KEY_WOW64_64KEY,
    default_value,
)
from tests.support.cmd_batch import BatchError, chrome_command, cmd_runs, run_launcher, split_words
from tests.support.fake_windows import FakeDisk, FakeWinreg

USER = "C:\\Users\\Jürgen Müller & 100%^!"
LOCAL_APP_DATA = f"{USER}\\AppData\\Local"
PYTHON = "C:\\Program Files (x86)\\Python 3.11\\python.exe"
ORIGIN = f"chrome-extension://{HERMES_EXTENSION_ID}/"
CHROME_KEY = f"Software\\Google\\Chrome\\NativeMessagingHosts\\{HOST_NAME}"


class Windows:
    """One Windows user's machine: registry, disk and environment, and ``install`` run on them."""

    def __init__(self, local_app_data: str = LOCAL_APP_DATA, hermes_home: str = f"{USER}\\.hermes") -> None:
        self.registry = FakeWinreg()
        self.disk = FakeDisk()
        self.environ = {"LOCALAPPDATA": local_app_data, "HERMES_HOME": hermes_home, "USERPROFILE": USER}
        self.folder = PureWindowsPath(local_app_data) / "Hermes"

    def install(self, *argv: str) -> int:
        return main(
            ["--browser", *argv] if argv and not argv[0].startswith("-") else list(argv),
            platform="win32",
            environ=self.environ,
            registry=self.registry,
            files=self.disk,
            python=PYTHON,
        )

    def value(self, key: str, hive: int = HKEY_CURRENT_USER, view: int = KEY_WOW64_64KEY) -> str | None:
        return default_value(self.registry, hive, key, view)


@pytest.mark.parametrize(
    ("browser", "keys"),
    [
        ("chrome", [CHROME_KEY]),
        ("chromium", [f"Software\\Chromium\\NativeMessagingHosts\\{HOST_NAME}"]),
        ("edge", [f"Software\\Microsoft\\Edge\\NativeMessagingHosts\\{HOST_NAME}"]),
        ("brave", [f"Software\\BraveSoftware\\Brave-Browser\\NativeMessagingHosts\\{HOST_NAME}", CHROME_KEY]),
        ("vivaldi", [f"Software\\Vivaldi\\NativeMessagingHosts\\{HOST_NAME}", CHROME_KEY]),
    ],
)
def test_install_writes_the_files_and_the_browsers_keys_in_hkcu_only(
    browser: str, keys: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    windows = Windows()
    assert windows.install(browser) == 0
    manifest_path = windows.folder / f"{HOST_NAME}.json"
    launcher_path = windows.folder / "hermes-native-host.cmd"
    assert windows.disk.paths() == sorted([manifest_path, launcher_path])
    assert json.loads(windows.disk.read_text(manifest_path) or "") == {
        "name": HOST_NAME,
        "description": "Hermes browser control: lets your Hermes agent work on the tab in front of you",
        "path": str(launcher_path),
        "type": "stdio",
        "allowed_origins": [ORIGIN],
    }
    host_keys = [key for key in windows.registry.keys(HKEY_CURRENT_USER) if key.endswith(HOST_NAME)]
    assert sorted(host_keys) == sorted(keys)
    for key in keys:
        # The same value whichever view reads it (HKCU\Software is shared), in any letter case.
        assert windows.value(key) == windows.value(key.upper(), view=KEY_WOW64_32KEY) == str(manifest_path)
    assert windows.registry.keys(HKEY_LOCAL_MACHINE) == ["Software"]
    assert windows.registry.open_handles == 0
    printed = capsys.readouterr().out
    assert all(f"registry key HKCU\\{key}" in printed for key in keys)

    before = (dict(windows.disk.files), windows.registry.keys(HKEY_CURRENT_USER))
    assert windows.install(browser) == 0  # again: the same files and keys, nothing added
    assert (dict(windows.disk.files), windows.registry.keys(HKEY_CURRENT_USER)) == before


def test_the_launcher_read_by_cmd_rules_sets_the_home_and_origins_and_starts_the_pinned_python() -> None:
    windows = Windows()
    assert windows.install("--browser", "edge", "--extension-id", HERMES_EXTENSION_ID, "--extension-id", "b" * 32) == 0
    text = windows.disk.read_text(windows.folder / "hermes-native-host.cmd") or ""
    origins = f"{ORIGIN},chrome-extension://{'b' * 32}/"
    assert text.split("\r\n") == [
        "@echo off",
        "chcp 65001 >nul",
        "rem Written by python -m hermes_host install: starts the Hermes native host for Chrome.",
        "setlocal DisableDelayedExpansion",
        'set "HERMES_HOME=C:\\Users\\Jürgen Müller & 100%%^!\\.hermes"',
        f'set "HERMES_EXTENSION_ORIGINS={origins}"',
        '"C:\\Program Files (x86)\\Python 3.11\\python.exe" -m hermes_host %*',
        "",
    ]
    # Chrome runs it with the caller's origin and its window handle (LaunchNativeHostViaCmd).
    run = run_launcher(text, {"HERMES_HOME": "C:\\elsewhere", "PATH": "C:\\Windows"}, [ORIGIN, "--parent-window=0"])
    assert run.variables["HERMES_HOME"] == f"{USER}\\.hermes"
    assert run.variables["HERMES_EXTENSION_ORIGINS"] == origins
    assert (run.program, run.arguments) == (PYTHON, ["-m", "hermes_host", ORIGIN, "--parent-window=0"])
    # The non-ASCII name is read in UTF-8: the code page switches before the first line that is not ASCII.
    assert run.code_page == 65001
    lines = text.split("\r\n")
    assert all(line.isascii() for line in lines[: lines.index("chcp 65001 >nul")])
    assert "\ufeff" not in text


def test_an_ascii_launcher_keeps_the_console_code_page() -> None:
    text = launcher_text(PureWindowsPath("C:\\Python311\\python.exe"), PureWindowsPath("C:\\Users\\ann\\.hermes"), [])
    assert "chcp" not in text
    assert run_launcher(text, {}, [ORIGIN]).code_page is None


WINDOWS_NAME_CHARACTERS = st.characters(
    min_codepoint=32, exclude_characters='"<>|?*\x7f', exclude_categories=("Cs",)
)  # what a Windows file name may hold, ':' and '\\' aside (they separate)
NAME = st.text(WINDOWS_NAME_CHARACTERS.filter(lambda c: c not in ":\\/"), min_size=1, max_size=30).filter(
    lambda name: name.strip(" .") == name
)


@settings(deadline=None)  # each example writes files and keys: slow on a loaded machine
@given(st.lists(NAME, min_size=1, max_size=6), st.lists(NAME, min_size=1, max_size=6))
def test_any_windows_paths_come_back_from_the_launcher_exactly(home_parts: list[str], python_parts: list[str]) -> None:
    home = PureWindowsPath("C:\\", *home_parts)
    python = PureWindowsPath("D:\\", *python_parts, "python.exe")
    run = run_launcher(launcher_text(python, home, [ORIGIN]), {"USERNAME": "x", "A": "y"}, [ORIGIN])
    assert run.variables["HERMES_HOME"] == str(home)
    assert run.program == str(python)
    assert run.arguments == ["-m", "hermes_host", ORIGIN]


@settings(deadline=None)  # each example writes files and keys: slow on a loaded machine
@given(st.text(st.characters(exclude_characters='"\x7f', min_codepoint=32, exclude_categories=("Cs",))))
def test_a_batch_word_is_one_word_whatever_it_holds(text: str) -> None:
    assert split_words(f"set {batch_word(text)}") == ["set", batch_word(text)]
    assert (
        run_launcher(f'@echo off\r\nset {batch_word("X=" + text)}\r\n"C:\\p.exe"\r\n', {"X": "-"}, []).variables["X"]
        == text
    )


@pytest.mark.parametrize("text", ['C:\\a"b', "C:\\a\r\nb", "C:\\a\x00b", "C:\\a\x1b"])
def test_what_cmd_cannot_quote_is_refused(text: str) -> None:
    with pytest.raises(WindowsInstallError, match=r"cmd\.exe cannot quote it"):
        batch_word(text)


@settings(deadline=None)  # each example writes files and keys: slow on a loaded machine
@given(st.lists(NAME, min_size=1, max_size=6).filter(lambda parts: "".join(parts).count("%") <= 1))
def test_chromes_command_line_starts_the_launcher_wherever_it_is(parts: list[str]) -> None:
    """Chrome starts the launcher as ``%COMSPEC% /d /s /c "<launcher> <origin> --parent-window=N"``: whatever
    the folder, cmd.exe must find the launcher's whole path in it, and the two arguments after it."""
    windows = Windows(local_app_data=str(PureWindowsPath("C:\\", *parts)))
    assert windows.install("chrome") == 0
    launcher = str(windows.folder / "hermes-native-host.cmd")
    command = chrome_command(launcher, [ORIGIN, "--parent-window=0"])
    assert cmd_runs(command, {"USERNAME": "ann", "A": "b", "PATH": "C:\\Windows"}) == [
        launcher,
        ORIGIN,
        "--parent-window=0",
    ]


def test_a_folder_with_two_percent_signs_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """cmd.exe would replace ``%USERNAME%`` in Chrome's command line: such a launcher could never start."""
    local = "C:\\Users\\a%USERNAME%b\\AppData\\Local"
    launcher = f"{local}\\Hermes\\hermes-native-host.cmd"
    assert cmd_runs(chrome_command(launcher, [ORIGIN]), {"USERNAME": "ann"})[0] != launcher
    windows = Windows(local_app_data=local)
    assert windows.install("chrome") == 1
    assert "holds two '%'" in capsys.readouterr().err
    assert windows.disk.paths() == []


def test_the_emulated_rules_catch_an_unquoted_or_undoubled_path() -> None:
    """The checks above can fail: the same paths written naively break under cmd.exe's rules."""
    with pytest.raises(BatchError, match="'&' outside quotes"):
        run_launcher('set HERMES_HOME=C:\\A & B\r\n"C:\\p.exe"\r\n', {}, [])
    naive = run_launcher('set "X=C:\\100%USERNAME%"\r\n"C:\\p.exe"\r\n', {"USERNAME": "ann"}, [])
    assert naive.variables["X"] == "C:\\100ann"


def test_uninstall_removes_the_browsers_keys_and_the_files_once_no_key_names_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    windows = Windows()
    assert windows.install("edge") == 0 and windows.install("vivaldi") == 0
    capsys.readouterr()
    assert windows.install("--browser", "vivaldi", "--uninstall") == 0
    printed = capsys.readouterr().out
    assert f"HKCU\\{CHROME_KEY} (also used by chrome, brave)" in printed
    assert windows.value(CHROME_KEY) is None
    assert windows.value(f"Software\\Vivaldi\\NativeMessagingHosts\\{HOST_NAME}") is None
    assert len(windows.disk.paths()) == 2  # Edge's key still names the manifest
    assert windows.install("--browser", "edge", "--uninstall") == 0
    assert windows.disk.paths() == []
    assert not [key for key in windows.registry.keys(HKEY_CURRENT_USER) if key.endswith(HOST_NAME)]
    # The vendors' NativeMessagingHosts keys stay: other hosts live there.
    assert "Software\\Microsoft\\Edge\\NativeMessagingHosts" in windows.registry.keys(HKEY_CURRENT_USER)
    assert windows.install("--browser", "edge", "--uninstall") == 0
    assert "Nothing installed for edge." in capsys.readouterr().out


def test_a_launcher_path_beyond_max_path_is_refused_before_anything_is_written(
    capsys: pytest.CaptureFixture[str],
) -> None:
    tail = "\\Hermes\\hermes-native-host.cmd"
    fits = "C:\\" + "a" * (MAX_PATH - 1 - len("C:\\") - len(tail))
    windows = Windows(local_app_data=fits)
    assert windows.install("chrome") == 0
    assert len(str(windows.folder / "hermes-native-host.cmd")) == MAX_PATH - 1
    too_long = Windows(local_app_data=fits + "a")
    assert too_long.install("chrome") == 1
    assert "cmd.exe cannot run a batch file whose path has 260 or more" in capsys.readouterr().err
    assert too_long.disk.paths() == [] and too_long.value(CHROME_KEY) is None


@pytest.mark.parametrize(
    ("environ", "message"),
    [
        ({"HERMES_HOME": "C:\\h"}, "LOCALAPPDATA is not set"),
        ({"LOCALAPPDATA": "AppData\\Local", "HERMES_HOME": "C:\\h"}, "is not an absolute Windows path"),
        ({"LOCALAPPDATA": "C:\\L", "HERMES_HOME": ".hermes"}, "HERMES_HOME '.hermes' is not an absolute"),
    ],
)
def test_an_unusable_environment_is_a_clear_error(
    environ: dict[str, str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    windows = Windows()
    windows.environ = environ
    assert windows.install("chrome") == 1
    assert message in capsys.readouterr().err
    assert windows.disk.paths() == []


@pytest.mark.parametrize("option", ["--user-data-dir", "--native-hosts-dir"])
def test_folder_options_are_refused_on_windows(option: str, capsys: pytest.CaptureFixture[str]) -> None:
    windows = Windows()
    with pytest.raises(SystemExit) as exited:
        windows.install(option, "C:\\Profile")
    assert exited.value.code == 2
    assert "on Windows browsers find the host through the registry" in capsys.readouterr().err
    assert windows.disk.paths() == []

"""The fake registry behaves as ``winreg`` does on a 64-bit Windows, in what the installer and ``doctor`` rely on.

(The installer's tests are only as good as this fake: each behaviour below is one a wrong installer or
``doctor`` would trip over on a real Windows.)
"""

from __future__ import annotations

import pytest

from hermes_wire.windows_hosts import (
    HKEY_CURRENT_USER,
    HKEY_LOCAL_MACHINE,
    KEY_QUERY_VALUE,
    KEY_WOW64_32KEY,
    KEY_WOW64_64KEY,
    REG_SZ,
    default_value,
    delete_key,
    find_registration,
    set_default_value,
)
from tests.support.fake_windows import FakeWinreg

HOSTS = "Software\\Google\\Chrome\\NativeMessagingHosts"
KEY = f"{HOSTS}\\com.hermes.browser_control"


def test_keys_and_value_names_are_case_insensitive_and_keep_their_first_case() -> None:
    registry = FakeWinreg()
    handle = registry.CreateKeyEx(HKEY_CURRENT_USER, KEY)
    registry.SetValueEx(handle, "Path", 0, REG_SZ, "one")
    registry.SetValueEx(handle, "PATH", 0, REG_SZ, "two")
    registry.CloseKey(handle)
    again = registry.OpenKey(HKEY_CURRENT_USER, KEY.upper())
    assert registry.QueryValueEx(again, "path") == ("two", REG_SZ)
    registry.CloseKey(again)
    assert KEY in registry.keys(HKEY_CURRENT_USER)
    assert registry.open_handles == 0


def test_the_default_value_is_the_empty_name_and_a_new_key_has_none() -> None:
    registry = FakeWinreg()
    handle = registry.CreateKeyEx(HKEY_CURRENT_USER, KEY)
    with pytest.raises(FileNotFoundError):
        registry.QueryValueEx(handle, "")
    registry.SetValueEx(handle, None, 0, REG_SZ, "C:\\m.json")  # None names the default value too
    assert registry.QueryValueEx(handle, "") == ("C:\\m.json", REG_SZ)
    registry.CloseKey(handle)
    assert default_value(registry, HKEY_CURRENT_USER, HOSTS) is None  # the parent was created with no value


def test_missing_keys_raise_file_not_found() -> None:
    registry = FakeWinreg()
    with pytest.raises(FileNotFoundError):
        registry.OpenKey(HKEY_CURRENT_USER, KEY)
    with pytest.raises(FileNotFoundError):
        registry.DeleteKeyEx(HKEY_CURRENT_USER, KEY)
    assert default_value(registry, HKEY_CURRENT_USER, KEY) is None
    assert delete_key(registry, HKEY_CURRENT_USER, KEY) is False


def test_hkcu_and_hklm_are_separate() -> None:
    registry = FakeWinreg()
    set_default_value(registry, HKEY_CURRENT_USER, KEY, "user")
    assert default_value(registry, HKEY_LOCAL_MACHINE, KEY) is None
    set_default_value(registry, HKEY_LOCAL_MACHINE, KEY, "machine")
    assert default_value(registry, HKEY_CURRENT_USER, KEY) == "user"


def test_hklm_software_is_redirected_in_the_32_bit_view_and_hkcu_software_is_shared() -> None:
    registry = FakeWinreg()
    handle = registry.CreateKeyEx(HKEY_LOCAL_MACHINE, KEY, 0, KEY_WOW64_32KEY)
    registry.SetValueEx(handle, "", 0, REG_SZ, "32")
    registry.CloseKey(handle)
    assert KEY.replace("Software\\", "Software\\WOW6432Node\\", 1) in registry.keys(HKEY_LOCAL_MACHINE)
    assert default_value(registry, HKEY_LOCAL_MACHINE, KEY, KEY_WOW64_32KEY) == "32"
    assert default_value(registry, HKEY_LOCAL_MACHINE, KEY, KEY_WOW64_64KEY) is None
    # A 32-bit process opens the 32-bit view when it names none; a 64-bit one the 64-bit view.
    thirty_two = FakeWinreg(process_bits=32)
    thirty_two.nodes = registry.nodes
    assert thirty_two.QueryValueEx(thirty_two.OpenKey(HKEY_LOCAL_MACHINE, KEY, 0, KEY_QUERY_VALUE), "")[0] == "32"
    with pytest.raises(FileNotFoundError):
        registry.OpenKey(HKEY_LOCAL_MACHINE, KEY, 0, KEY_QUERY_VALUE)

    set_default_value(registry, HKEY_CURRENT_USER, KEY, "user")
    views = [default_value(registry, HKEY_CURRENT_USER, KEY, view) for view in (KEY_WOW64_32KEY, KEY_WOW64_64KEY)]
    assert views == ["user", "user"]


def test_a_key_with_subkeys_is_not_deleted() -> None:
    registry = FakeWinreg()
    set_default_value(registry, HKEY_CURRENT_USER, KEY, "m")
    with pytest.raises(PermissionError):
        registry.DeleteKeyEx(HKEY_CURRENT_USER, HOSTS)
    assert default_value(registry, HKEY_CURRENT_USER, KEY) == "m"
    registry.DeleteKey(HKEY_CURRENT_USER, KEY)
    registry.DeleteKey(HKEY_CURRENT_USER, HOSTS)
    assert HOSTS not in registry.keys(HKEY_CURRENT_USER)


def test_registrations_are_found_in_chromes_order() -> None:
    """HKCU before HKLM; in each, the 32-bit view before the 64-bit one (``FindManifest`` in Chromium)."""
    registry = FakeWinreg()
    assert find_registration(registry, HOSTS) is None
    for view, value in ((KEY_WOW64_64KEY, "hklm-64"), (KEY_WOW64_32KEY, "hklm-32")):
        handle = registry.CreateKeyEx(HKEY_LOCAL_MACHINE, KEY, 0, view)
        registry.SetValueEx(handle, "", 0, REG_SZ, value)
        registry.CloseKey(handle)
    found = find_registration(registry, HOSTS)
    assert found is not None and (found.manifest_path, found.where()) == ("hklm-32", f"HKLM\\{KEY} (32-bit view)")
    set_default_value(registry, HKEY_CURRENT_USER, KEY, "user")
    found = find_registration(registry, HOSTS)
    assert found is not None and found.manifest_path == "user" and found.where().startswith("HKCU\\")

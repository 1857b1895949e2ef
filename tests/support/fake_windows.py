"""A registry and a disk in memory, as Python's ``winreg`` and NTFS behave on a 64-bit Windows, for tests anywhere.

What the registry keeps of the real thing, because the installer and ``doctor`` depend on it:

* key and value names are case-insensitive (the case first written is kept for display);
* a key's default value is the value named ``""`` (or None), and a new key has none;
* ``HKEY_CURRENT_USER`` and ``HKEY_LOCAL_MACHINE`` are separate trees;
* the 32-bit registry view (``KEY_WOW64_32KEY``) of ``HKLM\\Software`` is redirected to
  ``HKLM\\Software\\WOW6432Node``, while ``HKCU\\Software`` is shared by both views; without a view flag a
  key opens in the view of the process (``process_bits``, 64 by default);
* opening a key, or reading a value, that does not exist raises ``FileNotFoundError`` (Windows error 2);
* ``DeleteKey``/``DeleteKeyEx`` delete one key and refuse one that has subkeys with ``PermissionError``
  (Windows error 5, access denied), as ``RegDeleteKeyEx`` does; they never delete a tree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import PureWindowsPath

from hermes_wire.windows_hosts import HKEY_CURRENT_USER, HKEY_LOCAL_MACHINE, KEY_WOW64_32KEY, KEY_WOW64_64KEY

Path = tuple[str, ...]


def _not_found() -> FileNotFoundError:
    return FileNotFoundError(2, "The system cannot find the file specified")


@dataclass
class FakeKey:
    """An open handle: the hive and the physical (already redirected) path of the key."""

    hive: int
    path: Path
    closed: bool = False


@dataclass
class _Node:
    name: str
    values: dict[str, tuple[str, object, int]] = field(default_factory=dict)  # lowercased name -> (name, data, type)


class FakeWinreg:
    """The ``winreg`` functions of ``hermes_wire.windows_hosts.WinregApi``, on a registry in memory."""

    def __init__(self, process_bits: int = 64) -> None:
        self.process_bits = process_bits
        self.nodes: dict[tuple[int, Path], _Node] = {}
        for hive in (HKEY_CURRENT_USER, HKEY_LOCAL_MACHINE):
            self.nodes[(hive, ())] = _Node("")
            self.nodes[(hive, ("software",))] = _Node("Software")
        self.open_handles = 0

    # ----- paths ------------------------------------------------------------------------------------

    def _physical(self, key: FakeKey | int, sub_key: str | None, access: int) -> tuple[int, Path, list[str]]:
        """The hive, the lowercased physical path and the names as written, of ``sub_key`` under ``key``."""
        names = [name for name in (sub_key or "").split("\\") if name]
        if isinstance(key, FakeKey):
            if key.closed:
                raise OSError(6, "The handle is invalid")
            return key.hive, key.path + tuple(name.lower() for name in names), names
        lowered = [name.lower() for name in names]
        view = access & (KEY_WOW64_32KEY | KEY_WOW64_64KEY)
        thirty_two_bit = view == KEY_WOW64_32KEY or (view == 0 and self.process_bits == 32)
        redirected = key == HKEY_LOCAL_MACHINE and lowered[:1] == ["software"] and lowered[1:2] != ["wow6432node"]
        if thirty_two_bit and redirected:
            names = [names[0], "WOW6432Node", *names[1:]]
            lowered = [lowered[0], "wow6432node", *lowered[1:]]
        return key, tuple(lowered), names

    def _open(self, hive: int, path: Path) -> FakeKey:
        if (hive, path) not in self.nodes:
            raise _not_found()
        self.open_handles += 1
        return FakeKey(hive, path)

    # ----- the winreg functions ---------------------------------------------------------------------

    def CreateKeyEx(self, key: FakeKey | int, sub_key: str, reserved: int = 0, access: int = 0x20006) -> FakeKey:
        hive, path, names = self._physical(key, sub_key, access)
        if (hive, ()) not in self.nodes:
            raise _not_found()
        prefix = len(path) - len(names)
        for depth in range(prefix + 1, len(path) + 1):
            self.nodes.setdefault((hive, path[:depth]), _Node(names[depth - prefix - 1]))
        return self._open(hive, path)

    def CreateKey(self, key: FakeKey | int, sub_key: str) -> FakeKey:
        return self.CreateKeyEx(key, sub_key)

    def OpenKey(self, key: FakeKey | int, sub_key: str, reserved: int = 0, access: int = 0x20019) -> FakeKey:
        hive, path, _ = self._physical(key, sub_key, access)
        return self._open(hive, path)

    def SetValueEx(self, key: FakeKey, value_name: str | None, reserved: object, type: int, value: object) -> None:
        node = self.nodes.get((key.hive, key.path))
        if node is None or key.closed:
            raise _not_found()
        name = value_name or ""
        node.values[name.lower()] = (name, value, type)

    def QueryValueEx(self, key: FakeKey, name: str | None) -> tuple[object, int]:
        node = self.nodes.get((key.hive, key.path))
        if node is None or key.closed:
            raise _not_found()
        try:
            _, data, kind = node.values[(name or "").lower()]
        except KeyError:
            raise _not_found() from None
        return data, kind

    def DeleteKeyEx(self, key: FakeKey | int, sub_key: str, access: int = KEY_WOW64_64KEY, reserved: int = 0) -> None:
        hive, path, _ = self._physical(key, sub_key, access)
        if (hive, path) not in self.nodes or not path:
            raise _not_found()
        if any(other_hive == hive and other[: len(path)] == path and other != path for other_hive, other in self.nodes):
            raise PermissionError(5, "Access is denied")
        del self.nodes[(hive, path)]

    def DeleteKey(self, key: FakeKey | int, sub_key: str) -> None:
        self.DeleteKeyEx(key, sub_key, 0)

    def CloseKey(self, hkey: FakeKey) -> None:
        if not hkey.closed:
            hkey.closed = True
            self.open_handles -= 1

    # ----- for the tests' own eyes ------------------------------------------------------------------

    def keys(self, hive: int) -> list[str]:
        """Every key of ``hive``, as written (the names' first-written case), sorted."""
        return sorted(self._display(hive, path) for node_hive, path in self.nodes if node_hive == hive and path)

    def _display(self, hive: int, path: Path) -> str:
        return "\\".join(self.nodes[(hive, path[:depth])].name for depth in range(1, len(path) + 1))


class FakeDisk:
    """``WindowsFiles`` in memory: file names are case-insensitive, as on NTFS."""

    def __init__(self) -> None:
        self.files: dict[str, tuple[PureWindowsPath, str]] = {}
        self.folders: set[str] = set()

    @staticmethod
    def _name(path: PureWindowsPath) -> str:
        return str(path).lower()

    def read_text(self, path: PureWindowsPath) -> str | None:
        found = self.files.get(self._name(path))
        return None if found is None else found[1]

    def write_text(self, path: PureWindowsPath, text: str) -> None:
        self.files[self._name(path)] = (path, text)

    def remove(self, path: PureWindowsPath) -> bool:
        return self.files.pop(self._name(path), None) is not None

    def is_file(self, path: PureWindowsPath) -> bool:
        return self._name(path) in self.files

    def is_dir(self, path: PureWindowsPath) -> bool:
        name = self._name(path)
        return name in self.folders or any(other.startswith(name + "\\") for other in self.files)

    def make_folder(self, path: PureWindowsPath) -> None:
        self.folders.add(self._name(path))

    def paths(self) -> list[PureWindowsPath]:
        return sorted(path for path, _ in self.files.values())

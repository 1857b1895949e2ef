"""The packages lean only the way the layout says: a test reads every import in ``server/``, ``host/`` and ``wire/``.

* ``hermes_wire`` (the contract) and ``hermes_extension`` (the extension's files) import nothing of ours;
* the host imports the wire, never the server; the server imports the wire and the extension's files,
  never the host;
* inside the server, the cdp lane does not reach into the extension lane;
* the protocol cores have no I/O: they import no socket, process, file or event-loop module, so
  their tests are messages in and effects out;
* product code never imports the test harness.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

CHECKOUT = Path(__file__).resolve().parents[1]
#: Each package of ours and the top-level folder that holds it.
PACKAGE_ROOTS = {
    "hermes_wire": CHECKOUT / "wire",
    "hermes_extension": CHECKOUT / "wire",
    "hermes_server": CHECKOUT / "server",
    "hermes_host": CHECKOUT / "host",
}
OURS = ("hermes_wire", "hermes_server", "hermes_host", "hermes_extension", "tests")

ALLOWED: dict[str, set[str]] = {
    "hermes_wire": {"hermes_wire"},
    "hermes_extension": {"hermes_extension"},
    "hermes_host": {"hermes_host", "hermes_wire"},
    "hermes_server": {"hermes_server", "hermes_wire", "hermes_extension"},
}
#: Server sub-packages that must not import each other, as (importer, imported).
FORBIDDEN_INSIDE_SERVER = {
    ("hermes_server.cdp", "hermes_server.extension_lane"),
    ("hermes_server.routing", "hermes_server.cdp"),
    ("hermes_server.routing", "hermes_server.extension_lane"),
    ("hermes_server.routing", "hermes_server.agents"),
}


def root_of(path: Path) -> Path:
    return next(root for root in PACKAGE_ROOTS.values() if path.is_relative_to(root))


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(root_of(path)).with_suffix("").parts)


#: The protocol logic kept free of I/O, and the modules that would bring I/O (or a hidden clock) into it.
NO_IO_MODULES = (
    "hermes_server.extension_lane.broker",
    "hermes_server.pairing.book",
    "hermes_server.routing.sessions",
    "hermes_server.routing.outcome",
    "hermes_host.routing",
    "hermes_host.actions",
    *(
        f"hermes_server.cdp.{name}"
        for name in ("state", "dialogs", "frames", "targets", "navigation", "worlds", "console", "events", "bridge")
    ),
)
IO_MODULES = (
    "asyncio",
    "aiohttp",
    "websockets",
    "socket",
    "subprocess",
    "os",
    "time",
    "pathlib",
    "hermes_server.cdp.connection",
    "hermes_server.cdp.supervisor",
    "hermes_host.relay",
)


def imports_of(source: str, module: str, *, is_package: bool = False) -> set[str]:
    """Every module that ``module``'s ``source`` imports (relative imports resolved), at any depth."""
    package = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                found.add(".".join([*base, node.module] if node.module else base))
            else:
                found.add(node.module or "")
    return found


SOURCES = sorted({path for root in PACKAGE_ROOTS.values() for path in root.rglob("*.py")})


def test_the_source_tree_has_all_four_packages_and_nothing_else() -> None:
    assert {module_name(path).split(".")[0] for path in SOURCES} == set(ALLOWED)
    for package, root in PACKAGE_ROOTS.items():
        assert (root / package / "__init__.py").is_file(), f"{package} belongs in {root.name}/"


def test_the_extension_folder_holds_no_python() -> None:
    """Chrome refuses to load unpacked a folder holding names that begin with ``_`` (``__init__.py``, caches)."""
    extension = CHECKOUT / "extension"
    assert (extension / "manifest.json").is_file()
    assert not [path for path in extension.rglob("*") if path.name.startswith("_") or path.suffix == ".py"]


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: str(path.relative_to(CHECKOUT)))
def test_imports_follow_the_layers(path: Path) -> None:
    module = module_name(path)
    top = module.split(".")[0]
    imported = imports_of(path.read_text(encoding="utf-8"), module, is_package=path.name == "__init__.py")
    ours = {name for name in imported if name.split(".")[0] in OURS}
    assert {name.split(".")[0] for name in ours} <= ALLOWED[top], f"{module} imports {sorted(ours)}"
    for importer, imported in FORBIDDEN_INSIDE_SERVER:
        if module.startswith(importer):
            assert not [name for name in ours if name.startswith(imported)], f"{module} imports {imported}"


def test_the_import_reader_sees_relative_and_nested_imports() -> None:
    """The check above can only fail if the reader finds imports in every form they are written in."""
    source = "def f():\n    from ..extension_lane import broker\n    from . import tools\n    import hermes_host.relay"
    assert imports_of(source, "hermes_server.cdp.lane") == {
        "hermes_server.extension_lane",
        "hermes_server.cdp",
        "hermes_host.relay",
    }
    assert imports_of("from . import tools", "hermes_server.cdp", is_package=True) == {"hermes_server.cdp"}


@pytest.mark.parametrize("module", NO_IO_MODULES)
def test_protocol_cores_import_no_io(module: str) -> None:
    path = PACKAGE_ROOTS[module.split(".")[0]].joinpath(*module.split(".")).with_suffix(".py")
    imported = imports_of(path.read_text(encoding="utf-8"), module)
    assert not [name for name in imported if name.split(".")[0] in IO_MODULES or name in IO_MODULES], module

"""Configuration: strict keys, literal booleans, a mandatory long API key, and the key file."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from hermes_server.config import ServerConfig, load_config, write_new_key
from hermes_server.errors import ConfigError

KEY = "k" * 32


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.yaml"
    path.write_text(text)
    return path


def test_defaults_and_a_full_file(tmp_path: Path) -> None:
    home = {"HERMES_HOME": str(tmp_path)}
    assert load_config(None, {"HERMES_API_KEY": KEY} | home) == ServerConfig(api_key=KEY, home=tmp_path)
    path = write(tmp_path, f"""
api_server:
  key: {KEY}
  host: 127.0.0.1
  port: 9000
browser:
  command_timeout_s: 12.5
  extension_control:
    enabled: true
    allowed_origins: [chrome-extension://{"a" * 32}]
""")
    config = load_config(path, home)
    assert config == ServerConfig(KEY, "127.0.0.1", 9000, True, ("chrome-extension://" + "a" * 32,), 12.5, tmp_path)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("browser:\n  extension_control:\n    enabled: yes\n", "'browser.extension_control.enabled'"),
        ("browser:\n  extension_control:\n    enabled: 'true'\n", "'browser.extension_control.enabled'"),
        ("browser:\n  extension_control:\n    enabled: 1\n", "'browser.extension_control.enabled'"),
        ("browser:\n  extention_control: {}\n", "'browser.extention_control'"),
        ("api_server:\n  prot: 1\n", "'api_server.prot'"),
        ("colour: red\n", "'colour'"),
        ("api_server:\n  port: 70000\n", "'api_server.port'"),
        ("api_server:\n  port: '8642'\n", "'api_server.port'"),
        ("api_server:\n  host: 0.0.0.0\n", "'api_server.host'"),
        ("api_server:\n  key: short\n", "'api_server.key'"),
        ("browser: [1, 2]\n", "'browser'"),
        ("browser:\n  command_timeout_s: 0\n", "'browser.command_timeout_s'"),
        ("browser:\n  extension_control:\n    allowed_origins: [https://evil.example]\n",
         "'browser.extension_control.allowed_origins'"),
        ("- just\n- a list\n", "mapping"),
        ("api_server: {key: [unclosed\n", "not valid YAML"),
    ],
)
def test_invalid_configuration_names_the_key_and_the_file(tmp_path: Path, text: str, named: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as error:
        load_config(path, {"HERMES_API_KEY": KEY, "HERMES_HOME": str(tmp_path)})
    assert str(path) in str(error.value)
    assert named in str(error.value)


def test_missing_file_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read"):
        load_config(tmp_path / "absent.yaml", {"HERMES_API_KEY": KEY})


@pytest.mark.parametrize("environ", [{}, {"HERMES_API_KEY": "x" * 31}, {"HERMES_API_KEY": "x" * 31 + " y"}])
def test_no_usable_api_key_refuses_to_start(tmp_path: Path, environ: dict[str, str]) -> None:
    with pytest.raises(ConfigError) as error:
        load_config(None, environ | {"HERMES_HOME": str(tmp_path)})
    assert "32" in str(error.value)
    assert environ.get("HERMES_API_KEY", "<none>") not in str(error.value)


def test_key_file_is_private_and_used(tmp_path: Path) -> None:
    key_file = tmp_path / "browser-control" / "api_key"
    key = write_new_key(key_file)
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert stat.S_IMODE(key_file.parent.stat().st_mode) == 0o700
    assert len(key) >= 32
    assert load_config(None, {"HERMES_HOME": str(tmp_path)}).api_key == key
    with pytest.raises(ConfigError, match="already exists"):
        write_new_key(key_file)
    assert write_new_key(key_file, overwrite=True) != key
    # The environment wins over the file.
    assert load_config(None, {"HERMES_HOME": str(tmp_path), "HERMES_API_KEY": KEY}).api_key == KEY

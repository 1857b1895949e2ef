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
    path = write(
        tmp_path,
        f"""
api_server:
  key: {KEY}
  host: 127.0.0.1
  port: 9000
browser:
  command_timeout_s: 12.5
  extension_control:
    enabled: true
    allowed_origins: [chrome-extension://{"a" * 32}]
""",
    )
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
        ("browser:\n  extension_control:\n    reconnect_grace_s: 0\n", "'browser.extension_control.reconnect_grace_s'"),
        (
            "browser:\n  extension_control:\n    reconnect_grace_s: '5'\n",
            "'browser.extension_control.reconnect_grace_s'",
        ),
        (
            "browser:\n  extension_control:\n    reconnect_grace_s: 301\n",
            "'browser.extension_control.reconnect_grace_s'",
        ),
        (
            "browser:\n  extension_control:\n    allowed_origins: [https://evil.example]\n",
            "'browser.extension_control.allowed_origins'",
        ),
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


def test_the_reconnect_grace_is_five_seconds_unless_configured(tmp_path: Path) -> None:
    environ = {"HERMES_API_KEY": KEY, "HERMES_HOME": str(tmp_path)}
    assert load_config(None, environ).reconnect_grace_s == 5.0
    path = write(tmp_path, "browser:\n  extension_control:\n    reconnect_grace_s: 2.5\n")
    assert load_config(path, environ).reconnect_grace_s == 2.5


def test_the_download_caps_and_folder(tmp_path: Path) -> None:
    environ = {"HERMES_API_KEY": KEY, "HERMES_HOME": str(tmp_path), "XDG_DOWNLOAD_DIR": str(tmp_path / "Saved")}
    policy = load_config(None, environ).download_policy
    assert (policy.caps.max_file_bytes, policy.caps.max_count) == (10 * 1024 * 1024, 20)
    assert policy.cdp_folder == tmp_path / "downloads" and policy.extension_folder == tmp_path / "Saved"
    text = "browser:\n  downloads:\n    max_file_mb: 2.5\n    max_count: 3\n    user_folder: /data/dl\n"
    policy = load_config(write(tmp_path, text), environ).download_policy
    assert (policy.caps.max_file_bytes, policy.caps.max_count) == (round(2.5 * 1024 * 1024), 3)
    assert policy.extension_folder == Path("/data/dl")
    for wrong in ("max_file_mb: 0", "max_file_mb: 2000", "max_count: 0", "max_count: 2.5", "user_folder: dl"):
        key = wrong.split(":")[0]
        with pytest.raises(ConfigError, match=rf"'browser\.downloads\.{key}'"):
            load_config(write(tmp_path, f"browser:\n  downloads:\n    {wrong}\n"), environ)


def test_browser_cdp_is_off_unless_the_file_turns_it_on(tmp_path: Path) -> None:
    environ = {"HERMES_API_KEY": KEY, "HERMES_HOME": str(tmp_path)}
    assert not load_config(None, environ).cdp_raw_tool and load_config(None, environ).tool_switches == set()
    turned_on = load_config(write(tmp_path, "browser:\n  cdp:\n    raw_tool: true\n"), environ)
    assert turned_on.cdp_raw_tool and turned_on.tool_switches == {"browser.cdp.raw_tool"}
    beside_the_url = write(tmp_path, "browser:\n  cdp_url: http://127.0.0.1:9222\n  cdp:\n    raw_tool: false\n")
    assert not load_config(beside_the_url, environ).cdp_raw_tool
    with pytest.raises(ConfigError, match=r"'browser\.cdp\.raw_tool'"):
        load_config(write(tmp_path, "browser:\n  cdp:\n    raw_tool: yes\n"), environ)


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


def test_the_cdp_lane_keys(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        f"""
api_server:
  key: {KEY}
browser:
  chromium_path: /bin/sh
  cdp_url: http://127.0.0.1:9222
  cloud_provider: browser-use
  dialog_policy: auto_dismiss
  dialog_timeout_s: 30
  dialog_bridge: on
""",
    )
    config = load_config(path, {"HERMES_HOME": str(tmp_path)})
    assert (config.chromium_path, config.cdp_url, config.cloud_provider) == (
        "/bin/sh",
        "http://127.0.0.1:9222",
        "browser-use",
    )
    assert (config.dialog_policy, config.dialog_timeout_s, config.dialog_bridge) == ("auto_dismiss", 30.0, "on")
    defaults = load_config(None, {"HERMES_API_KEY": KEY, "HERMES_HOME": str(tmp_path)})
    assert (defaults.chromium_path, defaults.cdp_url, defaults.cloud_provider) == (None, None, None)
    assert (defaults.dialog_policy, defaults.dialog_timeout_s, defaults.dialog_bridge) == (
        "must_respond",
        300.0,
        "auto",
    )


def test_browser_cdp_url_in_the_environment_wins_over_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, f"api_server:\n  key: {KEY}\nbrowser:\n  cdp_url: http://127.0.0.1:9222\n")
    environ = {"HERMES_HOME": str(tmp_path), "BROWSER_CDP_URL": "ws://127.0.0.1:9333/devtools/browser/abc"}
    assert load_config(path, environ).cdp_url == "ws://127.0.0.1:9333/devtools/browser/abc"
    with pytest.raises(ConfigError, match="environment: BROWSER_CDP_URL must be"):
        load_config(path, environ | {"BROWSER_CDP_URL": "chrome://inspect"})


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("browser:\n  chromium_path: /no/such/chromium\n", "'browser.chromium_path'"),
        ("browser:\n  cdp_url: localhost:9222\n", "'browser.cdp_url'"),
        ("browser:\n  cloud_provider: steel\n", "'browser.cloud_provider'"),
        ("browser:\n  dialog_policy: ignore\n", "'browser.dialog_policy'"),
        ("browser:\n  dialog_timeout_s: -1\n", "'browser.dialog_timeout_s'"),
        ("browser:\n  dialog_bridge: true\n", "'browser.dialog_bridge'"),
    ],
)
def test_invalid_cdp_lane_keys_are_refused(tmp_path: Path, text: str, named: str) -> None:
    with pytest.raises(ConfigError, match=named):
        load_config(write(tmp_path, text), {"HERMES_API_KEY": KEY, "HERMES_HOME": str(tmp_path)})

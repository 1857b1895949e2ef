"""The extension's generated contract (background/contract.js) matches the declarations it is made from."""

from __future__ import annotations

from hermes_extension import extension_dir
from hermes_server.extension_lane import contract


def test_the_checked_in_contract_is_not_stale() -> None:
    assert contract.main(["--check"]) == 0, "run python -m hermes_server.extension_lane.contract"


def test_a_changed_declaration_makes_the_check_fail(monkeypatch) -> None:
    target = extension_dir() / contract.CONTRACT_PATH
    monkeypatch.setattr(contract, "render", lambda: target.read_text(encoding="utf-8") + "// changed\n")
    assert contract.main(["--check"]) == 1


def test_the_contract_carries_every_capability_schema_and_native_message() -> None:
    generated = contract.contract()
    assert set(generated["ARGUMENT_SCHEMAS"]) == set(generated["CAPABILITY_ALLOWLIST"])
    assert "browser_cdp" not in generated["ARGUMENT_SCHEMAS"]
    assert generated["REQUEST_TIMEOUT_MS"]["pair.start"] == 15000
    assert generated["MESSAGES"]["PAIR_START"] == "pair.start"

"""Which tabs of a browser context other sessions share are one session's (``supervisor.own_tabs``)."""

from __future__ import annotations

from hermes_server.cdp.supervisor import own_tabs


def page(target: str, opener: str | None = None, kind: str = "page") -> dict[str, str]:
    return {"targetId": target, "type": kind} | ({"openerId": opener} if opener else {})


def test_a_sessions_tabs_are_those_it_opened_and_those_they_opened_at_any_remove() -> None:
    infos = [
        page("other"),  # another session's tab
        page("popup-of-other", "other"),
        page("mine"),
        page("receipt", "mine"),
        page("receipts-print", "receipt"),  # listed before nothing: found on a later pass all the same
        page("worker", "mine", kind="service_worker"),
    ]
    infos.insert(0, page("print-preview", "receipts-print"))
    assert [info["targetId"] for info in own_tabs(infos, {"mine"})] == [
        "print-preview",
        "mine",
        "receipt",
        "receipts-print",
    ]


def test_a_session_with_no_tab_owns_none_and_another_sessions_opener_gives_it_none() -> None:
    infos = [page("other"), page("popup", "other")]
    assert own_tabs(infos, set()) == []
    assert own_tabs(infos, {"gone"}) == []

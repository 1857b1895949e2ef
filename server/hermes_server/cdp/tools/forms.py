"""browser_fill_form: many fields in one call, each set by the lane's own browser_type or browser_click.

Nothing here types or clicks by itself: a text field, textarea, <select>, date, time, number or range
input, or a slider the page draws, goes through ``keyboard.type_text`` (the same real keys, the same
read-back, the same error codes), and a checkbox, radio button, switch or toggle button (aria-pressed) that
is not as asked through ``pointer.click``, then is read back with the engine's ``checkState``.  The first
field that fails stops the call; its error keeps the code browser_type (or the click) gave and says which
fields were set before it and which were not tried (``field_failure``, the same words as the extension
lane's background/forms.js). Once all are set, each is read again (``checkState``'s ``checked`` or ``holds``): one
the page changed afterwards fails the call (``changed_message``), one changed only in form is told in ``adjusted``.
"""

from __future__ import annotations

import json
from typing import Any

from hermes_server.cdp.engine import ref_key
from hermes_server.cdp.tools import keyboard, pointer
from hermes_server.cdp.tools.acting import DialogOpened
from hermes_server.cdp.tools.table import Arguments, Browsing, handles
from hermes_wire.errors import ToolError

#: A checkbox's, radio button's or switch's value in browser_fill_form: checked or not.
CHECK_VALUES = ("true", "false")


@handles("browser_fill_form")
async def fill_form(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    fields: list[dict[str, str]] = args["fields"]
    filled: list[dict[str, Any]] = []
    held: list[dict[str, Any] | None] = []  # what each field holds once set (the engine's checkState)
    navigated: str | None = None
    for index, field in enumerate(fields):
        try:
            done = await _fill_field(browsing, ref_key(field["ref"]), field["value"])
        except DialogOpened as opened:  # the page stopped at a dialog: report what is set, as any action does
            raise DialogOpened(opened.dialog, {"ok": True, "filled": len(filled)}) from None
        except ToolError as error:
            raise field_failure(error, index, fields, filled) from None
        filled.append({"ref": done["ref"]} | {key: done[key] for key in ("value", "password") if key in done})
        navigated = done.get("navigated", navigated)
        held.append(None if navigated else await _holding(browsing, ref_key(field["ref"])))
    # Each field again, once the whole form is set: a page may change one as the focus leaves it (a list that keeps
    # only a text an option was chosen for, an amount written out as money) or as a later field is set.
    for index, (field, before) in enumerate(zip(fields, held, strict=True)):
        now = await _holding(browsing, ref_key(field["ref"])) if before is not None else None
        if now is None or before is None or not changed_after(before, now):
            continue
        if not reformatted(before, now):
            raise ToolError("controller_error", f"type_mismatch: {changed_message(index, fields, before, now)}")
        filled[index]["value"] = now["holds"]  # told in adjusted, as it is now
    # Every field holds what was asked (read back, else the call failed): only one that holds it otherwise (a range
    # snapped to its step, an option named in another case) is told, so the answer does not repeat the form.
    given = [field["value"] for field in fields]
    adjusted = [field for field, value in zip(filled, given, strict=True) if field.get("value", value) != value]
    result: dict[str, Any] = {"ok": True, "filled": len(filled)}
    return result | ({"adjusted": adjusted} if adjusted else {}) | ({"navigated": navigated} if navigated else {})


async def _fill_field(browsing: Browsing, ref: str, value: str) -> dict[str, Any]:
    """One field set as asked and read back: ``{ref, value | password, navigated?}``."""
    engine = browsing.engine()
    state = await engine.call(await engine.owner_of(ref), "checkState", ref)
    if not state.get("checkable"):
        typed: dict[str, Any] = await keyboard.type_text(browsing, {"ref": ref, "text": value})
        return typed
    check_value_error(state, value)
    clicked: dict[str, Any] = {}
    if state.get("checked") != value:
        clicked = await pointer.click(browsing, {"ref": ref})
    now = await engine.call(await engine.owner_of(ref), "checkState", ref)
    if now.get("checked") != value:
        raise ToolError("controller_error", f"type_mismatch: {checked_mismatch(now, value)}")
    return {"ref": now["ref"], "value": value} | {key: clicked[key] for key in ("navigated",) if key in clicked}


async def _holding(browsing: Browsing, ref: str) -> dict[str, Any] | None:
    """What the field holds now (the engine's checkState), or None when it can no longer be read (the page drew it
    anew: its ref is gone)."""
    engine = browsing.engine()
    try:
        state: dict[str, Any] = await engine.call(await engine.owner_of(ref), "checkState", ref)
    except ToolError:
        return None
    return state


def changed_after(before: dict[str, Any], now: dict[str, Any]) -> bool:
    """Whether a field holds otherwise than it did once set: checked or not, or its text (a password's is not read)."""
    return before.get("checked") != now.get("checked") or before.get("holds") != now.get("holds")


def reformatted(before: dict[str, Any], now: dict[str, Any]) -> bool:
    """Whether a field's text changed only in form: its letters and digits begin as they did ("1000" written out as
    "1,000.00", a phone number given its spaces), not another value or none."""

    def letters(state: dict[str, Any]) -> str:
        return "".join(character for character in str(state.get("holds") or "").lower() if character.isalnum())

    return not before.get("checkable") and bool(letters(before)) and letters(now).startswith(letters(before))


def changed_message(index: int, fields: list[dict[str, str]], before: dict[str, Any], now: dict[str, Any]) -> str:
    """browser_fill_form's answer when field ``index`` changed after it was set (the extension lane's words too)."""

    def holding(state: dict[str, Any]) -> str:
        if state.get("checkable"):
            return {"true": "checked", "mixed": "mixed"}.get(str(state.get("checked")), "unchecked")
        return json.dumps(state.get("holds"), ensure_ascii=False)

    return (
        f"field {index + 1} of {len(fields)} ({ref_key(fields[index]['ref'])}) held {holding(before)} once set, and "
        f"holds {holding(now)} now that the whole form is set: the page changed it afterwards (as the focus left it, "
        "or as a later field was set). Every field was set; set this one as the page takes it (a list may keep only "
        "an option chosen in it), after a new snapshot."
    )


def check_value_error(state: dict[str, Any], value: str) -> None:
    """Raise browser_type's error for a value a checkbox, radio button or switch cannot take (nothing clicked)."""
    what = f"{state.get('ref')} is a {state.get('role')}"
    if value not in CHECK_VALUES:
        raise ToolError(
            "controller_error",
            f'invalid_value: {what}: its value is "true" (checked) or "false" (unchecked), not {value[:40]!r}.',
        )
    if state.get("disabled"):
        raise ToolError("controller_error", f"disabled: Element {state.get('ref')} is disabled.")
    if state.get("role") in ("radio", "menuitemradio") and value == "false" and state.get("checked") == "true":
        raise ToolError(
            "controller_error",
            f"invalid_value: {what}: a radio button is unchecked by checking another of its group; give that "
            'one "true".',
        )


def checked_mismatch(state: dict[str, Any], value: str) -> str:
    """browser_fill_form's read-back failure for a checkbox, radio button or switch that did not turn as asked."""
    holds = {"true": "checked", "false": "unchecked", "mixed": "mixed"}.get(str(state.get("checked")), "unchecked")
    wanted = "checked" if value == "true" else "unchecked"
    return (
        f"Clicking {state.get('ref')} left it {holds}, not {wanted} (the page changed or refused it); take a new "
        "snapshot before going on."
    )


def field_failure(
    error: ToolError, index: int, fields: list[dict[str, str]], filled: list[dict[str, Any]]
) -> ToolError:
    """``error`` (browser_type's or the click's) of field ``index``, with its code and detail as they were, saying
    which field failed, which were set before it (they keep their new values) and which were not tried."""
    detail, message = "", error.message
    if error.code == "controller_error" and ": " in error.message:
        detail, message = error.message.split(": ", 1)
    set_before = ", ".join(field["ref"] for field in filled) or "none"
    untried = ", ".join(ref_key(field["ref"]) for field in fields[index + 1 :])
    told = (
        f"field {index + 1} of {len(fields)} ({ref_key(fields[index]['ref'])}) was not set: {message} "
        f"Set before it, and kept: {set_before}."
    )
    if untried:
        told += f" Not tried: {untried}."
    return ToolError(error.code, f"{detail}: {told}" if detail else told)

"""The keyboard's tools: browser_type and browser_press (a copy, cut or paste through the session's clipboard)."""

from __future__ import annotations

from typing import Any

from hermes_server.cdp.engine import ref_key
from hermes_server.cdp.frames import FrameInfo
from hermes_server.cdp.keys import clipboard_chord, parse_key, typed_keys
from hermes_server.cdp.tools import pointer
from hermes_server.cdp.tools.acting import Before, act, after_action, answering_dialog, follow, pressing
from hermes_server.cdp.tools.input_events import Gesture, held_in, mouse_events, press_key, replace_text, send_mouse
from hermes_server.cdp.tools.opened_tabs import following_tabs
from hermes_server.cdp.tools.table import Arguments, Browsing, handles
from hermes_server.errors import CDPCommandFailed
from hermes_wire.errors import ToolError

#: Input types typed into with real input events.  The others (a select, date and time pickers, range, colour)
#: have no text to type into: the engine sets them as the user's choice would, as on the extension lane.
TEXT_INPUT_TYPES = frozenset({"text", "search", "url", "tel", "email", "password", "number"})
#: The most fields a date or time input draws (a date and a time, with seconds, milliseconds and AM/PM): ArrowRight
#: this many times less one, from its first, reaches its last (where it stops).
MOST_FIELDS = 8


@handles("browser_type")
async def type_text(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    return await pressing(lambda: _type_once(browsing, args))


async def _type_once(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    supervisor = browsing.supervisor
    _, session = supervisor.tab_session()
    engine = browsing.engine()
    ref = ref_key(args["ref"])
    # What kind of field it is and, for one that takes real keys, where to click it: one call (the engine's aimToType).
    frame, facts, aim = await engine.aim_to_type(ref, TEXT_INPUT_TYPES)
    if facts.get("chooses"):  # a box that opens a list of options on a click and takes no text (Vuetify 2's select)
        return await _choose_from_list(browsing, frame, ref, args["text"])
    if facts.get("opens"):
        # A combobox that takes no text itself (Choices.js's, Select2's box): a person clicks it, and types into the
        # field the click opened and put the focus in.
        await pointer.click(browsing, {"ref": args["ref"]})
        frame, facts, aim = await engine.aim_to_type(ref, TEXT_INPUT_TYPES, clicked=True)
        if facts.get(
            "listed"
        ):  # the click opened a list: chosen in by keys or clicks, as the engine's listWay reads it
            way = (await engine.call(frame, "listWay", ref, args["text"]))["way"]
            if way == "keys":
                return await _choose_by_keys(browsing, frame, ref, args["text"])
            return await _choose_from_list(browsing, frame, ref, args["text"], opened=True)
    if facts.get("slider"):  # a slider the page draws: moved by its keys, as a person moves it
        return await _move_slider(browsing, frame, args)
    if aim is None:  # a <select>, a range or colour input...: the engine sets them as a user's choice would
        before = Before.now(supervisor, frame)
        done = await act(supervisor, engine.call(frame, "type", ref, args["text"]))
        await _to_last_field(browsing, frame, ref, session)
        return await follow(supervisor, frame, done, before)
    x, y, aimed = aim
    text = args["text"].replace("\r", "")
    if facts["tag"] == "input":
        text = text.replace("\n", "")
    result: dict[str, Any] = {"ok": True, "ref": aimed["ref"], "role": aimed.get("role"), "name": aimed.get("name")}
    before = Before.now(supervisor, frame)
    typing = replace_text(
        supervisor,
        session,
        x,
        y,
        text,
        together=frame.parent_id is None,
        by_key=facts["tag"] == "input",
        click=not aimed.get("focused"),
        keys_only=bool(facts.get("segmented")),
        after_click=lambda: engine.after_click(frame, ref),
        key_taken=lambda paced: engine.key_taken(frame, paced),
    )
    await act(supervisor, typing, so_far=result)
    # Typing lands exactly or fails (type_mismatch): once what the typing caused is over (the engine's settle, a
    # plain field's as soon as it caused nothing), the engine reads back what the element holds, in the same call.
    try:
        checked = await act(
            supervisor, engine.typed_after(frame, int(aimed["watch"]), ref, args["text"]), so_far=result
        )
    except CDPCommandFailed:  # the frame's document went away under the call: the typing navigated it
        checked = {"replaced": True}
    if checked.get("replaced"):  # nothing to read back in the old document: follow, then read the new one
        result = await follow(supervisor, frame, result | {"navigating": True}, before)
        checked = await engine.call(frame, "typed", ref, args["text"])
    else:
        result = await follow(supervisor, frame, result | {"navigating": checked.get("navigating")}, before)
        if not result.get("navigated"):
            checked = await _choose_typed(browsing, frame, ref, args["text"]) or checked
    return result | {key: checked[key] for key in ("value", "password", "pasted", "requests") if key in checked}


async def _choose_typed(browsing: Browsing, frame: FrameInfo, ref: str, text: str) -> dict[str, Any] | None:
    """An option's whole name typed into a combobox that filters its list (Gradio's dropdown, MUI's Autocomplete):
    the field keeps the text only once that option is chosen, so it is clicked with real input, as a person does (one
    kept for assistive technology that the keys are on is taken with the key the engine names: Enter), a
    list that stays open then closed with Escape, and read back (list_choice.js typedOffer, typedListOpen,
    typedChosen, as the extension lane reads them); None where the list shows no such option."""
    engine = browsing.engine()
    offer = await engine.call(frame, "typedOffer", ref, text)
    if not offer["offered"]:
        return None
    _, session = browsing.supervisor.tab_session()
    if "by" in offer:  # an option kept for assistive technology, which the keys are on: its key takes it (Enter)
        await act(
            browsing.supervisor, press_key(browsing.supervisor, session, parse_key(offer["by"]), held_in(engine, frame))
        )
        await engine.after_click(frame)
    elif (point := await engine.option_point(frame, ref, offer["name"], [offer["name"]])) is not None:
        await act(browsing.supervisor, send_mouse(browsing.supervisor, session, mouse_events(*point, Gesture())))
        await engine.after_click(frame)
    if (await engine.call(frame, "typedListOpen", ref))["open"]:  # a list of several stays open: closed, as done
        await _close_list(browsing, frame)
    chosen: dict[str, Any] = await engine.call(frame, "typedChosen", ref, text)
    return chosen


async def _move_slider(browsing: Browsing, frame: FrameInfo, args: Arguments) -> dict[str, Any]:
    """A slider the page draws takes a number, moved to as a person moves it: a click on it, then each key the
    engine's ``sliderStep`` names (values.js, as the extension lane reads it), pressed for real once the page has
    drawn what the one before did, until it holds the number; else the engine's error says what it holds."""
    supervisor = browsing.supervisor
    _, session = supervisor.tab_session()
    engine = browsing.engine()
    ref, text = ref_key(args["ref"]), args["text"]
    step = await engine.call(frame, "sliderStep", ref, text, None)
    if "key" not in step:  # it holds the number already
        return step
    before = Before.now(supervisor, frame)
    await pointer.click(browsing, {"ref": args["ref"]})
    await engine.after_click(frame)
    last = None
    while "key" in (step := await engine.call(frame, "sliderStep", ref, text, last)):
        await act(supervisor, press_key(supervisor, session, parse_key(step["key"]), held_in(engine, frame)))
        await engine.after_click(frame)
        last = step
    return await follow(supervisor, frame, step, before)


async def _choose_by_keys(browsing: Browsing, frame: FrameInfo, ref: str, text: str) -> dict[str, Any]:
    """The click opened a list and put the focus on its option (MUI's select): the option's name is typed there, as a
    person does (the list's type-ahead moves the focus to it), and Enter chooses it, a list that stays open then closed
    with Escape (MUI's multiple select); a list whose keys reach no option of that name is closed again (Escape),
    nothing chosen (the engine's type_ahead.js, as the extension lane's)."""
    supervisor = browsing.supervisor
    _, session = supervisor.tab_session()
    engine = browsing.engine()
    for key in typed_keys(text):
        await engine.call(frame, "stillInList", ref)  # a page that moved the focus out of the list gets no more keys
        await press_key(supervisor, session, key, held_in(engine, frame))
    await engine.after_click(frame)  # what the page does with the keys (it moves the focus) is done and drawn
    try:
        await engine.call(frame, "optionInFocus", ref, text)
    except ToolError:
        await press_key(supervisor, session, parse_key("Escape"), held_in(engine, frame))
        raise
    before = Before.now(supervisor, frame)
    await act(supervisor, press_key(supervisor, session, parse_key("Enter"), held_in(engine, frame)))
    await engine.after_click(frame)
    if (await engine.call(frame, "listStillOpen"))["open"]:  # a list of several stays open: closed, as done
        await _close_list(browsing, frame)
    chosen = await engine.call(frame, "chosenShown", ref, text)
    return await follow(supervisor, frame, chosen, before)


async def _choose_from_list(
    browsing: Browsing, frame: FrameInfo, ref: str, text: str, *, opened: bool = False
) -> dict[str, Any]:
    """A box that opens a list of options on a click and takes no text itself, with no option in focus for
    type-ahead (Vuetify 2's select, Solara's): a person clicks it, then the option named (one name a line in a list
    of several), each click real input at the point the engine gives (list_choice.js, as the extension lane reads
    it); a name that shows in no list closes the list again (Escape) and chooses nothing more. ``opened``: a
    combobox's click has opened a list the engine's listWay says to choose in by clicks (several names for a multiple
    mat-select, or Fluent v8's dropdown, whose options take no keys): each is clicked there, then a list that stays
    open is closed with Escape (list_choice.js chooseInOpenList)."""
    supervisor = browsing.supervisor
    _, session = supervisor.tab_session()
    engine = browsing.engine()
    names = [line.strip() for line in text.split("\n") if line.strip()]
    if not names:
        raise ToolError("controller_error", "invalid_value: Give the name of the option to choose.")
    before = Before.now(supervisor, frame)
    if not opened:
        await pointer.click(browsing, {"ref": ref})
    for name in names:
        await engine.after_click(frame)
        try:
            point = await engine.option_point(frame, ref, name, names)
        except ToolError:
            await press_key(supervisor, session, parse_key("Escape"), held_in(engine, frame))
            raise
        if point is not None:  # (None: an option of a list of several that is chosen already, left so)
            await act(supervisor, send_mouse(supervisor, session, mouse_events(*point, Gesture())))
    await engine.after_click(frame)
    if opened and (await engine.call(frame, "listStillOpen"))["open"]:
        await _close_list(browsing, frame)
    chosen = await engine.call(frame, "listChosen", ref, text)
    return await follow(supervisor, frame, chosen, before)


async def _close_list(browsing: Browsing, frame: FrameInfo) -> None:
    """A list that stays open once chosen in (a list of several, over what comes after it) closed with Escape, as a
    person closes it once done (list_choice.js closeListInFocus), once the page has drawn what that did."""
    _, session = browsing.supervisor.tab_session()
    engine = browsing.engine()
    await press_key(browsing.supervisor, session, parse_key("Escape"), held_in(engine, frame))
    await engine.after_click(frame)


async def _to_last_field(browsing: Browsing, frame: FrameInfo, ref: str, session: str) -> None:
    """A date or time input that the engine set by its value and that holds the focus: its focus goes to its last
    field, where a person's typing leaves it (measured on Mantine's time input: after "1030AM", Tab goes on to the
    next control, Shift+Tab back to the minutes, ArrowUp turns AM to PM; from the first field, where the focus was,
    Tab went to the minutes and ArrowUp moved the hour)."""
    if not (await browsing.engine().call(frame, "fieldsFocused", ref)).get("focused"):
        return
    arrow = parse_key("ArrowRight")
    for _ in range(MOST_FIELDS - 1):
        await press_key(browsing.supervisor, session, arrow, held_in(browsing.engine(), frame))


#: How much of a copied text the agent is told (never a password field's: only its length); the extension's too.
CLIPBOARD_SHOWN = 200


@handles("browser_press")
async def press(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    """A real key press; a copy, cut or paste (``clipboard_chord``) goes through the session's own clipboard
    instead, by the engine in the focused frame, so the browser's (the user's, on a desktop) is never touched."""
    supervisor = browsing.supervisor
    _, session = supervisor.tab_session()
    keys = parse_key(args["key"])
    result: dict[str, Any] = {"ok": True, "key": args["key"]}
    engine = browsing.engine()
    top = engine.frames()[0]
    token = await engine.watch(top)
    before = Before.now(supervisor, top)

    async def pressed() -> dict[str, Any]:
        if clipboard_chord(keys):
            _, answer = await act(supervisor, engine.press_in_focus(args["key"], {"clipboard": browsing.clipboard}))
            told = dict(answer.get("clipboard") or {})
            if "text" in told:
                browsing.clipboard = str(told.pop("text"))
                if not told.get("password"):
                    told["text"] = browsing.clipboard[:CLIPBOARD_SHOWN]
            result.update(action=answer.get("action"), clipboard=told)
        else:
            pressing = press_key(supervisor, session, keys, held_in(engine, top))
            await answering_dialog(supervisor, before.target, args, pressing, result)
        return await after_action(browsing, top, token, result, before)

    return await following_tabs(browsing, before.target, pressed, result)

"""The interactions: for each kind of control, the scripted sequences a person would try on it.

A ``Step`` is one thing a person does: press (click, double-click), type a text into a field, press a key,
choose an option (a further press, holding Control to add one more to a listbox's choice), drag one thing onto
another, or turn the wheel over a box. An ``Interaction`` is a named sequence of steps, each driven on the
oracle with real input and on each lane with the tool call an agent would make (``oracle.py``, ``lanes.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from tests.conformance.corpus import Control, Target

#: The ops of a step: each has one meaning on the oracle and one tool call on a lane.
CLICK, DOUBLE, TYPE, PRESS, CHOOSE, DRAG, SCROLL = "click", "double", "type", "press", "choose", "drag", "scroll"


@dataclass(frozen=True)
class Step:
    op: str
    target: Target | None = None
    #: the text typed (TYPE), the key pressed (PRESS, as browser_press names it: "Shift+ArrowLeft")
    text: str = ""
    #: the drop target (DRAG)
    to: Target | None = None
    #: keys held during a press: "Control" adds an option to a listbox's choice (CHOOSE)
    modifiers: str = ""
    #: for CHOOSE: the control the option belongs to (a native <select> is chosen from by its own tool)
    owner: Target | None = None

    def label(self) -> str:
        if self.op == PRESS:
            return f"press {self.text}"
        if self.op == TYPE:
            return f"type {self.text!r} into {self.target.label() if self.target else '?'}"
        held = f"{self.modifiers}+" if self.modifiers else ""
        where = self.target.label() if self.target else ""
        onto = f" onto {self.to.label()}" if self.to else ""
        return f"{held}{self.op} {where}{onto}"


@dataclass(frozen=True)
class Interaction:
    """A named sequence of steps on one control of one page."""

    name: str
    steps: tuple[Step, ...]


#: Kinds whose control is a field a person types into.
TEXT_KINDS = frozenset({"text", "textarea", "richtext", "combobox", "autocomplete"})
#: Kinds whose control moves, or moves focus, with the arrow keys and Home/End/PageUp/PageDown.
ARROW_KINDS = frozenset({"slider", "range", "date", "time", "radio", "tabs", "tree", "grid", "menu", "select"})
#: Kinds whose control opens a list of options to choose from.
CHOICE_KINDS = frozenset({"select", "multiselect", "combobox", "autocomplete", "menu", "tabs", "radio", "tree"})
NAVIGATION_KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown")
PLAIN_KEYS = ("Enter", "Escape", "Space", "Tab", "Shift+Tab")


#: Roles of what holds the things pressed rather than is pressed: a person presses the first option or cell in it.
CONTAINER_ROLES = frozenset(
    {"tablist", "radiogroup", "group", "grid", "treegrid", "tree", "table", "list", "menu", "menubar", "toolbar"}
)


def pressed_target(control: Control) -> Target:
    """Where a person presses to use the control: the control, or the first of its options or cells when the control
    is a container of them (a tab list, a radio group, a grid)."""
    inside = control.options or control.cells
    drawn_field = control.kind in {"date", "time"} and control.target.press  # a group of segments, pressed there
    if control.target.role in CONTAINER_ROLES and inside and not drawn_field:
        return inside[0]
    return control.target


def interactions_for(control: Control) -> list[Interaction]:
    """Every interaction the table holds for ``control``, in a stable order (names unique per control)."""
    if control.kind == "sortable" and control.drag is not None:
        source, onto = control.drag
        return [
            Interaction("drag onto target", (Step(DRAG, source, to=onto),)),
            Interaction("click the dragged item", (Step(CLICK, source),)),
        ]
    target = pressed_target(control)
    click = Step(CLICK, target)
    found: list[Interaction] = [Interaction("click", (click,)), Interaction("double-click", (Step(DOUBLE, target),))]
    if control.kind in TEXT_KINDS or control.text is not None:
        found += _typing(control)
    else:
        found += [Interaction(f"click, {key}", (click, Step(PRESS, text=key))) for key in PLAIN_KEYS]
        if control.kind in ARROW_KINDS:
            found += [Interaction(f"click, {key}", (click, Step(PRESS, text=key))) for key in NAVIGATION_KEYS]
            found.append(Interaction("click, Shift+ArrowRight", (click, Step(PRESS, text="Shift+ArrowRight"))))
    if control.kind in CHOICE_KINDS and control.options:
        found += _choosing(control)
    for index, cell in enumerate(control.cells[:2]):
        press_cell = Step(CLICK, cell)
        opened = (Step(CLICK, control.opener) if control.opener else click,) if control.kind in {"date", "time"} else ()
        found += [
            Interaction(f"cell {index + 1}: click", (*opened, press_cell)),
            Interaction(f"cell {index + 1}: double-click", (*opened, Step(DOUBLE, cell))),
            Interaction(f"cell {index + 1}: click, Enter", (*opened, press_cell, Step(PRESS, text="Enter"))),
            Interaction(f"cell {index + 1}: click, ArrowDown", (*opened, press_cell, Step(PRESS, text="ArrowDown"))),
        ]
    if control.drag is not None:
        source, onto = control.drag
        found.append(Interaction("drag onto target", (Step(DRAG, source, to=onto),)))
    return found


def _typing(control: Control) -> list[Interaction]:
    target = pressed_target(control)
    text = control.text or "typed"
    typed = Step(TYPE, target, text)
    # over what the first typing left: other text, but a date or a time again (its text backwards is none)
    refilled = text if control.kind in {"date", "time"} else text[::-1]

    def after_typing(name: str, *keys: str) -> Interaction:
        return Interaction(name, (typed, *(Step(PRESS, text=key) for key in keys)))

    found = [
        Interaction("type into empty", (typed,)),
        Interaction("type into filled", (typed, Step(TYPE, target, refilled))),
        Interaction("type, double-click", (typed, Step(DOUBLE, target))),
        Interaction("click, Space", (Step(CLICK, target), Step(PRESS, text="Space"))),
    ]
    found += [after_typing(f"type, {key}", key) for key in ("Enter", "Escape", "Tab", "Shift+Tab")]
    found += [after_typing(f"type, {key}", key) for key in NAVIGATION_KEYS]
    found += [
        after_typing(f"type, {key}", key)
        for key in ("Shift+ArrowLeft", "Shift+Home", "Control+ArrowLeft", "Control+Shift+ArrowLeft")
    ]
    found += [
        after_typing("type, ArrowLeft, Backspace", "ArrowLeft", "Backspace"),
        after_typing("type, Control+A", "Control+a"),
        after_typing("type, Control+A, Control+X", "Control+a", "Control+x"),
        after_typing("type, Control+A, Control+C, End, Control+V", "Control+a", "Control+c", "End", "Control+v"),
    ]
    return found


def _choosing(control: Control) -> list[Interaction]:
    """Choosing one option, then several, a person's way: open the control (a listbox or a radio group is open
    already; a combobox opens on the text typed into it), press the option; a native listbox takes a second option
    with Control held. A select or a menu of one choice closes on it, as does a multiple select that says it
    ``reopens``: it is opened again for the second (a person presses no option of a list that is fading away)."""
    listed = control.kind in {"radio", "tabs", "multiselect"} and _is_listed(control)
    open_first: tuple[Step, ...] = (
        () if listed or control.target.role in CONTAINER_ROLES else (Step(CLICK, control.target),)
    )
    if control.kind in {"combobox", "autocomplete"} and control.text:
        open_first = (Step(TYPE, control.target, control.text),)  # its list shows what the typed text matches
    first, *rest = control.options
    choose_first = Step(CHOOSE, first, owner=control.target)
    found = [Interaction("choose one", (*open_first, choose_first))]
    if rest and control.kind not in {"radio", "tabs"}:
        adding = "Control" if control.kind == "multiselect" and control.target.role == "listbox" else ""
        second = Step(CHOOSE, rest[0], owner=control.target, modifiers=adding)
        again = open_first if control.kind in {"select", "menu"} or control.raw.get("reopens") else ()
        found.append(Interaction("choose several", (*open_first, choose_first, *again, second)))
    if control.kind in {"select", "multiselect", "combobox", "autocomplete", "menu"}:
        found.append(Interaction("open, scroll the list", (*open_first, Step(SCROLL, first))))
    return found


def _is_listed(control: Control) -> bool:
    """A control whose options are on the page without opening it: a listbox, a radio group, a tab list."""
    return control.target.role in {"listbox", "radio", "tab", "radiogroup", "tablist"}

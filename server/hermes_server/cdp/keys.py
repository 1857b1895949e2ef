"""``browser_press`` as real key events: a key name (``Enter``, ``ArrowDown``, ``Control+a``) to
``Input.dispatchKeyEvent`` parameters.

Key names follow the DOM ``KeyboardEvent.key`` values (the names the extension lane's engine
accepts too), with ``Control`` / ``Ctrl``, ``Shift``, ``Alt``, ``Meta`` / ``Cmd`` as ``+``
modifiers.  The browser then does what a real key press does (submit a form on Enter, move
focus on Tab, fire ``keydown`` / ``keypress`` / ``keyup``), in whichever frame has focus.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hermes_wire.errors import ToolError

#: CDP modifier bits.
_MODIFIERS = {"alt": 1, "control": 2, "ctrl": 2, "meta": 4, "cmd": 4, "command": 4, "shift": 8}

#: Named keys: key -> (code, Windows virtual key code, text typed, if any).
_NAMED: dict[str, tuple[str, int, str]] = {
    "Enter": ("Enter", 13, "\r"),
    "Tab": ("Tab", 9, ""),
    "Escape": ("Escape", 27, ""),
    "Backspace": ("Backspace", 8, ""),
    "Delete": ("Delete", 46, ""),
    "Insert": ("Insert", 45, ""),
    "ArrowUp": ("ArrowUp", 38, ""),
    "ArrowDown": ("ArrowDown", 40, ""),
    "ArrowLeft": ("ArrowLeft", 37, ""),
    "ArrowRight": ("ArrowRight", 39, ""),
    "Home": ("Home", 36, ""),
    "End": ("End", 35, ""),
    "PageUp": ("PageUp", 33, ""),
    "PageDown": ("PageDown", 34, ""),
    " ": ("Space", 32, " "),
    **{f"F{n}": (f"F{n}", 111 + n, "") for n in range(1, 13)},
}
_ALIASES = {
    "Esc": "Escape",
    "Space": " ",
    "Spacebar": " ",
    "Return": "Enter",
    "Up": "ArrowUp",
    "Down": "ArrowDown",
    "Left": "ArrowLeft",
    "Right": "ArrowRight",
    "Del": "Delete",
}
#: Editing shortcuts Chromium only performs when the event names the command (as a real keyboard's would).
_COMMANDS = {("a", 2): "selectAll", ("a", 4): "selectAll", ("z", 2): "undo", ("z", 4): "undo"}
_PUNCTUATION_CODES = {
    "-": ("Minus", 189),
    "=": ("Equal", 187),
    "[": ("BracketLeft", 219),
    "]": ("BracketRight", 221),
    "\\": ("Backslash", 220),
    ";": ("Semicolon", 186),
    "'": ("Quote", 222),
    ",": ("Comma", 188),
    ".": ("Period", 190),
    "/": ("Slash", 191),
    "`": ("Backquote", 192),
}


@dataclass(frozen=True)
class KeyPress:
    """The ``Input.dispatchKeyEvent`` parameters of one press: ``down`` then ``up``."""

    down: dict[str, Any]
    up: dict[str, Any]


def parse_key(spec: str) -> KeyPress:
    """``ToolError('invalid_arguments')`` for an unknown key or modifier."""
    parts = [spec] if len(spec) == 1 else spec.split("+")
    if len(spec) > 1 and spec.endswith("+"):  # "Control++"
        parts = [*spec[:-2].split("+"), "+"]
    modifiers = 0
    for name in parts[:-1]:
        bit = _MODIFIERS.get(name.lower())
        if bit is None:
            raise ToolError(
                "invalid_arguments",
                f"Unknown modifier {name!r} in {spec!r}; use Control, Shift, Alt or Meta, joined with +.",
            )
        modifiers |= bit
    key = _ALIASES.get(parts[-1], parts[-1])
    if key in _NAMED:
        code, key_code, text = _NAMED[key]
    elif len(key) == 1 and key.isprintable():
        code, key_code = _character_code(key)
        text = key
    else:
        names = ", ".join(k for k in _NAMED if k != " ")
        raise ToolError("invalid_arguments", f"Unknown key {parts[-1]!r}; use a single character or one of {names}.")
    if modifiers & (1 | 2 | 4):  # a shortcut types nothing
        text = ""
    down: dict[str, Any] = {
        "type": "keyDown" if text else "rawKeyDown",
        "key": key,
        "code": code,
        "windowsVirtualKeyCode": key_code,
        "modifiers": modifiers,
    }
    if text:
        down["text"] = down["unmodifiedText"] = text
    command = _COMMANDS.get((key.lower(), modifiers))
    if command:
        down["commands"] = [command]
    up = {"type": "keyUp", "key": key, "code": code, "windowsVirtualKeyCode": key_code, "modifiers": modifiers}
    return KeyPress(down, up)


def clipboard_chord(press: KeyPress) -> str | None:
    """``"copy"``, ``"cut"`` or ``"paste"`` for the keys that do so (Control or Meta with C, X, V; Control+Insert,
    Shift+Delete, Shift+Insert), else None: the same keys as the engine's ``clipboardChord`` (keyboard.js)."""
    key, modifiers = str(press.down["key"]), int(press.down["modifiers"])
    command, shift, alt = bool(modifiers & (2 | 4)), bool(modifiers & 8), bool(modifiers & 1)
    letter = key.lower() if len(key) == 1 else ""
    if alt:
        return None
    if command and not shift and (letter == "c" or key == "Insert"):
        return "copy"
    if command and not shift and letter == "x":
        return "cut"
    if command and letter == "v":
        return "paste"
    if shift and not command:
        return {"Insert": "paste", "Delete": "cut"}.get(key)
    return None


def _character_code(char: str) -> tuple[str, int]:
    if char.isascii() and char.isalpha():
        return f"Key{char.upper()}", ord(char.upper())
    if char.isdigit():
        return f"Digit{char}", ord(char)
    return _PUNCTUATION_CODES.get(char, ("", 0))


def typed_keys(text: str) -> list[KeyPress]:
    """The key presses that type ``text`` into a one-line field, one per character, as a person types it: each
    key's event carries its character as text, so a character no key names (an accented letter, an emoji) is
    typed too."""
    presses = []
    for char in text:
        code, key_code = (_NAMED[char][0], _NAMED[char][1]) if char in _NAMED else _character_code(char)
        key = {"key": char, "code": code, "windowsVirtualKeyCode": key_code, "modifiers": 0}
        presses.append(
            KeyPress({"type": "keyDown", "text": char, "unmodifiedText": char, **key}, {"type": "keyUp", **key})
        )
    return presses

// The trusted-input mode's real input events (Input.dispatchMouseEvent, Input.dispatchKeyEvent, Input.insertText
// parameters), built from the cdp lane's own tables, which the generated contract carries (TRUSTED_INPUT, from
// hermes_server.cdp.keys and hermes_server.cdp.tools.input_events): the same events the cdp lane sends for the
// same tool call. parseKey, typedKeys and mouseEvents follow parse_key, typed_keys and mouse_events there; a test
// compares them (tests/extension/test_trusted_input.py). Pure functions: no chrome API, no page.
import "./contract.js";

const TABLES = globalThis.HERMES_CONTRACT.TRUSTED_INPUT;
const COMMANDS = new Map(TABLES.KEY_COMMANDS.map(([key, modifiers, command]) => [`${key} ${modifiers}`, command]));
const ALT_CONTROL_META = TABLES.MODIFIER_BITS.Alt | TABLES.MODIFIER_BITS.Control | TABLES.MODIFIER_BITS.Meta;

export class UnknownKey extends Error {}

// A single printable character: one code point (an emoji is two UTF-16 units), as Python's len(key) == 1.
const oneCharacter = (text) => [...text].length === 1;
const isPrintable = (char) => !/^[\p{C}\p{Z}]$/u.test(char) || char === " ";

function characterCode(char) {
  if (/^[A-Za-z]$/.test(char)) return [`Key${char.toUpperCase()}`, char.toUpperCase().charCodeAt(0)];
  if (/^[0-9]$/.test(char)) return [`Digit${char}`, char.charCodeAt(0)];
  return TABLES.PUNCTUATION_CODES[char] ?? ["", 0];
}

// {down, up}: the Input.dispatchKeyEvent parameters of `spec` ("Enter", "Shift+ArrowLeft", "Control+a", "x");
// UnknownKey for a key or modifier the cdp lane does not know (the engine then answers as the synthetic path does).
export function parseKey(spec) {
  let parts = oneCharacter(spec) ? [spec] : spec.split("+");
  if (!oneCharacter(spec) && spec.endsWith("+")) parts = [...spec.slice(0, -2).split("+"), "+"];
  let modifiers = 0;
  for (const name of parts.slice(0, -1)) {
    const bit = TABLES.KEY_MODIFIERS[name.toLowerCase()];
    if (bit === undefined) throw new UnknownKey(`Unknown modifier ${name}`);
    modifiers |= bit;
  }
  const last = parts[parts.length - 1];
  const key = Object.hasOwn(TABLES.KEY_ALIASES, last) ? TABLES.KEY_ALIASES[last] : last;
  let code;
  let keyCode;
  let text;
  if (Object.hasOwn(TABLES.NAMED_KEYS, key)) {
    [code, keyCode, text] = TABLES.NAMED_KEYS[key];
  } else if (oneCharacter(key) && isPrintable(key)) {
    [code, keyCode] = characterCode(key);
    text = key;
  } else {
    throw new UnknownKey(`Unknown key ${last}`);
  }
  if (modifiers & ALT_CONTROL_META) text = ""; // a shortcut types nothing
  const down = { type: text ? "keyDown" : "rawKeyDown", key, code, windowsVirtualKeyCode: keyCode, modifiers };
  if (text) {
    down.text = text;
    down.unmodifiedText = text;
  }
  const command = COMMANDS.get(`${key.toLowerCase()} ${modifiers}`);
  if (command) down.commands = [command];
  return { down, up: { type: "keyUp", key, code, windowsVirtualKeyCode: keyCode, modifiers } };
}

// The presses that type `text` into a one-line field, one per character, each carrying its character as text.
export function typedKeys(text) {
  return [...text].map((char) => {
    const [code, keyCode] = Object.hasOwn(TABLES.NAMED_KEYS, char) ? TABLES.NAMED_KEYS[char] : characterCode(char);
    const key = { key: char, code, windowsVirtualKeyCode: keyCode, modifiers: 0 };
    return { down: { type: "keyDown", text: char, unmodifiedText: char, ...key }, up: { type: "keyUp", ...key } };
  });
}

// browser_click's arguments as the mouse's gesture: {button, clicks, modifiers (bits), hover}.
export function gestureOf(args) {
  const held = new Set(String(args.modifiers ?? "").split("+").filter(Boolean));
  let modifiers = 0;
  for (const key of held) modifiers |= TABLES.MODIFIER_BITS[key] ?? 0;
  return { button: args.button ?? "left", clicks: args.double ? 2 : 1, modifiers, hover: Boolean(args.hover) };
}

// Only the pointer's arrival before `gesture`: a hover with the same keys held.
export function arriving(gesture) {
  return { button: "left", clicks: 1, modifiers: gesture.modifiers, hover: true };
}

// The mouse events of `gesture` at (x, y) in the top frame's viewport: the move there (unless `move` is false),
// then a press and a release per click (none for a hover).
export function mouseEvents(x, y, gesture, move = true) {
  const events = move ? [{ type: "mouseMoved", x, y, modifiers: gesture.modifiers }] : [];
  if (gesture.hover) return events;
  for (let count = 1; count <= gesture.clicks; count++) {
    for (const type of ["mousePressed", "mouseReleased"]) {
      events.push({
        type,
        x,
        y,
        button: gesture.button,
        buttons: type === "mousePressed" ? TABLES.BUTTON_BITS[gesture.button] : 0,
        clickCount: count,
        modifiers: gesture.modifiers,
      });
    }
  }
  return events;
}

// The commands for the companion: a list of [method, params] as {method, params}.
export const mouseCommands = (events) => events.map((params) => ({ method: "Input.dispatchMouseEvent", params }));
export const keyCommands = ({ down, up }) => [
  { method: "Input.dispatchKeyEvent", params: down },
  { method: "Input.dispatchKeyEvent", params: up },
];

// The gestures that focus a field with a click at (x, y), select what it holds and type `text` over it (or delete
// it), as the cdp lane's replace_text: {click, selecting, keys}, each a list of gestures (a gesture: its commands);
// one insertion, or with `byKey` (a one-line input) a key per character, as a person types (trustedType sends them).
export function replaceTextGestures(x, y, text, { byKey }) {
  const selecting = [parseKey("Control+a"), ...(text ? [] : [parseKey("Backspace")])].map(keyCommands);
  const [inserted, keyed] = byKey ? ["", text] : [text, ""];
  if (inserted) selecting.push([{ method: "Input.insertText", params: { text: inserted } }]);
  const click = [mouseCommands(mouseEvents(x, y, { button: "left", clicks: 1, modifiers: 0, hover: false }))];
  return { click, selecting, keys: typedKeys(keyed).map(keyCommands) };
}

// "copy", "cut" or "paste" for the keys that do so, else null: the engine's clipboardChord (keyboard.js) and the
// cdp lane's clipboard_chord. Those stay on the session's own clipboard, never the browser's.
export function clipboardChord({ down }) {
  const { key, modifiers } = down;
  const bits = TABLES.MODIFIER_BITS;
  const command = Boolean(modifiers & (bits.Control | bits.Meta));
  const shift = Boolean(modifiers & bits.Shift);
  if (modifiers & bits.Alt) return null;
  const letter = key.length === 1 ? key.toLowerCase() : "";
  if (command && !shift && (letter === "c" || key === "Insert")) return "copy";
  if (command && !shift && letter === "x") return "cut";
  if (command && letter === "v") return "paste";
  if (shift && !command) return { Insert: "paste", Delete: "cut" }[key] ?? null;
  return null;
}

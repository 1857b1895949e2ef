// Hermes trusted input: the optional companion of Hermes browser control (its ID is MAIN_EXTENSION_ID). It does one
// thing: on that extension's request, it gives one tab a short list of the browser's real input events through
// chrome.debugger (Input.dispatchMouseEvent, Input.dispatchKeyEvent, Input.insertText), then lets the tab go.
//
// Why a companion: a page that acts only on trusted events (event.isTrusted), and the browser's own default
// actions, cannot be reached with synthetic events; chrome.debugger can, but Chromium does not let `debugger` be an
// optional permission, so the main extension would have to hold it always. Here it is held only by this small
// extension, installed only by a user who wants the mode, and the main extension's setting (off by default, set in
// its popup only) decides whether it is asked at all.
//
// What it refuses: any sender but the main extension (externally_connectable lists only its ID, and no web page;
// the sender is checked here again), any method but the three Input commands, any parameter outside their plain
// shapes, a copy, cut or paste chord (the user's system clipboard is never reached through it), a tab that does not
// show an http(s) page, and more events than one action needs. Nothing is kept between requests (the service
// worker may stop at any moment): each request attaches to its tab, sends its events in order, and detaches,
// whatever happened.
"use strict";

const MAIN_EXTENSION_ID = "epmgpnhdmdbannibgliifhhjhfdlgkhf";
// Only the main extension's service worker asks: not its pages, not its content scripts (which run in web pages).
const MAIN_WORKER_URL = `chrome-extension://${MAIN_EXTENSION_ID}/background/service_worker.js`;
const PROTOCOL_VERSION = "1.3";
const VERSION = 1;
// One action's events at most: a double click with its move is five; typing a line is a click, two chords and a key
// pressed and released for each of its characters (the main extension's KEYED_LINE_MAX, 2,000).
const MAX_EVENTS = 4096;
const MAX_TEXT = 100000;
const MODIFIER_BITS = 15; // Alt 1, Control 2, Meta 4, Shift 8
const CONTROL_OR_META = 2 | 4;
const SHIFT = 8;
const ALT = 1;

class Refusal extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

const isInteger = (value, low, high) => Number.isInteger(value) && value >= low && value <= high;
const isShortString = (value, longest) => typeof value === "string" && value.length <= longest;
const oneOf = (...allowed) => (value) => allowed.includes(value);

// Each method's parameters: name -> check. A parameter not listed is refused, and so is a missing required one.
const METHODS = {
  "Input.dispatchMouseEvent": {
    required: ["type", "x", "y"],
    params: {
      type: oneOf("mouseMoved", "mousePressed", "mouseReleased"),
      x: (value) => Number.isFinite(value) && Math.abs(value) <= 1e6,
      y: (value) => Number.isFinite(value) && Math.abs(value) <= 1e6,
      button: oneOf("none", "left", "middle", "right"),
      buttons: (value) => isInteger(value, 0, 7),
      clickCount: (value) => isInteger(value, 0, 3),
      modifiers: (value) => isInteger(value, 0, MODIFIER_BITS),
    },
  },
  "Input.dispatchKeyEvent": {
    required: ["type", "key"],
    params: {
      type: oneOf("keyDown", "rawKeyDown", "keyUp"),
      key: (value) => isShortString(value, 32) && value.length > 0,
      code: (value) => isShortString(value, 32),
      windowsVirtualKeyCode: (value) => isInteger(value, 0, 255),
      modifiers: (value) => isInteger(value, 0, MODIFIER_BITS),
      text: (value) => isShortString(value, 4),
      unmodifiedText: (value) => isShortString(value, 4),
      commands: (value) => Array.isArray(value) && value.length <= 1 && value.every(oneOf("selectAll", "undo")),
    },
  },
  "Input.insertText": {
    required: ["text"],
    params: { text: (value) => isShortString(value, MAX_TEXT) },
  },
};

// A key event that would copy, cut or paste through the browser's (the user's) clipboard: the same chords as the
// main extension's clipboardChord, which it keeps on its own session clipboard instead.
function clipboardChord({ key, modifiers = 0 }) {
  if (modifiers & ALT) return false;
  const letter = key.length === 1 ? key.toLowerCase() : "";
  if (modifiers & CONTROL_OR_META) return ["c", "x", "v"].includes(letter) || key === "Insert";
  return Boolean(modifiers & SHIFT) && (key === "Insert" || key === "Delete");
}

function checkCommand(command) {
  if (!command || typeof command !== "object" || Array.isArray(command)) {
    throw new Refusal("invalid_request", "Each command is {method, params}.");
  }
  const { method, params, ...rest } = command;
  if (Object.keys(rest).length) throw new Refusal("invalid_request", "A command has only method and params.");
  if (!Object.hasOwn(METHODS, method)) {
    throw new Refusal("method_not_allowed", `${String(method).slice(0, 60)} is not an input event this extension sends.`);
  }
  if (!params || typeof params !== "object" || Array.isArray(params)) {
    throw new Refusal("invalid_params", `${method} needs its params as an object.`);
  }
  const shape = METHODS[method];
  for (const name of shape.required) {
    if (!Object.hasOwn(params, name)) throw new Refusal("invalid_params", `${method} needs ${name}.`);
  }
  for (const [name, value] of Object.entries(params)) {
    if (!Object.hasOwn(shape.params, name) || !shape.params[name](value)) {
      throw new Refusal("invalid_params", `${method}: ${String(name).slice(0, 40)} is not allowed, or not in its range.`);
    }
  }
  if (method === "Input.dispatchKeyEvent" && clipboardChord(params)) {
    throw new Refusal("invalid_params", "Copy, cut and paste chords never go to the browser's clipboard.");
  }
}

// The request, checked whole before anything is sent: {type: "input", tabId, steps: [[command, ...], ...]}, each
// step's commands sent back to back (the browser handles them in order), each step after the one before is over.
// No steps sends nothing: the tab is attached and let go, which brings up Chrome's "is debugging this browser" bar
// (the main extension does so before it aims an action, so that the bar does not shrink the viewport under it).
function checkRequest(request) {
  if (!request || typeof request !== "object" || request.type !== "input") {
    throw new Refusal("invalid_request", 'Only {type: "input", tabId, steps} and {type: "ping"} are understood.');
  }
  const { tabId, steps } = request;
  if (!isInteger(tabId, 0, Number.MAX_SAFE_INTEGER)) throw new Refusal("invalid_request", "tabId must be a tab's id.");
  if (!Array.isArray(steps) || !steps.every((step) => Array.isArray(step) && step.length)) {
    throw new Refusal("invalid_request", "steps must be a list of lists of commands.");
  }
  const count = steps.reduce((sum, step) => sum + step.length, 0);
  if (count > MAX_EVENTS) throw new Refusal("invalid_request", `At most ${MAX_EVENTS} events in one request.`);
  steps.forEach((step) => step.forEach(checkCommand));
  return { tabId, steps };
}

// The tab's page, as the debugger lists it: only an http(s) page gets input.
async function checkWebTab(tabId) {
  const targets = await chrome.debugger.getTargets();
  const target = targets.find((each) => each.tabId === tabId && each.type === "page");
  if (!target) throw new Refusal("no_such_tab", `No tab ${tabId}.`);
  if (!/^https?:/.test(target.url)) throw new Refusal("not_a_web_page", "Input goes only to a tab that shows an http(s) page.");
}

async function attach(target) {
  try {
    await chrome.debugger.attach(target, PROTOCOL_VERSION);
  } catch (first) {
    // Ours from a request whose worker stopped before it could detach: let it go, and attach anew. Another
    // debugger's (DevTools, another extension) cannot be detached by us, and the second attach fails as the first.
    await chrome.debugger.detach(target).catch(() => {});
    try {
      await chrome.debugger.attach(target, PROTOCOL_VERSION);
    } catch {
      throw new Refusal("attach_failed", `Could not attach to the tab: ${String(first.message ?? first).slice(0, 200)}`);
    }
  }
}

async function dispatch({ tabId, steps }) {
  await checkWebTab(tabId);
  const target = { tabId };
  await attach(target);
  try {
    for (const step of steps) {
      await Promise.all(step.map(({ method, params }) => chrome.debugger.sendCommand(target, method, params))).catch((error) => {
        throw new Refusal("dispatch_failed", `The browser refused an input event: ${String(error.message ?? error).slice(0, 200)}`);
      });
    }
  } finally {
    await chrome.debugger.detach(target).catch(() => {}); // gone already if the tab closed meanwhile
  }
  return { sent: steps.reduce((sum, step) => sum + step.length, 0) };
}

// One request per tab at a time: a second attach to a tab would fail while the first holds it.
const busyTabs = new Map(); // tabId -> the promise of its request under way
function oneAtATime(tabId, run) {
  const before = busyTabs.get(tabId) ?? Promise.resolve();
  const running = before.catch(() => {}).then(run);
  const settled = running.catch(() => {});
  busyTabs.set(tabId, settled);
  settled.then(() => busyTabs.get(tabId) === settled && busyTabs.delete(tabId));
  return running;
}

async function answer(request) {
  if (request?.type === "ping") return { ok: true, version: VERSION };
  const checked = checkRequest(request);
  return { ok: true, ...(await oneAtATime(checked.tabId, () => dispatch(checked))) };
}

chrome.runtime.onMessageExternal.addListener((request, sender, sendResponse) => {
  if (sender.id !== MAIN_EXTENSION_ID || sender.tab || sender.url !== MAIN_WORKER_URL) {
    sendResponse({ ok: false, error: { code: "sender_not_allowed", message: "Only Hermes browser control's own worker may ask." } });
    return false;
  }
  answer(request).then(sendResponse, (error) => {
    const code = error instanceof Refusal ? error.code : "dispatch_failed";
    sendResponse({ ok: false, error: { code, message: String(error.message ?? error).slice(0, 300) } });
  });
  return true;
});


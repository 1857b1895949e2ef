// The trusted-input mode (issue 30): a click, a key press and typing on the controlled tab with the browser's real
// input, through the companion extension (extension/trusted_input/, which alone holds the debugger permission),
// instead of the engine's synthetic events. A page that acts only on event.isTrusted, and the browser's own default
// actions (caret movement, a date input's segments), then answer as to a person's input, as on the cdp lane.
//
// Off by default. Only the user turns it on, in the popup (messages.js: popup.trustedInput, open to the popup
// page alone), after the popup has said what it allows; no command of the agent or the server reads or writes the
// setting but to obey it. Each action then runs as the cdp lane's does (hermes_server.cdp.tools.pointer and
// keyboard): the same engine calls aim (guarded), underPointer, aimToType, typedAfter and settle, the same events
// (trusted_keys.js, from the cdp lane's tables in the contract), and the answer is checked as the synthetic path's
// is (what the press reached, the navigation, the read-back). Where the mode cannot apply (the companion does not
// answer, the element's frame cannot be placed in the tab, confirmations of typing are on), the action
// goes the synthetic way and its answer says so: trusted: false, trusted_note: why. With the mode on and real input
// used, the answer says trusted: true.
import { CONTRACT } from "./constants.js";
import { CommandError } from "./errors.js";
import { focusedFrame, frameOrigin, normalRef, runInFrame } from "./frames.js";
import { loadTabRefs } from "./storage.js";
import { read, write } from "./stored.js";
import {
  UnknownKey,
  arriving,
  clipboardChord,
  gestureOf,
  keyCommands,
  mouseCommands,
  mouseEvents,
  parseKey,
  replaceTextGestures,
} from "./trusted_keys.js";

const TRUSTED = CONTRACT.TRUSTED_INPUT;
const SETTING = "trustedInput";

// The user's setting (chrome.storage.local, through stored.js as every setting): true only once the user turned it on.
export const loadTrustedInputSetting = async () => (await read("local", SETTING, false)) === true;
export const saveTrustedInputSetting = (on) => write("local", SETTING, on === true);

// The companion's answer to `request`, or null when it is not installed (or disabled, or gone meanwhile).
async function askCompanion(request) {
  try {
    return (await chrome.runtime.sendMessage(TRUSTED.COMPANION_ID, request)) ?? null;
  } catch {
    return null;
  }
}

export async function companionInstalled() {
  return (await askCompanion({ type: "ping" }))?.ok === true;
}

// The companion's refusals that come before it attaches to the tab: nothing of the request was sent.
// A one-line field is typed a key per character, as the cdp lane types it; a longer line than this goes in as one
// insertion, as the companion takes at most 4,096 events a request.
const KEYED_LINE_MAX = 2000;
const REFUSED_BEFORE_SENDING = new Set(["no_such_tab", "not_a_web_page", "attach_failed"]);
// Nothing of this request reached the page (the tab cannot be debugged now: DevTools is open on it, say): the action
// can still be made the synthetic way (withTrustedInput).
class InputNotSent extends CommandError {}

// Sends `steps` (lists of input commands, each list back to back) to the tab through the companion; an error it
// answers is the action's (nothing, or only part, was sent: the answer never claims the press).
async function dispatch(tabId, steps) {
  const answer = await askCompanion({ type: "input", tabId, steps });
  if (answer?.ok) {
    await write("session", barKey(tabId), Date.now());
    return;
  }
  const why = answer?.error ? `${answer.error.code}: ${answer.error.message}` : "the companion extension did not answer";
  if (answer && REFUSED_BEFORE_SENDING.has(answer.error?.code)) throw new InputNotSent("trusted_input_failed", why);
  throw new CommandError("trusted_input_failed", `The trusted input could not be sent (${why}); try again.`);
}

// Chrome shows its "is debugging this browser" bar about 150 ms after the companion attaches to a tab, and takes it
// away 5 s after it lets the tab go (measured); the bar takes its height from the tab's viewport (56 px here). An
// action that aimed with the bar away pressed in a viewport that shrank under it: a press near its bottom fell past
// the new edge (Base Web's menu button, 680 px down a viewport of 713, of which 657 were left). So an action that
// presses at a point first brings the bar up, unless a request of the last BAR_KEPT_MS put it there, and aims once
// the page has been laid out anew (nextResize; BAR_WAIT_MS at most, for a bar that was up after all).
const BAR_KEPT_MS = 4000;
const BAR_WAIT_MS = 1000;
const barKey = (tabId) => `trustedInputBar:${tabId}`;
async function barShown(tabId) {
  if (Date.now() - (await read("session", barKey(tabId), 0)) < BAR_KEPT_MS) return;
  // (a page that goes away meanwhile has nothing to lay out: the action finds out what it has become)
  const laidOut = runInFrame(tabId, 0, "nextResize", [BAR_WAIT_MS]).catch(() => null);
  await dispatch(tabId, []); // attached and let go: nothing is sent
  await laidOut;
}

// Runs the action with real input (`trusted`: its answer {value, frameId, documentId}, {fallback: why}, or null
// for an action the cdp lane does not make with real input either) when the user turned the mode on and the
// companion answers; else, or on a fallback, `synthetic()`. With the mode on, the answer says which it was.
export async function withTrustedInput(trusted, synthetic) {
  if (!(await loadTrustedInputSetting())) return synthetic();
  let done = { fallback: "the trusted-input companion extension does not answer" };
  if (await companionInstalled()) {
    // A request the companion refused before attaching sent nothing (a click's earlier requests only moved the
    // pointer, and its guard was disarmed): the action is made the synthetic way.
    done = await trusted().catch((error) => {
      if (error instanceof InputNotSent) return { fallback: `the browser's real input could not be used: ${error.message}` };
      throw error;
    });
  }
  if (done === null) return synthetic();
  if (!done.fallback) return { ...done, value: { ...done.value, trusted: true } };
  const instead = await synthetic();
  return { ...instead, value: { ...instead.value, trusted: false, trusted_note: done.fallback } };
}

// The frame whose engine issued `ref` (the latest snapshot's), or stale_ref, as actInFrameOf.
async function frameOf(tabId, ref) {
  const frameId = (await loadTabRefs(tabId)).frames[normalRef(ref)];
  if (frameId === undefined) throw new CommandError("stale_ref", `No element ${normalRef(ref)} on this page; take a new snapshot.`);
  return frameId;
}

// engine[method](...args) in the frame: {value, frameId, documentId}; a script that could not run (the document
// went away) is stale_ref, as for the synthetic path.
async function engineCall(tabId, frameId, ref, method, args) {
  try {
    return await runInFrame(tabId, frameId, method, args);
  } catch (error) {
    if (error instanceof CommandError) throw error;
    throw new CommandError("stale_ref", `Element ${normalRef(ref)} is gone (${error.message}); take a new snapshot.`);
  }
}

const UNPLACED_FRAME = "the element's frame cannot be placed in the tab (it went away, or its parent cannot say where it is)";

// The engine's point (in its frame's viewport) in the tab's top viewport, where the browser's input goes: a frame
// whose ancestors are all of the top's origin knows its own place (frameOffset.complete); any other is placed by its
// parents' engines, each <iframe> on the way scrolled into view first (the cdp lane's _in_page). Null when it
// cannot be placed.
async function inTop(tabId, frameId, point) {
  if (frameId === 0) return { x: point.x, y: point.y };
  const origin = await frameOrigin(tabId, frameId, point.frameOffset, { scroll: true }).catch(() => null);
  return origin && { x: point.x + origin.x, y: point.y + origin.y };
}

// Lets go of the guard aim() armed for a press that will not be made (a page's real click must not meet it).
function disarm(tabId, frameId, token) {
  return runInFrame(tabId, frameId, "settle", [token, { maxMs: 0 }]).catch(() => {});
}

// What the press caused, once over, as the cdp lane's after_action: the engine's settle (with the guard's verdict:
// click_intercepted if it stopped the press) in the frame, or a navigation when the frame holds another document.
async function settled(tabId, frameId, aimedIn, token) {
  let after;
  try {
    after = await runInFrame(tabId, frameId, "settle", [token, {}]);
  } catch (error) {
    if (error instanceof CommandError) throw error;
    return { navigating: true }; // the frame's document went away under the call: the press navigated it
  }
  if (after.documentId && aimedIn.documentId && after.documentId !== aimedIn.documentId) return { navigating: true };
  const { ok, ms, replaced, ...caused } = after.value ?? {};
  return replaced ? { ...caused, navigating: true } : caused;
}

// browser_click with real input: {value, frameId, documentId} as runInFrame answers, or {fallback}.
export async function trustedClick(tabId, args) {
  const ref = normalRef(args.ref);
  const frameId = await frameOf(tabId, ref);
  const gesture = gestureOf(args);
  await barShown(tabId);
  const aiming = await engineCall(tabId, frameId, ref, "aim", [ref, { hover: gesture.hover, guard: true }]);
  const aimed = aiming.value;
  const point = await inTop(tabId, frameId, aimed);
  if (!point) {
    await disarm(tabId, frameId, aimed.watch);
    return { fallback: UNPLACED_FRAME };
  }
  const result = { ok: true, ref: aimed.ref, role: aimed.role, name: aimed.name, x: Math.round(point.x), y: Math.round(point.y) };
  for (const key of ["opens", "hint"]) if (aimed[key]) result[key] = aimed[key];
  let pressed = false;
  try {
    await pressAt(tabId, frameId, ref, aimed, point, gesture, result);
    pressed = true;
  } finally {
    if (!pressed && !gesture.hover) await disarm(tabId, frameId, aimed.watch);
  }
  const caused = await settled(tabId, frameId, aiming, aimed.watch);
  Object.assign(result, caused);
  if (gesture.hover && !caused.navigating) {
    const state = await runInFrame(tabId, frameId, "hoverState", [ref]).catch(() => null);
    for (const key of ["hovered", "notice"]) if (state?.value && key in state.value) result[key] = state.value[key];
  }
  return { value: result, frameId, documentId: aiming.documentId };
}

// The cdp lane's click_at: the pointer arrives, the page answers the hover (underPointer, every HOVER_LOOK_MS, as
// long as HOVER_SETTLE_MS, and INTERCEPTED_GRACE_MS longer while a press would land on something else: then
// click_intercepted and nothing is pressed), and the press goes where the element is then. A press that reaches
// the element through something else (its label, a hidden control's drawing) waits for no hover, but comes once
// the page has run the tasks the arrival queued (afterArrival), as a person's press comes a moment later.
async function pressAt(tabId, frameId, ref, aimed, point, gesture, result) {
  if (gesture.hover) {
    await dispatch(tabId, [mouseCommands(mouseEvents(point.x, point.y, gesture))]);
    return;
  }
  if (!aimed.onTarget) {
    await dispatch(tabId, [mouseCommands(mouseEvents(point.x, point.y, arriving(gesture)))]);
    await waitInFrame(tabId, frameId, "afterArrival", []);
    await sendClicks(tabId, frameId, aimed, mouseEvents(point.x, point.y, gesture, false));
    return;
  }
  const started = performance.now();
  let where;
  for (;;) {
    await dispatch(tabId, [mouseCommands(mouseEvents(point.x, point.y, arriving(gesture)))]);
    const waitedMs = performance.now() - started;
    where = (await engineCall(tabId, frameId, ref, "underPointer", [ref, aimed.x, aimed.y, TRUSTED.HOVER_LOOK_MS])).value;
    if (!where) throw new CommandError("stale_ref", `Element ${ref} is gone; take a new snapshot.`);
    if (!where.unsettled && !where.blocked) break;
    if (where.unsettled && waitedMs + TRUSTED.HOVER_LOOK_MS >= TRUSTED.HOVER_SETTLE_MS) break;
    if (where.blocked && waitedMs + TRUSTED.HOVER_LOOK_MS >= TRUSTED.HOVER_SETTLE_MS + TRUSTED.INTERCEPTED_GRACE_MS) {
      throw new CommandError(where.blocked.error.code, where.blocked.error.message);
    }
  }
  const moved = { x: point.x + where.x - aimed.x, y: point.y + where.y - aimed.y };
  result.x = Math.round(moved.x);
  result.y = Math.round(moved.y);
  await sendClicks(tabId, frameId, where, mouseEvents(moved.x, moved.y, gesture, false));
}

// The cdp lane's send_clicks: a gesture's mouse events back to back, except that a double click's second press
// comes once the page has drawn what the first click did and what lies at the point (`at`, in the frame's own
// coordinates) keeps still (beforeSecondPress), as a person's second press comes a moment after the first.
async function sendClicks(tabId, frameId, at, events) {
  const second = events.findIndex((event) => event.clickCount === 2);
  if (second < 0) {
    await dispatch(tabId, [mouseCommands(events)]);
    return;
  }
  await dispatch(tabId, [mouseCommands(events.slice(0, second))]);
  await waitInFrame(tabId, frameId, "beforeSecondPress", [at.x, at.y]);
  await dispatch(tabId, [mouseCommands(events.slice(second))]);
}

// One of the engine's waits between two parts of a gesture. A frame the first part navigated has nothing to wait
// for (its engine is gone with its document, or not yet in the new one): the gesture goes on, as the cdp lane's.
async function waitInFrame(tabId, frameId, wait, args) {
  try {
    await runInFrame(tabId, frameId, wait, args);
  } catch {
    // the frame navigated: nothing of its page is left to wait for
  }
}

// browser_type with real input (the cdp lane's _type_once), or {fallback}; null for a field the cdp lane does not
// type into with keys either (a select, a date or range input...: the engine sets it, as there).
export async function trustedType(tabId, args, { confirming }) {
  const ref = normalRef(args.ref);
  const frameId = await frameOf(tabId, ref);
  if (confirming) return { fallback: "typing is confirmed for password and payment fields: the extension types itself" };
  await barShown(tabId);
  const aiming = await engineCall(tabId, frameId, ref, "aimToType", [ref, TRUSTED.TEXT_INPUT_TYPES]);
  if (!aiming.value) throw new CommandError("stale_ref", `Element ${ref} is gone; take a new snapshot.`);
  const { facts, aimed } = aiming.value;
  if (!aimed) return null;
  if (aimed.ok === false) throw new CommandError(aimed.error.code, aimed.error.message);
  let text = args.text.replaceAll("\r", "");
  if (facts.tag === "input") text = text.replaceAll("\n", "");
  const point = await inTop(tabId, frameId, aimed);
  if (!point) {
    await disarm(tabId, frameId, aimed.watch);
    return { fallback: UNPLACED_FRAME };
  }
  const byKey = facts.tag === "input" && [...text].length <= KEYED_LINE_MAX;
  try {
    await typeGestures(tabId, frameId, ref, replaceTextGestures(point.x, point.y, text, { byKey }));
  } catch (error) {
    await disarm(tabId, frameId, aimed.watch);
    throw error;
  }
  const result = { ok: true, ref: aimed.ref, role: aimed.role, name: aimed.name };
  // Typing lands exactly or fails (type_mismatch): the engine reads back what the element holds once settled.
  let checked;
  try {
    checked = await runInFrame(tabId, frameId, "typedAfter", [aimed.watch, ref, args.text]);
  } catch (error) {
    if (error instanceof CommandError) throw error;
    checked = { value: { replaced: true } };
  }
  if (checked.value.replaced || (checked.documentId && checked.documentId !== aiming.documentId)) {
    // the typing navigated the frame: what the new document holds is read once it has loaded (followNavigation)
    return { value: { ...result, navigating: true }, frameId, documentId: aiming.documentId };
  }
  const { ok, ...read } = checked.value;
  return { value: { ...result, ...read }, frameId, documentId: aiming.documentId };
}

// The gestures of replaceTextGestures sent as the cdp lane's replace_text sends them: the click, then, once the page
// has drawn what it did and run its tasks (the engine's afterClick), the selection and the text; a key a page takes
// itself (it cancels its keydown: the engine's keyTaken) makes each later key wait for the page's next frame, as a
// person's keys come. In the top frame a step's gestures go back to back; in a child frame each waits for the one
// before (keys go to the focused frame only once the click has focused it).
async function typeGestures(tabId, frameId, ref, { click, selecting, keys }) {
  const send = (gestures) => (gestures.length ? dispatch(tabId, frameId === 0 ? [gestures.flat()] : gestures) : null);
  await send(click);
  await runInFrame(tabId, frameId, "afterClick", [ref]); // (a field read-only still, once clicked: readonly, no key)
  await send([...selecting, ...keys.slice(0, 1)]);
  if (keys.length < 2) return;
  if (!(await runInFrame(tabId, frameId, "keyTaken", [false])).value.taken) {
    await send(keys.slice(1));
    return;
  }
  for (const key of keys.slice(1)) {
    await send([key]);
    await runInFrame(tabId, frameId, "keyTaken", [true]);
  }
}

// browser_press with real input, or null for what the cdp lane does not press with real keys either: a copy, cut
// or paste (the session's own clipboard, never the browser's) and a key it does not know (the engine's error).
// With confirmations on, `asked` is the risk the user let before the press (or null): the key's risk is read again
// in the focused frame right before the key is sent, as the engine's press reads it as it acts (keyboard.js), and
// one the user was not asked about (the page moved the focus since) sends nothing: confirmation_needed, which the
// capability asks about before it presses again. A keydown that moves the focus is read at the keypress, where the
// key's text or Enter's click goes (the engine's guardPress cancels it there): confirmation_needed too, as the
// engine's press() answers. Undefined `asked`: confirmations are off.
export async function trustedPress(tabId, args, { asked } = {}) {
  let keys;
  try {
    keys = parseKey(args.key);
  } catch (error) {
    if (error instanceof UnknownKey) return null;
    throw error;
  }
  if (clipboardChord(keys)) return null;
  const frameId = await focusedFrame(tabId);
  const guarded = asked !== undefined;
  if (guarded) {
    const { risk } = (await runInFrame(tabId, frameId, "guardPress", [args.key, asked ?? false])).value;
    const letBefore = Boolean(asked) && ["risk", "kind", "label"].every((key) => risk?.[key] === asked[key]);
    if (risk && !letBefore) {
      await runInFrame(tabId, frameId, "pressGuarded", []);
      throw new CommandError("confirmation_needed", `Pressing ${JSON.stringify(args.key)} there needs the user's confirmation.`, risk);
    }
  }
  let watching;
  try {
    watching = await runInFrame(tabId, frameId, "watch", []);
    await dispatch(tabId, [keyCommands(keys)]);
  } finally {
    if (guarded) await runInFrame(tabId, frameId, "pressGuarded", []); // (throws confirmation_needed: refused there)
  }
  const caused = await settled(tabId, frameId, watching, watching.value);
  return { value: { ok: true, key: args.key, ...caused }, frameId, documentId: watching.documentId };
}

// The agent's own answer to the dialog its action opens (browser_click's and browser_press's `dialog`, issue 32).
// It is armed in the frame acted on as the action's input goes and read back right after it, in the same task
// (page/dialog_relay.js, frames.js runInFrame), so only an alert, confirm or prompt that this input opens there
// (its handlers, and the microtasks they queue) takes it; a dialog the page opens at any other time, a timer's,
// follows the user's policy (page/dialog_guard.js). In ask mode a confirm is accepted
// only once the user let it, with its message in the question (user_control.js): the action goes once with the
// confirm dismissed (its message is known only once it opens, and confirm() answers at once), and, once the user
// agrees, again with that very confirm accepted.
import { CommandError } from "./errors.js";
import { armingKey, dialogArmings, focusedFrame, normalRef } from "./frames.js";
import { loadTabRefs } from "./storage.js";
import { loadTrustedInputSetting } from "./trusted_input.js";

// How much of a dialog's message the agent is told (the page's text, quoted as data).
const MESSAGE_SHOWN = 1000;

// The frame a click on `ref` goes to; null when the ref is unknown (the click itself reports it).
export async function frameOfRef(tabId, ref) {
  return (await loadTabRefs(tabId)).frames[normalRef(ref)] ?? null;
}

// The frame a key press goes to.
export const frameOfPress = (tabId) => focusedFrame(tabId);

// act(answering) runs the action once, with answering(run) wrapping its input `run` (an engine or trusted-input
// call); resolves with act's result and, when the agent named `dialog`, `dialog`: {type, message, answer,
// user_refused?} of the dialog the input opened, or null when it opened none (left out when the frame's document
// changed before it could be asked). `frameOf()`: the frame the input goes to; `confirmDialog(message)`: ask mode's
// question, null when the user's mode asks nothing.
export async function answeringDialog({ tabId, frameOf, args, confirmDialog }, act) {
  if (args.dialog === undefined) return act((run) => run);
  const frameId = await frameOf();
  if (frameId === null) return act((run) => run);
  const arming = {
    answer: args.dialog,
    promptText: args.prompt_text ?? null,
    ask: args.dialog === "accept" && confirmDialog !== null,
  };
  let answered; // undefined: not known (the document changed), null: none opened
  const armedWith = (armed) => (run) => async () => {
    const outcome = await armedInput(tabId, frameId, armed, run);
    answered = outcome.answered;
    return outcome.done;
  };
  let result = await act(armedWith(arming));
  if (answered?.consent_needed) {
    const asked = answered;
    try {
      await confirmDialog(asked.message);
    } catch (error) {
      if (!(error instanceof CommandError) || error.code !== "user_declined") throw error;
      return { ...result, dialog: { ...shown(asked), user_refused: true } };
    }
    result = await act(armedWith({ ...arming, expected: asked.message }));
  }
  if (answered === undefined) return result;
  if (answered?.consent_needed) {
    const notice = "The action, made again once the user let the confirm, opened one with another message: dismissed.";
    return { ...result, dialog: shown(answered), notice };
  }
  return { ...result, dialog: answered && shown(answered) };
}

// {type, message, answer} as the agent reads it.
function shown({ type, message, answer }) {
  return { type, message: message.slice(0, MESSAGE_SHOWN), answer };
}

// run() with the frame's answer box armed: {done: run()'s answer, answered: the guard's record, null, or undefined
// when it could not be read}. The engine's action arms and reads it in the same task as its events (frames.js
// runInFrame). Real input (trusted_input.js) goes from the service worker: then the box is armed before it and
// read after it, by calls of their own, so a page's timer that fires in that interval (milliseconds) may take it.
async function armedInput(tabId, frameId, arming, run) {
  const key = armingKey(tabId, frameId);
  const armed = { arming, consumed: false, answered: undefined };
  const realInput = await loadTrustedInputSetting();
  const arm = (options) => globalThis.__hermesAgentDialog?.arm(options) === true;
  const before = realInput ? await inFrame(tabId, frameId, arm, [arming]) : null;
  dialogArmings.set(key, armed);
  let done;
  let after = null;
  try {
    done = await run();
  } finally {
    dialogArmings.delete(key);
    if (realInput) after = await inFrame(tabId, frameId, () => globalThis.__hermesAgentDialog?.disarm() ?? null, []);
  }
  if (armed.consumed) return { done, answered: armed.answered };
  const same = before?.result === true && after && after.documentId === before.documentId;
  return { done, answered: same ? after.result : undefined };
}

// Chrome's outcome ({result, documentId}) of func(...args) in the frame, or null when the frame is gone.
async function inFrame(tabId, frameId, func, args) {
  try {
    const [outcome] = await chrome.scripting.executeScript({ target: { tabId, frameIds: [frameId] }, func, args });
    return outcome ?? null;
  } catch {
    return null;
  }
}

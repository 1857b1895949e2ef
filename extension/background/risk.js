// Which actions are high-risk (issue 14, item 2): typing into a password or payment field, submitting a form
// that holds one, a click that starts a download, and every upload (the user's files leave for the site). Found
// out by looking at the element itself, in its own frame and in the isolated world the engine lives in (its refs
// are there), never by trusting the agent's arguments (an upload's files are the ones the server listed). The answer is a short description for the popup: the field's label and kind, never its value.
// Typing is checked by the engine itself as it types (typing.js: the field as it is once focused, and while the
// text goes in; capabilities.js asks then), with the same test of a field (sensitiveField) as a form's here. A
// click and a key press are judged by what they will do, as the engine reads it (fields.js riskOfAction, on a key's
// effect from keyboard.js keyEffect, the very reading its press acts on), never by how the agent spelled the key.
import { focusedFrame, normalRef, withEngine } from "./frames.js";
import { loadTabRefs } from "./storage.js";

// Runs in the page's frame (isolated world): what a click on the element `ref` names would risk, or null;
// `missing` when the frame has no engine yet (see withEngine). Self-contained, since chrome.scripting sends its source.
function clickRisk(ref, missing) {
  if (!globalThis.__hermesSnapshot) return missing;
  return globalThis.__hermesEngine.riskOfAction(globalThis.__hermesSnapshot.resolve(ref), "activate");
}

// The same in the frame a key goes to: what pressing `key` on its focused element would do (keyboard.js pressRisk).
function pressRisk(key, missing) {
  return globalThis.__hermesSnapshot ? globalThis.__hermesSnapshot.pressRisk(key).risk : missing;
}

// What the agent's call would risk on tab `tabId`, or null when it is not a high-risk action. `listed`: an
// upload's files as the host listed them ({name, size}: what the server read from the user's folders).
export async function riskOfCommand(tabId, action, args, listed) {
  if (action === "browser_file_upload") return { risk: "upload", files: listed ?? [] };
  if (action === "browser_click" && !args.hover) return riskAtRef(tabId, args.ref);
  if (action === "browser_press") return riskInFocus(tabId, String(args.key));
  return null;
}

async function riskAtRef(tabId, ref) {
  const frameId = (await loadTabRefs(tabId)).frames[normalRef(ref)];
  if (frameId === undefined) return null; // the capability reports the stale ref
  try {
    const risk = (await withEngine(tabId, frameId, clickRisk, [normalRef(ref)]))?.result;
    return risk && typeof risk === "object" ? risk : null;
  } catch {
    return null; // the frame went away: the capability reports it
  }
}

// The key goes where browser_press sends it (frames.js focusedFrame).
async function riskInFocus(tabId, key) {
  try {
    const risk = (await withEngine(tabId, await focusedFrame(tabId), pressRisk, [key]))?.result;
    return risk && typeof risk === "object" ? risk : null;
  } catch {
    return null;
  }
}

// The popup's words for it: what the agent is about to do, with the field's label, never the text; an upload
// names its files and their size.
export function describeRisk(risk) {
  if (risk.risk === "upload") return describeUpload(risk.files);
  // The page's own words, quoted (the popup shows them as text), cut where a question should end.
  if (risk.risk === "dialog") return `accept the page's confirmation "${quotedMessage(risk.message)}"`;
  const field = `the ${risk.kind === "password" ? "password" : "payment"} field "${risk.label}"`;
  if (risk.risk === "type") return `type into ${field}`;
  if (risk.risk === "submit") return `submit a form with ${field}`;
  return `start a download ("${risk.label}")`;
}

// A confirm's message as the popup quotes it: on one line, at most DIALOG_QUOTED characters.
const DIALOG_QUOTED = 300;
function quotedMessage(message) {
  const line = String(message).replace(/\s+/g, " ").trim();
  return line.length > DIALOG_QUOTED ? `${line.slice(0, DIALOG_QUOTED)}…` : line;
}

// "upload invoice.pdf (12 KB)", or "upload 3 files (a.pdf, b.png, c.txt: 40 KB)".
function describeUpload(files) {
  const size = files.reduce((sum, file) => sum + file.size, 0);
  const names = files.map((file) => String(file.name)).join(", ");
  return files.length === 1 ? `upload ${names} (${sizeText(size)})` : `upload ${files.length} files (${names}: ${sizeText(size)})`;
}

// Under 1 KB in bytes: a 13-byte file is "13 bytes", never "1 KB".
function sizeText(bytes) {
  if (bytes < 1024) return bytes === 1 ? "1 byte" : `${bytes} bytes`;
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}

// Where the action goes, in the popup's sentence: an upload goes to the site, anything else happens on it.
export const placeOf = (risk) => (risk.risk === "upload" ? "to" : "on");

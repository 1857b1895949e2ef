// Which actions are high-risk (issue 14, item 2): typing into a password or payment field, submitting a form
// that holds one, a click that starts a download, and every upload (the user's files leave for the site). Found
// out by looking at the element itself, in its own frame and in the isolated world the engine lives in (its refs
// are there), never by trusting the agent's arguments (an upload's files are the ones the server listed). The answer is a short description for the popup: the field's label and kind, never its value.
// Typing is checked by the engine itself as it types (typing.js: the field as it is once focused, and while the
// text goes in; capabilities.js asks then), with the same test of a field (sensitiveField) as a form's here.
import { focusedFrame, normalRef, withEngine } from "./frames.js";
import { loadTabRefs } from "./storage.js";

// Runs in the page's frame (isolated world): what acting on the element `ref` names (null: this frame's
// focused element) would risk, or null; `missing` when the frame has no engine yet (see withEngine).
// Self-contained, since chrome.scripting sends its source.
// mode: "click", "press" (Enter on it) or "paste" (the session's clipboard into it).
function riskOf(ref, mode, missing) {
  if (!globalThis.__hermesSnapshot) return missing;
  const clean = (text) => String(text ?? "").replace(/\s+/g, " ").trim().slice(0, 80);
  const firstSensitive = (form) => {
    for (const field of form ? form.elements : []) {
      const found = globalThis.__hermesEngine.sensitiveField(field);
      if (found) return found;
    }
    return null;
  };
  const element = ref !== null ? globalThis.__hermesSnapshot.resolve(ref) : document.activeElement;
  if (!element) return null;
  if (mode === "click") {
    const link = element.closest && element.closest("a[href]");
    if (link && link.hasAttribute("download")) {
      return { risk: "download", label: clean(link.textContent || link.getAttribute("download")) };
    }
    const submits =
      (element instanceof HTMLButtonElement && element.type === "submit") ||
      (element instanceof HTMLInputElement && (element.type === "submit" || element.type === "image"));
    const holding = submits ? firstSensitive(element.form) : null;
    return holding ? { risk: "submit", ...holding } : null;
  }
  // A paste into a password or payment field types into it.
  if (mode === "paste") {
    const sensitive = globalThis.__hermesEngine.sensitiveField(element);
    return sensitive ? { risk: "type", ...sensitive } : null;
  }
  // A key press: Enter in a field of a form that holds a sensitive field submits it.
  const field = element.form !== undefined ? element : null;
  const holding = field ? firstSensitive(field.form) : null;
  return holding ? { risk: "submit", ...holding } : null;
}

// The keys that paste (the engine's keyboard.js, clipboardChord).
const PASTE = /^((Control|Meta)\+(Shift\+)?[vV]|(Shift\+)?(Control|Meta)\+[vV]|Shift\+Insert)$/;

// What the agent's call would risk on tab `tabId`, or null when it is not a high-risk action. `listed`: an
// upload's files as the host listed them ({name, size}: what the server read from the user's folders).
export async function riskOfCommand(tabId, action, args, listed) {
  if (action === "browser_file_upload") return { risk: "upload", files: listed ?? [] };
  if (action === "browser_click") return riskAtRef(tabId, args.ref, "click");
  if (action === "browser_press" && /(^|\+)Enter$/.test(args.key)) return riskInFocus(tabId, "press");
  if (action === "browser_press" && PASTE.test(args.key)) return riskInFocus(tabId, "paste");
  return null;
}

async function riskAtRef(tabId, ref, mode) {
  const frameId = (await loadTabRefs(tabId)).frames[normalRef(ref)];
  if (frameId === undefined) return null; // the capability reports the stale ref
  try {
    const risk = (await withEngine(tabId, frameId, riskOf, [normalRef(ref), mode]))?.result;
    return risk && typeof risk === "object" ? risk : null;
  } catch {
    return null; // the frame went away: the capability reports it
  }
}

// The key goes where browser_press sends it (frames.js focusedFrame).
async function riskInFocus(tabId, mode) {
  try {
    const risk = (await withEngine(tabId, await focusedFrame(tabId), riskOf, [null, mode]))?.result;
    return risk && typeof risk === "object" ? risk : null;
  } catch {
    return null;
  }
}

// The popup's words for it: what the agent is about to do, with the field's label, never the text; an upload
// names its files and their size.
export function describeRisk(risk) {
  if (risk.risk === "upload") return describeUpload(risk.files);
  const field = `the ${risk.kind === "password" ? "password" : "payment"} field "${risk.label}"`;
  if (risk.risk === "type") return `type into ${field}`;
  if (risk.risk === "submit") return `submit a form with ${field}`;
  return `start a download ("${risk.label}")`;
}

// "upload invoice.pdf (12 KB)", or "upload 3 files (a.pdf, b.png, c.txt: 40 KB)".
function describeUpload(files) {
  const size = files.reduce((sum, file) => sum + file.size, 0);
  const names = files.map((file) => String(file.name)).join(", ");
  return files.length === 1 ? `upload ${names} (${sizeText(size)})` : `upload ${files.length} files (${names}: ${sizeText(size)})`;
}

function sizeText(bytes) {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

// Where the action goes, in the popup's sentence: an upload goes to the site, anything else happens on it.
export const placeOf = (risk) => (risk.risk === "upload" ? "to" : "on");

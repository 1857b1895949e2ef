// The agent's commands: ONE dispatch table from capability name to handler. A command runs only if its
// capability is in the contract's allowlist (the server enforces the same list) and has a handler here,
// and only with arguments that match the capability's schema from the contract.
import { answeringDialog, frameOfPress, frameOfRef } from "./agent_dialogs.js";
import { screenshotOf } from "./capture.js";
import { CONTRACT } from "./constants.js";
import { CommandError } from "./errors.js";
import { actInFocusedFrame, actInFrameOf, forgetRefs, inFrame, inFrameOf, normalRef, runInFrame, snapshotTab } from "./frames.js";
import { downloadRecord, listDownloads, withDownloads } from "./downloads.js";
import { followingTabs, followNavigation, loadedUnlessDownloaded } from "./following.js";
import { fillForm } from "./forms.js";
import { sendResult } from "./host_port.js";
import { checkArguments } from "./schema.js";
import { controlTab, controlTabIfFree, controlledTab, hostStatusApplied, isWebTab } from "./sessions.js";
import { changeControlled, loadChooserFrame, loadClipboard, loadTabRefs, loadControlled, loadOpenedTabs, loadRecentDialogs, logAction, saveClipboard, saveCrashReported } from "./storage.js";
import { documentIn, documentLeaving, isCrashed, pageInfo, waitForNavigation, waitForRecovery, waitForTopDocument } from "./tabs.js";
import { navigationTargetCreated, ruledTabs, siteRulesSettled, syncSiteRules } from "./site_rules.js";
import { trustedClick, trustedPress, trustedType, withTrustedInput } from "./trusted_input.js";
import { forgetFiles, takeFiles } from "./uploads.js";
import { checkLanding, checkUserControl, refusedSite } from "./user_control.js";

const runningCommands = new Map(); // command id -> AbortController
// How many images browser_get_images lists when no limit is given (hermes_wire.tool_spec.IMAGES_DEFAULT).
const IMAGES_DEFAULT = 50;
// The most of a PDF shown in the tab that browser_snapshot and browser_find read (its bytes go to the server, which
// reads their text): the cap of a download, as the same file downloaded would have.
const PDF_MAX_BYTES = CONTRACT.DOWNLOADS.MAX_FILE_BYTES;
// browser_snapshot's wait_timeout_s when none is given (hermes_wire.tool_spec.WAIT_TIMEOUT_DEFAULT_S, in its schema).
const WAIT_TIMEOUT_DEFAULT_S = 10;

// Each handler gets {sessionId, args, signal, checked, files} and returns {result, summary} (summary: for the action
// log). checked.controlled: the controlled tab as the user's checks just read it, or null (see checkUserControl);
// files: browser_file_upload's files, whole and checked (uploads.js takeFiles).
const CAPABILITIES = {
  "controller.noop": async () => ({ result: {} }),

  // A URL that is a file downloads it (downloads.js): the page stays, and the answer names the download.
  browser_navigate: async ({ sessionId, args, signal }) => {
    const tab = await controlledTab(sessionId, { recover: true });
    const result = await withDownloads(sessionId, tab, async (began) => {
      const leaving = isCrashed(tab) ? null : await documentIn(tab.id, 0);
      await chrome.tabs.update(tab.id, { url: args.url });
      await forgetRefs(tab.id);
      if (isCrashed(tab)) {
        await waitForRecovery(tab.id, signal);
        await saveCrashReported(tab.id, false);
      }
      return pageInfo(await loadedUnlessDownloaded(tab.id, { leaving, url: args.url }, began, signal));
    });
    return { result, summary: `opened ${args.url}` };
  },

  browser_back: ({ sessionId, signal }) => historyStep(sessionId, -1, signal),
  browser_forward: ({ sessionId, signal }) => historyStep(sessionId, +1, signal),

  browser_reload: async ({ sessionId, signal }) => {
    const tab = await controlledTab(sessionId);
    const documentId = await documentIn(tab.id, 0);
    await chrome.tabs.reload(tab.id);
    await forgetRefs(tab.id);
    const loaded = await waitForNavigation(tab.id, { frameId: 0, documentId, url: tab.url }, signal);
    return { result: pageInfo(loaded), summary: "reloaded the page" };
  },

  // list (the default), new (with url) or close (with id).
  browser_tabs: async ({ sessionId, args, signal }) => {
    if (args.action === "new") return newTab(sessionId, args, signal);
    if (args.action === "close") return closeTab(sessionId, args);
    if ("url" in args || "id" in args) {
      throw new CommandError("invalid_arguments", "url goes with action new, id with action close.");
    }
    return { result: await listTabs(sessionId), summary: "listed the tabs" };
  },

  browser_tab_activate: async ({ sessionId, args }) => {
    let tab;
    try {
      tab = await chrome.tabs.get(args.tab_id);
    } catch {
      throw new CommandError("invalid_arguments", `No tab ${args.tab_id}; call browser_tabs for the ids.`);
    }
    if (!isWebTab(tab)) throw new CommandError("not_a_web_page", notWebPage(tab.id, tab.url || tab.pendingUrl || ""));
    await controlTab(sessionId, tab.id); // first: a tab another session holds is refused, and stays as it was
    await chrome.tabs.update(tab.id, { active: true });
    await chrome.windows.update(tab.windowId, { focused: true });
    return { result: { id: tab.id, ...pageInfo(tab), controlled: true }, summary: `controls tab ${tab.id}` };
  },

  browser_screenshot: async ({ sessionId, args, signal }) => {
    const result = await screenshotOf(await controlledTab(sessionId), args, signal);
    const what = args.ref ? `a screenshot of ${normalRef(args.ref)}` : args.full_page ? "a full-page screenshot" : "a screenshot";
    return {
      result,
      summary: result.activated_tab ? `brought the tab to the front for ${what}` : `took ${what}`,
    };
  },

  browser_snapshot: async ({ sessionId, args, signal, checked }) => {
    // the tab the checks passed, not read again: the snapshot reads the very tab the user's rules were checked on
    let tab = await controlledTab(sessionId, { checked: checked.controlled });
    if (args.wait_for || args.wait_for_gone) {
      await waitForText(tab.id, args, signal);
      tab = await controlledTab(sessionId); // the page may have changed meanwhile: look at the tab again
    }
    tab = await waitForTopDocument(tab, signal);
    const read = { full: Boolean(args.full), reader: sessionId, changes: Boolean(args.changes), pdf: PDF_MAX_BYTES };
    const snapshot = await snapshotTab(tab.id, read);
    const recent = await loadRecentDialogs(tab.id);
    return {
      result: { ...snapshot, ...pageInfo(tab), recent_dialogs: recent },
      summary: args.full ? "read the whole page" : "read the page",
    };
  },

  // A full read that is no read of the session's: what browser_snapshot's changes compare with stays as it was.
  browser_find: async ({ sessionId, args, signal, checked }) => {
    const tab = await waitForTopDocument(await controlledTab(sessionId, { checked: checked.controlled }), signal);
    const asked = ["text", "role", "name", "limit"].filter((key) => key in args);
    const query = Object.fromEntries(asked.map((key) => [key, args[key]]));
    const found = await snapshotTab(tab.id, { full: true, find: query, pdf: PDF_MAX_BYTES });
    return { result: { ...found, ...pageInfo(tab) }, summary: "searched the page" };
  },

  browser_get_images: async ({ sessionId, args, signal, checked }) => {
    const tab = await waitForTopDocument(await controlledTab(sessionId, { checked: checked.controlled }), signal);
    const found = await snapshotTab(tab.id, { full: true, images: args.limit ?? IMAGES_DEFAULT });
    return { result: found, summary: `listed ${found.images.length} images` };
  },

  browser_click: async ({ sessionId, args, signal, checked }) => {
    const tab = await controlledTab(sessionId, { checked: checked.controlled });
    const options = { button: args.button ?? "left", double: Boolean(args.double), modifiers: args.modifiers ?? null, hover: Boolean(args.hover) };
    const synthetic = () => actInFrameOf(tab.id, args.ref, "click", [normalRef(args.ref), options]);
    const click = () => withTrustedInput(() => trustedClick(tab.id, args), synthetic); // the user's trusted-input mode
    const answering = { tabId: tab.id, frameOf: () => frameOfRef(tab.id, args.ref), args, confirmDialog: checked.confirmDialog ?? null };
    const soFar = { ok: true, ref: normalRef(args.ref) };
    const clicking = () => answeringDialog(answering, (armed) => followingTabs(sessionId, tab, armed(click), soFar, signal));
    const result = await withDownloads(sessionId, tab, clicking);
    return { result, summary: `${args.hover ? "hovered over" : "clicked"} ${describe(args.ref, result)}` };
  },

  browser_type: async ({ sessionId, args, signal, checked }) => {
    const tab = await controlledTab(sessionId, { checked: checked.controlled });
    const typing = (confirm) => actInFrameOf(tab.id, args.ref, "type", [normalRef(args.ref), args.text, { confirm }]);
    let done;
    try {
      const confirming = Boolean(checked.confirmTyping);
      done = await withTrustedInput(() => trustedType(tab.id, args, { confirming }), () => typing(confirming));
    } catch (error) {
      // A password or payment field, as the engine found it once focused or while typing: nothing is in it yet.
      if (!(error instanceof CommandError) || error.code !== "confirmation_needed" || !checked.confirmTyping) throw error;
      await checked.confirmTyping(error.field);
      done = await typing(false);
    }
    const result = await followNavigation(tab, done, signal);
    const shown = result.password ? "•".repeat(Math.min(args.text.length, 12)) : JSON.stringify(args.text.slice(0, 80));
    return { result, summary: `typed ${shown} into ${describe(args.ref, result)}` };
  },

  // Each field by browser_type's or browser_click's own capability (forms.js): the same input, confirmations
  // (a password or payment field asks in ask mode) and read-back; the tab is read again for each.
  browser_fill_form: async ({ sessionId, args, signal, checked }) => {
    const tab = await controlledTab(sessionId, { checked: checked.controlled });
    const each = { ...checked, controlled: null };
    const lane = {
      checkState: (ref) => inFrameOf(tab.id, ref, "checkState", [ref]),
      type: async (ref, text) => (await CAPABILITIES.browser_type({ sessionId, args: { ref, text }, signal, checked: each })).result,
      click: async (ref) => (await CAPABILITIES.browser_click({ sessionId, args: { ref }, signal, checked: each })).result,
    };
    const result = await fillForm(args.fields, lane);
    return { result, summary: `filled ${result.filled} fields` };
  },

  browser_drag: async ({ sessionId, args, signal, checked }) => {
    const tab = await controlledTab(sessionId, { checked: checked.controlled });
    const frames = (await loadTabRefs(tab.id)).frames;
    const [from, to] = [frames[normalRef(args.ref)], frames[normalRef(args.to_ref)]];
    if (from !== undefined && to !== undefined && from !== to) {
      throw new CommandError("invalid_arguments", "ref and to_ref are in different frames: a drag stays in one frame.");
    }
    const drag = () => actInFrameOf(tab.id, args.ref, "drag", [normalRef(args.ref), normalRef(args.to_ref)]);
    const result = await followingTabs(sessionId, tab, drag, { ok: true, ref: normalRef(args.ref) }, signal);
    return { result, summary: `dragged ${describe(args.ref, result)} onto ${normalRef(args.to_ref)}` };
  },

  // A file input (or its label) gets the files as the browser's chooser gives them; anything else gets them dropped.
  // Without ref, the input whose file chooser the last action opened gets them (the engine of that frame knows it).
  browser_file_upload: async ({ sessionId, args, signal, checked, files }) => {
    const tab = await controlledTab(sessionId, { checked: checked.controlled });
    const ref = args.ref === undefined ? null : normalRef(args.ref);
    const inTarget = (method, callArgs) =>
      ref === null ? inChooserFrame(tab.id, method, callArgs) : actInFrameOf(tab.id, ref, method, callArgs);
    const target = (await inTarget("fileTarget", [ref])).value;
    if (target.input && files.length > 1 && !target.multiple) {
      throw new CommandError("invalid_arguments", `The file input ${ref ?? "of the file chooser"} takes one file; give one path.`);
    }
    const give = () => inTarget(target.input ? "setFiles" : "dropFiles", [ref, files]);
    const result = await followingTabs(sessionId, tab, give, ref === null ? { ok: true } : { ok: true, ref }, signal);
    const names = files.map((file) => JSON.stringify(file.name)).join(", ");
    const where = ref === null ? "the file chooser" : describe(ref, result);
    return { result, summary: `${target.input ? "gave" : "dropped"} ${names} ${target.input ? "to" : "on"} ${where}` };
  },

  browser_press: async ({ sessionId, args, signal, checked }) => {
    const tab = await controlledTab(sessionId, { checked: checked.controlled });
    const clipboard = await loadClipboard(sessionId);
    // With confirmations on, the engine reads the key's risk again as it acts (asked: what the user let before it,
    // user_control.js): one the user was not asked about (the page moved the focus since) presses nothing, and is
    // asked about here before the key is pressed again.
    // (nothing let is false, not null: chrome.scripting drops a null from an object it passes to the page, and the
    // engine took a press with no asked for confirmations off, reading no risk again)
    const options = (asked) => (checked.confirmTyping ? { clipboard, asked: asked ?? false } : { clipboard });
    const synthetic = (asked) => () => actInFocusedFrame(tab.id, "press", [args.key, options(asked)]);
    const trusted = (asked) => () => trustedPress(tab.id, args, checked.confirmTyping ? { asked } : {});
    const press = (asked) => () => withTrustedInput(trusted(asked), synthetic(asked));
    const answering = { tabId: tab.id, frameOf: () => frameOfPress(tab.id), args, confirmDialog: checked.confirmDialog ?? null };
    const pressing = (asked) =>
      withDownloads(sessionId, tab, () =>
        answeringDialog(answering, (armed) => followingTabs(sessionId, tab, armed(press(asked)), { ok: true, key: args.key }, signal)),
      );
    let result;
    try {
      result = await pressing(checked.asked ?? null);
    } catch (error) {
      if (!(error instanceof CommandError) || error.code !== "confirmation_needed" || !checked.confirmTyping) throw error;
      await checked.confirmTyping(error.field); // {risk, kind, label}: its own words (describeRisk)
      result = await pressing(error.field);
    }
    if (result.clipboard) {
      if (result.clipboard.text !== undefined) await saveClipboard(sessionId, result.clipboard.text);
      result.clipboard = clipboardShown(result.clipboard);
    }
    return { result, summary: `pressed ${args.key}` };
  },

  // The session's downloads (downloads.js); the server reads the files they name, inside the download folder.
  browser_downloads: async ({ sessionId }) => ({ result: { downloads: await listDownloads(sessionId) }, summary: "listed the downloads" }),
  browser_read_download: async ({ sessionId, args, signal }) => ({
    result: { download: await downloadRecord(sessionId, args.id, signal) },
    summary: `read the download ${args.id}`,
  }),

  browser_scroll: async ({ sessionId, args, checked }) => {
    const tab = await controlledTab(sessionId, { checked: checked.controlled });
    const options = { pages: args.pages ?? null };
    const direction = args.direction ?? null;
    const done = args.ref
      ? await inFrameOf(tab.id, args.ref, "scroll", [normalRef(args.ref), direction, options])
      : await inFrame(tab.id, 0, "scroll", [null, direction, options]);
    const where = args.ref ? (direction ? ` in ${normalRef(args.ref)}` : ` to ${normalRef(args.ref)}`) : "";
    return { result: done, summary: `scrolled${direction ? " " + direction : ""}${where}` };
  },
};

// An engine call ({value, frameId, documentId}) in the frame whose last action opened a file chooser: no_file_chooser
// when none did, or that frame is gone.
async function inChooserFrame(tabId, method, args) {
  const NO_FILE_CHOOSER =
    "No file chooser is open: click the uploader's button first (its answer says file_chooser), or give ref (the file input or the drop zone).";
  const frameId = await loadChooserFrame(tabId);
  if (frameId === null) throw new CommandError("no_file_chooser", NO_FILE_CHOOSER);
  try {
    return await runInFrame(tabId, frameId, method, args);
  } catch (error) {
    if (error instanceof CommandError) throw error;
    throw new CommandError("no_file_chooser", NO_FILE_CHOOSER);
  }
}

// What the agent is told of a copy, cut or paste (the engine's keyboard.js): the length, and the text copied up to
// CLIPBOARD_SHOWN characters, never a password field's (hermes_server.cdp.tools does the same).
const CLIPBOARD_SHOWN = 200;
function clipboardShown({ text, ...told }) {
  return text === undefined || told.password ? told : { ...told, text: text.slice(0, CLIPBOARD_SHOWN) };
}

// browser_snapshot's wait_for / wait_for_gone: wait (in the top frame, from its DOM changes) until the text is
// shown / no longer shown, within wait_timeout_s; a page that navigates meanwhile is waited on again once loaded.
async function waitForText(tabId, args, signal) {
  const conditions = [];
  if (args.wait_for) conditions.push([args.wait_for, false]);
  if (args.wait_for_gone) conditions.push([args.wait_for_gone, true]);
  const timeoutS = args.wait_timeout_s ?? WAIT_TIMEOUT_DEFAULT_S;
  const deadline = Date.now() + timeoutS * 1000;
  for (const [text, gone] of conditions) {
    for (;;) {
      const remaining = deadline - Date.now();
      let waited = null;
      if (remaining > 0) {
        await waitForTopDocument(tabId, signal);
        const documentId = await documentIn(tabId, 0);
        const leaving = new AbortController();
        const forward = () => leaving.abort();
        signal.addEventListener("abort", forward);
        const left = documentLeaving(tabId, 0, documentId, leaving.signal).then(() => null);
        try {
          waited = await Promise.race([inFrame(tabId, 0, "waitForText", [text, gone, remaining]), left]);
        } catch (error) {
          if (error instanceof CommandError && error.code !== "command_cancelled") throw error;
          if (signal.aborted) throw error;
          continue; // the document went away while we waited: wait in the next one
        } finally {
          signal.removeEventListener("abort", forward);
          leaving.abort();
          left.catch(() => {}); // stopped on purpose
        }
        if (!waited) continue;
        if (waited.met) break;
      }
      throw new CommandError("wait_timeout", waitTimeoutMessage(text, gone, timeoutS));
    }
  }
}

function waitTimeoutMessage(text, gone, timeoutS) {
  const shown = JSON.stringify(text.slice(0, 80));
  return `${shown} was ${gone ? "still shown" : "not shown"} on the page after ${timeoutS} s; take a snapshot to see what it shows, or wait longer with wait_timeout_s.`;
}

function notWebPage(tabId, url) {
  const scheme = url.split(":")[0] || "no";
  return `Tab ${tabId} shows a ${scheme}: page, not a web page; an agent controls web pages only. Call browser_tabs and pick a tab with an http(s) page.`;
}

function describe(ref, done) {
  return done && done.role ? `${done.role} "${done.name ?? ""}" (${normalRef(ref)})` : normalRef(ref);
}

function handlerFor(action) {
  const allowed = CONTRACT.CAPABILITY_ALLOWLIST.includes(action) && Object.hasOwn(CAPABILITIES, action);
  if (!allowed) {
    throw new CommandError("capability_not_allowed", `${String(action).slice(0, 60)} is not a capability of this controller.`);
  }
  return CAPABILITIES[action];
}

// A tab on a site the user's rules refuse this session is listed by that site only, never its URL or title: a
// blocked site, or an undecided one in a tab the rules hold in (it shows the error page of a refused request).
async function listTabs(sessionId) {
  const [controlledTabs, opened, tabs] = await Promise.all([loadControlled(), loadOpenedTabs(), chrome.tabs.query({})]);
  const controlled = controlledTabs[sessionId];
  const ruled = ruledTabs(controlledTabs, opened);
  const listed = [];
  for (const tab of tabs) {
    const refused = await refusedSite(sessionId, tab.url, { undecided: ruled.has(tab.id) });
    const shown = refused ? { refused } : { title: tab.title, url: tab.url };
    listed.push({ id: tab.id, ...shown, active: tab.active, controlled: tab.id === controlled });
  }
  return listed;
}

// A tab of the session's own, next to the controlled one and in front, that the session controls and that loads
// `url` as browser_navigate does. It counts as opened from the tab controlled until now (site_rules.js): the
// user's rules hold in it from its first request, it is the session's to close, and closing it gives control back.
async function newTab(sessionId, args, signal) {
  if (!("url" in args) || "id" in args) {
    throw new CommandError("invalid_arguments", "action new takes a url (and no id).");
  }
  const from = (await loadControlled())[sessionId];
  const fromTab = from === undefined ? null : await chrome.tabs.get(from).catch(() => null);
  const created = await chrome.tabs.create({
    url: "about:blank",
    active: true,
    ...(fromTab ? { windowId: fromTab.windowId, openerTabId: fromTab.id, index: fromTab.index + 1 } : {}),
  });
  if (fromTab) await navigationTargetCreated({ tabId: created.id, sourceTabId: fromTab.id });
  await controlTab(sessionId, created.id); // the site rules hold in it before its URL loads
  const { result } = await CAPABILITIES.browser_navigate({ sessionId, args: { url: args.url }, signal });
  return { result: { id: created.id, ...result, controlled: true }, summary: `opened a tab on ${args.url}` };
}

// Closes a tab the session may close: the one it controls, or one it opened (a new tab, or a tab one of its pages
// opened: the tabs the user's rules hold in for it, ruledTabs); never the user's (not_your_tab). Closing the
// controlled tab gives control to the tab it was opened from, if that is still open.
async function closeTab(sessionId, args) {
  if (!("id" in args) || "url" in args) {
    throw new CommandError("invalid_arguments", "action close takes the id of a tab (and no url).");
  }
  const tab = await chrome.tabs.get(args.id).catch(() => null);
  if (!tab) throw new CommandError("invalid_arguments", `No tab ${args.id}; call browser_tabs for the ids.`);
  const [controlledTabs, opened] = await Promise.all([loadControlled(), loadOpenedTabs()]);
  if (ruledTabs(controlledTabs, opened).get(tab.id) !== sessionId) {
    throw new CommandError(
      "not_your_tab",
      `Tab ${tab.id} was opened by the user, not by this session: an agent closes only the tabs it opened and the ` +
        "one it controls.",
    );
  }
  const controlled = controlledTabs[sessionId] === tab.id;
  const backTo = opened[tab.id];
  await chrome.tabs.remove(tab.id);
  let controls = null;
  if (controlled) {
    const previous = backTo === undefined ? null : await chrome.tabs.get(backTo).catch(() => null);
    const backInControl = previous && isWebTab(previous) && (await controlTabIfFree(sessionId, previous.id));
    if (backInControl) {
      await chrome.tabs.update(previous.id, { active: true });
      controls = { id: previous.id, ...pageInfo(previous) };
    } else {
      await changeControlled(({ [sessionId]: _closed, ...rest }) => rest);
    }
  } else {
    const now = controlledTabs[sessionId];
    const still = now === undefined ? null : await chrome.tabs.get(now).catch(() => null);
    controls = still ? { id: still.id, ...pageInfo(still) } : null;
  }
  return { result: { closed: tab.id, controls }, summary: `closed tab ${tab.id}` };
}

// How long a step forward waits for its navigation to start when the page cannot tell whether there is a next
// entry (the Navigation API lists only the entries of the page's own origin): none started, there is none.
const FORWARD_START_MS = 1500;

// Back (-1) or forward (+1) one entry of the tab's history, with history.back() / forward() in the page, not
// chrome.tabs.goBack(): Chrome's back button skips entries made without a user gesture, and every navigation the
// agent causes is one of those. Then waits for the page there, as a navigation does.
async function historyStep(sessionId, step, signal) {
  const tab = await controlledTab(sessionId);
  const back = step < 0;
  const [{ result: known, documentId }] = await chrome.scripting.executeScript({
    target: { tabId: tab.id, frameIds: [0] },
    func: (wantBack) => (wantBack ? history.length > 1 : Boolean(globalThis.navigation?.canGoForward)),
    args: [back],
  });
  const noEntry = new CommandError("no_history", `There is no ${back ? "previous" : "next"} page in this tab.`);
  if (back && !known) throw noEntry;
  const started = navigationStarted(tab.id, known ? null : FORWARD_START_MS);
  await chrome.scripting.executeScript({
    target: { tabId: tab.id, frameIds: [0] },
    func: (wantBack) => (wantBack ? history.back() : history.forward()),
    args: [back],
  });
  if (!(await started)) throw noEntry;
  await forgetRefs(tab.id);
  const loaded = await waitForNavigation(tab.id, { frameId: 0, documentId, url: tab.url }, signal);
  return { result: pageInfo(loaded), summary: back ? "went back" : "went forward" };
}

// Resolves true once a navigation of the tab's top frame starts (or commits: a page the back-forward cache
// restores starts none); with a bound, false if none has by then.
function navigationStarted(tabId, boundMs) {
  if (boundMs === null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const events = [chrome.webNavigation.onBeforeNavigate, chrome.webNavigation.onCommitted];
    const seen = (details) => {
      if (details.tabId === tabId && details.frameId === 0) finish(true);
    };
    const timer = setTimeout(() => finish(false), boundMs);
    const finish = (started) => {
      clearTimeout(timer);
      for (const event of events) event.removeListener(seen);
      resolve(started);
    };
    for (const event of events) event.addListener(seen);
  });
}

// Runs one command from the host and sends its outcome back, unless the server cancelled it meanwhile
// (it has then answered the agent already).
export async function runCommand(message) {
  const { session_id: sessionId, command_id: commandId, action } = message;
  const args = message.arguments ?? {};
  const controller = new AbortController();
  runningCommands.set(commandId, controller);
  try {
    const run = handlerFor(action);
    checkArguments(CONTRACT.ARGUMENT_SCHEMAS[action], args);
    await hostStatusApplied(); // a session's first command finds the tab it adopted on connecting
    // The user's rules (site permissions, confirmations, pause) come before any capability runs.
    const { signal } = controller;
    // An upload's files: listed in the command, their bytes came before it (uploads.js), whole or not at all.
    const listed = message.files ?? null;
    const files = action === "browser_file_upload" ? await takeFiles(commandId, listed) : null;
    const checked = await checkUserControl({ sessionId, action, args, listed, signal, timeoutMs: message.timeout_ms });
    // An answer the user just gave is in the browser's rules before the action's requests leave; otherwise the rules
    // in force are the latest (rebuilt on every change), once a rebuild under way is over.
    await (checked.waited ? syncSiteRules() : siteRulesSettled());
    // The answer never shows a page the rules refused: whether the action went well or failed (the engine cannot
    // read the error page a refused request leaves), a tab that has gone to a refused site answers that refusal.
    const { result, summary } = await run({ sessionId, args, signal, checked, files }).catch(async (error) => {
      await checkLanding(sessionId, action, { failed: true, args });
      throw error;
    });
    if (controller.signal.aborted) throw controller.signal.reason;
    if (result && typeof result === "object") {
      delete result.downloading; // the engine's word for this worker only, as the navigation that left no document
      delete result.droppedNavigation;
    }
    await checkLanding(sessionId, action, { args });
    sendResult(commandId, { ok: true, result });
    if (action !== "controller.noop") await logAction(sessionId, action, summary ?? ""); // a channel check, not an action
  } catch (caught) {
    // An abort whose reason is a CommandError (the user paused) is reported; a server cancel is not (it has
    // answered the agent already).
    const aborted = controller.signal.aborted;
    const error = aborted ? controller.signal.reason : caught;
    if (aborted && !(error instanceof CommandError)) return;
    const code = error instanceof CommandError ? error.code : "extension_error";
    sendResult(commandId, { ok: false, error: { code, message: error.message || String(error) } });
    await logAction(sessionId, action, `failed: ${code}`);
  } finally {
    runningCommands.delete(commandId);
    forgetFiles(commandId);
  }
}

export function cancelCommand(commandId) {
  runningCommands.get(commandId)?.abort();
}

// The host went away: no command can report back any more.
export function cancelAllCommands() {
  for (const controller of runningCommands.values()) controller.abort();
}

// The user stopped the agent: every running command fails with `error` (a CommandError), reported to the server.
export function failAllCommands(error) {
  for (const controller of runningCommands.values()) controller.abort(error);
}

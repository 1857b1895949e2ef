// Hermes browser control: the extension's service worker.
//
// It connects to the native host (which holds the WebSocket to the Hermes server), runs the
// agent's commands on the tab each session controls, and serves the popup.
//
// The MV3 service worker can be stopped at any moment.  So: every listener is registered at the
// top level and waits on init(); everything that must outlive the worker (profile id, which tab
// each session controls, element refs, recent dialogs, the action log, the last host status)
// lives in chrome.storage; an open native port keeps the worker alive while the host runs.
"use strict";

importScripts("protocol.js", "background/contract.js");

const POPUP_URL = chrome.runtime.getURL("popup.html");
const RECONNECT_DELAYS_MS = [500, 1000, 2000, 5000, 10000];
const LOAD_POLL_MS = 100;
const SETTLE_MS = 300;
const CAPTURE_SPACING_MS = 550;
let lastCaptureAt = 0;

class CommandError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

// ----- storage ------------------------------------------------------------------------------------

async function load(area, key, fallback) {
  const found = await chrome.storage[area].get(key);
  return found[key] === undefined ? fallback : found[key];
}

function save(area, key, value) {
  return chrome.storage[area].set({ [key]: value });
}

async function profileId() {
  let id = await load("local", "profileId", null);
  if (!id) {
    id = "profile-" + crypto.randomUUID().replaceAll("-", "").slice(0, 20);
    await save("local", "profileId", id);
  }
  return id;
}

// ----- the native host ----------------------------------------------------------------------------

let port = null;
let nextRequestId = 1;
let reconnectAttempt = 0;
const waitingReplies = new Map(); // request id -> {resolve, reject, timer}
const runningCommands = new Map(); // command id -> AbortController

function connectHost() {
  if (port) return;
  port = chrome.runtime.connectNative(HERMES.HOST_NAME);
  port.onMessage.addListener(onHostMessage);
  port.onDisconnect.addListener(() => {
    const reason = chrome.runtime.lastError?.message || "the native host exited";
    port = null;
    for (const { reject, timer } of waitingReplies.values()) {
      clearTimeout(timer);
      reject(new CommandError("host_disconnected", reason));
    }
    waitingReplies.clear();
    for (const controller of runningCommands.values()) controller.abort();
    saveHostStatus({ host: "disconnected", host_message: reason });
    const delay = RECONNECT_DELAYS_MS[Math.min(reconnectAttempt++, RECONNECT_DELAYS_MS.length - 1)];
    setTimeout(() => connectHost(), delay);
  });
  hello().catch((error) => console.warn("hello failed:", error.message));
}

async function hello() {
  const reply = await askHost(HERMES.HELLO, {
    version: HERMES.HOST_PROTOCOL_VERSION,
    browser_profile_id: await profileId(),
  });
  reconnectAttempt = 0;
  await saveHostStatus(reply.status);
}

function askHost(type, fields = {}) {
  return new Promise((resolve, reject) => {
    if (!port) {
      reject(new CommandError("host_disconnected", "The Hermes native host is not connected."));
      return;
    }
    const id = `x${nextRequestId++}`;
    const timer = setTimeout(() => {
      waitingReplies.delete(id);
      reject(new CommandError("timeout", `The native host did not answer ${type} in time.`));
    }, HERMES.REQUEST_TIMEOUT_MS[type]);
    waitingReplies.set(id, { resolve, reject, timer });
    port.postMessage({ type, id, ...fields });
  }).then((reply) => {
    if (!reply.ok) throw new CommandError(reply.error?.code || "host_error", reply.error?.message || "failed");
    return reply;
  });
}

async function onHostMessage(message) {
  await init();
  if (message.reply_to !== undefined && waitingReplies.has(message.reply_to)) {
    const { resolve, timer } = waitingReplies.get(message.reply_to);
    clearTimeout(timer);
    waitingReplies.delete(message.reply_to);
    resolve(message);
  } else if (message.type === HERMES.STATUS) {
    await saveHostStatus(message.status);
  } else if (message.type === HERMES.COMMAND) {
    await runCommand(message);
  } else if (message.type === HERMES.CANCEL) {
    runningCommands.get(message.command_id)?.abort();
  } else if (message.type === HERMES.ERROR) {
    console.warn("native host error:", message.error);
  }
}

function sendResult(commandId, outcome) {
  if (port) port.postMessage({ type: HERMES.RESULT, command_id: commandId, ...outcome });
}

// ----- host status, pairing, sessions ---------------------------------------------------------------

async function saveHostStatus(status) {
  const previous = await load("session", "hostStatus", {});
  const merged = { ...previous, host: "connected", host_message: null, ...status };
  await save("session", "hostStatus", merged);
  await adoptNewSessions(merged.sessions || []);
  await maybeStartPairing(merged);
}

// Opening the popup, or the extension starting unpaired while the server runs, asks for pairing
// by itself: the user only has to click Approve.
async function maybeStartPairing(status) {
  if (status.host !== "connected" || status.paired || status.pairing || status.server !== "running") return;
  if (await load("session", "pairingAsked", false)) return;
  await save("session", "pairingAsked", true);
  try {
    await askHost(HERMES.PAIR_START, { label: "Chromium" });
  } catch (error) {
    await save("session", "pairingAsked", false);
    console.warn("pair.start failed:", error.message);
  }
}

// A newly connected session controls the tab that is active at that moment.  The mapping is kept
// when a session drops out of the host's list: a restarted host lists nothing until it has
// reconnected, and the session must come back to the same tab.
async function adoptNewSessions(sessions) {
  const controlled = await load("session", "controlled", {});
  for (const session of sessions) {
    if (session.state === "connected" && controlled[session.session_id] === undefined) {
      const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
      if (tab) controlled[session.session_id] = tab.id;
    }
  }
  await save("session", "controlled", controlled);
  await refreshBadges();
}

// The toolbar badge marks each tab that a connected session controls.
async function refreshBadges() {
  const controlled = await load("session", "controlled", {});
  const sessions = (await load("session", "hostStatus", {})).sessions || [];
  const underControl = new Set(
    sessions.filter((s) => s.state === "connected").map((s) => controlled[s.session_id]),
  );
  for (const tab of await chrome.tabs.query({})) {
    const on = underControl.has(tab.id);
    await chrome.action.setBadgeText({ tabId: tab.id, text: on ? "AI" : "" });
    if (on) await chrome.action.setBadgeBackgroundColor({ tabId: tab.id, color: "#b3261e" });
  }
}

async function controlledTab(sessionId) {
  const controlled = await load("session", "controlled", {});
  let tabId = controlled[sessionId];
  if (tabId === undefined) {
    const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
    if (!tab) throw new CommandError("no_tab", "There is no open tab to control.");
    controlled[sessionId] = tabId = tab.id;
    await save("session", "controlled", controlled);
    await refreshBadges();
  }
  try {
    return await chrome.tabs.get(tabId);
  } catch {
    throw new CommandError(
      "tab_closed",
      "The controlled tab was closed. Call browser_tabs, then browser_tab_activate to control another tab.",
    );
  }
}

// ----- the action log ----------------------------------------------------------------------------

async function logAction(sessionId, action, summary) {
  const log = await load("session", "actionLog", []);
  log.push({ at: Date.now(), session_id: sessionId, action, summary });
  await save("session", "actionLog", log.slice(-HERMES.ACTION_LOG_SIZE));
}

// ----- commands -----------------------------------------------------------------------------------

async function runCommand(message) {
  const { session_id: sessionId, command_id: commandId, action } = message;
  const args = message.arguments ?? {};
  const controller = new AbortController();
  runningCommands.set(commandId, controller);
  try {
    const capability = HERMES.CAPABILITY_ALLOWLIST.includes(action) ? CAPABILITIES[action] : undefined;
    if (!capability) {
      throw new CommandError("capability_not_allowed", `${String(action).slice(0, 60)} is not a capability of this controller.`);
    }
    checkArguments(capability.args, args);
    const { result, summary } = await capability.run({ sessionId, args, signal: controller.signal });
    if (controller.signal.aborted) return; // cancelled: the server has already answered the agent
    sendResult(commandId, { ok: true, result });
    if (action !== "controller.noop") await logAction(sessionId, action, summary ?? ""); // a channel check, not an action
  } catch (error) {
    if (controller.signal.aborted) return;
    const code = error instanceof CommandError ? error.code : "extension_error";
    sendResult(commandId, { ok: false, error: { code, message: error.message || String(error) } });
    await logAction(sessionId, action, `failed: ${code}`);
  } finally {
    runningCommands.delete(commandId);
  }
}

// Argument checking, again (the server checked the same schema): a defence in depth before a page is touched.
const REF = { type: "string", pattern: /^@?e[0-9]{1,7}$/ };
function checkArguments(spec, args) {
  if (typeof args !== "object" || args === null || Array.isArray(args)) {
    throw new CommandError("invalid_arguments", "arguments must be an object");
  }
  for (const name of Object.keys(args)) {
    if (!(name in spec)) throw new CommandError("invalid_arguments", `arguments.${name} is not accepted`);
  }
  for (const [name, rule] of Object.entries(spec)) {
    const value = args[name];
    if (value === undefined) {
      if (rule.required) throw new CommandError("invalid_arguments", `arguments.${name} is required`);
      continue;
    }
    const type = rule.type === "integer" ? "number" : rule.type;
    const bad =
      typeof value !== type ||
      (rule.type === "integer" && (!Number.isInteger(value) || value < 0)) ||
      (rule.pattern && !rule.pattern.test(value)) ||
      (rule.enum && !rule.enum.includes(value)) ||
      (rule.maxLength && value.length > rule.maxLength);
    if (bad) throw new CommandError("invalid_arguments", `arguments.${name} is not valid`);
  }
}

function required(rule) {
  return { ...rule, required: true };
}

// ----- page helpers -------------------------------------------------------------------------------

async function waitForLoad(tabId, signal, previousUrl = null) {
  // Poll the tab: it is simpler than juggling onUpdated listeners across a worker restart, and
  // the cancel frame (signal) bounds the wait by the command's deadline.
  for (;;) {
    if (signal.aborted) throw new CommandError("command_cancelled", "cancelled");
    const tab = await chrome.tabs.get(tabId);
    if (tab.status === "complete" && (previousUrl === null || tab.url !== previousUrl || tab.pendingUrl === undefined)) {
      return tab;
    }
    await new Promise((resolve) => setTimeout(resolve, LOAD_POLL_MS));
  }
}

// After an action that may navigate (a click on a link, Enter in a form), give the page a moment
// to start loading and, if it does, wait for the load, so the agent's next snapshot sees the new page.
async function settle(tabId, signal) {
  const started = Date.now();
  const before = await chrome.tabs.get(tabId);
  while (Date.now() - started < SETTLE_MS) {
    const tab = await chrome.tabs.get(tabId);
    if (tab.status === "loading" || tab.url !== before.url) return waitForLoad(tabId, signal);
    await new Promise((resolve) => setTimeout(resolve, LOAD_POLL_MS / 2));
  }
  return before;
}

function pageInfo(tab) {
  return { url: tab.url, title: tab.title };
}

// ----- the dispatch table: one entry per allowlisted capability ---------------------------------

const CAPABILITIES = {
  "controller.noop": {
    args: {},
    run: async () => ({ result: {} }),
  },

  browser_navigate: {
    args: { url: required({ type: "string", pattern: /^(https?:\/\/\S+|about:blank)$/, maxLength: 8192 }) },
    run: async ({ sessionId, args, signal }) => {
      const tab = await controlledTab(sessionId);
      await chrome.tabs.update(tab.id, { url: args.url });
      await forgetRefs(tab.id);
      const loaded = await waitForLoad(tab.id, signal);
      return { result: pageInfo(loaded), summary: `opened ${args.url}` };
    },
  },

  browser_back: {
    args: {},
    run: async ({ sessionId, signal }) => {
      // history.back() in the page, not chrome.tabs.goBack(): Chrome's back button skips entries
      // made without a user gesture, and every navigation the agent causes is one of those.
      const tab = await controlledTab(sessionId);
      const [{ result: depth }] = await chrome.scripting.executeScript({
        target: { tabId: tab.id, frameIds: [0] },
        func: () => history.length,
      });
      if (depth < 2) throw new CommandError("no_history", "There is no previous page in this tab.");
      await chrome.scripting.executeScript({ target: { tabId: tab.id, frameIds: [0] }, func: () => history.back() });
      await forgetRefs(tab.id);
      const loaded = await settle(tab.id, signal);
      return { result: pageInfo(loaded), summary: "went back" };
    },
  },

  browser_tabs: {
    args: {},
    run: async ({ sessionId }) => {
      const controlled = (await load("session", "controlled", {}))[sessionId];
      const tabs = await chrome.tabs.query({});
      return {
        result: tabs.map((tab) => ({
          id: tab.id, title: tab.title, url: tab.url, active: tab.active, controlled: tab.id === controlled,
        })),
        summary: `listed ${tabs.length} tabs`,
      };
    },
  },

  browser_tab_activate: {
    args: { tab_id: required({ type: "integer" }) },
    run: async ({ sessionId, args }) => {
      let tab;
      try {
        tab = await chrome.tabs.get(args.tab_id);
      } catch {
        throw new CommandError("invalid_arguments", `No tab ${args.tab_id}; call browser_tabs for the ids.`);
      }
      await chrome.tabs.update(tab.id, { active: true });
      await chrome.windows.update(tab.windowId, { focused: true });
      const controlled = await load("session", "controlled", {});
      controlled[sessionId] = tab.id;
      await save("session", "controlled", controlled);
      await refreshBadges();
      return { result: { id: tab.id, ...pageInfo(tab), controlled: true }, summary: `controls tab ${tab.id}` };
    },
  },

  browser_screenshot: {
    args: {},
    run: async ({ sessionId }) => {
      const tab = await controlledTab(sessionId);
      if (!tab.active) await chrome.tabs.update(tab.id, { active: true }); // only a visible tab can be captured
      // Chrome allows two captures a second; space them out rather than fail the agent's call.
      const wait = lastCaptureAt + CAPTURE_SPACING_MS - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      lastCaptureAt = Date.now();
      const dataUrl = await chrome.tabs.captureVisibleTab(tab.windowId, { format: "png" });
      return {
        result: { mime_type: "image/png", data: dataUrl.slice(dataUrl.indexOf(",") + 1) },
        summary: "took a screenshot",
      };
    },
  },

  browser_snapshot: {
    args: { full: { type: "boolean" } },
    run: async ({ sessionId, args, signal }) => {
      const tab = await waitForLoad((await controlledTab(sessionId)).id, signal);
      const snapshot = await snapshotTab(tab.id, Boolean(args.full));
      const recent = await load("session", `dialogs:${tab.id}`, []);
      return {
        result: { ...snapshot, ...pageInfo(tab), recent_dialogs: recent },
        summary: args.full ? "read the whole page" : "read the page",
      };
    },
  },

  browser_click: {
    args: { ref: required(REF) },
    run: async ({ sessionId, args, signal }) => {
      const tab = await controlledTab(sessionId);
      const done = await inFrameOf(tab.id, args.ref, "click", [normalRef(args.ref)]);
      await settle(tab.id, signal);
      return { result: done, summary: `clicked ${describe(args.ref, done)}` };
    },
  },

  browser_type: {
    args: { ref: required(REF), text: required({ type: "string", maxLength: 20000 }) },
    run: async ({ sessionId, args }) => {
      const tab = await controlledTab(sessionId);
      const done = await inFrameOf(tab.id, args.ref, "type", [normalRef(args.ref), args.text]);
      const shown = done.password ? "•".repeat(Math.min(args.text.length, 12)) : JSON.stringify(args.text.slice(0, 80));
      return { result: done, summary: `typed ${shown} into ${describe(args.ref, done)}` };
    },
  },

  browser_press: {
    args: { key: required({ type: "string", maxLength: 32 }) },
    run: async ({ sessionId, args, signal }) => {
      const tab = await controlledTab(sessionId);
      const done = await inFocusedFrame(tab.id, "press", [args.key]);
      await settle(tab.id, signal);
      return { result: done, summary: `pressed ${args.key}` };
    },
  },

  browser_scroll: {
    args: { direction: required({ type: "string", enum: ["up", "down"] }), ref: REF },
    run: async ({ sessionId, args }) => {
      const tab = await controlledTab(sessionId);
      const done = args.ref
        ? await inFrameOf(tab.id, args.ref, "scroll", [normalRef(args.ref), args.direction])
        : await inFrame(tab.id, 0, "scroll", [null, args.direction]);
      return { result: done, summary: `scrolled ${args.direction}${args.ref ? " in " + args.ref : ""}` };
    },
  },
};

function normalRef(ref) {
  return ref.startsWith("@") ? ref : "@" + ref;
}

function describe(ref, done) {
  return done && done.role ? `${done.role} "${done.name ?? ""}" (${normalRef(ref)})` : normalRef(ref);
}

// ----- the snapshot engine, injected into every frame ---------------------------------------------

async function ensureEngine(tabId) {
  const injected = await chrome.scripting.executeScript({
    target: { tabId, allFrames: true },
    files: HERMES_CONTRACT.ENGINE_FILES,
  });
  return injected.map((r) => r.frameId);
}

// Per tab: the ref counter (monotonic for the tab's life, so a ref from an old page can never name an
// element of a new one) and which frame owns each ref.
async function loadRefs(tabId) {
  return load("session", `refs:${tabId}`, { nextRef: 1, frames: {} });
}

async function forgetRefs(tabId) {
  const refs = await loadRefs(tabId);
  await save("session", `refs:${tabId}`, { nextRef: refs.nextRef, frames: {} });
}

// Snapshot every frame in turn (top frame first), threading the tab's ref counter through them,
// then let the top frame's engine stitch the frames' texts together.
async function snapshotTab(tabId, full) {
  const frameIds = (await ensureEngine(tabId)).sort((a, b) => a - b);
  const refs = await loadRefs(tabId);
  const parts = [];
  for (const frameId of frameIds) {
    let outcome;
    try {
      [outcome] = await chrome.scripting.executeScript({
        target: { tabId, frameIds: [frameId] },
        func: (options) => globalThis.__hermesSnapshot.snapshot(options),
        args: [{ nextRef: refs.nextRef, full }],
      });
    } catch {
      continue; // the frame went away while we worked
    }
    const part = outcome?.result;
    if (!part?.ok) continue;
    refs.nextRef = part.nextRef;
    for (const ref of part.refs) refs.frames["@" + ref] = frameId;
    parts.push(part);
  }
  await save("session", `refs:${tabId}`, refs);
  if (parts.length === 1) return { snapshot: parts[0].text, truncated: parts[0].truncated }; // nothing to stitch
  const [stitched] = await chrome.scripting.executeScript({
    target: { tabId, frameIds: [0] },
    func: (frameParts, options) => globalThis.__hermesSnapshot.stitch(frameParts, options),
    args: [parts, { full }],
  });
  return { snapshot: stitched.result.text, truncated: stitched.result.truncated };
}

async function inFrame(tabId, frameId, method, args) {
  await chrome.scripting.executeScript({ target: { tabId, frameIds: [frameId] }, files: HERMES_CONTRACT.ENGINE_FILES });
  const [outcome] = await chrome.scripting.executeScript({
    target: { tabId, frameIds: [frameId] },
    func: (name, callArgs) => globalThis.__hermesSnapshot[name](...callArgs),
    args: [method, args],
  });
  const value = outcome?.result;
  if (value && value.ok === false) throw new CommandError(value.error.code, value.error.message);
  return value;
}

async function inFrameOf(tabId, ref, method, args) {
  const frames = (await load("session", `refs:${tabId}`, null))?.frames ?? {};
  const frameId = frames[normalRef(ref)];
  if (frameId === undefined) {
    throw new CommandError("stale_ref", `No element ${normalRef(ref)} on this page; take a new snapshot.`);
  }
  try {
    return await inFrame(tabId, frameId, method, args);
  } catch (error) {
    if (error instanceof CommandError) throw error;
    throw new CommandError("stale_ref", `Element ${normalRef(ref)} is gone (${error.message}); take a new snapshot.`);
  }
}

async function inFocusedFrame(tabId, method, args) {
  // Finding the focused frame needs no engine; inFrame() injects it into that frame only.
  const focused = await chrome.scripting.executeScript({
    target: { tabId, allFrames: true },
    func: () => document.hasFocus() && !(document.activeElement instanceof HTMLIFrameElement),
  });
  const target = focused.find((r) => r.result)?.frameId ?? 0;
  return inFrame(tabId, target, method, args);
}

// ----- listeners (top level, so a restarted worker hears them) -------------------------------------

let initialised = null;
function init() {
  initialised ??= (async () => {
    await profileId();
    connectHost();
  })();
  return initialised;
}

// Messages from our own pages and content scripts, behind a check on the sender.
const POPUP_ACTIONS = {
  "popup.state": async () => ({
    status: await load("session", "hostStatus", {}),
    log: await load("session", "actionLog", []),
    policy: await load("local", "dialogPolicy", HERMES.DEFAULT_DIALOG_POLICY),
  }),
  "popup.approve": async ({ request_id }) => askHost(HERMES.PAIR_APPROVE, { request_id }),
  "popup.deny": async ({ request_id }) => askHost(HERMES.PAIR_DENY, { request_id }),
  "popup.detach": async ({ session_id }) => askHost(HERMES.DETACH, { session_id }),
  "popup.pair": async () => {
    await save("session", "pairingAsked", false);
    await maybeStartPairing(await load("session", "hostStatus", {}));
    return {};
  },
  "popup.policy": async ({ policy }) => {
    if (!HERMES.DIALOG_POLICIES.includes(policy)) throw new CommandError("invalid_arguments", "unknown policy");
    await save("local", "dialogPolicy", policy);
    return {};
  },
};

const PAGE_ACTIONS = {
  "page.dialog": async ({ dialog }, sender) => {
    const key = `dialogs:${sender.tab.id}`;
    const recent = await load("session", key, []);
    recent.push({
      type: String(dialog.type).slice(0, 20),
      message: String(dialog.message ?? "").slice(0, 500),
      action: String(dialog.action).slice(0, 20),
      closed_by: "auto_policy",
      url: sender.url,
      at: Date.now(),
    });
    await save("session", key, recent.slice(-HERMES.RECENT_DIALOGS));
    return {};
  },
  "page.policy": async () => ({ policy: await load("local", "dialogPolicy", HERMES.DEFAULT_DIALOG_POLICY) }),
};

chrome.runtime.onMessage.addListener((message, sender, reply) => {
  if (sender.id !== chrome.runtime.id || typeof message?.type !== "string") return false;
  // Our popup (also when opened as a tab) has our own URL; content scripts report the page's URL.
  const fromPopup = sender.url === POPUP_URL && sender.origin === new URL(POPUP_URL).origin;
  const table = fromPopup ? POPUP_ACTIONS : sender.tab && !sender.url?.startsWith(POPUP_URL) ? PAGE_ACTIONS : null;
  const handler = table && Object.hasOwn(table, message.type) ? table[message.type] : null;
  if (!handler) return false;
  init()
    .then(() => handler(message, sender))
    .then((value) => reply({ ok: true, ...value }))
    .catch((error) => reply({ ok: false, error: { code: error.code || "error", message: error.message } }));
  return true; // the reply comes asynchronously
});

chrome.runtime.onStartup.addListener(() => init());
chrome.runtime.onInstalled.addListener(() => init());
chrome.tabs.onActivated.addListener(() => init());
chrome.tabs.onUpdated.addListener(() => init());
chrome.tabs.onRemoved.addListener(async (tabId) => {
  await init();
  await chrome.storage.session.remove([`refs:${tabId}`, `dialogs:${tabId}`]);
});
init();

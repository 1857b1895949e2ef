// Hermes browser control: the extension's service worker (a module worker).
//
// It connects to the native host (which holds the WebSocket to the Hermes server), runs the agent's
// commands on the tab each session controls, and serves the popup.
//
// The MV3 service worker can be stopped at any moment.  So: every listener is registered here, at the
// top level, and waits on init(); everything that must outlive the worker lives in chrome.storage
// (storage.js); an open native port keeps the worker alive while the host runs.
import { cancelAllCommands, cancelCommand, runCommand } from "./capabilities.js";
import { changeQuestions } from "./control_store.js";
import { determiningFilename, downloadChanged, downloadCreated, settleDownloadQuestions } from "./downloads.js";
import { connectHost } from "./host_port.js";
import { pageLoaded, refreshIndicators } from "./indicator.js";
import { messageHandler } from "./messages.js";
import { pauseAgent } from "./pause.js";
import { updateHostStatus } from "./sessions.js";
import { changesSiteRules, navigationTargetCreated, syncSiteRules, tabCreated, tabRemoved } from "./site_rules.js";
import { forgetTab, profileId } from "./storage.js";
import { receiveChunk } from "./uploads.js";

const HOST_HANDLERS = {
  onStatus: updateHostStatus,
  onCommand: runCommand,
  onFileChunk: receiveChunk,
  onCancel: cancelCommand,
  onDisconnect: async (reason) => {
    cancelAllCommands();
    await updateHostStatus({ host: "disconnected", host_message: reason });
  },
};

let initialised = null;
function init() {
  initialised ??= (async () => {
    await profileId();
    // A confirmation belongs to one running command, and a new worker runs none: drop the old worker's.
    // (A site question stays: it is about the site, and the agent's next call waits for the same one; so does a
    // download question: it is about a file on disk, which stays unread until the user answers.)
    await changeQuestions((questions) => questions.filter((q) => q.kind === "site" || q.kind === "download"));
    await settleDownloadQuestions();
    // The site rules are the browser's (session rules outlive a worker), but made from what storage holds now. Not
    // waited for here: reading the policy (chrome.storage.managed) takes seconds in a browser just started, and the
    // host link (pairing) needs none of it; a command waits for this rebuild (siteRulesSettled) before it acts.
    syncSiteRules().catch((error) => console.warn("site rules:", error.message));
    connectHost(HOST_HANDLERS);
  })();
  return initialised;
}

chrome.runtime.onMessage.addListener((message, sender, reply) => {
  const handler = messageHandler(message, sender);
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
chrome.tabs.onUpdated.addListener(async (tabId, change) => {
  await init();
  if (change.status === "complete") await pageLoaded(tabId);
});
// The keyboard shortcut (manifest "commands") pauses the agent at once; resuming is the popup's.
chrome.commands.onCommand.addListener(async (command) => {
  await init();
  if (command === "pause-agent") await pauseAgent();
});
// Which tabs are under control changed (a session connected or went, or took another tab): the in-page
// indicator follows. One redraw at a time, in order.
let indicatorsDrawn = Promise.resolve();
chrome.storage.onChanged.addListener((changes, area) => {
  if (area !== "session" || !("controlled" in changes || "hostStatus" in changes)) return;
  indicatorsDrawn = indicatorsDrawn.then(() => init().then(refreshIndicators)).catch((error) => {
    console.warn("indicator:", error.message);
  });
});
// The controlled tabs, the user's site decisions, the mode or the policy changed: the site rules follow.
chrome.storage.onChanged.addListener((changes, area) => {
  if (!changesSiteRules(changes, area)) return;
  init()
    .then(syncSiteRules)
    .catch((error) => console.warn("site rules:", error.message));
});
// The agent's downloads (downloads.js). onCreated decides at once whose a download is (an action running now is in
// this worker's memory), so it does not wait on init(); onDeterminingFilename must answer every download.
chrome.downloads.onCreated.addListener((item) => downloadCreated(item));
chrome.downloads.onDeterminingFilename.addListener((item, suggest) => determiningFilename(item, suggest));
chrome.downloads.onChanged.addListener((delta) => {
  init()
    .then(() => downloadChanged(delta))
    .catch((error) => console.warn("download:", error.message));
});
// The user answered a download question in the popup: keep the file, or delete it.
chrome.storage.onChanged.addListener((changes, area) => {
  if (area !== "session" || !("questions" in changes)) return;
  init()
    .then(settleDownloadQuestions)
    .catch((error) => console.warn("download:", error.message));
});
chrome.tabs.onRemoved.addListener(async (tabId) => {
  await init();
  await forgetTab(tabId);
  await tabRemoved(tabId);
});
// A tab a controlled tab opens is ruled by the user's site rules too; one the user opens is theirs (site_rules.js).
chrome.tabs.onCreated.addListener((tab) => {
  init()
    .then(() => tabCreated(tab))
    .catch((error) => console.warn("site rules:", error.message));
});
chrome.webNavigation.onCreatedNavigationTarget.addListener((details) => {
  init()
    .then(() => navigationTargetCreated(details))
    .catch((error) => console.warn("site rules:", error.message));
});
init();

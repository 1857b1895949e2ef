// Everything that must outlive the service worker, in chrome.storage: the MV3 worker can be stopped at
// any moment, so nothing the extension needs later may live only in a variable. chrome.storage.local
// survives a browser restart (the profile id, the dialog policy); chrome.storage.session lasts as long as
// the browser (host status, which tab each session controls, refs, recent dialogs, the action log).
// Read and written through stored.js (a copy in memory that is never behind storage).
import { ACTION_LOG_MAX_WAIT_MS, ACTION_LOG_QUIET_MS, ACTION_LOG_SIZE, DEFAULT_DIALOG_POLICY, RECENT_DIALOGS } from "./constants.js";
import { read as load, remove, update, write as save } from "./stored.js";

// This browser profile's id, made on first use: the host and the server know the browser by it.
export async function profileId() {
  let id = await load("local", "profileId", null);
  if (!id) {
    id = "profile-" + crypto.randomUUID().replaceAll("-", "").slice(0, 20);
    await save("local", "profileId", id);
  }
  return id;
}

export const loadDialogPolicy = () => load("local", "dialogPolicy", DEFAULT_DIALOG_POLICY);
export const saveDialogPolicy = (policy) => save("local", "dialogPolicy", policy);

// The host's last status: {host, host_message, server, paired, pairing, sessions, ...}; changeHostStatus
// replaces it by change(status) (in turn, see update()) and resolves with the new status.
export const loadHostStatus = () => load("session", "hostStatus", {});
export const changeHostStatus = (change) => update("session", "hostStatus", {}, change);

// Whether this browser session already asked the host to start pairing by itself.
export const loadPairingAsked = () => load("session", "pairingAsked", false);
export const savePairingAsked = (asked) => save("session", "pairingAsked", asked);

// session id -> the id of the tab it controls; changeControlled(change) as above.
export const loadControlled = () => load("session", "controlled", {});
export const changeControlled = (change) => update("session", "controlled", {}, change);
// Tabs a page opened: tab id -> the tab whose page opened it; and tabs created with an opener whose page the browser
// has not named yet (site_rules.js).
export const loadOpenedTabs = () => load("session", "openedTabs", {});
export const changeOpenedTabs = (change) => update("session", "openedTabs", {}, change);
export const loadAwaitingTabs = () => load("session", "awaitingTabs", []);
export const changeAwaitingTabs = (change) => update("session", "awaitingTabs", [], change);
// The declarativeNetRequest session rules in force, as last set (site_rules.js).
export const loadSiteRulesInForce = () => load("session", "siteRulesInForce", []);
export const saveSiteRulesInForce = (rules) => save("session", "siteRulesInForce", rules);

// Per tab: the ref counter (monotonic for the tab's life, so a ref from an old page can never name an
// element of a new one) and which frame owns each ref ("@e5" -> frame id).
export const loadTabRefs = (tabId) => load("session", `refs:${tabId}`, { nextRef: 1, frames: {} });
export const saveTabRefs = (tabId, refs) => save("session", `refs:${tabId}`, refs);
// The id of the session's last read of a page (a snapshot, or the page an action's answer showed): the engine's
// changes are against that read only (engine/outline.js).
export const loadLastRead = (sessionId) => load("session", `lastRead:${sessionId}`, null);
export const saveLastRead = (sessionId, readId) => save("session", `lastRead:${sessionId}`, readId);

// The session's own clipboard (copy, cut and paste with browser_press): never the user's system clipboard. Kept in
// memory only (storage.session), like everything else of a session.
export const loadClipboard = (sessionId) => load("session", `clipboard:${sessionId}`, "");
export const saveClipboard = (sessionId, text) => save("session", `clipboard:${sessionId}`, text);

// The frame whose last action opened a file chooser (the engine there knows its input): browser_file_upload
// without ref answers it.
export const loadChooserFrame = (tabId) => load("session", `chooser:${tabId}`, null);
export const saveChooserFrame = (tabId, frameId) => save("session", `chooser:${tabId}`, frameId);

export const loadRecentDialogs = (tabId) => load("session", `dialogs:${tabId}`, []);
export const addRecentDialog = (tabId, dialog) =>
  update("session", `dialogs:${tabId}`, [], (recent) => [...recent, dialog].slice(-RECENT_DIALOGS));

// The agent's recent actions, for the popup; written to storage once the agent pauses (stored.js, writeLater).
export const loadActionLog = () => load("session", "actionLog", []);
export const logAction = (sessionId, action, summary) =>
  update(
    "session",
    "actionLog",
    [],
    (log) => [...log, { at: Date.now(), session_id: sessionId, action, summary }].slice(-ACTION_LOG_SIZE),
    { quietMs: ACTION_LOG_QUIET_MS, maxMs: ACTION_LOG_MAX_WAIT_MS },
  );

// The tabs the in-page indicator is drawn into (indicator.js).
export const loadIndicatorTabs = () => load("session", "indicatorTabs", []);
export const saveIndicatorTabs = (tabs) => save("session", "indicatorTabs", tabs);

// Tabs whose crash the agent has been told of: browser_navigate may then load a page into them again.
export const loadCrashReported = (tabId) => load("session", `crashReported:${tabId}`, false);
export const saveCrashReported = (tabId, reported) => save("session", `crashReported:${tabId}`, reported);

// A closed tab's refs, dialogs, crash report and file chooser are of no more use.
export function forgetTab(tabId) {
  return remove("session", [`refs:${tabId}`, `dialogs:${tabId}`, `crashReported:${tabId}`, `chooser:${tabId}`]);
}

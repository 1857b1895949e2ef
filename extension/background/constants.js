// The extension's own settings (the generated contract.js holds what it shares with the host and the
// server), and the contract itself as CONTRACT for the other modules.
import "./contract.js";

export const CONTRACT = globalThis.HERMES_CONTRACT;

// How JavaScript dialogs on controlled pages are answered (page/dialog_guard.js applies it).
export const DIALOG_POLICIES = Object.freeze(["auto_dismiss", "auto_accept"]);
export const DEFAULT_DIALOG_POLICY = "auto_dismiss";
// How many dialogs each tab remembers for browser_snapshot's recent_dialogs.
export const RECENT_DIALOGS = 20;
// How many agent actions the popup shows.
export const ACTION_LOG_SIZE = 50;
// The log is written to storage once no action came for ACTION_LOG_QUIET_MS, at most ACTION_LOG_MAX_WAIT_MS after
// the first entry not yet written (stored.js, writeLater).
export const ACTION_LOG_QUIET_MS = 200;
export const ACTION_LOG_MAX_WAIT_MS = 1000;

export const POPUP_URL = chrome.runtime.getURL("popup/popup.html");
// Waits between reconnections to a native host that went away (the last one repeats).
export const RECONNECT_DELAYS_MS = Object.freeze([500, 1000, 2000, 5000, 10000]);
// Chrome allows two captureVisibleTab calls a second.
export const CAPTURE_SPACING_MS = 550;
// How often a screenshot is tried when the user keeps bringing another tab to the front meanwhile.
export const CAPTURE_ATTEMPTS = 3;

// Screenshots of a session's own tab, and only that.  chrome.tabs.captureVisibleTab captures whatever tab
// is in front in a window, and Chrome allows an extension two captures a second (across all windows).
// So captures take turns, one at a time from bringing the tab to the front until the pixels are in hand,
// and are spaced out under the quota instead of failing on it.  Right before and right after capturing,
// the session's tab must be the active tab of its window; if the user brought another tab to the front
// meanwhile, the capture is taken again, and after CAPTURE_ATTEMPTS it fails rather than return pixels of
// a tab the session does not control.
import { CAPTURE_ATTEMPTS, CAPTURE_SPACING_MS } from "./constants.js";
import { CommandError } from "./errors.js";
import { withoutIndicator } from "./indicator.js";
import { pause, unlessCrashed } from "./tabs.js";

// Only for this worker's life: a worker that restarts forgets them, and a capture it then makes too
// soon is refused with the quota error, which is waited out and retried like any other refusal.
let turns = Promise.resolve();
let lastCaptureAt = 0;

const QUOTA_ERROR = "MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND";

// A PNG of the tab's visible part as a data: URL, and whether the tab had to be brought to the front
// for it (the user then sees their tab change).
export function captureTab(tabId, signal) {
  const turn = turns.then(() => captureInTurn(tabId, signal));
  turns = turn.catch(() => {}); // the next capture waits for this one, not for its success
  return turn;
}

async function captureInTurn(tabId, signal) {
  let activated = false;
  for (let attempt = 1; attempt <= CAPTURE_ATTEMPTS; attempt++) {
    if (signal.aborted) throw new CommandError("command_cancelled", "cancelled");
    const tab = unlessCrashed(await chrome.tabs.get(tabId));
    if (!tab.active) {
      await chrome.tabs.update(tabId, { active: true });
      activated = true;
    }
    await pause(lastCaptureAt + CAPTURE_SPACING_MS - Date.now());
    if (!(await inFront(tabId, tab.windowId))) continue;
    lastCaptureAt = Date.now();
    let dataUrl;
    try {
      // The agent sees the page, not the extension's in-page indicator (indicator.js).
      dataUrl = await withoutIndicator(tabId, () => chrome.tabs.captureVisibleTab(tab.windowId, { format: "png" }));
    } catch (error) {
      if (String(error.message).includes(QUOTA_ERROR)) continue;
      throw error;
    }
    if (await inFront(tabId, tab.windowId)) return { dataUrl, activated };
  }
  throw new CommandError(
    "screenshot_failed",
    "The controlled tab could not be captured: another tab kept coming to the front of its window, or " +
      "Chrome kept refusing captures. Try again.",
  );
}

async function inFront(tabId, windowId) {
  const tab = await chrome.tabs.get(tabId);
  return tab.active && tab.windowId === windowId;
}

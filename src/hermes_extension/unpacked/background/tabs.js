// Waiting on a tab: for its page to load, and for a page an action may have navigated to; telling a tab
// whose page crashed from one that is merely loading.
import { LOAD_POLL_MS, SETTLE_MS } from "./constants.js";
import { CommandError } from "./errors.js";

export const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// A tab whose renderer is gone (it crashed or was killed) shows Chrome's "Aw, Snap!" page and will never
// load or run a script until it is reloaded.  Without the debugger permission there is no crash event;
// chrome.tabs shows it as an "unloaded" tab that is not discarded (a discarded tab is unloaded too, but
// Chrome reloads it by itself when it is used).  The tab itself is returned, so callers can chain.
export const isCrashed = (tab) => tab.status === "unloaded" && !tab.discarded;

export function unlessCrashed(tab) {
  if (isCrashed(tab)) {
    throw new CommandError(
      "tab_crashed",
      "The page in the controlled tab crashed (its renderer is gone) and its state is lost. Navigate again " +
        "with browser_navigate, or call browser_tabs, then browser_tab_activate to control another tab.",
    );
  }
  return tab;
}

export async function waitForLoad(tabId, signal) {
  // Poll the tab: it is simpler than juggling onUpdated listeners across a worker restart, and
  // the cancel frame (signal) bounds the wait by the command's deadline; a page that crashes while
  // it loads ends the wait at once.
  for (;;) {
    if (signal.aborted) throw new CommandError("command_cancelled", "cancelled");
    const tab = unlessCrashed(await chrome.tabs.get(tabId));
    if (tab.status === "complete") return tab;
    await pause(LOAD_POLL_MS);
  }
}

// A crashed tab that browser_navigate loads again: Chrome starts a new renderer for it, but until the
// navigation commits the tab still reads as crashed, so wait for that first (bounded by the signal).
export async function waitForRecovery(tabId, signal) {
  while (isCrashed(await chrome.tabs.get(tabId))) {
    if (signal.aborted) throw new CommandError("command_cancelled", "cancelled");
    await pause(LOAD_POLL_MS);
  }
}

// After an action that may navigate (a click on a link, Enter in a form), give the page a moment
// to start loading and, if it does, wait for the load, so the agent's next snapshot sees the new page.
export async function settle(tabId, signal) {
  const started = Date.now();
  const before = await chrome.tabs.get(tabId);
  while (Date.now() - started < SETTLE_MS) {
    const tab = await chrome.tabs.get(tabId);
    if (tab.status === "loading" || tab.url !== before.url) return waitForLoad(tabId, signal);
    await pause(LOAD_POLL_MS / 2);
  }
  return before;
}

export function pageInfo(tab) {
  return { url: tab.url, title: tab.title };
}

// The host's status as the extension keeps it: whether the server runs, pairing, the agent sessions
// connected, and which tab each session controls (marked with a toolbar badge).
import { CONTRACT } from "./constants.js";
import { CommandError } from "./errors.js";
import { askHost } from "./host_port.js";
import { syncSiteRules } from "./site_rules.js";
import * as storage from "./storage.js";
import { isCrashed, unlessCrashed } from "./tabs.js";

// Merges what the host reports into the kept status, then acts on it: new sessions take the active tab,
// and an unpaired browser asks for pairing. One update at a time, in the order the host sent them.
let statusApplied = Promise.resolve();
export function updateHostStatus(status) {
  const applied = statusApplied.then(() => applyHostStatus(status));
  statusApplied = applied.catch((error) => console.warn("host status:", error.message));
  return applied;
}

// Resolves once every status the host has sent so far is applied. The host sends a session's "connected" before its
// first command, but the two are handled side by side: the command waits here, so it finds its session's tab
// adopted (browser_tabs would otherwise list no controlled tab, or a command adopt on its own).
export function hostStatusApplied() {
  return statusApplied;
}

async function applyHostStatus(status) {
  const merged = await storage.changeHostStatus((previous) => ({
    ...previous,
    host: "connected",
    host_message: null,
    ...status,
  }));
  await adoptNewSessions(merged.sessions || []);
  await maybeStartPairing(merged);
}

// Opening the popup, or the extension starting unpaired while the server runs, asks for pairing
// by itself: the user only has to click Approve.
export async function maybeStartPairing(status) {
  if (status.host !== "connected" || status.paired || status.pairing || status.server !== "running") return;
  if (await storage.loadPairingAsked()) return;
  await storage.savePairingAsked(true);
  try {
    await askHost(CONTRACT.MESSAGES.PAIR_START, { label: "Chromium" });
  } catch (error) {
    await storage.savePairingAsked(false);
    console.warn("pair.start failed:", error.message);
  }
}

// A newly connected session controls the web page that is active at that moment (see adoptTab). The mapping is kept
// when a session drops out of the host's list: a restarted host lists nothing until it has
// reconnected, and the session must come back to the same tab.
async function adoptNewSessions(sessions) {
  const controlled = await storage.loadControlled();
  for (const session of sessions) {
    if (session.state === "connected" && controlled[session.session_id] === undefined) await adoptTab(session.session_id);
  }
  await refreshBadges();
}

// One tab, one session (issue 31): a session never acts in a tab that another session controls, or two agents would
// act on each other's pages. A session holds its tab while the host lists it, in any state but detached (a session
// whose socket dropped comes back to its tab); the mapping lives in chrome.storage, so a restarted worker keeps it.
// The session holding `tabId` other than `sessionId`, by the mapping `controlled` and the host's `sessions`; or null.
function holderOf(tabId, sessionId, controlled, sessions) {
  const holding = new Set(sessions.filter((s) => s.state !== "detached").map((s) => s.session_id));
  return Object.keys(controlled).find((other) => other !== sessionId && controlled[other] === tabId && holding.has(other)) ?? null;
}

// Makes `sessionId` control `tabId` unless another session holds it; whether it does now. Checked and written in one
// storage update, so two sessions can never both take one tab.
async function claimTab(sessionId, tabId) {
  const sessions = (await storage.loadHostStatus()).sessions || [];
  let taken = false;
  await storage.changeControlled((controlled) => {
    taken = holderOf(tabId, sessionId, controlled, sessions) === null;
    return taken ? { ...controlled, [sessionId]: tabId } : controlled;
  });
  return taken;
}

// The tab a session without one takes: the web tab to adopt (webTabToAdopt) if no other session holds it; else a new
// blank tab of its own in the same window, in the background (the user's tab stays in front), which the indicator
// marks as soon as the agent loads a page into it. Not waiting for the user to hand it a tab: an agent that connects
// gets to work, and the user sees every session's tab in the popup. One adoption at a time (commands adopt too), so
// four sessions that connect at once get four tabs. The tab's id, or undefined when there is no web tab at all.
let adoptions = Promise.resolve();
function adoptTab(sessionId) {
  const adopted = adoptions.then(() => adoptNow(sessionId));
  adoptions = adopted.catch(() => {});
  return adopted;
}

// The tab adoptTab would take now, without taking it: the web tab to adopt, or null when another session holds it
// (the session's own new tab would be blank: no site) or there is none.
export async function tabToAdopt(sessionId) {
  const tab = await webTabToAdopt();
  if (!tab) return null;
  const [controlled, status] = await Promise.all([storage.loadControlled(), storage.loadHostStatus()]);
  return holderOf(tab.id, sessionId, controlled, status.sessions || []) === null ? tab : null;
}

async function adoptNow(sessionId) {
  const had = (await storage.loadControlled())[sessionId];
  if (had !== undefined) return had;
  const tab = await webTabToAdopt();
  if (!tab) return undefined;
  let taken = tab.id;
  if (!(await claimTab(sessionId, taken))) {
    taken = (await chrome.tabs.create({ windowId: tab.windowId, active: false, url: "about:blank" })).id;
    if (!(await claimTab(sessionId, taken))) throw new Error(`tab ${taken}, just created, is held by another session`);
  }
  await syncSiteRules(); // before the agent acts in that tab
  await refreshBadges();
  return taken;
}

// Whether a tab shows a web page an agent may control: http(s) or a blank page (what browser_navigate takes;
// the New Tab page counts as blank: it is the empty tab a user opens to hand over). Never the extension's
// own pages (its popup opened as a tab) nor the browser's (chrome://, devtools://...): an agent that drove
// them would act on the browser itself. A tab is judged by the page it is loading, if any: a blank tab that is
// about to show the extension's page is not one to adopt.
const NEW_TAB_PAGES = ["chrome://newtab/", "chrome://new-tab-page/", "chrome://new-tab-page-third-party/"];
export function isWebTab(tab) {
  const url = tab.pendingUrl || tab.url || "";
  return /^https?:/i.test(url) || url === "about:blank" || NEW_TAB_PAGES.includes(url);
}

// The tab a session adopts: the active tab of the last focused window if it is a web page, else the web tab
// of that window used last, else of any window; null when no tab shows a web page.
export async function webTabToAdopt() {
  const [active] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
  if (active && isWebTab(active)) return active;
  const latest = (tabs) => tabs.filter(isWebTab).sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0))[0];
  const inWindow = active ? latest(await chrome.tabs.query({ windowId: active.windowId })) : undefined;
  return inWindow ?? latest(await chrome.tabs.query({})) ?? null;
}

// The toolbar badge marks each tab that a connected session controls.
async function refreshBadges() {
  const controlled = await storage.loadControlled();
  const sessions = (await storage.loadHostStatus()).sessions || [];
  const underControl = new Set(
    sessions.filter((s) => s.state === "connected").map((s) => controlled[s.session_id]),
  );
  for (const tab of await chrome.tabs.query({})) {
    const on = underControl.has(tab.id);
    await chrome.action.setBadgeText({ tabId: tab.id, text: on ? "AI" : "" });
    if (on) await chrome.action.setBadgeBackgroundColor({ tabId: tab.id, color: "#b3261e" });
  }
}

// The session now controls this tab; tab_held_by_other_session (and nothing changed) when another session holds it.
export async function controlTab(sessionId, tabId) {
  if (!(await controlTabIfFree(sessionId, tabId))) {
    throw new CommandError(
      "tab_held_by_other_session",
      `Tab ${tabId} is controlled by another agent session: a session acts only in a tab no other session holds. ` +
        "Call browser_tabs and pick another tab, or open one with browser_tabs action new.",
    );
  }
}

// The same, for a tab the session goes back to by itself (the opener of a tab that closed): whether it controls it now.
export async function controlTabIfFree(sessionId, tabId) {
  if (!(await claimTab(sessionId, tabId))) return false;
  await syncSiteRules(); // before the agent acts in that tab
  await refreshBadges();
  return true;
}

// The tab the session controls (the active one, if it has none yet), unless it was closed or crashed.
// A crash is reported once, as on the cdp lane: after that, browser_navigate (recover: true) may load a
// page into the tab again, while every other tool still says the tab crashed. `checked`: the controlled tab as
// this command has just read it (chrome.tabs.get), used as it is unless it crashed.
export async function controlledTab(sessionId, { recover = false, checked = null } = {}) {
  if (checked && !isCrashed(checked)) return checked;
  let tabId = (await storage.loadControlled())[sessionId];
  if (tabId === undefined) {
    tabId = await adoptTab(sessionId);
    if (tabId === undefined) throw new CommandError("no_tab", "There is no open web page to control: open one in a Chrome window.");
  }
  let tab;
  try {
    tab = await chrome.tabs.get(tabId);
  } catch {
    throw new CommandError(
      "tab_closed",
      "The controlled tab was closed. Call browser_tabs, then browser_tab_activate to control another tab.",
    );
  }
  if (isCrashed(tab)) {
    if (recover && (await storage.loadCrashReported(tab.id))) return tab;
    await storage.saveCrashReported(tab.id, true);
  }
  return unlessCrashed(tab);
}

// The user's site rules on every request of a controlled tab (issue 22), not only on the URL the agent names: an
// HTTP redirect, a script or meta-refresh navigation, a link, a form post, an iframe, a tab the page opens. Checking
// the URL in the service worker comes too late for these (the request has left, with the user's cookies), so the
// browser itself cancels them before they leave: declarativeNetRequest session rules on the ruled tabs, which are
// the controlled tabs and the tabs they opened (window.open, a link to a new tab), and the tabs those opened. The
// rules are made from chrome.storage (the controlled tabs, the tabs they opened, the user's decisions, the policy)
// and the browser's list of tabs, and rebuilt whenever one of those changes and when a service worker starts; a
// command waits for a rebuild under way before it acts, and one that waited for the user's answer rebuilds them.
//
// Priorities, highest first:
//   3  a blocked site (the policy's, or the user's unless the policy allows it): every request to it is cancelled in
//      every tab but those known to be the user's own (excludedTabIds), so a tab a controlled tab opens is covered
//      from its very first request, before the browser has told the worker which tab opened it. (The price: a tab
//      the user opens onto a site blocked for the agent, in the moment before the worker hears of that tab, is
//      refused too; the user reloads it.)
//   2  an allowed site (policy, Always, or Allow once for the session of that tab): its documents load;
//   1  ask mode only: any other http(s) document of a ruled tab's top frame is cancelled, so an undecided site
//      reached by a redirect, a script or a link never loads before the user has answered (an iframe of an undecided
//      site is left to load, as it did: the page the user allowed embeds it). A tab a controlled tab opens is ruled
//      so once the worker hears of it: its first document can come before.
import * as store from "./control_store.js";
import {
  changeAwaitingTabs,
  changeOpenedTabs,
  loadAwaitingTabs,
  loadControlled,
  loadOpenedTabs,
  loadSiteRulesInForce,
  saveSiteRulesInForce,
} from "./storage.js";

const BLOCKED = 3;
const ALLOWED = 2;
const UNDECIDED = 1;
// The tab id of requests that belong to no tab (service workers, other extensions): never ruled.
const NO_TAB = -1;

// Every resource type: a rule that names none matches everything but main_frame.
const ALL_TYPES = [
  "main_frame", "sub_frame", "stylesheet", "script", "image", "font", "object", "xmlhttprequest", "ping",
  "csp_report", "media", "websocket", "webtransport", "webbundle", "other",
];

// tab id -> the session whose rules hold there: each controlled tab, and each tab opened from a ruled one (`opened`:
// tab id -> the tab whose page opened it).
export function ruledTabs(controlled, opened) {
  const sessionOf = new Map(Object.entries(controlled).map(([sessionId, tabId]) => [tabId, sessionId]));
  for (const tabId of Object.keys(opened).map(Number)) {
    const chain = [];
    let at = tabId;
    while (!sessionOf.has(at) && opened[at] !== undefined && !chain.includes(at)) {
      chain.push(at);
      at = opened[at];
    }
    if (sessionOf.has(at)) for (const link of chain) sessionOf.set(link, sessionOf.get(at));
  }
  return sessionOf;
}

// The rules for these settings: `controlled` (session id -> tab id), `opened` (tab id -> the tab that opened it),
// `usersTabs` (the ids of the tabs that may be the user's: every tab but those awaiting their source; the ruled ones
// are taken out here), the rules in force (store.effectiveRules), the user's site decisions and the sites allowed once.
export function siteRulesFor({ controlled, opened, usersTabs, rules, sites, once }) {
  const sessionOf = ruledTabs(controlled, opened);
  const tabs = [...sessionOf.keys()];
  if (!tabs.length) return [];
  // Each site some setting names, as store.siteDecision decides it for the session of each ruled tab (a block is
  // the same for every session; an allowance may be one session's, Allow once).
  const named = new Set([
    ...rules.policy.blocked, ...rules.policy.allowed, ...Object.keys(sites), ...once.map((entry) => entry.origin),
  ]);
  const blocked = [];
  const allowed = new Map(); // origin -> the tabs where it is allowed
  for (const origin of named) {
    const decided = (tabId) => store.siteDecision(origin, sessionOf.get(tabId), { rules, sites, once });
    if (decided(tabs[0])?.blocked) blocked.push(origin);
    else {
      const where = tabs.filter((tabId) => decided(tabId) === "allowed");
      if (where.length) allowed.set(origin, where);
    }
  }
  const excluded = [NO_TAB, ...usersTabs.filter((tabId) => !sessionOf.has(tabId))];
  const made = [];
  const add = (priority, type, condition) => made.push({ id: made.length + 1, priority, action: { type }, condition });
  for (const origin of blocked) {
    add(BLOCKED, "block", { urlFilter: `|${origin}/`, resourceTypes: ALL_TYPES, excludedTabIds: excluded });
  }
  if (rules.mode === "ask") {
    for (const [origin, tabIds] of allowed) add(ALLOWED, "allow", { urlFilter: `|${origin}/`, resourceTypes: ["main_frame"], tabIds });
    add(UNDECIDED, "block", { urlFilter: "|http", resourceTypes: ["main_frame"], tabIds: tabs });
  }
  return made;
}

// Which tab opened which: every tab a page opened (window.open, a link to a new tab, a middle click) is in `opened`
// (tab id -> the tab whose page opened it, as webNavigation names it), and a tab created with an opener that the
// browser has not yet named that way is `awaiting` its source: until then it counts as neither the user's nor
// ruled, and a blocked site stays refused in it. A tab created with no opener (the user's new tab) is the user's.
// The browser's events are handled one at a time, in the order they came (either of the two about a new tab may come
// first).
let tracked = Promise.resolve();
function inTurn(handle) {
  tracked = tracked.catch(() => {}).then(handle);
  return tracked;
}

export function tabCreated(tab) {
  knownTabIds?.add(tab.id);
  return inTurn(async () => {
    const opened = await loadOpenedTabs();
    if (tab.openerTabId !== undefined && opened[tab.id] === undefined) {
      await changeAwaitingTabs((awaiting) => [...new Set([...awaiting, tab.id])]);
    }
    await syncSiteRules();
  });
}

export function navigationTargetCreated({ tabId, sourceTabId }) {
  return inTurn(async () => {
    await changeOpenedTabs((opened) => ({ ...opened, [tabId]: sourceTabId }));
    await changeAwaitingTabs((awaiting) => awaiting.filter((id) => id !== tabId));
  });
}

// A tab closed: the rules forget it.
export function tabRemoved(tabId) {
  knownTabIds?.delete(tabId);
  return inTurn(async () => {
    await changeOpenedTabs(({ [tabId]: _closed, ...rest }) => rest);
    await changeAwaitingTabs((awaiting) => awaiting.filter((id) => id !== tabId));
    await syncSiteRules();
  });
}

// The ids of the browser's tabs: listed once per worker, then kept by the tab events (tabCreated, tabRemoved).
let knownTabIds = null;
async function allTabIds() {
  if (!knownTabIds) knownTabIds = new Set((await chrome.tabs.query({})).map((tab) => tab.id));
  return knownTabIds;
}

// Replaces the session rules by those the stored settings make now, when they differ from those in force; one
// rebuild at a time, in order, so the last one to finish is made from the latest settings. Resolves once they are
// in force. A command that waited for the user's answer calls it (that answer must be in force before the action's
// requests leave); a call that changes nothing costs only the reads of the settings (stored.js keeps them in memory).
let rebuilt = Promise.resolve();
export function syncSiteRules() {
  rebuilt = rebuilt.catch(() => {}).then(rebuild);
  return rebuilt;
}

// Resolves once the rebuild under way, if any, is over.
export function siteRulesSettled() {
  return rebuilt.catch(() => {});
}

// The rules in force are kept in chrome.storage.session, which lives as long as the browser's session rules: a new
// worker compares with them and calls the declarativeNetRequest API only for a change. (Its first call in a browser
// takes about 2 s, so a browser where no agent ever controls a tab never makes one.)
async function rebuild() {
  const [controlled, opened, awaiting, tabs, rules, sites, once, inForce] = await Promise.all([
    loadControlled(),
    loadOpenedTabs(),
    loadAwaitingTabs(),
    allTabIds(),
    store.effectiveRules(),
    store.loadSiteDecisions(),
    store.loadOnceAllowed(),
    loadSiteRulesInForce(),
  ]);
  const usersTabs = [...tabs].filter((tabId) => !awaiting.includes(tabId));
  const wanted = siteRulesFor({ controlled, opened, usersTabs, rules, sites, once });
  if (JSON.stringify(inForce) === JSON.stringify(wanted)) return;
  try {
    await chrome.declarativeNetRequest.updateSessionRules({
      removeRuleIds: inForce.map((rule) => rule.id),
      addRules: wanted,
    });
  } catch {
    // the browser's rules are not those stored (a worker stopped between the two writes): replace whatever they are
    const old = await chrome.declarativeNetRequest.getSessionRules();
    await chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds: old.map((rule) => rule.id), addRules: wanted });
  }
  await saveSiteRulesInForce(wanted);
}

// The storage keys the rules are made from (the managed area: the policy, any key).
const RULE_KEYS = {
  session: ["controlled", "openedTabs", "awaitingTabs", "onceAllowed"],
  local: ["siteDecisions", "controlMode"],
};
export function changesSiteRules(changes, area) {
  return area === "managed" || (RULE_KEYS[area] ?? []).some((key) => key in changes);
}

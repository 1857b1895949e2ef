// The user's site rules on every request of a controlled tab (issue 22), not only on the URL the agent names: an
// HTTP redirect, a script or meta-refresh navigation, a link, a form post, an iframe. Checking the URL in the service
// worker comes too late for these (the request has left, with the user's cookies), so the browser itself cancels
// them before they leave: declarativeNetRequest session rules whose tabIds are the controlled tabs. The rules are
// made from chrome.storage (the controlled tabs, the user's decisions, the policy) and rebuilt whenever one of those
// changes and when a service worker starts; a command also waits for them (syncSiteRules) before it acts.
//
// Priorities, highest first:
//   3  a blocked site (the policy's, or the user's unless the policy allows it): every request to it is cancelled;
//   2  an allowed site (policy, Always, or Allow once for the session controlling that tab): its documents load;
//   1  ask mode only: any other http(s) document of the tab's top frame is cancelled, so an undecided site reached by
//      a redirect, a script or a link never loads before the user has answered (an iframe of an undecided site is
//      left to load, as it did: the page the user allowed embeds it).
import * as store from "./control_store.js";
import { loadControlled } from "./storage.js";

const BLOCKED = 3;
const ALLOWED = 2;
const UNDECIDED = 1;

// Every resource type: a rule that names none matches everything but main_frame.
const ALL_TYPES = [
  "main_frame", "sub_frame", "stylesheet", "script", "image", "font", "object", "xmlhttprequest", "ping",
  "csp_report", "media", "websocket", "webtransport", "webbundle", "other",
];

// The rules for these settings: `controlled` (session id -> tab id), the rules in force (store.effectiveRules), the
// user's site decisions and the sites allowed once.
export function siteRulesFor({ controlled, rules, sites, once }) {
  const tabs = [...new Set(Object.values(controlled))];
  if (!tabs.length) return [];
  const { policy } = rules;
  const blocked = new Set(policy.blocked);
  for (const [origin, state] of Object.entries(sites)) {
    if (state === "blocked" && !policy.allowed.includes(origin)) blocked.add(origin);
  }
  // origin -> the tabs where it is allowed
  const allowed = new Map();
  const allow = (origin, tabIds) => {
    if (blocked.has(origin) || !tabIds.length) return;
    allowed.set(origin, [...new Set([...(allowed.get(origin) ?? []), ...tabIds])]);
  };
  for (const origin of policy.allowed) allow(origin, tabs);
  for (const [origin, state] of Object.entries(sites)) if (state === "always") allow(origin, tabs);
  for (const { origin, session_id: sessionId } of once) {
    if (controlled[sessionId] !== undefined) allow(origin, [controlled[sessionId]]);
  }
  const made = [];
  const add = (priority, type, condition) => made.push({ id: made.length + 1, priority, action: { type }, condition });
  for (const origin of blocked) add(BLOCKED, "block", { urlFilter: `|${origin}/`, resourceTypes: ALL_TYPES, tabIds: tabs });
  if (rules.mode === "ask") {
    for (const [origin, tabIds] of allowed) add(ALLOWED, "allow", { urlFilter: `|${origin}/`, resourceTypes: ["main_frame"], tabIds });
    add(UNDECIDED, "block", { urlFilter: "|http", resourceTypes: ["main_frame"], tabIds: tabs });
  }
  return made;
}

// Replaces the session rules by those the stored settings make now, when they differ from those in force; one
// rebuild at a time, in order, so the last one to finish is made from the latest settings. Resolves once they are
// in force. Every command calls it (an answer the user just gave must be in force before the action's requests
// leave), so a call that changes nothing costs only the reads of the settings, which stored.js keeps in memory.
let rebuilt = Promise.resolve();
let inForce = null; // JSON of the session rules as last set (null: not known yet, in a new worker)
export function syncSiteRules() {
  rebuilt = rebuilt.catch(() => {}).then(rebuild);
  return rebuilt;
}

async function rebuild() {
  const [controlled, rules, sites, once] = await Promise.all([
    loadControlled(),
    store.effectiveRules(),
    store.loadSiteDecisions(),
    store.loadOnceAllowed(),
  ]);
  const wanted = siteRulesFor({ controlled, rules, sites, once });
  if (inForce === JSON.stringify(wanted)) return;
  const old = await chrome.declarativeNetRequest.getSessionRules(); // session rules outlive a worker
  await chrome.declarativeNetRequest.updateSessionRules({
    removeRuleIds: old.map((rule) => rule.id),
    addRules: wanted,
  });
  inForce = JSON.stringify(wanted);
}

// The storage keys the rules are made from (the managed area: the policy, any key).
const RULE_KEYS = { session: ["controlled", "onceAllowed"], local: ["siteDecisions", "controlMode"] };
export function changesSiteRules(changes, area) {
  return area === "managed" || (RULE_KEYS[area] ?? []).some((key) => key in changes);
}

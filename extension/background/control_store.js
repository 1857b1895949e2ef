// What the user (and their administrator) decided about the agent, kept in chrome.storage because the
// service worker can be stopped at any moment:
//   chrome.storage.local    the mode ("ask" or "act") and the sites decided "always" or "blocked" (they
//                           outlive a browser restart, as the user meant them to);
//   chrome.storage.session  pause, the sites allowed once (for one agent session), and the open questions
//                           to the user (a site question or a confirmation), until the browser closes;
//   chrome.storage.managed  the administrator's policy (read only; managed_schema.json).
// Read and written through stored.js (a copy in memory that is never behind storage).
import { read as load, readManaged, update, write } from "./stored.js";

// "ask": the agent's first action on an undecided site waits for the user, and high-risk actions wait for a
// click; "act": neither (the user turned it on explicitly in the popup).
export const CONTROL_MODES = Object.freeze(["ask", "act"]);
export const DEFAULT_CONTROL_MODE = "ask";

// The user's own mode; the policy may override it (see effectiveRules).
export const loadMode = () => load("local", "controlMode", DEFAULT_CONTROL_MODE);
export const saveMode = (mode) => write("local", "controlMode", mode);

// origin -> "always" | "blocked".
export const loadSiteDecisions = () => load("local", "siteDecisions", {});
export const changeSiteDecisions = (change) => update("local", "siteDecisions", {}, change);

// [{origin, session_id}]: "Allow once" holds for the agent session that asked, until the browser closes.
export const loadOnceAllowed = () => load("session", "onceAllowed", []);
export const changeOnceAllowed = (change) => update("session", "onceAllowed", [], change);

export const loadPaused = () => load("session", "paused", false);
export const savePaused = (paused) => write("session", "paused", paused);

// The open questions: {id, kind: "site", origin, session_id, at} or {id, kind: "confirm", origin,
// session_id, what, at, answer?}.
export const loadQuestions = () => load("session", "questions", []);
export const changeQuestions = (change) => update("session", "questions", [], change);

// The administrator's policy, read and checked. {present, problems: [text], allowed: [origin],
// blocked: [origin], mode: "ask" | "act" | null, confirmationsLocked}. A policy with any problem is read
// the strict way: no allowed origins, mode "ask", confirmations on; its valid blocked origins still block.
export async function loadPolicy() {
  let raw;
  try {
    raw = await readManaged();
  } catch (error) {
    return strictPolicy([`the policy could not be read (${error.message})`]);
  }
  return policyFrom(raw);
}

// The same, of the settings `raw` (what chrome.storage.managed holds).
export function policyFrom(raw) {
  const problems = [];
  const origins = (key) => {
    const value = raw[key];
    if (value === undefined) return [];
    if (!Array.isArray(value)) {
      problems.push(`${key} is not a list`);
      return [];
    }
    const good = [];
    for (const entry of value) {
      const origin = policyOrigin(entry);
      if (origin) good.push(origin);
      else problems.push(`${key} has ${JSON.stringify(entry).slice(0, 80)}, which is not an http(s) origin`);
    }
    return good;
  };
  const allowed = origins("allowed_origins");
  const blocked = origins("blocked_origins");
  let mode = null;
  if (raw.mode !== undefined) {
    if (CONTROL_MODES.includes(raw.mode)) mode = raw.mode;
    else problems.push(`mode is ${JSON.stringify(raw.mode).slice(0, 40)}, not "ask" or "act"`);
  }
  let confirmationsLocked = false;
  const canTurnOff = raw.confirmations_can_be_turned_off;
  if (canTurnOff !== undefined) {
    if (typeof canTurnOff === "boolean") confirmationsLocked = !canTurnOff;
    else problems.push("confirmations_can_be_turned_off is not true or false");
  }
  const known = ["allowed_origins", "blocked_origins", "mode", "confirmations_can_be_turned_off"];
  for (const key of Object.keys(raw)) if (!known.includes(key)) problems.push(`unknown setting ${key.slice(0, 40)}`);
  const present = Object.keys(raw).length > 0;
  if (problems.length) return { ...strictPolicy(problems), blocked };
  return { present, problems, allowed, blocked, mode, confirmationsLocked };
}

function strictPolicy(problems) {
  return { present: true, problems, allowed: [], blocked: [], mode: "ask", confirmationsLocked: true };
}

// "https://example.com" (an origin, nothing more) -> itself; anything else -> null.
function policyOrigin(entry) {
  if (typeof entry !== "string") return null;
  try {
    const url = new URL(entry);
    const bare = entry.replace(/\/$/, "");
    return /^https?:$/.test(url.protocol) && url.origin === bare ? url.origin : null;
  } catch {
    return null;
  }
}

// The rules in force: the policy over the user's settings. {mode, modeByPolicy, confirm, policy}.
// confirm: whether high-risk actions wait for a click ("act" turns them off unless the policy forbids it).
export async function effectiveRules() {
  const [policy, userMode] = await Promise.all([loadPolicy(), loadMode()]); // both read, at once
  return rulesFrom(policy, userMode);
}

// The same, of a policy as loadPolicy() reads it and the user's mode.
export function rulesFrom(policy, userMode) {
  const mode = policy.mode ?? userMode;
  return { mode, modeByPolicy: policy.mode !== null, confirm: mode === "ask" || policy.confirmationsLocked, policy };
}

// What holds for `origin` and the session `sessionId`, by these settings ({rules: effectiveRules(), sites: the site
// decisions, once: the sites allowed once}): "allowed", or {blocked: by} (by "policy" or "you"), or null (undecided:
// ask). The one order of precedence, for the checks before an action (user_control.js) and the browser's rules
// (site_rules.js): the policy, then the user's Block and Always, then Allow once, then the mode.
export function siteDecision(origin, sessionId, { rules, sites, once }) {
  if (rules.policy.blocked.includes(origin)) return { blocked: "your administrator's policy" };
  if (rules.policy.allowed.includes(origin)) return "allowed";
  const decided = sites[origin];
  if (decided === "blocked") return { blocked: "you, in the Hermes popup" };
  if (decided === "always") return "allowed";
  if (once.some((entry) => entry.origin === origin && entry.session_id === sessionId)) return "allowed";
  return rules.mode === "act" ? "allowed" : null;
}

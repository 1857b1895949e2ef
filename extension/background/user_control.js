// The user's control over the agent (issue 14), checked in the service worker before any capability runs,
// where neither the page nor the server nor the agent can reach: pause, site permissions, confirmations.
// The answers come only from the extension's own popup (messages.js checks the sender); they are written to
// chrome.storage, and a waiting command sees them through chrome.storage.onChanged.
import * as store from "./control_store.js";
import { CommandError } from "./errors.js";
import { describeRisk, placeOf, riskOfCommand } from "./risk.js";
import { tabToAdopt } from "./sessions.js";
import { loadControlled } from "./storage.js";

// How long a command waits for the user's answer before it fails with permission_pending: the command's own
// deadline (the server sends it as timeout_ms), less a margin for the answer to travel back, so the agent
// hears permission_pending rather than command_timeout. A command without a deadline waits ANSWER_WAIT_MS.
export const ANSWER_WAIT_MS = 25_000;

export function answerWaitMs(timeoutMs) {
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) return ANSWER_WAIT_MS;
  return Math.max(0, timeoutMs - Math.min(2_000, Math.round(timeoutMs / 5)));
}

const PAUSED = "The user paused the agent in the Hermes popup; nothing runs until they resume.";

// Resolves when the command may run, with {controlled: the session's controlled tab as the checks read it (null
// if they looked at another tab, the session controls none yet, or they waited for the user), waited: whether they
// waited for the user's answer, confirmTyping:
// null when confirmations are off, else a function(field) that asks the user to confirm typing into `field` (the
// engine's {kind, label}) and resolves once they have, confirmDialog: null or the same for accepting a confirm() with
// this message}; throws a
// CommandError (permission_pending, site_blocked, user_declined, paused_by_user) when it may not.
// controller.noop is a channel check, not an action: it never asks.
export async function checkUserControl({ sessionId, action, args, listed, signal, timeoutMs }) {
  const patience = { signal, waitMs: answerWaitMs(timeoutMs) };
  if (action === "controller.noop") return { controlled: null, waited: false };
  // Everything the checks read, read for this command and all at once (the reads do not depend on each other). The
  // user's settings come through stored.js's copy, which is never behind the last write: a pause, revoke or block
  // applies to the very next command.
  const reads = {
    paused: store.loadPaused(),
    tab: targetTab(sessionId, action, args),
    rules: store.effectiveRules(),
    sites: store.loadSiteDecisions(),
    once: store.loadOnceAllowed(),
  };
  for (const read of Object.values(reads)) read.catch(() => {}); // awaited below, in order
  if (await reads.paused) throw new CommandError("paused_by_user", PAUSED);
  const { tab, controlled } = await reads.tab;
  const origin = loadsUrl(action, args) ? siteOf(args.url) : siteOf(tab?.url);
  let rules = await reads.rules;
  let waited = false; // for the user's answer: then the rules are read again, and the tab is no longer as read
  if (origin) {
    const known = { rules, sites: await reads.sites, once: await reads.once };
    waited = await siteAllowed(sessionId, origin, patience, known);
    if (waited) rules = await store.effectiveRules();
  }
  const site = siteOf(tab?.url) ?? "this page";
  let asked = null; // the risk the user let, for a press to read again as it acts (capabilities.js browser_press)
  if (rules.confirm && tab) {
    const risk = await riskOfCommand(tab.id, action, args, listed);
    if (risk) {
      asked = risk;
      waited = true;
      await confirmed(sessionId, site, describeRisk(risk), patience, placeOf(risk));
    }
  }
  // Typing is confirmed at the moment it happens, on the field as the engine finds it once focused (typing.js):
  // the capability asks through this when the engine says the field is a password or payment field.
  const confirmTyping =
    rules.confirm && tab
      ? (field) => confirmed(sessionId, site, describeRisk({ risk: "type", ...field }), patience)
      : null;
  // Accepting a confirm() the action opens (its `dialog` argument, agent_dialogs.js) is asked with its message.
  const confirmDialog =
    rules.confirm && tab ? (message) => confirmed(sessionId, site, describeRisk({ risk: "dialog", message }), patience) : null;
  return { controlled: controlled && !waited ? tab : null, waited, confirmTyping, confirmDialog, asked };
}

// Whether the command loads the URL the agent names (args.url): browser_navigate, and a new tab (browser_tabs new),
// which the user's rules judge by that URL's site, and whose landing is checked as a navigation's.
export function loadsUrl(action, args) {
  return action === "browser_navigate" || (action === "browser_tabs" && args?.action === "new");
}

// The tab the command acts on: the tab to activate, or the session's controlled tab (if it has none yet, the
// one the capability will adopt: the same sessions.js choice). {tab, controlled: whether it is the session's
// controlled tab}; tab is null when it is gone (the capability reports it).
async function targetTab(sessionId, action, args) {
  try {
    if (action === "browser_tab_activate") return { tab: await chrome.tabs.get(args.tab_id), controlled: false };
    const tabId = (await loadControlled())[sessionId];
    if (tabId === undefined) return { tab: await tabToAdopt(sessionId), controlled: false };
    return { tab: await chrome.tabs.get(tabId), controlled: true };
  } catch {
    return { tab: null, controlled: false };
  }
}

// The site a URL belongs to, as permissions are kept: its origin for http(s), null for pages that belong to
// no site (about:blank, the new tab page, chrome:// pages the extension cannot script anyway).
export function siteOf(url) {
  try {
    const { protocol, origin } = new URL(url);
    return /^https?:$/.test(protocol) ? origin : protocol === "file:" ? "file://" : null;
  } catch {
    return null;
  }
}

// What holds for `origin` and this session: "allowed", or {blocked: by} (by "policy" or "you"), or null
// (undecided: ask). Read for this call, unless `known` brings what this command has just read: {rules, sites: the
// site decisions, once: the sites allowed once}.
async function decision(sessionId, origin, known = null) {
  const [rules, sites, once] = known
    ? [known.rules, known.sites, known.once]
    : await Promise.all([store.effectiveRules(), store.loadSiteDecisions(), store.loadOnceAllowed()]);
  return store.siteDecision(origin, sessionId, { rules, sites, once });
}

function blockedError(origin, by) {
  return new CommandError("site_blocked", `The agent may not act on ${hostOf(origin)}: blocked by ${by}.`);
}

// After an action, whatever led the controlled tab elsewhere (a redirect, a script, a link, a form): if it now
// holds a site the agent may not act on, the site rules (site_rules.js) cancelled that document's request, and the
// tab shows Chrome's error page under the refused URL. The agent hears only the refused site, never the URL or a
// title: site_blocked, or for an undecided site permission_pending with the site question opened in the popup.
// Not for a channel check, nor the tab list or a tab closed (a refused tab is named by its site), nor browser_tab_activate
// (checked on the tab it switches to before it ran), nor a snapshot that went well: the engine read a document, and
// a refused site's never loads (the engine cannot read the error page left in its place, and a failed snapshot is
// checked).
const NO_LANDING = ["controller.noop", "browser_tabs", "browser_tab_activate"];
const NO_LANDING_AFTER_SUCCESS = [...NO_LANDING, "browser_snapshot"];
export async function checkLanding(sessionId, action, { failed = false, args = {} } = {}) {
  const checked = loadsUrl(action, args) ? "browser_navigate" : action;
  if ((failed ? NO_LANDING : NO_LANDING_AFTER_SUCCESS).includes(checked)) return;
  const tabId = (await loadControlled())[sessionId];
  const tab = tabId === undefined ? null : await chrome.tabs.get(tabId).catch(() => null);
  const origin = siteOf(tab?.url);
  if (!origin) return;
  const now = await decision(sessionId, origin);
  if (now === "allowed") return;
  if (now) throw blockedError(origin, now.blocked);
  await ask({ kind: "site", origin, session_id: sessionId });
  throw new CommandError(
    "permission_pending",
    `The page led to ${hostOf(origin)}, a site the user has not decided on; it was not loaded. The question is in ` +
      "the Hermes popup: once the user allows the site, navigate again.",
  );
}

// The site of `url` as the popup names it, when the user's rules refuse it to this session: blocked, or (`undecided`
// true) undecided in ask mode, whose documents the rules cancel in the tabs they hold in; null for a site the
// session may act on, or a page of no site.
export async function refusedSite(sessionId, url, { undecided = true } = {}) {
  const origin = siteOf(url);
  if (!origin) return null;
  const now = await decision(sessionId, origin);
  return now === "allowed" || (now === null && !undecided) ? null : hostOf(origin);
}

// The site as the popup names it: "example.com:8080" for an origin.
export function hostOf(origin) {
  if (origin === "file://") return "local files";
  try {
    return new URL(origin).host || origin;
  } catch {
    return origin;
  }
}

// Resolves when the agent may act on `origin` (true if it had to wait for the user's answer); throws when not.
async function siteAllowed(sessionId, origin, patience, known) {
  const now = await decision(sessionId, origin, known);
  if (now === "allowed") return false;
  if (now) throw blockedError(origin, now.blocked);
  await ask({ kind: "site", origin, session_id: sessionId });
  await waitForAnswer(
    async () => {
      const found = await decision(sessionId, origin);
      if (found === "allowed") return found;
      if (found) throw blockedError(origin, found.blocked);
      return undefined;
    },
    patience,
    `The user has not yet said whether the agent may act on ${hostOf(origin)}: the question is in the Hermes popup.`,
  );
  return true;
}

// Opens a question unless the same one is open already (a retried call waits for the first question).
async function ask(fields) {
  let opened = null;
  await store.changeQuestions((questions) => {
    const same = questions.find(
      (q) => q.kind === fields.kind && q.origin === fields.origin && q.session_id === fields.session_id,
    );
    if (same && fields.kind === "site") return questions;
    opened = { id: crypto.randomUUID(), at: Date.now(), ...fields };
    return [...questions, opened];
  });
  if (opened) await notify(opened);
  return opened;
}

// A system notification, where the platform shows one; the answer is given in the popup only.
async function notify(question) {
  const message =
    question.kind === "site"
      ? `Let the agent act on ${hostOf(question.origin)}? Answer in the Hermes popup.`
      : `The agent wants to ${question.what} ${question.place} ${hostOf(question.origin)}. Answer in the Hermes popup.`;
  try {
    await chrome.notifications.create(`hermes-${question.id}`, {
      type: "basic",
      iconUrl: chrome.runtime.getURL("popup/icon.png"),
      title: "Hermes browser control",
      message,
      priority: 2,
    });
  } catch {
    // no notification centre here: the popup still asks
  }
}

// `place`: "on" the site, or "to" it (an upload), as the popup's sentence says it.
async function confirmed(sessionId, origin, what, patience, place = "on") {
  const question = await ask({ kind: "confirm", origin, session_id: sessionId, what, place });
  try {
    const answer = await waitForAnswer(
      async () => (await store.loadQuestions()).find((q) => q.id === question.id)?.answer,
      patience,
      `The user has not confirmed that the agent may ${what} ${place} ${hostOf(origin)}: the question is in the Hermes popup.`,
    );
    if (answer !== "confirm") {
      throw new CommandError("user_declined", `The user refused to let the agent ${what}; nothing was done.`);
    }
  } finally {
    await store.changeQuestions((questions) => questions.filter((q) => q.id !== question.id));
    chrome.notifications?.clear(`hermes-${question.id}`).catch(() => {});
  }
}

// Resolves with check()'s first answer other than undefined, re-checked on every storage change (the popup's
// answer, a policy update, pause); rejects with the abort's reason (the server cancelled, or the user paused)
// or, after patience.waitMs, with permission_pending.
function waitForAnswer(check, { signal, waitMs }, pendingMessage) {
  return new Promise((resolve, reject) => {
    let finished = false;
    const finish = (settle, value) => {
      if (finished) return;
      finished = true;
      chrome.storage.onChanged.removeListener(recheck);
      signal.removeEventListener("abort", aborted);
      clearTimeout(timer);
      settle(value);
    };
    const recheck = () =>
      check().then(
        (answer) => answer !== undefined && finish(resolve, answer),
        (error) => finish(reject, error),
      );
    const aborted = () => finish(reject, signal.reason ?? new CommandError("command_cancelled", "cancelled"));
    const timer = setTimeout(() => finish(reject, new CommandError("permission_pending", pendingMessage)), waitMs);
    chrome.storage.onChanged.addListener(recheck);
    signal.addEventListener("abort", aborted);
    if (signal.aborted) aborted();
    else recheck();
  });
}

// The popup's answer to question `id`: "once", "always" or "block" to a site question, "confirm" or "decline"
// to a confirmation.
export async function answerQuestion(id, answer) {
  const question = (await store.loadQuestions()).find((q) => q.id === id);
  if (!question) throw new CommandError("invalid_arguments", "That question is no longer open.");
  const fits = question.kind === "site" ? ["once", "always", "block"] : ["confirm", "decline"];
  if (!fits.includes(answer)) throw new CommandError("invalid_arguments", "Not an answer to that question.");
  if (question.kind === "confirm" || question.kind === "download") {
    // a download question is settled by downloads.js, which keeps or deletes the file
    await store.changeQuestions((questions) => questions.map((q) => (q.id === id ? { ...q, answer } : q)));
    return;
  }
  if (answer === "once") {
    await store.changeOnceAllowed((once) => [...once, { origin: question.origin, session_id: question.session_id }]);
  } else {
    await store.changeSiteDecisions((sites) => ({ ...sites, [question.origin]: answer === "block" ? "blocked" : "always" }));
  }
  // The answer settles every open site question about that origin (one per session asked).
  await store.changeQuestions((questions) =>
    questions.filter(
      (q) =>
        q.kind !== "site" ||
        q.origin !== question.origin ||
        (answer === "once" && q.session_id !== question.session_id),
    ),
  );
  chrome.notifications?.clear(`hermes-${id}`).catch(() => {});
}

// The user takes a decision back: the site is undecided again (asked next time).
export async function revokeSite(origin) {
  await store.changeSiteDecisions((sites) => {
    const kept = { ...sites };
    delete kept[origin];
    return kept;
  });
  await store.changeOnceAllowed((once) => once.filter((entry) => entry.origin !== origin));
}

export async function setMode(mode) {
  if (!store.CONTROL_MODES.includes(mode)) throw new CommandError("invalid_arguments", "unknown mode");
  await store.saveMode(mode);
}

// For the popup: the rules in force, the open questions and the decided sites.
export async function controlView() {
  const rules = await store.effectiveRules();
  const sites = Object.entries(await store.loadSiteDecisions()).map(([origin, state]) => ({ origin, state }));
  for (const { origin, session_id } of await store.loadOnceAllowed()) {
    sites.push({ origin, state: "once", session_id });
  }
  return {
    mode: rules.mode,
    mode_by_policy: rules.modeByPolicy,
    confirm: rules.confirm,
    paused: await store.loadPaused(),
    questions: (await store.loadQuestions())
      .filter((q) => q.answer === undefined)
      .map((q) => ({ ...q, host: hostOf(q.origin) })),
    sites: sites.map((site) => ({ ...site, host: hostOf(site.origin) })),
    policy: {
      present: rules.policy.present,
      problems: rules.policy.problems,
      allowed: rules.policy.allowed,
      blocked: rules.policy.blocked,
    },
  };
}

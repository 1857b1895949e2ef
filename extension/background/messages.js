// Messages from the extension's own pages: the popup, and the dialog relay content script in pages. One
// table from message type to handler, each handler open to one kind of sender only.
import { CONTRACT, DIALOG_POLICIES, POPUP_URL } from "./constants.js";
import { CommandError } from "./errors.js";
import { askHost } from "./host_port.js";
import { controlledTabs } from "./indicator.js";
import { pauseAgent, resumeAgent } from "./pause.js";
import { maybeStartPairing } from "./sessions.js";
import * as storage from "./storage.js";
import { companionInstalled, loadTrustedInputSetting, saveTrustedInputSetting } from "./trusted_input.js";
import { answerQuestion, controlView, revokeSite, setMode } from "./user_control.js";

const { MESSAGES } = CONTRACT;
// The dialogs the page guard answers, and how it may have answered each.
const DIALOG_ACTIONS = Object.freeze({
  alert: ["accept"],
  confirm: ["accept", "dismiss"],
  prompt: ["accept", "dismiss"],
  beforeunload: ["leave"],
});

const HANDLERS = {
  "popup.state": {
    from: "popup",
    run: async () => ({
      status: await storage.loadHostStatus(),
      log: await storage.loadActionLog(),
      policy: await storage.loadDialogPolicy(),
      control: await controlView(),
      tabs: await controlledTabTitles(),
      trusted_input: { on: await loadTrustedInputSetting(), companion: await companionInstalled() },
    }),
  },
  // The trusted-input mode (trusted_input.js): the user's alone, from the popup, after it said what it allows.
  "popup.trustedInput": {
    from: "popup",
    run: async ({ on }) => {
      if (typeof on !== "boolean") throw new CommandError("invalid_arguments", "on is true or false");
      await saveTrustedInputSetting(on);
      return {};
    },
  },
  // The user's control (issue 14): only the popup may answer, pause, resume, change the mode or revoke.
  "popup.answer": { from: "popup", run: ({ question_id, answer }) => answerQuestion(question_id, answer).then(() => ({})) },
  "popup.pause": { from: "popup", run: () => pauseAgent().then(() => ({})) },
  "popup.resume": { from: "popup", run: () => resumeAgent().then(() => ({})) },
  "popup.mode": { from: "popup", run: ({ mode }) => setMode(mode).then(() => ({})) },
  "popup.revoke": { from: "popup", run: ({ origin }) => revokeSite(String(origin)).then(() => ({})) },
  "popup.approve": { from: "popup", run: ({ request_id }) => askHost(MESSAGES.PAIR_APPROVE, { request_id }) },
  "popup.deny": { from: "popup", run: ({ request_id }) => askHost(MESSAGES.PAIR_DENY, { request_id }) },
  "popup.detach": { from: "popup", run: ({ session_id }) => askHost(MESSAGES.DETACH, { session_id }) },
  "popup.pair": {
    from: "popup",
    run: async () => {
      await storage.savePairingAsked(false);
      await maybeStartPairing(await storage.loadHostStatus());
      return {};
    },
  },
  "popup.policy": {
    from: "popup",
    run: async ({ policy }) => {
      if (!DIALOG_POLICIES.includes(policy)) throw new CommandError("invalid_arguments", "unknown policy");
      await storage.saveDialogPolicy(policy);
      return {};
    },
  },
  "page.dialog": {
    from: "page",
    run: async ({ dialog }, sender) => {
      // The relay's content script sends what the guard reported; the kinds are checked all the same.
      const known = Object.hasOwn(DIALOG_ACTIONS, dialog?.type) && DIALOG_ACTIONS[dialog.type].includes(dialog.action);
      if (!known) throw new CommandError("invalid_arguments", "not a dialog report");
      await storage.addRecentDialog(sender.tab.id, {
        type: dialog.type,
        message: String(dialog.message ?? "").slice(0, 500),
        action: dialog.action,
        closed_by: dialog.by === "agent" ? "agent" : "auto_policy", // the agent's own answer to its action's dialog
        url: sender.url,
        at: Date.now(),
      });
      return {};
    },
  },
  "page.policy": { from: "page", run: async () => ({ policy: await storage.loadDialogPolicy() }) },
  // Whether the agent controls the asking frame's tab: the page-world focus hook gives a controlled tab's page the
  // focus events of a focused window (page/window_focus.js).
  "page.controlled": { from: "page", run: async (_, sender) => ({ controlled: (await controlledTabs()).has(sender.tab.id) }) },
};

// session id -> {id, title} of the tab it controls, for the popup's session list (which session holds which tab).
async function controlledTabTitles() {
  const titles = {};
  for (const [sessionId, tabId] of Object.entries(await storage.loadControlled())) {
    try {
      titles[sessionId] = { id: tabId, title: (await chrome.tabs.get(tabId)).title || "" };
    } catch {
      // the tab was closed
    }
  }
  return titles;
}

// "popup" for our popup (also when opened as a tab: it has our own URL), "page" for a content script in
// a tab (it reports the page's URL), null for anything else.
function senderKind(sender) {
  if (sender.id !== chrome.runtime.id) return null;
  if (sender.url === POPUP_URL && sender.origin === new URL(POPUP_URL).origin) return "popup";
  if (sender.tab && !sender.url?.startsWith(POPUP_URL)) return "page";
  return null;
}

// The handler for this message from this sender, or null (the message is then ignored).
export function messageHandler(message, sender) {
  if (typeof message?.type !== "string" || !Object.hasOwn(HANDLERS, message.type)) return null;
  const handler = HANDLERS[message.type];
  return handler.from === senderKind(sender) ? handler.run : null;
}

// The popup: pairing (one Approve click), connected sessions with Detach and the tab each one holds (its title and
// id), the agent's recent actions, and the user's control (issue 14): the site question, confirmations,
// Pause / Resume, the mode, the decided sites, the administrator's policy. It only talks to the service
// worker, which re-renders it through chrome.storage changes. Page text (a site, a field's label, a tab's
// title) is only ever set as textContent.
"use strict";

const $ = (id) => document.getElementById(id);
let current = { status: {}, log: [], control: null, tabs: {} };

async function ask(type, fields = {}) {
  const reply = await chrome.runtime.sendMessage({ type, ...fields });
  if (!reply?.ok) throw new Error(reply?.error?.message || "the extension did not answer");
  return reply;
}

function showError(error) {
  $("error").hidden = !error;
  $("error").textContent = error ? error.message : "";
}

// Re-draws `list` from build() only when `key` (what the list shows) differs from what it shows now. The popup
// refreshes on every storage change, several a second while the agent acts; re-drawing an unchanged list then
// would replace its buttons (Detach, Revoke) under the user's pointer, between press and release.
function drawList(list, key, build) {
  if (list.dataset.drawn === key) return;
  list.dataset.drawn = key;
  list.replaceChildren(...build());
}

function render() {
  const status = current.status || {};
  const hostDown = status.host === "disconnected";
  const serverDown = hostDown || status.server !== "running";
  $("serverState").textContent = hostDown ? "host not connected" : serverDown ? "not running" : "running";
  $("serverState").className = "pill " + (serverDown ? "down" : "running");
  $("notRunning").hidden = !serverDown;
  $("hostMessage").textContent = hostDown ? status.host_message || "" : status.server_message || "";
  $("pairing").hidden = serverDown || status.paired || !status.pairing;
  $("unpaired").hidden = serverDown || status.paired || Boolean(status.pairing);
  $("paired").hidden = !status.paired;
  if (status.pairing) $("verificationCode").textContent = status.pairing.verification_code;
  $("deviceId").textContent = status.device_id || "";

  const sessions = status.sessions || [];
  $("noSessions").hidden = sessions.length > 0;
  const shown = sessions.map((s) => [s.session_id, s.label, s.state, current.tabs?.[s.session_id] ?? null]);
  drawList($("sessions"), JSON.stringify(shown), () =>
    sessions.map((session) => {
      const item = document.createElement("li");
      item.textContent = `${session.label || session.session_id} — ${session.state}`;
      const held = current.tabs?.[session.session_id];
      if (held !== undefined) {
        const tab = document.createElement("div");
        tab.className = "tabTitle";
        tab.textContent = `on the tab “${held.title || "untitled"}” (tab ${held.id})`;
        item.append(tab);
      }
      if (session.state === "connected") {
        const detach = document.createElement("button");
        detach.textContent = "Detach";
        detach.className = "secondary detachButton";
        detach.dataset.sessionId = session.session_id;
        detach.addEventListener("click", () => ask("popup.detach", { session_id: session.session_id }).catch(showError));
        item.append(detach);
      }
      return item;
    }),
  );
  $("actionLog").replaceChildren(
    ...current.log
      .slice()
      .reverse()
      .map((entry) => {
        const item = document.createElement("li");
        item.textContent = `${new Date(entry.at).toLocaleTimeString()} ${entry.summary || entry.action}`;
        return item;
      }),
  );
}

function renderControl() {
  const control = current.control;
  if (!control) return;
  const site = control.questions.find((q) => q.kind === "site");
  $("siteQuestion").hidden = !site;
  if (site) {
    $("siteQuestionText").textContent = `Let the agent act on ${site.host}?`;
    $("siteQuestion").dataset.questionId = site.id;
  }
  // A confirmation of an action, or whether to keep a file the agent downloaded (background/downloads.js).
  const confirm = control.questions.find((q) => q.kind === "confirm" || q.kind === "download");
  $("confirmQuestion").hidden = !confirm;
  if (confirm) {
    const download = confirm.kind === "download";
    $("confirmQuestionText").textContent = download
      ? `The agent downloaded ${confirm.name} (${confirm.size}) from ${confirm.host}. Keep it for the agent?`
      : `The agent wants to ${confirm.what} ${confirm.place} ${confirm.host}.`;
    $("confirmButton").textContent = download ? "Keep it" : "Let it";
    $("declineButton").textContent = download ? "Delete it" : "Refuse";
    $("confirmQuestion").dataset.questionId = confirm.id;
  }
  $("pauseButton").hidden = control.paused;
  $("resumeButton").hidden = !control.paused;
  $("pausedNote").hidden = !control.paused;
  $("modeSelect").value = control.mode;
  $("control").dataset.mode = control.mode; // the stored mode, for automation that waits for it
  $("modeSelect").disabled = control.mode_by_policy;
  $("actNote").hidden = control.mode !== "act";
  $("confirmStill").hidden = !control.confirm;
  const policy = control.policy;
  $("policyNote").hidden = !policy.present;
  $("policyNote").textContent =
    "Your administrator's policy is in force" +
    (control.mode_by_policy ? `: the mode is "${control.mode}"` : "") +
    (policy.blocked.length ? `; blocked: ${policy.blocked.join(", ")}` : "") +
    (policy.allowed.length ? `; allowed: ${policy.allowed.join(", ")}` : "") +
    ".";
  $("policyProblem").hidden = !policy.problems.length;
  $("policyProblem").textContent = `The administrator's policy is malformed (${policy.problems.join("; ")}): the agent asks, and confirmations stay on.`;
  $("noSites").hidden = control.sites.length > 0;
  drawList($("siteList"), JSON.stringify(control.sites), () =>
    control.sites.map((entry) => {
      const item = document.createElement("li");
      const state = { always: "always allowed", blocked: "blocked", once: "allowed for one agent session" }[entry.state];
      item.textContent = `${entry.host} — ${state}`;
      const revoke = document.createElement("button");
      revoke.textContent = "Revoke";
      revoke.className = "secondary revokeButton";
      revoke.dataset.origin = entry.origin;
      revoke.addEventListener("click", () => ask("popup.revoke", { origin: entry.origin }).catch(showError));
      item.append(revoke);
      return item;
    }),
  );
}

// The trusted-input mode: the user's setting, and whether its companion extension is installed.
function renderTrustedInput() {
  const trusted = current.trusted_input || { on: false, companion: false };
  $("trustedInputToggle").checked = trusted.on;
  $("trustedInput").dataset.on = String(trusted.on); // the stored setting, for automation that waits for it
  $("companionState").textContent = trusted.companion
    ? "The Hermes trusted input extension is installed."
    : "The Hermes trusted input extension is not installed: without it, the agent's input stays simulated.";
  $("trustedInput").dataset.companion = String(trusted.companion);
}

// The answer to the question shown in `section`.
function answer(section, reply) {
  ask("popup.answer", { question_id: $(section).dataset.questionId, answer: reply }).catch(showError);
}

// Refreshes overlap (one per storage change), and the worker may answer them out of order: only the answer to
// the latest one is drawn, so an older state never replaces a newer one.
let latestRefresh = 0;
async function refresh() {
  const number = ++latestRefresh;
  try {
    const state = await ask("popup.state");
    if (number !== latestRefresh) return;
    current = state;
    $("dialogPolicy").value = current.policy;
    renderTrustedInput();
    render();
    renderControl();
    showError(null);
  } catch (error) {
    if (number === latestRefresh) showError(error);
  }
}

$("approveButton").addEventListener("click", async () => {
  $("approveButton").disabled = true;
  try {
    await ask("popup.approve", { request_id: current.status.pairing.request_id });
  } catch (error) {
    showError(error);
  } finally {
    $("approveButton").disabled = false;
  }
});
$("denyButton").addEventListener("click", () =>
  ask("popup.deny", { request_id: current.status.pairing.request_id }).catch(showError),
);
$("pairButton").addEventListener("click", () => ask("popup.pair").catch(showError));
$("dialogPolicy").addEventListener("change", (event) =>
  ask("popup.policy", { policy: event.target.value }).catch(showError),
);
$("allowOnceButton").addEventListener("click", () => answer("siteQuestion", "once"));
$("allowAlwaysButton").addEventListener("click", () => answer("siteQuestion", "always"));
$("blockButton").addEventListener("click", () => answer("siteQuestion", "block"));
$("confirmButton").addEventListener("click", () => answer("confirmQuestion", "confirm"));
$("declineButton").addEventListener("click", () => answer("confirmQuestion", "decline"));
$("pauseButton").addEventListener("click", () => ask("popup.pause").catch(showError));
$("resumeButton").addEventListener("click", () => ask("popup.resume").catch(showError));
$("trustedInputToggle").addEventListener("change", (event) =>
  ask("popup.trustedInput", { on: event.target.checked }).then(refresh, showError),
);
$("modeSelect").addEventListener("change", (event) => ask("popup.mode", { mode: event.target.value }).catch(showError));
chrome.storage.onChanged.addListener(() => refresh());
chrome.tabs.onUpdated.addListener((_tabId, change) => change.title !== undefined && refresh());
// Opening the popup while unpaired starts a pairing request by itself.
ask("popup.pair").then(refresh, showError);

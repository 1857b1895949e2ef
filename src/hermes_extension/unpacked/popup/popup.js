// The popup: pairing (one Approve click), connected sessions with Detach, the agent's recent actions.
// It only talks to the service worker, which re-renders it through chrome.storage changes.
"use strict";

const $ = (id) => document.getElementById(id);
let current = { status: {}, log: [] };

async function ask(type, fields = {}) {
  const reply = await chrome.runtime.sendMessage({ type, ...fields });
  if (!reply?.ok) throw new Error(reply?.error?.message || "the extension did not answer");
  return reply;
}

function showError(error) {
  $("error").hidden = !error;
  $("error").textContent = error ? error.message : "";
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
  $("sessions").replaceChildren(
    ...sessions.map((session) => {
      const item = document.createElement("li");
      item.textContent = `${session.label || session.session_id} — ${session.state}`;
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

async function refresh() {
  try {
    current = await ask("popup.state");
    $("dialogPolicy").value = current.policy;
    render();
    showError(null);
  } catch (error) {
    showError(error);
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
chrome.storage.onChanged.addListener(() => refresh());
// Opening the popup while unpaired starts a pairing request by itself.
ask("popup.pair").then(refresh, showError);

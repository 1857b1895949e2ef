// Runs in the extension's isolated world at document_start (every frame), right after the page-world
// dialog guard (dialog_guard.js): hands the guard one end of a MessageChannel before any page script
// runs, sends the user's dialog policy over it, and passes the dialogs the guard reports to the service
// worker, which keeps the recent ones per tab for browser_snapshot's recent_dialogs.  The page's scripts
// never get the port, so they can neither add a record nor choose the policy.
"use strict";

(() => {
  const channel = new MessageChannel();
  const handshake = new MessageEvent("hermes:dialog-port", { ports: [channel.port2], cancelable: true });
  const taken = !window.dispatchEvent(handshake);
  if (!taken) return; // no guard in this frame: no dialog to relay
  const guard = channel.port1;
  guard.onmessage = (event) => chrome.runtime.sendMessage({ type: "page.dialog", dialog: event.data });
  chrome.runtime.sendMessage({ type: "page.policy" }).then((reply) => {
    if (reply?.ok) guard.postMessage(reply.policy);
  });
})();

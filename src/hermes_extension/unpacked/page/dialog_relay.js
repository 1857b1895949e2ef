// Runs in the extension's isolated world at document_start (every frame): tells the page-world
// dialog guard (dialog_guard.js) which policy applies, and passes the dialogs it reports to the
// service worker, which keeps the recent ones per tab for browser_snapshot's recent_dialogs.
"use strict";

(() => {
  chrome.runtime.sendMessage({ type: "page.policy" }).then((reply) => {
    if (reply?.ok && document.documentElement) document.documentElement.dataset.hermesDialogPolicy = reply.policy;
  });
  window.addEventListener("hermes:dialog", (event) => {
    let dialog;
    try {
      dialog = JSON.parse(event.detail);
    } catch {
      return;
    }
    chrome.runtime.sendMessage({ type: "page.dialog", dialog });
  });
})();

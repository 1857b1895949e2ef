// Runs in the extension's isolated world at document_start (every frame), after the page-world hook
// window_focus.js has its handshake listener in place: hands the hook one end of a MessageChannel before any page
// script runs, and tells it over that port whether the agent controls this tab (the hook then gives the page the
// focus events of a focused window, issue 30). It asks the service worker once now (page.controlled), and again
// only when the browser brings this document back from the back-forward cache (a trusted pageshow, persisted: a
// page cannot forge one): the service worker tells the frames of a tab's current documents when its control starts
// or ends (background/indicator.js), through __hermesFocusRelay, and a kept document missed that. The port is only
// ever written to: nothing the page could post on it is read.
"use strict";

(() => {
  if (globalThis.__hermesFocusRelay) return;
  const channel = new MessageChannel();
  const handshake = new MessageEvent("hermes:window-focus-port", { ports: [channel.port2], cancelable: true });
  const taken = !window.dispatchEvent(handshake);
  const hook = channel.port1;
  const tell = (controlled) => {
    if (taken) hook.postMessage(controlled === true);
  };
  Object.defineProperty(globalThis, "__hermesFocusRelay", { value: Object.freeze({ tell }) });
  if (!taken) return; // no hook in this frame: nothing to tell
  const ask = () =>
    chrome.runtime.sendMessage({ type: "page.controlled" }).then(
      (reply) => {
        if (reply?.ok) tell(reply.controlled);
      },
      () => {}, // the extension was reloaded or the frame went away: the hook stays off
    );
  ask();
  window.addEventListener("pageshow", (event) => {
    if (event.isTrusted && event.persisted) ask();
  });
})();

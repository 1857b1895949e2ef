// Runs in the extension's isolated world at document_start (every frame), after the page-world hook close_requests.js
// has its handshake listener in place: hands the hook one end of a MessageChannel before any page script runs. The
// engine (engine/keyboard.js) asks through __hermesCloseRelay for the close request a real Escape makes (issue 30).
// The port is only ever written to: nothing the page could post on it is read.
"use strict";

(() => {
  if (globalThis.__hermesCloseRelay) return;
  const channel = new MessageChannel();
  const handshake = new MessageEvent("hermes:close-request-port", { ports: [channel.port2], cancelable: true });
  const taken = !window.dispatchEvent(handshake);
  const hook = channel.port1;
  // request() -> whether a hook in this frame took the request (it closes the newest open thing, if any, in a task).
  const request = () => {
    if (taken) hook.postMessage("close");
    return taken;
  };
  Object.defineProperty(globalThis, "__hermesCloseRelay", { value: Object.freeze({ request }) });
})();

// Runs in the page's own world at document_start (every frame): JS dialogs must never hang the agent.
// alert/confirm/prompt answer at once by the user's policy (auto_dismiss by default, auto_accept when
// chosen in the popup), and beforeunload never blocks a navigation.
//
// The page's scripts share this world, so nothing they can reach may carry a dialog record or the
// policy.  The guard talks to the isolated-world relay (dialog_relay.js) over a MessageChannel that
// the relay hands over at document_start, before any page script runs: the manifest lists the guard
// first, so its handshake listener is in place when the relay, next, dispatches the port.  The port
// then lives only in this closure: it reports each dialog, and the relay sends the policy over it.
// Everything the guard calls after the handshake was taken at document_start too, so that a page that
// replaces MessagePort.prototype.postMessage or the MessageEvent.data getter never sees the port.
"use strict";

(() => {
  if (window.__hermesDialogGuard) return;
  Object.defineProperty(window, "__hermesDialogGuard", { value: true });

  const HANDSHAKE = "hermes:dialog-port";
  const { apply } = Reflect;
  const toText = String;
  const postThrough = MessagePort.prototype.postMessage;
  const dataOf = Object.getOwnPropertyDescriptor(MessageEvent.prototype, "data").get;

  let relay = null; // the guard's end of the channel, once the relay has handed it over
  let accepting = false; // the user's policy, as the relay last sent it; dismissing until then

  const takePort = (event) => {
    window.removeEventListener(HANDSHAKE, takePort);
    [relay] = event.ports;
    event.preventDefault(); // tells the relay that the port was taken
    relay.onmessage = (message) => {
      const policy = apply(dataOf, message, []);
      if (policy === "auto_accept" || policy === "auto_dismiss") accepting = policy === "auto_accept";
    };
  };
  window.addEventListener(HANDSHAKE, takePort);

  const report = (type, message, action) => {
    if (relay) apply(postThrough, relay, [{ type, message: toText(message ?? ""), action }]);
  };

  window.alert = function alert(message) {
    report("alert", message, "accept");
  };
  window.confirm = function confirm(message) {
    report("confirm", message, accepting ? "accept" : "dismiss");
    return accepting;
  };
  window.prompt = function prompt(message, defaultValue) {
    report("prompt", message, accepting ? "accept" : "dismiss");
    return accepting ? toText(defaultValue ?? "") : null;
  };

  // beforeunload: a page asks for the "Leave site?" prompt by calling preventDefault, setting
  // returnValue or returning a string from onbeforeunload.  All three are neutralised (the prompt
  // would hang the controller; staying is not an option a script can take) and reported.
  const leave = () => report("beforeunload", "", "leave");
  BeforeUnloadEvent.prototype.preventDefault = leave;
  Object.defineProperty(BeforeUnloadEvent.prototype, "returnValue", { get: () => "", set: leave, configurable: true });
  let pageHandler = null;
  window.addEventListener("beforeunload", (event) => {
    if (typeof pageHandler === "function" && pageHandler.call(window, event) !== undefined) leave();
  });
  Object.defineProperty(window, "onbeforeunload", {
    get: () => pageHandler,
    set: (handler) => {
      pageHandler = handler;
    },
    configurable: true,
  });
})();

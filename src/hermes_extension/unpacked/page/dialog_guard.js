// Runs in the page's own world at document_start (every frame): JS dialogs must never hang the agent.
// alert/confirm/prompt answer at once by the configured policy (auto_dismiss by default, auto_accept
// when chosen in the popup), and beforeunload never blocks a navigation.  Each dialog is reported
// to the isolated-world relay (dialog_relay.js) as a "hermes:dialog" event, for recent_dialogs.
"use strict";

(() => {
  if (window.__hermesDialogGuard) return;
  Object.defineProperty(window, "__hermesDialogGuard", { value: true });

  const policy = () => document.documentElement?.dataset.hermesDialogPolicy || "auto_dismiss";
  const report = (type, message, action) =>
    window.dispatchEvent(
      new CustomEvent("hermes:dialog", { detail: JSON.stringify({ type, message: String(message ?? ""), action }) }),
    );

  window.alert = function alert(message) {
    report("alert", message, "accept");
  };
  window.confirm = function confirm(message) {
    const accept = policy() === "auto_accept";
    report("confirm", message, accept ? "accept" : "dismiss");
    return accept;
  };
  window.prompt = function prompt(message, defaultValue) {
    const accept = policy() === "auto_accept";
    report("prompt", message, accept ? "accept" : "dismiss");
    return accept ? String(defaultValue ?? "") : null;
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

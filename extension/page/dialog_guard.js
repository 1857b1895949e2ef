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
//
// The agent's own answer to the dialog its action opens (browser_click's and browser_press's `dialog`) must be
// known synchronously, as confirm() returns: the relay hands over, in a second handshake before the first, an
// element that is in no document (the answer box).  Only the relay and the guard hold it; the relay writes the
// armed answer on its attributes right before the action's input and reads back what the guard answered.  The first
// alert, confirm or prompt while it is armed takes it; any other dialog follows the user's policy.
"use strict";

(() => {
  if (window.__hermesDialogGuard) return;
  Object.defineProperty(window, "__hermesDialogGuard", { value: true });

  const HANDSHAKE = "hermes:dialog-port";
  const BOX_HANDSHAKE = "hermes:dialog-box";
  const { apply } = Reflect;
  const toText = String;
  const postThrough = MessagePort.prototype.postMessage;
  const dataOf = Object.getOwnPropertyDescriptor(MessageEvent.prototype, "data").get;
  const relatedTargetOf = Object.getOwnPropertyDescriptor(MouseEvent.prototype, "relatedTarget").get;
  const { getAttribute, setAttribute } = Element.prototype;

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

  let answerBox = null; // the element the relay arms with the agent's answer (see above)
  const takeBox = (event) => {
    window.removeEventListener(BOX_HANDSHAKE, takeBox);
    answerBox = apply(relatedTargetOf, event, []);
    event.preventDefault(); // tells the relay that the box was taken
  };
  window.addEventListener(BOX_HANDSHAKE, takeBox);
  const boxSays = (name) => apply(getAttribute, answerBox, [name]);
  const boxNotes = (name, value) => apply(setAttribute, answerBox, [name, value]);

  // The agent's answer to this dialog ("accept" or "dismiss"; data-prompt: a prompt's text), or null when no action of the agent armed one or
  // it was taken already. In ask mode (data-ask) a confirm is accepted only when its message is the one the user
  // let (data-expected): any other is dismissed, and the record says the user must be asked (data-consent).
  const agentAnswer = (type, message) => {
    if (answerBox === null || boxSays("data-answer") === null || boxSays("data-type") !== null) return null;
    if (boxSays("data-done") !== null) return null; // the action's events are over: a later dialog is not its own
    let answer = type === "alert" ? "accept" : boxSays("data-answer");
    if (type === "confirm" && answer === "accept" && boxSays("data-ask") !== null && boxSays("data-expected") !== message) {
      answer = "dismiss";
      boxNotes("data-consent", "");
    }
    boxNotes("data-type", type);
    boxNotes("data-message", message);
    boxNotes("data-result", answer);
    return answer;
  };

  // by: "agent" when the agent's own answer closed it, else the user's policy did.
  const report = (type, message, action, by) => {
    if (relay) apply(postThrough, relay, [{ type, message, action, by }]);
  };
  // How the dialog is answered: the agent's answer if its action armed one, else the policy's; and reported.
  const answer = (type, message) => {
    const text = toText(message ?? "");
    const agents = agentAnswer(type, text);
    const action = agents ?? (type === "alert" || accepting ? "accept" : "dismiss");
    report(type, text, action, agents === null ? "auto_policy" : "agent");
    return { accepted: action === "accept", byAgent: agents !== null };
  };

  window.alert = function alert(message) {
    answer("alert", message);
  };
  window.confirm = function confirm(message) {
    return answer("confirm", message).accepted;
  };
  window.prompt = function prompt(message, defaultValue) {
    const { accepted, byAgent } = answer("prompt", message);
    if (!accepted) return null;
    return (byAgent ? boxSays("data-prompt") : null) ?? toText(defaultValue ?? "");
  };

  // beforeunload: a page asks for the "Leave site?" prompt by calling preventDefault, setting
  // returnValue or returning a string from onbeforeunload.  All three are neutralised (the prompt
  // would hang the controller; staying is not an option a script can take) and reported.
  const leave = () => report("beforeunload", "", "leave", "auto_policy");
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

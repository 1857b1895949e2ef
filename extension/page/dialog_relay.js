// Runs in the extension's isolated world at document_start (every frame), right after the page-world
// dialog guard (dialog_guard.js): hands the guard one end of a MessageChannel before any page script
// runs, sends the user's dialog policy over it, and passes the dialogs the guard reports to the service
// worker, which keeps the recent ones per tab for browser_snapshot's recent_dialogs.  The page's scripts
// never get the port, so they can neither add a record nor choose the policy.
//
// It also hands the guard the answer box (an element in no document, see dialog_guard.js), and gives the service
// worker, in this isolated world, __hermesAgentDialog: arm() before an action whose `dialog` the agent named,
// inputDone() once its events are dispatched, disarm() after it, which says what dialog the guard answered with it
// (or null).
"use strict";

(() => {
  const box = document.createElement("hermes-dialog-answer");
  const boxTaken = !window.dispatchEvent(new MouseEvent("hermes:dialog-box", { relatedTarget: box, cancelable: true }));
  const ARMED = ["data-answer", "data-prompt", "data-ask", "data-expected", "data-done"];
  const ANSWERED = ["data-type", "data-message", "data-result", "data-consent"];
  const clear = () => [...ARMED, ...ANSWERED].forEach((name) => box.removeAttribute(name));
  // answer: "accept" or "dismiss"; promptText: a prompt's text (null: its default); ask: in ask mode, a confirm is
  // accepted only if its message is `expected` (the one the user let), else dismissed and marked for asking.
  const arm = ({ answer, promptText = null, ask = false, expected = null }) => {
    clear();
    if (promptText !== null) box.setAttribute("data-prompt", promptText);
    if (ask) box.setAttribute("data-ask", "");
    if (expected !== null) box.setAttribute("data-expected", expected);
    box.setAttribute("data-answer", answer); // last: the guard reads the box as armed from here
    return boxTaken;
  };
  // {type, message, answer, consent_needed} of the dialog answered by the agent's answer, or null; unarmed again.
  const disarm = () => {
    const type = box.getAttribute("data-type");
    const answered =
      type === null
        ? null
        : {
            type,
            message: box.getAttribute("data-message") ?? "",
            answer: box.getAttribute("data-result"),
            consent_needed: box.hasAttribute("data-consent"),
          };
    clear();
    return answered;
  };
  // The action's input is over (the engine says so as its events are all dispatched, engine/dom.js settled): the
  // answer stays unused by any later dialog, and disarm() still reads what it answered.
  const inputDone = () => box.setAttribute("data-done", "");
  if (!globalThis.__hermesAgentDialog) {
    Object.defineProperty(globalThis, "__hermesAgentDialog", { value: Object.freeze({ arm, disarm, inputDone }) });
  }

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

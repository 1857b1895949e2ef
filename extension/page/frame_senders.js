// Runs in the extension's isolated world at document_start (every frame), before any page script: notes which
// window posted each frame nonce to this frame, so that the service worker can tell which <iframe> holds which
// child frame without asking the page (background/frames.js, childTokens). A child frame posts its nonce to its
// parent from the extension's world when the service worker asks it to, and the service worker learns the nonce
// with that frame's id. The window that posted it (event.source) is the browser's to say; this listener is the
// first on the window and stops the message there, so the page never sees a nonce and cannot post one first. A
// nonce posted by a window that is not one of this document's frames is not taken, nor one met already.
"use strict";

(() => {
  if (globalThis.__hermesFrameSenders) return;
  const NONCE_KEY = "__hermesFrameNonce"; // the same key as in background/frames.js
  const MAX_KEPT = 256; // nonces whose parent was never asked (the snapshot failed) go, oldest first
  const senders = new Map(); // nonce -> the window that posted it
  let waiters = [];

  // Whether `source` is the window of a frame of this document (one in a shadow tree too).
  function isChildWindow(source) {
    try {
      return Boolean(source) && source !== window && source.parent === window;
    } catch {
      return false;
    }
  }
  addEventListener(
    "message",
    (event) => {
      const data = event.data;
      if (!data || typeof data !== "object" || !Object.hasOwn(data, NONCE_KEY)) return;
      event.stopImmediatePropagation();
      const nonce = data[NONCE_KEY];
      if (typeof nonce !== "string" || senders.has(nonce) || !isChildWindow(event.source)) return;
      senders.set(nonce, event.source);
      if (senders.size > MAX_KEPT) senders.delete(senders.keys().next().value);
      const woken = waiters;
      waiters = [];
      woken.forEach((wake) => wake());
    },
    true,
  );

  // Resolves with Map(nonce -> window) once every one of `nonces` has come, or after `ms` with those that have;
  // each is forgotten once handed out.
  function take(nonces, ms) {
    return new Promise((resolve) => {
      let done = false;
      const deadline = setTimeout(finish, ms);
      function finish() {
        if (done) return;
        done = true;
        clearTimeout(deadline);
        const out = new Map();
        for (const nonce of nonces) {
          if (senders.has(nonce)) out.set(nonce, senders.get(nonce));
          senders.delete(nonce);
        }
        resolve(out);
      }
      function check() {
        if (done) return;
        if (nonces.every((nonce) => senders.has(nonce))) finish();
        else waiters.push(check);
      }
      check();
    });
  }
  Object.defineProperty(globalThis, "__hermesFrameSenders", { value: Object.freeze({ take }) });
})();

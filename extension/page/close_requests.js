// Runs in the page's own world at document_start (every frame; the extension's manifest lists it), for the extension
// lane only (issue 30): an Escape the agent presses closes what a person's Escape closes.
//
// Why: Chromium turns a real Escape whose keydown the page did not cancel into a close request (HTML's close
// watchers): the newest open modal <dialog>, auto popover or CloseWatcher gets it. The extension lane's keys are
// dispatched events, which make none: a native dialog stayed open, and so did everything a library closes through a
// CloseWatcher of its own (Shoelace's dialog, drawer, select and tooltip create one where the browser has them, and
// then no longer listen for Escape). The extension's world sees dialogs and popovers; a CloseWatcher is an object in
// the page's JavaScript only, so only a hook here sees them all, in the order they opened.
//
// What it does: it keeps, oldest first, the CloseWatchers the page creates (the constructor is wrapped in a Proxy,
// so subclasses and instanceof work as before) and the dialogs and popovers as they open (showModal(), and
// beforetoggle captured on the window). On a close request from the extension (engine/keyboard.js, after an Escape
// keydown the page did not cancel) the newest one still open gets it: a watcher's requestClose() (cancel, then
// close), a dialog's requestClose() (cancel, then close), a popover's hidePopover().
//
// The request comes over a MessageChannel whose port the extension's isolated world hands over at document_start
// (page/close_request_relay.js, listed right after this file's world's scripts), before any page script runs; the
// port lives only in this closure. The hook sends nothing back: the relay never reads the port. The page shares this
// world and could only make its own things close, which it can do anyway.
"use strict";

(() => {
  if (window.__hermesCloseRequests) return;
  Object.defineProperty(window, "__hermesCloseRequests", { value: true });

  const HANDSHAKE = "hermes:close-request-port";
  const { apply } = Reflect;
  const addListener = EventTarget.prototype.addEventListener;
  const removeListener = EventTarget.prototype.removeEventListener;
  const preventDefault = Event.prototype.preventDefault;
  const dataOf = Object.getOwnPropertyDescriptor(MessageEvent.prototype, "data").get;
  const portsOf = Object.getOwnPropertyDescriptor(MessageEvent.prototype, "ports").get;
  const matches = Element.prototype.matches;
  const Dialog = HTMLDialogElement.prototype;
  const dialogOpen = Object.getOwnPropertyDescriptor(Dialog, "open").get;
  const { showModal, close: closeDialog } = Dialog;
  const requestDialogClose = Dialog.requestClose;
  const hidePopover = HTMLElement.prototype.hidePopover;
  const popoverOf = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "popover")?.get;

  const opened = []; // watchers (while not closed or destroyed), dialogs and popovers, oldest first
  const toTop = (entry) => {
    const at = opened.indexOf(entry);
    if (at >= 0) opened.splice(at, 1);
    opened.push(entry);
  };

  const Watcher = window.CloseWatcher;
  let requestWatcherClose = null;
  if (typeof Watcher === "function") {
    const { close, destroy } = Watcher.prototype;
    requestWatcherClose = Watcher.prototype.requestClose; // a request ends the watcher through its close event
    const end = (watcher) => {
      const at = opened.indexOf(watcher);
      if (at >= 0) opened.splice(at, 1);
    };
    // close() and destroy() end the watcher too; the replacements keep the originals' names.
    const ending = (name, original) =>
      ({
        [name](...args) {
          end(this);
          return apply(original, this, args);
        },
      })[name];
    Watcher.prototype.close = ending("close", close);
    Watcher.prototype.destroy = ending("destroy", destroy);
    const watched = new Proxy(Watcher, {
      construct(target, args, newTarget) {
        const watcher = Reflect.construct(target, args, newTarget);
        toTop(watcher);
        apply(addListener, watcher, ["close", () => end(watcher)]);
        const signal = args[0]?.signal;
        if (signal) apply(addListener, signal, ["abort", () => end(watcher)]);
        return watcher;
      },
    });
    Object.defineProperty(window, "CloseWatcher", { value: watched, writable: true, configurable: true });
  }

  Dialog.showModal = {
    showModal(...args) {
      const shown = apply(showModal, this, args);
      toTop(this);
      return shown;
    },
  }.showModal;
  apply(addListener, window, [
    "beforetoggle",
    (event) => {
      if (event.newState === "open" && event.target instanceof HTMLElement) toTop(event.target);
    },
    true,
  ]);

  // Whether an entry would take a close request now: a live watcher, an open dialog that closes on one (a modal
  // dialog does, unless closedby="none"), an open popover that is not manual.
  const takesRequest = (entry) => {
    if (!(entry instanceof Element)) return true; // a watcher leaves the list as it ends
    if (entry instanceof HTMLDialogElement) {
      if (!apply(dialogOpen, entry, [])) return false;
      const closedBy = entry.getAttribute("closedby");
      return closedBy ? closedBy !== "none" : apply(matches, entry, [":modal"]);
    }
    return apply(matches, entry, [":popover-open"]) && (popoverOf ? apply(popoverOf, entry, []) : "auto") !== "manual";
  };
  // (what no longer takes one leaves the list: a dialog or popover opened again comes back on top)
  const closeNewest = () => {
    for (let i = opened.length - 1; i >= 0; i--) {
      const entry = opened[i];
      if (!takesRequest(entry)) {
        opened.splice(i, 1);
        continue;
      }
      if (!(entry instanceof Element)) apply(requestWatcherClose, entry, []);
      else if (entry instanceof HTMLDialogElement) apply(requestDialogClose || closeDialog, entry, []);
      else apply(hidePopover, entry, []);
      return;
    }
  };

  const takePort = (event) => {
    apply(removeListener, window, [HANDSHAKE, takePort]);
    const [port] = apply(portsOf, event, []);
    if (!port) return;
    apply(preventDefault, event, []); // tells the relay that the port was taken
    port.onmessage = (message) => {
      if (apply(dataOf, message, []) === "close") closeNewest();
    };
  };
  apply(addListener, window, [HANDSHAKE, takePort]);
})();

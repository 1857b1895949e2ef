// Waiting on a tab, driven by chrome.tabs events (never by polling or a fixed sleep): for its page to load,
// for a page an action navigated to, and telling a tab whose page crashed from one that is merely loading.
import { CommandError } from "./errors.js";

export const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// A tab whose renderer is gone (it crashed or was killed) shows Chrome's "Aw, Snap!" page and will never
// load or run a script until it is reloaded.  Without the debugger permission there is no crash event;
// chrome.tabs shows it as an "unloaded" tab that is not discarded (a discarded tab is unloaded too, but
// Chrome reloads it by itself when it is used).  The tab itself is returned, so callers can chain.
export const isCrashed = (tab) => tab.status === "unloaded" && !tab.discarded;

export function unlessCrashed(tab) {
  if (isCrashed(tab)) {
    throw new CommandError(
      "tab_crashed",
      "The page in the controlled tab crashed (its renderer is gone) and its state is lost. Navigate again " +
        "with browser_navigate, or call browser_tabs, then browser_tab_activate to control another tab.",
    );
  }
  return tab;
}

// Resolves with the tab once `test(tab)` is true, looking again at each chrome.tabs.onUpdated event of the
// tab, and with `topFrameEvents` at each chrome.webNavigation event of its top frame too. The command's signal
// bounds the wait; the tab closing ends it (`onClosed()`, tab_closed by default), and so does a crash unless
// `crashed` is "wait".
function untilTab(tabId, signal, test, { onClosed = closedError, crashed = "fail", topFrameEvents = false } = {}) {
  return new Promise((resolve, reject) => {
    let finished = false;
    let checking = false;
    let again = false;
    const finish = (settle, value) => {
      if (finished) return;
      finished = true;
      chrome.tabs.onUpdated.removeListener(onUpdated);
      chrome.tabs.onRemoved.removeListener(onRemoved);
      if (topFrameEvents) for (const event of TOP_FRAME_EVENTS) event().removeListener(onFrame);
      signal.removeEventListener("abort", onAbort);
      settle(value);
    };
    const check = async () => {
      if (checking) {
        again = true;
        return;
      }
      checking = true;
      try {
        do {
          again = false;
          const tab = await chrome.tabs.get(tabId);
          if (crashed === "fail") unlessCrashed(tab);
          if (!finished && (await test(tab))) finish(resolve, tab);
        } while (again && !finished);
      } catch (error) {
        finish(reject, error instanceof CommandError ? error : onClosed());
      } finally {
        checking = false;
      }
    };
    const onUpdated = (id) => id === tabId && check();
    const onFrame = (details) => details.tabId === tabId && details.frameId === 0 && check();
    const onRemoved = (id) => id === tabId && finish(reject, onClosed());
    const onAbort = () => finish(reject, new CommandError("command_cancelled", "cancelled"));
    chrome.tabs.onUpdated.addListener(onUpdated);
    chrome.tabs.onRemoved.addListener(onRemoved);
    if (topFrameEvents) for (const event of TOP_FRAME_EVENTS) event().addListener(onFrame);
    signal.addEventListener("abort", onAbort);
    if (signal.aborted) onAbort();
    else check();
  });
}

function closedError() {
  return new CommandError(
    "tab_closed",
    "The controlled tab was closed. Call browser_tabs, then browser_tab_activate to control another tab.",
  );
}

// The tab once its page has loaded (a page that crashes while it loads ends the wait at once).
export function waitForLoad(tabId, signal) {
  return untilTab(tabId, signal, (tab) => tab.status === "complete");
}

// The webNavigation events of a frame's document: committed, parsed, loaded, or its navigation failed (read when
// used: the service worker's globals are set up before chrome.webNavigation is looked at).
const TOP_FRAME_EVENTS = [
  () => chrome.webNavigation.onCommitted,
  () => chrome.webNavigation.onDOMContentLoaded,
  () => chrome.webNavigation.onCompleted,
  () => chrome.webNavigation.onErrorOccurred,
];

// The tab once its top document has loaded, whatever its frames do: what reading the page waits for. chrome.tabs'
// status reads "loading" while any frame loads, and an iframe that a page adds after its own load event ends
// loading with no chrome.tabs event; so unless the tab reads "complete", the top document is asked itself, once
// no navigation of the tab is pending (pendingUrl), looked at again on each event of the tab and its top frame.
// `tab` is the tab's id, or the tab as chrome.tabs.get just gave it: one that reads "complete" is returned at once.
export async function waitForTopDocument(tab, signal) {
  if (typeof tab === "object" && tab.status === "complete") return tab;
  const tabId = typeof tab === "object" ? tab.id : tab;
  const loaded = async (now) => now.status === "complete" || (!now.pendingUrl && (await topDocumentLoaded(tabId)));
  return untilTab(tabId, signal, loaded, { topFrameEvents: true });
}

async function topDocumentLoaded(tabId) {
  return (await askFrame(tabId, 0, () => document.readyState === "complete"))?.result === true;
}

// A crashed tab that browser_navigate loads again: Chrome starts a new renderer for it, but until the
// navigation commits the tab still reads as crashed, so wait for that first.
export function waitForRecovery(tabId, signal) {
  return untilTab(tabId, signal, (tab) => !isCrashed(tab), { crashed: "wait" });
}

// What `func` returns in the document now in a frame, with Chrome's id of that document: {result, documentId};
// null when the frame has no document to ask (it is gone, or the tab is between documents).
export async function askFrame(tabId, frameId, func) {
  try {
    const [outcome] = await chrome.scripting.executeScript({ target: { tabId, frameIds: [frameId] }, func, injectImmediately: true });
    return outcome ?? null;
  } catch {
    return null;
  }
}

// Chrome's id of the document now in a frame (null if the frame is gone).
export async function documentIn(tabId, frameId) {
  return (await askFrame(tabId, frameId, () => 0))?.documentId ?? null;
}

// Resolves once the tab shows that the frame's document `documentId` is going or gone: a navigation of the tab is
// pending, or another document is in the frame (looked at on each chrome.tabs event of the tab). A script's
// promise in a document that goes away never settles, so a wait in the page is raced with this. (Not the tab's
// "loading" status: an iframe loading sets it too, while the document stays.)
export function documentLeaving(tabId, frameId, documentId, signal) {
  return untilTab(tabId, signal, async (tab) => Boolean(tab.pendingUrl) || (await documentIn(tabId, frameId)) !== documentId);
}

// After an action that started a navigation of a frame whose document was `before.documentId` (in a tab at
// `before.url`): the tab once another document is there and the tab has loaded it (a same-document history
// step only changes the URL). Driven by chrome.tabs events: the tab turns "loading" when the new document
// commits, if not before. Bounded by the command's deadline (signal). With `dropping` (watchDropped(), armed
// before the action), a navigation of that frame that ends without a document (the server answers 204, or
// sends a file to save) ends the wait too, with the tab as it is: dropping.dropped is then true.
export function waitForNavigation(tabId, before, signal, dropping = null) {
  const done = new AbortController();
  const stop = () => done.abort();
  signal.addEventListener("abort", stop);
  if (signal.aborted) stop();
  const loaded = untilTab(tabId, done.signal, async (tab) => {
    if (tab.status !== "complete") return false;
    if (tab.url !== before.url) return true;
    const now = await documentIn(tabId, before.frameId);
    return now !== null && now !== before.documentId;
  });
  const dropped = dropping ? dropping.in(before.frameId).then(() => chrome.tabs.get(tabId)) : new Promise(() => {});
  loaded.catch(() => {}); // once the drop wins, stopping the wait on the tab rejects it
  return Promise.race([loaded, dropped]).finally(() => {
    signal.removeEventListener("abort", stop);
    stop();
  });
}

// The navigations of the tab's frames that end without a document while an action runs: chrome.tabs says
// nothing of them (its status events follow commits); chrome.webNavigation reports each as an error of its
// frame (net::ERR_ABORTED), as it does a navigation that another one replaced, so a frame counts as dropped
// only when it has no navigation left in flight. in(frameId) resolves then; stop() ends the watch.
export function watchDropped(tabId) {
  const inFlight = new Map();
  const dropped = new Set();
  const waiting = new Map();
  const onBefore = ({ tabId: id, frameId }) => id === tabId && inFlight.set(frameId, (inFlight.get(frameId) ?? 0) + 1);
  const onEnd = (failed) => ({ tabId: id, frameId }) => {
    if (id !== tabId) return;
    const left = Math.max((inFlight.get(frameId) ?? 0) - 1, 0);
    inFlight.set(frameId, left);
    if (!failed || left > 0) return;
    dropped.add(frameId);
    waiting.get(frameId)?.();
  };
  const onCommitted = onEnd(false);
  const onError = onEnd(true);
  chrome.webNavigation.onBeforeNavigate.addListener(onBefore);
  chrome.webNavigation.onCommitted.addListener(onCommitted);
  chrome.webNavigation.onErrorOccurred.addListener(onError);
  const watch = {
    dropped: false,
    in: (frameId) =>
      new Promise((resolve) => {
        const found = () => {
          watch.dropped = true;
          resolve();
        };
        if (dropped.has(frameId)) found();
        else waiting.set(frameId, found);
      }),
    stop: () => {
      chrome.webNavigation.onBeforeNavigate.removeListener(onBefore);
      chrome.webNavigation.onCommitted.removeListener(onCommitted);
      chrome.webNavigation.onErrorOccurred.removeListener(onError);
    },
  };
  return watch;
}

export function pageInfo(tab) {
  return { url: tab.url, title: tab.title };
}

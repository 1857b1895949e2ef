// What an agent's action did beyond its engine's answer, followed in the browser: the navigation it started (to
// the new document, or to the download a link turned out to be), the tabs and windows it opened, and the
// controlled tab closing itself, after which the session controls the tab that opened it again.
import { withinGrace } from "./downloads.js";
import { forgetRefs } from "./frames.js";
import { controlTabIfFree, isWebTab } from "./sessions.js";
import { askFrame, documentIn, waitForLoad, waitForNavigation, watchDropped } from "./tabs.js";
import { refusedSite } from "./user_control.js";

// Runs an action (`run`: its engine call) in the controlled `tab` and follows what it did: a navigation (see
// followNavigation), the tabs and windows it opened (opened), or the tab itself closing, during the action or
// once the document it navigated to has closed the window (Django's "+" popup posts its form, and the answer
// page tells the opener and closes the popup): then `closed`, with what is known of the action (the engine's
// answer if it came, else `so_far`), and the session controls the tab's opener again (controls).
export async function followingTabs(sessionId, tab, run, soFar, signal) {
  const opening = await watchOpenedTabs(tab.id);
  const dropping = watchDropped(tab.id);
  let answer = null;
  let result;
  try {
    const outcome = await unlessTabCloses(tab, async () => {
      const done = await run();
      answer = done.value ?? null;
      const followed = await followNavigation(tab, done, signal, dropping);
      // the engine saw the window closing as the action settled (closing), or a navigation ended as the window
      // closed (it counts as none, dropped: look at the window all the same): the tab's removal ends the race
      const closing = answer?.closing || (answer?.navigating && (await closingItself(tab.id)));
      if (closing) await untilAborted(signal);
      return followed;
    });
    if (outcome.closed) {
      const { navigating, closing, ...known } = answer ?? soFar;
      result = { ...soFar, ...known, closed: true, controls: await returnToOpener(sessionId, tab) };
    } else {
      result = outcome.done;
    }
  } finally {
    dropping.stop();
    await opening.stop();
  }
  const opened = await loadedTabs(sessionId, opening.ids, signal);
  if (opened.length) result.opened = opened;
  return result;
}

// The tab once loaded, or as it is once a download began instead (`began`: a URL that is a file loads nothing).
// Chrome can show the tab loaded again before it announces the download, so when the document `leaving` is
// still there and the tab not at `url` (the navigation committed no document, nor moved within this one), the
// download is waited for, within its grace (downloads.js).
export async function loadedUnlessDownloaded(tabId, { leaving, url }, began, signal) {
  const waiting = new AbortController();
  const forward = () => waiting.abort(signal.reason);
  signal.addEventListener("abort", forward);
  const loading = waitForLoad(tabId, waiting.signal);
  loading.catch(() => {}); // stopped on purpose once the download began
  try {
    const loaded = await Promise.race([loading, began.then(() => null)]);
    const stayed = loaded && leaving !== null && loaded.url !== url && (await documentIn(tabId, 0)) === leaving;
    if (stayed) await withinGrace(began);
    return await chrome.tabs.get(tabId);
  } finally {
    signal.removeEventListener("abort", forward);
    waiting.abort();
  }
}

// Settles only when the command is cancelled (it rejects then): an action that waits for something else to win a race.
function untilAborted(signal) {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

// Whether the page now in the tab's top frame has closed its window (window.closed turns true at once; the tab
// goes a moment later), or the tab is gone already.
async function closingItself(tabId) {
  const asked = await askFrame(tabId, 0, () => window.closed);
  if (asked) return asked.result === true;
  return !(await chrome.tabs.get(tabId).then(() => true, () => false));
}

// The tabs and windows a page opens from `openerId` while an action runs (a link to _blank, window.open). The
// browser names the tab whose page opened one (webNavigation's sourceTabId; a tab's openerTabId is the tab strip's
// idea, often the active tab: the popup, when the controlled tab is in the background), but that event can come
// after the action's own answer. So stop() looks at the tabs created meanwhile, and for each one some page opened
// whose source has not been named yet, waits for that (at most SOURCE_WAIT_MS).
const SOURCE_WAIT_MS = 1_000;
async function watchOpenedTabs(openerId) {
  const ids = [];
  const sourceOf = new Map(); // tab id -> the tab whose page opened it
  const named = []; // wakes the waits of stop()
  const onTarget = ({ tabId, sourceTabId }) => {
    sourceOf.set(tabId, sourceTabId);
    if (sourceTabId === openerId && !ids.includes(tabId)) ids.push(tabId);
    named.splice(0).forEach((wake) => wake());
  };
  chrome.webNavigation.onCreatedNavigationTarget.addListener(onTarget);
  const before = new Set((await chrome.tabs.query({})).map((tab) => tab.id));
  const stop = async () => {
    try {
      const unnamed = (await chrome.tabs.query({})).filter(
        (tab) => !before.has(tab.id) && tab.openerTabId !== undefined && !sourceOf.has(tab.id),
      );
      const deadline = Date.now() + SOURCE_WAIT_MS;
      while (unnamed.some((tab) => !sourceOf.has(tab.id)) && Date.now() < deadline) {
        await new Promise((wake) => {
          named.push(wake);
          setTimeout(wake, deadline - Date.now());
        });
      }
    } finally {
      chrome.webNavigation.onCreatedNavigationTarget.removeListener(onTarget);
    }
  };
  return { ids, stop };
}

// Each of those tabs once loaded, as {id, url, title} (one closed meanwhile is left out); one the user's site rules
// refused (site_rules.js cancelled its document) as {id, refused: the site}, never its URL or title.
async function loadedTabs(sessionId, ids, signal) {
  const tabs = [];
  for (const id of ids) {
    try {
      const tab = await waitForLoad(id, signal);
      const refused = await refusedSite(sessionId, tab.url);
      tabs.push(refused ? { id: tab.id, refused } : { id: tab.id, url: tab.url, title: tab.title });
    } catch (error) {
      if (error.code !== "tab_closed") throw error;
    }
  }
  return tabs;
}

// Runs an action in `tab`, unless the tab closes meanwhile (a popup whose Save closes it): then {closed: true},
// since a script's answer from a tab that closed never comes. Otherwise {done: the action's answer}.
async function unlessTabCloses(tab, run) {
  let stop = () => {};
  const closed = new Promise((resolve) => {
    const onRemoved = (id) => id === tab.id && resolve({ closed: true });
    chrome.tabs.onRemoved.addListener(onRemoved);
    stop = () => chrome.tabs.onRemoved.removeListener(onRemoved);
  });
  try {
    return await Promise.race([run().then((done) => ({ done })), closed]);
  } catch (error) {
    const stillThere = await chrome.tabs.get(tab.id).then(() => true, () => false);
    if (stillThere) throw error;
    return { closed: true };
  } finally {
    stop();
  }
}

// The controlled tab closed itself: the session controls the tab that opened it again, if that is a web page
// that is still open and no other session holds; its {id, url, title}, or null.
async function returnToOpener(sessionId, closed) {
  const opener = closed.openerTabId === undefined ? null : await chrome.tabs.get(closed.openerTabId).catch(() => null);
  if (!opener || !isWebTab(opener) || !(await controlTabIfFree(sessionId, opener.id))) return null;
  await chrome.tabs.update(opener.id, { active: true });
  return { id: opener.id, url: opener.url, title: opener.title };
}

// An action's engine answer; when it started a navigation (navigating), the answer once the new document has
// loaded, with navigated: its URL (the refs of a replaced top document are forgotten). With `dropping` (see
// waitForNavigation), a navigation that ended without a document (204, a file saved) is none: no navigated, but
// droppedNavigation: its URL (a download Chrome held back, downloads.js).
export async function followNavigation(tab, done, signal, dropping = null) {
  const { navigating, closing: _closing, ...result } = done.value ?? {};
  if (!navigating) return result;
  const before = { frameId: done.frameId, documentId: done.documentId, url: tab.url };
  const after = await waitForNavigation(tab.id, before, signal, dropping);
  if (dropping?.dropped) return { ...result, droppedNavigation: navigating }; // (downloads.js reads it)
  if (done.frameId === 0) {
    await forgetRefs(tab.id);
    return { ...result, navigated: after.url };
  }
  const [frame] = await chrome.scripting.executeScript({
    target: { tabId: tab.id, frameIds: [done.frameId] },
    func: () => location.href,
  }).catch(() => [{ result: navigating }]);
  return { ...result, navigated: frame?.result ?? navigating };
}

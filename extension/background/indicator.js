// The in-page indicator (issue 14, item 4): while a connected session controls a tab, its top frame shows a
// thin border and a small label. It is drawn from the extension's isolated world into a closed shadow root,
// in the top layer (a manual popover, above any z-index), so the page can neither read its text nor style
// it; a MutationObserver in the isolated world puts it back at once when the page removes or restyles it.
import { loadControlled, loadHostStatus, loadIndicatorTabs, saveIndicatorTabs } from "./storage.js";

// Runs in the tab's top frame, isolated world. Self-contained: chrome.scripting sends its source.
function drawIndicator(on, label) {
  const state = (globalThis.__hermesIndicator ??= {});
  if (!on) {
    state.observer?.disconnect();
    state.host?.remove();
    state.host = null;
    return false;
  }
  if (state.host) return true;
  const host = document.createElement("div");
  const root = host.attachShadow({ mode: "closed" });
  root.innerHTML =
    "<style>" +
    ".frame{position:fixed;inset:0;border:3px solid #b3261e;box-sizing:border-box;pointer-events:none}" +
    ".label{position:fixed;right:8px;bottom:8px;padding:2px 8px;border-radius:6px;background:#b3261e;" +
    "color:#fff;font:600 11px system-ui,sans-serif;pointer-events:none;opacity:.9}" +
    "</style><div class=frame></div><div class=label></div>";
  root.querySelector(".label").textContent = label;
  const style =
    "all:initial!important;position:fixed!important;inset:0!important;width:100vw!important;" +
    "height:100vh!important;margin:0!important;padding:0!important;border:0!important;" +
    "background:transparent!important;pointer-events:none!important;display:block!important;" +
    "visibility:visible!important;opacity:1!important;overflow:visible!important;z-index:2147483647!important;" +
    "max-width:none!important;max-height:none!important;transform:none!important;clip-path:none!important;" +
    "user-select:none!important";
  const restore = () => {
    if (state.host !== host || state.suspended) return;
    if (host.getAttribute("style") !== style) host.setAttribute("style", style);
    if (host.getAttribute("popover") !== "manual") host.setAttribute("popover", "manual");
    if (!host.isConnected || host.parentNode !== document.documentElement) document.documentElement.append(host);
    if (!host.matches(":popover-open")) host.showPopover();
  };
  state.host = host;
  state.restore = restore;
  state.observer = new MutationObserver(restore);
  state.observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["style", "popover", "class", "hidden"] });
  restore();
  // A page that closes the popover (hidePopover, or its own popover light-dismissing ours) gets it back.
  host.addEventListener("toggle", (event) => event.newState === "closed" && queueMicrotask(restore));
  return true;
}

// Runs in the tab's top frame, isolated world: takes the indicator out for a screenshot (the agent gets the
// page as the page is, the same pixels as on the cdp lane) and resolves once a frame without it is painted;
// with hidden false, puts it back. Resolves with whether there is an indicator.
function suspendIndicator(hidden) {
  const state = globalThis.__hermesIndicator;
  if (!state?.host) return false;
  state.suspended = hidden;
  if (!hidden) {
    state.restore();
    return true;
  }
  state.host.remove();
  // Two animation frames: the removal is then in a painted frame. Bounded, for a tab Chrome does not paint (a
  // hidden one); a shown tab on a busy machine may take long to paint, and a capture before that would show it.
  return new Promise((resolve) => {
    const done = () => resolve(true);
    requestAnimationFrame(() => requestAnimationFrame(done));
    setTimeout(done, document.visibilityState === "visible" ? 1500 : 250);
  });
}

const LABEL = "Hermes agent in control";

// The tabs a connected session controls.
export async function controlledTabs() {
  const controlled = await loadControlled();
  const sessions = (await loadHostStatus()).sessions || [];
  return new Set(sessions.filter((s) => s.state === "connected").map((s) => controlled[s.session_id]));
}

// The tabs drawn into, kept in storage: a restarted worker must still take the indicator out of them.
async function drawnTabs() {
  return new Set(await loadIndicatorTabs());
}

// Runs in each frame of the tab, isolated world: tells the page-world focus hook whether the tab is controlled
// (page/window_focus_relay.js): a controlled tab's page gets the focus events of a focused window.
function tellFocusHook(on) {
  globalThis.__hermesFocusRelay?.tell(on);
}

async function draw(tabId, on) {
  try {
    await chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, func: drawIndicator, args: [on, LABEL] });
    await chrome.scripting.executeScript({ target: { tabId, allFrames: true }, func: tellFocusHook, args: [on] });
  } catch {
    // a page the extension may not script (chrome://), or a tab that went away: nothing to draw on
  }
}

// Draws the indicator into every controlled tab, and takes it out of tabs no longer controlled.
export async function refreshIndicators() {
  const tabs = await controlledTabs();
  tabs.delete(undefined);
  for (const tabId of tabs) await draw(tabId, true);
  for (const tabId of await drawnTabs()) if (!tabs.has(tabId)) await draw(tabId, false);
  await saveIndicatorTabs([...tabs]);
}

// A page finished loading: a controlled tab's new document gets the indicator again.
export async function pageLoaded(tabId) {
  if ((await controlledTabs()).has(tabId)) await draw(tabId, true);
}

// capture() (a screenshot of tab `tabId`) with the indicator out of the picture, and back afterwards.
export async function withoutIndicator(tabId, capture) {
  const suspend = async (hidden) => {
    try {
      const [outcome] = await chrome.scripting.executeScript({
        target: { tabId, frameIds: [0] },
        func: suspendIndicator,
        args: [hidden],
      });
      return outcome?.result === true;
    } catch {
      return false; // nothing drawn on a page the extension may not script
    }
  };
  const suspended = await suspend(true);
  try {
    return await capture();
  } finally {
    if (suspended) await suspend(false);
  }
}

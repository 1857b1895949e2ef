// Screenshots of a session's own tab, and only that.  chrome.tabs.captureVisibleTab captures whatever tab
// is in front in a window, and Chrome allows an extension two captures a second (across all windows).
// So captures take turns, one at a time from bringing the tab to the front until the pixels are in hand,
// and are spaced out under the quota instead of failing on it.  Right before and right after capturing,
// the session's tab must be the active tab of its window; if the user brought another tab to the front
// meanwhile, the capture is taken again, and after CAPTURE_ATTEMPTS it fails rather than return pixels of
// a tab the session does not control.
import { CAPTURE_ATTEMPTS, CAPTURE_SPACING_MS, CONTRACT } from "./constants.js";
import { CommandError } from "./errors.js";
import { actInFrameOf, frameOrigin, normalRef, runInFrame, snapshotTab } from "./frames.js";
import { withoutIndicator } from "./indicator.js";
import { pause, unlessCrashed } from "./tabs.js";

// Only for this worker's life: a worker that restarts forgets them, and a capture it then makes too
// soon is refused with the quota error, which is waited out and retried like any other refusal.
let turns = Promise.resolve();
let lastCaptureAt = 0;

const QUOTA_ERROR = "MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND";

// A PNG of the tab's visible part as a data: URL, and whether the tab had to be brought to the front
// for it (the user then sees their tab change).
export function captureTab(tabId, signal) {
  const turn = turns.then(() => captureInTurn(tabId, signal));
  turns = turn.catch(() => {}); // the next capture waits for this one, not for its success
  return turn;
}

async function captureInTurn(tabId, signal) {
  let activated = false;
  for (let attempt = 1; attempt <= CAPTURE_ATTEMPTS; attempt++) {
    if (signal.aborted) throw new CommandError("command_cancelled", "cancelled");
    const tab = unlessCrashed(await chrome.tabs.get(tabId));
    if (!tab.active) {
      await chrome.tabs.update(tabId, { active: true });
      activated = true;
    }
    await pause(lastCaptureAt + CAPTURE_SPACING_MS - Date.now());
    if (!(await inFront(tabId, tab.windowId))) continue;
    lastCaptureAt = Date.now();
    let dataUrl;
    try {
      // The agent sees the page, not the extension's in-page indicator (indicator.js).
      dataUrl = await withoutIndicator(tabId, () => chrome.tabs.captureVisibleTab(tab.windowId, { format: "png" }));
    } catch (error) {
      if (String(error.message).includes(QUOTA_ERROR)) continue;
      throw error;
    }
    if (await inFront(tabId, tab.windowId)) return { dataUrl, activated };
  }
  throw new CommandError(
    "screenshot_failed",
    "The controlled tab could not be captured: another tab kept coming to the front of its window, or " +
      "Chrome kept refusing captures. Try again.",
  );
}

async function inFront(tabId, windowId) {
  const tab = await chrome.tabs.get(tabId);
  return tab.active && tab.windowId === windowId;
}

// How long a scroll waits for a frame to be painted before it goes on: a tab in the background paints none, and
// is brought to the front by the capture (captureTab), which then takes the frame painted there; a shown tab is
// waited for ten times as long (a busy machine paints late).
const PAINT_FALLBACK_MS = 100;

// browser_screenshot: the window, one element, or the whole page, as captures and instructions for the server,
// which stitches, crops and labels them (routing/screenshots.py; the labels never go into the page):
// {data} the window; {data, crop} an element, scrolled into view; {tiles: [{data, y}], height, clipped} the page,
// captured a window's height at a time, scrolled there and back (the page sees it scroll; within Chrome's
// capture quota, two a second); with annotate, boxes: where each element with a ref is, in the image's CSS px.
export async function screenshotOf(tab, args, signal) {
  let activated = false;
  const shoot = async () => {
    const shot = await captureTab(tab.id, signal);
    activated ||= shot.activated;
    return shot.dataUrl.slice(shot.dataUrl.indexOf(",") + 1);
  };
  const answer = {};
  if (args.ref) {
    const { value: rect, frameId } = await actInFrameOf(tab.id, args.ref, "rect", [normalRef(args.ref)]);
    const origin = await frameOrigin(tab.id, frameId, rect.frameOffset);
    answer.crop = { x: rect.left + origin.x, y: rect.top + origin.y, width: rect.width, height: rect.height };
    // Its frame has painted since it was scrolled into view (a cross-site frame paints late under load); the top
    // frame's paint is windowOf's.
    await runInFrame(tab.id, frameId, "painted", []);
  }
  const view = await windowOf(tab.id);
  answer.css_width = view.width;
  if (args.annotate) answer.boxes = (await snapshotTab(tab.id, { full: Boolean(args.full_page), labels: true })).labels;
  if (!args.full_page) return { ...answer, mime_type: "image/png", data: await shoot(), activated_tab: activated };
  const height = Math.min(view.pageHeight, CONTRACT.SCREENSHOT_MAX_HEIGHT);
  const tiles = [];
  try {
    for (let y = 0; y < height; y += view.height) {
      const at = (await windowOf(tab.id, { x: view.x, y })).y;
      tiles.push({ data: await shoot(), y: at });
      if (at < y) break; // the page ended early (it shrank while captured)
    }
  } finally {
    await windowOf(tab.id, { x: view.x, y: view.y }).catch(() => {});
  }
  return { ...answer, tiles, height, clipped: view.pageHeight > height, mime_type: "image/png", activated_tab: activated };
}

// The top frame's window once a frame has been painted: its size and scroll (CSS px), and how tall its page is.
// With `to` ({x, y}), scrolled there first, at once whatever the page's scroll-behavior (a page ends before y at its
// last window: its y is where it stopped). An element just scrolled into view is then on the screen a capture takes.
async function windowOf(tabId, to = null) {
  const [outcome] = await chrome.scripting.executeScript({
    target: { tabId, frameIds: [0] },
    func: (scrollTo, fallbackMs) =>
      new Promise((resolve) => {
        if (scrollTo) window.scrollTo({ left: scrollTo.x, top: scrollTo.y, behavior: "instant" });
        const answer = () =>
          resolve({
            x: window.scrollX,
            y: window.scrollY,
            width: window.innerWidth, // what a capture holds: the scrollbar too
            height: window.innerHeight,
            pageHeight: Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0),
          });
        setTimeout(answer, document.visibilityState === "visible" ? 10 * fallbackMs : fallbackMs); // a hidden tab paints none
        requestAnimationFrame(() => requestAnimationFrame(answer));
      }),
    args: [to, PAINT_FALLBACK_MS],
  });
  return outcome.result;
}

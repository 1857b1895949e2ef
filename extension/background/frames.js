// The snapshot engine in the controlled tab's frames: injecting its files (CONTRACT.ENGINE_FILES), a
// snapshot of every frame stitched into one text, and each action run in the frame that owns its ref.
// The engine's API is documented in engine/api.js.
import { CONTRACT } from "./constants.js";
import { CommandError } from "./errors.js";
import { loadLastRead, loadTabRefs, saveChooserFrame, saveLastRead, saveTabRefs } from "./storage.js";
import { unlessCrashed } from "./tabs.js";

// What a frame answers when the engine is not in it yet (our own script says so, in the extension's world).
const ENGINE_MISSING = "hermes-engine-missing";

export function normalRef(ref) {
  return ref.startsWith("@") ? ref : "@" + ref;
}

// A new page: its refs are gone, the tab's ref counter goes on.
export async function forgetRefs(tabId) {
  const refs = await loadTabRefs(tabId);
  await saveTabRefs(tabId, { nextRef: refs.nextRef, frames: {} });
}

// Snapshot every frame in turn (top frame first), threading the tab's ref counter through them,
// then let the top frame's engine stitch the frames' texts together.  A child frame that fails is left
// out (it may have gone away while we worked); the top frame failing fails the snapshot, since an empty
// text reported as a success would tell the agent that the page is blank.
// The engine is injected only into frames that do not have it yet (injecting its files again is harmless but
// costs their compilation in every frame on every snapshot): the top frame's snapshot and the question to every
// frame whether it has the engine go out together. That question is asked only of a tab that has child frames, as
// Chrome lists them (chrome.webNavigation, answered by the browser without a round trip to the page), so a
// one-frame page that has the engine takes one round trip to the page. The same question has each child frame post
// a nonce to its parent, from which the parents' engines say which placeholder each child's part fills
// (childTokens), while the children are read.
// `reader`: the session's key, under which each frame's engine keeps this read (with a fresh id, kept as the session's
// last read) for the next `changes` (the engine's outline.js); with `changes`, the answer is what changed since the
// session's last read, in the keys the engine's stitchChanges gives.
// With `find` (a query, and full: no read of the session's), the answer is the matching lines (engine's find).
// With `images` (a count, and full), the answer is {images, total}: the frames' images (the engine's images.js).
// With `labels` (and full for the whole page), the answer is {labels: [{ref, x, y, width, height}]}: where the frames'
// refs are drawn, in the top frame's viewport (with full, in the page), for an annotated screenshot.
// With `pdf` (a byte cap), a tab that shows a PDF answers {snapshot: "", truncated: false, pdf_document}: the PDF's
// bytes, read by the top frame's engine with the document's credentials (its frames are the viewer's, which no
// engine reads); the server makes its text the answer (routing/pdf_tab.py), as for the cdp lane.
export async function snapshotTab(tabId, { full = false, reader = null, changes = false, find = null, images = 0, labels = false, pdf = 0 }) {
  const [refs, after] = await Promise.all([loadTabRefs(tabId), reader ? loadLastRead(reader) : null]);
  const read = reader ? crypto.randomUUID() : null;
  const session = reader ? { session: reader, read, after } : {};
  const options = () => ({ nextRef: refs.nextRef, full, changes, find, images, labels, pdf, ...session });
  const snapshotIn = (frameId) => inFrame(tabId, frameId, "snapshot", [options()]);
  const [top, frames] = await Promise.all([
    snapshotIn(0).then(
      (value) => ({ value }),
      (error) => ({ error }),
    ),
    childFrames(tabId).then(async (list) => ({
      list,
      present: list?.length === 0 ? [] : await framesWithEngine(tabId),
    })),
  ]);
  const children = frames.present.filter((r) => r.frameId !== 0);
  const lacking = children.filter((r) => !r.result?.engine).map((r) => r.frameId);
  if (lacking.length) {
    await chrome.scripting
      .executeScript({ target: { tabId, frameIds: lacking }, files: CONTRACT.ENGINE_FILES })
      .catch(() => {}); // a frame that went away is left out below
  }
  const tokens = children.length ? childTokens(tabId, frames) : Promise.resolve(new Map());
  const parts = [];
  const take = (frameId, part) => {
    refs.nextRef = part.nextRef;
    for (const ref of part.refs) refs.frames["@" + ref] = frameId;
    parts.push({ frameId, part });
  };
  if (top.error instanceof CommandError) throw top.error; // the engine's own {ok: false} answer
  if (top.error) await topFrameLost(tabId, top.error);
  if (!top.value?.ok) throw engineFailure(top.value);
  if (top.value.pdf) return { snapshot: "", truncated: false, pdf_document: top.value.pdf };
  take(0, top.value);
  for (const frameId of children.map((r) => r.frameId).sort((a, b) => a - b)) {
    let part;
    try {
      part = await snapshotIn(frameId);
    } catch {
      continue;
    }
    if (part?.ok) take(frameId, part);
  }
  await Promise.all([saveTabRefs(tabId, refs), reader && saveLastRead(reader, read)]);
  if (images) return imagesOf(parts, images);
  if (labels) return { labels: await placedLabels(tabId, parts, frames.list ?? [], await tokens, full) };
  // a page without frames has its answer in its one part: no stitch
  if (changes && top.value.changes) return withoutOk(top.value.changes);
  if (find && top.value.found) return answerOf(top.value.found);
  if (parts.length === 1 && !changes && !find) return { snapshot: top.value.text, truncated: top.value.truncated };
  const tokenOf = await tokens;
  const method = changes ? "stitchChanges" : find ? "stitchFind" : "stitch";
  const placed = parts.map(({ frameId, part }) => ({ ...part, frameToken: tokenOf.get(frameId) ?? null }));
  const [stitched] = await chrome.scripting.executeScript({
    target: { tabId, frameIds: [0] },
    func: (name, frameParts, stitchOptions) => globalThis.__hermesSnapshot[name](frameParts, stitchOptions),
    args: [method, placed, { full, query: find }],
  });
  if (stitched.result?.ok === false) throw engineFailure(stitched.result);
  if (changes || find) return withoutOk(stitched.result);
  return { snapshot: stitched.result.text, truncated: stitched.result.truncated };
}
// The frames' images, top frame first, at most `limit`: a child frame's with the URL of its frame.
function imagesOf(parts, limit) {
  const shown = parts.flatMap(({ frameId, part }) =>
    (part.images?.images ?? []).map((image) => (frameId === 0 ? image : { ...image, frame: part.url })),
  );
  const total = parts.reduce((sum, { part }) => sum + (part.images?.total ?? 0), 0);
  return { images: shown.slice(0, limit), total };
}
// Each frame's labels moved from its viewport into the top frame's (and with `page`, into the page: the top frame's
// scroll added). A frame under same-origin frames only knows its own place (frameOffset); any other is placed by
// its parents' engines, each asked where the <iframe> with the frame's token is. A frame that cannot be placed (it
// went away meanwhile) has its labels left out: a label in the wrong place would point at another element.
// With `scroll`, each <iframe> on the way is scrolled into view first (a point to press there, not a label drawn).
async function placedLabels(tabId, parts, list, tokenOf, page, scroll = false) {
  const parentOf = new Map(list.map((frame) => [frame.frameId, frame.parentFrameId]));
  const origins = new Map([[0, { x: 0, y: 0 }]]);
  const originOf = async (frameId) => {
    if (!origins.has(frameId)) {
      const parent = parentOf.get(frameId);
      const token = tokenOf.get(frameId);
      if (parent === undefined || !token) throw new CommandError("unknown_frame", "A frame went away.");
      const [above, box] = await Promise.all([originOf(parent), inFrame(tabId, parent, "frameRect", [token, { scroll }])]);
      origins.set(frameId, { x: above.x + box.x, y: above.y + box.y });
    }
    return origins.get(frameId);
  };
  const pageScroll = page ? parts[0].part.scroll : { x: 0, y: 0 };
  const placed = [];
  for (const { frameId, part } of parts) {
    if (!part.labels?.length) continue;
    let origin = part.frameOffset?.complete ? part.frameOffset : null;
    if (!origin) origin = await originOf(frameId).catch(() => null);
    if (!origin) continue;
    const dx = origin.x + pageScroll.x;
    const dy = origin.y + pageScroll.y;
    for (const box of part.labels) placed.push({ ...box, x: box.x + dx, y: box.y + dy });
  }
  return placed;
}
// Where `frameId`'s viewport starts in the top frame's viewport: for an element's screenshot in a frame, and (with
// scroll: each <iframe> on the way scrolled into view, as the cdp lane does) a real press there.
export async function frameOrigin(tabId, frameId, frameOffset, { scroll = false } = {}) {
  if (frameId === 0 || frameOffset?.complete) return frameOffset ?? { x: 0, y: 0 };
  const list = (await childFrames(tabId)) ?? [];
  const tokenOf = await childTokens(tabId, { list, present: await framesWithEngine(tabId) });
  const origin = [{ frameId, part: { labels: [{ x: 0, y: 0 }] } }];
  const [placed] = await placedLabels(tabId, origin, list, tokenOf, false, scroll);
  if (!placed) throw new CommandError("unknown_frame", "The element's frame cannot be placed in the tab; take a new snapshot.");
  return placed;
}
function withoutOk({ ok, ...answer }) {
  return answer;
}
// The engine's answer in one frame: a failure (a query without criteria) is the command's.
function answerOf(answer) {
  if (answer.ok === false) throw engineFailure(answer);
  return withoutOk(answer);
}

// Chrome's list of the tab's frames other than its top one ([{frameId, parentFrameId}]), or null when it cannot say
// (then every frame is asked).
async function childFrames(tabId) {
  const frames = await chrome.webNavigation.getAllFrames({ tabId }).catch(() => null);
  return frames && frames.filter((frame) => frame.frameId !== 0);
}

// What child frames post to their parents (page/frame_senders.js has the same key).
const NONCE_KEY = "__hermesFrameNonce";
// How long a parent waits for its children's nonces to come (they are on their way once framesWithEngine is over).
const NONCE_WAIT_MS = 500;

// [{frameId, result: {engine: whether the engine is in it, nonce}}] for every frame of the tab the extension may
// script. Each child frame posts a new random nonce to its parent, from the extension's world; Chrome's answer ties
// the nonce to the frame's id.
function framesWithEngine(tabId) {
  return chrome.scripting
    .executeScript({
      target: { tabId, allFrames: true },
      func: (key) => {
        let nonce = null;
        if (window.parent !== window) {
          nonce = crypto.randomUUID();
          window.parent.postMessage({ [key]: nonce }, "*");
        }
        return { engine: Boolean(globalThis.__hermesSnapshot), nonce };
      },
      args: [NONCE_KEY],
    })
    .catch(() => []);
}

// frameId -> the token its parent's engine gives the <iframe> that holds it. Each parent is asked, all at once, which
// of its <iframe>s holds the window that posted each of its children's nonces (page/frame_senders.js noted the
// windows as the browser named them); the page is asked nothing. A child whose parent cannot say is left out (its
// part is then unplaced, never misplaced).
async function childTokens(tabId, { list, present }) {
  const nonceOf = new Map(present.filter((r) => r.result?.nonce).map((r) => [r.frameId, r.result.nonce]));
  const byParent = new Map();
  for (const frame of list ?? []) {
    if (!nonceOf.has(frame.frameId)) continue;
    if (!byParent.has(frame.parentFrameId)) byParent.set(frame.parentFrameId, []);
    byParent.get(frame.parentFrameId).push([nonceOf.get(frame.frameId), frame.frameId]);
  }
  const answers = await Promise.all(
    [...byParent].map(([parentId, expected]) =>
      chrome.scripting
        .executeScript({ target: { tabId, frameIds: [parentId] }, func: ownersOf, args: [expected, NONCE_WAIT_MS] })
        .catch(() => []),
    ),
  );
  const tokenOf = new Map();
  for (const [outcome] of answers) {
    if (Array.isArray(outcome?.result)) for (const [frameId, token] of outcome.result) tokenOf.set(frameId, token);
  }
  return tokenOf;
}

// Run in a parent frame (the extension's world): expected is [[nonce, child's frameId], ...]; answers the engine's
// frameTokens for the <iframe>s whose window posted one of those nonces, each named by that child's frameId.
function ownersOf(expected, waitMs) {
  const senders = globalThis.__hermesFrameSenders;
  const engine = globalThis.__hermesSnapshot;
  if (!senders || !engine) return [];
  return senders.take(expected.map(([nonce]) => nonce), waitMs).then((windows) => {
    const idOf = new Map();
    for (const [nonce, frameId] of expected) if (windows.has(nonce)) idOf.set(windows.get(nonce), frameId);
    return engine.frameTokens((frameElement) => idOf.get(frameElement.contentWindow));
  });
}

// The engine's own {ok: false, error} answer, or nothing at all (Chrome gives a script that threw a null
// result), as the error the cdp lane reports for the same failure.
function engineFailure(part) {
  const error = part?.error;
  if (error?.code) return new CommandError(String(error.code), String(error.message ?? ""));
  return new CommandError("snapshot_failed", "The snapshot engine stopped with an error in the page.");
}

// The top frame could not be reached at all: the page crashed, or it went away under us.
async function topFrameLost(tabId, error) {
  unlessCrashed(await chrome.tabs.get(tabId));
  throw new CommandError("snapshot_failed", `The page could not be read (${error.message}); try again.`);
}

// engine[method](...args) in one frame (injecting the engine there first); an {ok: false} answer throws.
export async function inFrame(tabId, frameId, method, args) {
  return (await runInFrame(tabId, frameId, method, args)).value;
}

// The same, with the frame and Chrome's id of the document that answered: an action that navigates is over
// once another document is in that frame. An action that opened a file chooser (file_chooser in its answer) leaves
// the frame's id for a browser_file_upload without ref.
export async function runInFrame(tabId, frameId, method, args) {
  const armed = dialogArmings.get(armingKey(tabId, frameId)) ?? null;
  const outcome = await withEngine(tabId, frameId, engineCall, [method, args, armed?.arming ?? null]);
  let value = outcome?.result;
  if (armed && value && typeof value === "object" && "agentDialog" in value) {
    Object.assign(armed, { consumed: true, answered: value.agentDialog });
    value = value.value;
  }
  if (value && value.ok === false) throw new CommandError(value.error.code, value.error.message, value.error.field);
  if (value?.file_chooser) await saveChooserFrame(tabId, frameId);
  return { value, frameId, documentId: outcome?.documentId ?? null };
}

// The agent's answer to the dialog its next action in a frame opens (agent_dialogs.js): armingKey -> {arming,
// consumed, answered}. The engine call arms the frame's answer box (page/dialog_relay.js) and reads it back in the
// same task as the action's events and the microtasks they queue: a dialog a timer opens afterwards follows the policy.
export const dialogArmings = new Map();
export const armingKey = (tabId, frameId) => `${tabId}:${frameId}`;

// Runs in the frame (isolated world): engine[name](...callArgs), or `missing`; with `arming`, {value, agentDialog}.
// Self-contained, since chrome.scripting sends its source.
function engineCall(name, callArgs, arming, missing) {
  const engine = globalThis.__hermesSnapshot;
  if (!engine) return missing;
  const box = arming ? globalThis.__hermesAgentDialog : null;
  if (!box) return engine[name](...callArgs);
  box.arm(arming);
  const disarmed = (error) => {
    box.disarm();
    throw error;
  };
  try {
    return Promise.resolve(engine[name](...callArgs)).then((value) => ({ value, agentDialog: box.disarm() }), disarmed);
  } catch (error) {
    return disarmed(error);
  }
}

// Chrome's outcome ({result, documentId, frameId}) of func(...args, missing) run in one frame of the tab, where func
// needs the engine and answers `missing` when the frame's document does not have it yet: then the engine is injected
// and func runs again. The engine is injected only into a document that lacks it (a second injection is harmless
// but costs a round trip and the files' compilation, on every call).
export async function withEngine(tabId, frameId, func, args) {
  const call = () =>
    chrome.scripting.executeScript({ target: { tabId, frameIds: [frameId] }, func, args: [...args, ENGINE_MISSING] });
  let [outcome] = await call();
  if (outcome?.result === ENGINE_MISSING) {
    await chrome.scripting.executeScript({ target: { tabId, frameIds: [frameId] }, files: CONTRACT.ENGINE_FILES });
    [outcome] = await call();
  }
  return outcome;
}

// The same in the frame whose engine issued `ref` in the latest snapshot: {value, frameId, documentId}.
export async function actInFrameOf(tabId, ref, method, args) {
  const frameId = (await loadTabRefs(tabId)).frames[normalRef(ref)];
  if (frameId === undefined) {
    throw new CommandError("stale_ref", `No element ${normalRef(ref)} on this page; take a new snapshot.`);
  }
  try {
    return await runInFrame(tabId, frameId, method, args);
  } catch (error) {
    if (error instanceof CommandError) throw error;
    throw new CommandError("stale_ref", `Element ${normalRef(ref)} is gone (${error.message}); take a new snapshot.`);
  }
}

// Only the engine's answer of actInFrameOf.
export async function inFrameOf(tabId, ref, method, args) {
  return (await actInFrameOf(tabId, ref, method, args)).value;
}

// The same in the frame that has the focus (a key press goes there): {value, frameId, documentId}.
export async function actInFocusedFrame(tabId, method, args) {
  return runInFrame(tabId, await focusedFrame(tabId), method, args);
}

// The id of the frame a key press goes to: the one that has the focus, else the top frame (a tab in the background
// has no focused frame, and its top frame's element gets the key). Finding it needs no engine.
export async function focusedFrame(tabId) {
  const focused = await chrome.scripting.executeScript({
    target: { tabId, allFrames: true },
    func: () => document.hasFocus() && !(document.activeElement instanceof HTMLIFrameElement),
  });
  return focused.find((r) => r.result)?.frameId ?? 0;
}

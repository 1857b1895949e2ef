// The agent's downloads (issue 32): what an action in a controlled tab downloads is the session's, saved in the
// hermes/ subfolder of the user's download folder, recorded, and kept only within the caps (and, in ask mode, only
// if the user keeps it).
//
// Which downloads are the agent's: one that begins while an action of a session runs in its tab (withDownloads),
// or within DOWNLOAD_BEGIN_GRACE_MS after it when the action followed a download link (the engine's downloading).
// Chrome's download records name no tab, so the download must come from that tab's site (its referrer, or the
// URL of a blob: or the file itself) when two sessions act at once. Every other download is the user's, and left
// exactly as Chrome handles it. The file's name is the page's suggestion made into one plain name (safeName: never
// a path, so "../../x" stays in hermes/), and Chrome reports where it saved the file: the server reads only a file
// this worker reported for that session, after checking that it lies inside that folder (routing/downloads.py).
//
// The worker can be stopped at any moment: the records (chrome.storage.session "downloads": session id -> records,
// and "downloadOwners": Chrome's download id -> session id) outlive it, the listeners are registered at the top of
// service_worker.js and wait on its init(), and a download question stays open for a new worker to settle.
import { CONTRACT } from "./constants.js";
import { effectiveRules, changeQuestions, loadQuestions } from "./control_store.js";
import { CommandError } from "./errors.js";
import { read, update } from "./stored.js";

// How long an action that followed a download link waits for Chrome to announce the download.
const DOWNLOAD_BEGIN_GRACE_MS = 3_000;
const FOLDER = "hermes";
const NAME_MAX_CHARACTERS = 120; // as the server's safe_name
const URL_MAX_CHARACTERS = 2_000;
const { MAX_FILE_BYTES, MAX_COUNT, READ_WAIT_MS } = CONTRACT.DOWNLOADS;

const loadRecords = () => read("session", "downloads", {});
const changeRecords = (change) => update("session", "downloads", {}, change);
const loadOwners = () => read("session", "downloadOwners", {});
const changeOwners = (change) => update("session", "downloadOwners", {}, change);

// The actions running now: session id -> {tabId, url, claimed: [download ids], wake(), begin(), fetching: {url, name}
// of a file this worker saves for it} (only while one runs).
const running = new Map();
// Chrome's download id -> the promise of its owner (a session id, or null: the user's), decided as it was created.
const owners = new Map();
// Chrome's download id -> {recorded: a promise, done()} until its name is recorded (Chrome names it after creating it).
const naming = new Map();

// Runs an action (`run(began)`, began: a promise resolved once a download of it began) of `sessionId` in `tab`; its
// answer with download: {id, name, state} of the first download it started, if any.
export async function withDownloads(sessionId, tab, run) {
  let begin;
  const began = new Promise((resolve) => (begin = resolve));
  const action = { tabId: tab.id, url: tab.url ?? "", claimed: [], wake: () => {}, begin, fetching: null };
  const started = new Date().toISOString();
  running.set(sessionId, action);
  try {
    const { downloading, droppedNavigation, ...result } = await run(began);
    if (downloading && !action.claimed.length) await claimed(action);
    if (downloading && !action.claimed.length) await saveHeldBack(sessionId, action, downloading, started);
    // a link (clicked, or Enter pressed on it) navigates with GET; a form's POST is never made again
    const link = (result.role ?? result.target?.role) === "link";
    if (!downloading && link && droppedNavigation && !action.claimed.length) {
      await saveHeldBackAttachment(sessionId, action, droppedNavigation, started);
    }
    if (!action.claimed.length) return result;
    await owners.get(action.claimed[0]); // its record is written
    const named = naming.get(action.claimed[0])?.recorded; // (none: named already)
    await withinGrace(named);
    const first = (await sessionRecords(sessionId)).find((record) => record.chrome_id === action.claimed[0]);
    return first ? { ...result, download: { id: first.id, name: first.name, state: first.state } } : result;
  } finally {
    if (running.get(sessionId) === action) running.delete(sessionId);
  }
}

// The download link `downloading` ({url, name}) that `action` followed started no download: Chrome held it back, as
// it holds a download without a user's gesture after the page's first one until the user allows "multiple
// downloads" (a synthetic click carries no gesture). A person's click would have saved the file: the worker saves
// it itself, with the browser's cookies for that site. Not when a download of that URL began after all (`started`:
// when the action began), nor for a blob: or data: URL, which only the page can read.
async function saveHeldBack(sessionId, action, downloading, started) {
  if (!/^https?:/.test(downloading.url)) return;
  if ((await chrome.downloads.search({ url: downloading.url, startedAfter: started })).length) return;
  const name = safeName(downloading.name || downloading.url.split(/[?#]/)[0].split("/").pop() || "");
  action.fetching = { url: downloading.url, name };
  const id = await chrome.downloads.download({ url: downloading.url, filename: `${FOLDER}/${name}`, conflictAction: "uniquify" });
  await namedHere(sessionId, action, id, name);
}

// The action's navigation to `url` ended without a document and started no download: a 204 (nothing to save), or a
// file the site sends (an attachment, a type no page shows) that Chrome held back, as saveHeldBack says, which it
// does only on a page that has started a download already. There only, the site is asked with HEAD which of the two
// (HEAD changes nothing on a site that keeps to HTTP); a file is saved by the worker, named as the site names it. Only
// for a link: a form's POSTed answer is not asked for again, since its URL alone does not make it.
const SHOWN_TYPES = /^(text\/(html|plain|xml|css|javascript)|image\/|audio\/|video\/|application\/(pdf|xhtml\+xml|xml|json))\b/i;
async function saveHeldBackAttachment(sessionId, action, url, started) {
  if (!/^https?:/.test(url)) return;
  // Chrome holds back only a page's second download and later: a page that started none cannot have one held back
  const page = await topDocument(action.tabId);
  if (page === null || !(await sessionRecords(sessionId)).some((record) => record.document === page)) return;
  if ((await chrome.downloads.search({ url, startedAfter: started })).length) return;
  const head = await fetch(url, { method: "HEAD", credentials: "include" }).catch(() => null);
  if (!head || !head.ok || head.status === 204 || head.status === 205) return;
  const attachment = /^\s*attachment/i.test(head.headers.get("content-disposition") ?? "");
  if (!attachment && SHOWN_TYPES.test(head.headers.get("content-type") ?? "text/html")) return;
  action.fetching = { url, name: null }; // named by Chrome from the site's answer (onDeterminingFilename)
  const id = await chrome.downloads.download({ url, conflictAction: "uniquify" });
  await namedHere(sessionId, action, id, null);
}

// Once the download `id` this worker started is the action's: its record named `name` (null: as Chrome named it).
async function namedHere(sessionId, action, id, name) {
  if (!action.claimed.length) await claimed(action);
  if (name !== null && (await owners.get(id)) === sessionId) {
    await changeRecord(sessionId, id, { name }); // named here: Chrome's own suggestion is the URL's
    naming.get(id)?.done();
    naming.delete(id);
  }
}

// Resolves once `promise` has, or after DOWNLOAD_BEGIN_GRACE_MS: a download's name being recorded, or the `began`
// of withDownloads, awaited when an action left its page in place (a navigation that committed no document) and
// may have started a download Chrome has not announced yet.
export function withinGrace(promise) {
  return Promise.race([promise, new Promise((wake) => setTimeout(wake, DOWNLOAD_BEGIN_GRACE_MS))]);
}

// Resolves once a download of `action` is claimed, or after DOWNLOAD_BEGIN_GRACE_MS.
function claimed(action) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, DOWNLOAD_BEGIN_GRACE_MS);
    action.wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });
}

// chrome.downloads.onCreated: the download is a session's when one of its actions is running in a tab of the site
// it comes from. Decided at once (before any await), so that onDeterminingFilename, which comes next, finds it.
export function downloadCreated(item) {
  const owner = item.byExtensionId ? fetchedBy(item) : ownerOf(item);
  owners.set(item.id, owner === null ? Promise.resolve(null) : adopt(owner, item).then(() => owner));
  if (owner !== null) {
    let done;
    const recorded = new Promise((resolve) => (done = resolve));
    naming.set(item.id, { recorded, done });
    const action = running.get(owner);
    action.claimed.push(item.id);
    action.wake();
    action.begin();
  }
}

// A download this worker started for a session's action (saveHeldBack), by its URL: the session's id, or null.
function fetchedBy(item) {
  if (item.byExtensionId !== chrome.runtime.id) return null;
  return [...running.entries()].find(([, action]) => action.fetching?.url === item.url)?.[0] ?? null;
}

// What this worker saves for an action: {url, name}.
function fetchingFor(item) {
  return [...running.values()].find((action) => action.fetching?.url === item.url)?.fetching ?? { name: safeName(item.filename) };
}

// The session whose running action the download `item` comes from: the one whose tab's site is the download's
// referrer's or its URL's (a blob: URL's own). A download a page of another site started (the user's, in another
// tab, meanwhile) is not the agent's; one sent with no referrer at all goes to the one action running, if only one is.
function ownerOf(item) {
  const from = [item.referrer, item.url.startsWith("blob:") ? item.url.slice(5) : item.url].map(originOf);
  const candidates = [...running.entries()];
  const sameSite = candidates.filter(([, action]) => from.includes(originOf(action.url)));
  if (sameSite.length === 1) return sameSite[0][0];
  return !item.referrer && candidates.length === 1 ? candidates[0][0] : null;
}

function originOf(url) {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

// Records a new download of `sessionId`, refused at once past the session's count or over the size cap.
async function adopt(sessionId, item) {
  const records = await sessionRecords(sessionId);
  const kept = records.filter((record) => record.state === "in_progress" || record.state === "complete").length;
  const name = safeName(item.filename || item.url.split(/[?#]/)[0].split("/").pop() || "");
  const tabId = running.get(sessionId)?.tabId;
  const record = {
    id: `d${item.id}`,
    chrome_id: item.id,
    name,
    state: "in_progress",
    size: item.totalBytes > 0 ? item.totalBytes : null,
    mime_type: item.mime || "application/octet-stream",
    sha256: null,
    path: null,
    url: item.url.slice(0, URL_MAX_CHARACTERS),
    site: originOf(item.referrer) ?? originOf(item.url) ?? "",
    document: tabId === undefined ? null : await topDocument(tabId), // the page it came from (see saveHeldBackAttachment)
  };
  await changeOwners((all) => ({ ...all, [item.id]: sessionId }));
  await changeRecords((all) => ({ ...all, [sessionId]: [...(all[sessionId] ?? []), record] }));
  const why = kept >= MAX_COUNT ? `the session has made ${kept} downloads, the most it may make (${MAX_COUNT})` : overCap(item.totalBytes);
  if (why) await refuse(sessionId, item.id, why, { started: true });
}

// chrome.downloads.onDeterminingFilename: the session's download goes to hermes/<its plain name>; the user's own
// downloads get Chrome's own choice (suggest() with nothing).
export function determiningFilename(item, suggest) {
  const owner = owners.get(item.id) ?? Promise.resolve(null);
  owner.then(
    async (sessionId) => {
      if (!sessionId) return suggest();
      // one this worker saves for an action (saveHeldBack) keeps the page's name, which Chrome does not know
      const name = (item.byExtensionId && fetchingFor(item).name) || safeName(item.filename);
      suggest({ filename: `${FOLDER}/${name}`, conflictAction: "uniquify" });
      await changeRecord(sessionId, item.id, { name });
      naming.get(item.id)?.done();
      naming.delete(item.id);
    },
    () => suggest(),
  );
  return true; // suggest() comes asynchronously
}

// chrome.downloads.onChanged: a session's download moves on (its path, its length, its end).
export async function downloadChanged(delta) {
  await owners.get(delta.id); // its record is written
  const sessionId = (await loadOwners())[delta.id];
  if (!sessionId) return;
  const record = (await sessionRecords(sessionId)).find((r) => r.chrome_id === delta.id);
  if (!record || record.state === "refused" || record.state === "failed") return;
  if (delta.filename?.current) await changeRecord(sessionId, delta.id, { path: delta.filename.current });
  const total = delta.totalBytes?.current;
  if (total > 0 && overCap(total)) return refuse(sessionId, delta.id, overCap(total), { started: true });
  if (delta.state?.current === "interrupted") {
    const why = `it failed: ${String(delta.error?.current ?? "an error").toLowerCase().replaceAll("_", " ")}`;
    return changeRecord(sessionId, delta.id, { state: "failed", reason: why, path: null });
  }
  if (delta.state?.current === "complete") return completed(sessionId, delta.id);
}

// A download of the session that Chrome finished: kept (complete), refused over the cap, or in ask mode put to the
// user first.
async function completed(sessionId, chromeId) {
  const [item] = await chrome.downloads.search({ id: chromeId });
  if (!item || !item.exists) {
    return changeRecord(sessionId, chromeId, { state: "failed", reason: "its file is gone", path: null });
  }
  if (overCap(item.fileSize)) return refuse(sessionId, chromeId, overCap(item.fileSize), { started: false });
  const facts = { path: item.filename, size: item.fileSize, mime_type: item.mime || "application/octet-stream" };
  if ((await effectiveRules()).mode !== "ask") return changeRecord(sessionId, chromeId, { ...facts, state: "complete" });
  const record = await changeRecord(sessionId, chromeId, { ...facts, reason: "waiting for the user to keep it" });
  await changeQuestions((questions) => [
    ...questions,
    {
      id: crypto.randomUUID(),
      kind: "download",
      origin: record.site,
      session_id: sessionId,
      download: chromeId,
      name: record.name,
      size: sizeText(item.fileSize),
      at: Date.now(),
    },
  ]);
}

// The user answered a download question in the popup (user_control.js answerQuestion wrote it): keep or delete.
// One settling at a time: each storage change of the questions calls this, and an answer is acted on once.
let settling = Promise.resolve();
export function settleDownloadQuestions() {
  settling = settling.catch(() => {}).then(settleAnswered);
  return settling;
}

async function settleAnswered() {
  const answered = (await loadQuestions()).filter((q) => q.kind === "download" && q.answer !== undefined);
  for (const question of answered) {
    await changeQuestions((questions) => questions.filter((q) => q.id !== question.id));
    if (question.answer === "confirm") {
      await changeRecord(question.session_id, question.download, { state: "complete", reason: undefined });
    } else {
      await refuse(question.session_id, question.download, "the user did not keep it", { started: false });
    }
  }
}

// Cancels (or, once finished, deletes) the download and removes it from Chrome's list: nothing of it stays on disk.
async function refuse(sessionId, chromeId, why, { started }) {
  await changeRecord(sessionId, chromeId, {
    state: "refused",
    reason: `${why}; it was ${started ? "cancelled" : "deleted"} and nothing of it was kept`,
    path: null,
  });
  const quietly = (work) => work.catch((error) => console.warn("download:", error.message));
  if (started) await quietly(chrome.downloads.cancel(chromeId)); // Chrome deletes the partial file
  const [item] = await chrome.downloads.search({ id: chromeId });
  if (item?.exists && item.state === "complete") await quietly(chrome.downloads.removeFile(chromeId));
  await quietly(chrome.downloads.erase({ id: chromeId }));
}

async function changeRecord(sessionId, chromeId, facts) {
  let changed = null;
  await changeRecords((all) => ({
    ...all,
    [sessionId]: (all[sessionId] ?? []).map((record) => {
      if (record.chrome_id !== chromeId) return record;
      changed = { ...record, ...facts };
      if (facts.reason === undefined && "reason" in facts) delete changed.reason;
      return changed;
    }),
  }));
  return changed;
}

async function sessionRecords(sessionId) {
  return (await loadRecords())[sessionId] ?? [];
}

// browser_downloads: the session's records as the server reads them (it hashes the files, inside the folder).
export async function listDownloads(sessionId) {
  return (await sessionRecords(sessionId)).map(shown);
}

// browser_read_download: the session's record of `id` once it is no longer in progress (at most READ_WAIT_MS, or
// until the command is cancelled); the server reads the file it names.
export async function downloadRecord(sessionId, id, signal) {
  const find = async () => (await sessionRecords(sessionId)).find((r) => r.id === id);
  let record = await find();
  if (!record) {
    throw new CommandError("unknown_download", `this session has no download ${id}; browser_downloads lists its downloads.`);
  }
  if (record.state === "in_progress") {
    await new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        chrome.storage.onChanged.removeListener(changed);
        signal.removeEventListener("abort", done);
        resolve();
      };
      const changed = (changes, area) => {
        if (area === "session" && "downloads" in changes) find().then((now) => now?.state !== "in_progress" && done());
      };
      const timer = setTimeout(done, READ_WAIT_MS);
      chrome.storage.onChanged.addListener(changed);
      signal.addEventListener("abort", done);
      find().then((now) => now?.state !== "in_progress" && done()); // it may have ended before the listener came
    });
    record = await find();
  }
  return shown(record);
}

// The document in the tab's top frame now, by Chrome's own account (nothing runs in the page), or null.
async function topDocument(tabId) {
  return (await chrome.webNavigation.getFrame({ tabId, frameId: 0 }).catch(() => null))?.documentId ?? null;
}

function shown({ chrome_id: _chromeId, site: _site, document: _document, ...record }) {
  return record;
}

function overCap(bytes) {
  return bytes > MAX_FILE_BYTES ? `it is ${sizeText(bytes)}, over the ${sizeText(MAX_FILE_BYTES)} cap` : null;
}

// As the server's human_size: 840 bytes, 84 KB, 12.5 MB.
export function sizeText(count) {
  if (count < 1024) return `${count} bytes`;
  if (count < 1024 * 1024) return `${Math.round(count / 1024)} KB`;
  return `${(count / (1024 * 1024)).toFixed(1)} MB`;
}

// As the server's safe_name: the last path component, without control or direction characters and leading dots.
export function safeName(suggested) {
  const last = String(suggested).split(/[/\\]/).pop();
  // eslint-disable-next-line no-control-regex
  let cleaned = last.replace(/[\x00-\x1f\x7f<>:"|?*\u202a-\u202e\u2066-\u2069]/g, "_").trim().replace(/^\.+/, "").trim();
  if (cleaned.length > NAME_MAX_CHARACTERS) {
    const dot = cleaned.lastIndexOf(".");
    const extension = dot > 0 && cleaned.length - dot - 1 <= 10 ? cleaned.slice(dot + 1) : "";
    cleaned = cleaned.slice(0, NAME_MAX_CHARACTERS - extension.length - 1).trimEnd() + (extension ? `.${extension}` : "");
  }
  return cleaned || "download";
}

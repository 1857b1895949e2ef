// chrome.storage, read through a copy in memory, for the service worker: the one place that reads and writes it
// (storage.js and control_store.js name the keys).
//
// Why a copy: every command read the user's rules, the controlled tabs and the tab's refs from chrome.storage, a
// round trip to the browser process each (about 0.5 ms), several per command. A copy in memory is exact here
// because this worker is the only writer of the keys it keeps: the popup and the pages ask the worker by message
// (messages.js), they never write storage themselves. A write sets the copy first, then storage: so whoever reads
// after a write began (a command after the user's pause, a chrome.storage.onChanged listener, the popup asking
// for the state it was told changed) reads the value written. A write that fails drops the copy (the next reader
// reads storage again) and rejects, as before. Nothing is lost when the worker dies: every write goes to storage,
// and a new worker starts with no copy and reads storage on first use.
//
// chrome.storage.managed (the administrator's policy) is written by Chrome, not by us: its copy is dropped as soon
// as chrome.storage.onChanged says it changed, and read again on next use.
//
// Readers get their own copy of the value (structuredClone), as chrome.storage gives: a caller that changes what it
// read changes nothing here until it writes it.
const copies = new Map(); // "area:key" -> the value last written or read (undefined: no such key)
const changes = new Map(); // "area:key" -> how many times it was written (a read that started before is stale)
const MANAGED_POLICY = "managed:*"; // the whole managed area, read at once

function named(area, key) {
  return `${area}:${key}`;
}

function changing(name) {
  changes.set(name, (changes.get(name) ?? 0) + 1);
}

// Reads storage into the copy of `name` unless there is one, or the key was written while the read was out.
async function keep(name, readStorage) {
  if (copies.has(name)) return;
  const before = changes.get(name) ?? 0;
  const found = await readStorage();
  if (!copies.has(name) && (changes.get(name) ?? 0) === before) copies.set(name, found);
}

// The value of `key` in `area`, or `fallback` when storage holds none.
export async function read(area, key, fallback) {
  const name = named(area, key);
  await keep(name, async () => (await chrome.storage[area].get(key))[key]);
  const value = copies.get(name);
  return value === undefined ? fallback : structuredClone(value);
}

// Sets the copies of `entries` (key -> value, undefined: removed), then storage by `store()`.
async function changeStored(area, entries, store) {
  for (const [key, value] of Object.entries(entries)) {
    changing(named(area, key));
    copies.set(named(area, key), structuredClone(value));
  }
  try {
    await store();
  } catch (error) {
    for (const key of Object.keys(entries)) {
      changing(named(area, key));
      copies.delete(named(area, key));
    }
    throw error;
  }
}

// Writes `value` under `key` in `area`; resolves once storage holds it. A value equal to the one last written is
// not written again (a snapshot of an unchanged page leaves the tab's refs as they were): the call then resolves
// with that write.
const lastWrite = new Map(); // "area:key" -> the promise of its latest write
export function write(area, key, value) {
  const name = named(area, key);
  if (copies.has(name) && JSON.stringify(copies.get(name)) === JSON.stringify(value)) {
    return lastWrite.get(name) ?? Promise.resolve();
  }
  const written = changeStored(area, { [key]: value }, () => chrome.storage[area].set({ [key]: value }));
  lastWrite.set(name, written);
  const forget = () => lastWrite.get(name) === written && lastWrite.delete(name);
  written.then(forget, forget);
  return written;
}

// Removes `keys` from `area`.
export function remove(area, keys) {
  return changeStored(area, Object.fromEntries(keys.map((key) => [key, undefined])), () => chrome.storage[area].remove(keys));
}

// Sets the copy of `key` in `area` to `value` at once, and writes it to storage later: once `quietMs` passed with
// no other value for the key, and at most `maxMs` after the first value not yet written. For the action log, which
// changes with every command: a storage write costs the browser process about a millisecond of work, and done as
// each command answered it slowed the answer on its way out and the next command on its way in by a few
// milliseconds (bench/actions.py). The popup, which redraws on storage changes, shows new entries once written.
// What the worker had not written when it is stopped is lost: at most `maxMs` of entries, and only if Chrome stops
// a worker whose native port is open, which it does not while the host runs.
const laterWrites = new Map(); // "area:key" -> {first: when its first unwritten value came, timer}
export function writeLater(area, key, value, { quietMs, maxMs }) {
  const name = named(area, key);
  changing(name);
  copies.set(name, structuredClone(value));
  const pending = laterWrites.get(name) ?? { first: Date.now(), timer: null };
  clearTimeout(pending.timer);
  pending.timer = setTimeout(
    () => {
      laterWrites.delete(name);
      chrome.storage[area].set({ [key]: copies.get(name) }).catch((error) => {
        console.warn(`${name} could not be written:`, error.message);
      });
    },
    Math.max(0, Math.min(quietMs, pending.first + maxMs - Date.now())),
  );
  laterWrites.set(name, pending);
}

// A read-modify-write of one key, in turn with every other update of that key: chrome.storage has no
// transaction, so two updates that overlap (ten dialogs reported at once, two answers clicked in quick
// succession) would each read the same old value and the last write would drop the others' changes. One
// promise chain per key orders them. Resolves with the value written (with `later`, the writeLater options: once
// the copy holds it).
const lastUpdate = new Map(); // "area:key" -> the promise of its latest queued update
export function update(area, key, fallback, change, later = null) {
  const name = named(area, key);
  const queued = (lastUpdate.get(name) ?? Promise.resolve())
    .catch(() => {}) // a failed update is its caller's to report; the next one runs all the same
    .then(async () => {
      const value = change(await read(area, key, fallback));
      if (later) writeLater(area, key, value, later);
      else await write(area, key, value);
      return value;
    });
  lastUpdate.set(name, queued);
  const forget = () => lastUpdate.get(name) === queued && lastUpdate.delete(name);
  queued.then(forget, forget);
  return queued;
}

// Everything the administrator's policy sets ({} for none); rejects when the managed area cannot be read.
export async function readManaged() {
  await keep(MANAGED_POLICY, () => chrome.storage.managed.get(null));
  return structuredClone(copies.get(MANAGED_POLICY));
}

// The policy changed (Chrome re-reads it from time to time): the next reader reads it again. Registered at the top
// level of the worker's modules, so that Chrome delivers the change to a worker it starts for it.
chrome.storage.onChanged.addListener((_changes, area) => {
  if (area !== "managed") return;
  changing(MANAGED_POLICY);
  copies.delete(MANAGED_POLICY);
});

// An upload's files (browser_file_upload) on their way from the host. A message to the extension may not pass
// native messaging's 1 MB, and an upload may be ten times that, so the host sends each file's bytes first, in
// file_chunk messages ({command_id, file, index, data: base64 that decodes on its own}), then the command, which
// lists the files ({name, size, type, sha256, chunks}). The chunks wait here, in memory, for their command: the
// open native port keeps this worker alive meanwhile, and a worker that died took the command with it.
// Nothing of a file reaches a page until all of its bytes are here and match its SHA-256.
import { CommandError } from "./errors.js";

// command id -> {at: when its first chunk came, size: base64 characters held, chunks: Map("file:index" -> data)}
const waiting = new Map();
// Chunks whose command has not come by then are dropped (the host sends the command right after them).
const CHUNK_WAIT_MS = 60_000;
// What the chunks may hold at once: the server's cap on one upload is 10 MB, 14 MB in base64, and one command
// at a time is usual.
const MAX_WAITING_CHARACTERS = 64 * 1024 * 1024;

// A file_chunk message from the host: kept for its command, or dropped (with a warning) when malformed.
export function receiveChunk(message) {
  const { command_id: commandId, file, index, data } = message;
  const usable =
    typeof commandId === "string" && Number.isInteger(file) && file >= 0 && Number.isInteger(index) && index >= 0 && typeof data === "string";
  if (!usable) {
    console.warn("a malformed file chunk was dropped");
    return;
  }
  dropStale(Date.now());
  const held = [...waiting.values()].reduce((sum, entry) => sum + entry.size, 0);
  if (held + data.length > MAX_WAITING_CHARACTERS) {
    console.warn("a file chunk over what the extension holds at once was dropped");
    return;
  }
  if (!waiting.has(commandId)) waiting.set(commandId, { at: Date.now(), size: 0, chunks: new Map() });
  const entry = waiting.get(commandId);
  entry.chunks.set(`${file}:${index}`, data);
  entry.size += data.length;
}

function dropStale(now) {
  for (const [commandId, entry] of waiting) if (now - entry.at > CHUNK_WAIT_MS) waiting.delete(commandId);
}

// The files command `commandId` lists (its `files`), each whole and checked against its size and SHA-256:
// [{name, type, size, base64}], as the engine's setFiles and dropFiles take them. Its chunks are dropped
// either way; a file that did not come whole fails with upload_incomplete and nothing is given to the page.
export async function takeFiles(commandId, listed) {
  const entry = waiting.get(commandId);
  waiting.delete(commandId);
  if (!Array.isArray(listed) || listed.length === 0) {
    throw new CommandError("invalid_arguments", "browser_file_upload came without its files; call it again.");
  }
  const files = [];
  for (const [number, file] of listed.entries()) {
    const pieces = [];
    for (let index = 0; index < file.chunks; index += 1) pieces.push(entry?.chunks.get(`${number}:${index}`));
    const base64 = pieces.includes(undefined) ? null : pieces.join("");
    const bytes = base64 === null ? null : decoded(base64);
    if (bytes === null || bytes.length !== file.size || (await sha256Hex(bytes)) !== file.sha256) {
      throw new CommandError(
        "upload_incomplete",
        `The bytes of ${JSON.stringify(String(file.name))} did not reach the browser whole; nothing was uploaded. Call browser_file_upload again.`,
      );
    }
    files.push({ name: file.name, type: file.type, size: file.size, base64 });
  }
  return files;
}

// The command went away (cancelled, or never coming): its chunks go too.
export function forgetFiles(commandId) {
  waiting.delete(commandId);
}

function decoded(base64) {
  try {
    return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
  } catch {
    return null; // not base64
  }
}

async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

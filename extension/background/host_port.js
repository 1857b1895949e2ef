// The native messaging port to the Hermes host (which holds the connection to the server): requests
// with a reply and a timeout from the contract, notices both ways, and reconnection when the host goes.
// An open port also keeps the service worker alive while the host runs.
import { CONTRACT, RECONNECT_DELAYS_MS } from "./constants.js";
import { CommandError } from "./errors.js";
import { profileId } from "./storage.js";

const { MESSAGES } = CONTRACT;
let port = null;
let handlers = null;
let nextRequestId = 1;
let reconnectAttempt = 0;
const waitingReplies = new Map(); // request id -> {resolve, reject, timer}

// Connects (once) and says hello. handlers: onStatus(status), onCommand(message), onFileChunk(message) (an
// upload's bytes, before its command), onCancel(commandId), onDisconnect(reason); each host notice goes to one.
export function connectHost(hostHandlers) {
  handlers = hostHandlers;
  if (port) return;
  port = chrome.runtime.connectNative(CONTRACT.HOST_NAME);
  port.onMessage.addListener(onHostMessage);
  port.onDisconnect.addListener(onDisconnect);
  hello().catch((error) => console.warn("hello failed:", error.message));
}

function onDisconnect() {
  const reason = chrome.runtime.lastError?.message || "the native host exited";
  port = null;
  for (const { reject, timer } of waitingReplies.values()) {
    clearTimeout(timer);
    reject(new CommandError("host_disconnected", reason));
  }
  waitingReplies.clear();
  handlers.onDisconnect(reason);
  const delay = RECONNECT_DELAYS_MS[Math.min(reconnectAttempt++, RECONNECT_DELAYS_MS.length - 1)];
  setTimeout(() => connectHost(handlers), delay);
}

async function hello() {
  const reply = await askHost(MESSAGES.HELLO, {
    version: CONTRACT.HOST_PROTOCOL_VERSION,
    browser_profile_id: await profileId(),
  });
  reconnectAttempt = 0;
  await handlers.onStatus(reply.status);
}

// Sends a request and resolves with the host's reply; a failed reply or no reply in time rejects.
export function askHost(type, fields = {}) {
  return new Promise((resolve, reject) => {
    if (!port) {
      reject(new CommandError("host_disconnected", "The Hermes native host is not connected."));
      return;
    }
    const id = `x${nextRequestId++}`;
    const timer = setTimeout(() => {
      waitingReplies.delete(id);
      reject(new CommandError("timeout", `The native host did not answer ${type} in time.`));
    }, CONTRACT.REQUEST_TIMEOUT_MS[type]);
    waitingReplies.set(id, { resolve, reject, timer });
    port.postMessage({ type, id, ...fields });
  }).then((reply) => {
    if (!reply.ok) throw new CommandError(reply.error?.code || "host_error", reply.error?.message || "failed");
    return reply;
  });
}

async function onHostMessage(message) {
  if (message.reply_to !== undefined && waitingReplies.has(message.reply_to)) {
    const { resolve, timer } = waitingReplies.get(message.reply_to);
    clearTimeout(timer);
    waitingReplies.delete(message.reply_to);
    resolve(message);
  } else if (message.type === MESSAGES.STATUS) {
    await handlers.onStatus(message.status);
  } else if (message.type === MESSAGES.COMMAND) {
    await handlers.onCommand(message);
  } else if (message.type === MESSAGES.FILE_CHUNK) {
    handlers.onFileChunk(message);
  } else if (message.type === MESSAGES.CANCEL) {
    handlers.onCancel(message.command_id);
  } else if (message.type === MESSAGES.ERROR) {
    console.warn("native host error:", message.error);
  }
}

// A command's outcome, {ok: true, result} or {ok: false, error: {code, message}}, back to the host.
export function sendResult(commandId, outcome) {
  if (port) port.postMessage({ type: MESSAGES.RESULT, command_id: commandId, ...outcome });
}

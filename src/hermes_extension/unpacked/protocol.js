// Host <-> extension protocol v1 (native messaging): the extension's copy of the constants in
// host/hermes_host/messages.py, plus the capability allowlist of the server <-> controller hop.
// Loaded by the service worker with importScripts(); defines one global, HERMES.
"use strict";

globalThis.HERMES = Object.freeze({
  HOST_NAME: "com.hermes.browser_control",
  HOST_PROTOCOL_VERSION: 1,

  // extension -> host requests (each gets one reply with reply_to = its id)
  HELLO: "hello",
  STATUS: "status",
  PAIR_START: "pair.start",
  PAIR_APPROVE: "pair.approve",
  PAIR_DENY: "pair.deny",
  SESSIONS: "sessions",
  DETACH: "detach",
  // extension -> host notice
  RESULT: "result",
  // host -> extension notices
  COMMAND: "command",
  CANCEL: "cancel",
  ERROR: "error",

  // How long the extension waits for the host to answer each request.
  REQUEST_TIMEOUT_MS: {
    hello: 5000, status: 5000, "pair.start": 15000, "pair.approve": 15000, "pair.deny": 15000,
    sessions: 5000, detach: 10000,
  },

  // The only capabilities this controller ever runs (the server enforces the same list).
  CAPABILITY_ALLOWLIST: Object.freeze([
    "controller.noop", "browser_back", "browser_click", "browser_navigate", "browser_press",
    "browser_screenshot", "browser_scroll", "browser_snapshot", "browser_tab_activate", "browser_tabs",
    "browser_type",
  ]),

  DIALOG_POLICIES: Object.freeze(["auto_dismiss", "auto_accept"]),
  DEFAULT_DIALOG_POLICY: "auto_dismiss",
  RECENT_DIALOGS: 20,
  ACTION_LOG_SIZE: 50,
});

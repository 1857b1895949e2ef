"""The dialog bridge: native dialogs turned into requests the supervisor intercepts and answers.

Some providers' CDP proxies (Browserbase's) close a native ``alert`` / ``confirm`` /
``prompt`` within milliseconds, before ``Page.handleJavaScriptDialog`` can answer it.  The
bridge avoids the native dialog altogether:

1. ``SCRIPT`` runs in the page's main world of every frame before the page's own scripts
   (``Page.addScriptToEvaluateOnNewDocument``) and replaces the three functions with a
   *synchronous* XHR to ``BRIDGE_HOST``.  A synchronous XHR blocks the page's JavaScript just
   as a native dialog does, so from the page's point of view nothing changes.
2. ``Fetch.enable`` with ``FETCH_PATTERNS`` pauses that request before it reaches the
   network (the ``.invalid`` name can never resolve); the pause is the dialog opening.
3. The agent's answer goes back as ``Fetch.fulfillRequest`` (``fulfill_params``), which the
   script decodes into the value the page's call returns.

The XHR uses the page's own scheme, so an https page makes no mixed-content request (which
Chrome would block before interception).  If the XHR cannot be made at all (a strict
Content-Security-Policy, say), the script falls back to the native dialog, which the
supervisor still sees through ``Page.javascriptDialogOpening``.  ``beforeunload`` cannot be
bridged (no script can delay an unload synchronously) and always stays native.
"""

from __future__ import annotations

import base64
import json
from typing import Any
from urllib.parse import parse_qs, urlsplit

BRIDGE_HOST = "hermes-dialog-bridge.invalid"
BRIDGE_PATH = "/dialog"
#: Two exact patterns, not ``*://``: a wildcard scheme would also match other URLs that merely contain the host.
FETCH_PATTERNS = [
    {"urlPattern": f"http://{BRIDGE_HOST}/*", "requestStage": "Request"},
    {"urlPattern": f"https://{BRIDGE_HOST}/*", "requestStage": "Request"},
]
BRIDGED_TYPES = ("alert", "confirm", "prompt")

SCRIPT = r"""
(() => {
  if (Object.prototype.hasOwnProperty.call(window, "__hermesDialogBridge")) return;
  Object.defineProperty(window, "__hermesDialogBridge", { value: true });
  const HOST = "__HOST__", PATH = "__PATH__";
  function ask(type, message, defaultPrompt) {
    const scheme = location.protocol === "https:" ? "https:" : "http:";
    const query = new URLSearchParams({ type, message, default_prompt: defaultPrompt });
    const xhr = new XMLHttpRequest();
    xhr.open("GET", scheme + "//" + HOST + PATH + "?" + query.toString(), false);
    xhr.send(null);
    if (xhr.status !== 200) throw new Error("dialog bridge unavailable");
    return JSON.parse(xhr.responseText);
  }
  const text = (value) => (value === undefined ? "" : String(value));
  function bridged(type, native) {
    return function (message, defaultPrompt) {
      let answer;
      try {
        answer = ask(type, text(message), text(defaultPrompt));
      } catch (error) {
        return native.apply(this, arguments);
      }
      if (type === "alert") return undefined;
      if (type === "confirm") return Boolean(answer.accept);
      return answer.accept ? text(answer.prompt_text) : null;
    };
  }
  window.alert = bridged("alert", window.alert);
  window.confirm = bridged("confirm", window.confirm);
  window.prompt = bridged("prompt", window.prompt);
})();
""".replace("__HOST__", BRIDGE_HOST).replace("__PATH__", BRIDGE_PATH)


def parse_request(url: str) -> tuple[str, str, str] | None:
    """``(type, message, default_prompt)`` if ``url`` is exactly a bridge request, else None."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or parts.netloc != BRIDGE_HOST or parts.path != BRIDGE_PATH:
        return None
    query = parse_qs(parts.query, keep_blank_values=True)
    kind = query.get("type", [""])[0]
    if kind not in BRIDGED_TYPES:
        return None
    return kind, query.get("message", [""])[0], query.get("default_prompt", [""])[0]


def fulfill_params(request_id: str, *, accept: bool, prompt_text: str) -> dict[str, Any]:
    """The ``Fetch.fulfillRequest`` parameters that answer one bridged dialog."""
    body = json.dumps({"accept": accept, "prompt_text": prompt_text}).encode()
    return {
        "requestId": request_id,
        "responseCode": 200,
        "responseHeaders": [
            {"name": "Content-Type", "value": "application/json"},
            # The page's origin differs from the bridge host; without this the script cannot read the answer.
            {"name": "Access-Control-Allow-Origin", "value": "*"},
            {"name": "Cache-Control", "value": "no-store"},
        ],
        "body": base64.b64encode(body).decode(),
    }

// Runs in the page's own world at document_start (every frame; the extension's manifest lists it, and the cdp
// lane registers the same file with Page.addScriptToEvaluateOnNewDocument): it announces each request the page
// starts with fetch, XMLHttpRequest or a WebSocket's send, and its end, so that an action whose handler fetches
// data and renders it a moment later is not over before the data shows (issue 11: the quiet period after an
// action counts requests in flight; engine/dom.js, watch() and settle()).
//
// The engine lives in an isolated world and cannot see this closure; DOM events cross worlds. Each request gets
// a number; "hermes:request-start" and then "hermes:request-end" are dispatched on the document with that number
// as detail. The engine counts only the requests whose start it saw during an action's watch, so one already in
// flight before the action (a long-poll, an analytics call) never holds it. A fetch ends once the body the page
// reads has arrived (json(), text(), ... settled), or, if the page reads none by the end of the task that got
// the response, then; an XMLHttpRequest ends at its loadend, after the page's own load handlers ran.
//
// The page shares this world, so it can fake these events or suppress them (replace fetch, stop propagation):
// that only makes an action wait until the engine's bound (about 500 ms) or not wait for a request. The engine
// reads nothing from the events but their numbers; nothing here ever becomes snapshot text.
"use strict";

(() => {
  if (window.__hermesRequests) return;
  Object.defineProperty(window, "__hermesRequests", { value: true });

  const START = "hermes:request-start";
  const END = "hermes:request-end";
  const { apply } = Reflect;
  const dispatch = EventTarget.prototype.dispatchEvent;
  const addListener = EventTarget.prototype.addEventListener;
  const then = Promise.prototype.then;
  const Custom = CustomEvent;
  const delay = setTimeout;
  let last = 0;

  // (a page listener that throws is reported by the browser: dispatchEvent itself does not throw)
  const announce = (type, id) => apply(dispatch, document, [new Custom(type, { detail: id })]);
  // Announces a request's start and returns the function that announces its end (once).
  const started = () => {
    const id = ++last;
    let over = false;
    announce(START, id);
    return () => {
      if (over) return;
      over = true;
      announce(END, id);
    };
  };

  // apply(fn, self, args) for a request that `end` announces the end of: a call that throws never gets an
  // answer (a fetch refused at once, an XMLHttpRequest not opened or sent twice), so its end is announced then.
  const callEnding = (fn, self, args, end) => {
    try {
      return apply(fn, self, args);
    } catch (error) {
      end();
      throw error;
    }
  };

  // Responses whose end waits for the page to read them: response -> end().
  const unread = new WeakMap();
  const pageFetch = window.fetch;
  if (typeof pageFetch === "function") {
    window.fetch = function fetch(resource) {
      const end = started();
      const promise = callEnding(pageFetch, this, arguments, end);
      apply(then, promise, [
        (response) => {
          unread.set(response, end);
          // The page's own callbacks on this promise run right after this one, before the next task; one that
          // starts reading the body takes the end over. If none did by the next task, the request is over then.
          delay(() => {
            if (unread.get(response) !== end) return;
            unread.delete(response);
            end();
          });
        },
        end,
      ]);
      return promise;
    };
    for (const method of ["json", "text", "arrayBuffer", "blob", "formData", "bytes"]) {
      const read = Response.prototype[method];
      if (typeof read !== "function") continue;
      Response.prototype[method] = {
        [method]() {
          const end = unread.get(this);
          if (!end) return apply(read, this, arguments);
          unread.delete(this);
          const reading = callEnding(read, this, arguments, end);
          apply(then, reading, [end, end]);
          return reading;
        },
      }[method];
    }
  }

  const pageSend = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function send() {
    const end = started();
    apply(addListener, this, ["loadend", end, { once: true }]);
    return callEnding(pageSend, this, arguments, end);
  };

  // A message sent on a WebSocket is a request too, over at the socket's next message (the server's answer, which
  // the page renders: Taipy's and Solara's widgets take their new value back from it) or its close, in the task
  // after the page's own handlers of it ran. A message that gets no answer holds an action until the engine's bound.
  // A Jupyter kernel (Solara's, Voila's) first says it is busy with the message, then sends what it did, then that
  // it is idle: its busy notice is no answer.
  if (typeof WebSocket === "function") {
    const indexOf = String.prototype.indexOf;
    const busyNotice = (data) =>
      typeof data === "string" &&
      data.length < 4096 &&
      (apply(indexOf, data, ['"execution_state": "busy"']) >= 0 || apply(indexOf, data, ['"execution_state":"busy"']) >= 0);
    const waiting = new WeakMap(); // socket -> the ends of its messages sent and not yet answered
    const answered = (socket) => (event) => {
      if (event.type === "message" && busyNotice(event.data)) return;
      const ends = waiting.get(socket);
      if (!ends.length) return;
      waiting.set(socket, []);
      delay(() => {
        for (let i = 0; i < ends.length; i++) ends[i]();
      });
    };
    const socketSend = WebSocket.prototype.send;
    WebSocket.prototype.send = function send() {
      const end = started();
      if (!waiting.has(this)) {
        waiting.set(this, []);
        const over = answered(this);
        apply(addListener, this, ["message", over]);
        apply(addListener, this, ["close", over]);
      }
      waiting.get(this).push(end);
      return callEnding(socketSend, this, arguments, end);
    };
  }
})();

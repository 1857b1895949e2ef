// Runs in the page's own world at document_start (every frame; the extension's manifest lists it, and the cdp
// lane registers the same file with Page.addScriptToEvaluateOnNewDocument), for the files an agent gives a page
// (issue 24). It gives a dropped file without a FileSystem entry one (below), and it announces each file chooser
// the page opens with a file input's click() or showPicker(), because an uploader often opens the chooser of an
// input it never puts in its document (JupyterLab's Upload button does), and the click event of such an input
// reaches no listener of the document. browser_file_upload without ref answers that chooser (issue 24).
//
// The engine lives in an isolated world and cannot see this closure; DOM events cross worlds, and so does a node
// an event carries. "hermes:file-chooser" is dispatched on the document with the input as its relatedTarget; the
// engine's watch of an action takes it (engine/dom.js). A click() whose click event the page cancelled opens no
// chooser and is not announced. The page shares this world, so it can announce an input of its own itself (the
// agent's files would go there: the page gets them either way) or hide its choosers (then there is none to
// answer). Nothing here ever becomes snapshot text.
"use strict";

(() => {
  if (window.__hermesFileChoosers) return;
  Object.defineProperty(window, "__hermesFileChoosers", { value: true });

  const ANNOUNCE = "hermes:file-chooser";
  const { apply } = Reflect;
  const dispatch = EventTarget.prototype.dispatchEvent;
  const addListener = EventTarget.prototype.addEventListener;
  const removeListener = EventTarget.prototype.removeEventListener;
  const Mouse = MouseEvent;
  const Input = HTMLInputElement;
  const typeOf = Object.getOwnPropertyDescriptor(Input.prototype, "type").get;
  const defaultPrevented = Object.getOwnPropertyDescriptor(Event.prototype, "defaultPrevented").get;
  const isFileInput = (element) => element instanceof Input && apply(typeOf, element, []) === "file";
  const announce = (input) => apply(dispatch, document, [new Mouse(ANNOUNCE, { relatedTarget: input })]);

  // Replaces the method `name` of `proto` (click is HTMLElement's, showPicker HTMLInputElement's), keeping its
  // name, length and attributes.
  const wrap = (proto, name, wrapper) => {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (!descriptor || typeof descriptor.value !== "function") return;
    const original = descriptor.value;
    const replacement = {
      [name](...args) {
        return wrapper.call(this, original, args);
      },
    }[name];
    Object.defineProperty(proto, name, { ...descriptor, value: replacement });
  };

  wrap(HTMLElement.prototype, "click", function (original, args) {
    if (!isFileInput(this)) return apply(original, this, args);
    let clicked = null;
    const note = (event) => {
      clicked = event;
    };
    apply(addListener, this, ["click", note, true]);
    try {
      return apply(original, this, args);
    } finally {
      apply(removeListener, this, ["click", note, true]);
      if (clicked && !apply(defaultPrevented, clicked, [])) announce(this);
    }
  });

  wrap(Input.prototype, "showPicker", function (original, args) {
    if (isFileInput(this)) announce(this);
    return apply(original, this, args);
  });

  // A drop the engine builds (browser_file_upload on a drop zone) carries Files in a DataTransfer made by script,
  // whose items have no FileSystem entry: webkitGetAsEntry() gives null, as only a drop from the desktop has one.
  // An uploader that reads a drop through entries (JupyterLab's file listing, drop zones that take folders) would
  // get nothing; for such an item, the entry is made from its File, as the desktop's would be for a file.
  const getAsFile = DataTransferItem.prototype.getAsFile;
  const later = setTimeout;
  const fileEntry = (file) => ({
    isFile: true,
    isDirectory: false,
    name: file.name,
    fullPath: "/" + file.name,
    filesystem: null,
    file(success) {
      later(() => success(file)); // a callback of its own task, as the browser's
    },
  });
  wrap(DataTransferItem.prototype, "webkitGetAsEntry", function (original, args) {
    const entry = apply(original, this, args);
    if (entry !== null) return entry;
    const file = apply(getAsFile, this, []);
    return file === null ? null : fileEntry(file);
  });
})();

// The widget corpus's Lexical page (tests/widgets/corpus/lexical.html): Lexical's rich-text editor in React as its
// own playground composes it (RichTextPlugin, HistoryPlugin), with a toolbar button that dispatches its Bold
// command, as the playground's toolbar does. The model is the editor's own state, read on every update: its text
// ($getRoot().getTextContent()), its selection's offsets, the text each bold run holds, and whether the selection's
// format is bold (what the Bold button toggles).
import React from "react";
import { LexicalComposer } from "@lexical/react/LexicalComposer";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { ContentEditable } from "@lexical/react/LexicalContentEditable";
import { LexicalErrorBoundary } from "@lexical/react/LexicalErrorBoundary";
import { HistoryPlugin } from "@lexical/react/LexicalHistoryPlugin";
import { OnChangePlugin } from "@lexical/react/LexicalOnChangePlugin";
import { RichTextPlugin } from "@lexical/react/LexicalRichTextPlugin";
import { $getRoot, $getSelection, $isRangeSelection, $isTextNode, FORMAT_TEXT_COMMAND } from "lexical";
import { h, startCorpus } from "./shared/react-corpus.js";

const STYLE = `
body { font: 15px sans-serif; margin: 12px; max-width: 560px; }
.toolbar { display: flex; gap: 4px; margin-bottom: 4px; }
.toolbar button { font: inherit; border: 1px solid #bbb; border-radius: 4px; background: white; padding: 2px 10px; }
.story { border: 1px solid #999; min-height: 5em; padding: 4px 8px; outline: none; }
.story p { margin: 0 0 4px; }
.bold { font-weight: bold; }
`;
document.head.appendChild(Object.assign(document.createElement("style"), { textContent: STYLE }));

/** The editor's model as plain JSON (read inside the state, as Lexical requires). */
function modelOf(editorState) {
  return editorState.read(() => {
    const selection = $getSelection();
    const range = $isRangeSelection(selection) ? selection : null;
    const bold = $getRoot()
      .getAllTextNodes()
      .filter((node) => $isTextNode(node) && node.hasFormat("bold"))
      .map((node) => node.getTextContent());
    return {
      story: {
        text: $getRoot().getTextContent(),
        selection: range && { anchor: range.anchor.offset, focus: range.focus.offset, collapsed: range.isCollapsed() },
        bold,
      },
      bold: range !== null && range.hasFormat("bold"),
    };
  });
}

function Toolbar() {
  const [editor] = useLexicalComposerContext();
  return h(
    "div",
    { className: "toolbar", role: "toolbar", "aria-label": "Formatting" },
    h("button", { type: "button", onClick: () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, "bold") }, "Bold"),
  );
}

function Page() {
  const initialConfig = {
    namespace: "corpus",
    theme: { text: { bold: "bold" } },
    onError: (error) => window.__errors.push(String(error && error.message)),
  };
  const report = (editorState) => Object.assign(window.__state, modelOf(editorState));
  return h(
    "div",
    null,
    h("h1", { style: { fontSize: "18px" } }, "Lexical"),
    h(
      LexicalComposer,
      { initialConfig },
      h(Toolbar),
      h(RichTextPlugin, {
        contentEditable: h(ContentEditable, { className: "story", "aria-label": "Story" }),
        ErrorBoundary: LexicalErrorBoundary,
      }),
      h(HistoryPlugin),
      h(OnChangePlugin, { onChange: report }),
      h(InitialModel, { report }),
    ),
  );
}

/** The model before the first change (OnChangePlugin reports changes only). */
function InitialModel({ report }) {
  const [editor] = useLexicalComposerContext();
  React.useLayoutEffect(() => report(editor.getEditorState()), [editor]);
  return null;
}

startCorpus(
  {
    library: "Lexical",
    package: "lexical",
    controls: [
      { key: "story", kind: "richtext", role: "textbox", name: "Story", text: "Hello brave wonder" },
      { key: "bold", kind: "button", role: "button", name: "Bold" },
    ],
  },
  Page,
);

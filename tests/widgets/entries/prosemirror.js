// ProseMirror as one script: window.PM = {EditorState, EditorView, DOMParser, schema, keymap, baseKeymap, history,
// undo, redo}.
import { baseKeymap } from "prosemirror-commands";
import { history, redo, undo } from "prosemirror-history";
import { keymap } from "prosemirror-keymap";
import { DOMParser } from "prosemirror-model";
import { schema } from "prosemirror-schema-basic";
import { EditorState } from "prosemirror-state";
import { EditorView } from "prosemirror-view";

window.PM = { EditorState, EditorView, DOMParser, schema, keymap, baseKeymap, history, undo, redo };

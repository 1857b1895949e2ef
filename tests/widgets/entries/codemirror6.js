// CodeMirror 6 as one script: window.CM6 = {EditorView, EditorState, basicSetup, sql}.
import { EditorState } from "@codemirror/state";
import { EditorView, basicSetup } from "codemirror";
import { sql } from "@codemirror/lang-sql";

window.CM6 = { EditorView, EditorState, basicSetup, sql };

// Draft.js with React 18 as one script: window.DraftKit = {React, createRoot, Editor, EditorState, ContentState,
// RichUtils, convertToRaw} (RichUtils for an inline toolbar's styles, convertToRaw to report them).
// React 18, not 19: Draft.js calls ReactDOM.findDOMNode, which React 19 removed.
import React from "react";
import { createRoot } from "react-dom/client";
import { ContentState, Editor, EditorState, RichUtils, convertToRaw } from "draft-js";

window.DraftKit = { React, createRoot, Editor, EditorState, ContentState, RichUtils, convertToRaw };

// Slate in React as one script: window.SlateKit = {React, createRoot, createEditor, Node, Slate, Editable, withReact,
// withHistory}.
import React from "react";
import { createRoot } from "react-dom/client";
import { Node, createEditor } from "slate";
import { withHistory } from "slate-history";
import { Editable, Slate, withReact } from "slate-react";

window.SlateKit = { React, createRoot, createEditor, Node, Slate, Editable, withReact, withHistory };

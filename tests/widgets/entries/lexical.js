// Lexical in React, composed as its own playground composes it, as one script: window.LexicalKit = {React,
// createRoot, LexicalComposer, useLexicalComposerContext, RichTextPlugin, ContentEditable, HistoryPlugin,
// LexicalErrorBoundary, $getRoot, $createParagraphNode, $createTextNode}.
import React from "react";
import { createRoot } from "react-dom/client";
import { LexicalComposer } from "@lexical/react/LexicalComposer";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { ContentEditable } from "@lexical/react/LexicalContentEditable";
import { LexicalErrorBoundary } from "@lexical/react/LexicalErrorBoundary";
import { HistoryPlugin } from "@lexical/react/LexicalHistoryPlugin";
import { RichTextPlugin } from "@lexical/react/LexicalRichTextPlugin";
import { $createParagraphNode, $createTextNode, $getRoot } from "lexical";

window.LexicalKit = {
  React,
  createRoot,
  LexicalComposer,
  useLexicalComposerContext,
  RichTextPlugin,
  ContentEditable,
  HistoryPlugin,
  LexicalErrorBoundary,
  $getRoot,
  $createParagraphNode,
  $createTextNode,
};

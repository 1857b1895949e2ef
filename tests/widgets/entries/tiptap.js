// TipTap (on ProseMirror) as one script: window.TipTap = {Editor, StarterKit, Placeholder}.
import { Editor } from "@tiptap/core";
import { Placeholder } from "@tiptap/extensions";
import StarterKit from "@tiptap/starter-kit";

window.TipTap = { Editor, StarterKit, Placeholder };

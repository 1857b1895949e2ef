"""Pages with the real rich-text and code editors users meet, for the typing scenarios of issue 21
(tests/lanes/test_actions_typing_editors.py).

Each page holds one editor, built from npm (``tests/widgets/build``; served under ``/widgets/``), and
reports on itself through the snapshot, so a test reads the same on either lane:

* the title is ``JSON.stringify`` of the text the editor's own model holds, its blocks (paragraphs, lines)
  joined by "\\n", read through the editor's API after every change (never from its markup: what a
  broken editor draws may differ from what it keeps);
* a paragraph says ``Ready`` once the editor is up (some load their modules, or render, after the page's
  load event);
* a paragraph says ``Crashed: <message>`` when the editor threw (an uncaught error or rejection, or the
  error the editor reports to its host page): a crashed editor may still hold text, or be reset to what it
  started with.

The query parameter ``text`` is what the editor holds when it starts (lines become paragraphs), so a test
can replace text the editor itself created.
"""

from __future__ import annotations

from tests.lanes.action_pages import reporting_page
from tests.support.pages import Page

#: What every editor page runs first: the initial text, and how the page reports on its editor.
REPORTING = """
const initial = new URLSearchParams(location.search).get('text') || '';
const initialLines = initial.split('\\n');
// (and whole in window.__model, for the harness: a title's whitespace runs read back as one space)
function echo(text) { document.title = JSON.stringify(text); window.__model = text; }
function ready() { document.getElementById('state').textContent = 'Ready'; }
function crashed(message) { document.getElementById('crash').textContent = 'Crashed: ' + message; }
// (the browser reports a ResizeObserver callback that resized what it observes as an error too: no crash)
window.addEventListener('error', (event) => /ResizeObserver loop/.test(event.message) || crashed(event.message));
window.addEventListener('unhandledrejection', (event) => crashed(String(event.reason)));
// The initial lines as HTML paragraphs, for editors that start from HTML.
function paragraphsHtml() {
  return initialLines.map((line) => {
    const paragraph = document.createElement('p');
    paragraph.textContent = line;
    return paragraph.outerHTML;
  }).join('');
}
"""

#: Where an editor's placeholder text says what to write: placeholders must never read back as text.
PLACEHOLDER = "Write the story"


def editor_page(title: str, head: str, body: str, script: str) -> str:
    """An editor's page (``reporting_page``): ``script`` creates the editor and echoes its model text on every
    change."""
    return reporting_page('""', REPORTING, title, head, body, script)


CODEMIRROR5 = editor_page(
    "CodeMirror 5",
    """<link rel="stylesheet" href="/widgets/node_modules/codemirror5/lib/codemirror.css">
<script src="/widgets/node_modules/codemirror5/lib/codemirror.js"></script>""",
    '<label for="query">Query</label><textarea id="query"></textarea>',
    """const query = document.getElementById('query');
query.value = initial;
const cm = CodeMirror.fromTextArea(query, { lineNumbers: true });
cm.on('change', () => echo(cm.getValue()));
echo(cm.getValue());
ready();""",
)

CODEMIRROR6 = editor_page(
    "CodeMirror 6",
    '<script src="/widgets/dist/codemirror6.js"></script>',
    '<div id="editor"></div>',
    """const view = new CM6.EditorView({
  parent: document.getElementById('editor'),
  doc: initial,
  extensions: [CM6.basicSetup, CM6.EditorView.updateListener.of((update) => {
    if (update.docChanged) echo(update.state.doc.toString());
  })],
});
echo(view.state.doc.toString());
ready();""",
)

MONACO = editor_page(
    "Monaco",
    '<script src="/widgets/node_modules/monaco-editor/min/vs/loader.js"></script>',
    '<div id="editor" style="width: 600px; height: 200px"></div>',
    """// (an absolute URL: a language's worker loads its module from it)
require.config({ paths: { vs: location.origin + '/widgets/node_modules/monaco-editor/min/vs' } });
require(['vs/editor/editor.main'], () => {
  const editor = monaco.editor.create(document.getElementById('editor'), { value: initial, language: 'plaintext' });
  editor.onDidChangeModelContent(() => echo(editor.getValue()));
  echo(editor.getValue());
  ready();
});""",
)

#: Monaco as it is now (0.58, npm's monaco-editor under another name beside 0.52's): on Chromium it takes its input
#: through the EditContext API (its editContext option is on by default), not a hidden textarea (Airflow 3's
#: configuration editor).
MONACO_EDIT_CONTEXT = MONACO.replace(
    "/widgets/node_modules/monaco-editor/", "/widgets/node_modules/monaco-editor-edit-context/"
)

#: Monaco 0.58 editing JSON, as Airflow 3's trigger form does: it closes brackets and quotes as they are typed and
#: indents a new line inside brackets.
MONACO_JSON = MONACO_EDIT_CONTEXT.replace("language: 'plaintext'", "language: 'json'")

#: Monaco 0.52 (a hidden textarea takes its keys) editing JSON.
MONACO_JSON_TEXTAREA = MONACO.replace("language: 'plaintext'", "language: 'json'")

PROSEMIRROR = editor_page(
    "ProseMirror",
    '<script src="/widgets/dist/prosemirror.js"></script>',
    '<div id="editor"></div>',
    """const { schema } = PM;
const doc = schema.node('doc', null,
  initialLines.map((line) => schema.node('paragraph', null, line ? [schema.text(line)] : [])));
// The document's text, a line per textblock.
const text = (node) => node.textBetween(0, node.content.size, '\\n');
const view = new PM.EditorView(document.getElementById('editor'), {
  state: PM.EditorState.create({ doc, plugins: [PM.history(), PM.keymap(PM.baseKeymap)] }),
  dispatchTransaction(transaction) {
    view.updateState(view.state.apply(transaction));
    if (transaction.docChanged) echo(text(view.state.doc));
  },
});
echo(text(view.state.doc));
ready();""",
)

TIPTAP = editor_page(
    "TipTap",
    '<script src="/widgets/dist/tiptap.js"></script>',
    '<div id="editor"></div>',
    f"""const editor = new TipTap.Editor({{
  element: document.getElementById('editor'),
  extensions: [TipTap.StarterKit, TipTap.Placeholder.configure({{ placeholder: '{PLACEHOLDER}' }})],
  content: paragraphsHtml(),
  editorProps: {{ attributes: {{ 'aria-label': 'Story' }} }},
  onUpdate: ({{ editor }}) => echo(editor.getText({{ blockSeparator: '\\n' }})),
}});
echo(editor.getText({{ blockSeparator: '\\n' }}));
ready();""",
)

#: Draft.js in React 18 (the CMS of issue 21 ran it so). Its model: the ContentState's blocks.
DRAFTJS = editor_page(
    "Draft.js",
    """<link rel="stylesheet" href="/widgets/node_modules/draft-js/dist/Draft.css">
<script src="/widgets/dist/draftjs.js"></script>""",
    '<div id="editor" style="border: 1px solid; min-height: 3em"></div>',
    f"""const {{ React, createRoot, Editor, EditorState, ContentState }} = DraftKit;
const plain = (state) => state.getCurrentContent().getPlainText('\\n');
function Story() {{
  const [state, setState] = React.useState(() =>
    initial ? EditorState.createWithContent(ContentState.createFromText(initial)) : EditorState.createEmpty());
  React.useEffect(() => {{ echo(plain(state)); }}, [state]);
  React.useEffect(ready, []);
  return React.createElement(Editor, {{
    editorState: state, onChange: setState, placeholder: '{PLACEHOLDER}', ariaLabel: 'Story',
  }});
}}
createRoot(document.getElementById('editor')).render(React.createElement(Story));""",
)

#: Lexical in React, with its rich-text plugin; its model: the root's paragraphs.
LEXICAL = editor_page(
    "Lexical",
    '<script src="/widgets/dist/lexical.js"></script>',
    '<div id="editor" style="border: 1px solid; min-height: 3em; position: relative"></div>',
    f"""const K = LexicalKit, h = K.React.createElement;
const paragraphs = (state) => state.read(() =>
  K.$getRoot().getChildren().map((block) => block.getTextContent()).join('\\n'));
// Echoes the model as it starts and after every update.
function Echo() {{
  const [editor] = K.useLexicalComposerContext();
  K.React.useEffect(() => {{
    echo(paragraphs(editor.getEditorState()));
    ready();
    return editor.registerUpdateListener(({{ editorState }}) => echo(paragraphs(editorState)));
  }}, [editor]);
  return null;
}}
const config = {{
  namespace: 'story',
  onError: (error) => crashed(error.message),
  editorState: () => {{
    for (const line of initialLines) {{
      const paragraph = K.$createParagraphNode();
      if (line) paragraph.append(K.$createTextNode(line));
      K.$getRoot().append(paragraph);
    }}
  }},
}};
K.createRoot(document.getElementById('editor')).render(h(K.LexicalComposer, {{ initialConfig: config }},
  h(K.RichTextPlugin, {{
    contentEditable: h(K.ContentEditable, {{ 'aria-label': 'Story', style: {{ minHeight: '3em' }} }}),
    placeholder: h('div', {{ style: {{ position: 'absolute', top: 0, pointerEvents: 'none' }} }}, '{PLACEHOLDER}'),
    ErrorBoundary: K.LexicalErrorBoundary,
  }}),
  h(K.HistoryPlugin),
  h(Echo)));""",
)

#: Slate in React (slate-react's Editable); its model: the editor's children, a string per block.
SLATE = editor_page(
    "Slate",
    '<script src="/widgets/dist/slate.js"></script>',
    '<div id="editor" style="border: 1px solid; min-height: 3em"></div>',
    f"""const S = SlateKit, h = S.React.createElement;
const blocks = (children) => children.map((block) => S.Node.string(block)).join('\\n');
function Story() {{
  const [editor] = S.React.useState(() => S.withHistory(S.withReact(S.createEditor())));
  const value = initialLines.map((line) => ({{ type: 'paragraph', children: [{{ text: line }}] }}));
  S.React.useEffect(() => {{ echo(blocks(editor.children)); ready(); }}, []);
  return h(S.Slate, {{ editor, initialValue: value, onValueChange: (children) => echo(blocks(children)) }},
    h(S.Editable, {{ 'aria-label': 'Story', placeholder: '{PLACEHOLDER}' }}));
}}
S.createRoot(document.getElementById('editor')).render(h(Story));""",
)

#: Quill 2 (its own build, with the Snow theme's toolbar); its model: getText(), which always ends in "\\n".
QUILL = editor_page(
    "Quill",
    """<link rel="stylesheet" href="/widgets/node_modules/quill/dist/quill.snow.css">
<script src="/widgets/node_modules/quill/dist/quill.js"></script>""",
    '<div id="editor"></div>',
    f"""const quill = new Quill('#editor', {{ theme: 'snow', placeholder: '{PLACEHOLDER}' }});
quill.root.setAttribute('aria-label', 'Story');
const text = () => quill.getText().replace(/\\n$/, '');
quill.on('text-change', () => echo(text()));
quill.setText(initial);
echo(text());
ready();""",
)

#: CKEditor 5 (its browser build, classic editor, GPL licence key); its model: the root's blocks' text nodes.
CKEDITOR5 = editor_page(
    "CKEditor 5",
    """<link rel="stylesheet" href="/widgets/node_modules/ckeditor5/dist/browser/ckeditor5.css">
<script src="/widgets/node_modules/ckeditor5/dist/browser/ckeditor5.umd.js"></script>""",
    '<div id="editor"></div>',
    f"""const {{ ClassicEditor, Essentials, Paragraph, Bold, Italic }} = CKEDITOR;
const blockText = (block) =>
  Array.from(block.getChildren()).map((child) => child.is('$text') ? child.data : '').join('');
ClassicEditor.create(document.getElementById('editor'), {{
  licenseKey: 'GPL',
  plugins: [Essentials, Paragraph, Bold, Italic],
  toolbar: ['bold', 'italic', 'undo', 'redo'],
  placeholder: '{PLACEHOLDER}',
  label: 'Story',
  initialData: paragraphsHtml(),
}}).then((editor) => {{
  const text = () => Array.from(editor.model.document.getRoot().getChildren()).map(blockText).join('\\n');
  editor.model.document.on('change:data', () => echo(text()));
  echo(text());
  ready();
}}, (error) => crashed(error.message));""",
)

#: TinyMCE in its default mode: the editable body is in a same-origin iframe, which the product types into as
#: into any same-origin frame. Its model: getContent()'s text format, which separates paragraphs by a blank line.
TINYMCE = editor_page(
    "TinyMCE",
    '<script src="/widgets/node_modules/tinymce/tinymce.min.js"></script>',
    '<textarea id="editor"></textarea>',
    f"""document.getElementById('editor').value = paragraphsHtml();
tinymce.init({{
  selector: '#editor',
  license_key: 'gpl',
  menubar: false,
  toolbar: 'bold italic | undo redo',
  placeholder: '{PLACEHOLDER}',
  iframe_aria_text: 'Story',
  setup: (editor) => {{
    const text = () => editor.getContent({{ format: 'text' }}).split('\\n\\n').join('\\n');
    // typing changes the body (input), Enter a block of its own (NewBlock)
    editor.on('input NewBlock change undo redo SetContent', () => echo(text()));
    editor.on('init', () => {{ echo(text()); ready(); }});
  }},
}});""",
)

EDITOR_PAGES: dict[str, Page] = {
    "/codemirror5": CODEMIRROR5,
    "/codemirror6": CODEMIRROR6,
    "/monaco": MONACO,
    "/monaco-edit-context": MONACO_EDIT_CONTEXT,
    "/monaco-json": MONACO_JSON,
    "/monaco-json-textarea": MONACO_JSON_TEXTAREA,
    "/prosemirror": PROSEMIRROR,
    "/tiptap": TIPTAP,
    "/draftjs": DRAFTJS,
    "/lexical": LEXICAL,
    "/slate": SLATE,
    "/quill": QUILL,
    "/ckeditor5": CKEDITOR5,
    "/tinymce": TINYMCE,
}

"""Pages for the action scenarios of issue 11 (tests/lanes/test_actions_*.py), and a page server that is slow
where a scenario needs a slow server.

Each page reproduces one way an action used to mislead an agent: a link to a page the server is slow to
send, a page that keeps changing after a click, a button below the fold of a scrolling box, an overlay
drawn over a button, a menu that opens on hover, buttons that count which mouse events they got.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator, Mapping
from pathlib import Path

from aiohttp import web

from tests.support.background_loop import background_loop
from tests.support.pages import START_TIMEOUT_S, Page, PageServer

#: How long the slow server takes to answer a slow page: long enough that an action which does not wait for
#: it returns well before it arrives.
SLOW_RESPONSE_S = 1.5
SLOW_PREFIX = "/slow/"


class SlowPageServer(PageServer):
    """``PageServer`` whose pages under ``/slow/`` arrive ``SLOW_RESPONSE_S`` late, as from a busy server."""

    async def _answer(self, request: web.Request) -> web.StreamResponse:
        if request.path.startswith(SLOW_PREFIX):
            await asyncio.sleep(SLOW_RESPONSE_S)  # the simulated server's latency, not a wait of the test
        return await super()._answer(request)


@contextlib.contextmanager
def serve_action_pages(pages: Mapping[str, Page]) -> Iterator[PageServer]:
    """Serve ``pages`` with the slow server, and the real editor builds under ``/widgets/``, until the block ends."""
    if not (WIDGETS / "node_modules" / "codemirror5").is_dir():
        raise RuntimeError("the editor builds are missing: run tests/widgets/build")
    server = SlowPageServer(pages, WIDGETS, WIDGETS_MOUNT)
    with background_loop("action-pages") as loop:
        yield loop.enter(server._listening(), START_TIMEOUT_S)


def page(title: str, body: str) -> str:
    return f"<!doctype html><html><head><title>{title}</title></head><body>{body}</body></html>"


def reporting_page(first_title: str, reporting: str, heading: str, head: str, body: str, script: str) -> str:
    """A page that reports on the library it runs through its title (``first_title`` until it does): the
    library's ``head`` (scripts, styles), its ``body``, a "state" paragraph (Loading, then Ready) and a "crash"
    one, then ``reporting`` (the page's ready(), crashed() and how it reports) and ``script``, which sets the
    library up and calls ready()."""
    return page(
        first_title,
        f"""{head}<h1>{heading}</h1>{body}
<p id="state">Loading</p><p id="crash"></p>
<script>{reporting}
{script}</script>""",
    )


START = page(
    "Start",
    """<h1>Start</h1>
<a href="/slow/arrived">Slow page</a>
<form action="/slow/arrived"><label>Query <input name="q"></label><button>Search</button></form>
<button id="later">Change later</button><p id="status">Idle</p>
<button id="nothing">Do nothing</button>
<a href="/start" download="start.html">Save this page</a>
<script>
// Three changes, each in a later task than the one before: an action that returned after the first one
// would leave the agent reading "Step 1".
document.getElementById('later').addEventListener('click', () => {
  const status = document.getElementById('status');
  status.textContent = 'Step 1';
  setTimeout(() => { status.textContent = 'Step 2'; setTimeout(() => { status.textContent = 'Done'; }, 0); }, 0);
});
</script>""",
)

ARRIVED = page("Arrived", "<h1>Slow page arrived</h1>")

SCROLLING_BOX = page(
    "Box",
    """<h1>Inbox</h1>
<div id="box" style="height: 120px; overflow: auto; border: 1px solid">
  <div style="height: 600px">Older messages</div>
  <button id="deep" onclick="document.getElementById('status').textContent = 'Deep clicked'">Open last</button>
  <div style="height: 600px"></div>
</div>
<p id="status">Nothing opened</p>""",
)

OVERLAY = page(
    "Overlay",
    """<h1>Overlay</h1>
<button id="under" onclick="document.getElementById('status').textContent = 'Under clicked'">Buy</button>
<p id="status">Nothing clicked</p>
<div id="veil" style="position: fixed; inset: 0; background: rgba(0, 0, 0, 0.3)"
     onclick="document.getElementById('status').textContent = 'Veil clicked'"></div>""",
)

MOUSE = page(
    "Mouse",
    """<h1>Mouse</h1>
<button id="target">Target</button>
<p id="log">none</p>
<script>
// Each mouse event the button gets, with the keys held and the button used: "click:0:shift".
const seen = [];
for (const type of ['click', 'dblclick', 'contextmenu', 'auxclick', 'mouseover']) {
  document.getElementById('target').addEventListener(type, (event) => {
    if (type === 'contextmenu') event.preventDefault();
    const keys = ['alt', 'ctrl', 'meta', 'shift'].filter((key) => event[key + 'Key']).join('+');
    seen.push(type + ':' + event.button + (keys ? ':' + keys : ''));
    document.getElementById('log').textContent = seen.join(' ');
  });
}
</script>""",
)

HOVER_MENU = page(
    "Menu",
    """<h1>Menu</h1>
<div id="menu"><button id="opener">Actions</button><ul id="items" role="menu" hidden>
  <li role="menuitem" tabindex="-1" id="delete">Delete</li>
</ul></div>
<p id="status">Nothing done</p>
<script>
const items = document.getElementById('items');
document.getElementById('menu').addEventListener('mouseenter', () => { items.hidden = false; });
// The item goes away when chosen, as menu items do: the result must still name it.
document.getElementById('delete').addEventListener('click', () => {
  document.getElementById('items').remove();
  document.getElementById('status').textContent = 'Deleted';
});
</script>""",
)

#: Two menus that open on hover, each with a button to hover and an item that shows only while open: one
#: opened by the browser's :hover state alone (CSS), one by a mouseenter handler (JavaScript).
HOVER_MENUS = page(
    "Hover menus",
    """<h1>Hover menus</h1>
<style>
#css-menu .sub { display: none; }
#css-menu:hover .sub { display: block; }
</style>
<div id="css-menu"><button>Styles</button><ul class="sub" role="menu">
  <li role="menuitem" tabindex="-1">Bold</li>
</ul></div>
<div id="js-menu"><button>Scripts</button><ul id="js-items" role="menu" hidden>
  <li role="menuitem" tabindex="-1">Run</li>
</ul></div>
<script>
document.getElementById('js-menu').addEventListener('mouseenter', () => {
  document.getElementById('js-items').hidden = false;
});
</script>""",
)

#: The same menus in a quirks-mode document (no doctype), as many older pages are: there a bare ``:hover`` selector
#: matches only links (the :hover quirk), while the page's own ``#css-menu:hover`` rule still applies.
HOVER_MENUS_QUIRKS = HOVER_MENUS.removeprefix("<!doctype html>")

ACTION_PAGES: dict[str, Page] = {
    "/start": START,
    "/slow/arrived": ARRIVED,
    "/box": SCROLLING_BOX,
    "/overlay": OVERLAY,
    "/mouse": MOUSE,
    "/menu": HOVER_MENU,
    "/hover-menus": HOVER_MENUS,
    "/hover-menus-quirks": HOVER_MENUS_QUIRKS,
}


# ----- typing: fields (the real editors' pages: editor_pages.py) ---------------------------------------------

#: Where the real editor and widget builds are (``tests/widgets/build`` installs them), and where the server
#: mounts them.
WIDGETS = Path(__file__).resolve().parents[1] / "widgets"
WIDGETS_MOUNT = "/widgets/"

#: The typing page keeps its title at JSON.stringify(<what the field holds, as the page reads it>), so a test
#: reads it from the snapshot's title on either lane.
ECHO = "function echo(text) { document.title = JSON.stringify(text); }"

FIELDS = page(
    '""',
    f"""<h1>Fields</h1>
<label>Plain <input id="plain"></label>
<label>Notes <textarea id="notes"></textarea></label>
<label>Controlled <input id="controlled"></label>
<label>Short <input id="short" maxlength="5"></label>
<div id="rich" contenteditable="true" aria-label="Rich" style="min-height: 2em; border: 1px solid"></div>
<label>Toppings <select id="toppings" multiple size="4">
  <option>Cheese</option><option>Olives</option><option>Basil</option><option>Ham</option></select></label>
<p id="echoed">Nothing yet</p>
<script>
{ECHO}
// A controlled input as React makes one: the value lives in the page's state, the input only shows it, and
// an input event whose value the tracker already knows is dropped (React's value tracker on the element).
const controlled = document.getElementById('controlled');
const native = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
let tracked = '', state = '';
Object.defineProperty(controlled, 'value', {{
  get() {{ return native.get.call(this); }},
  set(value) {{ tracked = String(value); native.set.call(this, value); }},
}});
controlled.addEventListener('input', () => {{
  const now = native.get.call(controlled);
  if (now === tracked) return;
  state = now;
  controlled.value = state;  // the re-render
  document.getElementById('echoed').textContent = 'Controlled state: ' + state;
}});
for (const id of ['plain', 'notes', 'short']) {{
  document.getElementById(id).addEventListener('input', (event) => echo(event.target.value));
}}
document.getElementById('rich').addEventListener('input', (event) => echo(event.target.innerText));
document.getElementById('toppings').addEventListener('change', (event) =>
  echo([...event.target.selectedOptions].map((option) => option.label).join('\\n')));
</script>""",
)

TYPING_PAGES: dict[str, Page] = {"/fields": FIELDS}


# ----- waiting for text -------------------------------------------------------------------------------------

#: A notebook-like page: "Run" shows a spinner, the output comes later, then the spinner goes; "Run and go" ends
#: on another page. Every delay is the page's own (its work), each chained to the previous one.
NOTEBOOK = page(
    "Notebook",
    """<h1>Notebook</h1>
<button id="run">Run</button><button id="go">Run and go</button>
<p id="spinner" hidden>Running cell</p><p id="out">No output</p>
<script>
const spinner = document.getElementById('spinner'), out = document.getElementById('out');
// Each step waits for the previous one, far longer than an action's quiet period.
function later(step) { setTimeout(step, 700); }
document.getElementById('run').addEventListener('click', () => {
  spinner.hidden = false;
  later(() => { out.textContent = 'Out[1]: 42'; later(() => { spinner.hidden = true; }); });
});
document.getElementById('go').addEventListener('click', () => later(() => { location.href = '/cell-done'; }));
</script>""",
)

CELL_DONE = page("Done", "<h1>Cell finished elsewhere</h1>")

#: The notebook drawn in shadow trees, one inside another, as Panel draws its pages (Bokeh's models): no innerText
#: of the document holds its text. A <style> in the tree holds words that are never shown.
SHADOW_NOTEBOOK = page(
    "Shadow notebook",
    """<div id="app"></div>
<script>
const app = document.getElementById('app').attachShadow({ mode: 'open' });
app.innerHTML = '<style>p::after { content: ""; } /* Out[2]: 7 */</style><h1>Notebook</h1><div id="cell"></div>';
const cell = app.getElementById('cell').attachShadow({ mode: 'open' });
cell.innerHTML = '<button>Run</button><p id="spinner" hidden>Running cell</p><p id="out">No output</p>';
const spinner = cell.getElementById('spinner'), out = cell.getElementById('out');
function later(step) { setTimeout(step, 700); }
cell.querySelector('button').addEventListener('click', () => {
  spinner.hidden = false;
  later(() => { out.textContent = 'Out[1]: 42'; later(() => { spinner.hidden = true; }); });
});
</script>""",
)

WAIT_PAGES: dict[str, Page] = {"/notebook": NOTEBOOK, "/cell-done": CELL_DONE, "/shadow-notebook": SHADOW_NOTEBOOK}


# ----- tabs an action opens or closes ---------------------------------------------------------------------------

OPENER = page(
    "Opener",
    """<h1>Opener</h1>
<button onclick="window.open('/popup', 'editor', 'popup,width=500,height=400')">Add another</button>
<a href="/opened" target="_blank">Open in a new tab</a>
<p id="status">Not saved</p>""",
)

#: Django admin's "+" popup in miniature: Save tells the opener, then the window closes itself.
POPUP = page(
    "Popup",
    """<h1>Add item</h1>
<form id="item"><label>Name <input id="name"></label></form><button id="save">Save</button>
<script>
function save() {
  const name = document.getElementById('name').value;
  window.opener.document.getElementById('status').textContent = name ? 'Saved ' + name : 'Saved';
  window.close();
}
document.getElementById('save').addEventListener('click', save);
// Enter in the form saves too.
document.getElementById('item').addEventListener('submit', (event) => { event.preventDefault(); save(); });
</script>""",
)

OPENED = page("Opened", "<h1>A new tab</h1>")

TAB_PAGES: dict[str, Page] = {"/opener": OPENER, "/popup": POPUP, "/opened": OPENED}

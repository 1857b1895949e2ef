"""Issue 24, item 1: browser_file_upload, judged by the bytes the page's server received and what the page read.

Uploaders from npm are driven as a user would: Dropzone (a drop), and Uppy's Dashboard (its "browse files" button's
chooser, answered without a ref, and a drop on the dashboard), each posting the files itself.

Files come only from the folders the user allowed (the server's ``$HERMES_HOME/uploads`` here): a file input gets
them as the browser's chooser gives them, a drop zone gets them dropped. Hostile paths (outside the folders, a
symlink out of them, a missing file) upload nothing: the form the page then posts holds no file.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from hermes_server.app_keys import ROUTER
from hermes_server.cdp.chromium import OWNER_FILE, UPLOAD_COPIES_PREFIX
from hermes_server.routing.choosers import CHOOSER_LIFETIME_S
from hermes_wire.tool_spec import CDP_LANE
from tests.conftest import LaneStacks
from tests.lanes.action_pages import page, serve_action_pages
from tests.lanes.conftest import LaneAgent, new_agent
from tests.support.pages import PageServer
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium

#: How many uploads meet the swapping thread: enough that the unfixed cdp lane delivered the secret in every run.
UPLOADS_UNDER_SWAP = 24
UPLOADS_THROUGH_SWAP = 3
UPLOAD_TRIES_UNDER_SWAP = 200
SWAP_PHASE_S = 0.001
INVOICE = b"%PDF-1.4\n% an invoice, 2026-12\n" + bytes(range(256)) * 40
FORM = page(
    "Form",
    """<form method="post" action="/saved" enctype="multipart/form-data">
<label>Invoice <input type="file" name="invoice"></label>
<label>Photos <input type="file" name="photos" multiple></label>
<button>Send</button></form>""",
)
ZONE = page(
    "{}",
    """<div id="zone" style="width: 240px; height: 120px; border: 2px dashed #333">Drop files here</div>
<script>
const zone = document.getElementById('zone');
zone.addEventListener('dragover', (event) => event.preventDefault());
zone.addEventListener('drop', async (event) => {
  event.preventDefault();
  const files = [...event.dataTransfer.files];
  const read = await Promise.all(files.map(async (file) => [file.name, file.size, (await file.text()).slice(0, 8)]));
  document.title = JSON.stringify(read);
});
</script>""",
)


#: A drop zone that reads a drop as folder-aware uploaders do, through each item's FileSystem entry.
ENTRIES = page(
    "[]",
    """<div id="zone" style="width: 240px; height: 120px; border: 2px dashed #333">Drop files or folders</div>
<script>
const zone = document.getElementById('zone');
zone.addEventListener('dragover', (event) => event.preventDefault());
zone.addEventListener('drop', async (event) => {
  event.preventDefault();
  const entries = [...event.dataTransfer.items].map((item) => item.webkitGetAsEntry()).filter(Boolean);
  const files = await Promise.all(entries.map((entry) => new Promise((resolve) => entry.file(resolve))));
  const read = await Promise.all(files.map(async (file) => [file.name, (await file.text()).slice(0, 8)]));
  document.title = JSON.stringify(entries.map((entry) => [entry.isFile, entry.fullPath]).concat(read));
});
</script>""",
)


#: An uploader as libraries draw them: a button that opens the chooser of a hidden file input (input.click()), which
#: lists what was chosen; a visible input; and a button whose page cancels the input's click (no chooser opens).
UPLOADER = page(
    "[]",
    """<button id="browse">Browse files</button>
<input type="file" id="hidden" multiple accept=".pdf,.txt" style="display: none">
<label>Direct <input type="file" id="direct"></label>
<button id="cancelled">Cancelled browse</button>
<input type="file" id="refused" style="display: none">
<button id="detached">Browse outside</button>
<input type="file" id="behind" hidden><label for="behind" style="cursor: pointer">Browse behind</label>
<script>
const hidden = document.getElementById('hidden');
document.getElementById('browse').addEventListener('click', () => hidden.click());
hidden.addEventListener('change', () => {
  document.title = JSON.stringify([...hidden.files].map((file) => [file.name, file.size]));
});
const refused = document.getElementById('refused');
refused.addEventListener('click', (event) => event.preventDefault());
document.getElementById('cancelled').addEventListener('click', () => refused.click());
// an input the page never puts in its document (JupyterLab's Upload button does this)
const outside = document.createElement('input');
outside.type = 'file';
outside.addEventListener('change', () => {
  document.title = JSON.stringify([...outside.files].map((file) => [file.name, file.size]));
});
document.getElementById('detached').addEventListener('click', () => outside.click());
const behind = document.getElementById('behind');
behind.addEventListener('change', () => {
  document.title = JSON.stringify([...behind.files].map((file) => [file.name, file.size]));
});
</script>""",
)


#: Dropzone (npm ``dropzone``): files dropped on it are posted at once, as a multipart form, to /received.
DROPZONE = page(
    "{}",
    """<link rel="stylesheet" href="/widgets/node_modules/dropzone/dist/dropzone.css">
<script src="/widgets/node_modules/dropzone/dist/dropzone-min.js"></script>
<form action="/received" class="dropzone" id="uploader"></form>
<script>
Dropzone.autoDiscover = false;
const zone = new Dropzone('#uploader', { url: '/received' });
zone.on('success', (file) => { document.title = JSON.stringify({ uploaded: file.name }); });
</script>""",
)


#: Uppy's Dashboard (npm ``uppy``), which posts each file it is given at once (XHRUpload) to /received.
UPPY = page(
    "[]",
    """<link rel="stylesheet" href="/widgets/node_modules/uppy/dist/uppy.min.css">
<div id="uploader"></div>
<script src="/widgets/node_modules/uppy/dist/uppy.min.js"></script>
<script>
const { Uppy, Dashboard, XHRUpload } = globalThis.Uppy;
const uppy = new Uppy({ autoProceed: true })
  .use(Dashboard, { inline: true, target: '#uploader', height: 320 })
  .use(XHRUpload, { endpoint: '/received', fieldName: 'file', formData: true });
uppy.on('complete', (result) => {
  document.title = JSON.stringify(result.successful.map((file) => file.name));
});
</script>""",
)


#: A file input that reads each file it is given at once and counts what it read: the invoice, or the secret.
READER = page(
    "{}",
    """<label>Pick <input type="file" id="pick"></label>
<script>
const counts = { changes: 0, read: 0 };
const pick = document.getElementById('pick');
pick.addEventListener('change', async () => {
  counts.changes += 1;
  document.title = JSON.stringify(counts);
  for (const file of pick.files) {
    let kind;
    try {
      const text = await file.text();
      kind = text.startsWith('INVOICE') ? 'invoice' : text.startsWith('SECRET') ? 'secret' : 'other';
    } catch (error) {
      kind = 'unreadable: ' + error;
    }
    counts.read += 1;
    counts[kind] = (counts[kind] || 0) + 1;
  }
  document.title = JSON.stringify(counts);
});
</script>""",
)


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    served = {
        "/form": FORM,
        "/reader": READER,
        "/saved": page("Saved", "<h1>Saved</h1>"),
        "/zone": ZONE,
        "/dropzone": DROPZONE,
    }
    served |= {"/uploader": UPLOADER, "/entries": ENTRIES, "/uppy": UPPY}
    served["/received"] = "{}"
    with serve_action_pages(served) as server:
        yield server


@pytest.fixture
def uploads(agent: LaneAgent) -> Path:
    """The uploads folder of the server under test, where the user puts files for the agent."""
    folder: Path = agent.stack.server.config.home / "uploads"
    (folder / "invoice.pdf").write_bytes(INVOICE)
    return folder


def ref_of(snapshot: str, role: str, name: str) -> str:
    found = re.search(rf'- {role} "{name}"[^@\n]* (@e\d+)', snapshot) or re.search(
        rf"- {role}[^@\n]* (@e\d+): {name}$", snapshot, re.M
    )
    assert found, snapshot
    return found[1]


def test_a_file_input_gets_the_file_and_the_form_sends_its_bytes(
    agent: LaneAgent, pages: PageServer, uploads: Path
) -> None:
    agent.open("/form")
    snapshot = agent.snapshot()
    done = agent.ok("browser_file_upload", ref=ref_of(snapshot, "button", "Invoice"), paths=["invoice.pdf"])
    assert done["files"] == [{"name": "invoice.pdf", "size": len(INVOICE), "type": "application/pdf"}], done
    # the input shows what it holds, as Chromium's tree gives its value: the answer is no "unchanged" (a Panel app)
    assert not done.get("unchanged"), done
    assert re.search(r'^- button "Invoice"[^\n]*: invoice\.pdf$', agent.snapshot(), re.M)
    sent = len(pages.received)
    agent.ok("browser_click", ref=ref_of(snapshot, "button", "Send"), see="none")
    wait_until(lambda: len(pages.received) > sent or None, 10, "the form's post")
    assert pages.received[-1]["invoice"] == f"invoice.pdf {hashlib.sha256(INVOICE).hexdigest()}"


def test_files_bigger_than_a_native_message_arrive_whole(agent: LaneAgent, pages: PageServer, uploads: Path) -> None:
    """Three photos of 3 MB together, more than native messaging's 1 MB: on the extension lane their bytes cross in
    chunks; the server gets every byte. A type the browser does not know is "", on both lanes."""
    photos = {
        f"photo{n}.{kind}": bytes([n]) * (1024 * 1024 - 7) + kind.encode() for n, kind in enumerate(("png", "zz9"))
    }
    photos["photo2.png"] = hashlib.sha512(b"seed").digest() * 16384
    for name, content in photos.items():
        (uploads / name).write_bytes(content)
    agent.open("/form")
    snapshot = agent.snapshot()
    done = agent.ok("browser_file_upload", ref=ref_of(snapshot, "button", "Photos"), paths=list(photos), see="none")
    kinds = {"png": "image/png", "zz9": ""}
    assert done["files"] == [
        {"name": name, "size": len(content), "type": kinds[name.rsplit(".", 1)[1]]} for name, content in photos.items()
    ], done
    assert re.search(r'^- button "Photos"[^\n]*: 3 files$', agent.snapshot(), re.M)
    sent = len(pages.received)
    agent.ok("browser_click", ref=ref_of(snapshot, "button", "Send"), see="none")
    wait_until(lambda: len(pages.received) > sent or None, 10, "the form's post")
    expected = [f"{name} {hashlib.sha256(content).hexdigest()}" for name, content in photos.items()]
    assert pages.received[-1]["photos"] == expected, pages.received[-1]


def test_a_drop_zone_gets_the_files_dropped(agent: LaneAgent, uploads: Path) -> None:
    (uploads / "notes.txt").write_text("Call the bank on Monday.")
    agent.open("/zone")
    zone = ref_of(agent.snapshot(), "generic", "Drop files here")
    done = agent.ok("browser_file_upload", ref=zone, paths=["invoice.pdf", str(uploads / "notes.txt")], see="none")
    assert done["dropped"] is True and [f["name"] for f in done["files"]] == ["invoice.pdf", "notes.txt"], done
    # the page reads the files' text in promises of its own, which may end after the drop's answer
    read = wait_until(lambda: json.loads(agent.ok("browser_snapshot")["title"]) or None, 5, "the page's reading")
    assert read == [["invoice.pdf", len(INVOICE), "%PDF-1.4"], ["notes.txt", 24, "Call the"]]


def test_dropzone_posts_the_dropped_file_and_its_server_gets_the_bytes(
    agent: LaneAgent, pages: PageServer, uploads: Path
) -> None:
    agent.open("/dropzone")
    zone = ref_of(agent.snapshot(), "button", "Drop files here to upload")
    sent = len(pages.received)
    done = agent.ok("browser_file_upload", ref=zone, paths=["invoice.pdf"], see="none")
    assert done["dropped"] is True, done
    wait_until(lambda: len(pages.received) > sent or None, 10, "Dropzone's post")
    assert pages.received[-1]["file"] == f"invoice.pdf {hashlib.sha256(INVOICE).hexdigest()}"
    wait_until(lambda: json.loads(agent.ok("browser_snapshot")["title"]) or None, 10, "Dropzone's success")


def test_hostile_paths_upload_nothing(agent: LaneAgent, pages: PageServer, uploads: Path, tmp_path: Path) -> None:
    secret = tmp_path / "id_rsa"
    secret.write_text("PRIVATE KEY")
    (uploads / "innocent.pdf").symlink_to(secret)
    with (uploads / "huge.iso").open("wb") as huge:
        huge.truncate(2 * 1024**3)  # 2 GB, sparse: over the per-file cap, refused before a byte is read
    agent.open("/form")
    snapshot = agent.snapshot()
    invoice = ref_of(snapshot, "button", "Invoice")
    for paths in ([str(secret)], ["innocent.pdf"], ["../../id_rsa"], ["missing.pdf"], ["huge.iso"]):
        code, message = agent.error("browser_file_upload", ref=invoice, paths=paths)
        assert code == "upload_refused" and str(uploads.resolve()) in message, (paths, message)
    code, message = agent.error("browser_file_upload", ref=invoice, paths=["invoice.pdf", "invoice.pdf"])
    assert code == "invalid_arguments" and "takes one file" in message
    sent = len(pages.received)
    agent.ok("browser_click", ref=ref_of(snapshot, "button", "Send"), see="none")
    wait_until(lambda: len(pages.received) > sent or None, 10, "the form's post")
    assert pages.received[-1]["invoice"] == "", pages.received[-1]  # the file input stayed empty


def test_a_click_that_opens_a_file_chooser_says_so_and_an_upload_without_ref_answers_it(
    agent: LaneAgent, uploads: Path
) -> None:
    """An uploader's button opens a hidden input's chooser: no native dialog, the click's answer says file_chooser,
    and browser_file_upload without ref gives the files to that input, once."""
    (uploads / "notes.txt").write_text("Call the bank on Monday.")
    agent.open("/uploader")
    snapshot = agent.snapshot()
    code, message = agent.error("browser_file_upload", paths=["invoice.pdf"])
    assert code == "controller_error" and message.startswith("no_file_chooser: "), message
    clicked = agent.ok("browser_click", ref=ref_of(snapshot, "button", "Browse files"), see="none")
    assert clicked["file_chooser"] == {"multiple": True, "accept": ".pdf,.txt"}, clicked
    done = agent.ok("browser_file_upload", paths=["invoice.pdf", "notes.txt"], see="none")
    assert [f["name"] for f in done["files"]] == ["invoice.pdf", "notes.txt"] and "ref" not in done, done
    assert json.loads(agent.ok("browser_snapshot")["title"]) == [["invoice.pdf", len(INVOICE)], ["notes.txt", 24]]
    code, message = agent.error("browser_file_upload", paths=["invoice.pdf"])  # answered: nothing is open now
    assert code == "controller_error" and message.startswith("no_file_chooser: "), message


def test_files_given_to_an_uploaders_button_are_not_taken_and_the_answer_says_to_click_it(
    agent: LaneAgent, uploads: Path
) -> None:
    """The ref of an uploader's button (a hidden input's chooser opens on its click, as Mesop's uploader does) is no
    file input and no drop zone: the files were dropped on it, nothing took them, and both lanes answered ok. Now
    the answer is upload_not_taken, saying to click it; done so, the files arrive."""
    agent.open("/uploader")
    snapshot = agent.snapshot()
    button = ref_of(snapshot, "button", "Browse files")
    code, message = agent.error("browser_file_upload", ref=button, paths=["invoice.pdf"])
    assert code == "controller_error" and message.startswith("upload_not_taken: "), message
    assert f'{button} (button "Browse files")' in message and "click it" in message, message
    assert json.loads(agent.ok("browser_snapshot")["title"]) == []
    assert "file_chooser" in agent.ok("browser_click", ref=button, see="none")
    agent.ok("browser_file_upload", paths=["invoice.pdf"], see="none")
    assert json.loads(agent.ok("browser_snapshot")["title"]) == [["invoice.pdf", len(INVOICE)]]


def test_the_label_of_a_file_input_the_page_hides_takes_the_files(agent: LaneAgent, uploads: Path) -> None:
    """H2O Wave's uploader: a hidden file input and its label, "Browse", which a person presses. The label had no
    ref, and the input no line: nothing to give the files to on either lane."""
    agent.open("/uploader")
    label = ref_of(agent.snapshot(), "generic", "Browse behind")
    done = agent.ok("browser_file_upload", ref=label, paths=["invoice.pdf"], see="none")
    assert [f["name"] for f in done["files"]] == ["invoice.pdf"], done
    assert json.loads(agent.ok("browser_snapshot")["title"]) == [["invoice.pdf", len(INVOICE)]]


@pytest.mark.parametrize("between", ["a minute", "a scroll", "a reload"])
def test_a_stale_chooser_answers_no_upload(
    agent: LaneAgent, uploads: Path, monkeypatch: pytest.MonkeyPatch, between: str
) -> None:
    """Issue 31, item 4: a chooser is answerable only by the next upload after the action that opened it, within
    CHOOSER_LIFETIME_S (the router's clock moved on here, not waited for), in its tab and document: after a minute,
    another action or a new document, an upload without ref is no_file_chooser and the page's input gets nothing."""
    agent.open("/uploader")
    clicked = agent.ok("browser_click", ref=ref_of(agent.snapshot(), "button", "Browse files"), see="none")
    assert clicked["file_chooser"]["multiple"] is True, clicked
    if between == "a minute":
        choosers = agent.stack.server.app[ROUTER].choosers
        ahead = time.monotonic() + CHOOSER_LIFETIME_S + 1
        monkeypatch.setattr(choosers, "clock", lambda: ahead)
    elif between == "a scroll":
        agent.ok("browser_scroll", direction="down", see="none")
    else:
        agent.ok("browser_reload", see="none")
    code, message = agent.error("browser_file_upload", paths=["invoice.pdf"])
    assert code == "controller_error" and message.startswith("no_file_chooser: "), message
    assert json.loads(agent.ok("browser_snapshot")["title"]) == [], "the chooser's input got files"


def test_a_click_on_a_file_input_opens_its_chooser_and_one_the_page_cancels_opens_none(
    agent: LaneAgent, uploads: Path
) -> None:
    agent.open("/uploader")
    snapshot = agent.snapshot()
    direct = ref_of(snapshot, "button", "Direct")
    clicked = agent.ok("browser_click", ref=direct, see="none")
    assert clicked["file_chooser"] == {"multiple": False, "accept": "", "ref": direct}, clicked
    code, message = agent.error("browser_file_upload", paths=["invoice.pdf", "invoice.pdf"])
    assert code == "invalid_arguments" and "takes one file" in message
    assert agent.ok("browser_file_upload", paths=["invoice.pdf"], see="none")["files"][0]["name"] == "invoice.pdf"
    cancelled = agent.ok("browser_click", ref=ref_of(snapshot, "button", "Cancelled browse"), see="none")
    assert "file_chooser" not in cancelled, cancelled
    code, message = agent.error("browser_file_upload", paths=["invoice.pdf"])
    assert code == "controller_error" and message.startswith("no_file_chooser: "), message


def test_the_chooser_of_an_input_outside_the_document_is_answered_too(agent: LaneAgent, uploads: Path) -> None:
    """No event of an input the page never attached reaches the document: the page-world hook announces its chooser."""
    agent.open("/uploader")
    clicked = agent.ok("browser_click", ref=ref_of(agent.snapshot(), "button", "Browse outside"), see="none")
    assert clicked["file_chooser"] == {"multiple": False, "accept": ""}, clicked
    done = agent.ok("browser_file_upload", paths=["invoice.pdf"], see="none")
    assert done["files"] == [{"name": "invoice.pdf", "size": len(INVOICE), "type": "application/pdf"}], done
    assert json.loads(agent.ok("browser_snapshot")["title"]) == [["invoice.pdf", len(INVOICE)]]


def test_a_drop_zone_that_reads_file_entries_gets_the_files(agent: LaneAgent, uploads: Path) -> None:
    """Only a drop from the desktop has FileSystem entries: the page-world hook gives the engine's drop's files one."""
    (uploads / "notes.txt").write_text("Call the bank on Monday.")
    agent.open("/entries")
    zone = ref_of(agent.snapshot(), "generic", "Drop files or folders")
    assert agent.ok("browser_file_upload", ref=zone, paths=["notes.txt"], see="none")["dropped"] is True
    read = wait_until(lambda: json.loads(agent.ok("browser_snapshot")["title"]) or None, 10, "the page to read")
    assert read == [[True, "/notes.txt"], ["notes.txt", "Call the"]]


def test_uppys_browse_button_opens_its_chooser_and_uppy_posts_the_file(
    agent: LaneAgent, pages: PageServer, uploads: Path
) -> None:
    agent.open("/uppy")
    snapshot = agent.snapshot()
    clicked = agent.ok("browser_click", ref=ref_of(snapshot, "button", "browse files"), see="none")
    assert clicked["file_chooser"]["multiple"] is True, clicked
    sent = len(pages.received)
    agent.ok("browser_file_upload", paths=["invoice.pdf"], see="none")
    wait_until(lambda: len(pages.received) > sent or None, 10, "Uppy's post")
    assert pages.received[-1]["file"] == f"invoice.pdf {hashlib.sha256(INVOICE).hexdigest()}"


def test_files_dropped_on_uppys_dashboard_are_posted_by_uppy(
    agent: LaneAgent, pages: PageServer, uploads: Path
) -> None:
    (uploads / "notes.txt").write_text("Call the bank on Monday.")
    agent.open("/uppy")
    dashboard = ref_of(agent.snapshot(), "generic", "Uppy Dashboard")
    sent = len(pages.received)
    dropped = agent.ok("browser_file_upload", ref=dashboard, paths=["invoice.pdf", "notes.txt"], see="none")
    assert dropped["dropped"] is True, dropped
    wait_until(lambda: len(pages.received) >= sent + 2 or None, 10, "Uppy's posts")
    posted = sorted(part["file"] for part in pages.received[sent:])
    notes = hashlib.sha256(b"Call the bank on Monday.").hexdigest()
    assert posted == [f"invoice.pdf {hashlib.sha256(INVOICE).hexdigest()}", f"notes.txt {notes}"], posted
    names = wait_until(lambda: json.loads(agent.ok("browser_snapshot")["title"]) or None, 10, "Uppy's complete")
    assert sorted(names) == ["invoice.pdf", "notes.txt"]


def test_a_link_swapped_in_during_uploads_never_delivers_the_outside_file(
    agent: LaneAgent, uploads: Path, tmp_path: Path
) -> None:
    """Issue 31, item 3: a thread swaps an allowed file for a link to a secret of the same size and back, at an
    uneven rhythm of up to a millisecond a phase, during many uploads. The page reads every file it is given: it never
    gets the secret, and it gets the invoice once per upload that answered ok (one that met the swap is refused).

    The uploads go on past ``UPLOADS_UNDER_SWAP`` until ``UPLOADS_THROUGH_SWAP`` got through (at most
    ``UPLOAD_TRIES_UNDER_SWAP``): the server runs in this process, and a swapper that never let go of the interpreter
    left no upload a whole phase under load (none of 24 in one CI run), which proves nothing about what is delivered."""
    secret = tmp_path / "id_ed25519"
    secret.write_bytes(b"SECRET" + b"s" * 4090)
    genuine = b"INVOICE" + b"i" * 4089
    swapped = uploads / "swapped.pdf"
    swapped.write_bytes(genuine)
    agent.open("/reader")
    pick = ref_of(agent.snapshot(), "button", "Pick")
    stop = threading.Event()

    def swap() -> None:
        rhythm = random.Random(30)
        while not stop.is_set():
            link = uploads / ".link"
            link.symlink_to(secret)
            os.replace(link, swapped)
            stop.wait(rhythm.uniform(0, SWAP_PHASE_S))
            fresh = uploads / ".fresh"
            fresh.write_bytes(genuine)
            os.replace(fresh, swapped)
            stop.wait(rhythm.uniform(0, SWAP_PHASE_S))

    swapper = threading.Thread(target=swap)
    swapper.start()
    answered_ok = tries = 0
    try:
        while tries < UPLOADS_UNDER_SWAP or (answered_ok < UPLOADS_THROUGH_SWAP and tries < UPLOAD_TRIES_UNDER_SWAP):
            tries += 1
            reply = agent.reply("browser_file_upload", ref=pick, paths=["swapped.pdf"], see="none")
            if reply["ok"]:
                answered_ok += 1
            else:
                assert reply["error"]["code"] == "upload_refused", reply
    finally:
        stop.set()
        swapper.join()
    assert answered_ok, f"no upload of {tries} got through the swap at all"
    last_read: list[dict[str, object]] = [{}]

    def read_all() -> dict[str, object] | None:
        last_read[0] = counts = json.loads(agent.ok("browser_snapshot")["title"] or "{}")
        return counts if counts.get("changes", 0) >= answered_ok and counts.get("read", 0) >= answered_ok else None

    try:
        read = wait_until(read_all, 10, "the page to read every file")
    except TimeoutError as timeout:  # say what the page got: its change events, its reads, and their errors
        raise AssertionError(f"{timeout}: {answered_ok} answered ok; the page last said {last_read[0]}") from None
    assert read == {"changes": answered_ok, "read": answered_ok, "invoice": answered_ok}, (read, answered_ok)


def test_a_hard_link_to_an_outside_file_uploads_nothing(agent: LaneAgent, uploads: Path, tmp_path: Path) -> None:
    """Issue 31: a hard link in the uploads folder names the same file as its outside name: refused, and the page
    gets nothing."""
    secret = tmp_path / "id_ed25519"
    secret.write_bytes(b"SECRET key")
    os.link(secret, uploads / "linked.pdf")
    agent.open("/reader")
    code, message = agent.error(
        "browser_file_upload", ref=ref_of(agent.snapshot(), "button", "Pick"), paths=["linked.pdf"]
    )
    assert code == "upload_refused" and "hard link" in message, message
    assert agent.ok("browser_snapshot")["title"] == "{}"


def test_the_cdp_lanes_copies_of_an_upload_are_gone_when_its_session_ends(
    lane_stacks: LaneStacks, pages: PageServer
) -> None:
    """Issue 31, item 3: the cdp lane's browser reads private copies of the bytes checked (the extension lane has
    none: the bytes travel in its messages). They stay while the session lives, as the browser reads a chosen file
    lazily, and go with the session; each folder names its server, so a killed server's are swept at the next
    launch (tests/server/cdp/test_profile_sweep.py)."""
    stack = lane_stacks.of(CDP_LANE).serving(pages)
    name = f"copied-{os.getpid()}-{time.monotonic_ns()}.txt"
    (stack.server.config.home / "uploads" / name).write_bytes(b"the bytes checked\n")
    with new_agent(stack) as agent:
        agent.open("/form")
        agent.ok("browser_file_upload", ref=ref_of(agent.snapshot(), "button", "Invoice"), paths=[name])
        [copy] = Path(tempfile.gettempdir()).glob(f"{UPLOAD_COPIES_PREFIX}*/*/*/{name}")
        folder = copy.parents[2]
        assert (folder / OWNER_FILE).read_text().strip() == str(os.getpid())  # the server runs in this process
        assert copy.read_bytes() == b"the bytes checked\n"
    assert not folder.exists(), "the session ended and its upload copies stayed"

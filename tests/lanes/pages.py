"""The contract suite's pages: one page with a control of each kind the tools act on, and where they lead."""

from __future__ import annotations

CONTRACT = """<!doctype html><html><head><title>Contract</title></head><body>
<h1>Contract page</h1>
<p id="viewport"></p>
<button onclick="document.getElementById('status').textContent = 'Clicked once'">Press me</button>
<p id="status">Not clicked</p>
<form method="post" action="/submit">
<label>Name <input name="name"></label>
<label>Colour <select name="colour"><option>Red</option><option>Green</option><option>Blue</option></select></label>
<button>Send</button>
</form>
<a href="/second">Second page</a>
<div style="height: 3000px"></div>
<p>The end</p>
<script>
document.getElementById('viewport').textContent =
  'Viewport ' + innerWidth * devicePixelRatio + 'x' + innerHeight * devicePixelRatio;
</script>
</body></html>"""

SECOND = "<!doctype html><html><head><title>Second</title></head><body><h1>Second page</h1></body></html>"

SENT = "<!doctype html><html><head><title>Sent</title></head><body><h1>Thank you</h1></body></html>"

PAGES = {"/contract": CONTRACT, "/second": SECOND, "/submit": SENT}

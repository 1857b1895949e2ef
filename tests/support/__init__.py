"""The test harness, one copy of each piece, shared by the tests, ``bench/`` and ``scripts/demo.py``.

* ``local_stack``: the real server on loopback with a fresh home and key, in process or as a child.
* ``pages``: the page server (test pages, a second site on the same port, recorded form posts).
* ``chromium``: the Chromium launcher (DevTools for CDP tests, chromedriver for the extension lane).
* ``extension_browser``: Chromium with the unpacked extension, its popup and the one-click pairing.
* ``browser_stack``: server + pages + browser for synchronous tests, on either lane.
* ``controller``: the controller's side of protocol v1, scripted.
* ``background_loop``, ``waiting``: an event loop on a thread for synchronous code, and bounded polls.
"""

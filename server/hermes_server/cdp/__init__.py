"""The CDP lane: the backend that serves every session not bound to an extension.

Modules, from the wire up.  Those marked *no I/O* are plain objects fed with events:

``events``      ``CDPEvent``, one DevTools event as a plain record.
``connection``  one DevTools WebSocket: commands matched to replies, events to a listener.
``dialogs``     pending and recent JavaScript dialogs under the dialog policy (no I/O).
``targets``     the tab and OOPIF sessions, crashed tabs, the agent's tab numbers (no I/O).
``frames``      every frame of every attached tab, and the frame tree the agent reads (no I/O).
``navigation``  per frame: lifecycle events of its current document, navigations committed (no I/O).
``worlds``      the snapshot engine's execution context in each frame (no I/O).
``console``     the last console errors and uncaught exceptions (no I/O).
``state``       ``SupervisorState``: the parts above, and each event routed to the parts it concerns (no I/O).
``bridge``      the dialog bridge: its init script and the parsing of its intercepted requests.
``supervisor``  ``CDPSupervisor`` (one socket per session; carries out the state's effects), ``SupervisorRegistry``.
``engine``      the shared snapshot engine (``hermes_extension``'s engine files) in an isolated world per frame.
``keys``        key names (``Enter``, ``Control+a``) as real key events.
``chromium``    finding and launching a local headless Chromium with its own temporary profile.
``providers``   where a session's browser comes from: local Chromium, an existing Chrome, a cloud provider.
``tools``       one handler per cdp-lane tool, keyed by tool name (``HANDLERS``); a module per kind of tool.
``backend``     ``CDPBackend``: the lane; every tool call goes through its one wrapper of shared guards.
"""

"""The CDP lane: the backend that serves every session not bound to an extension.

Modules, from the wire up:

``connection``  one DevTools WebSocket: commands matched to replies, events to a listener.
``state``       the supervisor's state (dialogs, frames, child sessions, console), fed events, no I/O.
``bridge``      the dialog bridge: its init script and the parsing of its intercepted requests.
``supervisor``  ``CDPSupervisor`` (one persistent socket per session) and ``SupervisorRegistry``.
``engine``      the shared snapshot engine (``hermes_extension``'s engine files) in an isolated world per frame.
``keys``        key names (``Enter``, ``Control+a``) as real key events.
``chromium``    finding and launching a local headless Chromium with its own temporary profile.
``providers``   where a session's browser comes from: local Chromium, an existing Chrome, a cloud provider.
``backend``     ``CDPBackend``: the tools, on top of all of the above.
"""

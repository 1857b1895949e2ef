"""The native-messaging host Chrome launches for the Hermes extension; it imports only ``hermes_wire``.

``host`` is the process (stdio framing, origin check), ``routing`` every decision it makes (no I/O),
``relay`` the I/O that carries those decisions out (server HTTP and controller sockets), ``install``
the manifest and launcher (``python -m hermes_host install``).
"""

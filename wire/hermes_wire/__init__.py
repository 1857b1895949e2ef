"""The contract between Hermes's processes, shared by the server and the native host.

It imports nothing of ours, so either side can depend on it without depending on the other:

``controller``  protocol v1 between the server and a browser controller (frames, close codes, lanes)
``native``      protocol v1 between the native host and the extension (native messaging)
``tools``       ``ToolSpec``, its argument validator, and the one declaration of every browser tool
``signatures``  pairing proofs and Ed25519 device signatures
``home``        ``HERMES_HOME`` paths and the runtime file
``files``       private files, written atomically with mode 0600
``strict_json`` JSON as every hop reads a peer's text: no ``NaN``, numbers a double holds, bounded nesting
``errors``      the base error every Hermes package's exception tree grows from
"""

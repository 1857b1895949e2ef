"""Hard MiniWoB++ tasks (PyPI ``miniwob``), acted on only through snapshot text and refs, on both lanes."""

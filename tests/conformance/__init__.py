"""The differential runner of issue 30: every action of both lanes checked against the browser itself.

For each corpus page (tests/widgets/corpus/*.html, the contract in its README.md) and each control it declares,
one scripted interaction is driven three ways from a fresh load of the page: real input through CDP in a plain
Chromium (the oracle, ``oracle.py``), the cdp lane's tool calls and the extension lane's (``lanes.py``), as an agent
makes them (the control found by role and name in a full snapshot, then acted on by ref). What the page holds after
each (``compare.py``: the widgets' own model in ``window.__state``, the focused element, the text selection, the
form values, the boxes scrolled) is compared, and every difference is a divergence.

* ``corpus.py``: finding and serving the pages, and what each declares;
* ``interactions.py``: the table of interactions per kind of control;
* ``oracle.py``, ``lanes.py``: the three ways of driving them;
* ``compare.py``: what is read from the page, and the rules that make a difference a divergence;
* ``runner.py``: one case three ways, and the table of divergences.

``bench/conformance.py`` runs the whole corpus; ``test_conformance.py`` a fixed sample in CI, and
``test_random_walk.py`` random sequences of interactions.
"""

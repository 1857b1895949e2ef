"""End-to-end tasks on real web applications installed from PyPI (Django's admin, datasette), on both lanes."""

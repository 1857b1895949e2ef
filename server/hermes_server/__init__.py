"""Hermes browser control server: lets an AI agent drive the user's own browser tab, fail-closed."""

__version__ = "0.1.0"

"""Nim, the test game of docs/adding-a-game.md: three heaps, two players, whoever takes the last
counter wins. Everything about it is in this folder; its one registration is :data:`ENTRY`
(in ``GAMES`` and the ``PUSHER_GAMES`` environment variable, see ``tests/conftest.py``)."""

ENTRY = "nim=tests.nim.spec:SPEC"
"""Nim's registry entry as ``PUSHER_GAMES`` takes it."""

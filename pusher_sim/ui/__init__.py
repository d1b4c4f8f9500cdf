"""The window: pygame drawing and mouse play of every game on top of the public game API, in
three layers (``shell``, ``common``, one package per game's table; see docs/window.md)."""

import os

# pygame greets on import; a game window has no need to.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

"""The Pusher window: pygame drawing and mouse play on top of the public game and physics APIs."""

import os

# pygame greets on import; a game window has no need to.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

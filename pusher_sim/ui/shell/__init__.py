"""The window's shell: the app and its frame loop, modes, the start screen, dialogs, sounds,
background jobs and the one widget and font toolkit every screen draws with."""

"""The common table every game's table is built on: the turn flow (people, bots, chance, pacing),
replay, the save/load/undo dialogs, the autosave and the status messages."""

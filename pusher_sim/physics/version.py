"""Which push model this is, so that a result made under another one is refused, not misread.

Bump :data:`MODEL_VERSION` with every change that can alter any push's outcome (geometry, solver
settings, the press, settling, the order bodies are built in), behind a config switch whose
old value config.MODEL_SETTINGS records for the old model, so that a game played under it can
still resolve its pushes as it did. Saved game logs record it.
The models and what each changed are listed in CHANGELOG.md, "Physics models".
"""

MODEL_VERSION: str = "9"
"""The model this build resolves pushes with: what its outcomes' ``model`` says."""

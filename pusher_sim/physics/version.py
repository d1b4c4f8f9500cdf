"""Which push model this is, so that a result made under another one is refused, not misread.

Bump :data:`MODEL_VERSION` with every change that can alter any push's outcome (geometry, solver
settings, the press, settling, the order bodies are built in). Saved game logs record it and a
replay checks it: a log made under another model is refused clearly rather than failing
mysteriously halfway through.
The models and what each changed are listed in CHANGELOG.md, "Physics models".
"""

MODEL_VERSION: str = "7"

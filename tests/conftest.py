"""Hypothesis in CI explores the same examples every run (CI sets CI=true), so a red build is
always reproducible; on a developer's machine it keeps searching for new ones."""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

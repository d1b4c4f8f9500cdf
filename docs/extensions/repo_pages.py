"""MkDocs hook: the site's pages are the repository's own files, at the paths they have in it.

The README is the home page and ``docs/*.md`` the pages under ``docs/``, so every relative link
that works when the files are read in the repository (``docs/rules.md``, ``../CHANGELOG.md``,
``assets/screenshot.png``) works on the site too, and none is rewritten.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[2]
PAGES = ("README.md", "CHANGELOG.md")
FOLDERS = ("docs", "assets")
NOT_PUBLISHED = ("docs/extensions", "docs/figures.py")
"""The site's own build code and the script that draws the figures: not pages."""


def published(path: str) -> bool:
    return "__pycache__" not in path and not path.startswith(NOT_PUBLISHED)


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Replace the files found in ``docs_dir`` by the repository's README, CHANGELOG, docs and
    assets, each at its path in the repository; keep the theme's own."""
    docs = Path(config.docs_dir).resolve()
    theme = [f for f in files if not Path(f.abs_src_path or "").resolve().is_relative_to(docs)]
    paths = list(PAGES)
    for folder in FOLDERS:
        paths += sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / folder).rglob("*"))
    repo = [
        File(path, str(ROOT), config.site_dir, config.use_directory_urls)
        for path in paths
        if (ROOT / path).is_file() and published(path)
    ]
    return Files(theme + repo)

"""The build's id: which code a process runs, so an open table page can tell it is stale.

The Dockerfile writes ``BUILD_ID`` (a hash of the source, templates and static files) with
``python -m twentynine.build``; the ``BUILD_ID`` variable overrides it; a checkout without
either is ``development``.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

FILE = "BUILD_ID"
SOURCES = ("twentynine", "accounts", "game", "templates", "static")
SKIPPED_SUFFIXES = (".pyc", ".so")


def build_id(base: Path) -> str:
    """The id from the environment, else the file the image build wrote, else development."""
    from_env = os.environ.get("BUILD_ID", "").strip()
    if from_env:
        return from_env
    path = base / FILE
    if path.exists():
        return path.read_text().strip()
    return "development"


def source_hash(base: Path) -> str:
    """A short hash of every source, template and static file (names and contents)."""
    digest = hashlib.sha256()
    for top in SOURCES:
        for path in sorted((base / top).rglob("*")):
            if path.is_file() and not path.name.endswith(SKIPPED_SUFFIXES):
                if "__pycache__" in path.parts:
                    continue
                digest.update(str(path.relative_to(base)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


if __name__ == "__main__":
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path.cwd()
    (root / FILE).write_text(source_hash(root) + "\n")

"""Words added to a language's catalogue for one test: a new msgid is translated by the
lead after a merge, so a test that needs its translation looked up brings its own."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.utils.translation import trans_real


@contextmanager
def words_for(language: str, entries: dict[str, str]) -> Iterator[None]:
    """While the block runs, ``gettext`` in ``language`` says each msgid of ``entries`` as
    its value (in every thread: the catalogue is the process's); then the catalogue is as
    it was."""
    catalog = trans_real.translation(language)._catalog  # type: ignore[attr-defined]
    # Django keeps a TranslationCatalog (one dict per plural rule); the first takes writes.
    top: dict[str, str] = getattr(catalog, "_catalogs", [catalog])[0]
    before = {msgid: top[msgid] for msgid in entries if msgid in top}
    top.update(entries)
    try:
        yield
    finally:
        for msgid in entries:
            top.pop(msgid, None)
        top.update(before)

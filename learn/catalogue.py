"""The pages' JavaScript catalogue (``/jsi18n/``): Django's, from the djangojs catalogues,
with the engine's sentences that the table's script is sent in English (the annulment
reasons, ``game.table.engine_words``) from the site's own catalogue: one translation of
each, and ``gettext(reason_text)`` in the script says it in the reader's language."""

from __future__ import annotations

from typing import Any

from django.views.i18n import JavaScriptCatalog

from game.table.engine_words import reason_catalogue


class SiteCatalog(JavaScriptCatalog):
    """``JavaScriptCatalog`` with the engine's sentences added."""

    def get_catalog(self) -> dict[str, Any]:
        catalog: dict[str, Any] = super().get_catalog()
        return {**reason_catalogue(), **catalog}

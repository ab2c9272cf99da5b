"""The engine's sentences in the reader's language: its refusals and annulment reasons.

The engine speaks English and keeps each sentence's template and parameters
(``game.engine.words``); ``spoken`` is the one place the table translates them: the
template through the catalogues, then its parameters, a suit by its name and a card
as the log writes it. A sentence read back from a saved record is plain English; the
engine's sentences that are saved (the annulment reasons) have no parameters, so their
English is their template and is translated the same way.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from game.engine.annul import Reason
from game.engine.cards import CODES, SUITS
from game.engine.words import CardWord, Sentence, SuitWord
from learn.cards import SUIT_NAME, card_text


def spoken(text: str) -> str:
    """An engine sentence (or a saved one's English) in the active language."""
    if not isinstance(text, Sentence):
        return gettext(text) if text else text
    words = gettext(text.template)
    if not text.params:
        return words
    return words % {name: _word(value) for name, value in text.params.items()}


def spoken_refusals(view: dict[str, Any] | None) -> dict[str, Any] | None:
    """A seat's view with why each of its cards may not be played now (``refusals``, the
    engine's English) in the active language: a copy, as views are shared."""
    if not view or not view.get("refusals"):
        return view
    return {**view, "refusals": {card: spoken(why) for card, why in view["refusals"].items()}}


def _word(value: object) -> object:
    """A sentence's parameter in the active language."""
    if isinstance(value, SuitWord):
        return str(SUIT_NAME[SUITS[value]])
    if isinstance(value, CardWord):
        return card_text(CODES[value])
    if isinstance(value, Sentence):
        return spoken(value)
    return value


def reason_catalogue() -> dict[str, str]:
    """The annulment reasons translated into the active language, keyed by their English:
    added to the pages' JavaScript catalogue, so the table's script says a reason the
    socket sends in English (``gettext(reason_text)``) in the reader's language."""
    english = [reason.text.template for reason in Reason]
    return {text: gettext(text) for text in english if gettext(text) != text}

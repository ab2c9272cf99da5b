"""The engine's sentences (refusals, annulment reasons) as English that keeps its template.

A ``Sentence`` is the English text (a ``str``: what ``str(IllegalAction)`` and
``Reason.text`` give) that also carries its ``template``, a message with named
placeholders, and the ``params`` that fill it, so the table can say it in the player's
language: it translates the template, then fills it with the params in that language.
A suit is passed as a ``SuitWord`` and a card as a ``CardWord`` (English: "hearts",
"JH"), a word of the game such as a call's name as a ``Sentence`` of its own. Templates
are marked with ``gettext_noop``, the name Django's ``makemessages`` looks for, so they
reach the site's catalogues without the engine importing Django.

>>> s = Sentence(gettext_noop("You must follow %(suit)s"), suit=SuitWord(2))
>>> s, s.template, s.params
('You must follow hearts', 'You must follow %(suit)s', {'suit': 2})
>>> Sentence(gettext_noop("You do not hold %(card)s"), card=CardWord(16))
'You do not hold JH'
"""

from __future__ import annotations

from typing import Any

from game.engine.cards import CODES, SUIT_NAMES


def gettext_noop(message: str) -> str:
    """Mark a template for the translation catalogues; the message itself, unchanged."""
    return message


class SuitWord(int):
    """A suit (0-3) as a sentence's parameter: the suit's name ("hearts") in English."""

    def __str__(self) -> str:
        return SUIT_NAMES[self]


class CardWord(int):
    """A card (its index) as a sentence's parameter: its code ("JH") in English."""

    def __str__(self) -> str:
        return CODES[self]


class Sentence(str):
    """English text made from ``template`` and ``params``, which it keeps for translation."""

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, **params: Any) -> Sentence:
        text = template % params if params else template
        sentence = super().__new__(cls, text)
        sentence.template = template
        sentence.params = params
        return sentence

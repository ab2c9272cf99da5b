"""A rule's answer to "may this seat do this now?": (allowed, why not), in the game's words.

Every rule of who may act is one function returning a ``Verdict`` (auction.py,
legal.py); the legal moves, ``apply`` and the refusal messages all read it. The why
is a ``Sentence`` (words.py) the table translates; "" when allowed.
"""

from __future__ import annotations

from game.engine.words import Sentence, gettext_noop

Verdict = tuple[bool, str]

ALLOWED: Verdict = (True, "")
NOT_YOUR_TURN: Verdict = (False, Sentence(gettext_noop("It is not your turn")))


def refused(template: str, **params: object) -> Verdict:
    """A refusal: not allowed, because of the sentence ``template`` filled with ``params``."""
    return False, Sentence(template, **params)

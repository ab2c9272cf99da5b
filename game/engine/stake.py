"""Raising the stake and Single Hand (RULES.md sections 5 and 6).

A stake question asks one team; both its players are in turn together: a call
by either ends the question, a pass removes only the passer.

>>> from game.engine.cards import mask_of
>>> risk_free(mask_of("JH 9H AH TH KH 7H JC JS".split()))
True
>>> risk_free(mask_of("JH 9H AH TH KH 8H JC 9S".split()))
False
"""

from __future__ import annotations

from game.engine.cards import SUIT_MASK
from game.engine.words import Sentence, gettext_noop

REGULAR_STAKE = {"double": 2, "redouble": 4, "set_double": 6}
SINGLE_HAND_FACTOR = {"double": 2, "redouble": 4}
# The calls' names, as the table translates them inside a sentence.
CALL_WORDS = {
    "double": Sentence(gettext_noop("Double")),
    "redouble": Sentence(gettext_noop("Redouble")),
    "set_double": Sentence(gettext_noop("SetDouble")),
}


def risk_free(hand: int) -> bool:
    """Whether a hand of eight cards cannot lose a trick in a Single Hand.

    Each card must outrank every card of its suit the hand lacks, or be the
    hand's i-th highest of that suit with i greater than the number it lacks.
    """
    for s in range(4):
        held = hand & SUIT_MASK[s]
        if not held:
            continue
        lacking = SUIT_MASK[s] & ~held
        missing = bin(lacking).count("1")
        top_missing = (lacking & -lacking).bit_length() - 1 if lacking else 64
        i = 0
        m = held
        while m:
            low = m & -m
            card = low.bit_length() - 1
            i += 1
            if card > top_missing and i <= missing:
                return False
            m ^= low
    return True


def asked_seats(team: int) -> list[int]:
    """The two seats of a team, both in turn for a stake question."""
    return [team, team + 2]

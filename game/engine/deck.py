"""Shuffling, cutting and dealing (RULES.md section 2).

A deck is a list of 32 card indices, top card first. Deal 1 gives ``deck[0:16]``
and deal 2 ``deck[16:32]``, four cards at a time from the first hand round to
the dealer; a seat's 7th card is the 3rd card of its second packet.

The realistic shuffle keeps the gathered deck of the last deal and gives it
``RIFFLES`` Gilbert-Shannon-Reeds riffles and one cut, so it can stay stacked as
a real deck does; the thorough shuffle (and a deck reset) is uniform.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.engine.cards import INDEX
from game.engine.errors import IllegalAction
from game.engine.words import Sentence, gettext_noop

RIFFLES = 3


def parse_deck(deck: Sequence[object]) -> list[int]:
    """Card indices of a deck of 32 distinct codes; IllegalAction otherwise."""
    if isinstance(deck, str) or not isinstance(deck, Sequence):
        raise IllegalAction(Sentence(gettext_noop("A deck must be a list of 32 card codes")))
    if len(deck) != 32:
        raise IllegalAction(
            Sentence(gettext_noop("A deck must have 32 cards, not %(count)s"), count=len(deck))
        )
    out = []
    for c in deck:
        if not isinstance(c, str) or c not in INDEX:
            raise IllegalAction(Sentence(gettext_noop("%(code)s is not a card code"), code=repr(c)))
        out.append(INDEX[c])
    if len(set(out)) != 32:
        raise IllegalAction(Sentence(gettext_noop("A deck must hold each of the 32 cards once")))
    return out


def fresh_deck(rng: random.Random) -> list[int]:
    """A uniformly shuffled deck."""
    deck = list(range(32))
    rng.shuffle(deck)
    return deck


def riffle(deck: list[int], rng: random.Random) -> list[int]:
    """One Gilbert-Shannon-Reeds riffle.

    One random bit per position: the zeros count the cards of the top half (a
    binomial cut) and mark where they fall, which makes every interleaving of
    the two halves equally likely, exactly as dropping cards from each half
    with probability proportional to its size does.
    """
    n = len(deck)
    bits = rng.getrandbits(n)
    top = n - bits.bit_count()
    i, j = 0, top
    out = []
    for pos in range(n):
        if bits >> pos & 1:
            out.append(deck[j])
            j += 1
        else:
            out.append(deck[i])
            i += 1
    return out


def cut(deck: list[int], rng: random.Random) -> list[int]:
    """A cut near the middle (binomial, never taking none or all of the deck)."""
    n = len(deck)
    at = min(max(rng.getrandbits(n).bit_count(), 1), n - 1)
    return deck[at:] + deck[:at]


def realistic_shuffle(gathered: list[int], rng: random.Random) -> list[int]:
    """The dealer's few riffles of the gathered deck, then the cut."""
    deck = list(gathered)
    for _ in range(RIFFLES):
        deck = riffle(deck, rng)
    return cut(deck, rng)


def packet(deck: list[int], first_hand: int, seat: int, second: bool) -> list[int]:
    """The four cards a seat receives in deal 1 or deal 2."""
    k = (seat - first_hand) % 4
    start = 16 * second + 4 * k
    return deck[start : start + 4]


def seventh_card(deck: list[int], first_hand: int, seat: int) -> int:
    """A seat's 7th card: the 3rd card of its second packet."""
    return deck[16 + 4 * ((seat - first_hand) % 4) + 2]
